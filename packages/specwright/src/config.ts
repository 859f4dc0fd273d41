import { resolve } from 'node:path';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { FILTER_CONFIG_KEYS, type ConfigSpec, type OwnedFile, type SourceConfig } from '@specwright/core';
import { configSpec as mswSpec, type MswConfig, type ResolvedMswConfig } from '@specwright/openapi-msw';
import { configSpec as reactQuerySpec, type ReactQueryConfig, type ReactQueryConfigInput } from '@specwright/openapi-react-query';
import { configSpec as serverSpec, type ServerConfig, type ServerConfigInput } from '@specwright/openapi-server';
import { zodTsConfigSpec, type ZodTsConfig, type ZodTsConfigInput } from '@specwright/openapi-zod-ts';

/** The generators in the contract's run order: openapi-zod-ts, openapi-server, openapi-react-query, then openapi-msw. */
export const SECTIONS = ['zod_ts', 'server', 'react_query', 'msw'] as const;
export type Section = (typeof SECTIONS)[number];

/** One project of `specwright.config.json`: one spec, and a section per generator to run. */
export interface SpecwrightProject {
  /** The OpenAPI document (absolute after loading). */
  input_openapi: string;
  /** `openapi-zod-ts`'s keys (its `input_openapi` is the project's). */
  zod_ts?: ZodTsConfig | undefined;
  /** `openapi-server`'s keys. */
  server?: ServerConfig | undefined;
  /** `openapi-react-query`'s keys. */
  react_query?: ReactQueryConfig | undefined;
  /** `openapi-msw`'s keys. */
  msw?: ResolvedMswConfig | undefined;
}

/** A section as written: the generator's keys but `input_openapi`; `output` may default to `zod_ts.output`. */
type SectionInput<T extends { input_openapi: string; output?: string | undefined }> = Omit<T, 'input_openapi' | 'output'> & { output?: string | undefined };

/** A project as written in the JSON file: each section holds that generator's keys but `input_openapi`. */
export interface SpecwrightProjectInput {
  input_openapi: string;
  zod_ts?: Omit<ZodTsConfigInput, 'input_openapi'>;
  server?: SectionInput<ServerConfigInput>;
  react_query?: SectionInput<ReactQueryConfigInput>;
  msw?: SectionInput<MswConfig>;
  /** Directories besides the spec's own where local `$ref`s may point (relative to the config file). */
  ref_roots?: string[];
  /** Hosts remote `$ref`s may be fetched from. */
  allowed_ref_hosts?: string[];
}

/** `specwright.config.json`: one project, or `{ "projects": [...] }`. */
export type SpecwrightConfigInput = SpecwrightProjectInput | { projects: SpecwrightProjectInput[] };

// Each generator's own config spec validates its section (its messages, its defaults, its keys).
const SPECS: { [S in Section]: ConfigSpec<NonNullable<SpecwrightProject[S]>> } = {
  zod_ts: zodTsConfigSpec,
  server: serverSpec,
  react_query: reactQuerySpec,
  msw: mswSpec,
};

export const CONFIG_KEYS = ['input_openapi', ...SECTIONS] as const;

type Issue = StandardSchemaV1.Issue;
type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The keys one config sets for several generators: `output` of the server, hooks and mocks
 * sections defaults to `zod_ts.output` (they import its files), the server and the mocks read
 * `schema-types.ts` from there (`types_dir`; a section's own wins), and a router validates bodies
 * with the `zod_ts` user schema file.
 */
function sharedDefaults(section: Section, raw: Raw): Raw {
  const zod = raw['zod_ts'];
  if (section === 'zod_ts' || !isRecord(zod)) return {};
  const defaults: Raw = {};
  if (zod['output'] !== undefined) defaults['output'] = zod['output'];
  // Where the client's schema-types.ts is: the server's service and the mocks' factories import its types.
  if ((section === 'server' || section === 'msw') && zod['output'] !== undefined) defaults['types_dir'] = zod['output'];
  if (section === 'server') {
    const server = raw['server'] as Raw;
    const routed = server['framework'] !== undefined && server['framework'] !== 'none';
    if (routed && zod['input_schema'] !== undefined) defaults['input_schema'] = zod['input_schema'];
  }
  return defaults;
}

async function validateSection(section: Section, raw: Raw): Promise<{ value?: unknown; issues?: Issue[] }> {
  const value = raw[section];
  const spec = SPECS[section];
  const keys = spec.keys.filter((key) => key !== 'input_openapi');
  if (!isRecord(value)) return { issues: [{ message: `must be an object of ${keys.join(', ')}`, path: [section] }] };
  // Every issue of the section at once: misplaced and unknown keys, then the values of the others.
  const issues: Issue[] = [];
  const known: Raw = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'input_openapi') issues.push({ message: 'is set once, at the top of the config', path: [section, key] });
    else if (!keys.includes(key)) issues.push({ message: `unknown key (allowed: ${keys.join(', ')})`, path: [section, key] });
    else known[key] = item;
  }
  const result = await spec.schema['~standard'].validate({ ...sharedDefaults(section, raw), ...known, input_openapi: raw['input_openapi'] });
  if (result.issues) issues.push(...result.issues.map((issue) => ({ message: issue.message, path: [section, ...(issue.path ?? [])] })));
  if (issues.length > 0 || result.issues) return { issues };
  return { value: result.value };
}

