import type { NamedSchema, SchemaNode } from './types.js';

/** The JSON types a value can have (`integer` is a `number`). */
export type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

const ALL: ReadonlySet<JsonType> = new Set<JsonType>(['object', 'array', 'string', 'number', 'boolean', 'null']);

/**
 * The JSON types a schema admits, through refs, unions and intersections: an intersection admits
 * only the types all its members admit. A ref cycle admits every type (nothing is proved there).
 * Only types are compared, so an empty set proves that no value is valid, while a non-empty one
 * proves nothing (`{ type: string, pattern }` may still admit no string).
 */
export function jsonTypes(node: SchemaNode, schemas: ReadonlyMap<string, NamedSchema>, seen: ReadonlySet<string> = new Set()): ReadonlySet<JsonType> {
  const types = ownTypes(node, schemas, seen);
  return node.nullable && !types.has('null') ? new Set([...types, 'null']) : types;
}

function ownTypes(node: SchemaNode, schemas: ReadonlyMap<string, NamedSchema>, seen: ReadonlySet<string>): ReadonlySet<JsonType> {
  switch (node.kind) {
    case 'ref': {
      const target = schemas.get(node.key);
      if (!target || seen.has(node.key)) return ALL;
      return jsonTypes(target.schema, schemas, new Set([...seen, node.key]));
    }
    case 'object':
      return new Set(['object']);
    case 'array':
    case 'tuple':
      return new Set(['array']);
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return new Set([node.kind]);
    case 'enum':
      return new Set(node.values.map((value) => typeof value as 'string' | 'number' | 'boolean'));
    case 'union':
      return new Set(node.variants.flatMap((variant) => [...jsonTypes(variant, schemas, seen)]));
    case 'intersection': {
      let shared = new Set(ALL);
      for (const member of node.members) {
        const own = jsonTypes(member, schemas, seen);
        shared = new Set([...shared].filter((type) => own.has(type)));
      }
      return shared;
    }
    case 'unknown':
      return ALL;
    case 'never':
      return new Set();
  }
}

/**
 * Whether an intersection admits no value because its members share no JSON type (SoundCloud's
 * `{ type: array, anyOf: [{ type: object }] }`): what a member says about a type the others rule out
 * can never hold.
 */
export function disjointIntersection(node: SchemaNode & { kind: 'intersection' }, schemas: ReadonlyMap<string, NamedSchema>): boolean {
  return jsonTypes({ ...node, nullable: false }, schemas).size === 0;
}
