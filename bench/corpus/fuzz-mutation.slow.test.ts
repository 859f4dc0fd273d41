import { describe, expect, it } from 'vitest';
import { fuzzMutations } from '../../scripts/corpus/mutate.js';

/**
 * Mutated real specs (issue 7 §3): each of the four commands either succeeds or exits 1 with one
 * clear error line, no stack trace and no file changed. The commands run through the core's
 * command-line harness in-process (the code `bin/<command>.js` runs); then some of the mutations
 * that failed go through the real command lines, to prove the process's exit code and stderr.
 * Fixed seed and bounded runs; `pnpm corpus:fuzz --mutations N --seed S` runs longer.
 */
describe('mutated real specs', () => {
  it('40 mutations: each command succeeds, or exits 1 with a clear message and no file changed', async () => {
    const stats = await fuzzMutations({ seed: 7_2027, runs: 40, processChecks: 3 });
    expect(stats.runs).toBe(40);
    // The fuzzer must reach both outcomes, and the real command lines.
    expect(stats.failed).toBeGreaterThan(10);
    expect(stats.succeeded).toBeGreaterThan(10);
    expect(stats.processRuns).toBe(12);
  }, 600_000);
});
