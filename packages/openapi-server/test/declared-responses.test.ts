import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractFieldErrors } from '@specwright/form-errors';
import { fixture, freePort, typecheckTogether } from '@specwright/testing';
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
    const generated = await projectOf('none');
    expect(generated.server.code).toBe(0);
    expect((await compiledTogether()).get('none')).toBe('');
  });
});

const SERVE: Record<(typeof FRAMEWORKS)[number], string> = {
  hono: `import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createRouter, HttpError, type RouterOptions } from './gen/router.js';
import { service } from './service-impl.js';
type Options = RouterOptions<{ userId: string }>;
export function start(port: number, extra: Pick<Options, 'errorBody'> = {}) {
  const app = new Hono();
  const createContext: Options['createContext'] = (c) => {
    if (c.req.header('x-deny') !== undefined) throw new HttpError(401, 'Unauthorized');
    return { userId: 'u' };
  };
  app.route('/api', createRouter(service, { createContext, bodyLimit: 1024, ...extra }));
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}`,
  express: `import express from 'express';
import { createRouter, HttpError, type RouterOptions } from './gen/router.js';
import { service } from './service-impl.js';
type Options = RouterOptions<{ userId: string }>;
export function start(port: number, extra: Pick<Options, 'errorBody'> = {}) {
  const app = express();
  const createContext: Options['createContext'] = (req) => {
    if (req.get('x-deny') !== undefined) throw new HttpError(401, 'Unauthorized');
    return { userId: 'u' };
  };
  app.use('/api', createRouter(service, { createContext, bodyLimit: 1024, ...extra }));
  const server = app.listen(port, '127.0.0.1');
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}`,
  fastify: `import Fastify from 'fastify';
import { createRouter, HttpError, type RouterOptions } from './gen/router.js';
import { service } from './service-impl.js';
type Options = RouterOptions<{ userId: string }>;
/** Each route's response schema keys, as fastify registered them. */
export const responseKeys: Record<string, string[]> = {};
export async function start(port: number, extra: Pick<Options, 'errorBody'> = {}) {
  const app = Fastify();
  app.addHook('onRoute', (route) => {
    responseKeys[route.method + ' ' + route.url] = Object.keys((route.schema?.response ?? {}) as object);
  });
  const createContext: Options['createContext'] = (request) => {
    if (request.headers['x-deny'] !== undefined) throw new HttpError(401, 'Unauthorized');
    return { userId: 'u' };
  };
  await app.register(createRouter(service, { createContext, bodyLimit: 1024, ...extra }), { prefix: '/api' });
  await app.listen({ port, host: '127.0.0.1' });
  return () => app.close();
}`,
  koa: `import Koa from 'koa';
import { createRouter, HttpError, type RouterOptions } from './gen/router.js';
import { service } from './service-impl.js';
type Options = RouterOptions<{ userId: string }>;
export function start(port: number, extra: Pick<Options, 'errorBody'> = {}) {
  const app = new Koa();
  const createContext: Options['createContext'] = (ctx) => {
    if (ctx.get('x-deny') !== '') throw new HttpError(401, 'Unauthorized');
    return { userId: 'u' };
  };
  const router = createRouter(service, { prefix: '/api', createContext, bodyLimit: 1024, ...extra });
  app.use(router.routes()).use(router.allowedMethods());
  const server = app.listen(port, '127.0.0.1');
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}`,
  nestjs: `import { NestFactory } from '@nestjs/core';
import { ApiModule, HttpError, type ApiModuleOptions } from './gen/router.js';
import { service } from './service-impl.js';
type Options = ApiModuleOptions<{ userId: string }>;
export async function start(port: number, extra: Pick<Options, 'errorBody'> = {}) {
  const createContext: Options['createContext'] = (req) => {
    if (req.get('x-deny') !== undefined) throw new HttpError(401, 'Unauthorized');
    return { userId: 'u' };
  };
  const app = await NestFactory.create(ApiModule.forRoot({ service, createContext, bodyLimit: 1024, ...extra }), { bodyParser: false, logger: false });
  app.setGlobalPrefix('api');
  await app.listen(port, '127.0.0.1');
  return () => app.close();
}`,
};

/**
 * The `errorBody` option (issue 34), appended to every serve.ts: the fixture declares NotFound for
 * 4XX and 404 and FieldProblem for 422, so the router's own errors take those shapes. Type tests
 * ride on the compile of serve.ts.
 */
