/**
 * Key types of the hooks generated for fixtures/hooks-keys.yaml (infinite_query true): every key
 * but `all()` and the one detail GET's holds its entry's label after the resource. Compiled beside
 * them by keys.test.ts; never run.
 */
import { expectTypeOf } from 'vitest';
import type { getDoc, getItemPart, listItems } from './client.js';
import { docKeys, itemKeys, pageKeys, rootKeys, tagKeys, taskKeys } from './hooks.js';

export function keyShapes(): void {
  expectTypeOf(pageKeys.all()).toEqualTypeOf<readonly ['pages']>();
  expectTypeOf(pageKeys.list()).toEqualTypeOf<readonly ['pages', 'list']>();
  // Seed rule 7: "`detail(id)` gives `[resource, id]`", whatever the id's type.
  expectTypeOf(tagKeys.detail(1)).toEqualTypeOf<readonly ['tags', number]>();
  expectTypeOf(tagKeys.list({ prefix: 'a' })).toEqualTypeOf<readonly ['tags', 'list', { prefix?: string | undefined } | undefined]>();
  expectTypeOf(taskKeys.detail('abc')).toEqualTypeOf<readonly ['tasks', string]>();
  expectTypeOf(pageKeys.detail('list')).toEqualTypeOf<readonly ['pages', string]>();
  expectTypeOf(rootKeys.detail('r')).toEqualTypeOf<readonly ['root', string]>();
  expectTypeOf(docKeys.detail('d')).toEqualTypeOf<readonly ['docs', string, Parameters<typeof getDoc>[1]]>();
  expectTypeOf(docKeys.detailInfinite('d', undefined)).toEqualTypeOf<readonly ['docs', string, 'infinite', Parameters<typeof getDoc>[1]]>();
  // The list operation named `detail` steps aside for the detail key's name.
  expectTypeOf(docKeys.detail2()).toEqualTypeOf<readonly ['docs', 'detail2', { q?: string | undefined } | undefined]>();
  expectTypeOf(itemKeys.list()).toEqualTypeOf<readonly ['items', 'list', Parameters<typeof listItems>[0]]>();
  expectTypeOf(itemKeys.listInfinite(undefined)).toEqualTypeOf<readonly ['items', 'list', 'infinite', Parameters<typeof listItems>[0]]>();
  // Detail operations named `list`, `infinite` and `all`.
  expectTypeOf(itemKeys.list2('i')).toEqualTypeOf<readonly ['items', 'list2', string]>();
  expectTypeOf(itemKeys.infinite('i')).toEqualTypeOf<readonly ['items', 'infinite', string]>();
  expectTypeOf(itemKeys.all2('i')).toEqualTypeOf<readonly ['items', 'all', string]>();
  expectTypeOf(itemKeys.getItemPartInfinite('i', 'p', undefined)).toEqualTypeOf<readonly ['items', 'getItemPart', string, string, 'infinite', Parameters<typeof getItemPart>[2]]>();
}
