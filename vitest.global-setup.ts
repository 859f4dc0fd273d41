import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The command-line tests run the built packages: bring dist/ and the `specwright` bundle up to
 * date once per test run. A package that does not compile fails its own tests; `pnpm install`
 * (prepare) and CI fail on it. When no source, config, example spec or output changed since the
 * last setup that succeeded, nothing is rebuilt, so that one test file starts at once
 * (bench/one-test.mjs).
 */
export default function setup(): void {
  const root = import.meta.dirname;
  const stampFile = join(root, '.tmp', 'global-setup.stamp');
  const before = fingerprint(root);
  if (process.env['SPECWRIGHT_REBUILD'] !== '1' && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === before) return;
  let ok = true;
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', join(root, 'tsconfig.build.json')], { encoding: 'utf8' });
  if (result.status !== 0) {
    ok = false;
    process.stderr.write(`build errors (tests of the affected packages will fail):\n${result.stdout}${result.stderr}`);
  }
  // The `specwright` bin runs the bundle of those dist/ files: bundle them again too.
  const bundled = spawnSync(process.execPath, [join(root, 'scripts', 'bundle-cli.mjs')], { encoding: 'utf8' });
  if (bundled.status !== 0) {
    ok = false;
    process.stderr.write(`bundling the specwright command failed (its tests will fail):\n${bundled.stdout}${bundled.stderr}`);
  }
  // The examples are built on generated code, which is not committed: regenerate it.
  for (const script of ['examples/auth-lab/scripts/generate.mjs', 'examples/pet-server/scripts/generate.mjs']) {
    const generated = spawnSync(process.execPath, [join(root, script)], { encoding: 'utf8' });
    if (generated.status !== 0) {
      ok = false;
      process.stderr.write(`${script} failed:\n${generated.stdout}${generated.stderr}`);
    }
  }
  if (!ok) return;
  mkdirSync(join(root, '.tmp'), { recursive: true });
  writeFileSync(stampFile, fingerprint(root));
}

/**
 * What the setup reads and writes, as paths with modification times and sizes: the packages'
 * sources, manifests and dist/, the build's configs and scripts, and the examples' specs,
 * configs and sources (their generated code included).
 */
function fingerprint(root: string): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      hash.update(`${path} missing\n`);
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (name !== 'node_modules') add(join(path, name));
    } else hash.update(`${path} ${stat.mtimeMs} ${stat.size}\n`);
  };
  for (const file of ['package.json', 'tsconfig.base.json', 'tsconfig.build.json', 'pnpm-lock.yaml', 'scripts/bundle-cli.mjs', 'vitest.global-setup.ts']) add(join(root, file));
  for (const pkg of readdirSync(join(root, 'packages')).sort()) {
    for (const part of ['src', 'dist', 'package.json', 'tsconfig.json']) add(join(root, 'packages', pkg, part));
  }
  for (const app of readdirSync(join(root, 'examples')).sort()) {
    const dir = join(root, 'examples', app);
    for (const name of readdirSync(dir).sort()) if (name !== 'node_modules' && name !== 'test' && name !== 'dist') add(join(dir, name));
  }
  return hash.digest('hex');
}
