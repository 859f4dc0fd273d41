/**
 * One behaviour suite for the Vue, Svelte and Solid hooks of the edge fixture, each rendered with
 * its framework's testing library inside the generated wrapper against the generated MSW handlers:
 * keys and times, the enabled guard over a reactive input, the caller's enabled, infinite paging,
 * invalidation before the caller's onSuccess, and the test client. A harness per target says how
 * to render a hook, pass an input and read a result.
 */
import { join } from 'node:path';
import type { QueryClient } from '@tanstack/vue-query';
import { configure, waitFor } from '@testing-library/dom';
import type { HttpHandler } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generatedProject } from './generated-project.js';
import { useMswServer } from './msw-server.js';
import { importHandlers, type GeneratedHandlers, type MockRequest } from './operation-handlers.js';

export const BASE = 'http://localhost/api';

// A loaded machine can take more than waitFor's default second to answer; a time is never asserted.
configure({ asyncUtilTimeout: 15_000 });

/* eslint-disable @typescript-eslint/no-explicit-any -- the modules are generated at test time; the compile tests prove their types */
export type Module = Record<string, (...args: any[]) => any> & Record<string, any>;

export interface Generated {
  hooks: Module;
  testUtils: { createTestQueryClient: () => QueryClient; createWrapper: (client?: QueryClient) => any };
  ApiError: new (...args: never[]) => Error;
  /** `<operationId>Handler` of the generated handlers.ts. */
  mock: GeneratedHandlers['mock'];
}

export interface Harness {
  target: 'vue' | 'svelte' | 'solid' | 'angular';
  /** Renders `use` in a component inside `testUtils.createWrapper(queryClient)` (Angular: runs it in the test bed's injection context); returns what it returned. */
  mount: <T>(g: Generated, use: () => T, queryClient: QueryClient) => T;
  /** A hook result's current state as plain values (Vue's are refs, Angular's signals). */
  read: (result: any) => any;
  /** An input as the target takes it: Vue a value, Svelte, Solid and Angular a function. */
  input: <T>(value: T) => unknown;
  /** A reactive input the test can change: a ref, a `$state` behind a function, a signal (Solid's, Angular's). */
  cell: <T>(initial: T) => { input: unknown; set: (value: T) => void };
  /** Unmounts what the testing library rendered. */
  cleanup: () => void;
}

/** The hook name for an operation under the target's prefix (`listTasks` → `useListTasks`, Svelte `createListTasks`, Angular `injectListTasks`). */
const PREFIX = { vue: 'use', solid: 'use', svelte: 'create', angular: 'inject' } as const;
const hookName = (target: Harness['target'], pascal: string) => `${PREFIX[target]}${pascal}`;

const task = (id: number, title = `task ${id}`) => ({ id, title, status: 'open' });
/** A resolver answering the task of the requested id. */
const echoTask = ({ params }: MockRequest) => task(Number(params['taskId']));

