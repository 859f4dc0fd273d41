import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The command-line tests run the built packages: bring dist/ and the `specwright` bundle up to
 * date once per test run. A package that does not compile fails its own tests; `pnpm install`
 * (prepare) and CI fail on it.
 */
export default function setup(): void {
  const root = import.meta.dirname;
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', join(root, 'tsconfig.build.json')], { encoding: 'utf8' });
  if (result.status !== 0) process.stderr.write(`build errors (tests of the affected packages will fail):\n${result.stdout}${result.stderr}`);
  // The `specwright` bin runs the bundle of those dist/ files: bundle them again too.
  const bundled = spawnSync(process.execPath, [join(root, 'scripts', 'bundle-cli.mjs')], { encoding: 'utf8' });
  if (bundled.status !== 0) process.stderr.write(`bundling the specwright command failed (its tests will fail):\n${bundled.stdout}${bundled.stderr}`);
  // The examples are built on generated code, which is not committed: regenerate it.
  for (const script of ['examples/auth-lab/scripts/generate.mjs', 'examples/pet-server/scripts/generate.mjs']) {
    const generated = spawnSync(process.execPath, [join(root, script)], { encoding: 'utf8' });
    if (generated.status !== 0) process.stderr.write(`${script} failed:\n${generated.stdout}${generated.stderr}`);
  }
}
