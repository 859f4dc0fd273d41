// Times one small test file run through vitest when nothing changed since the last build (the
// global setup then skips the rebuild), against a run that rebuilds (SPECWRIGHT_REBUILD=1).
// Usage: node bench/one-test.mjs [--runs N] [test file]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs') ?? 'packages/core/test/naming.test.ts';
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');

function time(env) {
  const start = performance.now();
  const result = spawnSync(process.execPath, [vitest, 'run', file], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`vitest failed:\n${result.stdout}${result.stderr}`);
  return (performance.now() - start) / 1000;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
time({ SPECWRIGHT_REBUILD: '1' }); // brings the stamp up to date
const cached = Array.from({ length: runs }, () => time({}));
const rebuilt = Array.from({ length: runs }, () => time({ SPECWRIGHT_REBUILD: '1' }));
console.log(`${file}: nothing changed ${median(cached).toFixed(1)} s (median of ${runs}); with the rebuild ${median(rebuilt).toFixed(1)} s`);
