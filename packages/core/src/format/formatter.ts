import type { Module } from '../code/ast.js';
import { printModuleSource } from '../code/print-source.js';
import { SpecwrightError } from '../errors.js';
import { resolvePrettier, type PrettierInstance } from './prettier-instance.js';

export interface Formatter {
  readonly prettier: PrettierInstance;
  /** Formats a generated module for the file it will be written to. */
  formatModule(module: Module, filePath: string): Promise<string>;
  /** Formats TypeScript source for the file it will be written to. */
  formatSource(source: string, filePath: string): Promise<string>;
}

/**
 * Formats with the prettier config that applies to each file's path. Prettier is not always
 * idempotent, so text is formatted until `check` passes (DECISIONS).
 */
export async function createFormatter(outputDir: string): Promise<Formatter> {
  const instance = await resolvePrettier(outputDir);
  const { prettier } = instance;
  const configs = new Map<string, Promise<Record<string, unknown>>>();

  const optionsFor = (filePath: string) => {
    let options = configs.get(filePath);
    if (!options) {
      options = prettier
        .resolveConfig(filePath, { editorconfig: true })
        .then((found) => ({ ...(found ?? {}), filepath: filePath }))
        .catch((error: unknown) => {
          throw new SpecwrightError('GENERATION_FAILED', `cannot read the prettier config: ${error instanceof Error ? error.message : String(error)}`, { file: filePath });
        });
      configs.set(filePath, options);
    }
    return options;
  };

  const formatSource = async (source: string, filePath: string): Promise<string> => {
    const options = { ...(await optionsFor(filePath)), filepath: filePath };
    let text = source;
    for (let round = 0; round < 4; round++) {
      text = await prettier.format(text, options);
      if (await prettier.check(text, options)) return text;
    }
    return text;
  };

  return {
    prettier: instance,
    formatSource,
    formatModule: (module, filePath) => formatSource(printModuleSource(module), filePath),
  };
}
