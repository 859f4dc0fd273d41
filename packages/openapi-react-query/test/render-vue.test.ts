// @vitest-environment jsdom
/**
 * The Vue composables (`target: "vue"`) through the shared behaviour suite, set up by a component
 * rendered with @testing-library/vue in the generated wrapper; and the suspense composables (the
 * query and the infinite one), awaited in an async `setup()` under a `<Suspense>` placed straight
 * in the wrapper's slot, as an app puts it at the root of its tree.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/vue';
import { Suspense, defineComponent, h, isRef, ref, type Ref } from 'vue';
import { expect, it } from 'vitest';
import { targetSuite, type Generated } from './support/target-suite.js';

/** Renders `use` in the setup of a component inside the generated wrapper. */
function mount<T>(g: Generated, use: () => T, queryClient: ReturnType<Generated['testUtils']['createTestQueryClient']>): T {
  let result: T | undefined;
  const Host = defineComponent({
    setup() {
      result = use();
      return () => null;
    },
  });
  render(g.testUtils.createWrapper(queryClient), { slots: { default: Host } });
  return result!;
}

/** A root component holding only `<Suspense>` around `child`, with a fallback. */
const underSuspense = (child: ReturnType<typeof defineComponent>, extra: object = {}) =>
  defineComponent({ ...extra, setup: () => () => h(Suspense, null, { default: () => h(child), fallback: () => h('p', 'loading') }) });

const task = (id: number, title: string) => ({ id, title, status: 'open' });

targetSuite(
  {
    target: 'vue',
    mount,
    read: (result: Record<string, unknown>) => Object.fromEntries(Object.entries(result).map(([k, v]) => [k, isRef(v) ? v.value : v])),
    input: (value) => value,
    cell: <T,>(initial: T) => {
      const cell = ref(initial) as Ref<T>;
      return { input: cell, set: (value: T) => (cell.value = value) };
    },
    cleanup,
  },
  ({ g, requests, server }) => {
    it('renders a suspense composable awaited in an async setup under <Suspense>, its data defined', async () => {
      server.use(g().mock('getTask')(({ params }) => task(Number(params['taskId']), 'from suspense')));
      const seen: unknown[] = [];
      const Task = defineComponent({
        async setup() {
          const query = (await g().hooks['useSuspenseGetTask']!(9)) as { data: Ref<{ title: string }> };
          seen.push(query.data.value);
          return () => h('p', query.data.value.title);
        },
      });
      const App = underSuspense(Task);
      render(g().testUtils.createWrapper(g().testUtils.createTestQueryClient()), { slots: { default: App } });
      expect(screen.getByText('loading')).toBeTruthy();
      expect(await screen.findByText('from suspense')).toBeTruthy();
      expect(seen).toEqual([task(9, 'from suspense')]);
      expect(requests).toEqual(['GET /api/api/v1/tasks/9']);
    });

    it('renders the suspense infinite composable with its first page, then fetches the next one', async () => {
      server.use(
        g().mock('listTasks')(({ query }) => (query['page_token'] === 'p2' ? { items: [task(3, 'c')], nextPageToken: null } : { items: [task(1, 'a'), task(2, 'b')], nextPageToken: 'p2' })),
      );
      type Page = { items: { title: string }[]; nextPageToken: string | null };
      let fetchNext: (() => Promise<unknown>) | undefined;
      const Tasks = defineComponent({
        async setup() {
          const pages = { initialPageParam: 'p1', getNextPageParam: (last: Page) => last.nextPageToken ?? undefined };
          const query = (await g().hooks['useSuspenseListTasksInfinite']!({ status: 'done' }, pages)) as { data: Ref<{ pages: Page[] }>; fetchNextPage: () => Promise<unknown> };
          fetchNext = query.fetchNextPage;
          return () => h('p', `titles: ${query.data.value.pages.flatMap((page) => page.items.map((item) => item.title)).join(',')}`);
        },
      });
      render(g().testUtils.createWrapper(g().testUtils.createTestQueryClient()), { slots: { default: underSuspense(Tasks) } });
      expect(screen.getByText('loading')).toBeTruthy();
      expect(await screen.findByText('titles: a,b')).toBeTruthy();
      await fetchNext!();
      expect(await screen.findByText('titles: a,b,c')).toBeTruthy();
      expect(requests).toEqual(['GET /api/api/v1/tasks?status=done&page_token=p1', 'GET /api/api/v1/tasks?status=done&page_token=p2']);
    });

    it('rejects a suspense composable with the ApiError when the request fails', async () => {
      server.use(g().mock('getTask')({ status: 404, body: { title: 'Not found' } }));
      const errors: unknown[] = [];
      const Task = defineComponent({
        async setup() {
          await g().hooks['useSuspenseGetTask']!(404);
          return () => h('p', 'loaded');
        },
      });
      const App = underSuspense(Task, {
        errorCaptured: (error: unknown) => {
          errors.push(error);
          return false;
        },
      });
      render(g().testUtils.createWrapper(g().testUtils.createTestQueryClient()), { slots: { default: App } });
      await waitFor(() => expect(errors).toHaveLength(1));
      expect(errors[0]).toBeInstanceOf(g().ApiError);
      expect(errors[0]).toMatchObject({ status: 404, body: { title: 'Not found' } });
      expect(screen.queryByText('loaded')).toBeNull();
    });
  },
);
