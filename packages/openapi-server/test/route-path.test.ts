import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePath, routePath, type ParamAccess, type ParamValues, type RouterFramework } from '../src/route-path.js';

describe('parsePath', () => {
  it.each([
    ['/pets', [[{ kind: 'static', text: 'pets' }]]],
    ['/pets/{id}', [[{ kind: 'static', text: 'pets' }], [{ kind: 'param', index: 0 }]]],
    ['/', [[{ kind: 'static', text: '' }]]],
    [
      '/jobs/{job-id}:cancel/{a}.{b}',
      [
        [{ kind: 'static', text: 'jobs' }],
        [{ kind: 'param', index: 0 }, { kind: 'static', text: ':cancel' }],
        [{ kind: 'param', index: 1 }, { kind: 'static', text: '.' }, { kind: 'param', index: 2 }],
      ],
    ],
  ])('%s', (path, want) => {
    expect(parsePath(path)).toEqual(want);
  });
});

describe('route patterns', () => {
  it.each<[RouterFramework, string, string[], string]>([
    ['hono', '/pets/{petId}', ['petId'], '/pets/:petId'],
    ['express', '/pets/{petId}', ['petId'], '/pets/:petId'],
    ['fastify', '/pets/{petId}', ['petId'], '/pets/:petId'],
    ['hono', '/files/{file-id}', ['fileId'], '/files/:fileId'],
    ['express', '/files/{file-id}/{class}', ['fileId', 'class_'], '/files/:fileId/:class'],
    ['fastify', '/a:b/{x}', ['x'], '/a::b/:x'],
    ['express', '/a:b/(c)*/ü', [], '/a\\:b/\\(c\\)\\*/%C3%BC'],
    ['express', '/jobs/{job-id}:cancel', ['jobId'], '/jobs/:jobId\\:cancel'],
    ['express', '/files/{id}_raw', ['id'], '/files/:id\\_raw'],
  ])('%s %s', (framework, path, safeNames, want) => {
    const specNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    expect(routePath(framework, path, specNames, safeNames).pattern).toBe(want);
  });

  it('never gives two parameters the same route name', () => {
    const route = routePath('hono', '/{item-id}/{itemId}/{segment}/x:{a}', ['item-id', 'itemId', 'segment', 'a'], ['itemId', 'itemId2', 'segment', 'a']);
    expect(new Set(route.routeNames).size).toBe(route.routeNames.length);
    expect(route.params.map((p) => p.routeName)).toEqual(['itemId2', 'itemId', 'segment', 'segment2']);
  });
});

/**
 * Spec paths that routers would read as syntax, each with parameter values: every framework's
 * pattern must match the path a client sends (parameters with encodeURIComponent, the rest as
 * fetch encodes it), hand back the decoded values, and refuse the path with its text changed.
 */
const PATHS: [string, string[]][] = [
  ['/items/{item-id}', ['a b/c?d']],
  // `{process.exit(5)}` is a path template too (an undeclared parameter, read as a string).
  ['/evil/${process.exit(5)}/`tick`/{item-id}', ['5', 'x']],
  ['/unicode/ünï/{x}', ['日本']],
  ['/jobs/{job-id}:cancel', ['j:1']],
  ['/odd/a:b/(x)*/{name}.{ext}', ['archive.tar', 'gz']],
  ['/v1/{name}:batchGet', ['projects/p1']],
  // Routes that differ only after a parameter (Google's oslogin): find-my-way keys a route by its
  // text, not by a parameter's regular expression, and refused the second as a duplicate.
  ['/v1beta/{parent}:signSshPublicKey', ['users/u1']],
  ['/v1beta/{parent}:importSshPublicKey', ['users/u1']],
  // Two parameters with nothing between: the split is ambiguous; earlier ones take as much as
  // they can (each must hold a character), as the extraction regex says.
  // Microsoft Graph's function calls: siblings under one parent, static or with parameters in the
  // parentheses. A whole-segment pattern each made them one route to find-my-way (fastify refused
  // the second: Graph's router could not start).
  ['/me/microsoft.graph.getManagedAppPolicies()', []],
  ['/me/microsoft.graph.getManagedAppDiagnosticStatuses()', []],
  ['/me/microsoft.graph.exportDeviceAndAppManagementData(skip={skip},top={top})', ['2', '10']],
  ["/me/microsoft.graph.reminderView(StartDateTime='{StartDateTime}',EndDateTime='{EndDateTime}')", ['2026-01-01T00:00', '2026-01-02']],
  ['/blobs/{id}{ext}', ['abc.jso', 'n']],
  // The later of two adjacent parameters lists its values (GitHub's `{id}{mediaTypeExtension}`):
  // they split the segment.
  ['/profiles/{id}{mediaTypeExtension}', ['x.y', '.json']],
  ['/files/{id}_raw', ['f-1']],
  ['/{a}/{b}', ['first', 'sécond']],
  ["/static/+plus/[brackets]/!bang/@at/$dollar/,comma/;semi/=eq/'quote/{z}", ['zz']],
];

