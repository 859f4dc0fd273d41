import { discriminatorValue } from './discriminator-value.js';
import { normalizePointer } from './pointer.js';
import type { SpecReader } from './reader.js';
import type { NumberNode, ObjectNode, ObjectProperty, SchemaNode, StringNode } from './types.js';

/**
 * Merges `allOf` members into one node. Objects (inline or through refs) merge into a single
 * object: properties of all members, `required` concatenated. What cannot merge (a union, a ref
 * still being built) stays beside the merged object in an intersection.
 *
 * Polymorphism through `allOf` is made explicit here: when a named child merges a parent that
 * declares a discriminator, the discriminator property is narrowed to the child's values, and a
 * parent's `oneOf` that lists the child itself is not inherited (it would make the child contain
 * itself).
 */
/**
 * What merging asks of the schema converter that calls it (a structural type: the converter
 * imports this file, so this file does not import the converter).
 */
export interface MergeHost {
  readonly reader: SpecReader;
  /** The named schema whose definition is at `pointer`, while it is being built. */
  namedBuiltAt(pointer: string): { key: string; pointer: string; sourceName: string } | undefined;
  /** Builds (or returns) the named schema `key`. */
  ensureNamed(key: string): SchemaNode | undefined;
  /** The raw spec object of the named schema `key`. */
  rawOf(key: string): unknown;
}

export function mergeAllOf(converter: MergeHost, members: SchemaNode[], pointer: string): SchemaNode {
  const child = converter.namedBuiltAt(pointer);
  const objects: ObjectNode[] = [];
  const others: SchemaNode[] = [];
  const narrowings: { propertyName: string; values: string[] }[] = [];
  /** `not`s of the members whose nodes are merged away (objects, `{ not }` alone, merged primitives). */
  const nots: SchemaNode[] = [];

  const visit = (node: SchemaNode, depth: number): void => {
    if (node.kind === 'ref') {
      // A schema that lists itself among its own allOf members adds nothing.
      if (child && node.key === child.key) return;
      const resolved = depth < 32 ? converter.ensureNamed(node.key) : undefined;
      if (resolved && child) {
        const narrowing = discriminatorNarrowing(converter, node.key, child);
        if (narrowing) narrowings.push(narrowing);
      }
      if (resolved && (resolved.kind === 'object' || resolved.kind === 'intersection' || resolved.kind === 'ref')) {
        visit(resolved, depth + 1);
      } else if (resolved?.kind === 'union' && child && listsVariant(resolved, child.key)) {
        // A parent whose oneOf lists its own children: the child inherits only the parent's fields.
      } else if (resolved?.kind !== 'unknown') {
        others.push(node);
      }
      return;
    }
    switch (node.kind) {
      case 'object':
        objects.push(node);
        nots.push(...(node.not ?? []));
        return;
      case 'intersection':
        for (const member of node.members) visit(member, depth + 1);
        return;
      case 'union':
        if (child && listsVariant(node, child.key)) return;
        others.push(node);
        return;
      case 'unknown':
        nots.push(...(node.not ?? []));
        return;
      default:
        others.push(node);
    }
  };
  for (const member of members) visit(member, 0);

  const withNots = (node: SchemaNode, extra: SchemaNode[] = []): SchemaNode => {
    const all = [...nots, ...extra];
    return all.length === 0 ? node : { ...node, not: [...(node.not ?? []), ...all] };
  };
  if (objects.length > 0) {
    const merged = applyNarrowings(mergeObjects(objects), narrowings);
    return withNots(others.length === 0 ? merged : { kind: 'intersection', members: [merged, ...others], nullable: false });
  }
  if (others.length === 0) return withNots({ kind: 'unknown', nullable: false });
  if (others.length === 1) return withNots(others[0]!);
  const primitive = mergePrimitives(others);
  return primitive ? withNots(primitive, others.flatMap((o) => o.not ?? [])) : withNots({ kind: 'intersection', members: others, nullable: false });
}

function listsVariant(union: SchemaNode, key: string): boolean {
  return union.kind === 'union' && union.variants.some((variant) => variant.kind === 'ref' && variant.key === key);
}

function mergeObjects(objects: ObjectNode[]): ObjectNode {
  const properties = new Map<string, ObjectProperty>();
  for (const object of objects) {
    for (const property of object.properties) {
      const existing = properties.get(property.name);
      if (!existing) {
        properties.set(property.name, { ...property });
        continue;
      }
      properties.set(property.name, {
        name: property.name,
        schema: moreSpecific(existing.schema, property.schema),
        required: existing.required || property.required,
        readOnly: existing.readOnly || property.readOnly,
        writeOnly: existing.writeOnly || property.writeOnly,
      });
    }
  }
  const merged: ObjectNode = { kind: 'object', properties: [...properties.values()], additionalProperties: undefined, nullable: false };
  const declared = objects.map((o) => o.additionalProperties).filter((a) => a !== undefined);
  if (declared.length > 0) {
    if (declared.every((a) => a === false)) merged.additionalProperties = false;
    else merged.additionalProperties = declared.filter((a) => a !== false).at(-1)!;
  }
  const patterns = objects.flatMap((o) => o.patternProperties ?? []);
  if (patterns.length > 0) merged.patternProperties = patterns;
  const mins = objects.map((o) => o.minProperties).filter((n) => n !== undefined);
  const maxs = objects.map((o) => o.maxProperties).filter((n) => n !== undefined);
  if (mins.length > 0) merged.minProperties = Math.max(...mins);
  if (maxs.length > 0) merged.maxProperties = Math.min(...maxs);
  return merged;
}

