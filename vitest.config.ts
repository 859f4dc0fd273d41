import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './vitest.sequencer.js';

/** Test files that need a framework's browser build (its reactive one) under jsdom: their own projects below. */
const SOLID_TESTS = ['packages/openapi-react-query/test/render-solid.test.ts'];
const SVELTE_TESTS = ['packages/openapi-react-query/test/render-svelte.test.ts'];

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**', '.tmp/**'],
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/test/**/*.test.{ts,tsx}', 'examples/*/test/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', 'docs/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', '.tmp/**', ...SOLID_TESTS, ...SVELTE_TESTS],
        },
      },
      {
        // solid-js resolves to its server build (no reactivity) under Node's conditions; its browser build is inlined instead.
        extends: true,
        resolve: { conditions: ['browser', 'development'] },
        test: { name: 'solid', include: SOLID_TESTS, server: { deps: { inline: [/solid-js/, /@tanstack\/solid-query/, /@solidjs\/testing-library/] } } },
      },
      {
        // Svelte components and svelte-query's `.svelte.js` modules hold runes: the plugin compiles them, for the browser.
        extends: true,
        plugins: [svelte()],
        resolve: { conditions: ['browser', 'development'] },
        test: { name: 'svelte', include: SVELTE_TESTS, server: { deps: { inline: [/svelte/, /@tanstack\/svelte-query/, /@testing-library\/svelte/] } } },
      },
    ],
  },
});
