import { childPointer, disjointIntersection, type ApiModel, type NamedSchema, type SchemaNode, type StringNode } from '@specwright/core';
import { admitsNoString } from './pattern-proof.js';

/**
 * The schemas of a spec that provably admit no value, each named by its JSON pointer, as generation
 * warnings: string schemas (see `admitsNoString`) and intersections whose members share no JSON type
 * (see `disjointIntersection`). The mock generator leaves such a value out where its
 * container lets it (an optional property, an array without `minItems`, another union variant)
 * and answers null (or the nearest nullable container) where nothing can give way.
 */

/** Whether the string schema admits no value: its pattern matches no string of its length bounds. */
export function impossibleString(node: StringNode): boolean {
  return node.pattern !== undefined && admitsNoString(node.pattern, node.patternFlags ?? '', node.minLength, node.maxLength);
}

/** What a warning says about an impossible string schema. */
export function impossibleText(node: StringNode): string {
  return `pattern ${JSON.stringify(node.pattern)} matches no string of length ${node.minLength ?? 0}..${node.maxLength ?? '∞'} (proved at generation time: the schema admits no value)`;
}

/** What a warning says about an intersection whose members share no JSON type. */
export const DISJOINT_TEXT = 'its allOf members (or its type and the anyOf or oneOf beside it) share no JSON type (proved at generation time: the schema admits no value)';

/** A node in which no string schema with a pattern can be (refs are visited as named schemas). */
function inert(node: SchemaNode): boolean {
  switch (node.kind) {
    case 'string':
      return node.pattern === undefined;
    case 'number':
    case 'boolean':
    case 'enum':
    case 'ref':
    case 'null':
    case 'unknown':
    case 'never':
      return true;
    default:
      return false;
  }
}

/** A JSON pointer built only when a warning needs it (most schemas have none). */
type Where = () => string;

/**
 * One warning per schema that admits no value (an impossible string, a disjoint intersection): named schemas, then each operation's inline ones.
 * `impossible` is the mock generator's memoized `impossibleString`, so each pattern is proved once.
 */
export function impossibleValueWarnings(model: ApiModel, impossible: (node: StringNode) => boolean): string[] {
  const warnings: string[] = [];
  const named = new Map<string, NamedSchema>(model.schemas.map((schema) => [schema.key, schema]));
  const leftOut = 'mock data leaves such values out where the schema allows, and the requests or answers that need one cannot be valid';
  const child = (where: Where, ...segments: (string | number)[]): Where => () => childPointer(where(), ...segments);
  const visit = (node: SchemaNode, where: Where, depth: number): void => {
    if (depth > 64) return;
    switch (node.kind) {
      case 'string':
        if (impossible(node)) warnings.push(`${where()}: ${impossibleText(node)}; ${leftOut}`);
        return;
      case 'object':
        // Most properties are scalars without a pattern: no pointer is made for them.
        for (const property of node.properties) if (!inert(property.schema)) visit(property.schema, child(where, 'properties', property.name), depth + 1);
        if (typeof node.additionalProperties === 'object') visit(node.additionalProperties, child(where, 'additionalProperties'), depth + 1);
        for (const entry of node.patternProperties ?? []) visit(entry.schema, child(where, 'patternProperties', entry.pattern), depth + 1);
        return;
      case 'array':
        return inert(node.items) ? undefined : visit(node.items, child(where, 'items'), depth + 1);
      case 'tuple':
        node.items.forEach((item, i) => visit(item, child(where, 'prefixItems', i), depth + 1));
        if (node.rest) visit(node.rest, child(where, 'items'), depth + 1);
        return;
      // The IR does not keep whether a union was `oneOf` or `anyOf`: its variants are named by the union's pointer.
      case 'union':
        return node.variants.forEach((variant) => visit(variant, where, depth + 1));
      case 'intersection':
        if (disjointIntersection(node, named)) return void warnings.push(`${where()}: ${DISJOINT_TEXT}; ${leftOut}`);
        return node.members.forEach((member, i) => visit(member, child(where, 'allOf', i), depth + 1));
      default:
        return;
    }
  };
  for (const schema of model.schemas) visit(schema.schema, () => schema.pointer, 0);
  for (const op of model.operations) {
    const at = () => op.pointer;
    for (const parameter of [...op.pathParams, ...op.queryParams, ...op.headerParams, ...op.cookieParams]) {
      visit(parameter.schema, () => `${op.pointer} (${parameter.in} parameter ${JSON.stringify(parameter.name)})`, 0);
    }
    for (const content of op.requestBody?.contents ?? []) if (content.schema) visit(content.schema, child(at, 'requestBody', 'content', content.contentType, 'schema'), 0);
    for (const response of op.responses) {
      for (const content of response.contents) if (content.schema) visit(content.schema, child(at, 'responses', response.status, 'content', content.contentType, 'schema'), 0);
    }
  }
  return [...new Set(warnings)];
}
