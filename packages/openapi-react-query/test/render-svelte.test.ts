// @vitest-environment jsdom
/**
 * The Svelte 5 functions (`target: "svelte"`) through the shared behaviour suite, called by a
 * component rendered with @testing-library/svelte inside the generated wrapper
 * (`svelte/Harness.svelte`). The `svelte` project of vitest.config.ts compiles the components and
 * svelte-query's runes with the Svelte plugin.
 */
import { cleanup, render } from '@testing-library/svelte';
import { expect, it } from 'vitest';
import { targetSuite } from './support/target-suite.js';
import Harness from './svelte/Harness.svelte';
import { cell } from './svelte/state.svelte.js';

targetSuite(
  {
    target: 'svelte',
    mount: (g, use, queryClient) => {
      let result: ReturnType<typeof use> | undefined;
      render(Harness, { props: { Wrapper: g.testUtils.createWrapper(queryClient), use, onResult: (r: unknown) => (result = r as typeof result) } });
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
