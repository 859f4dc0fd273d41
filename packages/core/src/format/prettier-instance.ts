import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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
    const manifestPath = require.resolve('prettier/package.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version?: string };
    if (manifest.version?.startsWith('3.')) {
      // `require.resolve` picks the CommonJS entry, whose namespace holds only `default`; the ESM
      // entry is the file the bundled copy loads, so the same one gives the same module instance.
      const esm = join(dirname(manifestPath), 'index.mjs');
      const loaded = (await import(pathToFileURL(existsSync(esm) ? esm : require.resolve('prettier')).href)) as Prettier & { default?: Prettier };
      const prettier = typeof loaded.resolveConfig === 'function' ? loaded : loaded.default;
      if (prettier && typeof prettier.format === 'function') return { prettier, version: manifest.version, own: true };
    }
  } catch {
    // Not resolvable from the output directory: the bundled one is used.
  }
  return { prettier: bundled, version: bundled.version, own: false };
}
