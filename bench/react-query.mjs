#!/usr/bin/env node
/**
 * Speed of openapi-react-query on GitHub's REST spec (issue 5 §3).
 *
 *   node bench/react-query.mjs [--runs 5] [--spec path] [--no-tsc]
 *
 * 1. openapi-zod-ts writes the client once (not timed here: that is its own bench).
 * 2. The openapi-react-query command writes hooks.ts and test-utils.ts, `--runs` times, each in a
 *    fresh process: median wall time, median CPU time and peak RSS. One more in-process run splits
 *    the time into loading the spec, building the code tree and formatting.
 * 3. `tsc --noEmit` (TypeScript 5.9, then 7) of the client and the hooks together, under the strict
 *    flag set of DECISIONS: wall time (and for 5.9, CPU time and peak RSS).
 *
 * Targets: generation under 3 s, tsc under 45 s; each figure is printed against its target (wall
 * time decides; CPU time tells a slow program from a busy machine). Exits 1 when a generator
 * fails or tsc reports an error; a missed target is reported, not an exit status, since a loaded
 * machine can miss it. Build first (`pnpm build`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT as root, benchArgs } from './args.mjs';

const values = benchArgs({
  options: {
    'no-tsc': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const spec = values.spec;
const dir = join(root, '.tmp', 'bench-react-query');
const out = join(dir, 'src', 'api');
rmSync(dir, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-react-query', private: true, type: 'module' }));

// Reports the child's peak RSS and CPU time on stderr when it exits, whatever it runs. CPU time
// tells a slow program from a busy machine (other processes stretch wall time, not CPU time).
const REPORT_USAGE = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('\\n@@usage '+u.maxRSS+' '+(u.userCPUTime+u.systemCPUTime)+'\\n')})`;

/** Runs `node <args>`: wall time (ms), CPU time (ms), peak RSS (MiB), exit code and output. */
function timed(args, cwd = dir) {
  const start = performance.now();
  const result = spawnSync(process.execPath, ['--import', REPORT_USAGE, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - start;
  const usage = /@@usage (\d+) (\d+)/.exec(result.stderr);
  const rss = Number(usage?.[1] ?? NaN) / 1024;
  const cpu = Number(usage?.[2] ?? NaN) / 1000;
  return { ms, cpu, rss, code: result.status, stdout: result.stdout, stderr: result.stderr.replace(/\n?@@usage \d+ \d+\n/, '') };
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
const TARGETS = { generation: 3000, tsc: 45_000 };
/** `target < 3 s: met` (or `MISSED`), for a wall time in ms. */
const against = (ms, target) => `target < ${target / 1000} s: ${ms < target ? 'met' : 'MISSED'}`;

writeFileSync(join(dir, 'openapi-zod-ts.config.json'), JSON.stringify({ input_openapi: spec, output: 'src/api' }));
writeFileSync(join(dir, 'openapi-react-query.config.json'), JSON.stringify({ input_openapi: spec, output: 'src/api' }));

const zod = must(timed([join(root, 'packages/openapi-zod-ts/bin/openapi-zod-ts.js')]), 'openapi-zod-ts');
console.log(`openapi-zod-ts (client, once): ${s(zod.ms)} (CPU ${s(zod.cpu)}), peak RSS ${mib(zod.rss)}`);
console.log(`machine load average: ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);

const cli = join(root, 'packages/openapi-react-query/bin/openapi-react-query.js');
const samples = [];
for (let i = 0; i < runs; i++) {
  if (i > 0) rmSync(join(out, 'hooks.ts'), { force: true }); // every run writes the file
  const run = must(timed([cli]), 'openapi-react-query');
  samples.push(run);
  console.log(`  run ${i + 1}: ${s(run.ms)} (CPU ${s(run.cpu)}), peak RSS ${mib(run.rss)}`);
}
const warnings = samples[0].stderr.split('\n').filter((line) => line.includes('warning')).length;
const hooksSize = statSync(join(out, 'hooks.ts')).size;

// In-process split of one run: where the time goes.
const phases = must(
  timed([
    '--input-type=module',
    '-e',
    `
    import { createFormatter, loadModel } from '@specwright/core';
    import { generateModules } from '@specwright/openapi-react-query';
    // CPU time per phase (user + system, ms): wall time on a busy machine says little.
    const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    const t0 = cpu();
    const model = await loadModel(${JSON.stringify(spec)});
    const t1 = cpu();
    const modules = generateModules(model);
    const t2 = cpu();
    const formatter = await createFormatter(${JSON.stringify(out)});
    const { report } = await formatter.formatModuleWithReport(modules.hooks, ${JSON.stringify(join(out, 'hooks.ts'))});
    const t3 = cpu();
    console.log(JSON.stringify({ operations: model.operations.length, load: t1 - t0, build: t2 - t1, format: t3 - t2, formatPath: report.path, prettierStatements: report.prettierStatements }));
    `,
  ], join(root, 'packages/openapi-react-query')),
  'phases',
);
const split = JSON.parse(phases.stdout);

const generation = { median: median(samples.map((r) => r.ms)), cpu: median(samples.map((r) => r.cpu)), rss: Math.max(...samples.map((r) => r.rss)) };
console.log('');
console.log(`${spec.endsWith('api.github.com.json') ? 'GitHub REST spec' : spec}: ${split.operations} operations; hooks.ts ${(hooksSize / 1024 / 1024).toFixed(1)} MiB; ${warnings} warning lines`);
console.log(
  `generation (openapi-react-query, median of ${runs}): wall ${s(generation.median)}, CPU ${s(generation.cpu)}, peak RSS ${mib(generation.rss)}   ${against(generation.median, TARGETS.generation)}`,
);
console.log(`  in-process split (CPU): load spec ${s(split.load)}, build tree ${s(split.build)}, format ${s(split.format)} (${split.formatPath} path, ${split.prettierStatements} statements by prettier)`);

const report = { spec, runs, operations: split.operations, hooksBytes: hooksSize, generation, split, tsc: {}, targets: TARGETS, loadavg: (await import('node:os')).loadavg() };
let tscErrors = false;
if (!values['no-tsc']) {
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
        module: 'ESNext',
        moduleResolution: 'Bundler',
      },
      files: ['src/api/client.ts', 'src/api/hooks.ts', 'src/api/test-utils.ts'],
    }),
  );
  // The client alone first: the difference is what the hooks cost the type checker.
  writeFileSync(join(dir, 'tsconfig.client.json'), JSON.stringify({ extends: './tsconfig.json', files: ['src/api/client.ts'] }));
  const alone = timed([join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.client.json'), '--pretty', 'false']);
  report.tsc.clientAlone = { ms: alone.ms, cpu: alone.cpu, rss: alone.rss, code: alone.code };
  console.log(`tsc --noEmit client alone, TypeScript 5.9: wall ${s(alone.ms)}, CPU ${s(alone.cpu)}, peak RSS ${mib(alone.rss)}, exit ${alone.code}`);
  if (alone.code !== 0) {
    tscErrors = true;
    process.stdout.write(alone.stdout.split('\n').slice(0, 20).join('\n') + '\n');
  }
  for (const [label, pkg] of [
    ['5.9', 'typescript'],
    ['7', 'typescript7'],
  ]) {
    const tsc = timed([join(root, 'node_modules', pkg, 'bin', 'tsc'), '-p', dir, '--pretty', 'false']);
    const errors = (tsc.stdout.match(/error TS/g) ?? []).length;
    report.tsc[label] = { ms: tsc.ms, cpu: tsc.cpu, rss: tsc.rss, code: tsc.code, errors };
    // TypeScript 7's compiler is a native binary started by a node shim: its CPU and RSS are not the shim's.
    const usage = pkg === 'typescript' ? `, CPU ${s(tsc.cpu)}, peak RSS ${mib(tsc.rss)}` : '';
    console.log(
      `tsc --noEmit client + hooks, TypeScript ${label}: wall ${s(tsc.ms)}${usage}, exit ${tsc.code}, ${errors} errors   ${against(tsc.ms, TARGETS.tsc)}`,
    );
    if (tsc.code !== 0) {
      tscErrors = true;
      process.stdout.write(tsc.stdout.split('\n').slice(0, 20).join('\n') + '\n');
    }
  }
}
console.log(`\n${JSON.stringify(report)}`);
if (tscErrors) {
  process.stderr.write('tsc reported errors in the generated client and hooks\n');
  process.exit(1);
}
