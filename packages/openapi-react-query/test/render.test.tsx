// @vitest-environment jsdom
/**
 * Renders every kind of generated hook with @testing-library/react against the MSW handlers that
 * openapi-msw generates for the same spec; scenarios that need a particular answer (an error, a
 * second page) add the operation's generated handler with an override in front with `server.use`.
 */
import { join } from 'node:path';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { act, cleanup, configure, render, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { Suspense, createElement, type ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { generatedProject } from './support/generated-project.js';
import { useMswServer } from './support/msw-server.js';
import { importHandlers, type GeneratedHandlers, type MockRequest } from './support/operation-handlers.js';

const BASE = 'http://localhost/api';
const fixtures = join(import.meta.dirname, 'fixtures');

/* eslint-disable @typescript-eslint/no-explicit-any -- the modules are generated at test time; their types are proven by the compiled type tests */
type AnyFunction = (...args: any[]) => any;
type Module = Record<string, AnyFunction> & Record<string, any>;

interface Generated {
  hooks: Module;
  testUtils: { createTestQueryClient: () => QueryClient; createWrapper: (client?: QueryClient) => (props: { children?: ReactNode }) => ReactNode };
  client: Module;
  configureClient: (config: { baseUrl?: string; token?: string | (() => string) }) => void;
  handlers: HttpHandler[];
  /** `<operationId>Handler` of handlers.ts. */
  mock: GeneratedHandlers['mock'];
}

async function load(out: string): Promise<Generated> {
  const config = (await import(join(out, 'client-config.ts'))) as Pick<Generated, 'configureClient'>;
  config.configureClient({ baseUrl: BASE });
  const msw = await importHandlers(out);
  return {
    configureClient: config.configureClient,
    hooks: (await import(join(out, 'hooks.ts'))) as Module,
    testUtils: (await import(join(out, 'test-utils.ts'))) as Generated['testUtils'],
    client: (await import(join(out, 'client.ts'))) as Module,
    handlers: msw.handlers,
    mock: msw.mock,
  };
}

// A loaded machine can take more than waitFor's default second to answer; a time is never asserted.
configure({ asyncUtilTimeout: 15_000 });

const { server, requests } = useMswServer(cleanup);

const task = (id: number, title = `task ${id}`) => ({ id, title, status: 'open' });
/** A resolver answering the task of the requested id. */
const echoTask = ({ params }: MockRequest) => task(Number(params['taskId']));
/** The openapi-msw config of every project here: routes under the base URL the client is given. */
const MSW = { base_url: BASE };

/** Stale and gc time of a cached query, as the hook's options set them (the cache keeps the observer's options). */
function cachedTimes(queryClient: QueryClient, queryKey: QueryKey) {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (!query) throw new Error(`no query ${JSON.stringify(queryKey)}`);
  const options = query.options as { staleTime?: unknown; gcTime?: unknown };
  return { staleTime: options.staleTime, gcTime: query.gcTime };
}

describe('hooks of the edge fixture (suspense, auto_invalidate, infinite_query true, overrides)', () => {
  let g: Generated;
  beforeAll(async () => {
    const project = generatedProject('rq-render', join(fixtures, 'hooks-edge.yaml'), {
      msw: MSW,
      hooks: {
        suspense: true,
        auto_invalidate: true,
        infinite_query: true,
        stale_time: 1000,
        gc_time: 5000,
        overrides: { tasks: { stale_time: 60_000, gc_time: 120_000 } },
      },
    });
    g = await load(project.out);
  });
  // resetHandlers() after each test drops every handler added with use(): add them for each test.
  beforeEach(() => server.use(...g.handlers));

  /** The generated test client; `keep` keeps unobserved queries (gc time 0 drops them at once) to inspect them. */
  function setup(options: { keep?: boolean } = {}) {
    const queryClient = g.testUtils.createTestQueryClient();
    if (options.keep) queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { retry: false, gcTime: Infinity } });
    return { queryClient, wrapper: g.testUtils.createWrapper(queryClient) };
  }

  it('fetches a list with its params and the data of the generated handlers', async () => {
    const { wrapper, queryClient } = setup();
    const { result } = renderHook(() => g.hooks['useListTasks']!({ status: 'open' }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(Array.isArray(result.current.data.items)).toBe(true);
    expect(requests).toEqual(['GET /api/api/v1/tasks?status=open']);
    expect(queryClient.getQueryData(['tasks', 'listTasks', { status: 'open' }])).toBe(result.current.data);
  });

  it('surfaces failures as the ApiError of client.ts', async () => {
    server.use(g.mock('getTask')({ status: 404, body: { title: 'Not found' } }));
    const { wrapper } = setup();
    const { result } = renderHook(() => g.hooks['useGetTask']!(404), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(g.client['ApiError']);
    expect(result.current.error).toMatchObject({ status: 404, body: { title: 'Not found' } });
  });

  it.each([null, undefined])('holds a detail query back while the id is %s', async (id) => {
    const { wrapper } = setup();
    const { result } = renderHook(() => g.hooks['useGetTask']!(id), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.fetchStatus).toBe('idle');
    expect(result.current.status).toBe('pending');
    expect(requests).toEqual([]);
  });

  it("lets the caller's enabled replace the whole guard, and combines with it otherwise", async () => {
    server.use(g.mock('getTask')(echoTask));
    const { wrapper } = setup();
    const off = renderHook(() => g.hooks['useGetTask']!(7, { enabled: false }), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(off.result.current.fetchStatus).toBe('idle');
    expect(requests).toEqual([]);
    const on = renderHook(() => g.hooks['useGetTask']!(null, { enabled: true }), { wrapper });
    await waitFor(() => expect(on.result.current.isFetched).toBe(true));
    expect(requests).toEqual(['GET /api/api/v1/tasks/null']);
  });

  it('applies caller options over the generated ones (select, staleTime, gcTime)', async () => {
    server.use(g.mock('getTask')(echoTask));
    const { wrapper, queryClient } = setup();
    const { result } = renderHook(() => g.hooks['useGetTask']!(3, { select: (t: { title: string }) => t.title.toUpperCase(), staleTime: 7, gcTime: 8 }), { wrapper });
    await waitFor(() => expect(result.current.data).toBe('TASK 3'));
    expect(cachedTimes(queryClient, g.hooks['taskKeys'].getTask(3) as QueryKey)).toEqual({ staleTime: 7, gcTime: 8 });
  });

  it('sets stale and gc time from the config, per resource overrides first', async () => {
    server.use(g.mock('getTask')(echoTask));
    const { wrapper, queryClient } = setup();
    const { result } = renderHook(() => [g.hooks['useGetTask']!(1), g.hooks['useGetMe']!()], { wrapper });
    await waitFor(() => expect(result.current.map((r) => r.status)).toEqual(['success', 'success']));
    expect(cachedTimes(queryClient, ['tasks', 'getTask', 1])).toEqual({ staleTime: 60_000, gcTime: 120_000 });
    expect(cachedTimes(queryClient, ['me', 'list'])).toEqual({ staleTime: 1000, gcTime: 5000 });
  });

  it('sets stale and gc time on suspense, infinite and suspense infinite queries too', async () => {
    server.use(
      g.mock('getTask')(echoTask),
      g.mock('listTasks')({ body: { items: [task(1)], nextPageToken: null } }),
      g.mock('listReportRows')({ body: { rows: ['a'], total: 1 } }),
    );
    const { queryClient } = setup();
    const pages = { initialPageParam: 'p1', getNextPageParam: () => undefined };
    function Queries(): ReactNode {
      g.hooks['useSuspenseGetTask']!(2);
      g.hooks['useSuspenseListTasksInfinite']!({ status: 'done' }, pages);
      return createElement('p', null, 'loaded');
    }
    function Infinite(): ReactNode {
      const tasks = g.hooks['useListTasksInfinite']!({ status: 'open' }, pages);
      const rows = g.hooks['useListReportRowsInfinite']!('r1', undefined, { initialPageParam: 0, getNextPageParam: () => undefined });
      return createElement('p', null, tasks.isSuccess && rows.isSuccess ? 'pages loaded' : 'pages loading');
    }
    const Wrapper = g.testUtils.createWrapper(queryClient);
    render(createElement(Wrapper, null, createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Queries)), createElement(Infinite)));
    expect(await screen.findByText('loaded')).toBeTruthy();
    expect(await screen.findByText('pages loaded')).toBeTruthy();
    const tasks = { staleTime: 60_000, gcTime: 120_000 };
    expect(cachedTimes(queryClient, ['tasks', 'getTask', 2])).toEqual(tasks);
    expect(cachedTimes(queryClient, ['tasks', 'listTasks', 'infinite', { status: 'done' }])).toEqual(tasks);
    expect(cachedTimes(queryClient, ['tasks', 'listTasks', 'infinite', { status: 'open' }])).toEqual(tasks);
    expect(cachedTimes(queryClient, ['reports', 'r1', 'infinite', undefined])).toEqual({ staleTime: 1000, gcTime: 5000 });
  });

  it('keys the one list GET and the one detail GET of a resource with the plain shapes of seed point 7', async () => {
    server.use(
      g.mock('listLabels')(({ query }) => [{ name: `${String(query['prefix'])}-label` }]),
      g.mock('getLabel')(({ params }) => ({ name: `label ${String(params['labelId'])}` })),
    );
    const keys = g.hooks['labelKeys'] as { all: () => unknown; list: (params?: object) => unknown; detail: (id: number) => unknown };
    expect(keys.all()).toEqual(['labels']);
    expect(keys.list({ prefix: 'a' })).toEqual(['labels', 'list', { prefix: 'a' }]);
    expect(keys.list()).toEqual(['labels', 'list', undefined]);
    expect(keys.detail(3)).toEqual(['labels', 3]);
    const { wrapper, queryClient } = setup();
    const { result } = renderHook(() => ({ list: g.hooks['useListLabels']!({ prefix: 'a' }), detail: g.hooks['useGetLabel']!(3) }), { wrapper });
    await waitFor(() => expect([result.current.list.status, result.current.detail.status]).toEqual(['success', 'success']));
    expect(result.current.list.data).toEqual([{ name: 'a-label' }]);
    expect(queryClient.getQueryData(['labels', 'list', { prefix: 'a' }])).toBe(result.current.list.data);
    expect(queryClient.getQueryData(['labels', 3])).toEqual({ name: 'label 3' });
    expect(queryClient.getQueryCache().findAll({ queryKey: ['labels'] })).toHaveLength(2);
  });

  it('renders suspense hooks under a Suspense boundary with data that is never undefined', async () => {
    server.use(g.mock('getTask')(({ params }) => task(Number(params['taskId']), 'from suspense')));
    const { queryClient } = setup();
    const seen: unknown[] = [];
    function Task(): ReactNode {
      const { data } = g.hooks['useSuspenseGetTask']!(9) as { data: { title: string } };
      seen.push(data);
      return createElement('p', null, data.title);
    }
    const Wrapper = g.testUtils.createWrapper(queryClient);
    render(createElement(Wrapper, null, createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Task))));
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('from suspense')).toBeTruthy();
    expect(seen.every((data) => data !== undefined)).toBe(true);
    expect(requests).toEqual(['GET /api/api/v1/tasks/9']);
  });

  it('fetches a second page, feeding the page parameter from pageParam', async () => {
    server.use(
      g.mock('listTasks')(({ query }) => (query['page_token'] === 'p2' ? { items: [task(3)], nextPageToken: null } : { items: [task(1), task(2)], nextPageToken: 'p2' })),
    );
    const { wrapper } = setup();
    const { result } = renderHook(
      () =>
        g.hooks['useListTasksInfinite']!({ status: 'done' }, { initialPageParam: 'p1', getNextPageParam: (last: { nextPageToken: string | null }) => last.nextPageToken ?? undefined }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data.pages).toHaveLength(2));
    expect(result.current.data.pages.map((p: { items: { id: number }[] }) => p.items.map((t) => t.id))).toEqual([[1, 2], [3]]);
    expect(result.current.data.pageParams).toEqual(['p1', 'p2']);
    expect(result.current.hasNextPage).toBe(false);
    expect(requests).toEqual(['GET /api/api/v1/tasks?status=done&page_token=p1', 'GET /api/api/v1/tasks?status=done&page_token=p2']);
  });

  it('renders suspense infinite hooks under a Suspense boundary', async () => {
    server.use(
      g.mock('listTasks')(({ query }) => (query['page_token'] === 'p2' ? { items: [task(3)], nextPageToken: null } : { items: [task(1)], nextPageToken: 'p2' })),
    );
    const { queryClient } = setup();
    let fetchNext: (() => Promise<unknown>) | undefined;
    function Tasks(): ReactNode {
      const { data, fetchNextPage } = g.hooks['useSuspenseListTasksInfinite']!(undefined, {
        initialPageParam: 'p1',
        getNextPageParam: (last: { nextPageToken: string | null }) => last.nextPageToken ?? undefined,
      }) as { data: { pages: { items: { title: string }[] }[] }; fetchNextPage: () => Promise<unknown> };
      fetchNext = fetchNextPage;
      return createElement('p', null, data.pages.flatMap((p) => p.items.map((t) => t.title)).join(', '));
    }
    const Wrapper = g.testUtils.createWrapper(queryClient);
    render(createElement(Wrapper, null, createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Tasks))));
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('task 1')).toBeTruthy();
    await act(() => fetchNext!());
    expect(await screen.findByText('task 1, task 3')).toBeTruthy();
    expect(requests).toEqual(['GET /api/api/v1/tasks?page_token=p1', 'GET /api/api/v1/tasks?page_token=p2']);
  });

  it('infinite_query true: pages a list GET without a recognised pagination name by merging pageParam over params', async () => {
    server.use(
      g.mock('searchTasks')(({ query }) => (query['from'] === undefined ? [task(1), task(2)] : [task(Number(query['from']) + 1)])),
    );
    const { wrapper, queryClient } = setup();
    const { result } = renderHook(
      () =>
        g.hooks['useSearchTasksInfinite']!(
          { q: 'write' },
          { initialPageParam: {}, getNextPageParam: (last: { id: number }[]) => (last.length === 2 ? { from: last[1]!.id } : undefined) },
        ),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data.pages).toHaveLength(2));
    expect(result.current.data.pages.map((p: { id: number }[]) => p.map((t) => t.id))).toEqual([[1, 2], [3]]);
    expect(result.current.data.pageParams).toEqual([{}, { from: 2 }]);
    expect(result.current.hasNextPage).toBe(false);
    expect(requests).toEqual(['GET /api/api/v1/tasks/search?q=write', 'GET /api/api/v1/tasks/search?q=write&from=2']);
    expect(queryClient.getQueryData(['tasks', 'searchTasks', 'infinite', { q: 'write' }])).toBe(result.current.data);
  });

  it('guards infinite detail queries and pages them with offset', async () => {
    server.use(
      g.mock('listReportRows')(({ params, query }) => {
        const offset = Number(query['offset']);
        return { rows: [`${String(params['reportId'])}:${offset}`, `${String(params['reportId'])}:${offset + 1}`], total: 4 };
      }),
    );
    const { wrapper } = setup();
    const options = { initialPageParam: 0, getNextPageParam: (_last: unknown, pages: unknown[]) => (pages.length < 2 ? pages.length * 2 : undefined) };
    const { result, rerender } = renderHook(({ id }: { id: string | null }) => g.hooks['useListReportRowsInfinite']!(id, { limit: 2 }, options), {
      wrapper,
      initialProps: { id: null as string | null },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.fetchStatus).toBe('idle');
    rerender({ id: 'r1' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data.pages).toHaveLength(2));
    expect(result.current.data.pages.flatMap((p: { rows: string[] }) => p.rows)).toEqual(['r1:0', 'r1:1', 'r1:2', 'r1:3']);
    expect(requests).toEqual(['GET /api/reports/r1/rows?offset=0&limit=2', 'GET /api/reports/r1/rows?offset=2&limit=2']);
  });

  it("invalidates the resource's queries and the updated detail before calling the caller's onSuccess", async () => {
    let version = 0;
    server.use(
      g.mock('getTask')(({ params }) => task(Number(params['taskId']), `v${version}`)),
      g.mock('updateTask')(({ params, body }) => {
        version += 1;
        return { ...task(Number(params['taskId'])), title: (body as { title: string }).title };
      }),
    );
    const { wrapper, queryClient } = setup({ keep: true });
    const seenAtSuccess: { title: string | undefined; invalidated: boolean | undefined; listInvalidated: boolean | undefined; gets: number }[] = [];
    queryClient.setQueryData(['tasks', 'listTasks', undefined], { items: [] });
    const onSuccess = vi.fn((..._args: unknown[]) => {
      const detail = queryClient.getQueryState(['tasks', 'getTask', 5]);
      seenAtSuccess.push({
        title: (queryClient.getQueryData(['tasks', 'getTask', 5]) as { title: string } | undefined)?.title,
        invalidated: detail?.isInvalidated,
        listInvalidated: queryClient.getQueryState(['tasks', 'listTasks', undefined])?.isInvalidated,
        gets: requests.filter((r) => r === 'GET /api/api/v1/tasks/5').length,
      });
    });
    const { result } = renderHook(() => ({ detail: g.hooks['useGetTask']!(5), update: g.hooks['useUpdateTask']!({ onSuccess }) }), { wrapper });
    await waitFor(() => expect(result.current.detail.data?.title).toBe('v0'));
    await act(() => result.current.update.mutateAsync({ taskId: 5, body: { title: 'renamed' } }));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    const [data, variables, onMutateResult, context] = onSuccess.mock.calls[0]!;
    expect(data).toEqual({ id: 5, title: 'renamed', status: 'open' });
    expect(variables).toEqual({ taskId: 5, body: { title: 'renamed' } });
    expect(onMutateResult).toBeUndefined();
    expect(context).toMatchObject({ client: queryClient });
    // The active detail query was refetched (invalidateQueries awaits it) and the inactive list marked invalid, before onSuccess ran.
    expect(seenAtSuccess).toEqual([{ title: 'v1', invalidated: false, listInvalidated: true, gets: 2 }]);
    expect(requests).toEqual(['GET /api/api/v1/tasks/5', 'PUT /api/api/v1/tasks/5', 'GET /api/api/v1/tasks/5']);
  });

  it("invalidates all() and detail(id) on PATCH, then calls the caller's onSuccess", async () => {
    let version = 0;
    server.use(
      g.mock('getLabel')(() => ({ name: `v${version}` })),
      // recolorLabel declares only a 204: its resolver's types admit a Response only (no body to return).
      g.mock('recolorLabel')(() => {
        version += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { wrapper, queryClient } = setup({ keep: true });
    queryClient.setQueryData(['labels', 'list', undefined], [{ name: 'v0' }]);
    const events: string[] = [];
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    invalidate.mockImplementation(function (this: QueryClient, ...args: Parameters<QueryClient['invalidateQueries']>) {
      events.push(`invalidate ${JSON.stringify(args[0]?.queryKey)}`);
      return QueryClient.prototype.invalidateQueries.apply(this, args);
    });
    const onSuccess = vi.fn((..._args: unknown[]) => {
      events.push(`onSuccess: detail ${(queryClient.getQueryData(['labels', 3]) as { name: string }).name}, list invalidated ${String(queryClient.getQueryState(['labels', 'list', undefined])?.isInvalidated)}`);
    });
    const { result } = renderHook(() => ({ detail: g.hooks['useGetLabel']!(3), recolor: g.hooks['useRecolorLabel']!({ onSuccess }) }), { wrapper });
    await waitFor(() => expect(result.current.detail.data).toEqual({ name: 'v0' }));
    await act(() => result.current.recolor.mutateAsync({ labelId: 3, body: { color: 'red' } }));
    expect(events).toEqual(['invalidate ["labels"]', 'invalidate ["labels",3]', 'onSuccess: detail v1, list invalidated true']);
    // A 204 gives the client's undefined; variables are seed point 6's { id, body }.
    expect(onSuccess.mock.calls[0]!.slice(0, 2)).toEqual([undefined, { labelId: 3, body: { color: 'red' } }]);
    expect(requests).toEqual(['GET /api/labels/3', 'PATCH /api/labels/3', 'GET /api/labels/3']);
  });

  it('invalidates all() on POST and DELETE, with the variables of seed point 6', async () => {
    server.use(
      g.mock('createTask')(({ body }) => ({ ...task(11), ...(body as object) })),
      g.mock('deleteTask')({ status: 204 }),
    );
    const { wrapper, queryClient } = setup({ keep: true });
    const { result } = renderHook(() => ({ create: g.hooks['useCreateTask']!(), remove: g.hooks['useDeleteTask']!() }), { wrapper });
    queryClient.setQueryData(['tasks', 'getTask', 1], task(1));
    queryClient.setQueryData(['me', 'list'], { id: 'u', name: 'n' });
    expect(await act(() => result.current.create.mutateAsync({ title: 'new' }))).toEqual({ id: 11, title: 'new', status: 'open' });
    expect(queryClient.getQueryState(['tasks', 'getTask', 1])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['me', 'list'])?.isInvalidated).toBe(false);
    queryClient.setQueryData(['tasks', 'getTask', 1], task(1));
    await act(() => result.current.remove.mutateAsync(1));
    expect(queryClient.getQueryState(['tasks', 'getTask', 1])?.isInvalidated).toBe(true);
    expect(requests).toEqual(['POST /api/api/v1/tasks', 'DELETE /api/api/v1/tasks/1']);
  });

  it('sends object variables to path, body and query, and void variables to nothing', async () => {
    server.use(
      g.mock('reactToComment')({ status: 201, body: { count: 3 } }),
      g.mock('reindexTasks')({ status: 204 }),
    );
    const { wrapper } = setup();
    const { result } = renderHook(() => ({ react: g.hooks['useReactToComment']!(), reindex: g.hooks['useReindexTasks']!() }), { wrapper });
    expect(await act(() => result.current.react.mutateAsync({ taskId: 2, commentId: 'c/1', body: { emoji: '+1' }, params: { notify: true } }))).toEqual({ count: 3 });
    await act(() => result.current.reindex.mutateAsync());
    expect(requests).toEqual(['POST /api/api/v1/tasks/2/comments/c%2F1/reactions?notify=true', 'POST /api/api/v1/tasks/reindex']);
  });

  it("calls the caller's onSuccess for resources without a GET, which invalidate nothing", async () => {
    server.use(g.mock('sendWebhook')({ status: 202 }));
    const { wrapper, queryClient } = setup({ keep: true });
    queryClient.setQueryData(['me', 'list'], { id: 'u', name: 'n' });
    const onSuccess = vi.fn();
    const { result } = renderHook(() => g.hooks['useSendWebhook']!({ onSuccess }), { wrapper });
    await act(() => result.current.mutateAsync({ url: 'https://example.com/hook' }));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['me', 'list'])?.isInvalidated).toBe(false);
  });

  it('surfaces mutation failures as ApiError', async () => {
    // Hand-written: completeTask declares no error response, so its generated handler has no 409 to answer.
    server.use(http.post(`${BASE}/api/v1/tasks/:taskId/complete`, () => HttpResponse.json({ title: 'Conflict' }, { status: 409 })));
    const { wrapper } = setup();
    const onError = vi.fn();
    const { result } = renderHook(() => g.hooks['useCompleteTask']!({ onError }), { wrapper });
    await act(async () => {
      await result.current.mutateAsync(4).catch(() => undefined);
    });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(g.client['ApiError']));
    expect(result.current.error).toMatchObject({ status: 409, body: { title: 'Conflict' } });
    expect(onError.mock.calls[0]![1]).toBe(4);
  });

  it('turns a body-less answer into null query data', async () => {
    server.use(g.mock('getLatestDraft')({ status: 204 }));
    const { wrapper } = setup();
    const ping = renderHook(() => g.hooks['useGetLatestDraft']!(), { wrapper });
    await waitFor(() => expect(ping.result.current.isSuccess).toBe(true));
    expect(ping.result.current.data).toBeNull();
  });

  it('works for hooks named like the TanStack functions they call', async () => {
    server.use(g.mock('query')({ body: { id: 'q', name: 'query' } }));
    const { wrapper } = setup();
    const { result } = renderHook(() => g.hooks['useQuery']!(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ id: 'q', name: 'query' }));
  });

  it('gives a test query client without retries and with gc time 0', () => {
    const client = g.testUtils.createTestQueryClient();
    expect(client.getDefaultOptions()).toEqual({ queries: { retry: false, gcTime: 0 }, mutations: { retry: false } });
  });
});

