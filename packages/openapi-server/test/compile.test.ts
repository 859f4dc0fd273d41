import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSpecFile } from '@specwright/core';
import { CONSUMER_PRETTIER_CONFIG, fixture, prettierUnformatted, tempProject, typecheck, type Resolution, type TypeScriptVersion } from '@specwright/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_SERVERS, CONTRACT_SPEC, contractService, generateProject, runServer, runZodTs, type GeneratedProject, type RouterFramework } from './support.js';

/** Mounting code a user writes without a context type, per framework. */
const MOUNTS: Record<RouterFramework, string> = {
  hono: `import { Hono } from 'hono';
import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';
export const app = new Hono().route('/api', createRouter(service));
export const limited = createRouter(service, { bodyLimit: 1024 });
`,
  express: `import express from 'express';
import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';
export const app = express();
app.use('/api', express.json(), createRouter(service));
app.use('/other', createRouter(service, { bodyLimit: 1024, onError: (error, req) => console.error(req.url, error) }));
`,
  fastify: `import Fastify from 'fastify';
import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';
export const app = Fastify();
void app.register(createRouter(service), { prefix: '/api' });
`,
  koa: `import Koa from 'koa';
import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';
export const app = new Koa();
const router = createRouter(service, { prefix: '/api' });
app.use(router.routes()).use(router.allowedMethods());
app.use(createRouter(service, { bodyLimit: 1024, onError: (error, ctx) => console.error(ctx.url, error) }).routes());
`,
  nestjs: `import { NestFactory } from '@nestjs/core';
import { ApiModule } from './gen/router.js';
import { service } from './service-impl.js';
export const api = ApiModule.forRoot({ service });
export const limited = ApiModule.forRoot({ service, bodyLimit: 1024, onError: (error, req) => console.error(req.url, error) });
export const app = NestFactory.create(api, { bodyParser: false });
`,
};

/** Type tests of the context generic (every expected error is asserted by @ts-expect-error). */
const CONTEXT_TYPES = `import type { Service } from './gen/service.js';
import type { AuthContext } from './service-impl.js';

type Ping = Service<AuthContext>['ping'];
// The context is the last argument of every method, public ones included.
export const ok: Parameters<Ping> = [{ userId: 'u', scopes: [] }];
// @ts-expect-error a context of another type
export const wrong: Parameters<Ping> = [{ user: 'u' }];
type Search = Parameters<Service<AuthContext>['search']>;
export const last: Search[1] = { userId: 'u', scopes: ['a'] };

// Without a type argument the context is never: an implementation may ignore it, no call can forge it.
declare const anonymous: Service;
// @ts-expect-error nothing is assignable to never
void anonymous.ping({ userId: 'u', scopes: [] });
`;

/** createRouter infers the context from the service and checks createContext against it. */
const ROUTER_CONTEXT: Record<RouterFramework, string> = {
  hono: `import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';
export const a = createRouter(service, { createContext: () => ({ userId: 'x', scopes: [] }) });
export const b = createRouter(service, { createContext: async (c, route) => ({ userId: c.req.header('x') ?? route.operationId, scopes: [] }) });
// @ts-expect-error the context does not match the service's
export const c = createRouter(service, { createContext: () => ({ userId: 1 }) });
// @ts-expect-error createContext is required with a context type
export const d = createRouter(service, {});
`,
  express: `import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';
export const a = createRouter(service, { createContext: () => ({ userId: 'x', scopes: [] }) });
export const b = createRouter(service, { createContext: async (req, route) => ({ userId: req.headers.host ?? route.operationId, scopes: [] }) });
// @ts-expect-error the context does not match the service's
export const c = createRouter(service, { createContext: () => ({ userId: 1 }) });
// @ts-expect-error createContext is required with a context type
export const d = createRouter(service, {});
`,
  fastify: `import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';
export const a = createRouter(service, { createContext: () => ({ userId: 'x', scopes: [] }) });
export const b = createRouter(service, { createContext: async (request, route) => ({ userId: request.routeOptions.config.operationId ?? route.operationId, scopes: [] }) });
// @ts-expect-error the context does not match the service's
export const c = createRouter(service, { createContext: () => ({ userId: 1 }) });
// @ts-expect-error createContext is required with a context type
export const d = createRouter(service, {});
`,
  koa: `import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';
export const a = createRouter(service, { createContext: () => ({ userId: 'x', scopes: [] }) });
export const b = createRouter(service, { createContext: async (ctx, route) => ({ userId: ctx.get('x') || route.operationId, scopes: [] }) });
// @ts-expect-error the context does not match the service's
export const c = createRouter(service, { createContext: () => ({ userId: 1 }) });
// @ts-expect-error createContext is required with a context type
export const d = createRouter(service, {});
`,
  nestjs: `import { ApiModule } from './gen/router.js';
import { service } from './service-impl.js';
export const a = ApiModule.forRoot({ service, createContext: () => ({ userId: 'x', scopes: [] }) });
export const b = ApiModule.forRoot({ service, createContext: async (req, route) => ({ userId: req.headers.host ?? route.operationId, scopes: [] }) });
// @ts-expect-error the context does not match the service's
export const c = ApiModule.forRoot({ service, createContext: () => ({ userId: 1 }) });
// @ts-expect-error createContext is required with a context type
export const d = ApiModule.forRoot({ service });
`,
};

