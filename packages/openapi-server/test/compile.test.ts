import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSpecFile } from '@specwright/core';
import { CONSUMER_PRETTIER_CONFIG, fixture, prettierUnformatted, tempProject, typecheck, typecheckTogether, type Resolution, type TypeScriptVersion } from '@specwright/testing';
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

/**
 * The decorator options a NestJS app compiles with (README): the generated router needs neither,
 * and compiles with both.
 */
const NEST_DECORATOR_OPTIONS = { experimentalDecorators: true, emitDecoratorMetadata: true };

type Framework = RouterFramework | 'none';
const ALL: Framework[] = ['hono', 'express', 'fastify', 'koa', 'nestjs', 'none'];
const MINI = ['hono', 'express', 'fastify'] as const;

/** What a project of the matrix is compiled under: NestJS's declarations weigh on TypeScript 5.9, whose bundler resolution the other routers prove. */
function matrixOf(label: string): [TypeScriptVersion, Resolution][] {
  if (label.endsWith('without context')) return MATRIX.filter(([version]) => version === '7');
  if (label.startsWith('nestjs')) return MATRIX.filter(([version, resolution]) => version === '7' || resolution === 'nodenext');
  return MATRIX;
}

const projects = new Map<string, GeneratedProject>();
/** Diagnostics per `<label>, TypeScript <version>, <resolution>`. */
const diagnostics = new Map<string, string>();

/**
 * Every framework's projects are generated first and compiled together, one program per
 * TypeScript version and resolution (NestJS's with its decorator options): each library's
 * declarations are read once, and each diagnostic still goes to the project whose file it names.
 */
beforeAll(async () => {
  const generated = await Promise.all([
    ...ALL.flatMap((framework) => [
      generateProject({ framework }).then((project) => [`${framework} with context`, project] as const),
      generateProject({ framework, contextType: false }).then((project) => [`${framework} without context`, project] as const),
    ]),
    ...MINI.map((framework) => generateProject({ framework, inputSchema: false, zodConfig: { zod_variant: 'mini' } }).then((project) => [`${framework} mini`, project] as const)),
  ]);
  for (const [label, project] of generated) projects.set(label, project);
  for (const [label, { project, zodTs, server }] of projects) {
    if (zodTs.code !== 0 || server.code !== 0) continue;
    const framework = label.split(' ')[0] as Framework;
    const router = framework !== 'none';
    if (label.endsWith('without context')) {
      project.write('service-impl.ts', contractService({ context: false, router }));
      if (router) project.write('mount.ts', MOUNTS[framework]);
      continue;
    }
    project.write('service-impl.ts', contractService({ context: true, router }));
    if (label.endsWith('mini') || !router) {
      if (router) project.write('server.ts', CONTRACT_SERVERS[framework]);
      if (!router) project.write('context-types.ts', CONTEXT_TYPES);
      continue;
    }
    project.write('context-types.ts', CONTEXT_TYPES);
    project.write('server.ts', CONTRACT_SERVERS[framework]);
    project.write('router-context.ts', ROUTER_CONTEXT[framework]);
  }
  const labels = [...projects.keys()];
  for (const [version, resolution] of MATRIX) {
    const members = (nest: boolean) => labels.filter((label) => label.startsWith('nestjs') === nest && matrixOf(label).some(([v, r]) => v === version && r === resolution)).map((label) => ({ label, dir: projects.get(label)!.dir }));
    for (const nest of [false, true]) {
      const group = members(nest);
      if (group.length === 0) continue;
      for (const [label, text] of typecheckTogether(group, version, resolution, nest ? NEST_DECORATOR_OPTIONS : {})) diagnostics.set(`${label}, TypeScript ${version}, ${resolution}`, text);
    }
  }
}, 900_000);

function expectCompiled(label: string) {
  const { zodTs, server } = projects.get(label)!;
  expect(zodTs.code, zodTs.stderr).toBe(0);
  expect(server.code, server.stderr).toBe(0);
  for (const [version, resolution] of matrixOf(label)) {
    const key = `${label}, TypeScript ${version}, ${resolution}`;
    expect(diagnostics.get(key), key).toBe('');
  }
}

