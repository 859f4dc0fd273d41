import type { ApiModel, NamedSchema, SchemaNode } from '@specwright/core';

/** Keys of the named schemas a node refers to, directly (not through other named schemas). */
export function refsOf(node: SchemaNode, into: Set<string> = new Set()): Set<string> {
  switch (node.kind) {
    case 'ref':
      into.add(node.key);
      break;
    case 'object':
      for (const property of node.properties) refsOf(property.schema, into);
      if (typeof node.additionalProperties === 'object') refsOf(node.additionalProperties, into);
      for (const pattern of node.patternProperties ?? []) refsOf(pattern.schema, into);
      break;
    case 'array':
      refsOf(node.items, into);
      break;
    case 'tuple':
      for (const item of node.items) refsOf(item, into);
      if (node.rest !== false) refsOf(node.rest, into);
      break;
    case 'union':
      for (const variant of node.variants) refsOf(variant, into);
      break;
    case 'intersection':
      for (const member of node.members) refsOf(member, into);
      break;
    default:
      break;
  }
  for (const not of node.not ?? []) refsOf(not, into);
  return into;
}

export interface SchemaOrder {
  /** Named schemas in an order where each comes after the schemas it needs (except in cycles). */
  ordered: NamedSchema[];
  /** Position of each key in `ordered`. */
  position: Map<string, number>;
  /** Keys of schemas that take part in a reference cycle (including self-references). */
  cyclic: Set<string>;
}

/**
 * Orders named schemas so that a `const` is declared before the consts that use it. Starting
 * from each schema in spec order, dependencies are placed first (depth-first, post-order), so the
 * order is deterministic. References that still point forward are the back edges of cycles.
 */
export function orderSchemas(model: ApiModel): SchemaOrder {
  const byKey = new Map(model.schemas.map((s) => [s.key, s]));
  const deps = new Map<string, string[]>();
  for (const schema of model.schemas) deps.set(schema.key, [...refsOf(schema.schema)].filter((key) => byKey.has(key)));

  const ordered: NamedSchema[] = [];
  const position = new Map<string, number>();
  const state = new Map<string, 'visiting' | 'done'>();
  // Iterative depth-first search: real specs chain hundreds of schemas.
  for (const root of model.schemas) {
    if (state.has(root.key)) continue;
    const stack: { key: string; next: number }[] = [{ key: root.key, next: 0 }];
    state.set(root.key, 'visiting');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const list = deps.get(frame.key)!;
      if (frame.next < list.length) {
        const dep = list[frame.next++]!;
        if (!state.has(dep)) {
          state.set(dep, 'visiting');
          stack.push({ key: dep, next: 0 });
        }
        continue;
      }
      stack.pop();
      state.set(frame.key, 'done');
      position.set(frame.key, ordered.length);
      ordered.push(byKey.get(frame.key)!);
    }
  }
  return { ordered, position, cyclic: cyclicKeys(model.schemas.map((s) => s.key), deps) };
}

/** Members of strongly connected components with a cycle (Tarjan, iterative). */
function cyclicKeys(keys: string[], deps: Map<string, string[]>): Set<string> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cyclic = new Set<string>();
  let counter = 0;

  for (const root of keys) {
    if (index.has(root)) continue;
    const work: { key: string; next: number }[] = [{ key: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const list = deps.get(frame.key) ?? [];
      if (frame.next < list.length) {
        const dep = list[frame.next++]!;
        if (!index.has(dep)) {
          index.set(dep, counter);
          low.set(dep, counter++);
          stack.push(dep);
          onStack.add(dep);
          work.push({ key: dep, next: 0 });
        } else if (onStack.has(dep)) {
          low.set(frame.key, Math.min(low.get(frame.key)!, index.get(dep)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.key, Math.min(low.get(parent.key)!, low.get(frame.key)!));
      if (low.get(frame.key) === index.get(frame.key)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.key);
        if (component.length > 1 || list.includes(frame.key)) for (const key of component) cyclic.add(key);
      }
    }
  }
  return cyclic;
}
