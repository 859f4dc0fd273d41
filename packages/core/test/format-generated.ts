/**
 * The code trees the four generators emit for a model (their built `dist/`, imported by package
 * name): a test-only dependency of the core on its consumers, to prove the formatter on what they
 * actually emit.
 */
import { join } from 'node:path';
import type { Module } from '../src/code/ast.js';
import type { ApiModel } from '../src/ir/types.js';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

/** Fixture specs (fixtures/specs) whose generated code the differential tests format. */
export const GENERATOR_FIXTURES = ['petstore-3.1.yaml', 'nullable-3.0.yaml', 'features-3.1.yaml', 'hostile.yaml', 'server-contract.yaml'];

export interface Generated {
  name: string;
  module: Module;
}

export async function generatedModules(model: ApiModel): Promise<Generated[]> {
  const zod = await import('@specwright/openapi-zod-ts');
  const server = await import('@specwright/openapi-server');
  const hooks = await import('@specwright/openapi-react-query');
  const msw = await import('@specwright/openapi-msw');
  const out: Generated[] = [];
  for (const typing of ['asserted', 'checked'] as const) {
    const planned = await zod.emitModules(model as never, { outputDir: join(repoRoot, '.tmp', 'format-generators'), typing });
    for (const { path, module } of planned) out.push({ name: `zod-ts ${typing} ${path.slice(path.lastIndexOf('/') + 1)}`, module: module as Module });
  }
  for (const framework of ['hono', 'express', 'fastify'] as const) {
    const modules = server.generateModules(model as never, { framework, contextType: 'AuthContext' });
    if (framework === 'hono') out.push({ name: 'server service.ts', module: modules.service as Module });
    if (modules.router) out.push({ name: `server ${framework} router.ts`, module: modules.router as Module });
  }
  const hookModules = hooks.generateModules(model as never);
  out.push({ name: 'react-query hooks.ts', module: hookModules.hooks as Module }, { name: 'react-query test-utils.ts', module: hookModules.testUtils as Module });
  const handlers = msw.buildHandlersModule(model as never, { seed: 1, maxArrayItems: 3, depthCap: 4, baseUrl: '' });
  out.push({ name: 'msw handlers.ts', module: handlers.module as Module });
  return out;
}
