import picomatch from 'picomatch';
import { ConfigError } from '../errors.js';
import type { ApiModel, NamedSchema, Operation } from './types.js';

/** What one `include` or `exclude` names; an operation matches when any entry of any list does. */
export interface OperationSelector {
  tags?: string[] | undefined;
  /** `operationId`s as written in the spec, or the generated function names. */
  operations?: string[] | undefined;
  /** Globs over the path as written (`/internal/**`, `/pets/{id}`). */
  paths?: string[] | undefined;
  methods?: string[] | undefined;
}

/** The config keys every command accepts that pick the operations generated (issue 36). */
export interface FilterConfig {
  include?: OperationSelector | undefined;
  exclude?: OperationSelector | undefined;
  /** `false` leaves out deprecated operations. */
  deprecated?: boolean | undefined;
}

export const FILTER_CONFIG_KEYS = ['include', 'exclude', 'deprecated'] as const;
const SELECTOR_KEYS = ['tags', 'operations', 'paths', 'methods'] as const;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export const FILTER_CONFIG_HELP = [
  'include / exclude  { tags?, operations?, paths?, methods? }, optional  the operations generated:',
  '                   include keeps those matching any entry, exclude drops them (paths are globs,',
  '                   "/internal/**"); schemas only excluded operations reach are left out',
  'deprecated         boolean, optional  false leaves out deprecated operations',
];

export function hasFilter(config: FilterConfig): boolean {
  return config.include !== undefined || config.exclude !== undefined || config.deprecated === false;
}

/** Reads the filter keys of one config object; a wrong shape is a ConfigError naming the key. */
export function parseFilterConfig(raw: Record<string, unknown>, keyName: (key: string) => string, file: string): FilterConfig {
  const out: FilterConfig = {};
  for (const side of ['include', 'exclude'] as const) {
    const value = raw[side];
    if (value === undefined) continue;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new ConfigError(`must be an object of ${SELECTOR_KEYS.join(', ')} (got ${JSON.stringify(value)})`, { file, key: keyName(side) });
    }
    const selector: OperationSelector = {};
    for (const [key, list] of Object.entries(value)) {
      if (!(SELECTOR_KEYS as readonly string[]).includes(key)) throw new ConfigError(`unknown key (allowed: ${SELECTOR_KEYS.join(', ')})`, { file, key: keyName(`${side}.${key}`) });
      if (!Array.isArray(list) || list.some((item) => typeof item !== 'string' || item === '')) {
        throw new ConfigError(`must be an array of non-empty strings (got ${JSON.stringify(list)})`, { file, key: keyName(`${side}.${key}`) });
      }
      const items = list as string[];
      if (key === 'methods') {
        const bad = items.find((m) => !METHODS.includes(m.toLowerCase()));
        if (bad !== undefined) throw new ConfigError(`"${bad}" is not an HTTP method (${METHODS.join(', ')})`, { file, key: keyName(`${side}.methods`) });
      }
      selector[key as (typeof SELECTOR_KEYS)[number]] = items;
    }
    out[side] = selector;
  }
  const deprecated = raw['deprecated'];
  if (deprecated !== undefined) {
    if (typeof deprecated !== 'boolean') throw new ConfigError(`must be true or false (got ${JSON.stringify(deprecated)})`, { file, key: keyName('deprecated') });
    out.deprecated = deprecated;
  }
  return out;
}

/** One entry of a selector, as a test of an operation. */
interface Entry {
  label: string;
  test: (operation: Operation) => boolean;
}

function entries(side: 'include' | 'exclude', selector: OperationSelector): Entry[] {
  const out: Entry[] = [];
  for (const tag of selector.tags ?? []) out.push({ label: `${side}.tags "${tag}"`, test: (o) => o.tags.includes(tag) });
  for (const id of selector.operations ?? []) out.push({ label: `${side}.operations "${id}"`, test: (o) => o.operationId === id || o.name === id });
  for (const glob of selector.paths ?? []) {
    const match = picomatch(glob, { dot: true });
    out.push({ label: `${side}.paths "${glob}"`, test: (o) => match(o.path) });
  }
  for (const method of selector.methods ?? []) out.push({ label: `${side}.methods "${method}"`, test: (o) => o.method === method.toLowerCase() });
  return out;
}

/**
 * The model with only the operations the filters select, and only the schemas those reach
 * (through their parameters, bodies and responses, and the schemas those name). Decided here,
 * once, so that every generator sees the same selection. An entry that matches no operation is a
 * warning naming it; a selection of no operation is an error.
 */
export function selectOperations(model: ApiModel, config: FilterConfig): ApiModel {
  if (!hasFilter(config)) return model;
  const include = config.include === undefined ? undefined : entries('include', config.include);
  const exclude = config.exclude === undefined ? [] : entries('exclude', config.exclude);
  const warnings = [...model.warnings];
  for (const entry of [...(include ?? []), ...exclude]) {
    if (!model.operations.some(entry.test)) warnings.push(`the filter ${entry.label} (config) matches no operation`);
  }
  const operations = model.operations.filter(
    (o) => (include === undefined || include.some((e) => e.test(o))) && !exclude.some((e) => e.test(o)) && !(config.deprecated === false && o.deprecated),
  );
  if (operations.length === 0 && model.operations.length > 0) {
    const keys = [config.include && 'include', config.exclude && 'exclude', config.deprecated === false && 'deprecated'].filter(Boolean).join(', ');
    throw new ConfigError(`the operation filters (${keys}) leave none of the spec's ${model.operations.length} operations to generate`, { key: keys.split(', ')[0] });
  }
  return { ...model, operations, schemas: reachedSchemas(model.schemas, operations), warnings };
}

/** The named schemas the operations reach, in the model's order. */
function reachedSchemas(schemas: NamedSchema[], operations: Operation[]): NamedSchema[] {
  const byKey = new Map(schemas.map((s) => [s.key, s]));
  const reached = new Set<string>();
  const seen = new Set<object>();
  const pending: unknown[] = [...operations];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    const record = node as Record<string, unknown>;
    if (record['kind'] === 'ref' && typeof record['key'] === 'string' && !reached.has(record['key'])) {
      reached.add(record['key']);
      const target = byKey.get(record['key']);
      if (target !== undefined) pending.push(target.schema);
      // Both variants of a schema go together (their names are decided together).
      const key = record['key'];
      const sibling = key.endsWith('#writable') ? key.slice(0, -'#writable'.length) : `${key}#writable`;
      if (byKey.has(sibling)) pending.push({ kind: 'ref', key: sibling });
    }
    for (const value of Array.isArray(node) ? node : Object.values(record)) if (value !== null && typeof value === 'object') pending.push(value);
  }
  return schemas.filter((s) => reached.has(s.key));
}