// A slug equal to no label: `useGetPage('list')` would be `useListPages()`'s entry (seed rule 7's cost, keys.test.ts).
describe('the keys of fixtures/hooks-keys.yaml (one list GET without a query beside a detail GET by a string)', () => {
  let g: Generated;
  beforeAll(async () => {
    const project = generatedProject('rq-render-keys', join(fixtures, 'hooks-keys.yaml'), { msw: MSW, hooks: { auto_invalidate: true } });
    g = await load(project.out);
  });

  it("keeps useListPages() and useGetPage('a') apart, refetches both through all(), and invalidates detail(slug) on PUT", async () => {
    const pages = [{ slug: 'b' }, { slug: 'c' }];
    let title = 'v0';
    server.use(
      g.mock('listPages')({ body: pages }),
      g.mock('getPage')(({ params }) => ({ slug: params['slug'], title })),
      g.mock('updatePage')(({ params }) => {
        title = 'v1';
        return { slug: params['slug'], title };
      }),
    );
    const queryClient = g.testUtils.createTestQueryClient();
    const { result } = renderHook(() => ({ list: g.hooks['useListPages']!(), detail: g.hooks['useGetPage']!('a'), update: g.hooks['useUpdatePage']!() }), { wrapper: g.testUtils.createWrapper(queryClient) });
    await waitFor(() => expect([result.current.list.status, result.current.detail.status]).toEqual(['success', 'success']));
    expect(result.current.list.data).toEqual(pages);
    expect(result.current.detail.data).toEqual({ slug: 'a', title: 'v0' });
    expect(queryClient.getQueryData(g.hooks['pageKeys'].list())).toEqual(pages);
    expect(queryClient.getQueryData(g.hooks['pageKeys'].detail('a'))).toEqual({ slug: 'a', title: 'v0' });
    expect(requests.sort()).toEqual(['GET /api/pages', 'GET /api/pages/a']);

    requests.length = 0;
    await act(() => queryClient.invalidateQueries({ queryKey: g.hooks['pageKeys'].all() }));
    expect(requests.sort()).toEqual(['GET /api/pages', 'GET /api/pages/a']);

    requests.length = 0;
    await act(() => result.current.update.mutateAsync({ slug: 'a', body: { slug: 'a' } }));
    await waitFor(() => expect(result.current.detail.data).toEqual({ slug: 'a', title: 'v1' }));
    expect(result.current.list.data).toEqual(pages);
    expect(requests.sort()).toEqual(['GET /api/pages', 'GET /api/pages/a', 'PUT /api/pages/a']);
  });
});