const ERROR_BODY = `
import type { RouterError, RouterErrorBodies, RouterErrorBody } from './gen/router.js';
export function errorBody(error: RouterError): RouterErrorBody {
  if (error.issues !== undefined) {
    const problem: RouterErrorBodies[422] = { issues: error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })) };
    return problem;
  }
  const notFound: RouterErrorBodies[404] = { code: 'E' + error.status, message: error.message };
  return notFound;
}
// @ts-expect-error a body the spec declares for none of these statuses
export const wrongShape: NonNullable<Options['errorBody']> = () => ({ code: 1 });
// @ts-expect-error the seed's body: every status here has a declared body instead
export const seedShape: NonNullable<Options['errorBody']> = (error) => ({ statusCode: error.status, error: 'Bad Request', message: error.message });
`;

/**
 * The project of the type test (`none`: the service alone) and each router's, generated once: the
 * type test, the compile tests and the routers' servers use them.
 */
const projects = new Map<(typeof FRAMEWORKS)[number] | 'none', Promise<GeneratedProject>>();
function projectOf(framework: (typeof FRAMEWORKS)[number] | 'none'): Promise<GeneratedProject> {
  let found = projects.get(framework);
  if (!found) {
    found = (async () => {
      if (framework === 'none') {
        const generated = await generateProject({ spec: SPEC, framework: 'none', inputSchema: false, contextType: 'AuthContext' });
        copyFileSync(join(import.meta.dirname, 'types', 'declared-responses.ts'), join(generated.dir, 'service-impl.ts'));
        return generated;
      }
      // validate_responses on: the replies below all match the spec, and the check must let them through.
      const generated = await generateProject({ spec: SPEC, framework, inputSchema: false, contextType: 'AuthContext', serverConfig: { validate_responses: true } });
      generated.project.write('service-impl.ts', readFileSync(join(import.meta.dirname, 'types', 'declared-responses.ts'), 'utf8'));
      generated.project.write('serve.ts', SERVE[framework] + ERROR_BODY);
      return generated;
    })();
    projects.set(framework, found);
  }
  return found;
}

/**
 * The six projects compiled in one TypeScript 5.9 program (the strict flags, nodenext): the
 * libraries' declarations are read and checked once instead of once per project; each diagnostic
 * goes to the project whose folder holds its file.
 */
let together: Promise<Map<string, string>> | undefined;
function compiledTogether(): Promise<Map<string, string>> {
  together ??= Promise.all((['none', ...FRAMEWORKS] as const).map(async (label) => ({ label, dir: (await projectOf(label)).dir }))).then((members) => typecheckTogether(members, '5.9', 'nodenext'));
  return together;
}

