import { describe, expect, it } from 'vitest';
import { treeArbitraries } from './format-arbitrary.js';
import { CONFIGS, assertFastEqualsPrettier, fuzzSeed } from './format-harness.js';

const RUNS = Number(process.env.FORMAT_PROPERTY_RUNS ?? 60);
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