describe('the hooks of fixtures/hooks-null-page.yaml (pagination parameters admitting only null)', () => {
  let g: Generated;
  beforeAll(async () => {
    const project = generatedProject('rq-render-null-page', join(fixtures, 'hooks-null-page.yaml'), { msw: MSW, hooks: { infinite_query: true } });
    g = await load(project.out);
  });

  it('pages by the first recognised parameter that admits a value', async () => {
    server.use(
      g.mock('listMixed')(({ query }) => {
        const page = Number(query['page']);
        return { items: [`item ${page}`], next: page < 2 ? page + 1 : null };
      }),
    );
    const wrapper = g.testUtils.createWrapper();
    const { result } = renderHook(() => g.hooks['useListMixedInfinite']!(undefined, { initialPageParam: 1, getNextPageParam: (last: { next: number | null }) => last.next ?? undefined }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    // Read before the next page comes: TanStack re-renders only for the result's properties read so far.
    expect([result.current.data.pages.length, result.current.hasNextPage]).toEqual([1, true]);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data.pages).toHaveLength(2));
    expect(result.current.data.pageParams).toEqual([1, 2]);
    expect(result.current.hasNextPage).toBe(false);
    expect(requests).toEqual(['GET /api/mixed?page=1', 'GET /api/mixed?page=2']);
  });
});

