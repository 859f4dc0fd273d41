import { code as b, type Code } from '@specwright/core';
import { ADAPTERS, type Target } from './target.js';

/**
 * Builds `test-utils.ts` (seed point 12): `createTestQueryClient()` (retries off, gc time 0) and
 * `createWrapper(queryClient)`, a provider component of the target's framework for its testing
 * library. The file holds no spec text; it is a `.ts` file, so no provider is written in JSX.
 */
export function buildTestUtilsModule(target: Target, header: string): Code.Module {
  const queryClient = b.tref('QueryClient');
  const createTestQueryClient = b.fn(
    'createTestQueryClient',
    [],
    [
      b.ret(
        b.newExpr('QueryClient', [
          b.obj([
            b.prop(
              'defaultOptions',
              b.obj([
                b.prop('queries', b.obj([b.prop('retry', b.bool(false)), b.prop('gcTime', b.num(0))])),
                b.prop('mutations', b.obj([b.prop('retry', b.bool(false))])),
              ]),
            ),
          ]),
        ]),
      ),
    ],
    {
      exported: true,
      returnType: queryClient,
      doc: 'A query client for tests: no retries, and queries are garbage-collected as soon as nothing uses them.',
    },
  );

  const pkg = ADAPTERS[target].package;
  if (target === 'swr') return { header, body: swrTestUtils() };
  if (target === 'vue') return { header, body: [b.importFrom(pkg, ['QueryClient', 'VUE_QUERY_CLIENT']), b.importFrom('vue', ['defineComponent', 'h', 'provide', { name: 'Component', typeOnly: true }]), createTestQueryClient, vueWrapper()] };
  if (target === 'solid') return { header, body: [b.importFrom(pkg, ['QueryClient', 'QueryClientProvider']), b.importFrom('solid-js', ['createComponent', 'mergeProps', { name: 'JSX', typeOnly: true }]), createTestQueryClient, solidWrapper()] };
  if (target === 'angular') return { header, body: [b.importFrom(pkg, ['QueryClient', 'provideTanStackQuery']), b.importFrom('@angular/core', [{ name: 'Provider', typeOnly: true }]), createTestQueryClient, angularWrapper()] };
  if (target === 'svelte') return { header, body: [b.importFrom(pkg, ['QueryClient', 'QueryClientProvider']), createTestQueryClient, svelteWrapper()] };

  const wrapper = b.fn(
    'Wrapper',
    [b.param('props', b.tobj([b.tprop('children', b.tref('ReactNode'), { optional: true })]))],
    [b.ret(b.call('createElement', [b.id('QueryClientProvider'), b.obj([b.prop('client', b.id('queryClient'))]), b.member(b.id('props'), 'children')]))],
    { returnType: b.tref('ReactElement') },
  );
  const createWrapper = b.fn('createWrapper', [b.param('queryClient', queryClient, { default: b.call('createTestQueryClient') })], [wrapper, b.ret(b.id('Wrapper'))], {
    exported: true,
    returnType: b.tfn([b.param('props', b.tobj([b.tprop('children', b.tref('ReactNode'), { optional: true })]))], b.tref('ReactElement')),
    doc: [
      'A provider of `queryClient` for rendering hooks in tests:',
      '`renderHook(() => useGetMe(), { wrapper: createWrapper(queryClient) })`.',
    ].join('\n'),
  });

  return {
    header,
    body: [
      b.importFrom(pkg, ['QueryClient', 'QueryClientProvider']),
      b.importFrom('react', ['createElement', { name: 'ReactElement', typeOnly: true }, { name: 'ReactNode', typeOnly: true }]),
      createTestQueryClient,
      createWrapper,
    ],
  };
}

const clientParam = () => b.param('queryClient', b.tref('QueryClient'), { default: b.call('createTestQueryClient') });

/**
 * Vue: a component that provides the client to its default slot: `render(createWrapper(queryClient), { slots: { default: Component } })`.
 * The slot renders inside a `<div>`: @testing-library/vue moves the app's children out of the
 * element Vue mounted them in, so a `<Suspense>` at the root of the tree would resolve into that
 * detached element (`NotFoundError`); inside the div it keeps its container.
 */
function vueWrapper(): Code.Stmt {
  const setup = b.arrow(
    [b.param('_props'), b.param('context')],
    [
      b.exprStmt(b.call('provide', [b.id('VUE_QUERY_CLIENT'), b.id('queryClient')])),
      b.ret(b.arrow([], b.call('h', [b.str('div'), { k: 'call', callee: b.path('context.slots.default'), args: [], optional: true }]))),
    ],
  );
  return b.fn('createWrapper', [clientParam()], [b.ret(b.call('defineComponent', [setup]))], {
    exported: true,
    returnType: b.tref('Component'),
    doc: 'A provider of `queryClient` for rendering composables in tests:\n`render(createWrapper(queryClient), { slots: { default: ComponentUsingHooks } })`.',
  });
}

