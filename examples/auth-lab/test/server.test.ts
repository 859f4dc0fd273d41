import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadSpecFile } from '@specwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, type RouteInfo } from '../src/generated/router.js';
import type { Service } from '../src/generated/service.js';
import { buildApp } from '../src/server/app.js';
import { type AuthContext, createContext } from '../src/server/auth.js';
import { authLabService } from '../src/server/service.js';

/** Serves an app on 127.0.0.1 and returns its base URL. */
async function serve(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

interface Answer {
  status: number;
  body: unknown;
  contentType: string | null;
}

async function call(base: string, method: string, path: string, options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.raw !== undefined || options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = options.raw ?? JSON.stringify(options.body);
  }
  const response = await fetch(base + path, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body: parsed, contentType: response.headers.get('content-type') };
}

/** Sends `request` as raw bytes (no client normalises its headers) and returns the status line. */
function rawStatusLine(base: string, request: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

const unauthorized = { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' };
const invalid = (issues: { path: (string | number)[]; message: string }[]) => ({
  statusCode: 400,
  error: 'Bad Request',
  message: 'Invalid request body',
  issues: issues.map((issue) => expect.objectContaining({ ...issue, code: expect.any(String) })),
});

describe('the Auth Lab API over HTTP', () => {
  let app: FastifyInstance;
  let base: string;
  const calls: string[] = [];

  beforeAll(async () => {
    // Counts service calls, to prove which requests never reach the business logic.
    const counting: Service<AuthContext> = {
      login: (body, context) => (calls.push('login'), authLabService.login(body, context)),
      getMe: (context) => (calls.push('getMe'), authLabService.getMe(context)),
      contact: (body, context) => (calls.push('contact'), authLabService.contact(body, context)),
    };
    app = await buildApp({ logger: false, service: counting });
    base = await serve(app);
  });
  afterAll(() => app.close());

  it('login returns the username as token and the user (behaviour 1), without a token', async () => {
    const answer = await call(base, 'POST', '/api/login', { body: { username: 'ada', password: 'anything' } });
    expect(answer).toMatchObject({ status: 200, body: { token: 'ada', user: { id: 'ada', name: 'user-ada' } } });
  });

  it('login validates its body (username at least 1 character, password required)', async () => {
    const before = calls.length;
    expect(await call(base, 'POST', '/api/login', { body: { username: '', password: 'x' } })).toMatchObject({ status: 400, body: invalid([{ path: ['username'], message: expect.any(String) }]) });
    expect(await call(base, 'POST', '/api/login', { body: { username: 'ada' } })).toMatchObject({ status: 400, body: invalid([{ path: ['password'], message: expect.any(String) }]) });
    expect(calls.length).toBe(before);
  });

  it.each([
    ['a non-Bearer scheme', 'Basic Z3JhY2U6eA=='],
    ['Bearer without a space', 'Bearergrace'],
    ['a bearer token', 'Bearer grace'],
  ])('login is public: %s in Authorization changes nothing (200)', async (_, authorization) => {
    const answer = await call(base, 'POST', '/api/login', { body: { username: 'ada', password: 'x' }, headers: { authorization } });
    expect(answer).toMatchObject({ status: 200, body: { token: 'ada', user: { id: 'ada' } } });
  });

  it('getMe answers with the user of the bearer token (behaviour 2)', async () => {
    expect(await call(base, 'GET', '/api/me', { token: 'grace' })).toMatchObject({ status: 200, body: { id: 'grace', name: 'user-grace' } });
  });

  it.each([
    ['no authorization header', {}],
    ['a non-Bearer scheme', { authorization: 'Basic Z3JhY2U6eA==' }],
    ['a lower-case scheme', { authorization: 'bearer grace' }],
    ['Bearer without a space', { authorization: 'Bearergrace' }],
  ])('getMe answers 401 for %s, before any service code', async (_, headers) => {
    const before = calls.length;
    expect(await call(base, 'GET', '/api/me', { headers })).toEqual({ status: 401, body: unauthorized, contentType: expect.stringContaining('application/json') });
    expect(calls.length).toBe(before);
  });

  it('getMe answers 401 to `Bearer ` with nothing after it: HTTP drops the trailing space, so the header is `Bearer`', async () => {
    const before = calls.length;
    const request = (authorization: string) => `GET /api/me HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\nConnection: close\r\n\r\n`;
    expect(await rawStatusLine(base, request('Bearer '))).toBe('HTTP/1.1 401 Unauthorized');
    expect(await rawStatusLine(base, request('Bearer \t '))).toBe('HTTP/1.1 401 Unauthorized');
    expect(calls.length).toBe(before);
    // The same raw request with a token is served: the 401s above come from the empty token.
    expect(await rawStatusLine(base, request('Bearer grace'))).toBe('HTTP/1.1 200 OK');
  });

  it('contact accepts and echoes the method (behaviour 3)', async () => {
    expect(await call(base, 'POST', '/api/contact', { token: 'ada', body: { method: 'email', email: 'ada@example.com', message: 'hi' } })).toMatchObject({
      status: 200,
      body: { accepted: true, method: 'email' },
    });
    expect(await call(base, 'POST', '/api/contact', { token: 'ada', body: { method: 'phone', phone: '+44 20 7946 0000', message: 'hi' } })).toMatchObject({
      status: 200,
      body: { accepted: true, method: 'phone' },
    });
  });

  it.each([
    ['email missing', { method: 'email', message: 'hi' }, [{ path: ['email'], message: 'Email is required when method is email' }]],
    ['email blank after trimming', { method: 'email', email: ' \t ', message: 'hi' }, [{ path: ['email'], message: 'Email is required when method is email' }]],
    ['phone missing', { method: 'phone', email: 'ada@example.com', message: 'hi' }, [{ path: ['phone'], message: 'Phone is required when method is phone' }]],
    ['phone blank after trimming', { method: 'phone', phone: '  ', message: 'hi' }, [{ path: ['phone'], message: 'Phone is required when method is phone' }]],
    ['message empty', { method: 'email', email: 'ada@example.com', message: '' }, [{ path: ['message'], message: 'Message is required' }]],
    [
      'message empty and email missing',
      { method: 'email', message: '' },
      [
        { path: ['message'], message: 'Message is required' },
        { path: ['email'], message: 'Email is required when method is email' },
      ],
    ],
  ])('contact answers 400 when %s, before the service runs', async (_, body, issues) => {
    const before = calls.length;
    const answer = await call(base, 'POST', '/api/contact', { token: 'ada', body });
    expect(answer).toEqual({ status: 400, body: invalid(issues), contentType: expect.stringContaining('application/json') });
    expect((answer.body as { issues: unknown[] }).issues).toHaveLength(issues.length);
    expect(calls.length).toBe(before);
  });

  it('contact rejects shapes the spec forbids (unknown method, missing message)', async () => {
    expect((await call(base, 'POST', '/api/contact', { token: 'ada', body: { method: 'fax', message: 'hi' } })).status).toBe(400);
    expect((await call(base, 'POST', '/api/contact', { token: 'ada', body: { method: 'email', email: 'a@b.c' } })).status).toBe(400);
    expect((await call(base, 'POST', '/api/contact', { token: 'ada' })).status).toBe(400);
  });

  it('answers 401 before 400 when both apply (DECISIONS: authorization first)', async () => {
    const before = calls.length;
    expect(await call(base, 'POST', '/api/contact', { body: { method: 'email', message: '' } })).toMatchObject({ status: 401, body: unauthorized });
    expect(await call(base, 'POST', '/api/contact', { raw: '{not json' })).toMatchObject({ status: 401, body: unauthorized });
    expect(calls.length).toBe(before);
  });

  it('answers malformed JSON with 400 and a body over 1 MiB with 413', async () => {
    expect(await call(base, 'POST', '/api/contact', { token: 'ada', raw: '{"method": "email",' })).toMatchObject({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'Invalid request body', issues: [{ code: 'invalid_json', path: [], message: expect.stringMatching(/JSON/) }] },
    });
    const huge = { method: 'email', email: 'a@b.c', message: 'x'.repeat(1024 * 1024 + 10) };
    expect(await call(base, 'POST', '/api/contact', { token: 'ada', body: huge })).toMatchObject({ status: 413, body: { statusCode: 413, error: 'Payload Too Large' } });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    expect(await call(base, 'GET', '/api/nope')).toMatchObject({ status: 404, body: { statusCode: 404, error: 'Not Found' } });
  });
});

describe('every error answer is one the spec declares, with a body its schema accepts', () => {
  const spec = loadSpecFile(join(import.meta.dirname, '..', 'spec', 'auth-lab.openapi.yaml'));
  /** The spec's schema for a status of an operation, read as JSON Schema by zod (refs to its components). */
  async function declaredSchema(path: string, method: string, status: number) {
    const { document } = await spec;
    const doc = document as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>; components: { schemas: object } };
    const schema = doc.paths[path]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema;
    if (schema === undefined) return undefined;
    const rewrite = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(rewrite)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', '#/$defs/') : rewrite(v)]))
          : value;
    return z.fromJSONSchema({ ...(rewrite(schema) as object), $defs: rewrite(doc.components.schemas) } as Parameters<typeof z.fromJSONSchema>[0]);
  }

  const huge = JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10), password: 'p' });
  const cases: [string, string, string, Parameters<typeof call>[3], number][] = [
    ['malformed JSON', 'POST', '/login', { raw: '{"username": "ada",' }, 400],
    ['an empty JSON body', 'POST', '/login', { raw: '' }, 400],
    ['a __proto__ key', 'POST', '/login', { raw: '{"username": "ada", "password": "x", "__proto__": {"admin": true}}' }, 400],
    ['a constructor.prototype key', 'POST', '/login', { raw: '{"username": "ada", "password": "x", "constructor": {"prototype": {}}}' }, 400],
    ['a body of the wrong shape', 'POST', '/login', { body: { username: '' } }, 400],
    ['a body over 1 MiB', 'POST', '/login', { raw: huge }, 413],
    ['a text/plain body (read as a string, which fails the schema)', 'POST', '/login', { raw: 'ada', headers: { 'content-type': 'text/plain' } }, 400],
    ['an application/xml body', 'POST', '/login', { raw: '<login/>', headers: { 'content-type': 'application/xml' } }, 415],
    ['malformed JSON with a token', 'POST', '/contact', { token: 'ada', raw: '{' }, 400],
    ['the contact rule', 'POST', '/contact', { token: 'ada', body: { method: 'phone', message: 'hi' } }, 400],
    ['no token', 'POST', '/contact', { body: { method: 'email', email: 'a@b.c', message: 'hi' } }, 401],
    ['a body over 1 MiB with a token', 'POST', '/contact', { token: 'ada', raw: huge }, 413],
    ['an application/xml body with a token', 'POST', '/contact', { token: 'ada', raw: '<hi/>', headers: { 'content-type': 'application/xml' } }, 415],
    ['no token', 'GET', '/me', {}, 401],
  ];

  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = await buildApp({ logger: false });
    base = await serve(app);
  });
  afterAll(() => app.close());

  it.each(cases)('%s: %s %s', async (_, method, path, options, status) => {
    const answer = await call(base, method, `/api${path}`, options);
    expect(answer.status).toBe(status);
    expect(answer.contentType).toContain('application/json');
    const schema = await declaredSchema(path, method.toLowerCase(), status);
    expect(schema, `the spec declares ${status} for ${method} ${path}`).toBeDefined();
    expect(schema!.safeParse(answer.body).error?.issues ?? []).toEqual([]);
  });

  it('a failing service: 500, declared on every operation', async () => {
    const failing: Service<AuthContext> = {
      login: async () => Promise.reject(new Error('database down')),
      getMe: async () => Promise.reject(new Error('database down')),
      contact: async () => Promise.reject(new Error('database down')),
    };
    const broken = await buildApp({ logger: false, service: failing });
    const brokenBase = await serve(broken);
    try {
      const requests: [string, string, Parameters<typeof call>[3]][] = [
        ['POST', '/login', { body: { username: 'ada', password: 'x' } }],
        ['GET', '/me', { token: 'ada' }],
        ['POST', '/contact', { token: 'ada', body: { method: 'email', email: 'a@b.c', message: 'hi' } }],
      ];
      for (const [method, path, options] of requests) {
        const answer = await call(brokenBase, method, `/api${path}`, options);
        expect(answer.status).toBe(500);
        const schema = await declaredSchema(path, method.toLowerCase(), 500);
        expect(schema!.safeParse(answer.body).success).toBe(true);
      }
    } finally {
      await broken.close();
    }
  });

  // Not an operation, so no operation can declare it: the README documents the body, which has
  // the shape of HttpErrorBody.
  it('an unknown path or method under /api: 404 with the HttpErrorBody shape', async () => {
    const schema = await declaredSchema('/me', 'get', 401);
    for (const [method, path] of [['GET', '/api/nope'], ['GET', '/api/login'], ['DELETE', '/api/me']] as const) {
      const answer = await call(base, method, path);
      expect(answer.status).toBe(404);
      expect(schema!.safeParse(answer.body).success).toBe(true);
    }
  });
});

