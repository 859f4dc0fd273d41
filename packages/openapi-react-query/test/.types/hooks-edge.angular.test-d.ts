/**
 * Signatures of the Angular functions generated for fixtures/hooks-edge.yaml (target angular,
 * auto_invalidate, infinite_query true). Compiled beside them by targets-compile.test.ts; never run.
 */
import { Injector, signal } from '@angular/core';
import type { CreateQueryResult } from '@tanstack/angular-query-experimental';
import { expectTypeOf } from 'vitest';
import type { ApiError, GetTaskErrors } from './client.js';
import * as hooks from './hooks.js';
import type { Task, TaskPage } from './schema-types.js';

export function dataAndErrorTypes(): void {
  const list = hooks.injectListTasks();
  expectTypeOf(list).toEqualTypeOf<CreateQueryResult<TaskPage, ApiError>>();
  expectTypeOf(list.error()).toEqualTypeOf<ApiError | null>();
  const task = hooks.injectGetTask(() => 1);
  expectTypeOf(task.error()).toEqualTypeOf<ApiError<GetTaskErrors> | null>();
  const selected = hooks.injectGetTask(() => 1, () => ({ select: (t) => t.title.length }));
  expectTypeOf(selected.data()).toEqualTypeOf<number | undefined>();
}

export function signalsAndInjector(injector: Injector): void {
  const id = signal<number | null>(null);
  hooks.injectGetTask(id);
  hooks.injectListTasks(() => ({ status: 'open' }), undefined, { injector });
  // @ts-expect-error inputs are functions (a signal is one), not values
  hooks.injectGetTask(1);
  // @ts-expect-error there are no suspense functions for Angular
  void hooks.injectSuspenseGetTask;
  // @ts-expect-error the last parameter is the adapter's { injector } option, not a query client
  hooks.injectListTasks(undefined, undefined, injector);
}

export function infiniteAndMutations(): void {
  const pages = hooks.injectListTasksInfinite(() => ({ status: 'open' }), () => ({ initialPageParam: 'p1', getNextPageParam: (last) => last.nextPageToken ?? undefined }));
  expectTypeOf(pages.data()?.pages).toEqualTypeOf<TaskPage[] | undefined>();
  const update = hooks.injectUpdateTask(() => ({ onSuccess: (data) => expectTypeOf(data).toEqualTypeOf<Task>() }));
  void update.mutateAsync({ taskId: 1, body: { title: 'x' } });
}
