import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './vitest.sequencer.js';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.{ts,tsx}', 'examples/*/test/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '.tmp/**'],
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
  },
});