describe.each(ALL)('%s: generated code compiles under the strict flag set', (framework) => {
  it('with a context type: service, router, server, type tests (TypeScript 5.9 and 7, bundler and nodenext)', () => {
    expectCompiled(`${framework} with context`);
  });

  it('without a context type: service and mounting (TypeScript 7, bundler and nodenext)', () => {
    expectCompiled(`${framework} without context`);
  });

  it('a service missing one method does not compile', () => {
    const withoutContext = projects.get(`${framework} without context`)!;
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
    const withContext = projects.get(`${framework} with context`)!;
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
describe.each(MINI)('%s over zod/mini schemas (openapi-zod-ts zod_variant: "mini")', (framework) => {
  it('service, router and server compile (TypeScript 5.9 and 7, bundler and nodenext)', () => {
    expect(projects.get(`${framework} mini`)!.read('gen/schema-types.ts')).toContain("from 'zod/mini'");
    expectCompiled(`${framework} mini`);
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

const FIXTURES = ['hostile.yaml', 'petstore-3.1.yaml', 'features-3.1.yaml', 'nullable-3.0.yaml', 'external/main.yaml', 'response-media.yaml', 'path-keys.yaml', 'query-styles.yaml', 'path-values.yaml', 'never-bodies.yaml'];
const FIXTURE_FRAMEWORKS = ['hono', 'express', 'fastify', 'koa', 'nestjs'] as const;

/** A fixture's project: each framework's service and router (with the client) in a folder of its own; the runs' results, for its test to assert. */
const fixtureProjects = new Map<string, Promise<{ dir: string; runs: { framework: string; zod: Awaited<ReturnType<typeof runZodTs>>; server: Awaited<ReturnType<typeof runServer>> }[] }>>();
function fixtureProject(name: string) {
  let found = fixtureProjects.get(name);
  if (!found) {
    found = (async () => {
      const project = tempProject('server-fixture', { prettier: CONSUMER_PRETTIER_CONFIG });
      const spec = fixture(name);
      const runs = [];
      for (const framework of FIXTURE_FRAMEWORKS) {
        project.write(`${framework}/openapi-zod-ts.config.json`, JSON.stringify({ input_openapi: spec, output: 'gen' }));
        project.write(`${framework}/openapi-server.config.json`, JSON.stringify({ input_openapi: spec, output: 'gen', framework, context_type: 'Ctx' }));
        const dir = join(project.dir, framework);
        runs.push({ framework, zod: await runZodTs([], dir), server: await runServer([], dir) });
      }
      return { dir: project.dir, runs };
    })();
    fixtureProjects.set(name, found);
  }
  return found;
}

/**
 * The fixtures' projects compiled in one TypeScript 7 program (the strict flags, nodenext): the
 * libraries' declarations are read and checked once instead of once per fixture; each diagnostic
 * goes to the fixture whose folder holds its file.
 */
let fixturesCompiled: Promise<Map<string, string>> | undefined;
function compiledFixtures(): Promise<Map<string, string>> {
  fixturesCompiled ??= (async () => {
    const members = [];
    for (const name of FIXTURES) members.push({ label: name, dir: (await fixtureProject(name)).dir });
    return typecheckTogether(members, '7', 'nodenext');
  })();
  return fixturesCompiled;
}

describe('every fixture spec gives a service and routers that compile (hostile text included)', () => {
  it.each(FIXTURES)('%s', async (name) => {
    const { dir, runs } = await fixtureProject(name);
    for (const { framework, zod, server } of runs) {
      expect(zod.code, zod.stderr).toBe(0);
      expect(server.code, server.stderr).toBe(0);
      expect(await prettierUnformatted([join(dir, framework, 'gen', 'service.ts'), join(dir, framework, 'gen', 'router.ts')])).toEqual([]);
    }
    expect((await compiledFixtures()).get(name)).toBe('');
  });
});
