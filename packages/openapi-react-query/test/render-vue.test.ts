// @vitest-environment jsdom
/**
 * The Vue composables (`target: "vue"`) mounted with @testing-library/vue inside the generated
 * `createWrapper`, against the MSW handlers openapi-msw generates for the same spec: the same
 * behaviours as the React render tests (keys, the enabled guard, now reactive, invalidation,
 * infinite paging).
 */
import { join } from 'node:path';
import type { QueryClient } from '@tanstack/vue-query';
import { cleanup, render, screen, waitFor } from '@testing-library/vue';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { Suspense, defineComponent, h, nextTick, ref, type Component, type Ref } from 'vue';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generatedProject } from './support/generated-project.js';

const BASE = 'http://localhost/api';

/* eslint-disable @typescript-eslint/no-explicit-any -- the modules are generated at test time; the compile tests prove their types */
type Module = Record<string, (...args: any[]) => any> & Record<string, any>;
interface QueryRefs {
  data: Ref<any>;
  status: Ref<string>;
  fetchStatus: Ref<string>;
  isSuccess: Ref<boolean>;
  hasNextPage: Ref<boolean>;
  fetchNextPage: () => Promise<unknown>;
  mutateAsync: (variables?: unknown) => Promise<unknown>;
}

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

describe('Vue composables of the edge fixture (auto_invalidate, infinite_query true, overrides)', () => {
  let hooks: Module;
  let testUtils: { createTestQueryClient: () => QueryClient; createWrapper: (client?: QueryClient) => Component };
  let handlers: HttpHandler[];
  let ApiError: new (...args: never[]) => Error;
  beforeAll(async () => {
    const project = generatedProject('rq-render-vue', join(import.meta.dirname, 'fixtures', 'hooks-edge.yaml'), {
      msw: true,
      hooks: { target: 'vue', suspense: true, auto_invalidate: true, infinite_query: true, stale_time: 1000, overrides: { tasks: { stale_time: 60_000, gc_time: 120_000 } } },
    });
    const config = (await import(join(project.out, 'client-config.ts'))) as { configureClient: (c: { baseUrl: string }) => void };
    config.configureClient({ baseUrl: BASE });
    hooks = (await import(join(project.out, 'hooks.ts'))) as Module;
    testUtils = (await import(join(project.out, 'test-utils.ts'))) as typeof testUtils;
    handlers = ((await import(join(project.out, 'handlers.ts'))) as { handlers: HttpHandler[] }).handlers;
    ApiError = ((await import(join(project.out, 'client.ts'))) as { ApiError: typeof ApiError }).ApiError;
  });
  beforeEach(() => server.use(...handlers));

  /** Runs `use` in the setup of a component rendered inside the generated wrapper; returns what it returned. */
  function mount<T>(use: () => T, queryClient = testUtils.createTestQueryClient()): { result: T; queryClient: QueryClient } {
    let result: T | undefined;
    const Host = defineComponent({
      setup() {
        result = use();
        return () => null;
      },
    });
    render(testUtils.createWrapper(queryClient), { slots: { default: Host } });
    return { result: result as T, queryClient };
  }

  it('fetches a list with its params under the key of the key factory', async () => {
    const { result, queryClient } = mount(() => hooks['useListTasks']!({ status: 'open' }) as QueryRefs);
    await waitFor(() => expect(result.isSuccess.value).toBe(true));
    expect(requests).toEqual(['GET /api/api/v1/tasks?status=open']);
    expect(hooks['taskKeys'].listTasks({ status: 'open' })).toEqual(['tasks', 'listTasks', { status: 'open' }]);
    expect(queryClient.getQueryData(['tasks', 'listTasks', { status: 'open' }])).toEqual(result.data.value);
    const query = queryClient.getQueryCache().find({ queryKey: ['tasks', 'listTasks', { status: 'open' }] });
    expect([(query?.options as { staleTime?: number }).staleTime, query?.gcTime]).toEqual([60_000, 120_000]);
  });

  it('holds a detail query back while its ref is null, and fetches when the ref gets an id', async () => {
    server.use(http.get(`${BASE}/api/v1/tasks/:taskId`, ({ params }) => HttpResponse.json(task(Number(params['taskId'])))));
    const id = ref<number | null>(null);
    const { result } = mount(() => hooks['useGetTask']!(id) as QueryRefs);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([result.status.value, result.fetchStatus.value]).toEqual(['pending', 'idle']);
    expect(requests).toEqual([]);
    id.value = 7;
    await nextTick();
    await waitFor(() => expect(result.data.value).toEqual(task(7)));
    expect(requests).toEqual(['GET /api/api/v1/tasks/7']);
  });

  it("lets the caller's enabled replace the guard (a getter of options)", async () => {
    server.use(http.get(`${BASE}/api/v1/tasks/:taskId`, ({ params }) => HttpResponse.json(task(Number(params['taskId'])))));
    const enabled = ref(false);
    const { result } = mount(() => hooks['useGetTask']!(3, () => ({ enabled: enabled.value })) as QueryRefs);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.fetchStatus.value).toBe('idle');
    enabled.value = true;
    await waitFor(() => expect(result.data.value).toEqual(task(3)));
  });

  it('fetches a second page, feeding the page parameter from pageParam', async () => {
    server.use(
      http.get(`${BASE}/api/v1/tasks`, ({ request }) => {
        const token = new URL(request.url).searchParams.get('page_token');
        return token === 'p2' ? HttpResponse.json({ items: [task(3)], nextPageToken: null }) : HttpResponse.json({ items: [task(1), task(2)], nextPageToken: 'p2' });
      }),
    );
    const { result } = mount(
      () =>
        hooks['useListTasksInfinite']!(
          { status: 'done' },
          { initialPageParam: 'p1', getNextPageParam: (last: { nextPageToken: string | null }) => last.nextPageToken ?? undefined },
        ) as QueryRefs,
    );
    await waitFor(() => expect(result.hasNextPage.value).toBe(true));
    await result.fetchNextPage();
    await waitFor(() => expect(result.data.value.pages).toHaveLength(2));
    expect(result.data.value.pageParams).toEqual(['p1', 'p2']);
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
    const { result } = mount(() => ({ detail: hooks['useGetTask']!(5) as QueryRefs, update: hooks['useUpdateTask']!({ onSuccess }) as QueryRefs }), queryClient);
    await waitFor(() => expect(result.detail.data.value?.title).toBe('v0'));
    await result.update.mutateAsync({ taskId: 5, body: { title: 'renamed' } });
    expect(seen).toEqual([{ data: { id: 5, title: 'renamed', status: 'open' }, variables: { taskId: 5, body: { title: 'renamed' } }, detail: 'v1', list: true }]);
    expect(requests).toEqual(['GET /api/api/v1/tasks/5', 'PUT /api/api/v1/tasks/5', 'GET /api/api/v1/tasks/5']);
  });

  it('renders a suspense composable awaited in an async setup under <Suspense>, its data defined', async () => {
    server.use(http.get(`${BASE}/api/v1/tasks/:taskId`, ({ params }) => HttpResponse.json(task(Number(params['taskId']), 'from suspense'))));
    const seen: unknown[] = [];
    const Task = defineComponent({
      async setup() {
        const query = (await hooks['useSuspenseGetTask']!(9)) as QueryRefs;
        seen.push(query.data.value);
        return () => h('p', (query.data.value as { title: string }).title);
      },
    });
    const App = defineComponent({ setup: () => () => h('div', [h(Suspense, null, { default: () => h(Task), fallback: () => h('p', 'loading') })]) });
    render(testUtils.createWrapper(testUtils.createTestQueryClient()), { slots: { default: App } });
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('from suspense')).toBeTruthy();
    expect(seen).toEqual([task(9, 'from suspense')]);
    expect(requests).toEqual(['GET /api/api/v1/tasks/9']);
  });

  it('rejects a suspense composable with the ApiError when the request fails', async () => {
    server.use(http.get(`${BASE}/api/v1/tasks/:taskId`, () => HttpResponse.json({ title: 'Not found' }, { status: 404 })));
    const errors: unknown[] = [];
    const Task = defineComponent({
      async setup() {
        await hooks['useSuspenseGetTask']!(404);
        return () => h('p', 'loaded');
      },
    });
    const App = defineComponent({
      errorCaptured: (error) => {
        errors.push(error);
        return false;
      },
      setup: () => () => h('div', [h(Suspense, null, { default: () => h(Task), fallback: () => h('p', 'loading') })]),
    });
    render(testUtils.createWrapper(testUtils.createTestQueryClient()), { slots: { default: App } });
    await waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toBeInstanceOf(ApiError);
    expect(errors[0]).toMatchObject({ status: 404, body: { title: 'Not found' } });
    expect(screen.queryByText('loaded')).toBeNull();
  });

  it('gives a test query client without retries and with gc time 0', () => {
    expect(testUtils.createTestQueryClient().getDefaultOptions()).toEqual({ queries: { retry: false, gcTime: 0 }, mutations: { retry: false } });
  });
});
