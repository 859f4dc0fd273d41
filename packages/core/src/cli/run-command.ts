import { relative, resolve } from 'node:path';
import { loadConfigFile, SOURCE_CONFIG_HELP, type ConfigSpec } from '../config/load-config.js';
import { ConfigError, UsageError, isUserError } from '../errors.js';
import type { Formatter } from '../format/formatter.js';
import type { SourceConfig } from '../load/source-policy.js';
import { diffOutputs, writeOutputs, type OutputFile, type OwnedFile } from '../output/write-files.js';
import { generateProjectFiles } from './run-projects.js';

export interface RunContext {
  /** Absolute path of the config file in use. */
  configFile: string;
  /** Prints a warning on stderr (after generation, deduplicated). */
  warn(message: string): void;
  /**
   * Reports a file the user owns that no longer matches the spec (the `input_schema` file): a
   * warning, and `--check` fails on it, since regenerating cannot fix it.
   */
  drift?: ((message: string) => void) | undefined;
}

/** How a generator runs on a model built for several generators (the `specwright` command). */
export interface ModelRunContext extends Pick<RunContext, 'warn' | 'drift'> {
  /** A formatter for the generator's output directory, shared with the run's other generators. */
  formatter?: Formatter | undefined;
  /** Files the same run writes before this generator's (path to content): read from here, not from disk. */
  planned?: ReadonlyMap<string, string> | undefined;
}

export interface CommandDefinition<T> {
  /** The command's name, exactly as on the command line (`openapi-msw`). */
  name: string;
  version: string;
  /** One line saying what the command writes. */
  summary: string;
  /** Lines describing the config keys, for `--help`. */
  configHelp: string[];
  config: ConfigSpec<T>;
  /** Generates the files of one config (one project); nothing is written by it. */
  generate(config: T & SourceConfig, context: RunContext): Promise<OutputFile[]>;
  /** The files of one config that the user owns (its schema files): no output may write them. */
  ownedFiles?(config: T & SourceConfig, configFile: string): OwnedFile[];
  /**
   * Regenerates whenever an input changes, until SIGINT or SIGTERM (`--watch`; only commands that
   * define it accept the flag). Resolves with the exit code.
   */
  watch?(configFile: string, io: CommandIO, options: { verbose: boolean }): Promise<number>;
  /**
   * A serve mode (`--serve`, with `--port`, `--host`, `--cors`; only commands that define it accept
   * them): the harness generates and writes the files as a run does, then serves the one project
   * until SIGINT or SIGTERM.
   */
  serve?: ServeDefinition<T>;
}

/** How a command serves what it generated (the mock server). */
export interface ServeDefinition<T> {
  /** The name in its messages while serving (`specwright mock`). @default the command's name */
  label?: string;
  /** One line for `--help`. */
  summary: string;
  /** Refuses a project it cannot serve (a config error), before any file is written. */
  check?(config: T & SourceConfig, configFile: string): void;
  /** Starts serving one project's files; resolves once it listens. */
  start(config: T & SourceConfig, options: ServeOptions): Promise<Serving>;
}

export interface ServeOptions {
  configFile: string;
  /** `0` picks a free port. */
  port: number;
  host: string;
  cors?: string | undefined;
  /** One line per request. */
  log(line: string): void;
  /** `--watch`: the harness regenerates on every change; the server takes up the new files. */
  reload: boolean;
}

export interface Serving {
  url: string;
  close(): Promise<void>;
}

export interface CommandIO {
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
}

interface Flags {
  config?: string;
  check: boolean;
  help: boolean;
  version: boolean;
  verbose: boolean;
  watch: boolean;
  serve: boolean;
  port?: number;
  host?: string;
  cors?: string;
}

const MAX_WARNINGS = 20;

function parseFlags(argv: string[], canWatch: boolean, canServe: boolean): Flags {
  const flags: Flags = { check: false, help: false, version: false, verbose: false, watch: false, serve: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    /** The value of `--name <value>` or `--name=<value>`, when `arg` is that flag. */
    const valueOf = (name: string, what: string): string | undefined => {
      if (arg !== name && !arg.startsWith(`${name}=`)) return undefined;
      const value = arg === name ? argv[++i] : arg.slice(name.length + 1);
      if (value === undefined || value === '' || (arg === name && value.startsWith('-'))) throw new UsageError(`${name} needs ${what}`);
      return value;
    };
    if (arg === '--help' || arg === '-h') flags.help = true;
    else if (arg === '--serve' && canServe) flags.serve = true;
    else if (canServe && (arg === '--port' || arg.startsWith('--port='))) {
      const value = valueOf('--port', 'a port number')!;
      if (!/^\d+$/.test(value) || Number(value) > 65535) throw new UsageError(`--port must be an integer from 0 to 65535 (got "${value}")`);
      flags.port = Number(value);
    } else if (canServe && (arg === '--host' || arg.startsWith('--host='))) flags.host = valueOf('--host', 'a host name or address')!;
    else if (canServe && (arg === '--cors' || arg.startsWith('--cors='))) flags.cors = valueOf('--cors', 'an origin (for example http://localhost:5173)')!;
    else if (arg === '--version' || arg === '-v') flags.version = true;
    else if (arg === '--check') flags.check = true;
    else if (arg === '--verbose') flags.verbose = true;
    else if (arg === '--watch' && canWatch) flags.watch = true;
    else if (arg === '--config' || arg.startsWith('--config=')) {
      const value = arg === '--config' ? argv[++i] : arg.slice('--config='.length);
      if (value === undefined || value === '' || (arg === '--config' && value.startsWith('-'))) throw new UsageError('--config needs a path');
      flags.config = value;
    } else if (arg.startsWith('-')) throw new UsageError(`unknown flag ${arg}`);
    else throw new UsageError(`unexpected argument "${arg}" (this command takes no positional arguments)`);
  }
  if (flags.watch && flags.check) throw new UsageError('--watch and --check cannot be combined');
  if (flags.serve && flags.check) throw new UsageError('--serve and --check cannot be combined');
  const serveOnly = (['port', 'host', 'cors'] as const).find((key) => flags[key] !== undefined);
  if (serveOnly && !flags.serve) throw new UsageError(`--${serveOnly} needs --serve`);
  return flags;
}

