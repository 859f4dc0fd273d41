/**
 * The long fuzz run: `pnpm corpus:fuzz [--runs N] [--mutations N] [--seed S] [--tsc 7|5.9|both] [--keep]`.
 * The same properties as the tests in bench/corpus/, with more runs and any seed (default: a
 * random one, printed so that a failure can be replayed).
 */
import { parseArgs } from 'node:util';
import { fuzzPipeline } from './fuzz.js';
import { fuzzMutations } from './mutate.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    mutations: { type: 'string', default: '500' },
    seed: { type: 'string' },
    tsc: { type: 'string', default: 'both' },
    keep: { type: 'boolean', default: false },
  },
});
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const tsc = values.tsc === 'both' ? (['7', '5.9'] as const) : values.tsc === '5.9' ? (['5.9'] as const) : (['7'] as const);
process.stderr.write(`corpus:fuzz seed ${seed}\n`);
let failed = false;
try {
  const runs = Number(values.runs);
  if (runs > 0) {
    const result = await fuzzPipeline({ seed, runs, tsc: [...tsc], keep: values.keep });
    process.stderr.write(`pipeline: ${result.cases} specs, ${result.operations} operations, ${result.mockResponses} mock responses: all checks pass\n`);
  }
} catch (error) {
  failed = true;
  process.stderr.write(`pipeline: ${(error as Error).message}\n`);
}
try {
  const runs = Number(values.mutations);
  if (runs > 0) {
    const stats = await fuzzMutations({ seed, runs, processChecks: 4 });
    process.stderr.write(`mutations: ${stats.runs} mutated specs; ${stats.succeeded} command runs succeeded, ${stats.failed} exited 1 with a clear message; ${stats.processRuns} real command lines\n`);
  }
} catch (error) {
  failed = true;
  process.stderr.write(`mutations: ${(error as Error).message}\n`);
}
process.exit(failed ? 1 : 0);
