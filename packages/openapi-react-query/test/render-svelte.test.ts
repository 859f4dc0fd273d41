// @vitest-environment jsdom
/**
 * The Svelte 5 functions (`target: "svelte"`) through the shared behaviour suite, called by a
 * component (`svelte/HookHost.svelte`) rendered with @testing-library/svelte in the generated
 * wrapper: `render(HookHost, { props }, createWrapper(queryClient))`. The `svelte` project of
 * vitest.config.ts compiles the components and svelte-query's runes with the Svelte plugin.
 */
import { cleanup, render, setup } from '@testing-library/svelte';
import { beforeEach, expect, it } from 'vitest';
import { targetSuite } from './support/target-suite.js';
import HookHost from './svelte/HookHost.svelte';
import { cell } from './svelte/state.svelte.js';

// The testing library's `wrapper` option needs its setup before each render (its auto-setup needs vitest's globals).
beforeEach(setup);

targetSuite(
  {
    target: 'svelte',
    mount: (g, use, queryClient) => {
      let result: ReturnType<typeof use> | undefined;
      render(HookHost, { props: { use, onResult: (r: unknown) => (result = r as typeof result) } }, g.testUtils.createWrapper(queryClient));
      return result!;
    },
    read: (result) => result,
    input: (value) => () => value,
    cell: (initial) => {
      const state = cell(initial);
      return { input: () => state.value, set: (value) => (state.value = value) };
    },
    cleanup,
  },
  ({ g }) => {
    it('names the functions create<Operation>, after createQuery', () => {
      expect(Object.keys(g().hooks).filter((k) => k.startsWith('use'))).toEqual([]);
      expect(Object.keys(g().hooks)).toEqual(expect.arrayContaining(['createListTasks', 'createListTasksInfinite', 'createUpdateTask']));
    });
  },
);
