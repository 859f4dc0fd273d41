import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractFieldErrors } from '@specwright/form-errors';
import { fixture, typecheck } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FRAMEWORKS, generateProject, type GeneratedProject } from './support.js';

/**
 * `reply()` (issue 34): a service method answers any declared status. The type test proves that
 * only declared statuses and bodies compile; each router then sends a reply with its status,
 * headers and declared media type, checked over HTTP on 127.0.0.1.
 */
const SPEC = fixture('declared-responses.yaml');

describe('reply() in service.ts', () => {
  it('admits exactly the declared statuses and bodies (type test, strict flags)', async () => {
    const generated = await generateProject({ spec: SPEC, framework: 'none', inputSchema: false, contextType: 'AuthContext' });
    expect(generated.server.code).toBe(0);
    copyFileSync(join(import.meta.dirname, 'types', 'declared-responses.ts'), join(generated.dir, 'service-impl.ts'));
    generated.project.tsconfig('nodenext');
    const result = typecheck(generated.dir, '5.9');
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});

const SERVE: Record<(typeof FRAMEWORKS)[number], string> = {
  hono: `import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';
export function start(port: number) {
  const app = new Hono();
  app.route('/api', createRouter(service, { createContext: () => ({ userId: 'u' }) }));
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}`,
  express: `import express from 'express';
import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';
export function start(port: number) {
  const app = express();
  app.use('/api', createRouter(service, { createContext: () => ({ userId: 'u' }) }));
  const server = app.listen(port, '127.0.0.1');
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}`,
  fastify: `import Fastify from 'fastify';
import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';
/** Each route's response schema keys, as fastify registered them. */
export const responseKeys: Record<string, string[]> = {};
export async function start(port: number) {
  const app = Fastify();
  app.addHook('onRoute', (route) => {
    responseKeys[route.method + ' ' + route.url] = Object.keys((route.schema?.response ?? {}) as object);
  });
  await app.register(createRouter(service, { createContext: () => ({ userId: 'u' }) }), { prefix: '/api' });
  await app.listen({ port, host: '127.0.0.1' });
  return () => app.close();
}`,
  koa: `import Koa from 'koa';
import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';
export function start(port: number) {
  const app = new Koa();
  const router = createRouter(service, { prefix: '/api', createContext: () => ({ userId: 'u' }) });
  app.use(router.routes()).use(router.allowedMethods());
  const server = app.listen(port, '127.0.0.1');
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}`,
  nestjs: `import { NestFactory } from '@nestjs/core';
import { ApiModule } from './gen/router.js';
import { service } from './service-impl.js';
export async function start(port: number) {
  const app = await NestFactory.create(ApiModule.forRoot({ service, createContext: () => ({ userId: 'u' }) }), { bodyParser: false, logger: false });
  app.setGlobalPrefix('api');
  await app.listen(port, '127.0.0.1');
  return () => app.close();
}`,
};

describe.each(FRAMEWORKS)('%s router sends replies', (framework) => {
  let generated: GeneratedProject;
  let close: () => Promise<void>;
  let base: string;
  let responseKeys: Record<string, string[]> | undefined;

  beforeAll(async () => {
    // validate_responses on: the replies below all match the spec, and the check must let them through.
    generated = await generateProject({ spec: SPEC, framework, inputSchema: false, contextType: 'AuthContext', serverConfig: { validate_responses: true } });
    expect(generated.server.code).toBe(0);
    const impl = (await import('node:fs')).readFileSync(join(import.meta.dirname, 'types', 'declared-responses.ts'), 'utf8');
    generated.project.write('service-impl.ts', impl);
    generated.project.write('serve.ts', SERVE[framework]);
    const { freePort } = await import('@specwright/testing');
    const port = await freePort();
    const served = (await import(pathToFileURL(join(generated.dir, 'serve.ts')).href)) as { start: (port: number) => Promise<() => Promise<void>> | (() => Promise<void>); responseKeys?: Record<string, string[]> };
    const { start } = served;
    responseKeys = served.responseKeys;
    close = await start(port);
    base = `http://127.0.0.1:${port}/api`;
  });
  afterAll(async () => {
    await close?.();
  });

  const get = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${base}${path}`, init);
    return { status: response.status, type: response.headers.get('content-type') ?? '', location: response.headers.get('location'), text: await response.text() };
  };
  const post = (title: string) => get('/books', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title }) });

  it('compiles with the service under the strict flags', () => {
    generated.project.tsconfig('nodenext');
    const result = typecheck(generated.dir, '5.9');
    expect(result.stdout + result.stderr).toBe('');
  });

  it('an exact error status with its JSON body, a range code, a default text body', async () => {
    const missing = await get('/books/missing');
    expect([missing.status, JSON.parse(missing.text), missing.type]).toEqual([404, { code: 'missing', message: 'No such book' }, expect.stringContaining('application/json')]);
    const busy = await get('/books/busy');
    expect([busy.status, JSON.parse(busy.text)]).toEqual([503, { retryAfter: 30 }]);
    const cover = await get('/books/x/cover');
    expect([cover.status, JSON.parse(cover.text)]).toEqual([200, { url: '/covers/x.png' }]);
    const noCover = await get('/books/none/cover');
    expect([noCover.status, noCover.text]).toEqual([404, '']);
    const gone = await fetch(`${base}/books/gone/cover`);
    expect([gone.status, gone.headers.get('x-reason'), await gone.text()]).toEqual([404, 'gone', '']);
    const teapot = await get('/books/teapot');
    expect([teapot.status, teapot.text, teapot.type]).toEqual([418, 'I am a teapot', expect.stringContaining('text/plain')]);
  });

  it('sends a body whole: a key the schema does not list stays (fastify: with every declared JSON response schema attached)', async () => {
    if (framework === 'fastify') {
      expect(responseKeys?.['GET /api/books/:id']).toEqual(['200', '404', '5xx']);
      expect(responseKeys?.['POST /api/books']).toEqual(['201', '202', '422', '4xx']);
    } else expect(responseKeys).toBeUndefined();
    const extra = await get('/books/extra');
    expect([extra.status, JSON.parse(extra.text)]).toEqual([200, { id: 'extra', title: 'Dune', shelf: 'B2', copies: 3 }]);
  });

  it("form-errors maps the router's own validation body to the fields (hono, express, koa: 422; fastify, NestJS: 400)", async () => {
    const refused = await post('');
    expect(refused.status).toBe(framework === 'fastify' || framework === 'nestjs' ? 400 : 422);
    expect(extractFieldErrors({ status: refused.status, body: JSON.parse(refused.text) })).toEqual([{ field: 'title', message: expect.any(String) }]);
  });

  it("a query parameter's default is what the service gets when the request leaves it out", async () => {
    const defaults = await get('/books/query/cover');
    expect(JSON.parse(JSON.parse(defaults.text).url)).toEqual({ size: 'medium', scale: 1, tags: ['front'] });
    const given = await get('/books/query/cover?size=large&tags=back&tags=spine');
    expect(JSON.parse(JSON.parse(given.text).url)).toEqual({ size: 'large', scale: 1, tags: ['back', 'spine'] });
    const invalid = await get('/books/query/cover?scale=x');
    expect(invalid.status).toBe(400);
  });

  it('validate_responses: a body that breaks its declared schema is logged (operation, status, paths) and answered 500', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const invalid = await get('/books/invalid');
      expect(invalid.status).toBe(500);
      expect(invalid.text).not.toContain('42');
      const invalidReply = await get('/books/invalid-reply');
      expect(invalidReply.status).toBe(500);
      const lines = logged.mock.calls.map((args) => args.map(String).join(' '));
      expect(lines).toContain('getBook: the 200 response does not match its declared schema at /title');
      expect(lines).toContain('getBook: the 404 response does not match its declared schema at /code');
    } finally {
      logged.mockRestore();
    }
  });

  it('a second 2xx, the success status with headers, and a 204 operation answering a text error', async () => {
    const queued = await post('later');
    expect([queued.status, JSON.parse(queued.text)]).toEqual([202, { ticket: 't-1' }]);
    const created = await post('here');
    expect([created.status, created.location, JSON.parse(created.text)]).toEqual([201, '/books/1', { id: '1', title: 'here' }]);
    const plain = await post('plain');
    expect([plain.status, JSON.parse(plain.text)]).toEqual([201, { id: '2', title: 'plain' }]);
    const lent = await get('/books/lent', { method: 'DELETE' });
    expect([lent.status, lent.text, lent.type]).toEqual([409, 'lent out', expect.stringContaining('text/plain')]);
    const deleted = await get('/books/other', { method: 'DELETE' });
    expect([deleted.status, deleted.text]).toEqual([204, '']);
  });
});