/** Enum values of path parameters, by path and parameter index. */
const VALUES: Record<string, ParamValues> = { '/profiles/{id}{mediaTypeExtension}': [undefined, ['.json', '.xml']] };

function route(framework: RouterFramework, path: string) {
  return routePath(framework, path, specNames(path), specNames(path).map((_, i) => `p${i}`), VALUES[path]);
}

function specNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

function requestPath(path: string, values: string[]): string {
  let i = 0;
  const filled = path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++]!));
  return new URL(filled, 'http://localhost').pathname;
}

/** The request path with its static text changed (a letter or symbol replaced by `Q`). */
function mutated(path: string, values: string[]): string {
  const withoutParams = path.replace(/\{[^}]+\}/g, '\u0000');
  const index = [...withoutParams].findIndex((ch, i) => i > 1 && ch !== '/' && ch !== '\u0000');
  const chars = [...withoutParams];
  chars[index] = 'Q';
  let i = 0;
  return requestPath(chars.join('').replace(/\u0000/g, () => `{p${i++}}`), values);
}

function read(access: ParamAccess, params: Record<string, string>): string {
  const value = params[access.routeName] ?? '';
  return access.kind === 'direct' ? value : (new RegExp(access.pattern).exec(value)?.[access.group] ?? '');
}

type Fetcher = (path: string) => Promise<{ status: number; body: unknown }>;

async function honoFetcher(): Promise<Fetcher> {
  const app = new Hono();
  PATHS.forEach(([path], index) => {
    const shape = route('hono', path);
    app.get(shape.pattern, (c) => c.json({ index, values: shape.params.map((a) => read(a, c.req.param() as Record<string, string>)) }));
  });
  return async (path) => {
    const response = await app.request(`http://localhost${path}`);
    return { status: response.status, body: response.status === 200 ? await response.json() : undefined };
  };
}

async function fastifyFetcher(): Promise<{ fetch: Fetcher; close: () => Promise<void> }> {
  const app = Fastify();
  PATHS.forEach(([path], index) => {
    const shape = route('fastify', path);
    app.get(shape.pattern, async (request) => ({ index, values: shape.params.map((a) => read(a, request.params as Record<string, string>)) }));
  });
  await app.ready();
  return {
    fetch: async (path) => {
      const response = await app.inject({ method: 'GET', url: path });
      return { status: response.statusCode, body: response.statusCode === 200 ? response.json() : undefined };
    },
    close: () => app.close(),
  };
}

async function expressFetcher(): Promise<{ fetch: Fetcher; close: () => Promise<void> }> {
  const app = express();
  const router = express.Router({ caseSensitive: true, strict: true });
  PATHS.forEach(([path], index) => {
    const shape = route('express', path);
    router.get(shape.pattern, (req, res) => {
      res.json({ index, values: shape.params.map((a) => read(a, req.params as Record<string, string>)) });
    });
  });
  app.use('/', router);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    fetch: async (path) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      return { status: response.status, body: response.status === 200 ? await response.json() : undefined };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('every framework matches the paths its spec describes, and only those', () => {
  const fetchers: Partial<Record<RouterFramework, Fetcher>> = {};
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    fetchers.hono = await honoFetcher();
    const fastify = await fastifyFetcher();
    fetchers.fastify = fastify.fetch;
    closers.push(fastify.close);
    const ex = await expressFetcher();
    fetchers.express = ex.fetch;
    closers.push(ex.close);
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  for (const framework of ['hono', 'express', 'fastify'] as const) {
    it.each(PATHS.map(([path, values], index) => [path, values, index] as const))(`${framework}: %s`, async (path, values, index) => {
      const fetcher = fetchers[framework]!;
      const hit = await fetcher(requestPath(path, values));
      expect(hit).toEqual({ status: 200, body: { index, values } });
      if (!/^(?:\/\{[^}]+\})+$/.test(path)) {
        const miss = await fetcher(mutated(path, values));
        expect(miss.status === 404 || (miss.body as { index: number } | undefined)?.index !== index).toBe(true);
      }
    });
  }
});
