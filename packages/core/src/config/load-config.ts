import { readFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { ConfigError } from '../errors.js';
import { lineColumn } from '../load/parse-document.js';
import { fileOnTheWay } from '../output/output-paths.js';
import type { SourceConfig } from '../load/source-policy.js';
import { parseRequestHeaders } from './request-headers.js';
import { FILTER_CONFIG_HELP, FILTER_CONFIG_KEYS, parseFilterConfig } from '../ir/filters.js';
import { isRemoteInput, remoteInputProblem } from '../load/remote-url.js';

/**
 * Keys every command accepts, handled here once: where a spec's `$ref`s may reach (issue 18).
 * `ref_roots` holds directories (relative to the config file), `allowed_ref_hosts` host names.
 */
export const SOURCE_CONFIG_KEYS = ['ref_roots', 'allowed_ref_hosts', 'request_headers'] as const;

export const SOURCE_CONFIG_HELP = [
  'ref_roots          string[], optional  directories besides the spec\'s own where local $refs may point',
  'allowed_ref_hosts  string[], optional  hosts (name or name:port) remote $refs may reach; without it a',
  '                                       local spec never reaches the network, a remote one only its origin',
  'request_headers    { name: value }, optional  headers sent to the remote spec\'s origin and allowed_ref_hosts;',
  '                                       ${NAME} in a value is the environment variable NAME (an error if unset)',
  'input_openapi may be an http(s) URL (30 s timeout, at most 5 redirects, 50 MB), or a Swagger 2.0',
  'document (converted to OpenAPI 3 first).',
  ...FILTER_CONFIG_HELP,
];

export interface ConfigSpec<T> {
  /** Keys a config (or one project of it) may have. Anything else is an error. */
  keys: readonly string[];
  /** Keys holding paths, resolved from the config file's directory. */
  pathKeys: readonly string[];
  /** Validates one project's config (any Standard Schema implementation, e.g. zod). */
  schema: StandardSchemaV1<unknown, T>;
  /** Accept `{ "projects": [ ... ] }` holding several configs. */
  multiProject?: boolean;
}

export interface LoadedConfig<T> {
  /** Absolute path of the config file. */
  file: string;
  projects: (T & SourceConfig)[];
  /** The config holds a `projects` array: its keys are named `projects[i].key` in messages. */
  inProjects: boolean;
}

/** Reads, validates and resolves a config file (seed: JSON, `.json`, paths relative to the file). */
export async function loadConfigFile<T>(path: string, spec: ConfigSpec<T>): Promise<LoadedConfig<T>> {
  const file = resolve(path);
  if (extname(file).toLowerCase() !== '.json') {
    throw new ConfigError('a config file must be JSON with a .json extension', { file });
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ConfigError(missing ? 'config file not found' : 'cannot read the config file', { file }, 'CONFIG_NOT_FOUND');
  }
  let raw: unknown;
  // A byte order mark (Windows editors write one) is no JSON token, but no error of the user's either.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const { line, column } = lineColumn(text, position ? Number(position[1]) : text.length);
    throw new ConfigError(`invalid JSON: ${message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '')}`, { file, line, column });
  }
  return { file, projects: await parseConfig(raw, spec, file), inProjects: isProjectsConfig(raw, spec) };
}

/** Whether a valid config of `spec` is in the `{ "projects": [...] }` form. */
export function isProjectsConfig<T>(raw: unknown, spec: ConfigSpec<T>): boolean {
  return spec.multiProject === true && isRecord(raw) && 'projects' in raw;
}

/** Validates an already parsed config object; `file` is used for messages and relative paths. */
export async function parseConfig<T>(raw: unknown, spec: ConfigSpec<T>, file: string): Promise<(T & SourceConfig)[]> {
  if (!isRecord(raw)) throw new ConfigError('the config must be a JSON object', { file });
  if (isProjectsConfig(raw, spec)) {
    const extra = Object.keys(raw).filter((k) => k !== 'projects');
    if (extra.length > 0) throw new ConfigError(`unknown key "${extra[0]}" beside "projects" (allowed: projects)`, { file, key: extra[0] });
    const projects = raw['projects'];
    if (!Array.isArray(projects) || projects.length === 0) {
      throw new ConfigError('"projects" must be a non-empty array of configs', { file, key: 'projects' });
    }
    const out: (T & SourceConfig)[] = [];
    const errors: ConfigError[] = [];
    for (const [i, project] of projects.entries()) {
      try {
        out.push(await parseOne(project, spec, file, `projects[${i}]`));
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        errors.push(error);
      }
    }
    if (errors.length > 0) throw ConfigError.all(errors);
    return out;
  }
  return [await parseOne(raw, spec, file, '')];
}

