import { join, resolve } from 'node:path';
import { ConfigError, createFormatter, loadConfigFile, loadModel, modelFromDocument, parseConfig, writeOutputs, type ApiModel, type Formatter, type OutputFile, type SourceConfig } from '@specwright/core';
import { DEFAULTS, configSpec, type MswConfig, type ResolvedMswConfig } from './config.js';
import { clientTypes } from './client-types.js';
import { buildHandlersModule } from './handlers.js';
import type { SchemaTypesModule } from './mock-values.js';

export const HANDLERS_FILE = 'handlers.ts';

/** Options of `generateHandlers` (the config keys in camelCase). */
export interface HandlerGenOptions {
  /** Fake-data seed written into the file; an integer >= 0. @default 42 */
  seed?: number;
  /** Items per array schema (raised to `minItems`, capped by `maxItems`); an integer >= 1. @default 3 */
  maxArrayItems?: number;
  /** Schema-resolution depth before `null` is emitted; an integer >= 1. @default 30 */
  depthCap?: number;
  /** Default route prefix; `*` matches any origin and path prefix. @default '*' */
  baseUrl?: string;
  /** Serve the spec's named response examples to `Prefer: example=<name>`. @default false */
  examples?: boolean;
  /** Vary the mock data (union members, nulls, optional properties, array lengths, enum values). @default false */
  variety?: boolean;
  /**
   * Directory the file is meant for: its prettier config (and prettier, when the project has its
   * own) formats the content. @default the current directory
   */
  outputDir?: string;
}

export interface GeneratedFile {
  /** Always `handlers.ts`. */
  filename: string;
  content: string;
}

export interface GenerateResult {
  /** Absolute path of the written `handlers.ts`. */
  path: string;
  /** False when the file already had this content (it is then left untouched). */
  changed: boolean;
  /** Problems that did not stop generation (an unsupported pattern, a skipped HEAD operation...). */
  warnings: string[];
}

/**
 * `handlers.ts` for a parsed OpenAPI document (an object; local `$ref`s only), formatted with
 * prettier as the CLI writes it. Async because prettier 3 formats asynchronously.
 */
export async function generateHandlers(spec: unknown, options: HandlerGenOptions = {}): Promise<GeneratedFile> {
  const model = modelFromDocument(spec);
  return (await renderHandlers(model, checkOptions(options))).file;
}

/** Generates one project's `handlers.ts` and writes it, creating the output directory. */
export async function generate(config: MswConfig): Promise<GenerateResult> {
  const [resolved] = await parseConfig(config, { ...configSpec, multiProject: false }, join(process.cwd(), 'openapi-msw.config.json'));
  const { file, warnings } = await generateFile(resolved!);
  const result = await writeOutputs([file]);
  return { path: file.path, changed: result.changed.length > 0, warnings };
}

/** Reads a single-project config file (default `openapi-msw.config.json` in the current directory). */
export async function loadConfig(path = 'openapi-msw.config.json'): Promise<ResolvedMswConfig> {
  const { file, projects } = await loadConfigFile(resolve(path), configSpec);
  if (projects.length !== 1) throw new ConfigError('holds several projects; use loadConfigs', { file, key: 'projects' });
  return projects[0]!;
}

/** Reads a config file of either form: one project, or `{ "projects": [...] }`. */
export async function loadConfigs(path = 'openapi-msw.config.json'): Promise<ResolvedMswConfig[]> {
  return (await loadConfigFile(resolve(path), configSpec)).projects;
}

/** One project → the file to write (used by the CLI and by `generate`). */
export async function generateFile(config: ResolvedMswConfig & SourceConfig): Promise<{ file: OutputFile; warnings: string[] }> {
  const model = await loadModel(config.input_openapi, config);
  const { file, warnings } = await generateFileFromModel(model, config);
  return { file, warnings: [...model.warnings, ...warnings] };
}

/**
 * `generateFile` for an already built model (the model's own warnings are not repeated); the
 * formatter for `output` may be shared with the run's other generators. With `types_dir`, the
 * described factories return the client's types; `planned` holds the files the run writes before
 * this one (`specwright`'s zod_ts section), which need not be on disk yet. `inputs`: a
 * `schema-types.ts` read from disk, which the output depends on (`specwright --watch`).
 */
export async function generateFileFromModel(
  model: ApiModel,
  config: ResolvedMswConfig,
  formatter?: Formatter,
  planned?: ReadonlyMap<string, string>,
): Promise<{ file: OutputFile; warnings: string[]; inputs: string[] }> {
  const types = config.types_dir === undefined ? undefined : await clientTypes(model, config.output, config.types_dir, planned);
  const options = { seed: config.seed, maxArrayItems: config.max_array_items, depthCap: config.depth_cap, baseUrl: config.base_url, examples: config.examples, variety: config.variety, outputDir: config.output, schemaTypes: types?.module };
  const { file, warnings } = await renderHandlers(model, options, formatter);
  return { file: { path: join(config.output, HANDLERS_FILE), content: file.content }, warnings: [...warnings, ...(types?.warnings() ?? [])], inputs: types?.read === undefined ? [] : [types.read] };
}

type CheckedOptions = Required<Omit<HandlerGenOptions, 'outputDir'>> & { outputDir: string; schemaTypes?: SchemaTypesModule | undefined };

async function renderHandlers(model: ApiModel, options: CheckedOptions, shared?: Formatter): Promise<{ file: GeneratedFile; warnings: string[] }> {
  const { module, warnings } = buildHandlersModule(model, options);
  const formatter = shared ?? (await createFormatter(options.outputDir));
  const content = await formatter.formatModule(module, join(options.outputDir, HANDLERS_FILE));
  return { file: { filename: HANDLERS_FILE, content }, warnings };
}

/** The config's checks, for the programmatic options; errors name the option and the value. */
function checkOptions(options: HandlerGenOptions): CheckedOptions {
  const integer = (name: keyof HandlerGenOptions, value: unknown, fallback: number, minimum: number): number => {
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum) {
      throw new ConfigError(`option "${name}" must be an integer >= ${minimum} (got ${JSON.stringify(value)})`, { key: name });
    }
    return value;
  };
  const baseUrl = options.baseUrl ?? DEFAULTS.base_url;
  if (typeof baseUrl !== 'string') throw new ConfigError(`option "baseUrl" must be a string (got ${JSON.stringify(baseUrl)})`, { key: 'baseUrl' });
  return {
    seed: integer('seed', options.seed, DEFAULTS.seed, 0),
    maxArrayItems: integer('maxArrayItems', options.maxArrayItems, DEFAULTS.max_array_items, 1),
    depthCap: integer('depthCap', options.depthCap, DEFAULTS.depth_cap, 1),
    baseUrl,
    examples: options.examples === true,
    variety: options.variety === true,
    outputDir: resolve(options.outputDir ?? '.'),
  };
}

