import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixture, typecheck } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAMEWORKS, generateProject, request, type RouterFramework } from './support.js';

/**
 * Operations that share a method and URL path and differ by a header or query value (AWS's
 * `POST /#X-Amz-Target=Svc.Op`, S3's `GET /{Bucket}?acl`, `#scope=mine`): one route per path,
 * and each request reaches the operation it selects, on every framework, served for real.
 */
const SERVICE = `import type { Service } from './gen/service.js';

export interface Ctx {
  operationId: string;
}

export const calls: { method: string; args: unknown[] }[] = [];
export const routes: string[] = [];

export function context(route: { operationId: string }): Ctx {
  routes.push(route.operationId);
  return { operationId: route.operationId };
}

function record<T>(method: string, args: unknown[], result: T): Promise<T> {
  calls.push({ method, args });
  return Promise.resolve(result);
}

export const service: Service<Ctx> = {
  createA: (body, ctx) => record('createA', [body, ctx], { a: 'x' }),
  // An invalid response when asked: fastify checks responses, hono and express send them.
  createB: (body, ctx) => record('createB', [body, ctx], (body as { invalid?: boolean }).invalid ? ({ b: 'not a number' } as never) : { b: 1 }),
  getMine: (id, query, ctx) => record('getMine', [id, query, ctx], { a: 'mine' }),
  getAll: (id, query, ctx) => record('getAll', [id, query, ctx], { b: 2 }),
  getThing: (id, ctx) => record('getThing', [id, ctx], { c: true }),
  getBucketAcl: (bucket, ctx) => record('getBucketAcl', [bucket, ctx], { a: 'acl' }),
  getBucket: (bucket, ctx) => record('getBucket', [bucket, ctx], { b: 3 }),
  exportHistory: (query, ctx) => record('exportHistory', [query, ctx], { c: false }),
  getDiff: (sha, diffType, ctx) => record('getDiff', [sha, diffType, ctx], 'diff'),
  getCommit: (sha, ctx) => record('getCommit', [sha, ctx], { c: true }),
  getProfile: (id, extension, ctx) => record('getProfile', [id, extension, ctx], { a: 'profile' }),
};
`;

const SERVERS: Record<RouterFramework, string> = {
  hono: `import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createRouter } from './gen/router.js';
import { context, service, type Ctx } from './service-impl.js';

export function start(): Promise<{ url: string; errors: unknown[]; close: () => Promise<void> }> {
  // Hono joins '/api' and '/' into '/api': without strict, '/api/' reaches it as on express and fastify.
  const app = new Hono({ strict: false });
  app.route('/api', createRouter<Ctx>(service, { createContext: (_c, route) => context(route) }));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({ url: 'http://127.0.0.1:' + String(info.port) + '/api', errors: [], close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
`,
  express: `import type { AddressInfo } from 'node:net';
import express from 'express';
import { createRouter } from './gen/router.js';
import { context, service, type Ctx } from './service-impl.js';

export async function start(): Promise<{ url: string; errors: unknown[]; close: () => Promise<void> }> {
  const errors: unknown[] = [];
  const app = express();
  app.use('/api', createRouter<Ctx>(service, { createContext: (_req, route) => context(route), onError: (error) => errors.push(error) }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: 'http://127.0.0.1:' + String(port) + '/api', errors, close: () => new Promise<void>((done) => server.close(() => done())) };
}
`,
  koa: `import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { createRouter } from './gen/router.js';
import { context, service, type Ctx } from './service-impl.js';

export async function start(): Promise<{ url: string; errors: unknown[]; close: () => Promise<void> }> {
  const errors: unknown[] = [];
  const app = new Koa();
  app.use(createRouter<Ctx>(service, { prefix: '/api', createContext: (_ctx, route) => context(route), onError: (error) => errors.push(error) }).routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: 'http://127.0.0.1:' + String(port) + '/api', errors, close: () => new Promise<void>((done) => server.close(() => done())) };
}
`,
  nestjs: `import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { ApiModule } from './gen/router.js';
import { context, service, type Ctx } from './service-impl.js';

export async function start(): Promise<{ url: string; errors: unknown[]; close: () => Promise<void> }> {
  const errors: unknown[] = [];
  const api = ApiModule.forRoot<Ctx>({ service, createContext: (_req, route) => context(route), onError: (error) => errors.push(error) });
  const app = await NestFactory.create(api, { bodyParser: false, logger: false });
  app.setGlobalPrefix('api');
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { url: 'http://127.0.0.1:' + String(port) + '/api', errors, close: () => app.close() };
}
`,
  fastify: `import Fastify from 'fastify';
import { createRouter } from './gen/router.js';
import { context, service, type Ctx } from './service-impl.js';

export async function start(): Promise<{ url: string; errors: unknown[]; close: () => Promise<void> }> {
  const errors: unknown[] = [];
  const stream = {
    write(line: string) {
      const entry = JSON.parse(line) as { err?: unknown };
      if (entry.err) errors.push(entry.err);
    },
  };
  const app = Fastify({ logger: { level: 'error', stream } });
  await app.register(createRouter<Ctx>(service, { createContext: async (_request, route) => context(route) }), { prefix: '/api' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: 'http://127.0.0.1:' + String(port) + '/api', errors, close: () => app.close() };
}
`,
};

