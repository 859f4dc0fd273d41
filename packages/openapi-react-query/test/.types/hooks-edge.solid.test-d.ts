/**
 * Signatures of the Solid hooks generated for fixtures/hooks-edge.yaml (target solid,
 * auto_invalidate, infinite_query true). Compiled beside them by targets-compile.test.ts; never run.
 */
import type { UseQueryResult } from '@tanstack/solid-query';
import { createSignal } from 'solid-js';
import { expectTypeOf } from 'vitest';
import type { ApiError } from './client.js';
import * as hooks from './hooks.js';
import type { Task, TaskPage } from './schema-types.js';

export function dataAndErrorTypes(): void {
  const list = hooks.useListTasks();
  expectTypeOf(list).toEqualTypeOf<UseQueryResult<TaskPage, ApiError>>();
  expectTypeOf(list.error).toEqualTypeOf<ApiError | null>();
  const selected = hooks.useGetTask(() => 1, () => ({ select: (task) => task.title.length }));
  expectTypeOf(selected.data).toEqualTypeOf<number | undefined>();
}

export function accessors(): void {
  const [id] = createSignal<number | null>(null);
  hooks.useGetTask(id);
  hooks.useListTasks(() => ({ status: 'open' }));
  // @ts-expect-error inputs are accessors, not values
  hooks.useGetTask(1);
  // @ts-expect-error there are no suspense hooks for Solid
  void hooks.useSuspenseGetTask;
}

export function infiniteAndMutations(): void {
  const pages = hooks.useListTasksInfinite(() => ({ status: 'open' }), () => ({ initialPageParam: 'p1', getNextPageParam: (last) => last.nextPageToken ?? undefined }));
  expectTypeOf(pages.data?.pages).toEqualTypeOf<TaskPage[] | undefined>();
  const update = hooks.useUpdateTask(() => ({ onSuccess: (data) => expectTypeOf(data).toEqualTypeOf<Task>() }));
  void update.mutateAsync({ taskId: 1, body: { title: 'x' } });
}
