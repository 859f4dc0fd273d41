import { dirname, join } from 'node:path';
import { ConfigError, type ServeOptions, type Serving, type SourceConfig } from '@specwright/core';
import { bodyRoutes, HANDLERS_FILE, startMockServer, type BodySchemas } from '@specwright/openapi-msw';
import { createClientNames } from '@specwright/openapi-zod-ts';
import { resolveProject, type SpecwrightProject } from './config.js';
import { loadProjectModel } from './project-model.js';

/**
 * `specwright mock`: serves the msw section's `handlers.ts`; with a zod_ts section, JSON request
 * bodies are checked first with the client's `schema-types.ts`, as the generated routers check them.
 */
/** The project has an `msw` section to serve. */
export function checkProjectMock(project: SpecwrightProject & SourceConfig, configFile: string): void {
  if (!project.msw) throw new ConfigError('has no "msw" section, which specwright mock serves', { file: configFile });
}

export async function startProjectMock(project: SpecwrightProject & SourceConfig, options: ServeOptions): Promise<Serving> {
  const resolved = resolveProject(project, dirname(options.configFile));
  const { msw, zod_ts: zod } = resolved;
  if (!msw) throw new ConfigError('has no "msw" section, which specwright mock serves', { file: options.configFile });
  // Read again on each reload (`--watch`): an edit of the spec may change the routes and schemas.
  const bodySchemas = async (): Promise<BodySchemas | undefined> => {
    if (!zod) return undefined;
    const { model } = await loadProjectModel(resolved);
    const names = createClientNames(model);
    return { file: join(zod.output, 'schema-types.ts'), routes: bodyRoutes(model, (op) => names.operation(op).body?.schema) };
  };
  return startMockServer({ handlersFile: join(msw.output, HANDLERS_FILE), port: options.port, host: options.host, cors: options.cors, log: options.log, bodySchemas, reload: options.reload });
}
