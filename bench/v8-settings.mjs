#!/usr/bin/env node
/**
 * Why the `specwright` process runs as it does (packages/specwright/src/cli.ts, launch.ts,
 * heap-policy.ts, run-project.ts): one run of GitHub's spec, all four sections (fastify router),
 * formatted, with the command's settings, through the shipped bin (which adds the start of a
 * second node), and with one setting changed at a time, the variants alternating in fresh
 * processes, measured as process trees through GNU time:
 *
 *   node bench/v8-settings.mjs [--runs 3] [--spec path]
 *
 * - without the larger semi-spaces the bin's second node is started with, and with 48 MB ones;
 * - without the code cache the bin keeps of its bundle (packages/specwright/src/run-script.ts),
 *   with node's compile cache only;
 * - from the compiled modules (dist/cli.js), not the bundle the bin runs (scripts/bundle-cli.mjs),
 *   with node's compile cache;
 * - with no cache at all, as the first run after an install (a fresh compile cache directory each
 *   run, which the run fills);
 * - with TurboFan's inlining on (the command turns it off);
 * - with V8's allocation-site pretenuring on (the command turns it off);
 * - with V8's heap growth capped at 50% (the command caps it so in --watch, and at 30% for 20 MB specs);
 * - with a worker thread printing too (the default from 4 CPUs only).
 * - with TurboFan compiling on the main thread (`--no-concurrent-recompilation`): how much of the
 *   second CPU V8's optimizing compiler takes, the CPU a worker thread would compete with.
 *
 * Each variant but the two through the launcher runs `generateFromFile` of the built package with
 * the command's settings except the one named. Prints medians of wall, CPU and peak RSS (and the
 * largest peak), and each variant's time against the first. Build first (`pnpm build`); needs GNU
 * time.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GNU_TIME, median, timeNode, writeAllFourConfig } from './process-tree.mjs';
import { ROOT as root, benchArgs, specwrightBin } from './args.mjs';

const values = benchArgs({ runs: '3' });
if (!GNU_TIME) throw new Error('bench/v8-settings.mjs needs GNU time (/usr/bin/time) to measure the process tree');

const project = join(root, '.tmp', 'bench-v8-settings');
rmSync(project, { recursive: true, force: true });
mkdirSync(project, { recursive: true });
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'bench-v8-settings', private: true, type: 'module' }));
const config = writeAllFourConfig(project, values.spec);

// The flags the bin's second node is started with, and those the command sets in its process.
const launchUrl = pathToFileURL(join(root, 'packages/specwright/dist/launch.js')).href;
const { YOUNG_GENERATION_FLAGS: SEMI_SPACES } = await import(launchUrl);
const { COMMAND_V8_FLAGS } = await import(pathToFileURL(join(root, 'packages/specwright/dist/v8-settings.js')).href);
const without = (flag) => COMMAND_V8_FLAGS.filter((f) => f !== flag);
const generateUrl = pathToFileURL(join(root, 'packages/specwright/dist/index.js')).href;
const runScriptUrl = pathToFileURL(join(root, 'packages/specwright/dist/run-script.js')).href;
const bundle = join(root, 'packages/specwright/dist/cli.bundle.cjs');
// Node's compile cache as the launcher enables it (the temp directory's, or NODE_COMPILE_CACHE).
const ENABLE_COMPILE_CACHE = `const { enableCompileCache } = await import(${JSON.stringify(launchUrl)}); enableCompileCache();`;
/** A run as the command makes it, with `flags` set at start and `parallel` as given. */
const driver = (flags, parallel) => [
  '--input-type=module',
  '-e',
  `import { setFlagsFromString } from 'node:v8';
for (const flag of ${JSON.stringify(flags)}) setFlagsFromString(flag);
const { generateFromFile } = await import(${JSON.stringify(generateUrl)});
await generateFromFile(${JSON.stringify(config)}, { parallel: ${parallel} });`,
];
const variants = [
  { label: 'the command\'s settings', args: [...SEMI_SPACES, ...driver(COMMAND_V8_FLAGS, false)] },
  { label: 'as shipped (bin/specwright.js, which starts the second node)', args: [specwrightBin()] },
  { label: `without ${SEMI_SPACES.join(' ')}`, args: driver(COMMAND_V8_FLAGS, false) },
  // The semi-spaces the bin gave the second node before 2026-11-28.
  { label: 'with 48 MB semi-spaces', args: ['--min-semi-space-size=48', '--max-semi-space-size=48', ...driver(COMMAND_V8_FLAGS, false)] },
  {
    label: 'without the code cache of the bundle (compiled afresh each run)',
    args: [...SEMI_SPACES, '--input-type=module', '-e', `${ENABLE_COMPILE_CACHE} const { runCommandScript } = await import(${JSON.stringify(runScriptUrl)}); runCommandScript(${JSON.stringify(bundle)}, { codeCache: false });`],
  },
  {
    label: 'from the compiled modules, not the bundle (dist/cli.js)',
    args: [...SEMI_SPACES, '--input-type=module', '-e', `${ENABLE_COMPILE_CACHE} await import(${JSON.stringify(pathToFileURL(join(root, 'packages/specwright/dist/cli.js')).href)});`],
  },
  { label: 'as shipped, with no cache (a first run)', args: [specwrightBin()], freshCache: true },
  { label: 'with TurboFan inlining', args: [...SEMI_SPACES, ...driver(without('--no-turbo-inlining'), false)] },
  { label: 'with allocation-site pretenuring', args: [...SEMI_SPACES, ...driver(without('--no-allocation-site-pretenuring'), false)] },
  { label: 'with the heap growth capped at 50%', args: [...SEMI_SPACES, ...driver([...COMMAND_V8_FLAGS, '--heap-growing-percent=50'], false)] },
  { label: 'with a worker thread printing too', args: [...SEMI_SPACES, ...driver(COMMAND_V8_FLAGS, true)] },
  // A node option: V8 makes its compiler thread when it starts, before `setFlagsFromString` could act.
  { label: 'with TurboFan compiling on the main thread', args: [...SEMI_SPACES, '--no-concurrent-recompilation', ...driver(COMMAND_V8_FLAGS, false)] },
];

let freshCaches = 0;
function timed({ args, freshCache }) {
  rmSync(join(project, 'src'), { recursive: true, force: true });
  const env = freshCache ? { ...process.env, NODE_COMPILE_CACHE: join(project, `compile-cache-${freshCaches++}`) } : process.env;
  return timeNode(args, { cwd: project, env });
}

console.log(`specwright settings on ${values.spec.replace(`${root}/`, '')}, ${availableParallelism()} CPUs, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
const samples = variants.map(() => []);
for (let run = 0; run < Number(values.runs); run++) variants.forEach((variant, i) => samples[i].push(timed(variant)));
const base = median(samples[0].map((s) => s.ms));
variants.forEach((variant, i) => {
  const [ms, cpu, rss, most] = [median(samples[i].map((s) => s.ms)), median(samples[i].map((s) => s.cpu)), median(samples[i].map((s) => s.rss)), Math.max(...samples[i].map((s) => s.rss))];
  const against = i === 0 ? '' : ` (${((ms / base - 1) * 100).toFixed(0).replace(/^(?!-)/, '+')}% wall)`;
  console.log(`  ${variant.label}: median ${(ms / 1000).toFixed(2)} s wall, CPU ${(cpu / 1000).toFixed(2)} s, peak RSS ${Math.round(rss)} MiB (largest ${Math.round(most)})${against}`);
});
console.log(`load average after: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
