import { join } from 'node:path';
import { runCommandLine, tempProject, type TempProject } from '@specwright/testing';

export interface GeneratedProject extends TempProject {
  /** Output directory of the generators (client, hooks and handlers side by side). */
  out: string;
}

export interface GenerateOptions {
  /** Config keys of openapi-react-query besides input_openapi and output. */
  hooks?: Record<string, unknown>;
  /** Also run openapi-msw into the same directory. */
  msw?: boolean;
  /** The consumer's prettier config, or false for none (tempProject's non-default one otherwise). */
  prettier?: object | false;
  /** Output directory inside the project. @default 'src/api' */
  out?: string;
}

/** Runs a generator by its command line, failing loudly with its stderr. */
export function runGenerator(project: TempProject, pkg: string, command: string, config: Record<string, unknown>): string {
  const file = project.write(`${command}.config.json`, JSON.stringify(config, null, 2));
  const result = runCommandLine(pkg, command, ['--config', file], project.dir);
  if (result.code !== 0) throw new Error(`${command} exited ${result.code}:\n${result.stderr}`);
  return result.stderr;
}

/**
 * A temp project with the run order of the seed: `openapi-zod-ts` writes the client, then
 * `openapi-react-query` the hooks beside it (and `openapi-msw` the handlers, when asked).
 */
export function generatedProject(prefix: string, spec: string, options: GenerateOptions = {}): GeneratedProject {
  const project = tempProject(prefix, options.prettier === undefined ? {} : { prettier: options.prettier });
  const out = options.out ?? 'src/api';
  runGenerator(project, 'openapi-zod-ts', 'openapi-zod-ts', { input_openapi: spec, output: out });
  runGenerator(project, 'openapi-react-query', 'openapi-react-query', { input_openapi: spec, output: out, ...options.hooks });
  if (options.msw) runGenerator(project, 'openapi-msw', 'openapi-msw', { input_openapi: spec, output: out });
  return { ...project, out: join(project.dir, out) };
}
