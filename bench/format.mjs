#!/usr/bin/env node
/**
 * Formatting speed: plain prettier (`prettier.format(printModuleSource(module))` until stable)
 * against the fast path (`code/print-doc.ts`, the code tree printed straight to prettier's doc
 * format), on the modules openapi-zod-ts emits for a spec (default: GitHub's REST spec).
 *
 *   node bench/format.mjs [--runs 5] [--spec path] [--config default|consumer] [--module schema-types.ts] [--parallel]
 *
 * Every run is a fresh process (as the command line is: no warm JIT), which builds the code trees
 * (not timed) and formats them once; reported per path: the median formatting wall time of the
 * runs, the largest peak RSS of the processes, the output size, how many statements the fast path
 * left to prettier, and whether both paths gave the same bytes. Build first (`pnpm build`).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT as root, benchArgs } from './args.mjs';

const values = benchArgs({
  options: {
    config: { type: 'string', default: 'default' },
    module: { type: 'string', multiple: true },
    child: { type: 'string' },
    parallel: { type: 'boolean', default: false },
  },
});

const CONFIGS = {
  default: {},
  consumer: { singleQuote: true, semi: false, printWidth: 100, tabWidth: 4, trailingComma: 'es5', bracketSpacing: false, arrowParens: 'avoid' },
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (values.child) await child(values.child);
else parent();

async function child(path) {
  const core = await import('@specwright/core');
  const zod = await import('@specwright/openapi-zod-ts');
  const base = join(root, '.tmp');
  mkdirSync(base, { recursive: true });
  const outputDir = mkdtempSync(join(base, 'bench-format-'));
  writeFileSync(join(outputDir, '.prettierrc.json'), JSON.stringify(CONFIGS[values.config] ?? {}));
  const model = await core.loadModel(values.spec);
  const planned = await zod.emitModules(model, { outputDir });
  const selected = values.module ? planned.filter((p) => values.module.some((name) => p.path.endsWith(name))) : planned;
  const formatter = await core.createFormatter(outputDir, { fastPath: path === 'fast', parallel: values.parallel });
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const texts = [];
  let fallbacks = 0;
  for (const { path: file, module } of selected) {
    const { text, report } = await formatter.formatModuleWithReport(module, file);
    texts.push(text);
    fallbacks += report.prettierStatements;
  }
  const ms = performance.now() - start;
  const cpuUsed = process.cpuUsage(cpuStart);
  const cpu = (cpuUsed.user + cpuUsed.system) / 1000;
  const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const hash = createHash('sha256').update(texts.join('\u0000')).digest('hex');
  process.stdout.write(JSON.stringify({ ms, cpu, bytes, hash, fallbacks, rss: process.resourceUsage().maxRSS / 1024, modules: selected.length }));
}

function parent() {
  const results = {};
  for (const path of ['prettier', 'fast']) {
    const args = [import.meta.filename, '--child', path, '--spec', values.spec, '--config', values.config, ...(values.parallel ? ['--parallel'] : []), ...(values.module ?? []).flatMap((m) => ['--module', m])];
    const runs = [];
    for (let run = 0; run < Number(values.runs); run++) {
      const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      if (result.status !== 0) {
        process.stderr.write(`${path} run failed:\n${result.stderr}\n`);
        process.exit(1);
      }
      runs.push(JSON.parse(result.stdout));
    }
    results[path] = { ...runs[0], times: runs.map((r) => r.ms), cpus: runs.map((r) => r.cpu), rss: Math.max(...runs.map((r) => r.rss)), sameEveryRun: runs.every((r) => r.hash === runs[0].hash) };
  }
  const { prettier, fast } = results;
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
  const rows = [
    ['path', 'median wall', 'median CPU', 'wall of each run', 'peak RSS', 'output', 'stmts to prettier'],
    ['prettier', s(median(prettier.times)), s(median(prettier.cpus)), prettier.times.map(s).join(' '), `${Math.round(prettier.rss)} MiB`, mb(prettier.bytes), '-'],
    ['fast', s(median(fast.times)), s(median(fast.cpus)), fast.times.map(s).join(' '), `${Math.round(fast.rss)} MiB`, mb(fast.bytes), String(fast.fallbacks)],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  process.stdout.write(`spec: ${values.spec}\nconfig: ${values.config}, modules: ${fast.modules}, runs: ${values.runs}\n`);
  for (const row of rows) process.stdout.write(`${row.map((cell, i) => cell.padEnd(widths[i])).join('  ')}\n`);
  process.stdout.write(`ratio (prettier / fast): ${(median(prettier.times) / median(fast.times)).toFixed(1)}x wall, ${(median(prettier.cpus) / median(fast.cpus)).toFixed(1)}x CPU (load average ${loadavg()[0].toFixed(1)})\n`);
  process.stdout.write(`identical output: ${prettier.hash === fast.hash && prettier.sameEveryRun && fast.sameEveryRun ? 'yes' : 'NO'}\n`);
  if (prettier.hash !== fast.hash) process.exitCode = 1;
}
