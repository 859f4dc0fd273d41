import { statSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { ConfigError, createFormatter, createWorkerPool, fileOnTheWay, underConfigKey, type SourceConfig, type Formatter, type OutputFile } from '@specwright/core';
import { generateFileFromModel } from '@specwright/openapi-msw';
import { generateFromModel as reactQueryFromModel } from '@specwright/openapi-react-query';
import { generateFromModel as serverFromModel } from '@specwright/openapi-server';
import { generateFromConfig as zodTsFromConfig } from '@specwright/openapi-zod-ts';
import { SECTIONS, type Section, type SpecwrightProject } from './config.js';
import { formatConfigInputs } from './format-inputs.js';
import { LARGE_SPEC_BYTES, prepareHeapFor } from './heap-policy.js';
import { loadProjectModel } from './project-model.js';
import { formatterKeepOf, specKeepOf, type GenerateSession } from './session.js';

export interface ProjectRunOptions {
  warn(message: string): void;
  /** Receives each difference between the spec and the user's schema file (`--check` fails on them). @default warn */
  drift?: ((message: string) => void) | undefined;
  /** The config file, for messages about keys. */
  configFile: string;
  /** Work kept between runs (watch mode); a fresh one when absent. */
  session?: GenerateSession | undefined;
  /**
   * Print large modules on a worker thread as well as this one. By default on for a run without
   * a session, when the spec is large and the machine has 4 CPUs or more: a worker costs a
   * prettier load and a JIT warm-up, which a small spec (or a watch session's small edits) does
   * not repay, and on 2 CPUs it competes with V8's own threads. The output is the same bytes
   * either way.
   * @default 'auto'
   */
  parallel?: boolean | 'auto' | undefined;
  /** Receives every input the run reads or tries to read, as it goes (see `GenerateOptions.reads`). */
  reads?: Set<string> | undefined;
}

/**
 * Schemas plus operations from which a run prints on two threads: about the size from which the
 * formatter splits a module (300 statements) and the worker's start is repaid.
 */
const PARALLEL_MIN_DECLARATIONS = 300;
/** A spec file from this size surely has that many (GitHub's is 11 MB, petstore's 8 kB). */
const PARALLEL_MIN_SPEC_BYTES = 2 * 1024 * 1024;
/**
 * Up to this many, and a spec file under 20 MB: the worker holds a copy of the code trees it
 * prints, which on Microsoft Graph beta (47 MB, 22,361 operations) took the peak from 1.3 to
 * 1.7-1.9 GiB, past the 1.5 GiB goal, for 20% less wall time. Memory wins on specs that large.
 */
const PARALLEL_MAX_DECLARATIONS = 8000;
const PARALLEL_MAX_SPEC_BYTES = LARGE_SPEC_BYTES;
/**
 * CPUs from which a run prints on two threads by default. On a 2-CPU machine a second thread
 * gained nothing (bench/v8-settings.mjs; bench/HISTORY.md): V8's compiler and garbage collector
 * threads already keep the second CPU busy.
 */
const PARALLEL_MIN_CPUS = 4;

/** Size of a spec file on disk; 0 for a URL or a file that cannot be read (the loader reports it). */
function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** An `output` naming a file is the user's mistake, told with its key (as the four commands tell theirs). */
async function checkOutputsAreDirectories(project: SpecwrightProject, configFile: string): Promise<void> {
  for (const section of SECTIONS) {
    const output = project[section]?.output;
    const blocking = output === undefined ? undefined : await fileOnTheWay(output);
    if (blocking !== undefined) {
      throw new ConfigError(`${blocking} is a file; output names the directory the generated files go in`, { file: configFile, key: `${section}.output` });
    }
  }
}

/** Runs a section's generator; a config key it names (`input_schema`) is named from the top (`zod_ts.input_schema`). */
async function inSection<T>(section: Section, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw underConfigKey(error, section);
  }
}

/**
 * The inputs a project names before anything is read: the spec, the user schema files and the
 * prettier config files of the output directories. A run that fails still has them watched.
 */
