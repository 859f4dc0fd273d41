import type { SchemaBase, SchemaNode } from './types.js';

/**
 * Applies the annotations of a wrapper (a `$ref` with siblings, an `allOf` holder) to a node.
 * Nullability only ever widens; the wrapper's texts win over the node's.
 */
export function withBase(node: SchemaNode, base: Partial<SchemaBase>): SchemaNode {
  if (Object.keys(base).length === 0) return node;
  const out = { ...node, ...base } as SchemaNode;
  out.nullable = node.nullable || base.nullable === true;
  return out;
}

/** `withBase` for a node no one else holds yet: annotated in place (same keys, same order) instead of copied. */
export function withBaseInPlace(node: SchemaNode, base: Partial<SchemaBase>): SchemaNode {
  if (Object.keys(base).length === 0) return node;
  const nullable = node.nullable || base.nullable === true;
  Object.assign(node, base).nullable = nullable;
  return node;
}

/** Structural questions generators ask of nodes. */
export function isNullable(node: SchemaNode): boolean {
  return node.nullable || node.kind === 'null';
}

export function unknownNode(): SchemaNode {
  return { kind: 'unknown', nullable: false };
}