const MATRIX: [TypeScriptVersion, Resolution][] = [
  ['5.9', 'bundler'],
  ['5.9', 'nodenext'],
  ['7', 'bundler'],
  ['7', 'nodenext'],
];

/** TypeScript 7 only, where 5.9 adds nothing: the case with a context type compiles each framework's output under 5.9. */
const TS7_ONLY = MATRIX.filter(([version]) => version === '7');

/**
 * The decorator options a NestJS app compiles with (README): the generated router needs neither,
 * and compiles with both.
 */
const NEST_DECORATOR_OPTIONS = { experimentalDecorators: true, emitDecoratorMetadata: true };

function expectCompiles(project: GeneratedProject, label: string, matrix = MATRIX, extraOptions: object = {}) {
  for (const [version, resolution] of matrix) {
    const file = project.project.tsconfig(resolution);
    const tsconfig = JSON.parse(readFileSync(file, 'utf8')) as { compilerOptions: object };
    writeFileSync(file, JSON.stringify({ ...tsconfig, compilerOptions: { ...tsconfig.compilerOptions, ...extraOptions } }));
    const result = typecheck(project.dir, version);
    expect(result.stdout + result.stderr, `${label}: TypeScript ${version}, ${resolution}`).toBe('');
    expect(result.code).toBe(0);
  }
}

describe.each(['hono', 'express', 'fastify', 'koa', 'nestjs', 'none'] as const)('%s: generated code compiles under the strict flag set', (framework) => {
  const flags = framework === 'nestjs' ? NEST_DECORATOR_OPTIONS : {};
  let withContext: GeneratedProject;
  let withoutContext: GeneratedProject;

  beforeAll(async () => {
    [withContext, withoutContext] = await Promise.all([generateProject({ framework }), generateProject({ framework, contextType: false })]);
    for (const generated of [withContext, withoutContext]) {
      expect(generated.zodTs.code, generated.zodTs.stderr).toBe(0);
      expect(generated.server.code, generated.server.stderr).toBe(0);
    }
  });

  it('with a context type: service, router, server, type tests (TypeScript 5.9 and 7, bundler and nodenext)', () => {
    withContext.project.write('service-impl.ts', contractService({ context: true, router: framework !== 'none' }));
    withContext.project.write('context-types.ts', CONTEXT_TYPES);
    if (framework !== 'none') {
      withContext.project.write('server.ts', CONTRACT_SERVERS[framework]);
      withContext.project.write('router-context.ts', ROUTER_CONTEXT[framework]);
    }
    // NestJS's declarations weigh on TypeScript 5.9: bundler resolution is proven on the other routers.
    expectCompiles(withContext, 'with context', framework === 'nestjs' ? MATRIX.filter(([version, resolution]) => version === '7' || resolution === 'nodenext') : MATRIX, flags);
  });

  it('without a context type: service and mounting (TypeScript 7, bundler and nodenext)', () => {
    withoutContext.project.write('service-impl.ts', contractService({ context: false, router: framework !== 'none' }));
    if (framework !== 'none') withoutContext.project.write('mount.ts', MOUNTS[framework]);
    expectCompiles(withoutContext, 'without context', TS7_ONLY, flags);
  });

  it('a service missing one method does not compile', () => {
    const complete = contractService({ context: false, router: framework !== 'none' });
    const missing = complete.replace(/ {2}async ping\(\.\.\.args\) \{\n.*\n {2}\},\n/, '');
    expect(missing).not.toBe(complete);
    withoutContext.project.write('service-impl.ts', missing);
    withoutContext.project.tsconfig('nodenext');
    const result = typecheck(withoutContext.dir, '7');
    expect(result.code).not.toBe(0);
    expect(result.stdout).toMatch(/service-impl\.ts.*error TS2741: Property 'ping' is missing/);
    withoutContext.project.write('service-impl.ts', complete);
  });

  it('files pass prettier --check under the consumer config, and a second run changes nothing', async () => {
    const files = framework === 'none' ? ['service.ts'] : ['service.ts', 'router.ts'];
    const paths = files.map((f) => join(withContext.out, f));
    expect(await prettierUnformatted(paths)).toEqual([]);
    // The consumer's config (single quotes, no semicolons, 4-space indent) is the one applied.
    expect(readFileSync(paths[0]!, 'utf8')).toMatch(/^ {4}\w+\(.*\): Promise<.*>$/m);
    expect(readFileSync(paths[0]!, 'utf8')).toContain("from './schema-types.js'");
    const before = paths.map((p) => readFileSync(p, 'utf8'));
    const again = await runServer([], withContext.dir);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/wrote 0 files, \d+ unchanged/);
    expect(paths.map((p) => readFileSync(p, 'utf8'))).toEqual(before);
    expect((await runServer(['--check'], withContext.dir)).code).toBe(0);
  });
});