/** Solid: a provider component for `renderHook(() => useGetMe(), { wrapper })`; `mergeProps` keeps `children` lazy, so they run inside the provider. */
function solidWrapper(): Code.Stmt {
  const propsType = b.tobj([b.tprop('children', b.tref('JSX.Element'), { optional: true })]);
  const wrapper = b.fn(
    'Wrapper',
    [b.param('props', propsType)],
    [b.ret(b.call('createComponent', [b.id('QueryClientProvider'), b.call('mergeProps', [b.id('props'), b.obj([b.prop('client', b.id('queryClient'))])])]))],
    { returnType: b.tref('JSX.Element') },
  );
  return b.fn('createWrapper', [clientParam()], [wrapper, b.ret(b.id('Wrapper'))], {
    exported: true,
    returnType: b.tfn([b.param('props', propsType)], b.tref('JSX.Element')),
    doc: 'A provider of `queryClient` for rendering hooks in tests:\n`renderHook(() => useGetMe(), { wrapper: createWrapper(queryClient) })`.',
  });
}

/**
 * Svelte 5: the render options of @testing-library/svelte's `wrapper` (`render(Component, { props },
 * createWrapper(queryClient))`), which mounts the adapter's `QueryClientProvider` around the
 * component. Svelte has no public API for a component written outside a `.svelte` file; calling
 * `QueryClientProvider` with Svelte's internals from a function would lean on its compiled calling
 * convention, so the testing library mounts the provider instead.
 */
function svelteWrapper(): Code.Stmt {
  const optionsType = b.tobj([b.tprop('wrapper', b.ttypeof('QueryClientProvider')), b.tprop('wrapperProps', b.tobj([b.tprop('client', b.tref('QueryClient'))]))]);
  const options = b.obj([b.prop('wrapper', b.id('QueryClientProvider')), b.prop('wrapperProps', b.obj([b.prop('client', b.id('queryClient'))]))]);
  return b.fn('createWrapper', [clientParam()], [b.ret(options)], {
    exported: true,
    returnType: optionsType,
    doc: 'Render options that mount `QueryClientProvider` with `queryClient` around the component under test:\n`render(ComponentUsingHooks, { props }, createWrapper(queryClient))` with @testing-library/svelte.',
  });
}

/**
 * Angular: the providers of Angular's testing module that give the hooks `queryClient`:
 * `TestBed.configureTestingModule({ providers: createWrapper(queryClient) })`, then
 * `TestBed.runInInjectionContext(() => injectGetMe())` or a component the test bed creates.
 */
function angularWrapper(): Code.Stmt {
  return b.fn('createWrapper', [clientParam()], [b.ret(b.call('provideTanStackQuery', [b.id('queryClient')]))], {
    exported: true,
    returnType: b.tref('Array', [b.tref('Provider')]),
    doc: 'Providers of `queryClient` for Angular\'s testing module:\n`TestBed.configureTestingModule({ providers: createWrapper(queryClient) })`.',
  });
}

/**
 * SWR: no query client; `createWrapper()` is an `SWRConfig` whose cache is a fresh `Map` (each call,
 * so each test, has its own), without retries or deduping: `renderHook(() => useGetMe(), { wrapper: createWrapper() })`.
 */
function swrTestUtils(): Code.Stmt[] {
  const propsType = b.tobj([b.tprop('children', b.tref('ReactNode'), { optional: true })]);
  const value = b.obj([
    b.prop('provider', b.arrow([], b.id('cache'))),
    b.prop('dedupingInterval', b.num(0)),
    b.prop('shouldRetryOnError', b.bool(false)),
  ]);
  const wrapper = b.fn('Wrapper', [b.param('props', propsType)], [b.ret(b.call('createElement', [b.id('SWRConfig'), b.obj([b.prop('value', value)]), b.member(b.id('props'), 'children')]))], {
    returnType: b.tref('ReactElement'),
  });
  const createWrapper = b.fn('createWrapper', [], [b.constDecl('cache', b.newExpr('Map'), { type: b.tref('Map', [b.kw('string'), b.tref('State')]) }), wrapper, b.ret(b.id('Wrapper'))], {
    exported: true,
    returnType: b.tfn([b.param('props', propsType)], b.tref('ReactElement')),
    doc: 'A provider with an empty SWR cache of its own, for rendering hooks in tests:\n`renderHook(() => useGetMe(), { wrapper: createWrapper() })`.',
  });
  return [
    b.importFrom('swr', ['SWRConfig', { name: 'State', typeOnly: true }]),
    b.importFrom('react', ['createElement', { name: 'ReactElement', typeOnly: true }, { name: 'ReactNode', typeOnly: true }]),
    createWrapper,
  ];
}
