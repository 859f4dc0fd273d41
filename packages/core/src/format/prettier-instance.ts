import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importModule } from '../import-module.js';

export type Prettier = typeof import('prettier');

let bundledPrettier: Promise<Prettier> | undefined;
/** The bundled prettier, loaded on first use (its ES module entry, as a project's own is loaded). */
const loadBundled = (): Promise<Prettier> =>
  (bundledPrettier ??= importModule<Prettier>('prettier').catch((error: unknown) => {
    // Not kept: a watch session asks again on its next run.
    bundledPrettier = undefined;
    throw error;
  }));

export interface PrettierInstance {
  prettier: Prettier;
  version: string;
  /** True when the consuming project's own prettier is used, false for the bundled one. */
  own: boolean;
}

export interface ResolveOptions {
  /**
   * Told when the project's prettier is not version 3 and the bundled one formats instead.
   * @default a line on stderr
   */
  warn?: ((message: string) => void) | undefined;
}

/** The default way to warn: a line on stderr. */
export const stderrWarning = (message: string) => process.stderr.write(`warning: ${message}\n`);

/**
 * The consuming project's prettier when it resolves from the output directory and is version 3,
 * otherwise the bundled prettier 3 (DECISIONS); a project's prettier of another major version
 * (prettier 2) is named in a warning, since its config may then format differently.
 */
export async function resolvePrettier(outputDir: string, options: ResolveOptions = {}): Promise<PrettierInstance> {
  try {
    const require = createRequire(join(outputDir, 'noop.js'));
    const manifestPath = require.resolve('prettier/package.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version?: string };
    if (typeof manifest.version === 'string' && !manifest.version.startsWith('3.')) {
      (options.warn ?? stderrWarning)(`the project's prettier ${manifest.version} (${dirname(manifestPath)}) is not prettier 3: formatting with the bundled prettier ${(await loadBundled()).version}`);
    }
    if (manifest.version?.startsWith('3.')) {
      // `require.resolve` picks the CommonJS entry, whose namespace holds only `default`; the ESM
      // entry is the file the bundled copy loads, so the same one gives the same module instance.
      const esm = join(dirname(manifestPath), 'index.mjs');
      const loaded = await importModule<Prettier & { default?: Prettier }>(pathToFileURL(existsSync(esm) ? esm : require.resolve('prettier')).href);
      const prettier = typeof loaded.resolveConfig === 'function' ? loaded : loaded.default;
      if (prettier && typeof prettier.format === 'function') return { prettier, version: manifest.version, own: true };
    }
  } catch {
    // Not resolvable from the output directory: the bundled one is used.
  }
  const bundled = await loadBundled();
  return { prettier: bundled, version: bundled.version, own: false };
}
