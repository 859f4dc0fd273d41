import { code as b, type Code } from '@specwright/core';
import { TANSTACK } from './hooks.js';

/**
 * Builds `test-utils.ts` (seed point 12): `createTestQueryClient()` (retries off, gc time 0) and
 * `createWrapper(queryClient)`, a provider component for `renderHook(..., { wrapper })`. The file
 * holds no spec text; it is a `.ts` file, so the provider is made with `createElement`.
 */
export function buildTestUtilsModule(header: string): Code.Module {
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
      b.importFrom(TANSTACK, ['QueryClient', 'QueryClientProvider']),
      b.importFrom('react', ['createElement', { name: 'ReactElement', typeOnly: true }, { name: 'ReactNode', typeOnly: true }]),
      createTestQueryClient,
      createWrapper,
    ],
  };
}