/** Of two schemas for the same property, the one that says more (an enum beats its base type). */
function moreSpecific(a: SchemaNode, b: SchemaNode): SchemaNode {
  if (b.kind === 'unknown') return a;
  if (a.kind === 'unknown') return b;
  if (a.kind === 'enum' && b.kind !== 'enum') return a;
  return b;
}

function discriminatorNarrowing(
  converter: MergeHost,
  parentKey: string,
  child: { key: string; pointer: string; sourceName: string },
): { propertyName: string; values: string[] } | undefined {
  const raw = converter.rawOf(parentKey);
  if (!converter.reader.isObject(raw) || !converter.reader.isObject(raw['discriminator'])) return undefined;
  const discriminator = raw['discriminator'];
  const propertyName = discriminator['propertyName'];
  if (typeof propertyName !== 'string') return undefined;
  const mapping = converter.reader.isObject(discriminator['mapping']) ? discriminator['mapping'] : {};
  const values = Object.entries(mapping)
    .filter(([, target]) => typeof target === 'string' && (normalizePointer(target) === child.pointer || target === child.sourceName))
    .map(([value]) => value);
  return { propertyName, values: values.length > 0 ? values : [child.sourceName] };
}

function applyNarrowings(object: ObjectNode, narrowings: { propertyName: string; values: string[] }[]): ObjectNode {
  if (narrowings.length === 0) return object;
  const properties = [...object.properties];
  for (const { propertyName, values } of narrowings) {
    const index = properties.findIndex((p) => p.name === propertyName);
    const existing = properties[index];
    if (existing?.schema.kind === 'enum') continue;
    const typed = values.map((value) => discriminatorValue(value, existing?.schema));
    const schema: SchemaNode = { kind: 'enum', values: typed, isConst: typed.length === 1, nullable: false };
    if (existing?.schema.description !== undefined) schema.description = existing.schema.description;
    const property: ObjectProperty = { name: propertyName, schema, required: true, readOnly: false, writeOnly: false };
    if (existing) properties[index] = property;
    else properties.push(property);
  }
  return { ...object, properties };
}

/** `allOf` of same-kind primitives (string + string): constraints combined, tighter wins. */
function mergePrimitives(nodes: SchemaNode[]): SchemaNode | undefined {
  const kind = nodes[0]!.kind;
  if (!nodes.every((n) => n.kind === kind)) return undefined;
  // One node holds one pattern and one multipleOf: several different ones stay an intersection.
  const distinct = (values: unknown[]) => new Set(values.filter((v) => v !== undefined)).size > 1;
  if (distinct(nodes.map((n) => (n.kind === 'string' ? n.pattern : undefined))) || distinct(nodes.map((n) => (n.kind === 'number' ? n.multipleOf : undefined)))) return undefined;
  if (kind === 'string') {
    const out: StringNode = { kind: 'string', nullable: false };
    for (const node of nodes as StringNode[]) {
      if (node.minLength !== undefined) out.minLength = Math.max(out.minLength ?? 0, node.minLength);
      if (node.maxLength !== undefined) out.maxLength = Math.min(out.maxLength ?? Infinity, node.maxLength);
      if (node.pattern !== undefined) {
        out.pattern = node.pattern;
        out.patternFlags = node.patternFlags ?? 'u';
      }
      if (node.format !== undefined) out.format = node.format;
      if (node.binary) out.binary = true;
    }
    return out;
  }
  if (kind === 'number') {
    const out: NumberNode = { kind: 'number', integer: false, nullable: false };
    for (const node of nodes as NumberNode[]) {
      out.integer ||= node.integer;
      if (node.minimum !== undefined) out.minimum = Math.max(out.minimum ?? -Infinity, node.minimum);
      if (node.maximum !== undefined) out.maximum = Math.min(out.maximum ?? Infinity, node.maximum);
      if (node.exclusiveMinimum !== undefined) out.exclusiveMinimum = Math.max(out.exclusiveMinimum ?? -Infinity, node.exclusiveMinimum);
      if (node.exclusiveMaximum !== undefined) out.exclusiveMaximum = Math.min(out.exclusiveMaximum ?? Infinity, node.exclusiveMaximum);
      if (node.multipleOf !== undefined) out.multipleOf = node.multipleOf;
      if (node.format !== undefined) out.format = node.format;
    }
    return out;
  }
  if (kind === 'boolean' || kind === 'null') return nodes[0];
  return undefined;
}
