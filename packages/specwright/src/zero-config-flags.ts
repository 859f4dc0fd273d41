import { UsageError } from '@specwright/core';

/**
 * The flags of a run without a config file and of `specwright init` (issue 36): each sets the
 * config key a user would write, with its meaning.
 */

/** Flag → the config key it sets, as messages name it. */
export const FLAG_KEYS: Record<string, string> = {
  '-i': 'input_openapi',
  '-o': 'zod_ts.output',
  '--framework': 'server.framework',
  '--target': 'react_query.target',
  '--zod-variant': 'zod_ts.zod_variant',
  '--mocks': 'msw.output',
};

const LONG: Record<string, string> = { '--input': '-i', '--output': '-o' };

export const ZERO_CONFIG_HELP = [
  'Without a config file:',
  '  specwright -i <file or URL> -o <dir> [--framework hono|express|fastify|none] [--target react|vue|svelte|solid]',
  '             [--zod-variant classic|mini] [--mocks <dir>] [--check | --watch] [--verbose]',
  '  -i, --input <file or URL>  the OpenAPI 3.x or Swagger 2.0 document (input_openapi)',
  '  -o, --output <dir>         where the schemas, types and client go (the zod_ts section, zod_ts.output)',
  '  --zod-variant <variant>    zod_ts.zod_variant',
  '  --framework <framework>    adds the server section (service interface, and a router unless none)',
  '  --target <target>          adds the react_query section (TanStack Query hooks for that adapter)',
  '  --mocks <dir>              adds the msw section, writing the MSW handlers to <dir>',
  '',
  '  specwright init -i <file or URL> -o <dir> [the flags above] [--config <path>] [--force]',
  '    writes specwright.config.json (or <path>) from the same flags and says what to run next.',
  '',
  '  specwright mock [--config <path>] [--watch] [--port <n>] [--host <host>] [--cors <origin>]',
  '    generates as a run does, then serves the msw section\'s handlers.ts over HTTP until SIGINT/SIGTERM',
  '    (the same as --serve; with --watch it regenerates on every change and serves the new handlers); prints "specwright mock: listening on http://<host>:<port>" once ready.',
  '',
];

export interface ZeroConfigFlags {
  values: Partial<Record<keyof typeof FLAG_KEYS, string>>;
  /** Flags passed on to the command (`--check`, `--watch`, `--verbose`). */
  rest: string[];
  config?: string;
  force: boolean;
}

/** Whether the arguments ask for a run without a config file. */
export function isZeroConfig(argv: string[]): boolean {
  return argv.some((arg) => ['-i', '--input', '-o', '--output'].includes(arg.split('=')[0]!));
}

/** Reads the zero-config flags; a usage error names the flag. */
export function parseZeroConfigFlags(argv: string[], allow: { config: boolean }): ZeroConfigFlags {
  const out: ZeroConfigFlags = { values: {}, rest: [], force: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name0, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const name = LONG[name0] ?? name0;
    if (name in FLAG_KEYS || (name === '--config' && allow.config)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('-'))) throw new UsageError(`${name0} needs a value`);
      if (name === '--config') out.config = value;
      else out.values[name] = value;
    } else if (name === '--force' && allow.config) out.force = true;
    else if (['--check', '--watch', '--verbose'].includes(name) && !allow.config) out.rest.push(name);
    else if (name.startsWith('-')) throw new UsageError(`unknown flag ${name0}`);
    else throw new UsageError(`unexpected argument "${arg}"`);
  }
  if (out.values['-i'] === undefined) throw new UsageError('-i <file or URL> is required without a config file');
  if (out.values['-o'] === undefined) throw new UsageError('-o <dir> is required without a config file');
  return out;
}

/** The config the flags stand for; `path` turns a path flag's value into what the config holds. */
export function configFromFlags(values: ZeroConfigFlags['values'], path: (value: string) => string): Record<string, unknown> {
  const input = values['-i']!;
  const config: Record<string, unknown> = { input_openapi: /^https?:\/\//i.test(input) ? input : path(input) };
  config['zod_ts'] = { output: path(values['-o']!), ...(values['--zod-variant'] !== undefined ? { zod_variant: values['--zod-variant'] } : {}) };
  if (values['--framework'] !== undefined) config['server'] = { framework: values['--framework'] };
  if (values['--target'] !== undefined) config['react_query'] = { target: values['--target'] };
  if (values['--mocks'] !== undefined) config['msw'] = { output: path(values['--mocks']) };
  return config;
}
