/**
 * Signatures of the Vue composables generated for fixtures/hooks-edge.yaml (target vue, suspense,
 * auto_invalidate, infinite_query true). Compiled beside them by targets-compile.test.ts; never run.
 */
import type { UseQueryDefinedReturnType, UseQueryReturnType } from '@tanstack/vue-query';
import { expectTypeOf } from 'vitest';
import { computed, ref } from 'vue';
import type { ApiError } from './client.js';
import * as hooks from './hooks.js';
import type { Task, TaskPage } from './schema-types.js';

export function dataAndErrorTypes(): void {
  const list = hooks.useListTasks();
  expectTypeOf(list).toEqualTypeOf<UseQueryReturnType<TaskPage, ApiError>>();
  expectTypeOf(list.data.value).toEqualTypeOf<TaskPage | undefined>();
  expectTypeOf(list.error.value).toEqualTypeOf<ApiError | null>();
  const selected = hooks.useGetTask(1, { select: (task) => task.title.length });
  expectTypeOf(selected.data.value).toEqualTypeOf<number | undefined>();
}

export function reactiveInputs(): void {
  const id = ref<number | null>(null);
  hooks.useGetTask(id);
  hooks.useGetTask(() => id.value);
  hooks.useGetTask(computed(() => id.value ?? undefined));
  hooks.useListTasks(computed(() => ({ status: 'open' as const })));
  hooks.useGetTask(1, () => ({ enabled: id.value != null }));
  hooks.useGetTask(1, { enabled: computed(() => id.value != null) });
  // @ts-expect-error a task id is a number
  hooks.useGetTask(ref('1'));
  // @ts-expect-error queryKey is generated
  hooks.useGetTask(1, { queryKey: ['x'] });
}

export async function suspense(): Promise<void> {
  const task = await hooks.useSuspenseGetTask(1);
  // Structurally (expect-type's deep equality of Vue's refs to a class whose `is()` takes a `this`
  // parameter compares `never`s): the result is Vue's defined-data result with ApiError.
  expectTypeOf(task).toMatchTypeOf<UseQueryDefinedReturnType<Task, ApiError>>();
  expectTypeOf(task.data.value).toEqualTypeOf<Task>();
  // @ts-expect-error suspense queries cannot be disabled
  await hooks.useSuspenseGetTask(1, { enabled: false });
}

export function infiniteAndMutations(): void {
  const pages = hooks.useListTasksInfinite({ status: 'open' }, { initialPageParam: 'p1', getNextPageParam: (last) => last.nextPageToken ?? undefined });
  expectTypeOf(pages.data.value?.pages).toEqualTypeOf<TaskPage[] | undefined>();
  const update = hooks.useUpdateTask({ onSuccess: (data) => expectTypeOf(data).toEqualTypeOf<Task>() });
  void update.mutateAsync({ taskId: 1, body: { title: 'x' } });
  expectTypeOf(update.error.value).toEqualTypeOf<ApiError | null>();
}
