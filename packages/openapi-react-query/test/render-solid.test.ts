// @vitest-environment jsdom
/**
 * The Solid hooks (`target: "solid"`) through the shared behaviour suite, rendered with
 * @solidjs/testing-library's `renderHook` in the generated wrapper. Solid's reactive build needs
 * the `browser` export condition: the `solid` project of vitest.config.ts sets it for this file.
 */
import { cleanup, renderHook } from '@solidjs/testing-library';
import { createSignal } from 'solid-js';
import { targetSuite } from './support/target-suite.js';

targetSuite({
  target: 'solid',
  mount: (g, use, queryClient) => renderHook(use, { wrapper: g.testUtils.createWrapper(queryClient) }).result,
  read: (result) => result,
  input: (value) => () => value,
  cell: (initial) => {
    const [get, set] = createSignal(initial);
    return { input: get, set: (value) => set(() => value) };
  },
  cleanup,
});
