/**
 * The hooks of fixtures/hooks-edge.yaml with infinite_query true (and suspense, auto_invalidate):
 * a list GET whose query has no recognised pagination name pages through a partial query object.
 * Compiled beside them; never run.
 */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import type { ApiError } from './client.js';
import * as hooks from './hooks.js';
import type { ListLabelsResponse, SearchTasksQuery, Task } from './schema-types.js';

export function pagesThroughAPartialQueryObject(): void {
  const search = hooks.useSearchTasksInfinite(
    { q: 'x' },
    {
      initialPageParam: {},
      getNextPageParam: (last, _pages, param) => {
        expectTypeOf(last).toEqualTypeOf<Task[]>();
        expectTypeOf(param).toEqualTypeOf<Partial<SearchTasksQuery>>();
        return last.length > 0 ? { from: last[last.length - 1]!.id } : undefined;
      },
    },
  );
  expectTypeOf(search).toEqualTypeOf<UseInfiniteQueryResult<InfiniteData<Task[], Partial<SearchTasksQuery>>, ApiError>>();
  // @ts-expect-error q is required in params, as in the plain hook
  hooks.useSearchTasksInfinite({}, { initialPageParam: {}, getNextPageParam: () => undefined });
  // @ts-expect-error the page param is part of the query object: from is a number
  hooks.useSearchTasksInfinite({ q: 'x' }, { initialPageParam: { from: 'a' }, getNextPageParam: () => undefined });
  // @ts-expect-error a page param can only hold the operation's query parameters
  hooks.useSearchTasksInfinite({ q: 'x' }, { initialPageParam: { page: 2 }, getNextPageParam: () => undefined });

  const labels = hooks.useSuspenseListLabelsInfinite(undefined, { initialPageParam: { prefix: 'a' }, getNextPageParam: () => undefined });
  expectTypeOf(labels.data).toEqualTypeOf<InfiniteData<ListLabelsResponse, { prefix?: string | undefined }>>();
  expectTypeOf(hooks.taskKeys.searchTasksInfinite({ q: 'x' })).toEqualTypeOf<readonly ['tasks', 'searchTasks', 'infinite', SearchTasksQuery]>();
}

export function recognisedNamesStillWin(): void {
  // listTasks keeps its page_token: the page param is the parameter, not a query object.
  const pages = hooks.useListTasksInfinite(undefined, { initialPageParam: 'p1', getNextPageParam: (last) => last.nextPageToken ?? undefined });
  expectTypeOf(pages.data?.pageParams).toEqualTypeOf<string[] | undefined>();
}

export function noInfiniteHookWithoutAQuery(): void {
  // @ts-expect-error getMe has no query parameter to feed a page param: no infinite hook (a warning names it)
  void hooks.useGetMeInfinite;
}
