#!/usr/bin/env node
/**
 * The daily loop (issue 17): one `specwright` run for all four generators, and `--watch`.
 *
 *   node bench/specwright.mjs [--runs 3] [--spec path] [--no-hey-api] [--watch-edits 3] [--input-schema] [--yaml]
 *
 * 1. `specwright` on GitHub's REST spec, all four sections (fastify router), formatted, in a fresh
 *    process each run: median wall and CPU time, peak RSS. Paired in the same invocation with
 *    hey-api 0.99 (`@hey-api/openapi-ts`, the bench's pinned devDependency) writing zod schemas, a
 *    fetch SDK, TanStack Query hooks, fastify types and MSW handlers, formatted with prettier: the
 *    runs alternate, so both meet the same machine load.
 * 2. `specwright --watch` on petstore and on GitHub: a one-line edit (a description) is saved and
 *    the time from the save to the run's line (the last file written) is taken, `--watch-edits`
 *    times; the line's own figure (first change seen to last file written) is shown beside it, and
 *    the CPU time the watch process spent (Linux), which load does not inflate.
 *
 * `--yaml` runs on the spec written as YAML (by `yaml`'s `stringify`, into the bench directory).
 * `--input-schema` gives zod_ts and server a user-owned schema file (created by an untimed first
 * run, outside `src`, so each timed run reads it): the runs then also parse that file.
 *
 * Goals: under 4 s and 500 MB on an idle 2-core machine, at least 10x hey-api, watch under 150 ms
 * (petstore) and 1.5 s (GitHub). Build first (`pnpm build`).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { GNU_TIME, median, timeNode, writeAllFourConfig, writeSpecAsYaml } from './process-tree.mjs';
import { ROOT as root, benchArgs, specwrightBin } from './args.mjs';

const values = benchArgs({
  runs: '3',
  options: {
    'no-hey-api': { type: 'boolean', default: false },
    'watch-edits': { type: 'string', default: '3' },
    'input-schema': { type: 'boolean', default: false },
    yaml: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const dir = join(root, '.tmp', 'bench-specwright');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-specwright', private: true, type: 'module' }));
const cli = specwrightBin();
// hey-api's real entry: its `bin/run.js` only spawns `node dist/run.mjs` and waits, so timing the
// bin would add a process start and measure the wrapper's memory, not hey-api's.
const heyApi = join(root, 'node_modules/@hey-api/openapi-ts/dist/run.mjs');

if (!GNU_TIME) console.log('no GNU time: CPU and RSS are those of the node process only (not of the children hey-api spawns)');

/** `node <args>` in `cwd`, timed as a process tree; a failure ends the bench with its output. */
function timed(args, cwd, env = process.env) {
  try {
    return timeNode(args, { cwd, env });
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mib = (x) => `${Math.round(x)} MiB`;
const summary = (label, samples) =>
  console.log(`${label}: median ${s(median(samples.map((r) => r.ms)))} wall, CPU ${s(median(samples.map((r) => r.cpu)))}, peak RSS ${mib(Math.max(...samples.map((r) => r.rss)))}`);

console.log(`machine load average: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);

// 1. One run of all four, paired with hey-api.
const one = join(dir, 'one');
let spec = values.spec;
if (values.yaml) spec = writeSpecAsYaml(values.spec, join(dir, 'spec.yaml'));
const userSchemaFile = values['input-schema'] ? 'user/schemas.ts' : undefined;
writeAllFourConfig(one, spec, userSchemaFile);
// The first run creates the user's schema file; the timed runs read it.
if (userSchemaFile) timed([cli], one);
const heyDir = join(dir, 'hey-api');
mkdirSync(heyDir, { recursive: true });
writeFileSync(
  join(heyDir, 'openapi-ts.config.mjs'),
  `export default { input: ${JSON.stringify(spec)}, output: { path: 'src/client', postProcess: ['prettier'] }, plugins: ['@hey-api/client-fetch', { name: '@hey-api/sdk', validator: true }, 'zod', '@tanstack/react-query', 'fastify', 'msw'] };\n`,
);
// hey-api runs `prettier` from PATH, as in a project with prettier installed.
const heyEnv = { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}` };
const ours = [];
const theirs = [];
for (let i = 0; i < runs; i++) {
  rmSync(join(one, 'src'), { recursive: true, force: true });
  const run = timed([cli], one);
  ours.push(run);
  console.log(`  specwright run ${i + 1}: ${s(run.ms)} (CPU ${s(run.cpu)}), peak RSS ${mib(run.rss)}`);
  if (values['no-hey-api']) continue;
  rmSync(join(heyDir, 'src'), { recursive: true, force: true });
  const their = timed([heyApi, '-f', 'openapi-ts.config.mjs'], heyDir, heyEnv);
  theirs.push(their);
  console.log(`  hey-api run ${i + 1}: ${s(their.ms)} (CPU ${s(their.cpu)}), peak RSS ${mib(their.rss)}`);
}
summary(`specwright, GitHub${values.yaml ? ' as YAML' : ''}, all four, formatted${userSchemaFile ? ', with a user schema file' : ''}`, ours);
if (theirs.length > 0) {
  summary('hey-api 0.99 + prettier', theirs);
  console.log(`ratio: specwright takes ${((100 * median(ours.map((r) => r.ms))) / median(theirs.map((r) => r.ms))).toFixed(1)}% of hey-api's wall time (${(median(theirs.map((r) => r.ms)) / median(ours.map((r) => r.ms))).toFixed(1)}x faster)`);
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux); NaN elsewhere. Under
 * load the wall time of a rerun mostly measures the other processes; its CPU time does not.
 */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

function readOrEmpty(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

// 2. --watch: a one-line edit, from the save to the run's line.
async function watchLatency(label, spec, edit) {
  const project = join(dir, `watch-${label}`);
  const copy = join(project, 'spec', spec.endsWith('.json') ? 'spec.json' : 'spec.yaml');
  mkdirSync(join(project, 'spec'), { recursive: true });
  cpSync(spec, copy);
  writeAllFourConfig(project, 'spec/' + copy.split('/').pop());
  const child = spawn(process.execPath, [cli, '--watch'], { cwd: project, stdio: ['ignore', 'ignore', 'pipe'] });
  let lines = [];
  let notify = () => {};
  let buffer = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop();
    for (const line of parts) if (/files changed/.test(line) || /error/.test(line)) (lines.push(line), notify());
  });
  const nextLine = () => new Promise((resolve) => (notify = () => resolve(lines.at(-1))));
  await nextLine();
  const original = readFileSync(copy, 'utf8');
  const samples = [];
  const cpus = [];
  for (let i = 0; i < Number(values['watch-edits']); i++) {
    const waiting = nextLine();
    const cpuBefore = cpuOf(child.pid);
    const saved = performance.now();
    writeFileSync(copy, edit(original, i));
    const line = await waiting;
    const ms = performance.now() - saved;
    const cpu = cpuOf(child.pid) - cpuBefore;
    samples.push(ms);
    cpus.push(cpu);
    console.log(`  ${label} edit ${i + 1}: ${Math.round(ms)} ms from save to the line "${line}"${Number.isNaN(cpu) ? '' : `, CPU of the watch process ${Math.round(cpu)} ms`}`);
  }
  const peak = /VmHWM:\s*(\d+) kB/.exec(readOrEmpty(`/proc/${child.pid}/status`))?.[1];
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  if (peak !== undefined) console.log(`  ${label}: peak RSS of the watch process ${mib(Number(peak) / 1024)}`);
  console.log(`specwright --watch, ${label}, one-line edit: median ${Math.round(median(samples))} ms${Number.isNaN(median(cpus)) ? '' : `, CPU median ${Math.round(median(cpus))} ms (all threads of the watch process)`}`);
}

// The first operation's summary (one line of the file) gets a counter: it reaches the client's and
// the hooks' doc comments, so the run rewrites files.
await watchLatency('petstore', join(root, 'fixtures/specs/petstore-3.1.yaml'), (text, i) => text.replace(/summary: (.*)/, `summary: $1 (edit ${i + 1})`));
await watchLatency('github', values.spec, (text, i) => text.replace(/"summary":\s*"([^"]*)"/, `"summary":"$1 (edit ${i + 1})"`));
