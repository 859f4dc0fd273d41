import { join, resolve } from 'node:path';
import { type ApiModel, type Code, ConfigError, createFormatter, type Formatter, loadModel, type OutputFile, printModuleSource, realPath, type SourceConfig } from '@specwright/core';
import { clientModule } from './client.js';
import { clientConfigModule } from './client-config.js';
import type { ZodTsConfig } from './config.js';
import { createContext, type SchemaTyping } from './context.js';
import { indexModule } from './index-module.js';
import { createClientNames } from './names.js';
import type { ZodVariant } from './schema-emit.js';
import { BASES_FILE, schemaBasesModule } from './schema-bases.js';
import { schemaTypesModule } from './schema-types.js';
import { checkUserSchemaPath, resolveUserSchemas, userSchemaModule } from './user-schemas.js';

/** The file of the schemas and their types, which the server's service and msw's factories import types from. */
export const SCHEMA_TYPES_FILE = 'schema-types.ts';

/** The files `openapi-zod-ts` writes into the output directory (and `schema-bases.ts` with `input_schema`). */
export const GENERATED_FILES = [SCHEMA_TYPES_FILE, 'client.ts', 'client-config.ts', 'index.ts'] as const;

export interface GenerateOptions {
  /** Output directory (absolute, or relative to the working directory). */
  outputDir: string;
  /** The user-owned schema file (`input_schema`), created when missing. */
  inputSchema?: string | undefined;
  /** Receives warnings (a schema the user file lacks, a skipped operation...). */
  warn?: ((message: string) => void) | undefined;
  /**
   * Receives each difference between the spec and a schema of the user file not built on its base
   * (the command's `--check` fails on them).
   * @default warn
   */
  drift?: ((message: string) => void) | undefined;
  /**
   * Format with prettier (the consumer's, else the bundled one).
   * @default true
   */
  format?: boolean | undefined;
  /**
   * `checked` makes the compiler prove that each type agrees with its schema (slow on large
   * specs); `asserted` types the schemas by assertion. See `SchemaTyping`.
   * @default 'asserted'
   */
  typing?: SchemaTyping | undefined;
  /**
   * The zod API of the generated schemas: `classic` (`zod`) or `mini` (`zod/mini`, smaller bundles).
   * @default 'classic'
   */
  variant?: ZodVariant | undefined;
  /** Config file, for messages about `input_schema`. */
  configFile?: string | undefined;
  /** A formatter for the output directory shared with other generators of the run (its caches too). */
  formatter?: Formatter | undefined;
}

/** Generates the files of one config; nothing is written (the command line does that atomically). */
export async function generate(config: ZodTsConfig & SourceConfig, options: Omit<GenerateOptions, 'outputDir' | 'inputSchema'> = {}): Promise<OutputFile[]> {
  const model = await loadModel(config.input_openapi, config);
  return generateFromConfig(model, config, options);
}

/**
 * `generate` for an already built model: the one place a config's keys become options, so the
 * command, `specwright` and the Vite plugin give every key the same meaning.
 */
export async function generateFromConfig(model: ApiModel, config: ZodTsConfig, options: Omit<GenerateOptions, 'outputDir' | 'inputSchema'> = {}): Promise<OutputFile[]> {
  return generateFromModel(model, { variant: config.zod_variant, ...options, outputDir: config.output, inputSchema: config.input_schema });
}

/** A module to write: its path, its code tree, and whether it is the user-owned file. */
export interface PlannedModule {
  path: string;
  module: Code.Module;
  createOnly?: boolean;
}

/**
 * Generates the files for an already loaded model. Each file's code tree is built, formatted and
 * dropped before the next one is built: on a spec like Microsoft Graph's, the trees of
 * `schema-types.ts` and `client.ts` together are hundreds of megabytes.
 */
export async function generateFromModel(model: ApiModel, options: GenerateOptions): Promise<OutputFile[]> {
  const modules = await planModules(model, options);
  const formatter = options.format === false ? undefined : (options.formatter ?? (await createFormatter(resolve(options.outputDir), { warn: options.warn })));
  const files: OutputFile[] = [];
  for (const { path, build, createOnly } of modules) {
    const module = build();
    const content = formatter ? await formatter.formatModule(module, path) : printModuleSource(module);
    files.push(createOnly ? { path, content, createOnly } : { path, content });
  }
  return files;
}

/** The code trees of the files, before printing and formatting (for measuring, or another printer). */
export async function emitModules(model: ApiModel, options: GenerateOptions): Promise<PlannedModule[]> {
  return (await planModules(model, options)).map(({ build, ...planned }) => ({ ...planned, module: build() }));
}

/** A module to write whose code tree is built on demand (the trees are built in this order). */
interface LazyModule {
  path: string;
  build: () => Code.Module;
  createOnly?: boolean;
}

async function planModules(model: ApiModel, options: GenerateOptions): Promise<LazyModule[]> {
  const outputDir = resolve(options.outputDir);
  const warn = options.warn ?? (() => {});
  for (const warning of model.warnings) warn(`${model.file}: ${warning}`);

  const context = createContext(model, createClientNames(model), options.typing, options.variant);
  const modules: LazyModule[] = [];
  if (options.inputSchema !== undefined) {
    const file = resolve(options.inputSchema);
    const configFile = options.configFile ?? file;
    checkUserSchemaPath(file, configFile);
    // Where the paths lead: a symbolic link to a generated file is that file.
    if ([...GENERATED_FILES, BASES_FILE].some((name) => realPath(join(outputDir, name)) === realPath(file))) {
      throw new ConfigError('must not be one of the generated files', { file: configFile, key: 'input_schema' });
    }
    context.user = await resolveUserSchemas(context, file, outputDir, { warn, drift: options.drift ?? warn });
    modules.push({ path: join(outputDir, BASES_FILE), build: () => schemaBasesModule(context) });
    if (context.user.created) {
      // Built now, before the others, as it always was: they read what resolving it recorded.
      const module = userSchemaModule(context, outputDir, file);
      modules.push({ path: file, build: () => module, createOnly: true });
    }
  }
  modules.unshift(
    { path: join(outputDir, SCHEMA_TYPES_FILE), build: () => schemaTypesModule(context) },
    { path: join(outputDir, 'client.ts'), build: () => clientModule(context) },
    { path: join(outputDir, 'client-config.ts'), build: () => clientConfigModule() },
    { path: join(outputDir, 'index.ts'), build: () => indexModule() },
  );
  return modules;
}
