// @vitest-environment jsdom
/**
 * The Svelte 5 functions (`target: "svelte"`) called by a component rendered with
 * @testing-library/svelte inside the generated wrapper, against the MSW handlers openapi-msw
 * generates for the same spec: the same behaviours as the React render tests (keys, the enabled
 * guard, here over `$state`, invalidation, infinite paging). The `svelte` project of
 * vitest.config.ts compiles the components and svelte-query's runes with the Svelte plugin.
 */
import { join } from 'node:path';
import type { QueryClient } from '@tanstack/svelte-query';
import { cleanup, render, waitFor } from '@testing-library/svelte';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { Component, Snippet } from 'svelte';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generatedProject } from './support/generated-project.js';
import Harness from './svelte/Harness.svelte';
import { cell } from './svelte/state.svelte.js';

const BASE = 'http://localhost/api';

/* eslint-disable @typescript-eslint/no-explicit-any -- the modules are generated at test time; the compile tests prove their types */
type Module = Record<string, (...args: any[]) => any> & Record<string, any>;

const server = setupServer();
const requests: string[] = [];
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  requests.push(`${request.method} ${url.pathname}${url.search}`);
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const task = (id: number, title = `task ${id}`) => ({ id, title, status: 'open' });

describe('Svelte functions of the edge fixture (auto_invalidate, infinite_query true, overrides)', () => {
  let hooks: Module;
  let testUtils: { createTestQueryClient: () => QueryClient; createWrapper: (client?: QueryClient) => Component<{ children: Snippet }> };
  let handlers: HttpHandler[];
  beforeAll(async () => {
    const project = generatedProject('rq-render-svelte', join(import.meta.dirname, 'fixtures', 'hooks-edge.yaml'), {
      msw: true,
      hooks: { target: 'svelte', auto_invalidate: true, infinite_query: true, stale_time: 1000, overrides: { tasks: { stale_time: 60_000, gc_time: 120_000 } } },
    });
    const config = (await import(join(project.out, 'client-config.ts'))) as { configureClient: (c: { baseUrl: string }) => void };
    config.configureClient({ baseUrl: BASE });
    hooks = (await import(join(project.out, 'hooks.ts'))) as Module;
    testUtils = (await import(join(project.out, 'test-utils.ts'))) as typeof testUtils;
    handlers = ((await import(join(project.out, 'handlers.ts'))) as { handlers: HttpHandler[] }).handlers;
  });
  beforeEach(() => server.use(...handlers));

  function mount<T>(use: () => T, queryClient = testUtils.createTestQueryClient()): { result: T; queryClient: QueryClient } {
    let result: T | undefined;
    render(Harness, { props: { Wrapper: testUtils.createWrapper(queryClient), use, onResult: (r: unknown) => (result = r as T) } });
    return { result: result as T, queryClient };
  }

  it('are named create<Operation>, after the adapter', () => {
    expect(Object.keys(hooks).filter((k) => k.startsWith('use'))).toEqual([]);
    expect(typeof hooks['createListTasks']).toBe('function');
    expect(typeof hooks['createListTasksInfinite']).toBe('function');
  });

  it('fetches a list with its params under the key of the key factory', async () => {
    const { result, queryClient } = mount(() => hooks['createListTasks']!(() => ({ status: 'open' })));
    await waitFor(() => expect(result.isSuccess).toBe(true));
    expect(requests).toEqual(['GET /api/api/v1/tasks?status=open']);
    expect(queryClient.getQueryData(['tasks', 'listTasks', { status: 'open' }])).toEqual(result.data);
    const query = queryClient.getQueryCache().find({ queryKey: ['tasks', 'listTasks', { status: 'open' }] });
    expect([(query?.options as { staleTime?: number }).staleTime, query?.gcTime]).toEqual([60_000, 120_000]);
  });

  it('holds a detail query back while its $state is null, and fetches when it holds an id', async () => {
    server.use(http.get(`${BASE}/api/v1/tasks/:taskId`, ({ params }) => HttpResponse.json(task(Number(params['taskId'])))));
    const id = cell<number | null>(null);
    const { result } = mount(() => hooks['createGetTask']!(() => id.value));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([result.status, result.fetchStatus]).toEqual(['pending', 'idle']);
    expect(requests).toEqual([]);
    id.value = 7;
    await waitFor(() => expect(result.data).toEqual(task(7)));
    expect(requests).toEqual(['GET /api/api/v1/tasks/7']);
  });

  it("lets the caller's enabled replace the guard", async () => {
    server.use(http.get(`${BASE}/api/v1/tasks/:taskId`, ({ params }) => HttpResponse.json(task(Number(params['taskId'])))));
    const enabled = cell(false);
    const { result } = mount(() => hooks['createGetTask']!(() => 3, () => ({ enabled: enabled.value })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.fetchStatus).toBe('idle');
    enabled.value = true;
    await waitFor(() => expect(result.data).toEqual(task(3)));
  });

  it('fetches a second page, feeding the page parameter from pageParam', async () => {
    server.use(
      http.get(`${BASE}/api/v1/tasks`, ({ request }) => {
        const token = new URL(request.url).searchParams.get('page_token');
        return token === 'p2' ? HttpResponse.json({ items: [task(3)], nextPageToken: null }) : HttpResponse.json({ items: [task(1), task(2)], nextPageToken: 'p2' });
      }),
    );
    const { result } = mount(() =>
      hooks['createListTasksInfinite']!(
        () => ({ status: 'done' }),
        () => ({ initialPageParam: 'p1', getNextPageParam: (last: { nextPageToken: string | null }) => last.nextPageToken ?? undefined }),
      ),
    );
    await waitFor(() => expect(result.hasNextPage).toBe(true));
    await result.fetchNextPage();
    await waitFor(() => expect(result.data.pages).toHaveLength(2));
    expect(result.data.pageParams).toEqual(['p1', 'p2']);
    expect(requests).toEqual(['GET /api/api/v1/tasks?status=done&page_token=p1', 'GET /api/api/v1/tasks?status=done&page_token=p2']);
  });

  it("invalidates all() and the updated detail, then calls the caller's onSuccess", async () => {
    let version = 0;
    server.use(
      http.get(`${BASE}/api/v1/tasks/:taskId`, ({ params }) => HttpResponse.json(task(Number(params['taskId']), `v${version}`))),
      http.put(`${BASE}/api/v1/tasks/:taskId`, async ({ request, params }) => {
        version += 1;
        return HttpResponse.json({ ...task(Number(params['taskId'])), ...((await request.json()) as object) });
      }),
    );
    const queryClient = testUtils.createTestQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false, gcTime: Infinity } });
    queryClient.setQueryData(['tasks', 'listTasks', undefined], { items: [] });
    const seen: unknown[] = [];
    const onSuccess = (data: unknown, variables: unknown) => {
      seen.push({ data, variables, detail: (queryClient.getQueryData(['tasks', 'getTask', 5]) as { title: string }).title, list: queryClient.getQueryState(['tasks', 'listTasks', undefined])?.isInvalidated });
    };
    const { result } = mount(() => ({ detail: hooks['createGetTask']!(() => 5), update: hooks['createUpdateTask']!(() => ({ onSuccess })) }), queryClient);
    await waitFor(() => expect(result.detail.data?.title).toBe('v0'));
    await result.update.mutateAsync({ taskId: 5, body: { title: 'renamed' } });
    expect(seen).toEqual([{ data: { id: 5, title: 'renamed', status: 'open' }, variables: { taskId: 5, body: { title: 'renamed' } }, detail: 'v1', list: true }]);
    expect(requests).toEqual(['GET /api/api/v1/tasks/5', 'PUT /api/api/v1/tasks/5', 'GET /api/api/v1/tasks/5']);
  });

  it('gives a test query client without retries and with gc time 0', () => {
    expect(testUtils.createTestQueryClient().getDefaultOptions()).toEqual({ queries: { retry: false, gcTime: 0 }, mutations: { retry: false } });
  });
});
