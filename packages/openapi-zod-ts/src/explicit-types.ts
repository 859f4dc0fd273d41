import type { SchemaNode } from '@specwright/core';
import type { EmitContext } from './context.js';

/**
 * How deep the compiler must instantiate zod's types to infer a schema's output, in nesting
 * levels (an object and its optional wrapper, an array, a union member...). TypeScript gives up
 * at about 100 instantiations deep (TS2589): an inferred schema whose inference runs through long
 * chains of other inferred schemas (googleapis' contentwarehouse nests dozens of levels) fails.
 */
const MAX_INFERRED_DEPTH = 24;

/**
 * The named schemas of the user-owned file that get an explicit type (`const XSchema:
 * z.ZodType<X>`) although they are not in a cycle:
 * - those whose inferred output would be deeper than MAX_INFERRED_DEPTH. An explicitly typed
 *   schema counts as depth 0 for the schemas that use it, so each chain is cut as late as possible
 *   and most schemas stay inferred (easy to edit);
 * - those holding an object with properties beside typed extra keys (`additionalProperties: X`,
 *   `patternProperties`): zod infers `{ id?: string } & { [key: string]: number }`, which no value
 *   with a string `id` satisfies, where the explicit type widens the index signature.
 */
export function explicitlyTyped(context: EmitContext): Set<string> {
  const { order } = context;
  const depth = new Map<string, number>();
  const explicit = new Set<string>();
  const depthOf = (key: string) => depth.get(key) ?? 0;
  for (const named of order.ordered) {
    if (order.cyclic.has(named.key)) continue;
    const d = nodeDepth(named.schema, depthOf);
    if (d > MAX_INFERRED_DEPTH || hasTypedExtraKeys(named.schema)) explicit.add(named.key);
    else depth.set(named.key, d);
  }
  return explicit;
}

/** An object (not behind a ref) with properties and typed extra keys, anywhere in the node. */
function hasTypedExtraKeys(node: SchemaNode): boolean {
  switch (node.kind) {
    case 'object': {
      const typedExtras = typeof node.additionalProperties === 'object' || (node.patternProperties?.length ?? 0) > 0;
      if (typedExtras && node.properties.some((p) => p.name !== '__proto__')) return true;
      const extras = [...(typeof node.additionalProperties === 'object' ? [node.additionalProperties] : []), ...(node.patternProperties ?? []).map((p) => p.schema)];
      return [...node.properties.map((p) => p.schema), ...extras].some(hasTypedExtraKeys);
    }
    case 'array':
      return hasTypedExtraKeys(node.items);
    case 'tuple':
      return [...node.items, ...(node.rest === false ? [] : [node.rest])].some(hasTypedExtraKeys);
    case 'union':
      return node.variants.some(hasTypedExtraKeys);
    case 'intersection':
      return node.members.some(hasTypedExtraKeys);
    default:
      return false;
  }
}

function nodeDepth(node: SchemaNode, depthOf: (key: string) => number): number {
  const deepest = (nodes: SchemaNode[]) => nodes.reduce((max, n) => Math.max(max, nodeDepth(n, depthOf)), 0);
  switch (node.kind) {
    case 'ref':
      return depthOf(node.key);
    case 'object': {
      const extras = [...(typeof node.additionalProperties === 'object' ? [node.additionalProperties] : []), ...(node.patternProperties ?? []).map((p) => p.schema)];
      return 2 + deepest([...node.properties.map((p) => p.schema), ...extras]);
    }
    case 'array':
      return 1 + nodeDepth(node.items, depthOf);
    case 'tuple':
      return 1 + deepest(node.rest === false ? node.items : [...node.items, node.rest]);
    case 'union':
      return 1 + deepest(node.variants);
    case 'intersection':
      return 1 + deepest(node.members);
    default:
      return 1;
  }
}