describe.each(FRAMEWORKS)('%s router sends replies', (framework) => {
  let generated: GeneratedProject;
  let close: () => Promise<void>;
  let base: string;
  let responseKeys: Record<string, string[]> | undefined;

  beforeAll(async () => {
    generated = await projectOf(framework);
    expect(generated.server.code).toBe(0);
    const port = await freePort();
    type Start = (port: number, extra?: { errorBody?: unknown }) => Promise<() => Promise<void>> | (() => Promise<void>);
    const served = (await import(pathToFileURL(join(generated.dir, 'serve.ts')).href)) as { start: Start; errorBody: unknown; responseKeys?: Record<string, string[]> };
    const { start } = served;
    responseKeys = served.responseKeys;
    close = await start(port);
    base = `http://127.0.0.1:${port}/api`;
    const customPort = await freePort();
    closeCustom = await start(customPort, { errorBody: served.errorBody });
    customBase = `http://127.0.0.1:${customPort}/api`;
  });
  afterAll(async () => {
    await close?.();
    await closeCustom?.();
  });
  let closeCustom: () => Promise<void>;
  let customBase: string;

  const get = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${base}${path}`, init);
    return { status: response.status, type: response.headers.get('content-type') ?? '', location: response.headers.get('location'), text: await response.text() };
  };
  const post = (title: string) => get('/books', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title }) });

  it('compiles with the service under the strict flags', async () => {
    expect((await compiledTogether()).get(framework)).toBe('');
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

  it('a declared 3xx as it is: a 301 with its JSON body and a 300 and 304 without one, none with a Location', async () => {
    const answers = await Promise.all(['moved', 'many', 'same'].map((id) => get(`/books/${id}/edition`, { redirect: 'manual' })));
    expect(answers.map((a) => [a.status, a.text, a.location])).toEqual([
      [301, JSON.stringify({ movedTo: '/books/2' }), null],
      [300, '', null],
      [304, '', null],
    ]);
    expect(answers[0]!.type).toContain('application/json');
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

  it("errorBody builds the body of the router's own errors (validation, 401 from createContext, unknown route, 413, 415); without it they stay the seed's", async () => {
    const ask = async (root: string, path: string, init?: RequestInit) => {
      const response = await fetch(`${root}${path}`, init);
      const text = await response.text();
      return { status: response.status, type: response.headers.get('content-type') ?? '', body: text.startsWith('{') ? (JSON.parse(text) as unknown) : text };
    };
    const json = (body: string, type = 'application/json') => ({ method: 'POST', headers: { 'content-type': type }, body });
    const requests: [string, RequestInit | undefined][] = [
      ['/books', json(JSON.stringify({ title: '' }))],
      ['/books/query/cover?scale=x', undefined],
      ['/books/1', { headers: { 'x-deny': '1' } }],
      ['/nowhere/at/all', undefined],
      ['/books', json(JSON.stringify({ title: 'x'.repeat(2048) }))],
      ['/books', json('<title>x</title>', 'application/xml')],
    ];
    const seed = await Promise.all(requests.map(([path, init]) => ask(base, path, init)));
    const custom = await Promise.all(requests.map(([path, init]) => ask(customBase, path, init)));
    const validation = framework === 'fastify' || framework === 'nestjs' ? 400 : 422;
    const issue = { code: 'too_small', path: ['title'], message: expect.any(String) };
    const seedError = (statusCode: number, error: string, message: unknown) => ({ statusCode, error, message });
    expect(seed.map((r) => r.status)).toEqual([validation, 400, 401, 404, 413, 415]);
    expect(seed[0]!.body).toEqual(validation === 422 ? { error: 'Invalid request body', issues: [issue] } : { ...seedError(400, 'Bad Request', 'Invalid request body'), issues: [issue] });
    expect(seed[1]!.body).toEqual({ ...seedError(400, 'Bad Request', 'Invalid query parameters'), issues: [expect.objectContaining({ path: ['scale'] })] });
    expect(seed[2]!.body).toEqual(seedError(401, 'Unauthorized', 'Unauthorized'));
    expect(seed[4]!.body).toEqual(seedError(413, 'Payload Too Large', 'Request body is too large'));
    expect(seed[5]!.body).toEqual(seedError(415, 'Unsupported Media Type', expect.any(String)));

    expect(custom.map((r) => r.status)).toEqual([validation, 400, 401, 404, 413, 415]);
    expect(custom.every((r) => r.type.startsWith('application/json'))).toBe(true);
    expect(custom[0]!.body).toEqual({ issues: [{ path: ['title'], message: expect.any(String) }] });
    expect(custom[1]!.body).toEqual({ issues: [{ path: ['scale'], message: expect.any(String) }] });
    expect(custom.slice(2).map((r) => r.body)).toEqual([
      { code: 'E401', message: 'Unauthorized' },
      { code: 'E404', message: expect.any(String) },
      { code: 'E413', message: 'Request body is too large' },
      { code: 'E415', message: expect.any(String) },
    ]);
    // The unknown route's seed answer is the framework's own, untouched.
    expect(seed[3]!.body).not.toEqual(custom[3]!.body);
    // form-errors reads the option's validation body as it reads the seed's.
    expect(extractFieldErrors({ status: validation, body: custom[0]!.body })).toEqual([{ field: 'title', message: expect.any(String) }]);
  });

  it("a query parameter's default is what the service gets when the request leaves it out", async () => {
    const defaults = await get('/books/query/cover');
    // `format` admits null, which a URL cannot carry: left out, it is its default too.
    expect(JSON.parse(JSON.parse(defaults.text).url)).toEqual({ size: 'medium', scale: 1, tags: ['front'], format: 'png' });
    const given = await get('/books/query/cover?size=large&tags=back&tags=spine&format=svg');
    expect(JSON.parse(JSON.parse(given.text).url)).toEqual({ size: 'large', scale: 1, tags: ['back', 'spine'], format: 'svg' });
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
