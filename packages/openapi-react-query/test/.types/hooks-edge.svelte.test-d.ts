/**
 * Signatures of the Svelte functions generated for fixtures/hooks-edge.yaml (target svelte,
 * auto_invalidate, infinite_query true). Compiled beside them by targets-compile.test.ts; never run.
 */
import type { CreateQueryResult } from '@tanstack/svelte-query';
import { render } from '@testing-library/svelte';
import type { Component } from 'svelte';
import { expectTypeOf } from 'vitest';
import type { ApiError } from './client.js';
import * as hooks from './hooks.js';
import type { Task, TaskPage } from './schema-types.js';
import { createTestQueryClient, createWrapper } from './test-utils.js';

/** `createWrapper` is the third argument of @testing-library/svelte's `render`, as the package README shows. */
export function wrapperRenderOptions(TaskButton: Component<{ taskId: number }>): void {
  render(TaskButton, { props: { taskId: 1 } }, createWrapper(createTestQueryClient()));
}

export function dataAndErrorTypes(): void {
  const list = hooks.createListTasks();
  expectTypeOf(list).toEqualTypeOf<CreateQueryResult<TaskPage, ApiError>>();
  expectTypeOf(list.error).toEqualTypeOf<ApiError | null>();
  const selected = hooks.createGetTask(() => 1, () => ({ select: (task) => task.title.length }));
  expectTypeOf(selected.data).toEqualTypeOf<number | undefined>();
}

export function functionsOfState(): void {
  let id: number | null = null;
  hooks.createGetTask(() => id);
  id = 1;
  hooks.createListTasks(() => ({ status: 'open' }));
  // @ts-expect-error inputs are functions, so reads of $state are tracked
  hooks.createGetTask(1);
  // @ts-expect-error Svelte hooks are named create*, after createQuery
  void hooks.useGetTask;
}

export function infiniteAndMutations(): void {
  const pages = hooks.createListTasksInfinite(() => ({ status: 'open' }), () => ({ initialPageParam: 'p1', getNextPageParam: (last) => last.nextPageToken ?? undefined }));
  expectTypeOf(pages.data?.pages).toEqualTypeOf<TaskPage[] | undefined>();
  const update = hooks.createUpdateTask(() => ({ onSuccess: (data) => expectTypeOf(data).toEqualTypeOf<Task>() }));
  void update.mutateAsync({ taskId: 1, body: { title: 'x' } });
}