export function usage<T>(command: CommandDefinition<T>): string {
  return [
    `${command.name} ${command.version}: ${command.summary}`,
    '',
    `Usage: ${command.name} [--config <path>] [--check${command.watch ? ' | --watch' : ''}] [--verbose]`,
    ...(command.serve ? [`       ${command.name} [--config <path>] --serve${command.watch ? ' [--watch]' : ''} [--port <n>] [--host <host>] [--cors <origin>]`] : []),
    '',
    'Options:',
    `  --config <path>  config file (default: ./${command.name}.config.json)`,
    '  --check          write nothing; exit 1 and list the files that would change',
    `  --verbose        print every warning (without it, past ${MAX_WARNINGS} only a count per kind)`,
    ...(command.watch ? ['  --watch          regenerate whenever the spec, a file it references, the schema file or the config changes'] : []),
    ...(command.serve
      ? [
          `  --serve          ${command.serve.summary}; stops on SIGINT or SIGTERM`,
          '  --port <n>       port to serve on; 0 picks a free one (default 0)',
          '  --host <host>    address to serve on (default 127.0.0.1)',
          '  --cors <origin>  allow this origin to call the server from a browser (preflight included)',
          ...(command.watch ? ['  --serve --watch  serve, regenerate on every change, and serve the new handlers'] : []),
        ]
      : []),
    '  -h, --help       print this help and exit',
    '  -v, --version    print the version and exit',
    '',
    'Config keys:',
    ...command.configHelp.map((line) => `  ${line}`),
    '',
    'Keys every command takes (where the spec\'s $refs may reach):',
    ...SOURCE_CONFIG_HELP.map((line) => `  ${line}`),
    '',
  ].join('\n');
}

/**
 * The command-line harness shared by all generators (DECISIONS): exit 0 on success, 1 on a bad
 * config or spec or a failed generation, 2 on a usage error; messages on stderr without stack
 * traces (unless DEBUG is set); all files written or none.
 */
export async function runCommand<T>(command: CommandDefinition<T>, argv: string[], io: CommandIO): Promise<number> {
  const label = command.name;
  let flags: Flags;
  try {
    flags = parseFlags(argv, command.watch !== undefined, command.serve !== undefined);
  } catch (error) {
    io.stderr(`${label}: ${(error as Error).message}\nRun "${label} --help" for usage.\n`);
    return 2;
  }
  if (flags.help) {
    io.stdout(usage(command));
    return 0;
  }
  if (flags.version) {
    io.stdout(`${command.version}\n`);
    return 0;
  }

  const configPath = resolve(io.cwd, flags.config ?? `${command.name}.config.json`);
  if (flags.watch && command.watch && !flags.serve) return command.watch(configPath, io, { verbose: flags.verbose });
  const warnings = new Set<string>();
  const drifted = new Set<string>();
  try {
    const loaded = await loadConfigFile(configPath, command.config);
    if (flags.serve && command.serve) checkServable(command.serve, loaded.projects, loaded.file, label);
    const context: RunContext = {
      configFile: loaded.file,
      warn: (message) => warnings.add(message),
      drift: (message) => {
        warnings.add(message);
        drifted.add(message);
      },
    };
    const { ownedFiles } = command;
    const files = await generateProjectFiles(loaded.projects, {
      configFile: loaded.file,
      inProjects: loaded.inProjects,
      generate: (project) => command.generate(project, context),
      ownedFiles: ownedFiles && ((project) => ownedFiles(project, loaded.file)),
    });
    printWarnings(label, warnings, io, flags.verbose);

    const show = (path: string) => relative(io.cwd, path) || path;
    if (flags.check) {
      const { changed } = await diffOutputs(files);
      if (changed.length === 0 && drifted.size === 0) {
        io.stderr(`${label}: ${count(files.length, 'file')} up to date\n`);
        return 0;
      }
      if (changed.length > 0) {
        io.stdout(changed.map((p) => `${show(p)}\n`).join(''));
        io.stderr(`${label}: ${changed.length} of ${count(files.length, 'file')} would change\n`);
      }
      if (drifted.size > 0) io.stderr(`${label}: ${count(drifted.size, 'difference')} between the spec and a file you own (see the warnings); regenerating does not fix them\n`);
      return 1;
    }
    const { changed, unchanged } = await writeOutputs(files);
    io.stderr(`${label}: wrote ${count(changed.length, 'file')}${unchanged.length > 0 ? `, ${unchanged.length} unchanged` : ''}\n`);
    if (flags.serve && command.serve) {
      // With --watch the command's watch regenerates on every change until SIGINT or SIGTERM.
      const { watch } = command;
      const until = flags.watch && watch ? () => watch(configPath, io, { verbose: flags.verbose }) : undefined;
      return await serve(command.serve, loaded.projects, loaded.file, flags, io, label, until);
    }
    return 0;
  } catch (error) {
    // A config error found once the files are known (an output over the user schema file) stops
    // a run whose warnings come from what the config got wrong (that file read as a schema file).
    if (!(error instanceof ConfigError)) printWarnings(label, warnings, io, flags.verbose);
    return reportError(flags.serve ? (command.serve?.label ?? label) : label, error, io);
  }
}

