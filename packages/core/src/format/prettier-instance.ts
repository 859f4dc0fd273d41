import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as bundled from 'prettier';

export type Prettier = typeof bundled;

export interface PrettierInstance {
  prettier: Prettier;
  version: string;
  /** True when the consuming project's own prettier is used, false for the bundled one. */
  own: boolean;
}

/**
 * The consuming project's prettier when it resolves from the output directory and is version 3,
 * otherwise the bundled prettier 3 (DECISIONS).
 */
export async function resolvePrettier(outputDir: string): Promise<PrettierInstance> {
  try {
    const require = createRequire(join(outputDir, 'noop.js'));
    const manifest = JSON.parse(readFileSync(require.resolve('prettier/package.json'), 'utf8')) as { version?: string };
    if (manifest.version?.startsWith('3.')) {
      // Same file as the bundled copy → same module instance from the ESM cache.
      const prettier = (await import(pathToFileURL(require.resolve('prettier')).href)) as Prettier;
      return { prettier, version: manifest.version, own: true };
    }
  } catch {
    // Not resolvable from the output directory: the bundled one is used.
  }
  return { prettier: bundled, version: bundled.version, own: false };
}
