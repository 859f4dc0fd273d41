import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { typecheck } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAMEWORKS, generateProject, request, type RouterFramework } from './support.js';

/**
 * Sibling segments that hold text and parameters, where one's pattern also matches the others'
 * paths (Microsoft Graph's `microsoft.graph.image(width={width})` matches
 * `image(width=1,height=2)` with the width `1,height=2`): each request reaches its own operation,
 * whatever order the spec declares them in, on every framework, served for real.
 */
const CHART = '/charts/{chart-id}/microsoft.graph.image';
const OPERATIONS: [path: string, operationId: string][] = [
  // Graph's order: the fewest parameters first.
  [`${CHART}()`, 'image'],
  [`${CHART}(width={width})`, 'imageWidth'],
  [`${CHART}(width={width},height={height})`, 'imageWidthHeight'],
  [`${CHART}(width={width},height={height},fittingMode='{fittingMode}')`, 'imageFitted'],
  // The other order: the most parameters first.
  ['/files/{name}.tar.{ext}', 'tarball'],
  ['/files/{name}.{ext}', 'file'],
];

function spec(): string {
  const paths = Object.fromEntries(
    OPERATIONS.map(([path, operationId]) => {
      const parameters = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1]!, in: 'path', required: true, schema: { type: 'string' } }));
      const ok = { '200': { description: 'The arguments, echoed.', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } } };
      return [path, { get: { operationId, parameters, responses: ok } }];
    }),
  );
  const file = join(mkdtempSync(join(tmpdir(), 'siblings-')), 'siblings.json');
  writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: { title: 'siblings', version: '1' }, paths }));
  return file;
}

const SERVICE = `import type { Service } from './gen/service.js';

export const calls: string[] = [];

function echo(method: string, args: string[]): Promise<string[]> {
  calls.push(method);
  return Promise.resolve(args);
}

export const service: Service = {
${OPERATIONS.map(([, id]) => `  ${id}: (...args) => echo('${id}', args),`).join('\n')}
};
`;

const SERVERS: Record<RouterFramework, string> = {
  hono: `import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';

export function start(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Hono().route('/api', createRouter(service));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({ url: 'http://127.0.0.1:' + String(info.port) + '/api', close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
`,
  express: `import type { AddressInfo } from 'node:net';
import express from 'express';
import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';

export async function start(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.use('/api', createRouter(service));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: 'http://127.0.0.1:' + String(port) + '/api', close: () => new Promise<void>((done) => server.close(() => done())) };
}
`,
  koa: `import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';

export async function start(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Koa();
  app.use(createRouter(service, { prefix: '/api' }).routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: 'http://127.0.0.1:' + String(port) + '/api', close: () => new Promise<void>((done) => server.close(() => done())) };
}
`,
  nestjs: `import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { ApiModule } from './gen/router.js';
import { service } from './service-impl.js';

export async function start(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = await NestFactory.create(ApiModule.forRoot({ service }), { bodyParser: false, logger: false });
  app.setGlobalPrefix('api');
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { url: 'http://127.0.0.1:' + String(port) + '/api', close: () => app.close() };
}
`,
  fastify: `import Fastify from 'fastify';
import { createRouter } from './gen/router.js';
import { service } from './service-impl.js';

export async function start(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify();
  await app.register(createRouter(service), { prefix: '/api' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: 'http://127.0.0.1:' + String(port) + '/api', close: () => app.close() };
}
`,
};

/** A request path, the operation it must reach, and the arguments that operation gets. */
const REQUESTS: [path: string, operationId: string, args: string[]][] = [
  ['/charts/c1/microsoft.graph.image()', 'image', ['c1']],
  ['/charts/c1/microsoft.graph.image(width=10)', 'imageWidth', ['c1', '10']],
  ['/charts/c1/microsoft.graph.image(width=10,height=20)', 'imageWidthHeight', ['c1', '10', '20']],
  ["/charts/c1/microsoft.graph.image(width=10,height=20,fittingMode='fit')", 'imageFitted', ['c1', '10', '20', 'fit']],
  ['/files/notes.tar.gz', 'tarball', ['notes', 'gz']],
  ['/files/notes.txt', 'file', ['notes', 'txt']],
];

describe.each(FRAMEWORKS)('%s: sibling segments mixing text and parameters', (framework) => {
  let server: { url: string; close(): Promise<void> };
  let calls: string[];
  let dir: string;

  beforeAll(async () => {
    const generated = await generateProject({ spec: spec(), framework, contextType: false, inputSchema: false });
    if (generated.zodTs.code !== 0 || generated.server.code !== 0) throw new Error(`generation failed:\n${generated.zodTs.stderr}\n${generated.server.stderr}`);
    const impl = generated.project.write('service-impl.ts', SERVICE);
    const main = generated.project.write('server.ts', SERVERS[framework]);
    generated.project.tsconfig('nodenext');
    dir = generated.dir;
    ({ calls } = (await import(pathToFileURL(impl).href)) as { calls: string[] });
    const { start } = (await import(pathToFileURL(main).href)) as { start(): Promise<{ url: string; close(): Promise<void> }> };
    server = await start();
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(REQUESTS)('GET %s reaches %s', async (path, operationId, args) => {
    calls.length = 0;
    const answer = await request(`${server.url}${path}`);
    expect(answer.status).toBe(200);
    expect(calls).toEqual([operationId]);
    expect(answer.json).toEqual(args);
  });

  it('compiles with the service and the server under the strict flag set', () => {
    const result = typecheck(dir, '7');
    expect(result.stdout + result.stderr).toBe('');
  });
});
