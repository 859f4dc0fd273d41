// @vitest-environment jsdom
/**
 * The SWR hooks (`target: "swr"`) as users meet them: generated beside the openapi-zod-ts client,
 * compiled strict against swr 2, and rendered with @testing-library/react in the generated
 * wrapper (a fresh cache per test) against the MSW handlers openapi-msw generates for the spec.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, typecheck } from '@specwright/testing';
import { act, cleanup, configure, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { Suspense, createElement, type ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generatedProject, generateInto, type GeneratedProject } from './support/generated-project.js';
import { useMswServer } from './support/msw-server.js';
import { importHandlers, type GeneratedHandlers, type MockRequest } from './support/operation-handlers.js';

const BASE = 'http://localhost/api';
configure({ asyncUtilTimeout: 15_000 });

/* eslint-disable @typescript-eslint/no-explicit-any -- the modules are generated at test time; the compile test proves their types */
type Module = Record<string, (...args: any[]) => any> & Record<string, any>;
type Wrapper = (props: { children?: ReactNode }) => ReactNode;

const { server, requests } = useMswServer(cleanup);
const task = (id: number, title = `task ${id}`) => ({ id, title, status: 'open' });
/** A resolver answering the task of the requested id. */
const echoTask = ({ params }: MockRequest) => task(Number(params['taskId']));

