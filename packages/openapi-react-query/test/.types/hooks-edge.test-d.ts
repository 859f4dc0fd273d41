/**
 * Signatures of the hooks generated for fixtures/hooks-edge.yaml with suspense, auto_invalidate
 * and infinite_query 'auto'. Compiled beside them; never run.
 */
import type { InfiniteData, UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import { type ApiError, getTask, updateTask } from './client.js';
import * as hooks from './hooks.js';
import type { ListLabelsQuery, ListLabelsResponse, NewTask, PatchTaskBody, ReactToCommentBody, ReactToCommentQuery, Task, TaskPage, User } from './schema-types.js';

export function dataAndErrorTypes(): void {
  const list = hooks.useListTasks();
  expectTypeOf(list.data).toEqualTypeOf<TaskPage | undefined>();
  expectTypeOf(list.error).toEqualTypeOf<ApiError | null>();
  expectTypeOf(list).toEqualTypeOf<UseQueryResult<TaskPage, ApiError>>();

  const detail = hooks.useGetTask(1);
  expectTypeOf(detail.data).toEqualTypeOf<Task | undefined>();
  // The data type is the client function's, not a second declaration of it.
  expectTypeOf(detail.data).toEqualTypeOf<Awaited<ReturnType<typeof getTask>> | undefined>();

  const selected = hooks.useGetTask(1, { select: (task) => task.title.length });
  expectTypeOf(selected.data).toEqualTypeOf<number | undefined>();

  expectTypeOf(hooks.usePing().data).toEqualTypeOf<null | undefined>();
  expectTypeOf(hooks.useGetLatestDraft().data).toEqualTypeOf<Task | null | undefined>();
  expectTypeOf(hooks.useGetMe().data).toEqualTypeOf<User | undefined>();
}

export function requiredAndOptionalParams(): void {
  hooks.useListTasks();
  hooks.useListTasks({ status: 'open' });
  hooks.useListTasks(undefined, { staleTime: 5 });
  // @ts-expect-error the status is an enum
  hooks.useListTasks({ status: 'closed' });
  // @ts-expect-error q is a required query parameter, so params are required
  hooks.useSearchTasks();
  hooks.useSearchTasks({ q: 'x' });
  // @ts-expect-error an unknown query parameter
  hooks.useSearchTasks({ q: 'x', page: 2 });
  // @ts-expect-error infinite_query 'auto' recognises no pagination parameter of searchTasks (from is not one)
  void hooks.useSearchTasksInfinite;
  // @ts-expect-error getMe has no parameters: the first argument is the options
  hooks.useGetMe({ q: 'x' });
}

export function detailHooks(): void {
  hooks.useGetTask(null);
  hooks.useGetTask(undefined);
  hooks.useGetTask(null, { enabled: true });
  // @ts-expect-error the id is a number
  hooks.useGetTask('1');
  // @ts-expect-error the path parameter is required
  hooks.useGetTask();
  // @ts-expect-error queryKey is generated
  hooks.useGetTask(1, { queryKey: ['tasks', 'getTask', 1] });
  // @ts-expect-error queryFn is generated
  hooks.useGetTask(1, { queryFn: () => Promise.resolve({ id: 1, title: 't', status: 'open' as const }) });
  hooks.useGetShadow('a', null);
  hooks.useListReportRows(null, { offset: 2 });
}

export function suspenseHooks(): void {
  const task = hooks.useSuspenseGetTask(1);
  expectTypeOf(task.data).toEqualTypeOf<Task>();
  expectTypeOf(hooks.useSuspenseListTasks().data).toEqualTypeOf<TaskPage>();
  // @ts-expect-error suspense hooks cannot wait for an id: no null
  hooks.useSuspenseGetTask(null);
  // @ts-expect-error suspense queries have no enabled option
  hooks.useSuspenseGetTask(1, { enabled: false });
}

export function infiniteHooks(): void {
  const pages = hooks.useListTasksInfinite(undefined, {
    initialPageParam: 'start',
    getNextPageParam: (last) => {
      expectTypeOf(last).toEqualTypeOf<TaskPage>();
      return last.nextPageToken ?? undefined;
    },
  });
  expectTypeOf(pages.data).toEqualTypeOf<InfiniteData<TaskPage, string> | undefined>();
  expectTypeOf(pages.error).toEqualTypeOf<ApiError | null>();
  // @ts-expect-error initialPageParam is the caller's to give
  hooks.useListTasksInfinite(undefined, { getNextPageParam: () => undefined });
  // @ts-expect-error the page parameter page_token is a string
  hooks.useListTasksInfinite(undefined, { initialPageParam: 1, getNextPageParam: () => undefined });
  // @ts-expect-error options are required (initialPageParam, getNextPageParam)
  hooks.useListTasksInfinite({ status: 'open' });
  const rows = hooks.useListReportRowsInfinite(null, { limit: 10 }, { initialPageParam: 0, getNextPageParam: (_last, all) => all.length * 10 });
  expectTypeOf(rows.data?.pageParams).toEqualTypeOf<number[] | undefined>();
  expectTypeOf(hooks.useSuspenseListTasksInfinite(undefined, { initialPageParam: '', getNextPageParam: () => undefined }).data).toEqualTypeOf<
    InfiniteData<TaskPage, string>
  >();
}

export function variablesShapes(): void {
  expectTypeOf<hooks.CreateTaskVariables>().toEqualTypeOf<NewTask>();
  expectTypeOf<hooks.UpdateTaskVariables>().toEqualTypeOf<{ taskId: number; body: NewTask }>();
  expectTypeOf<hooks.UpdateTaskVariables>().toEqualTypeOf<{ taskId: Parameters<typeof updateTask>[0]; body: Parameters<typeof updateTask>[1] }>();
  expectTypeOf<hooks.PatchTaskVariables>().toEqualTypeOf<{ taskId: number; body: PatchTaskBody }>();
  expectTypeOf<hooks.DeleteTaskVariables>().toEqualTypeOf<number>();
  expectTypeOf<hooks.CompleteTaskVariables>().toEqualTypeOf<number>();
  expectTypeOf<hooks.ReactToCommentVariables>().toEqualTypeOf<{ taskId: number; commentId: string; body: ReactToCommentBody; params?: ReactToCommentQuery | undefined }>();
  expectTypeOf<hooks.ArchiveTasksVariables>().toEqualTypeOf<{ params: { before: string } }>();
  expectTypeOf<hooks.SendWebhookVariables>().toEqualTypeOf<{ url?: string | undefined } | undefined>();

  const update = hooks.useUpdateTask();
  expectTypeOf(update).toEqualTypeOf<UseMutationResult<Task, ApiError, hooks.UpdateTaskVariables, unknown>>();
  update.mutate({ taskId: 1, body: { title: 't' } });
  // @ts-expect-error the body is required
  update.mutate({ taskId: 1 });
  // @ts-expect-error the path parameter is required
  update.mutate({ body: { title: 't' } });
  hooks.useDeleteTask().mutate(3);
  // @ts-expect-error delete takes the id itself
  hooks.useDeleteTask().mutate({ taskId: 3 });
  hooks.useReindexTasks().mutate();
  hooks.useSendWebhook().mutate();
  hooks.useSendWebhook().mutate({ url: 'https://example.com' });
  // @ts-expect-error createTask needs its body
  hooks.useCreateTask().mutate();
  // @ts-expect-error mutationFn is generated
  hooks.useCreateTask({ mutationFn: () => Promise.resolve({ id: 1, title: 't', status: 'open' as const }) });
}

export function mutationCallbacks(): void {
  hooks.useCreateTask({
    onMutate: (variables) => ({ previous: variables.title }),
    onSuccess: (data, variables, onMutateResult) => {
      expectTypeOf(data).toEqualTypeOf<Task>();
      expectTypeOf(variables).toEqualTypeOf<NewTask>();
      expectTypeOf(onMutateResult).toEqualTypeOf<{ previous: string }>();
    },
    onError: (error, _variables, onMutateResult) => {
      expectTypeOf(error).toEqualTypeOf<ApiError>();
      expectTypeOf(onMutateResult).toEqualTypeOf<{ previous: string } | undefined>();
    },
  });
}

export function keyFactories(): void {
  expectTypeOf(hooks.taskKeys.all()).toEqualTypeOf<readonly ['tasks']>();
  expectTypeOf(hooks.taskKeys.getTask(1)).toEqualTypeOf<readonly ['tasks', 'getTask', number]>();
  expectTypeOf(hooks.taskKeys.listTasks({ status: 'open' })).toEqualTypeOf<readonly ['tasks', 'listTasks', { status?: 'open' | 'done' | undefined; page_token?: string | undefined } | undefined]>();
  expectTypeOf(hooks.meKeys.list()).toEqualTypeOf<readonly ['me', 'list']>();
  // Seed point 7's plain shapes, for the one list GET and the one detail GET of labels.
  expectTypeOf(hooks.labelKeys.all()).toEqualTypeOf<readonly ['labels']>();
  expectTypeOf(hooks.labelKeys.list({ prefix: 'a' })).toEqualTypeOf<readonly ['labels', 'list', ListLabelsQuery | undefined]>();
  expectTypeOf(hooks.labelKeys.list()).toEqualTypeOf<readonly ['labels', 'list', { prefix?: string | undefined } | undefined]>();
  expectTypeOf(hooks.labelKeys.detail(3)).toEqualTypeOf<readonly ['labels', number]>();
  // @ts-expect-error the label id is a number, as getLabel types it
  hooks.labelKeys.detail('3');
  expectTypeOf(hooks.useListLabels({ prefix: 'a' }).data).toEqualTypeOf<ListLabelsResponse | undefined>();
  expectTypeOf(hooks.reportKeys.detailInfinite('r', undefined)).toEqualTypeOf<readonly ['reports', string, 'infinite', { offset?: number | undefined; limit?: number | undefined } | undefined]>();
}
