#!/usr/bin/env node
/**
 * How long the test suite takes, per file, in wall time and in CPU time (user + sys of vitest,
 * its workers and everything they spawn: tsc, npm, Chromium ...).
 *
 *   node bench/test-suite.mjs                 # the whole suite in one run, as `pnpm test` runs it
 *   node bench/test-suite.mjs --each [files]  # every file (or the named ones) alone, one after another
 *
 * The whole-suite run gives the real figure (total wall and CPU) and each file's wall time from
 * vitest's JSON report; files run in parallel there, so only the total CPU is known. `--each`
 * runs one `vitest run <file>` per file and gives each file's own CPU time, the figure that stays
 * meaningful on a busy machine (each run includes vitest's global setup: the incremental build and
 * the examples' code generation). Both print the files sorted, slowest first. Build first
 * (`pnpm build`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const { values, positionals } = parseArgs({ options: { each: { type: 'boolean', default: false } }, allowPositionals: true });

/** Runs vitest under bash, whose `times` reports the CPU time of all the children it waited for. */
function timedVitest(args) {
  const command = `"${process.execPath}" "${vitest}" run ${args.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ')} >&2; code=$?; times; exit $code`;
  const started = performance.now();
  const result = spawnSync('bash', ['-c', command], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 });
  const wall = (performance.now() - started) / 1000;
  // `times` prints the shell's own user/sys, then its children's: "1m2.345s 0m6.789s".
  const children = result.stdout.trim().split('\n').at(-1) ?? '';
  const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
  return { code: result.status ?? -1, wall, cpu, log: result.stderr };
}

/** The test files vitest would run, relative to the repository. */
function listFiles(filters) {
  const dir = mkdtempSync(join(tmpdir(), 'test-suite-'));
  const result = spawnSync(process.execPath, [vitest, 'list', '--filesOnly', `--json=${join(dir, 'files.json')}`, ...filters], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`vitest list failed:\n${result.stdout}${result.stderr}`);
  const listed = JSON.parse(readFileSync(join(dir, 'files.json'), 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  return [...new Set(listed.map((entry) => relative(root, entry.file)))].sort();
}

const seconds = (s) => `${s.toFixed(1).padStart(7)} s`;
const header = () => console.log(`${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} at start`);

if (values.each) {
  header();
  const rows = [];
  for (const file of listFiles(positionals)) {
    const run = timedVitest([file]);
    rows.push({ file, ...run });
    if (run.code !== 0) process.stderr.write(`${run.log.split('\n').slice(-40).join('\n')}\n`);
    process.stderr.write(`${run.code === 0 ? 'pass' : 'FAIL'} ${file}: wall ${run.wall.toFixed(1)} s, CPU ${run.cpu.toFixed(1)} s\n`);
  }
  rows.sort((a, b) => b.cpu - a.cpu);
  console.log(`${'CPU'.padStart(9)} ${'wall'.padStart(9)}  file`);
  for (const row of rows) console.log(`${seconds(row.cpu)} ${seconds(row.wall)}  ${row.code === 0 ? '' : 'FAIL '}${row.file}`);
  const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
  console.log(`${seconds(sum('cpu'))} ${seconds(sum('wall'))}  total of ${rows.length} separate runs`);
  process.exitCode = rows.some((row) => row.code !== 0) ? 1 : 0;
} else {
  header();
  const dir = mkdtempSync(join(tmpdir(), 'test-suite-'));
  const report = join(dir, 'report.json');
  const run = timedVitest(['--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...positionals]);
  process.stderr.write(run.log.split('\n').slice(-12).join('\n'));
  const { testResults, numTotalTests } = JSON.parse(readFileSync(report, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  const start = Math.min(...testResults.map((r) => r.startTime));
  const rows = testResults
    .map((r) => ({ file: relative(root, r.name), wall: (r.endTime - r.startTime) / 1000, began: (r.startTime - start) / 1000, status: r.status }))
    .sort((a, b) => b.wall - a.wall);
  console.log(`${'wall'.padStart(9)} ${'began at'.padStart(9)}  file`);
  for (const row of rows) console.log(`${seconds(row.wall)} ${seconds(row.began)}  ${row.status === 'passed' ? '' : `${row.status.toUpperCase()} `}${row.file}`);
  console.log(`${positionals.length > 0 ? 'these files' : 'whole suite'}: ${numTotalTests} tests in ${rows.length} files, wall ${run.wall.toFixed(1)} s, CPU ${run.cpu.toFixed(1)} s`);
  process.exitCode = run.code;
}