describe('the Auth Lab reference hooks with the default config', () => {
  let g: Generated;
  beforeAll(async () => {
    const project = generatedProject('rq-render-auth', join(fixtures, 'auth-lab.yaml'), { msw: MSW });
    g = await load(project.out);
  });
  beforeEach(() => server.use(...g.handlers));

  it('applies the default stale time 0 and gc time 300000 when the config sets neither', async () => {
    const queryClient = g.testUtils.createTestQueryClient();
    const { result } = renderHook(() => g.hooks['useGetMe']!(), { wrapper: g.testUtils.createWrapper(queryClient) });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    // The test client's own default gc time is 0: 300000 is the hook's.
    expect(cachedTimes(queryClient, ['me', 'list'])).toEqual({ staleTime: 0, gcTime: 300_000 });
  });

  it('useLogin, then useGetMe and useContact with the bearer token', async () => {
    server.use(
      g.mock('login')(({ body }) => {
        const { username } = body as { username: string };
        return { token: username, user: { id: username, name: `user-${username}` } };
      }),
      g.mock('getMe')(({ request }) => {
        const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? 'anonymous';
        return { id: token, name: `user-${token}` };
      }),
    );
    const queryClient = g.testUtils.createTestQueryClient();
    const wrapper = g.testUtils.createWrapper(queryClient);
    const login = renderHook(() => g.hooks['useLogin']!(), { wrapper });
    const session = await act(() => login.result.current.mutateAsync({ username: 'ada', password: 'x' }));
    expect(session).toEqual({ token: 'ada', user: { id: 'ada', name: 'user-ada' } });
    await waitFor(() => expect(login.result.current.data).toBe(session));
    g.configureClient({ token: () => (session as { token: string }).token });
    const me = renderHook(() => g.hooks['useGetMe']!(), { wrapper });
    await waitFor(() => expect(me.result.current.data).toEqual({ id: 'ada', name: 'user-ada' }));
    expect(g.hooks['meKeys'].all()).toEqual(['me']);
    expect(g.hooks['meKeys'].list()).toEqual(['me', 'list']);
    expect(queryClient.getQueryData(['me', 'list'])).toEqual({ id: 'ada', name: 'user-ada' });

    const contact = renderHook(() => g.hooks['useContact']!(), { wrapper });
    await act(() => contact.result.current.mutateAsync({ method: 'email', email: 'a@b.c', message: 'hi' }));
    await waitFor(() => expect(contact.result.current.isSuccess).toBe(true));
    expect(requests.at(-1)).toBe('POST /api/contact');
  });
});
