import { existsSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { ConfigError, parseConfig, reportError, type CommandIO } from '@specwright/core';
import { configSpec } from './config.js';
import { configFromFlags, FLAG_KEYS, parseZeroConfigFlags, type ZeroConfigFlags } from './zero-config-flags.js';

/**
 * `specwright init -i <spec> -o <dir> [...]`: writes `specwright.config.json` (or `--config`)
 * with the sections the flags ask for, the paths relative to the file, validated as `specwright`
 * will read it; an existing file is kept unless `--force`.
 */
export async function runInit(argv: string[], io: CommandIO): Promise<number> {
  let flags: ZeroConfigFlags;
  try {
    flags = parseZeroConfigFlags(argv, { config: true });
  } catch (error) {
    io.stderr(`specwright init: ${(error as Error).message}\nRun "specwright --help" for usage.\n`);
    return 2;
  }
  const file = resolve(io.cwd, flags.config ?? 'specwright.config.json');
  const shown = relative(io.cwd, file) || file;
  try {
    if (!file.toLowerCase().endsWith('.json')) throw new ConfigError('a config file must be JSON with a .json extension', { file });
    if (existsSync(file) && !flags.force) throw new ConfigError('exists already; pass --force to replace it', { file });
    const base = dirname(file);
    const path = (value: string) => {
      const rel = relative(base, resolve(io.cwd, value)).split(sep).join('/');
      return rel === '' ? '.' : rel.startsWith('../') || rel === '..' ? rel : `./${rel}`;
    };
    const config = configFromFlags(flags.values, path);
    try {
      await parseConfig(config, configSpec, file);
    } catch (error) {
      // Name the flag that gave the value, as a run from flags does.
      const key = error instanceof ConfigError ? error.location.key : undefined;
      const flag = Object.entries(FLAG_KEYS).find(([, k]) => k === key)?.[0];
      if (flag !== undefined) throw new ConfigError(`${flag}: ${(error as Error).message}`, {});
      throw error;
    }
    writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  } catch (error) {
    return reportError('specwright init', error, io);
  }
  const sections = Object.keys(configFromFlags(flags.values, (v) => v)).filter((k) => k !== 'input_openapi');
  const run = flags.config === undefined ? 'npx specwright' : `npx specwright --config ${shown}`;
  io.stdout(`Wrote ${shown} (${sections.join(', ')}).\nNext: run "${run}" to generate (add --watch to regenerate on every change); edit ${shown} to add sections or options (see "specwright --help").\n`);
  return 0;
}