describe('createContext (Authentication 3)', () => {
  /** createContext reads only the request's headers. */
  const requestWith = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } }) as FastifyRequest;
  const secured: RouteInfo = { operationId: 'getMe', security: [{ scheme: 'bearerAuth', scopes: ['profile:read'] }] };
  const anonymous = { userId: 'anonymous', scopes: [] };

  it.each([
    ['undefined', { operationId: 'login' }],
    ['undefined, spelled out', { operationId: 'login', security: undefined }],
    ['empty', { operationId: 'login', security: [] }],
  ] satisfies [string, RouteInfo][])('gives the anonymous context when the security metadata is %s, whatever the header', (_, route) => {
    expect(createContext(requestWith(), route)).toEqual(anonymous);
    expect(createContext(requestWith('Bearer ada'), route)).toEqual(anonymous);
    expect(createContext(requestWith('Basic eDp5'), route)).toEqual(anonymous);
  });

  it('gives the text after `Bearer ` as userId and the profile:read scope on a secured route', () => {
    expect(createContext(requestWith('Bearer ada'), secured)).toEqual({ userId: 'ada', scopes: ['profile:read'] });
    expect(createContext(requestWith('Bearer  two spaces'), secured)).toEqual({ userId: ' two spaces', scopes: ['profile:read'] });
  });

  it('accepts an empty token: the header starts with `Bearer `, and any token text is accepted', () => {
    expect(createContext(requestWith('Bearer '), secured)).toEqual({ userId: '', scopes: ['profile:read'] });
  });

  it('does not compare the required scopes', () => {
    const admin: RouteInfo = { operationId: 'other', security: [{ scheme: 'bearerAuth', scopes: ['admin:write'] }] };
    expect(createContext(requestWith('Bearer ada'), admin)).toEqual({ userId: 'ada', scopes: ['profile:read'] });
  });

  it.each([
    ['no header', undefined],
    ['a non-Bearer scheme', 'Basic eDp5'],
    ['a lower-case scheme', 'bearer ada'],
    ['Bearer without a space', 'Bearerada'],
    ['Bearer alone', 'Bearer'],
  ])('throws HttpError(401, Unauthorized) on a secured route for %s', (_, authorization) => {
    let thrown: unknown;
    try {
      createContext(requestWith(authorization), secured);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ status: 401, message: 'Unauthorized' });
  });
});

