import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runCommand, usage, type CommandIO } from '@specwright/core';
import { command } from './command.js';
import { runInit } from './init.js';
import { configFromFlags, FLAG_KEYS, isZeroConfig, parseZeroConfigFlags, ZERO_CONFIG_HELP, type ZeroConfigFlags } from './zero-config-flags.js';

/**
 * `specwright -i <spec> -o <dir> [--framework F] [--target T] [--zod-variant V] [--mocks DIR]`:
 * a run without a config file (issue 36). The flags make the config a user would write (the
 * same keys, the same meanings, validated by the same schemas); `specwright init` writes it.
 */

/**
 * Messages about the config the flags made name the flags, not the temporary file:
 * `<tmp>/specwright.config.json key "server.framework": ...` → `--framework: ...`.
 */
function inFlagTerms(text: string, file: string): string {
  let out = text;
  for (const [flag, key] of Object.entries(FLAG_KEYS)) out = out.replaceAll(`${file} key "${key}"`, flag);
  return out.replaceAll(`${file} `, '').replaceAll(file, 'the flags');
}

/** `specwright` with its arguments: `init`, `mock`, a run from flags, or the config-file command. */
export async function runSpecwright(argv: string[], io: CommandIO): Promise<number> {
  if (argv[0] === 'init') return runInit(argv.slice(1), io);
  // `specwright mock [--config] [--port] [--host] [--cors]`: the harness's serve mode.
  if (argv[0] === 'mock') return runCommand(command, ['--serve', ...argv.slice(1)], io);
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(`${usage(command)}${ZERO_CONFIG_HELP.join('\n')}\n`);
    return 0;
  }
  if (!isZeroConfig(argv)) return runCommand(command, argv, io);
  let flags: ZeroConfigFlags;
  try {
    flags = parseZeroConfigFlags(argv, { config: false });
  } catch (error) {
    io.stderr(`specwright: ${(error as Error).message}\nRun "specwright --help" for usage.\n`);
    return 2;
  }
  // The harness reads a config file: the flags' config goes in a private temporary one, with
  // absolute paths, removed after the run.
  const dir = mkdtempSync(join(tmpdir(), 'specwright-flags-'));
  const file = join(dir, 'specwright.config.json');
  try {
    writeFileSync(file, `${JSON.stringify(configFromFlags(flags.values, (value) => resolve(io.cwd, value)), null, 2)}\n`);
    const translated: CommandIO = { ...io, stderr: (text) => io.stderr(inFlagTerms(text, file)), stdout: (text) => io.stdout(inFlagTerms(text, file)) };
    return await runCommand(command, ['--config', file, ...flags.rest], translated);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Entry point of the `specwright` command (cli.ts, bundle-entry.ts). */
export async function specwrightMain(): Promise<void> {
  process.exitCode = await runSpecwright(process.argv.slice(2), {
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
  });
}
