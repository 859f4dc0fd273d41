import { dirname, join, resolve } from 'node:path';
import { diffOutputs, generateProjectFiles, isProjectsConfig, loadConfigFile, parseConfig, writeOutputs, type OutputFile } from '@specwright/core';
import { formatConfigInputs } from './format-inputs.js';
import { configSpec, ownedFilesOf, resolveProject, type SpecwrightConfigInput, type SpecwrightProject } from './config.js';
import { runProject } from './run-project.js';
import type { GenerateSession } from './session.js';

export interface GenerateOptions {
  /**
   * Directory the config's relative paths start from.
   * @default process.cwd()
   */
  root?: string | undefined;
  /**
   * `write`: write the files that changed, all or none; `check`: write nothing, report what would
   * change; `none`: only return the files.
   * @default 'write'
   */
  mode?: 'write' | 'check' | 'none' | undefined;
  /** Receives warnings. @default ignored */
  warn?: ((message: string) => void) | undefined;
  /** Work kept between runs (`createSession()`), for a caller that regenerates often. @default none */
  session?: GenerateSession | undefined;
  /**
   * Print large modules on a worker thread too (`auto`: for a large spec on a machine with more
   * than one core, and never in a session). The files are the same bytes either way.
   * @default 'auto'
   */
  parallel?: boolean | 'auto' | undefined;
  /**
   * Receives the path of every file the run reads or tries to read (the spec, the files its
   * `$ref`s name, the user schema files, the prettier config files that may apply), as it goes:
   * a caller that watches inputs knows them even when the run fails, and so sees the fix of a
   * file that was missing or broken.
   */
  reads?: Set<string> | undefined;
}

export interface GenerateResult {
  /** Every generated file, in run order (projects, then zod_ts, server, react_query, msw). */
  files: OutputFile[];
  /** Files whose bytes changed (`write`) or would change (`check`); empty for `none`. */
  changed: string[];
  /** Every input the run read: the specs, the files their `$ref`s name, the user schema files. */
  inputs: string[];
  /**
   * The prettier config files that may apply to the output (`.prettierrc*`, `package.json`,
   * `.editorconfig` ... in each output directory and above), whether they exist or not: what a
   * watcher watches besides `inputs`, since creating one changes the output as editing one does.
   */
  formatInputs: string[];
}

/** How `generateProjects` runs: the options of `generate()` that reach the generators. */
export interface ProjectsOptions {
  warn: (message: string) => void;
  session?: GenerateSession | undefined;
  parallel?: boolean | 'auto' | undefined;
  reads?: Set<string> | undefined;
  /** The config holds a `projects` array (its keys are named `projects[i].key`). */
  inProjects?: boolean | undefined;
}

/** Generates the files of validated projects (paths already absolute); nothing is written. */
export async function generateProjects(
  projects: SpecwrightProject[],
  configFile: string,
  options: ProjectsOptions,
): Promise<{ files: OutputFile[]; inputs: string[]; formatInputs: string[] }> {
  const inputs = new Set<string>();
  const { warn, session, parallel, reads } = options;
  const files = await generateProjectFiles(projects, {
    configFile,
    inProjects: options.inProjects ?? false,
    generate: async (project) => {
      const output = await runProject(project, { warn, configFile, session, parallel, reads });
      output.inputs.forEach((input) => inputs.add(input));
      return output.files;
    },
    ownedFiles: ownedFilesOf,
  });
  return { files, inputs: [...inputs], formatInputs: formatConfigInputs(files.map((file) => file.path)) };
}

/**
 * The programmatic form of `specwright`: validates a config object as the command validates
 * `specwright.config.json` (errors are `ConfigError`s naming the key, such as `server.framework`),
 * generates every project, and writes the files that changed, all or none.
 */
export async function generate(config: SpecwrightConfigInput, options: GenerateOptions = {}): Promise<GenerateResult> {
  checkMode(options.mode);
  const label = join(resolve(options.root ?? process.cwd()), 'specwright.config.json');
  return finish(await parseConfig(config, configSpec, label), label, options, isProjectsConfig(config, configSpec));
}

/** `generate` for a config file (`specwright.config.json`); its relative paths start from its directory. */
export async function generateFromFile(configFile: string, options: Omit<GenerateOptions, 'root'> = {}): Promise<GenerateResult> {
  checkMode(options.mode);
  const loaded = await loadConfigFile(configFile, configSpec);
  return finish(loaded.projects, loaded.file, options, loaded.inProjects);
}

const MODES = ['write', 'check', 'none'] as const;

/** A mode this function does not know (a typo in JavaScript) must not fall back to writing files. */
function checkMode(mode: unknown): void {
  if (mode !== undefined && !(MODES as readonly unknown[]).includes(mode)) {
    throw new TypeError(`generate(): mode must be ${MODES.map((m) => `"${m}"`).join(', ')} or undefined (got ${JSON.stringify(mode)})`);
  }
}

async function finish(projects: SpecwrightProject[], configFile: string, options: GenerateOptions, inProjects: boolean): Promise<GenerateResult> {
  const resolved = projects.map((project) => resolveProject(project, dirname(configFile)));
  const { files, inputs, formatInputs } = await generateProjects(resolved, configFile, { warn: options.warn ?? (() => {}), session: options.session, parallel: options.parallel, reads: options.reads, inProjects });
  const mode = options.mode ?? 'write';
  if (mode === 'none') return { files, changed: [], inputs, formatInputs };
  const { changed } = mode === 'check' ? await diffOutputs(files) : await writeOutputs(files);
  return { files, changed, inputs, formatInputs };
}
