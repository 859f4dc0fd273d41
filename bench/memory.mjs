#!/usr/bin/env node
/**
 * Peak memory of one `specwright` run (issue 17): all four sections (fastify router), formatted, as
 * in bench/specwright.mjs, on Microsoft Graph beta (47 MB, 22,361 operations) by default.
 *
 *   node bench/memory.mjs [--runs 1] [--spec path] [--keep] [--node-option=--heap-growing-percent=50]
 *
 * Each run is a fresh process; it prints wall and CPU time, peak RSS (`process.resourceUsage()
 * .maxRSS`) and one SHA-256 over every output file (path and bytes, sorted by path), so a change
 * meant only for memory can prove the outputs did not move. Goal: under 1.5 GiB peak on Graph
 * beta. Build first (`pnpm build`). Slow (minutes under load): run it niced, one at a time.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT as root, benchArgs, corpusSpec, specwrightBin } from './args.mjs';

const values = benchArgs({
  runs: '1',
  spec: corpusSpec('microsoft.com/graph-beta.json'),
  options: {
    keep: { type: 'boolean', default: false },
    // A V8 or node flag for the measured process (NODE_OPTIONS refuses V8 heap flags).
    'node-option': { type: 'string', multiple: true, default: [] },
  },
});
const project = join(root, '.tmp', 'bench-memory');
rmSync(project, { recursive: true, force: true });
mkdirSync(project, { recursive: true });
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'bench-memory', private: true, type: 'module' }));
writeFileSync(
  join(project, 'specwright.config.json'),
  JSON.stringify({ input_openapi: values.spec, zod_ts: { output: 'src/api' }, server: { framework: 'fastify' }, react_query: {}, msw: { output: 'src/mocks' } }),
);
const cli = specwrightBin();
const REPORT_USAGE = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('\\n@@usage '+u.maxRSS+' '+(u.userCPUTime+u.systemCPUTime)+'\\n')})`;

/** Every file under `dir`, sorted by path, hashed with its path. */
function hashTree(dir) {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  let bytes = 0;
  for (const file of files) {
    const content = readFileSync(file);
    bytes += content.length;
    hash.update(`${relative(dir, file)}\0${content.length}\0`).update(content);
  }
  return { files: files.length, bytes, sha256: hash.digest('hex') };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`spec: ${relative(root, values.spec)}; machine load average: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
const samples = [];
for (let i = 0; i < Number(values.runs); i++) {
  rmSync(join(project, 'src'), { recursive: true, force: true });
  const start = performance.now();
  const result = spawnSync(process.execPath, [...values['node-option'], '--import', REPORT_USAGE, cli], { cwd: project, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (result.status !== 0) {
    process.stderr.write(`specwright failed (exit ${result.status}):\n${result.stdout}${result.stderr.slice(-4000)}\n`);
    process.exit(1);
  }
  // The bin starts the generation in a second node (src/launch.ts), which inherits the --import:
  // each process reports; the peak is the larger one's, the CPU the sum.
  const usages = [...result.stderr.matchAll(/@@usage (\d+) (\d+)/g)];
  if (usages.length === 0) throw new Error('no usage report from the measured processes');
  const run = { ms, cpu: usages.reduce((sum, u) => sum + Number(u[2]), 0) / 1000, rss: Math.max(...usages.map((u) => Number(u[1]))) / 1024 };
  samples.push(run);
  const out = hashTree(join(project, 'src'));
  console.log(
    `  run ${i + 1}: ${(run.ms / 1000).toFixed(1)} s wall (CPU ${(run.cpu / 1000).toFixed(1)} s), peak RSS ${Math.round(run.rss)} MiB; ${out.files} files, ${out.bytes} bytes, sha256 ${out.sha256}`,
  );
}
const peak = Math.max(...samples.map((r) => r.rss));
console.log(
  `specwright, all four, formatted: median ${(median(samples.map((r) => r.ms)) / 1000).toFixed(1)} s wall, CPU ${(median(samples.map((r) => r.cpu)) / 1000).toFixed(1)} s, peak RSS ${Math.round(peak)} MiB (${(peak / 1024).toFixed(2)} GiB; goal < 1.5 GiB)`,
);
if (!values.keep) rmSync(project, { recursive: true, force: true });