function recordConfiguredInputs(project: SpecwrightProject & SourceConfig, outputDirs: string[], reads: Set<string> | undefined): void {
  if (!reads) return;
  if (!/^https?:\/\//i.test(project.input_openapi)) reads.add(project.input_openapi);
  for (const schemaFile of [project.zod_ts?.input_schema, project.server?.input_schema]) if (schemaFile !== undefined) reads.add(schemaFile);
  for (const input of formatConfigInputs(outputDirs.map((dir) => join(dir, 'index.ts')))) reads.add(input);
}

export interface ProjectOutput {
  files: OutputFile[];
  /** Every file the run read as input: the spec, the files its `$ref`s name, the user schema file. */
  inputs: string[];
}

/**
 * One project: the spec is read and the model built once, then the four generators run on it in
 * the contract's order. Later generators see the files earlier ones planned (`schema-types.ts`,
 * `client.ts`, a user schema file about to be created) as if they were written; one formatter per
 * output directory serves them all, so prettier's config and the formatted-statement cache are
 * shared.
 */
export async function runProject(project: SpecwrightProject & SourceConfig, options: ProjectRunOptions): Promise<ProjectOutput> {
  const parallel = options.parallel ?? 'auto';
  const auto = parallel === 'auto' && !options.session && availableParallelism() >= PARALLEL_MIN_CPUS;
  const outputDirs = [...new Set([project.zod_ts, project.server, project.react_query, project.msw].flatMap((section) => (section ? [section.output] : [])))];
  recordConfiguredInputs(project, outputDirs, options.reads);
  await checkOutputsAreDirectories(project, options.configFile);
  const startPool = () => {
    const started = createWorkerPool();
    // The worker loads prettier and its parser while this thread reads the spec and builds code trees.
    started.warm(outputDirs);
    return started;
  };
  // A large spec file starts the worker before it is read; otherwise the model's size decides.
  const specBytes = fileSize(project.input_openapi);
  prepareHeapFor(specBytes, options.session !== undefined);
  const sized = auto && specBytes < PARALLEL_MAX_SPEC_BYTES;
  let pool = parallel === true || (sized && specBytes >= PARALLEL_MIN_SPEC_BYTES) ? startPool() : undefined;
  try {
    const { model, loadedFiles } = await loadProjectModel(project, specKeepOf(options.session, project.input_openapi), options.reads);
    for (const warning of model.warnings) options.warn(`${model.file}: ${warning}`);
    // zod-ts reports the model's warnings in the same words; only those of the model are filtered.
    const modelWarnings = new Set(model.warnings.map((warning) => `${model.file}: ${warning}`));
    const warn = (message: string) => {
      if (!modelWarnings.has(message)) options.warn(message);
    };

    const formatters = new Map<string, Promise<Formatter>>();
    const declarations = model.schemas.length + model.operations.length;
    if (!pool && sized && declarations >= PARALLEL_MIN_DECLARATIONS && declarations <= PARALLEL_MAX_DECLARATIONS) pool = startPool();
    const formatterFor = (dir: string) => {
      let formatter = formatters.get(dir);
      if (!formatter) {
        // A formatter of this run (its warnings, its worker, the config as it is now); only a
        // session outlives the run, and keeps what the formatters printed for the next.
        formatter = createFormatter(dir, { warn, parallel: pool, keep: formatterKeepOf(options.session, dir) });
        formatters.set(dir, formatter);
      }
      return formatter;
    };

    const files: OutputFile[] = [];
    const planned = new Map<string, string>();
    const add = (produced: OutputFile[]) => {
      for (const file of produced) {
        files.push(file);
        planned.set(file.path, file.content);
      }
    };
    // Remote documents are not watched: only files on disk report changes.
    const inputs = loadedFiles.filter((file) => !/^https?:\/\//.test(file));
    if (project.zod_ts) {
      const config = project.zod_ts;
      if (config.input_schema) inputs.push(config.input_schema);
      add(await inSection('zod_ts', async () => zodTsFromConfig(model, config, { warn, drift: options.drift, configFile: options.configFile, formatter: await formatterFor(config.output) })));
    }
    if (project.server) {
      const config = project.server;
      if (config.input_schema) inputs.push(config.input_schema);
      add(await inSection('server', async () => serverFromModel(model, config, { warn, drift: options.drift, planned, formatter: await formatterFor(config.output) })));
    }
    if (project.react_query) {
      const config = project.react_query;
      add(await inSection('react_query', async () => reactQueryFromModel(model, config, { warn, planned, formatter: await formatterFor(config.output) })));
    }
    if (project.msw) {
      const config = project.msw;
      // Its types_dir defaults to zod_ts.output (config.ts): the client this run writes, in `planned`.
      const { file, warnings, inputs: read } = await inSection('msw', async () => generateFileFromModel(model, config, await formatterFor(config.output), planned));
      warnings.forEach(warn);
      inputs.push(...read);
      add([file]);
    }
    return { files, inputs: [...new Set(inputs)] };
  } finally {
    // The worker is this run's own: ended now rather than after its idle time, which kept a
    // finished `specwright` process alive for 5 s.
    await pool?.close();
  }
}