// koa validates with router-common's code, as express does; the contract suite serves it over zod/mini.
describe.each(['hono', 'express', 'fastify'] as const)('%s over zod/mini schemas (openapi-zod-ts zod_variant: "mini")', (framework) => {
  it('service, router and server compile (TypeScript 5.9 and 7, bundler and nodenext)', async () => {
    const generated = await generateProject({ framework, inputSchema: false, zodConfig: { zod_variant: 'mini' } });
    expect(generated.zodTs.code, generated.zodTs.stderr).toBe(0);
    expect(generated.server.code, generated.server.stderr).toBe(0);
    expect(generated.read('gen/schema-types.ts')).toContain("from 'zod/mini'");
    generated.project.write('service-impl.ts', contractService({ context: true, router: true }));
    generated.project.write('server.ts', CONTRACT_SERVERS[framework]);
    expectCompiles(generated, 'zod/mini');
  });
});

describe('design rule 5: adding an operation to the spec and not implementing it fails compilation', () => {
  it('the same implementation compiles before and fails after the spec gains an operation', async () => {
    const generated = await generateProject({ framework: 'fastify', contextType: false });
    generated.project.write('service-impl.ts', contractService({ context: false, router: true }));
    generated.project.tsconfig('nodenext');
    expect(typecheck(generated.dir, '7').code).toBe(0);

    const { document } = await loadSpecFile(CONTRACT_SPEC);
    const paths = document['paths'] as Record<string, unknown>;
    paths['/items/{itemId}/restore'] = {
      post: { operationId: 'restoreItem', parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'string' } }], responses: { '204': { description: 'Restored.' } } },
    };
    const extended = join(generated.dir, 'extended.json');
    writeFileSync(extended, JSON.stringify(document));
    for (const config of ['openapi-zod-ts.config.json', 'openapi-server.config.json']) {
      const file = join(generated.dir, config);
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), input_openapi: extended }));
    }
    expect((await runZodTs([], generated.dir)).code).toBe(0);
    expect((await runServer([], generated.dir)).code).toBe(0);
    const result = typecheck(generated.dir, '7');
    expect(result.code).not.toBe(0);
    expect(result.stdout).toMatch(/error TS2741: Property 'restoreItem' is missing/);
  });
});

describe('every fixture spec gives a service and routers that compile (hostile text included)', () => {
  it.each(['hostile.yaml', 'petstore-3.1.yaml', 'features-3.1.yaml', 'nullable-3.0.yaml', 'external/main.yaml', 'response-media.yaml', 'path-keys.yaml', 'query-styles.yaml', 'path-values.yaml', 'never-bodies.yaml'])('%s', async (name) => {
    const project = tempProject('server-fixture', { prettier: CONSUMER_PRETTIER_CONFIG });
    const spec = fixture(name);
    for (const framework of ['hono', 'express', 'fastify', 'koa', 'nestjs'] as const) {
      project.write(`${framework}/openapi-zod-ts.config.json`, JSON.stringify({ input_openapi: spec, output: 'gen' }));
      project.write(`${framework}/openapi-server.config.json`, JSON.stringify({ input_openapi: spec, output: 'gen', framework, context_type: 'Ctx' }));
      const dir = join(project.dir, framework);
      const zod = await runZodTs([], dir);
      expect(zod.code, zod.stderr).toBe(0);
      const server = await runServer([], dir);
      expect(server.code, server.stderr).toBe(0);
      expect(await prettierUnformatted([join(dir, 'gen', 'service.ts'), join(dir, 'gen', 'router.ts')])).toEqual([]);
    }
    project.tsconfig('nodenext');
    const result = typecheck(project.dir, '7');
    expect(result.stdout + result.stderr).toBe('');
  });
});
