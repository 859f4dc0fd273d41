// Bundles the `specwright` command: `packages/specwright/dist/cli.bundle.js`, which
// `bin/specwright.js` runs, and `dist/fast-worker.js`, the worker thread the bundled formatter
// starts. Run after `tsc -b tsconfig.build.json` (the root `build`), from the compiled dist/.
//
// Why: loading the command's 144 workspace modules one by one took about a twentieth of a run on
// GitHub's spec; one file loads in one step (bench/v8-settings.mjs). Only the workspace's own
// packages go in; every other package stays an import, resolved from @specwright/cli's own
// dependencies: the consumer's prettier must still be found at run time, and a copied library
// would have to ship its licence. The bundle lies in dist/ beside the compiled files, so that what
// the core finds next to its module (`../package.json` for the version, `./fast-worker.js` for the
// worker) is the command package's own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const cli = join(root, 'packages', 'specwright');
const manifest = JSON.parse(readFileSync(join(cli, 'package.json'), 'utf8'));

const workspaceOnly = {
  name: 'workspace-only',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, ({ path }) => (path.startsWith('@specwright/') ? undefined : { path, external: true }));
  },
};

const result = await build({
  entryPoints: {
    'cli.bundle': join(cli, 'dist', 'cli.js'),
    'fast-worker': join(root, 'packages', 'core', 'dist', 'format', 'fast-worker.js'),
  },
  outdir: join(cli, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  plugins: [workspaceOnly],
  metafile: true,
  logLevel: 'warning',
});

// What the bundle keeps as imports must resolve from the installed command package, and pnpm
// installs a package's dependencies only beside it. So the command package declares every
// dependency of each workspace package the bundle holds, at the same range: that covers the
// modules core loads lazily through `createRequire` (yaml, js-yaml), which esbuild cannot see.
const bundled = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
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