interface Served {
  url: string;
  errors: unknown[];
  close(): Promise<void>;
  calls: { method: string; args: unknown[] }[];
  routes: string[];
  dir: string;
}

async function serve(framework: RouterFramework): Promise<Served> {
  const generated = await generateProject({ spec: fixture('path-keys.yaml'), framework, contextType: 'Ctx', inputSchema: false });
  if (generated.zodTs.code !== 0 || generated.server.code !== 0) throw new Error(`generation failed:\n${generated.zodTs.stderr}\n${generated.server.stderr}`);
  const impl = generated.project.write('service-impl.ts', SERVICE);
  const server = generated.project.write('server.ts', SERVERS[framework]);
  generated.project.tsconfig('nodenext');
  const { calls, routes } = (await import(pathToFileURL(impl).href)) as Pick<Served, 'calls' | 'routes'>;
  const { start } = (await import(pathToFileURL(server).href)) as { start(): Promise<Omit<Served, 'calls' | 'routes' | 'dir'>> };
  return { ...(await start()), calls, routes, dir: generated.dir };
}

/** A request, the service method it must reach, its first argument, and the answer. */
const SELECTED: [string, string, Record<string, string>, string, unknown, unknown][] = [
  ['POST', '/', { 'x-amz-target': 'Svc.CreateA' }, 'createA', {}, { a: 'x' }],
  ['POST', '/', { 'X-Amz-Target': 'Svc.CreateB' }, 'createB', {}, { b: 1 }],
  ['GET', '/things/t1?scope=mine', {}, 'getMine', 't1', { a: 'mine' }],
  ['GET', '/things/t1?scope=all', {}, 'getAll', 't1', { b: 2 }],
  ['GET', '/things/t1', {}, 'getThing', 't1', { c: true }],
  ['GET', '/things/t1?scope=other', {}, 'getThing', 't1', { c: true }],
  ['GET', '/buckets/b1?acl', {}, 'getBucketAcl', 'b1', { a: 'acl' }],
  ['GET', '/buckets/b1?acl=&max-keys=2', {}, 'getBucketAcl', 'b1', { a: 'acl' }],
  ['GET', '/buckets/b1', {}, 'getBucket', 'b1', { b: 3 }],
];

const OPERATION_IDS: Record<string, string> = { createA: 'CreateA', createB: 'CreateB', getMine: 'GetMine', getAll: 'GetAll', getThing: 'GetThing', getBucketAcl: 'GetBucketAcl', getBucket: 'GetBucket' };