export function targetSuite(
  harness: Harness,
  extra?: (context: { g: () => Generated; out: () => string; requests: string[]; server: ReturnType<typeof useMswServer>['server'] }) => void,
): void {
  const { server, requests } = useMswServer(harness.cleanup);
  const { target, read, input } = harness;
  const hook = (pascal: string) => g.hooks[hookName(target, pascal)]!;
  let g: Generated;
  let out: string;
  let handlers: HttpHandler[];

  describe(`${target} hooks of the edge fixture (auto_invalidate, infinite_query true, overrides)`, () => {
    beforeAll(async () => {
      const project = generatedProject(`rq-render-${target}`, join(import.meta.dirname, '..', 'fixtures', 'hooks-edge.yaml'), {
        // Routes under the base URL the client is given.
        msw: { base_url: BASE },
        hooks: { target, suspense: target === 'vue', auto_invalidate: true, infinite_query: true, stale_time: 1000, overrides: { tasks: { stale_time: 60_000, gc_time: 120_000 } } },
      });
      out = project.out;
      const config = (await import(join(project.out, 'client-config.ts'))) as { configureClient: (c: { baseUrl: string }) => void };
      config.configureClient({ baseUrl: BASE });
      const msw = await importHandlers(project.out);
      handlers = msw.handlers;
      g = {
        mock: msw.mock,
        hooks: (await import(join(project.out, 'hooks.ts'))) as Module,
        testUtils: (await import(join(project.out, 'test-utils.ts'))) as Generated['testUtils'],
        ApiError: ((await import(join(project.out, 'client.ts'))) as Pick<Generated, 'ApiError'>).ApiError,
      };
    });
    // resetHandlers() after each test drops every handler added with use(): add them for each test.
    beforeEach(() => server.use(...handlers));

    const mount = <T>(use: () => T, queryClient = g.testUtils.createTestQueryClient()) => ({ result: harness.mount(g, use, queryClient), queryClient });
    const detailHandler = () => g.mock('getTask')(echoTask);

    it('fetches a list with its params under the key of the key factory, with the resource times', async () => {
      const { result, queryClient } = mount(() => hook('ListTasks')(input({ status: 'open' })));
      await waitFor(() => expect(read(result).isSuccess).toBe(true));
      expect(requests).toEqual(['GET /api/api/v1/tasks?status=open']);
      expect(g.hooks['taskKeys'].listTasks({ status: 'open' })).toEqual(['tasks', 'listTasks', { status: 'open' }]);
      expect(queryClient.getQueryData(['tasks', 'listTasks', { status: 'open' }])).toEqual(read(result).data);
      const query = queryClient.getQueryCache().find({ queryKey: ['tasks', 'listTasks', { status: 'open' }] });
      expect([(query?.options as { staleTime?: number }).staleTime, query?.gcTime]).toEqual([60_000, 120_000]);
    });

    it('surfaces failures as the ApiError of client.ts', async () => {
      server.use(g.mock('getTask')({ status: 404, body: { title: 'Not found' } }));
      const { result } = mount(() => hook('GetTask')(input(404)));
      await waitFor(() => expect(read(result).isError).toBe(true));
      expect(read(result).error).toBeInstanceOf(g.ApiError);
      expect(read(result).error).toMatchObject({ status: 404, body: { title: 'Not found' } });
    });

    it('holds a detail query back while its reactive input is null, and fetches once it holds an id', async () => {
      server.use(detailHandler());
      const id = harness.cell<number | null>(null);
      const { result } = mount(() => hook('GetTask')(id.input));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect([read(result).status, read(result).fetchStatus]).toEqual(['pending', 'idle']);
      expect(requests).toEqual([]);
      id.set(7);
      await waitFor(() => expect(read(result).data).toEqual(task(7)));
      expect(requests).toEqual(['GET /api/api/v1/tasks/7']);
    });

    it('refetches an earlier key with the id it was built with, after the input changed', async () => {
      server.use(detailHandler());
      const id = harness.cell<number | null>(1);
      const queryClient = g.testUtils.createTestQueryClient();
      queryClient.setDefaultOptions({ queries: { retry: false, gcTime: Infinity } });
      const { result } = mount(() => hook('GetTask')(id.input), queryClient);
      await waitFor(() => expect(read(result).data).toEqual(task(1)));
      id.set(2);
      await waitFor(() => expect(read(result).data).toEqual(task(2)));
      // The inactive query of id 1 refetches too: its queryFn must still ask for task 1.
      await queryClient.invalidateQueries({ queryKey: ['tasks'], refetchType: 'all' });
      expect(queryClient.getQueryData(['tasks', 'getTask', 1])).toEqual(task(1));
      expect(queryClient.getQueryData(['tasks', 'getTask', 2])).toEqual(task(2));
      expect(requests.toSorted()).toEqual(['GET /api/api/v1/tasks/1', 'GET /api/api/v1/tasks/1', 'GET /api/api/v1/tasks/2', 'GET /api/api/v1/tasks/2']);
    });

    it("lets the caller's enabled replace the guard", async () => {
      server.use(detailHandler());
      const enabled = harness.cell(false);
      const options = target === 'vue' ? { enabled: enabled.input } : () => ({ enabled: (enabled.input as () => boolean)() });
      const { result } = mount(() => hook('GetTask')(input(3), options));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(read(result).fetchStatus).toBe('idle');
      enabled.set(true);
      await waitFor(() => expect(read(result).data).toEqual(task(3)));
    });

    it('fetches a second page, feeding the page parameter from pageParam', async () => {
      server.use(
        g.mock('listTasks')(({ query }) => (query['page_token'] === 'p2' ? { items: [task(3)], nextPageToken: null } : { items: [task(1), task(2)], nextPageToken: 'p2' })),
      );
      const pages = { initialPageParam: 'p1', getNextPageParam: (last: { nextPageToken: string | null }) => last.nextPageToken ?? undefined };
      const { result } = mount(() => hook('ListTasksInfinite')(input({ status: 'done' }), input(pages)));
      await waitFor(() => expect(read(result).hasNextPage).toBe(true));
      await read(result).fetchNextPage();
      await waitFor(() => expect(read(result).data.pages).toHaveLength(2));
      expect(read(result).data.pageParams).toEqual(['p1', 'p2']);
      expect(read(result).hasNextPage).toBe(false);
      expect(requests).toEqual(['GET /api/api/v1/tasks?status=done&page_token=p1', 'GET /api/api/v1/tasks?status=done&page_token=p2']);
    });

    it("invalidates all() and the updated detail, then calls the caller's onSuccess", async () => {
      let version = 0;
      server.use(
        g.mock('getTask')(({ params }) => task(Number(params['taskId']), `v${version}`)),
        g.mock('updateTask')(({ params, body }) => {
          version += 1;
          return { ...task(Number(params['taskId'])), ...(body as object) };
        }),
      );
      const queryClient = g.testUtils.createTestQueryClient();
      queryClient.setDefaultOptions({ queries: { retry: false, gcTime: Infinity } });
      queryClient.setQueryData(['tasks', 'listTasks', undefined], { items: [] });
      const seen: unknown[] = [];
      const onSuccess = (data: unknown, variables: unknown) => {
        const detail = (queryClient.getQueryData(['tasks', 'getTask', 5]) as { title: string }).title;
        seen.push({ data, variables, detail, list: queryClient.getQueryState(['tasks', 'listTasks', undefined])?.isInvalidated });
      };
      const { result } = mount(() => ({ detail: hook('GetTask')(input(5)), update: hook('UpdateTask')(input({ onSuccess })) }), queryClient);
      await waitFor(() => expect(read(result.detail).data?.title).toBe('v0'));
      await read(result.update).mutateAsync({ taskId: 5, body: { title: 'renamed' } });
      expect(seen).toEqual([{ data: { id: 5, title: 'renamed', status: 'open' }, variables: { taskId: 5, body: { title: 'renamed' } }, detail: 'v1', list: true }]);
      expect(requests).toEqual(['GET /api/api/v1/tasks/5', 'PUT /api/api/v1/tasks/5', 'GET /api/api/v1/tasks/5']);
    });

    it("works for a hook named like the adapter's function it calls (useQuery, createQuery, injectQuery)", async () => {
      server.use(g.mock('query')({ body: { id: 'q', name: 'query' } }));
      const { result } = mount(() => hook('Query')());
      await waitFor(() => expect(read(result).data).toEqual({ id: 'q', name: 'query' }));
    });

    it('gives a test query client without retries and with gc time 0', () => {
      expect(g.testUtils.createTestQueryClient().getDefaultOptions()).toEqual({ queries: { retry: false, gcTime: 0 }, mutations: { retry: false } });
    });

    extra?.({ g: () => g, out: () => out, requests, server });
  });
}
