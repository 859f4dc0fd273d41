import { readFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { ConfigError } from '../errors.js';
import { lineColumn } from '../load/parse-document.js';

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
  projects: T[];
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
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const { line, column } = lineColumn(text, position ? Number(position[1]) : text.length);
    throw new ConfigError(`invalid JSON: ${message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '')}`, { file, line, column });
  }
  return { file, projects: await parseConfig(raw, spec, file) };
}

/** Validates an already parsed config object; `file` is used for messages and relative paths. */
export async function parseConfig<T>(raw: unknown, spec: ConfigSpec<T>, file: string): Promise<T[]> {
  if (!isRecord(raw)) throw new ConfigError('the config must be a JSON object', { file });
  if (spec.multiProject && 'projects' in raw) {
    const extra = Object.keys(raw).filter((k) => k !== 'projects');
    if (extra.length > 0) throw new ConfigError(`unknown key "${extra[0]}" beside "projects" (allowed: projects)`, { file, key: extra[0] });
    const projects = raw['projects'];
    if (!Array.isArray(projects) || projects.length === 0) {
      throw new ConfigError('"projects" must be a non-empty array of configs', { file, key: 'projects' });
    }
    const out: T[] = [];
    for (const [i, project] of projects.entries()) out.push(await parseOne(project, spec, file, `projects[${i}]`));
    return out;
  }
  return [await parseOne(raw, spec, file, '')];
}

async function parseOne<T>(raw: unknown, spec: ConfigSpec<T>, file: string, prefix: string): Promise<T> {
  const keyName = (key: string) => (prefix ? `${prefix}.${key}` : key);
  if (!isRecord(raw)) throw new ConfigError('must be a JSON object', { file, key: prefix || undefined });
  for (const key of Object.keys(raw)) {
    if (!spec.keys.includes(key)) {
      throw new ConfigError(`unknown key (allowed: ${spec.keys.join(', ')})`, { file, key: keyName(key) });
    }
  }
  const result = await spec.schema['~standard'].validate(raw);
  if (result.issues) {
    const issue = result.issues[0]!;
    const segments = (issue.path ?? []).map((s) => (typeof s === 'object' ? s.key : s));
    const key = segments.map(String).join('.');
    const value = segments.reduce<unknown>((v, s) => (isRecord(v) || Array.isArray(v) ? (v as Record<PropertyKey, unknown>)[s as PropertyKey] : undefined), raw);
    const got = value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
    throw new ConfigError(`${issue.message}${got}`, { file, key: key ? keyName(key) : prefix || undefined });
  }
  const value = result.value as Record<string, unknown>;
  const base = dirname(file);
  for (const key of spec.pathKeys) {
    if (typeof value[key] === 'string') value[key] = resolve(base, value[key]);
  }
  return value as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