describe('response validation (behaviour 5)', () => {
  /** Answers that break each route's response schema. */
  const broken = {
    login: async () => ({ token: 7, user: { id: 'ada' } }) as unknown as Awaited<ReturnType<Service<AuthContext>['login']>>,
    getMe: async () => ({ id: 42, name: null }) as unknown as Awaited<ReturnType<Service<AuthContext>['getMe']>>,
    contact: async () => ({ accepted: 'yes', method: 'fax' }) as unknown as Awaited<ReturnType<Service<AuthContext>['contact']>>,
  };
  const requests = {
    login: ['POST', '/api/login', { body: { username: 'ada', password: 'x' } }],
    getMe: ['GET', '/api/me', { token: 'ada' }],
    contact: ['POST', '/api/contact', { token: 'ada', body: { method: 'email', email: 'ada@example.com', message: 'hi' } }],
  } as const;

  it.each(['login', 'getMe', 'contact'] as const)('%s refuses to send a response that breaks its schema (500, no detail)', async (operation) => {
    const service: Service<AuthContext> = { ...authLabService, [operation]: broken[operation] };
    const app = await buildApp({ logger: false, service });
    const base = await serve(app);
    try {
      const [method, path, options] = requests[operation];
      const answer = await call(base, method, path, options);
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
      expect(JSON.stringify(answer.body)).not.toMatch(/at .*\.(ts|js)/);
      // The same request with the real service is answered: the 500 comes from the broken answer.
      const healthy = await buildApp({ logger: false });
      const healthyBase = await serve(healthy);
      try {
        expect((await call(healthyBase, method, path, options)).status).toBe(200);
      } finally {
        await healthy.close();
      }
    } finally {
      await app.close();
    }
  });
});

describe('the built frontend', () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'auth-lab-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Auth Lab</title><div id="root"></div>');
    writeFileSync(join(webRoot, 'app.js'), 'console.log("app")');
    app = await buildApp({ logger: false, webRoot });
    base = await serve(app);
  });
  afterAll(() => app.close());

  it('serves the index, assets, and the index for client-side routes', async () => {
    expect(await call(base, 'GET', '/')).toMatchObject({ status: 200, contentType: expect.stringContaining('text/html') });
    expect(await call(base, 'GET', '/app.js')).toMatchObject({ status: 200, body: 'console.log("app")', contentType: expect.stringContaining('javascript') });
    const page = await call(base, 'GET', '/account/settings');
    expect(page).toMatchObject({ status: 200, contentType: expect.stringContaining('text/html') });
    expect(page.body).toContain('<title>Auth Lab</title>');
  });

  it('keeps API misses as JSON, not the index', async () => {
    expect(await call(base, 'GET', '/api/missing')).toMatchObject({ status: 404, contentType: expect.stringContaining('application/json') });
    expect(await call(base, 'POST', '/somewhere')).toMatchObject({ status: 404 });
  });
});