async function parseOne<T>(raw: unknown, spec: ConfigSpec<T>, file: string, prefix: string): Promise<T & SourceConfig> {
  const keyName = (key: string) => (prefix ? `${prefix}.${key}` : key);
  if (!isRecord(raw)) throw new ConfigError('must be a JSON object', { file, key: prefix || undefined });
  const allowed = [...spec.keys, ...SOURCE_CONFIG_KEYS, ...FILTER_CONFIG_KEYS, ...(spec.multiProject && !prefix ? ['projects'] : [])];
  // Every error at once, each naming its key: unknown keys, then the known keys' values.
  const errors: ConfigError[] = [];
  const unknown = Object.keys(raw).filter((key) => !allowed.includes(key));
  for (const key of unknown) errors.push(new ConfigError(`unknown key (allowed: ${allowed.join(', ')})`, { file, key: keyName(key) }));
  const { ref_roots, allowed_ref_hosts, request_headers, include: _include, exclude: _exclude, deprecated: _deprecated, ...rest } = raw;
  const own = Object.fromEntries(Object.entries(rest).filter(([key]) => !unknown.includes(key)));
  let source: SourceConfig = {};
  const collect = (check: () => void) => {
    try {
      check();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      errors.push(error);
    }
  };
  collect(() => (source = parseFilterConfig(raw, keyName, file)));
  if (ref_roots !== undefined) collect(() => (source.ref_roots = stringList(ref_roots, keyName('ref_roots'), file).map((dir) => resolve(dirname(file), dir))));
  if (allowed_ref_hosts !== undefined) collect(() => (source.allowed_ref_hosts = hostList(allowed_ref_hosts, keyName('allowed_ref_hosts'), file)));
  if (request_headers !== undefined) collect(() => (source.request_headers = parseRequestHeaders(request_headers, keyName('request_headers'), file)));
  const result = await spec.schema['~standard'].validate(own);
  for (const issue of result.issues ?? []) {
    const segments = (issue.path ?? []).map((s) => (typeof s === 'object' ? s.key : s));
    const key = segments.map(String).join('.');
    const value = segments.reduce<unknown>((v, s) => (isRecord(v) || Array.isArray(v) ? (v as Record<PropertyKey, unknown>)[s as PropertyKey] : undefined), raw);
    const got = value === undefined ? '' : ` (got ${shown(value)})`;
    errors.push(new ConfigError(`${issue.message}${got}`, { file, key: key ? keyName(key) : prefix || undefined }));
  }
  if (errors.length > 0 || result.issues) throw ConfigError.all(errors);
  const value = result.value as Record<string, unknown>;
  const base = dirname(file);
  for (const key of spec.pathKeys) {
    // input_openapi may be a URL (issue 18); every other path key is a local path.
    if (key === 'input_openapi' && typeof value[key] === 'string' && isRemoteInput(value[key])) {
      const problem = remoteInputProblem(value[key]);
      if (problem !== undefined) throw new ConfigError(problem, { file, key: keyName(key) });
      continue;
    }
    if (typeof value[key] === 'string') value[key] = resolve(base, value[key]);
  }
  const output = value['output'];
  const blocking = typeof output === 'string' ? await fileOnTheWay(output) : undefined;
  if (blocking !== undefined) {
    throw new ConfigError(`${blocking} is a file; output names the directory the generated files go in`, { file, key: keyName('output') });
  }
  return { ...(value as T), ...source };
}

/** A host name or address, with a port or not: what a URL's `host` or `hostname` can equal. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/** A port a URL can have (1 to 65535, as a URL writes it: no leading zero). */
const isPort = (port: string | undefined) => port === undefined || (/^[1-9]/.test(port) && Number(port) <= 65535);

/** `allowed_ref_hosts`: an entry that no URL's host can equal (`http://x.com/`, `*`) would allow nothing, silently. */
function hostList(value: unknown, key: string, file: string): string[] {
  const hosts = stringList(value, key, file);
  const bad = hosts.find((host) => {
    const match = HOST.exec(host);
    return match === null || !isPort(match[1]);
  });
  if (bad !== undefined) throw new ConfigError(`must list host names, with a port (1 to 65535) or not ("specs.example.com", "127.0.0.1:8080"); "${bad}" is not one`, { file, key });
  return hosts;
}

function stringList(value: unknown, key: string, file: string): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
    throw new ConfigError(`must be an array of non-empty strings (got ${JSON.stringify(value)})`, { file, key });
  }
  return value as string[];
}

/** A value as the config gave it; JSON reads `1e400` as Infinity, which JSON.stringify would show as `null`. */
function shown(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return `a number too large to represent, read as ${value}`;
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
