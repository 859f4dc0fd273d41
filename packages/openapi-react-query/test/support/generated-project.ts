import { join } from 'node:path';
import { runCommandLine, tempProject, type TempProject } from '@specwright/testing';

export interface GeneratedProject extends TempProject {
  /** Output directory of the generators (client, hooks and handlers side by side). */
  out: string;
}

export interface GenerateOptions {
  /** Config keys of openapi-react-query besides input_openapi and output. */
  hooks?: Record<string, unknown>;
  /** Also run openapi-msw into the same directory (with these config keys, `base_url` say, when an object). */
  msw?: boolean | Record<string, unknown>;
}

/** Runs a generator by its command line, failing loudly with its stderr; returns the stderr. */
export function runGenerator(project: TempProject, command: string, config: Record<string, unknown>, name = command): string {
  const file = project.write(`configs/${name}.config.json`, JSON.stringify(config, null, 2));
  const result = runCommandLine(command, command, ['--config', file], project.dir);
  if (result.code !== 0) throw new Error(`${command} exited ${result.code}:\n${result.stderr}`);
  return result.stderr;
}

/**
 * The run order of the seed into `<project>/<out>`: `openapi-zod-ts` writes the client, then
 * `openapi-react-query` the hooks beside it (and `openapi-msw` the handlers, when asked).
 * Config paths are absolute, so the configs can live anywhere.
 */
export function generateInto(project: TempProject, spec: string, out: string, options: GenerateOptions = {}): string {
  const output = join(project.dir, out);
  const name = out.replace(/[^A-Za-z0-9]+/g, '-');
  runGenerator(project, 'openapi-zod-ts', { input_openapi: spec, output }, `${name}.zod-ts`);
  runGenerator(project, 'openapi-react-query', { input_openapi: spec, output, ...options.hooks }, `${name}.react-query`);
  if (options.msw) runGenerator(project, 'openapi-msw', { input_openapi: spec, output, ...(options.msw === true ? {} : options.msw) }, `${name}.msw`);
  return output;
}

/** A temp project (with the non-default consumer prettier config) holding one generated output. */
export function generatedProject(prefix: string, spec: string, options: GenerateOptions & { prettier?: object | false } = {}): GeneratedProject {
  const project = tempProject(prefix, options.prettier === undefined ? {} : { prettier: options.prettier });
  return { ...project, out: generateInto(project, spec, 'src/api', options) };
}
