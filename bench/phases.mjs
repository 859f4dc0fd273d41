#!/usr/bin/env node
/**
 * The serial phases of one `specwright` run, before any printing: reading the spec, building the
 * model, and each generator's code trees (issue: GitHub's spec in ~1.7 s on 2 cores).
 *
 *   node --expose-gc bench/phases.mjs [--runs 5] [--spec path] [--base <dir with a copy of packages/>] [--metric cpu|wall]
 *
 * Each phase is timed in this process, `--runs` times; the median and the first (cold) run are
 * shown. With `--base`, an older build (a copy of `packages/` holding its `dist/` folders, with a
 * `node_modules` beside it) runs the same phases, alternating with this one in each round, so both
 * meet the same machine load; the code trees are also compared (printed without formatting), so a
 * change that alters output shows here. Build first (`pnpm build`).
 */
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ROOT as root, benchArgs } from './args.mjs';

const values = benchArgs({
  options: {
    base: { type: 'string' },
    metric: { type: 'string', default: 'cpu' },
  },
});
const runs = Number(values.runs);
// CPU time of the process (this thread, and the GC's helpers) is less swayed by other processes
// on a shared machine than wall time is.
const metric = values.metric;
const cpuMs = (usage) => (usage.user + usage.system) / 1000;

async function importBuild(packages) {
  const load = (name) => import(pathToFileURL(join(packages, name, 'dist/index.js')).href);
  const [core, zodTs, server, reactQuery, msw] = await Promise.all(['core', 'openapi-zod-ts', 'openapi-server', 'openapi-react-query', 'openapi-msw'].map(load));
  return { core, zodTs, server, reactQuery, msw };
}

const builds = [['new', await importBuild(join(root, 'packages'))]];
if (values.base) builds.push(['base', await importBuild(resolve(values.base, 'packages'))]);

const outputDir = join(root, '.tmp', 'bench-phases', 'src', 'api');
const mswOptions = { seed: 42, maxArrayItems: 3, depthCap: 30, baseUrl: '*', outputDir };

/** One run of every phase: ms per phase, and the code trees printed (for comparing builds). */
async function runPhases({ core, zodTs, server, reactQuery, msw }) {
  const times = {};
  const time = async (label, fn) => {
    const start = metric === 'cpu' ? process.cpuUsage() : performance.now();
    const result = await fn();
    times[label] = metric === 'cpu' ? cpuMs(process.cpuUsage(start)) : performance.now() - start;
    return result;
  };
  const spec = await time('loadSpecFile', () => core.loadSpecFile(values.spec, {}));
  const model = await time('buildModel', () => core.buildModel(spec));
  const zod = await time('zod-ts emitModules', () => zodTs.emitModules(model, { outputDir }));
  const routes = await time('server generateModules', () => server.generateModules(model, { framework: 'fastify' }));
  const hooks = await time('react-query generateModules', () => reactQuery.generateModules(model, reactQuery.DEFAULT_HOOKS_OPTIONS));
  const handlers = await time('msw buildHandlersModule', () => msw.buildHandlersModule(model, mswOptions));
  const modules = [...zod.map((planned) => planned.module), routes.service, routes.router, hooks.hooks, hooks.testUtils, handlers.module];
  return { times, printed: modules.map((module) => core.printModuleSource(module)) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`machine load average: ${loadavg().map((x) => x.toFixed(1)).join(' ')}; ${metric === 'cpu' ? 'CPU' : 'wall'} time per phase`);
const samples = new Map(builds.map(([name]) => [name, []]));
for (let round = 0; round < runs; round++) {
  const printed = [];
  // Alternate which build goes first, so neither always meets the other's garbage.
  for (const [name, build] of round % 2 === 0 ? builds : [...builds].reverse()) {
    // Under --expose-gc, the other build's garbage is collected before this one is timed.
    globalThis.gc?.();
    const result = await runPhases(build);
    samples.get(name).push(result.times);
    printed.push(result.printed);
  }
  if (printed.length === 2 && printed[0].some((text, i) => text !== printed[1][i])) {
    console.error('the builds print different code trees');
    process.exitCode = 1;
  }
}

const phases = Object.keys(samples.get('new')[0]);
const ms = (x) => `${Math.round(x)}`.padStart(6);
console.log(`${'phase'.padEnd(30)}${builds.map(([name]) => `${name} median`.padStart(14) + `${name} cold`.padStart(12)).join('')}`);
for (const phase of [...phases, 'total']) {
  const cells = builds.map(([name]) => {
    const values = samples.get(name).map((times) => (phase === 'total' ? phases.reduce((sum, p) => sum + times[p], 0) : times[phase]));
    return `${ms(median(values))} ms`.padStart(14) + `${ms(values[0])} ms`.padStart(12);
  });
  console.log(`${phase.padEnd(30)}${cells.join('')}`);
}
