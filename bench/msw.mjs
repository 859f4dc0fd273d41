#!/usr/bin/env node
/**
 * Speed of openapi-msw on GitHub's REST spec (issue 3 §4).
 *
 *   node bench/msw.mjs [--runs 5] [--spec path] [--tsc]
 *
 * 1. The openapi-msw command writes a formatted handlers.ts, `--runs` times, each in a fresh
 *    process: median wall time (and CPU time) and peak RSS.
 * 2. One more in-process run splits the CPU time into loading the spec, building the code tree,
 *    printing it and formatting it (prettier, or the core's fast path when it applies).
 * 3. With `--tsc`: `tsc --noEmit` of handlers.ts under the strict flag set (TypeScript 5.9 and 7).
 *
 * Targets: generation under 3 s and under 1 GB. Build first (`pnpm build`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT as root, benchArgs } from './args.mjs';

const values = benchArgs({
  options: {
    tsc: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const spec = values.spec;
const dir = join(root, '.tmp', 'bench-msw');
const out = join(dir, 'src', 'mocks');
rmSync(dir, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-msw', private: true, type: 'module' }));
writeFileSync(join(dir, 'openapi-msw.config.json'), JSON.stringify({ input_openapi: spec, output: 'src/mocks' }));

// Reports the child's peak RSS and CPU time on stderr when it exits: CPU time tells a slow program
// from a busy machine (other processes stretch wall time, not CPU time).
const REPORT_USAGE = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('\\n@@usage '+u.maxRSS+' '+(u.userCPUTime+u.systemCPUTime)+'\\n')})`;

/** Runs `node <args>`: wall time (ms), CPU time (ms), peak RSS (MiB), exit code and output. */
function timed(args, cwd = dir) {
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

console.log(`machine load average: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
const cli = join(root, 'packages/openapi-msw/bin/openapi-msw.js');
const samples = [];
for (let i = 0; i < runs; i++) {
  rmSync(join(out, 'handlers.ts'), { force: true }); // every run writes the file
  const run = must(timed([cli]), 'openapi-msw');
  samples.push(run);
  console.log(`  run ${i + 1}: ${s(run.ms)} (CPU ${s(run.cpu)}), peak RSS ${mib(run.rss)}`);
}
const handlersSize = statSync(join(out, 'handlers.ts')).size;

// In-process split of one run: where the time goes.
const phases = must(
  timed(
    [
      '--input-type=module',
      '-e',
      `
    import { performance } from 'node:perf_hooks';
    import { createFormatter, loadModel, printModuleSource } from '@specwright/core';
    import { buildHandlersModule } from '@specwright/openapi-msw';
    // CPU time per phase (user + system, ms): what a busy machine does not stretch.
    const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    const c0 = cpu();
    const model = await loadModel(${JSON.stringify(spec)});
    const c1 = cpu();
    const { module } = buildHandlersModule(model, { seed: 42, maxArrayItems: 3, depthCap: 30, baseUrl: '*' });
    const c2 = cpu();
    const source = printModuleSource(module);
    const c3 = cpu();
    const formatter = await createFormatter(${JSON.stringify(out)});
    await formatter.formatModule(module, ${JSON.stringify(join(out, 'handlers.ts'))});
    const c4 = cpu();
    console.log(JSON.stringify({ operations: model.operations.length, schemas: model.schemas.length, load: c1 - c0, build: c2 - c1, print: c3 - c2, printedBytes: source.length, format: c4 - c3 }));
    `,
    ],
    join(root, 'packages/openapi-msw'),
  ),
  'phases',
);
const split = JSON.parse(phases.stdout);
const generation = { median: median(samples.map((r) => r.ms)), cpu: median(samples.map((r) => r.cpu)), rss: Math.max(...samples.map((r) => r.rss)) };

console.log('');
console.log(`GitHub REST spec: ${split.operations} operations, ${split.schemas} schemas; handlers.ts ${(handlersSize / 1024).toFixed(0)} KiB`);
console.log(`generation (openapi-msw, formatted, median of ${runs}): ${s(generation.median)} (CPU ${s(generation.cpu)}), peak RSS ${mib(generation.rss)}   target < 3 s, < 1 GB`);
console.log(`  in-process split (CPU time): load spec ${s(split.load)}, build tree ${s(split.build)}, print ${s(split.print)}, format ${s(split.format)}`);

const report = { spec, runs, operations: split.operations, handlersBytes: handlersSize, generation, split, tsc: {} };
if (values.tsc) {
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
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
      },
      files: ['src/mocks/handlers.ts'],
    }),
  );
  for (const [label, pkg] of [
    ['5.9', 'typescript'],
    ['7', 'typescript7'],
  ]) {
    const tsc = timed([join(root, 'node_modules', pkg, 'bin', 'tsc'), '-p', dir, '--pretty', 'false']);
    report.tsc[label] = { ms: tsc.ms, rss: tsc.rss, code: tsc.code };
    // TypeScript 7's compiler is a native binary behind a node shim: the shim's RSS is not its own.
    const usage = pkg === 'typescript' ? `, peak RSS ${mib(tsc.rss)}` : '';
    console.log(`tsc --noEmit handlers.ts, TypeScript ${label}: ${s(tsc.ms)}${usage}, exit ${tsc.code}`);
    if (tsc.code !== 0) process.stdout.write(`${tsc.stdout.split('\n').slice(0, 20).join('\n')}\n`);
  }
}
console.log(`\n${JSON.stringify(report)}`);
