import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** The command-line tests run the built packages: bring dist/ up to date once per test run. */
export default function setup(): void {
  const root = import.meta.dirname;
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
}
