import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadModel, modelFromDocument, printModuleSource, type ApiModel } from '@specwright/core';
import { createClientNames } from '@specwright/openapi-zod-ts';
import { fixture, typecheck } from '@specwright/testing';
import fastifyModule, { type FastifyPluginAsync } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const Fastify = fastifyModule;
import { buildExpressRouter, buildFastifyRouter, buildHonoRouter, planOperations } from '../src/index.js';
import { planWarnings } from '../src/plan.js';
import { generateProject } from './support.js';

const SPEC = fixture('route-order.yaml');

/** The route patterns a router registers, in registration order (`app.get("/x/:id", ...)`). */
function registered(text: string, receiver: string): string[] {
  return [...text.matchAll(new RegExp(`${receiver}\\.(?:get|post|put|patch|delete)\\(\\s*"([^"]+)"`, 'g'))].map((m) => m[1]!);
}

/** Does a first-match router's pattern (`:name` segments only) match a concrete path? */
function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((segment, i) => segment.startsWith(':') || segment === b[i]);
}

/** A spec of GET operations on `paths` (parameters named by their position). */
function specOf(paths: string[]): object {
  const entries = paths.map((path, i) => {
    const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1]!, in: 'path', required: true, schema: { type: 'string' } }));
    return [path, { get: { operationId: `op${i}`, parameters: params, responses: { '204': { description: 'ok' } } } }] as const;
  });
  return { openapi: '3.1.0', info: { title: 'routes', version: '1' }, paths: Object.fromEntries(entries) };
}

/** The routes of the hono or express router for a model, checked: no earlier route takes a static path. */
function firstStaticShadowed(model: ApiModel, framework: 'hono' | 'express'): string | undefined {
  const plans = planOperations(model, createClientNames(model));
  const build = framework === 'hono' ? buildHonoRouter : buildExpressRouter;
  const text = printModuleSource(build(model, plans, { header: 'test', schemaTypes: './schema-types.js', service: './service.js' }));
  const routes = registered(text, framework === 'hono' ? 'app' : 'router');
  expect(routes).toHaveLength(model.operations.length);
  for (const [i, route] of routes.entries()) {
    if (route.includes(':')) continue;
    const earlier = routes.slice(0, i).find((other) => matches(other, route));
    if (earlier) return `${route} is taken by ${earlier}, registered before it`;
  }
  return undefined;
}

describe('first-match routers (hono, express) register every static route before a parameter route that would take it', () => {
  it.each(['hono', 'express'] as const)('%s: the fixture (parameter routes declared first)', async (framework) => {
    expect(firstStaticShadowed(await loadModel(SPEC), framework)).toBeUndefined();
  });

  // The order must be a total order whatever the paths: a comparator ending in a tie between paths
  // of different lengths was intransitive, and the sort then misplaced some of Autotask's 2,958 routes.
  it.each(['hono', 'express'] as const)('%s: any set of paths, in any order', (framework) => {
    const segment = fc.constantFrom('a', 'b', 'query', '{id}', '{x}');
    const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((segments) => {
      const seen = new Set<string>();
      // A parameter name occurs once per path.
      return `/${segments.map((s, i) => (s.startsWith('{') ? (seen.has(s) ? `{p${i}}` : (seen.add(s), s)) : s)).join('/')}`;
    });
    fc.assert(
      // Paths that differ only in parameter names are one route: one of each shape.
      fc.property(fc.uniqueArray(path, { minLength: 20, maxLength: 150, selector: (p) => p.replace(/\{[^}]+\}/g, '{}') }), (paths) => {
        expect(firstStaticShadowed(modelFromDocument(specOf(paths)), framework)).toBeUndefined();
      }),
      { seed: 2026, numRuns: 60 },
    );
  });
});

describe('a static segment matched by a pattern (`*` is syntax to every router)', () => {
  it.each(['fastify', 'express', 'hono'] as const)('%s: declares no unread params and compiles under the strict flag set', async (framework) => {
    const spec = join(mkdtempSync(join(tmpdir(), 'star-')), 'star.json');
    const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } } };
    writeFileSync(spec, JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/files/a*b': { get: { operationId: 'star', responses: ok } } } }));
    const generated = await generateProject({ spec, framework, contextType: false, inputSchema: false });
    expect(generated.server.code, generated.server.stderr).toBe(0);
    generated.project.tsconfig('nodenext');
    const result = typecheck(generated.dir, '7');
    expect(result.stdout + result.stderr).toBe('');
  });
});

