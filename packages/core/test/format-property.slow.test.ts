import { describe, expect, it } from 'vitest';
import { treeArbitraries } from './format-arbitrary.js';
import { CONFIGS, assertFastEqualsPrettier, fuzzSeed } from './format-harness.js';

// 60 trees per config missed two mismatches that 157 and 345 trees found (test/asi.test.ts).
const RUNS = Number(process.env.FORMAT_PROPERTY_RUNS ?? 400);
const SEED = fuzzSeed(20261124);

describe('fast path equals prettier on random trees', () => {
  const { module } = treeArbitraries(3);
  for (const [name, config] of Object.entries(CONFIGS)) {
    it(`config ${name}`, async () => {
      const { compared, rejected } = await assertFastEqualsPrettier(module, config, { runs: RUNS, seed: SEED });
      expect(compared + rejected).toBe(RUNS);
    });
  }
});
