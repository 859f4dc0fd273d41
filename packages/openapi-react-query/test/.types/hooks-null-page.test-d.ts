/**
 * Hooks generated for fixtures/hooks-null-page.yaml (React, infinite_query true): a recognised
 * pagination parameter that admits no value besides null gives no infinite hook, and the first
 * one that admits a value is paged by. Compiled beside them by keys.test.tsx; never run.
 */
import type { InfiniteData } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import type { listMixed } from './client.js';
import * as hooks from './hooks.js';

export function infiniteHooks(): void {
  // @ts-expect-error cursor admits only null
  void hooks.useListFeedInfinite;
  // @ts-expect-error after is `false`: no partial query object either
  void hooks.useListEventsInfinite;
  // @ts-expect-error page_token is `not: {}`
  void hooks.useListLogLinesInfinite;
  // @ts-expect-error skip refers to a union of nulls and `false`
  void hooks.useListAuditsInfinite;
  const mixed = hooks.useListMixedInfinite(undefined, { initialPageParam: 1, getNextPageParam: (last) => last.next ?? undefined });
  expectTypeOf(mixed.data).toEqualTypeOf<InfiniteData<Awaited<ReturnType<typeof listMixed>>, number> | undefined>();
  hooks.useListTasksInfinite(undefined, { initialPageParam: 1, getNextPageParam: () => undefined });
}