describe('target "swr" on the edge fixture (suspense, auto_invalidate, infinite_query, stale_time)', () => {
  let project: GeneratedProject;
  let hooks: Module;
  let createWrapper: () => Wrapper;
  let handlers: HttpHandler[];
  let mock: GeneratedHandlers['mock'];

  beforeAll(async () => {
    project = generatedProject('rq-swr', join(import.meta.dirname, 'fixtures', 'hooks-edge.yaml'), {
      // Routes under the base URL the client is given; typed with the client's types (as `specwright`
      // sets `types_dir`; relative to the config file, under configs/), which handler-overrides.ts relies on.
      msw: { base_url: BASE, types_dir: '../src/api' },
      hooks: { target: 'swr', suspense: true, auto_invalidate: true, infinite_query: true, stale_time: 1000 },
    });
    ((await import(join(project.out, 'client-config.ts'))) as { configureClient: (c: { baseUrl: string }) => void }).configureClient({ baseUrl: BASE });
    hooks = (await import(join(project.out, 'hooks.ts'))) as Module;
    ({ createWrapper } = (await import(join(project.out, 'test-utils.ts'))) as { createWrapper: () => Wrapper });
    ({ handlers, mock } = await importHandlers(project.out));
  });
  beforeEach(() => server.use(...handlers));

  it('compiles strict with its README example, the MSW overrides of the render tests and three more fixture specs (TypeScript 7, nodenext), importing swr and no TanStack package', () => {
    for (const name of ['petstore-3.1.yaml', 'features-3.1.yaml', 'hostile.yaml']) {
      generateInto(project, fixture(name), join('src', name.replace(/\W.*$/, '')), { hooks: { target: 'swr', suspense: true, auto_invalidate: true, infinite_query: true, stale_time: 5 } });
    }
    const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
    const example = /\n## SWR\n[\s\S]*?```tsx\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example, 'README.md: a tsx block under ## SWR').toContain("from './api/hooks.js'");
    project.write('src/readme-example.tsx', `/** @jsxImportSource react */\n${example!}`);
    // The per-operation overrides these tests pass, typed by this spec's handlers.ts (in the same compile).
    project.write('src/handler-overrides.ts', readFileSync(join(import.meta.dirname, 'types', 'handler-overrides.ts'), 'utf8'));
    project.tsconfig('nodenext');
    const result = typecheck(project.dir, '7');
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
    const source = readFileSync(join(project.out, 'hooks.ts'), 'utf8');
    expect(source).toMatch(/from ['"]swr['"]/);
    expect(source).not.toContain('@tanstack');
  });

  it('fetches under the key of the key factory; stale_time is the deduping interval', async () => {
    const wrapper = createWrapper();
    const { result } = renderHook(() => hooks['useListTasks']({ status: 'open' }), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(requests).toEqual(['GET /api/api/v1/tasks?status=open']);
    // A second hook on the same key within stale_time is served from the cache.
    const second = renderHook(() => hooks['useListTasks']({ status: 'open' }), { wrapper });
    expect(second.result.current.data).toEqual(result.current.data);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toHaveLength(1);
    expect(hooks['taskKeys'].listTasks({ status: 'open' })).toEqual(['tasks', 'listTasks', { status: 'open' }]);
  });

  it('each wrapper has a cache of its own', async () => {
    server.use(mock('getTask')(echoTask));
    const first = renderHook(() => hooks['useGetTask'](1), { wrapper: createWrapper() });
    await waitFor(() => expect(first.result.current.data).toEqual(task(1)));
    const second = renderHook(() => hooks['useGetTask'](1), { wrapper: createWrapper() });
    expect(second.result.current.data).toBeUndefined();
    await waitFor(() => expect(second.result.current.data).toEqual(task(1)));
    expect(requests).toEqual(['GET /api/api/v1/tasks/1', 'GET /api/api/v1/tasks/1']);
  });

  it('holds a detail query back (null key) while its id is null or enabled is false, and surfaces ApiError', async () => {
    server.use(mock('getTask')({ status: 404, body: { title: 'Not found' } }));
    const wrapper = createWrapper();
    const { result, rerender } = renderHook(({ id, enabled }: { id: number | null; enabled: boolean }) => hooks['useGetTask'](id, { enabled }), { wrapper, initialProps: { id: null as number | null, enabled: true } });
    rerender({ id: 4, enabled: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    expect(result.current.isLoading).toBe(false);
    rerender({ id: 4, enabled: true });
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(result.current.error).toMatchObject({ status: 404, body: { title: 'Not found' } });
    expect(requests).toEqual(['GET /api/api/v1/tasks/4']);
  });

  it('a mutation revalidates every key of its resource (mutate on the factory keys), then calls onSuccess', async () => {
    let listed = 0;
    server.use(
      // nextPageToken is given: a body is merged into the seeded page, which has one.
      mock('listTasks')(() => ({ items: [task(++listed)], nextPageToken: null })),
      mock('createTask')({ status: 201, body: task(99, 'new') }),
    );
    const order: string[] = [];
    const wrapper = createWrapper();
    const { result } = renderHook(
      () => ({ list: hooks['useListTasks'](undefined, { dedupingInterval: 0 }), create: hooks['useCreateTask']({ onSuccess: (data: unknown) => order.push(`onSuccess ${JSON.stringify(data)} after ${listed} lists`) }) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data).toEqual({ items: [task(1)], nextPageToken: null }));
    await act(async () => {
      await result.current.create.trigger({ title: 'new' });
    });
    await waitFor(() => expect(result.current.list.data).toEqual({ items: [task(2)], nextPageToken: null }));
    expect(order).toEqual([`onSuccess ${JSON.stringify(task(99, 'new'))} after 2 lists`]);
    expect(requests).toEqual(['GET /api/api/v1/tasks', 'POST /api/api/v1/tasks', 'GET /api/api/v1/tasks']);
  });

  it('useSWRInfinite pages with the page parameter from initialPageParam and getNextPageParam', async () => {
    server.use(
      mock('listTasks')(({ query }) => (query['page_token'] === 'p2' ? { items: [task(2)], nextPageToken: null } : { items: [task(1)], nextPageToken: 'p2' })),
    );
    const { result } = renderHook(
      () => hooks['useListTasksInfinite']({ status: 'open' }, { revalidateFirstPage: false, initialPageParam: 'p1', getNextPageParam: (last: { nextPageToken?: string | null }) => last.nextPageToken }),
      { wrapper: createWrapper() },
    );
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    await act(async () => {
      await result.current.setSize(2);
    });
    await waitFor(() => expect(result.current.data).toHaveLength(2));
    expect(result.current.data.map((page: { items: { id: number }[] }) => page.items[0]!.id)).toEqual([1, 2]);
    expect(requests).toEqual(['GET /api/api/v1/tasks?status=open&page_token=p1', 'GET /api/api/v1/tasks?status=open&page_token=p2']);
  });

  it('the suspense variant renders under <Suspense> with data defined (suspense: true)', async () => {
    server.use(mock('getTask')(echoTask));
    function Title(): ReactNode {
      const { data } = hooks['useSuspenseGetTask'](5);
      return createElement('p', null, data.title);
    }
    const Wrapper = createWrapper();
    const tree = createElement(Wrapper, null, createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Title)));
    await act(async () => {
      render(tree);
      await Promise.resolve();
    });
    expect(await screen.findByText('task 5')).toBeDefined();
    expect(requests).toEqual(['GET /api/api/v1/tasks/5']);
  });
});