const projectSchema: StandardSchemaV1<unknown, SpecwrightProject> = {
  '~standard': {
    version: 1,
    vendor: 'specwright',
    async validate(input) {
      const raw = input as Raw;
      const spec = raw['input_openapi'];
      if (typeof spec !== 'string' || spec === '') {
        return { issues: [{ message: spec === undefined ? 'is required' : 'must be a non-empty string: the path of the OpenAPI document', path: ['input_openapi'] }] };
      }
      if (!SECTIONS.some((section) => section in raw)) {
        return { issues: [{ message: `names no generator: add at least one of ${SECTIONS.join(', ')}` }] };
      }
      const project: Raw = { input_openapi: spec };
      const issues: Issue[] = [];
      for (const section of SECTIONS) {
        if (!(section in raw)) continue;
        const result = await validateSection(section, raw);
        if (result.issues) issues.push(...result.issues);
        else project[section] = result.value;
      }
      if (issues.length > 0) return { issues };
      return { value: project as unknown as SpecwrightProject };
    },
  },
};

/** The config spec the core's loader reads `specwright.config.json` with. */
export const configSpec: ConfigSpec<SpecwrightProject> = {
  keys: CONFIG_KEYS,
  pathKeys: ['input_openapi'],
  schema: projectSchema,
  multiProject: true,
};

/** Resolves the sections' paths from `base` (the config file's directory); `input_openapi` is the project's. */
export function resolveProject(project: SpecwrightProject & SourceConfig, base: string): SpecwrightProject & SourceConfig {
  // A URL stays a URL (remote specs); the core's loader has resolved ref_roots already.
  const input = /^https?:\/\//i.test(project.input_openapi) ? project.input_openapi : resolve(base, project.input_openapi);
  const out: Raw = { input_openapi: input };
  if (project.ref_roots !== undefined) out['ref_roots'] = project.ref_roots;
  if (project.allowed_ref_hosts !== undefined) out['allowed_ref_hosts'] = project.allowed_ref_hosts;
  if (project.request_headers !== undefined) out['request_headers'] = project.request_headers;
  for (const key of FILTER_CONFIG_KEYS) if (project[key] !== undefined) out[key] = project[key];
  for (const section of SECTIONS) {
    const value = project[section];
    if (value === undefined) continue;
    const resolved: Raw = { ...value };
    for (const key of SPECS[section].pathKeys) {
      if (typeof resolved[key] === 'string') resolved[key] = resolve(base, resolved[key]);
    }
    resolved['input_openapi'] = out['input_openapi'];
    out[section] = resolved;
  }
  return out as unknown as SpecwrightProject & SourceConfig;
}

/** The user schema files a resolved project names (`zod_ts` first): no output of the config may write them. */
export function ownedFilesOf(project: SpecwrightProject): OwnedFile[] {
  const owned: OwnedFile[] = [];
  if (project.zod_ts?.input_schema !== undefined) owned.push({ path: project.zod_ts.input_schema, key: 'zod_ts.input_schema' });
  if (project.server?.input_schema !== undefined) owned.push({ path: project.server.input_schema, key: 'server.input_schema' });
  return owned;
}

const COMMAND_OF: Record<Section, string> = {
  zod_ts: 'openapi-zod-ts (schemas, types, fetch client)',
  server: 'openapi-server',
  react_query: 'openapi-react-query',
  msw: 'openapi-msw',
};

/**
 * A section's line of `--help`: its keys read from the generator's own config spec, so a key
 * added there is listed here too (`output` is required only in `zod_ts`).
 */
function sectionHelp(section: Section): string {
  const keys = SPECS[section].keys.filter((key) => key !== 'input_openapi').map((key) => (key === 'output' && section === 'zod_ts' ? key : `${key}?`));
  return `${section.padEnd(14)} { ${keys.join(', ')} }: ${COMMAND_OF[section]}`;
}

export const CONFIG_HELP = [
  'input_openapi  string, required  the OpenAPI 3.x or Swagger 2.0 document (JSON or YAML, path or URL), read once for all generators',
  ...SECTIONS.map(sectionHelp),
  'ref_roots      string[], optional  directories besides the spec\'s own where local $refs may point',
  'allowed_ref_hosts string[], optional  hosts remote $refs may be fetched from',
  'include, exclude  { tags?, operations?, paths?, methods? }, optional  the operations every section',
  '               generates (paths are globs); deprecated: false leaves deprecated ones out',
  'projects       [ { ...the keys above } ] for several specs',
  'Each section takes its generator\'s keys, meaning there what they mean in that command (see its',
  '--help) and runs when present, in the order above. output defaults to zod_ts.output;',
  'server.types_dir and msw.types_dir to zod_ts.output; a server with a router validates bodies with',
  'zod_ts.input_schema unless it names its own. Paths are relative to the config file.',
];