/**
 * Serves the config's one project until SIGINT or SIGTERM, then closes the server: exit 0. The
 * line `<label>: listening on <url>` is printed on stdout once it listens (scripts wait for it).
 */
async function serve<T>(definition: ServeDefinition<T>, projects: Array<T & SourceConfig>, configFile: string, flags: Flags, io: CommandIO, commandLabel: string, until?: () => Promise<number>): Promise<number> {
  const label = definition.label ?? commandLabel;
  const server = await definition.start(projects[0]!, {
    configFile,
    port: flags.port ?? 0,
    host: flags.host ?? '127.0.0.1',
    cors: flags.cors,
    log: (line) => io.stdout(`${label}: ${line}\n`),
    reload: until !== undefined,
  });
  io.stdout(`${label}: listening on ${server.url}\n`);
  if (until) {
    const code = await until();
    await server.close();
    return code;
  }
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    const stop = (name: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(name);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
  io.stderr(`${label}: stopped (${signal})\n`);
  return 0;
}

/** A config the serve mode refuses is refused before a file is written. */
function checkServable<T>(definition: ServeDefinition<T>, projects: Array<T & SourceConfig>, configFile: string, commandLabel: string): void {
  const label = definition.label ?? commandLabel;
  if (projects.length !== 1) throw new ConfigError(`holds ${projects.length} projects; ${label} serves one (give it a config with one)`, { file: configFile, key: 'projects' });
  definition.check?.(projects[0]!, configFile);
}

/** `1 file`, `2 files`. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * Up to MAX_WARNINGS warnings are printed as they are. Past that, without `--verbose`, one line per
 * kind (the message without its place and quoted names) with a count and a first example, so a
 * rare warning is never hidden behind many repeats of a common one.
 */
export function printWarnings(label: string, warnings: Set<string>, io: CommandIO, verbose = false): void {
  const list = [...warnings];
  warnings.clear();
  if (verbose || list.length <= MAX_WARNINGS) {
    for (const message of list) io.stderr(`${label}: warning: ${message}\n`);
    return;
  }
  const kinds = new Map<string, string[]>();
  for (const message of list) {
    const kind = warningKind(message);
    const group = kinds.get(kind);
    if (group) group.push(message);
    else kinds.set(kind, [message]);
  }
  for (const group of kinds.values()) {
    const more = group.length > 1 ? ` (${group.length} warnings of this kind; the first shown)` : '';
    io.stderr(`${label}: warning: ${group[0]}${more}\n`);
  }
  io.stderr(`${label}: ${count(list.length, 'warning')} of ${count(kinds.size, 'kind')}; run with --verbose to see them all\n`);
}

/** A warning's kind: its text without the file and JSON pointer in front and without quoted names. */
function warningKind(message: string): string {
  return message
    .replace(/^(?:[^:]*\.(?:ya?ml|json|ts|mts)\S*: )?#\S*?: /, '')
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/\d+/g, 'N');
}

/** Prints an error as the commands do (user errors on one line) and returns the exit code. */
export function reportError(label: string, error: unknown, io: CommandIO): number {
  const debug = Boolean(io.env['DEBUG']);
  if (isUserError(error)) {
    // A config with several errors gives one line each (ConfigError.describe()).
    for (const line of error.describe().split('\n')) io.stderr(`${label}: error: ${line}\n`);
    if (debug && error.stack) io.stderr(`${error.stack}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr(`${label}: internal error: ${message}\nThis is a bug in Specwright. Please report it with the spec and config that trigger it (set DEBUG=1 for details).\n`);
  if (debug && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
  return 1;
}

/** Entry point for a generator's `cli.ts`: runs with the process's arguments and exits. */
export async function main<T>(command: CommandDefinition<T>): Promise<void> {
  const code = await runCommand(command, process.argv.slice(2), {
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
  });
  process.exitCode = code;
}

