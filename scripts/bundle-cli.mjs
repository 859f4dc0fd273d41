// Bundles the `specwright` command into packages/specwright/dist/:
// - `cli.bundle.cjs`, the command as one CommonJS script, which `bin/specwright.js` runs through
//   `run-script.ts` with a V8 code cache (a script, not an ES module, because node can cache only
//   a script's compiled functions after it ran);
// - `child-entry.cjs`, what the launcher's second node process runs: it runs that script;
// - `fast-worker.js`, the worker thread the bundled formatter starts, an ES module.
// Run after `tsc -b tsconfig.build.json` (the root `build`), from the compiled dist/.
//
// Why: loading the command's 144 workspace modules one by one took about a twentieth of a run on
// GitHub's spec; one file loads in one step (bench/v8-settings.mjs). The workspace's packages and
// zod go in (zod's 95 modules were loaded one by one in every run); zod's licence goes beside the
// bundle. Every other package stays an import, resolved from @specwright/cli's own dependencies:
// the consumer's prettier must still be found at run time. The bundle lies in dist/ beside the
// compiled files, so that what the core finds next to its module (`../package.json` for the
// version, `./fast-worker.js` for the worker) is the command package's own.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const cli = join(root, 'packages', 'specwright');
const manifest = JSON.parse(readFileSync(join(cli, 'package.json'), 'utf8'));

/** Packages bundled from node_modules: only these, besides the workspace's own. */
const BUNDLED_PACKAGES = new Set(['zod']);

/** Leaves every package an import except the workspace's and `packages`. */
const bundling = (packages) => ({
  name: 'bundling',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, ({ path, kind }) => {
      // An entry point is a file (on Windows an absolute path such as C:\\...), not a package.
      if (kind === 'entry-point') return undefined;
      const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];
      return path.startsWith('@specwright/') || packages.has(name) ? undefined : { path, external: true };
    });
  },
});

const common = { absWorkingDir: root, outdir: join(cli, 'dist'), bundle: true, platform: 'node', target: 'node22', metafile: true, logLevel: 'warning' };
// CommonJS files: an `import.meta` would be empty in them, an error here.
const commonJs = { ...common, outExtension: { '.js': '.cjs' }, format: 'cjs', logOverride: { 'empty-import-meta': 'error' } };
const script = await build({
  ...commonJs,
  entryPoints: { 'cli.bundle': join(cli, 'dist', 'bundle-entry.js') },
  // run-script.ts runs the script with its own URL under this name (and `import()` as
  // `specwrightImport`).
  define: { 'import.meta.url': 'specwrightScriptUrl' },
  plugins: [bundling(BUNDLED_PACKAGES)],
});
// The second node process's entry (src/child-entry.ts, with run-script.ts and code-cache.ts) as
// CommonJS too: as ES modules, importing `node:fs` made node build its module facade, which reads
// every export, and its stream getters loaded node's streams (7 ms of each run's start).
const child = await build({ ...commonJs, entryPoints: { 'child-entry': join(cli, 'dist', 'child-entry.js') }, plugins: [bundling(new Set())] });
const worker = await build({
  ...common,
  entryPoints: { 'fast-worker': join(root, 'packages', 'core', 'dist', 'format', 'fast-worker.js') },
  format: 'esm',
  plugins: [bundling(new Set())],
});
const inputs = [script, child, worker].flatMap((built) => Object.keys(built.metafile.inputs));

// A script compiled with a code cache has no loader behind `import()`: the only one allowed is
// core's `importModule` fallback, which the script never reaches (it is handed `specwrightImport`).
const scriptText = readFileSync(join(cli, 'dist', 'cli.bundle.cjs'), 'utf8');
const dynamicImports = scriptText.split('\n').filter((line) => !line.trimStart().startsWith('//') && /\bimport\s*\(/.test(line));
if (dynamicImports.length !== 1 || !scriptText.includes(': import(specifier)')) {
  process.stderr.write(`bundle-cli: dist/cli.bundle.cjs has ${dynamicImports.length} import() calls; only core's importModule may hold one\n`);
  process.exit(1);
}

// The licences of the packages copied into the bundle, which their terms ask to go with the copy.
const copied = new Map();
for (const input of Object.keys(script.metafile.inputs)) {
  const at = input.lastIndexOf('node_modules/');
  if (at === -1) continue;
  const [scope, name] = input.slice(at + 'node_modules/'.length).split('/');
  const pkg = scope.startsWith('@') ? `${scope}/${name}` : scope;
  if (!copied.has(pkg)) copied.set(pkg, input.slice(0, at + 'node_modules/'.length + pkg.length));
}
const notices = [...copied].sort().map(([name, directory]) => {
  const dir = join(root, directory);
  const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return `${name} ${version} (${license})\n\n${readFileSync(join(dir, 'LICENSE'), 'utf8').trim()}\n`;
});
writeFileSync(join(cli, 'dist', 'cli.bundle.licenses.txt'), `dist/cli.bundle.cjs holds copies of these packages:\n\n${notices.join('\n')}`);

// What the bundle keeps as imports must resolve from the installed command package, and pnpm
// installs a package's dependencies only beside it. So the command package declares every
// dependency of each workspace package the bundle holds, at the same range: that covers the
// modules core loads lazily through `createRequire` (yaml, js-yaml), which esbuild cannot see.
const bundled = new Set();
for (const input of inputs) {
  const match = /(?:^|\/)packages\/([^/]+)\/dist\//.exec(input);
  if (match) bundled.add(match[1]);
}
const missing = new Map();
for (const name of [...bundled].sort()) {
  const dependencies = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')).dependencies ?? {};
  for (const [dependency, range] of Object.entries(dependencies)) {
    if (dependency.startsWith('@specwright/')) continue;
    if (manifest.dependencies?.[dependency] !== range) missing.set(`${dependency}@${range}`, [...(missing.get(`${dependency}@${range}`) ?? []), name]);
  }
}
if (missing.size > 0) {
  const list = [...missing].map(([dependency, names]) => `${dependency} (${names.join(', ')})`).join('; ');
  process.stderr.write(`bundle-cli: packages/specwright/package.json must list these dependencies of the bundled packages: ${list}\n`);
  process.exit(1);
}