describe.each(FRAMEWORKS)('%s: routes shared by operations told apart by header or query', (framework) => {
  let server: Served;
  beforeAll(async () => {
    server = await serve(framework);
  });
  afterAll(async () => {
    await server?.close();
  });
  const send = (method: string, path: string, headers: Record<string, string>, json?: unknown) => {
    server.calls.length = 0;
    server.routes.length = 0;
    server.errors.length = 0;
    return request(`${server.url}${path}`, { method, headers, ...(json === undefined ? {} : { json }) });
  };

  it.each(SELECTED)('%s %s %o reaches %s', async (method, path, headers, fn, first, answer) => {
    const response = await send(method, path, headers, method === 'POST' ? {} : undefined);
    expect(response.status).toBe(200);
    expect(response.json).toEqual(answer);
    expect(server.calls.map((c) => c.method)).toEqual([fn]);
    expect(server.calls[0]?.args[0]).toEqual(first);
    // createContext got the route info of the operation the request selected.
    expect(server.routes).toEqual([OPERATION_IDS[fn]]);
    expect(server.calls[0]?.args.at(-1)).toEqual({ operationId: OPERATION_IDS[fn] });
  });

  it('answers 404 when the request selects no operation of a route, without running createContext', async () => {
    for (const headers of [{ 'x-amz-target': 'Svc.Unknown' }, {}]) {
      const response = await send('POST', '/', headers, {});
      expect(response.status).toBe(404);
      expect(server.calls).toEqual([]);
      expect(server.routes).toEqual([]);
    }
  });

  it('checks the selected operation’s body and response as on a route of its own', async () => {
    // CreateA's body is an object: every router validates it with the generated schema (fastify and NestJS 400, hono, express and koa 422).
    const invalidBody = await send('POST', '/', { 'x-amz-target': 'Svc.CreateA' }, [1]);
    const invalidResponse = await send('POST', '/', { 'x-amz-target': 'Svc.CreateB' }, { invalid: true });
    if (framework === 'nestjs') {
      expect(invalidBody.status).toBe(400);
      expect(invalidBody.json).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'Invalid request body' });
      expect(invalidResponse.json).toEqual({ b: 'not a number' });
    } else if (framework === 'fastify') {
      expect(invalidBody.status).toBe(400);
      expect(invalidBody.json).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'Invalid request body' });
      expect((invalidBody.json as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
      expect(invalidResponse.status).toBe(500);
      expect(invalidResponse.json).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
      expect(server.errors).toHaveLength(1);
    } else {
      expect(invalidBody.status).toBe(422);
      expect(invalidBody.json).toMatchObject({ error: 'Invalid request body' });
      expect((invalidBody.json as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
      expect(invalidResponse.json).toEqual({ b: 'not a number' });
    }
  });

  it('compiles with the service and the server under the strict flag set', () => {
    const result = typecheck(server.dir, '7');
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});

describe.each(FRAMEWORKS)('%s: a spec whose every route is shared (AWS JSON protocol)', (framework) => {
  it('compiles under the strict flag set, with and without a context type', async () => {
    const op = (name: string) => ({
      post: {
        operationId: name,
        parameters: [{ name: 'X-Amz-Target', in: 'header', required: true, schema: { type: 'string', enum: [`Svc.${name}`] } }],
        requestBody: { required: true, content: { 'application/x-amz-json-1.1': { schema: { type: 'object' } } } },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } } },
      },
    });
    const spec = join(mkdtempSync(join(tmpdir(), 'shared-')), 'aws.json');
    writeFileSync(spec, JSON.stringify({ openapi: '3.0.0', info: { title: 'aws', version: '1' }, paths: { '/#X-Amz-Target=Svc.Create': op('Create'), '/#X-Amz-Target=Svc.Delete': op('Delete') } }));
    for (const contextType of ['Ctx', false] as const) {
      const generated = await generateProject({ spec, framework, contextType, inputSchema: false });
      expect(generated.server.code, generated.server.stderr).toBe(0);
      expect(generated.server.stderr).not.toContain('same route');
      generated.project.tsconfig('nodenext');
      const result = typecheck(generated.dir, '7');
      expect(result.stdout + result.stderr).toBe('');
    }
  });
});
