import { stripVTControlCharacters } from 'node:util';
import { ConfigError } from '../errors.js';
import type { Prettier } from './prettier-instance.js';

/**
 * Prettier's reason on one line: without the line naming the config file (the error names it)
 * and without a code frame or the " imported from …" of a module that does not load.
 */
function reason(error: unknown): string {
  // Prettier colours the option and the values in its message where the terminal (or \`CI\`) allows colour.
  const message = stripVTControlCharacters(error instanceof Error ? error.message : String(error));
  const lines = message.split(/\r?\n/).filter((line) => line.trim() !== '' && !/ Error in ".*":$/.test(line));
  return (lines[0] ?? message).replace(/ imported from .*$/, '').replace(/:$/, '');
}

/** The config error for prettier options read from the config that applies to `filePath`. */
export async function prettierConfigError(prettier: Prettier, filePath: string, error: unknown): Promise<ConfigError> {
  const configFile = await prettier.resolveConfigFile(filePath).catch(() => null);
  const why = reason(error);
  const code = (error as { code?: unknown } | null)?.code;
  // The option at fault, where prettier's message tells it (`Invalid semi value. …`) or a plugin does not load.
  const key = /^Invalid (\w+) value/.exec(why)?.[1] ?? (code === 'ERR_MODULE_NOT_FOUND' || /^Cannot find (?:package|module)/.test(why) ? 'plugins' : undefined);
  const what = configFile ? 'the prettier config' : `the prettier options (.editorconfig) for ${filePath}`;
  return new ConfigError(`${what} is invalid: ${why}`, { file: configFile ?? filePath, key });
}

/**
 * When prettier fails on generated text, whether the options are at fault (a value prettier does
 * not accept, a plugin that does not load): they are if prettier fails on an empty text with them.
 */
export async function optionsError(prettier: Prettier, options: Record<string, unknown>, filePath: string): Promise<ConfigError | undefined> {
  try {
    await prettier.format('', options);
    return undefined;
  } catch (error) {
    return prettierConfigError(prettier, filePath, error);
  }
}
