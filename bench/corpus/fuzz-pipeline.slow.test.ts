import { describe, expect, it } from 'vitest';
import { fuzzPipeline } from '../../scripts/corpus/fuzz.js';

/**
 * Random valid specs through the whole pipeline (issue 7 §3): every generator succeeds, the MSW
 * data parses with the client's schemas, both routers route every operation, and the output of
 * all the specs compiles under the strict flag set (one tsc project, TypeScript 7) and passes
 * prettier --check. Fixed seed and bounded runs; `pnpm corpus:fuzz --runs N --seed S` runs longer.
 */
describe('random valid specs through the whole pipeline', () => {
  it('30 specs: generation succeeds, mock data validates, routes match, the output compiles and is formatted', async () => {
    const result = await fuzzPipeline({ seed: 7_2026, runs: 30 });
    expect(result.cases).toBe(30);
    // The specs must exercise the checks, not pass them vacuously.
    expect(result.operations).toBeGreaterThan(60);
    expect(result.mockResponses).toBeGreaterThan(20);
  }, 600_000);
});