describe('a body media type that is no media type (loket.nl: `applicationjson;version=...`)', () => {
  it('is read by the fastify router as the bytes sent (fastify refuses such a type before any parser); another such type is answered 415', async () => {
    const spec = join(mkdtempSync(join(tmpdir(), 'media-')), 'media.json');
    const odd = { required: true, content: { 'applicationjson;version=2018-01-01': { schema: { type: 'object' } } } };
    const plain = { required: true, content: { 'text/plain': { schema: { type: 'string' } } } };
    const paths = {
      '/payments': { post: { operationId: 'addPayment', requestBody: odd, responses: { '204': { description: 'ok' } } } },
      '/notes': { post: { operationId: 'addNote', requestBody: plain, responses: { '204': { description: 'ok' } } } },
    };
    writeFileSync(spec, JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths }));
    const generated = await generateProject({ spec, framework: 'fastify', contextType: false, inputSchema: false });
    expect(generated.server.code, generated.server.stderr).toBe(0);
    const { createRouter } = (await import(pathToFileURL(join(generated.out, 'router.ts')).href)) as { createRouter(service: object): FastifyPluginAsync };
    const received: unknown[] = [];
    const app = Fastify();
    await app.register(createRouter({ addNote: async (note: unknown) => void received.push(note), addPayment: async (payment: Uint8Array) => void received.push(new TextDecoder().decode(payment)) }));
    await app.ready();
    const bytes = await app.inject({ method: 'POST', url: '/payments', headers: { 'content-type': 'applicationjson;version=2018-01-01' }, payload: '{"iban":"x"}' });
    expect(bytes.statusCode).toBe(204);
    const other = await app.inject({ method: 'POST', url: '/payments', headers: { 'content-type': 'applicationjson;version=2020-01-01' }, payload: 'x' });
    expect(other.statusCode).toBe(415);
    const text = await app.inject({ method: 'POST', url: '/notes', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(204);
    expect(received).toEqual(['{"iban":"x"}', 'hello']);
    await app.close();
  });
});

describe('a spec without request bodies', () => {
  it('gives a hono router without a context type that compiles under the strict flag set (no unused import)', async () => {
    const generated = await generateProject({ spec: SPEC, framework: 'hono', contextType: false, inputSchema: false });
    expect(generated.server.code, generated.server.stderr).toBe(0);
    expect(generated.read(join('gen', 'router.ts'))).not.toContain('HonoContext');
    generated.project.tsconfig('nodenext');
    const result = typecheck(generated.dir, '7');
    expect(result.stdout + result.stderr).toBe('');
  });
});

describe('path keys that differ only after a ? or # (AWS: every JSON operation is POST /#X-Amz-Target=...)', () => {
  it('route on the URL path, once per method and path (fastify refused duplicates), and warn about the rest', async () => {
    const model = await loadModel(fixture('path-keys.yaml'));
    const plans = planOperations(model, createClientNames(model));
    const text = printModuleSource(buildFastifyRouter(model, plans, { header: 'test', schemaTypes: './schema-types.js', service: './service.js' }));
    const routes = [...text.matchAll(/app\.route\(\{\s*method: "(\w+)",\s*url: "([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(routes).toContain('POST /');
    expect(routes).toContain('GET /export');
    expect(routes.filter((r) => r === 'POST /')).toHaveLength(1);
    expect(new Set(routes).size).toBe(routes.length);
    // Told apart by header or query: one route serves them all (shared-routes.test.ts serves them).
    expect(planWarnings(model, plans).filter((w) => w.includes('same route'))).toEqual([]);
  });

  it('warn about operations no request can tell apart, and serve the first', () => {
    const ok = { '200': { description: 'ok' } };
    const model = modelFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/pets/{id}': { get: { operationId: 'byId', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok } },
        '/pets/{petId}': { get: { operationId: 'byPetId', parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }], responses: ok } },
        '/#X-Amz-Target=Svc.A': { post: { operationId: 'a', responses: ok } },
        '/#X-Amz-Target=Svc.A&': { post: { operationId: 'again', responses: ok } },
      },
    });
    const plans = planOperations(model, createClientNames(model));
    expect(planWarnings(model, plans).filter((w) => w.includes('same route'))).toEqual([
      'GET /pets/{petId} has the same route as GET /pets/{id} (same method and URL path, up to parameter names); the router serves only the first',
      'POST /#X-Amz-Target=Svc.A& has the same route as POST /#X-Amz-Target=Svc.A (same method and URL path, and the same query and header selectors); the router serves only the first',
    ]);
    const text = printModuleSource(buildHonoRouter(model, plans, { header: 'test', schemaTypes: './schema-types.js', service: './service.js' }));
    expect(text).toContain('service.byId(');
    expect(text).not.toContain('service.byPetId(');
    expect(text).not.toContain('service.again(');
  });
});
