import { pathToFileURL } from 'node:url';
import { fixture, tempProject, typecheckTogether, type TempProject } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAMEWORKS, README_EXPRESS_PARSER, request, runServer, runZodTs, type RouterFramework } from './support.js';

/**
 * The server defects public specs exposed (issue 15; ../shared/repros, copied to
 * fixtures/specs/repro-*.yaml): each spec is generated with openapi-zod-ts and openapi-server,
 * compiled under the strict flag set with its service, server and client calls, then served on
 * 127.0.0.1 by each router, mounted under a prefix, and called with the generated client.
 */

/** Specs without operations: they must compile, with and without a context type. */
const NO_OPERATIONS = ['repro-01-no-operations.yaml', 'repro-01-webhooks-only.yaml'];

interface Case {
  spec: string;
  /** Methods of the service object (they may call `record(name, args)`). */
  service: string;
  /** Statements of an async function of `client` (the generated client module) returning a value. */
  client: string;
}

const CASES: Record<string, Case> = {
  r05: {
    spec: 'repro-05-json-string-response.yaml',
    service: `async getSquare(...args) { record('getSquare', args); return 'O'; },`,
    client: `return client.getSquare(1, 2);`,
  },
  r06: {
    spec: 'repro-06-json-primitive-body.yaml',
    service: `async putSquare(...args) { record('putSquare', args); },`,
    client: `await client.putSquare(1, 2, 'X'); return 'sent';`,
  },
  r07: {
    spec: 'repro-07-root-path.yaml',
    service: `async listDataSets(...args) { record('listDataSets', args); return { total: 3 }; },`,
    client: `return client.listDataSets();`,
  },
  r08: {
    spec: 'repro-08-optional-binary-body.yaml',
    service: `async uploadFile(...args) { record('uploadFile', args); },`,
    client: `await client.uploadFile(1); await client.uploadFile(2, new Blob([new Uint8Array([1, 2, 3])])); return 'sent';`,
  },
  r10: {
    spec: 'repro-10-nullable-query.yaml',
    service: `async types(...args) { record('types', args); },`,
    client: `await client.types({ s: 'x', n: 3, e: 'a', l: ['u', 'v'], o: 'y', p: 4 });
  await client.types({ s: null, n: null, e: null, l: null, o: null, p: null });
  await client.types({ s: '', n: 0, e: 'b', l: ['w'] });
  return 'sent';`,
  },
  r11: {
    spec: 'repro-11-hono-regex-literals.yaml',
    service: `async export_(...args) { record('export', args); },
  async simpleOperation(...args) { record('simpleOperation', args); },
  async count(...args) { record('count', args); },`,
    client: `await client.export_('1'); await client.simpleOperation('2'); await client.count('3'); return 'sent';`,
  },
  r12: {
    spec: 'repro-12-plus-json-body.yaml',
    service: `async patchThing(...args) { record('patchThing', args); },`,
    client: `await client.patchThing(5, { name: 'n' }); return 'sent';`,
  },
  r13: {
    spec: 'repro-13-multipart-response.yaml',
    service: `async getMultipart() { return { file: new Blob(['file bytes']), metadata: { foo: 'bar' } }; },`,
    client: `const result = await client.getMultipart();
  return { file: result.file instanceof Blob ? await result.file.text() : result.file, metadata: result.metadata };`,
  },
  r13fields: {
    spec: 'form-response-fields.yaml',
    service: `async getParts() {
    return { name: 'n', count: 3, flag: false, tags: ['one'], files: [new Blob(['a']), new Blob(['b'])], meta: { a: 1.5, b: ['x', 'y'] } };
  },
  async postFields() { return { name: 'a b&c', count: 0, tags: ['t', 'u'] }; },`,
    client: `const parts = await client.getParts();
  const files = await Promise.all(parts.files.map((file) => file.text()));
  return { parts: { ...parts, files }, fields: await client.postFields() };`,
  },
};

/** How each framework mounts a router under a prefix (express with the README's parser set-up). */
const MOUNT: Record<Exclude<RouterFramework, 'nestjs'>, { setup: string; mount: (router: string, prefix: string) => string; listen: string }> = {
  hono: {
    setup: `const { serve } = await import('@hono/node-server');
  const { Hono } = await import('hono');
  const app = new Hono();`,
    mount: (router, prefix) => `app.route('${prefix}', ${router});`,
    listen: `return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({ url: 'http://127.0.0.1:' + String(info.port), close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });`,
  },
  express: {
    setup: `const { default: express } = await import('express');
  const { bodyParserErrors } = await import('./gen/r06/router.js');
  const app = express();
  ${README_EXPRESS_PARSER}`,
    mount: (router, prefix) => `app.use('${prefix}', ${router});`,
    listen: `const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: 'http://127.0.0.1:' + String(port), close: () => new Promise<void>((done) => server.close(() => done())) };`,
  },
  koa: {
    setup: `const { default: Koa } = await import('koa');
  const app = new Koa();`,
    mount: (router, prefix) => `app.use(${router}.prefix('${prefix}').routes());`,
    listen: `const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: 'http://127.0.0.1:' + String(port), close: () => new Promise<void>((done) => server.close(() => done())) };`,
  },
  fastify: {
    setup: `const { default: Fastify } = await import('fastify');
  const app = Fastify();`,
    mount: (router, prefix) => `await app.register(${router}, { prefix: '${prefix}' });`,
    listen: `await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: 'http://127.0.0.1:' + String(port), close: () => app.close() };`,
  },
};

/** One project per framework: every case generated into gen/<case>/, its service, the server, the client calls. */
async function buildProject(framework: RouterFramework): Promise<TempProject> {
  const project = tempProject(`server-repros-${framework}`);
  const zodProjects: object[] = [];
  const serverProjects: object[] = [];
  NO_OPERATIONS.forEach((spec, i) => {
    for (const context of [false, true]) {
      const output = `gen/none${i}${context ? 'ctx' : ''}`;
      zodProjects.push({ input_openapi: fixture(spec), output });
      serverProjects.push({ input_openapi: fixture(spec), output, framework, ...(context ? { context_type: 'AuthContext' } : {}) });
    }
  });
  for (const [id, c] of Object.entries(CASES)) {
    zodProjects.push({ input_openapi: fixture(c.spec), output: `gen/${id}` });
    serverProjects.push({ input_openapi: fixture(c.spec), output: `gen/${id}`, framework });
  }
  // openapi-zod-ts takes one project per config.
  for (const [i, config] of zodProjects.entries()) {
    project.write(`zod-${i}.json`, JSON.stringify(config));
    const zod = await runZodTs(['--config', `zod-${i}.json`], project.dir);
    expect(zod.code, zod.stderr).toBe(0);
  }
  project.write('openapi-server.config.json', JSON.stringify({ projects: serverProjects }));
  const server = await runServer([], project.dir);
  expect(server.code, server.stderr).toBe(0);

  const ids = Object.keys(CASES);
  project.write(
    'services.ts',
    [
      ...ids.map((id) => `import type { Service as ${id}Service } from './gen/${id}/service.js';`),
      `export const calls: [string, unknown[]][] = [];`,
      `/** Bytes are recorded as arrays, for deep equality. */`,
      `function record(name: string, args: unknown[]): void {`,
      `  calls.push([name, args.map((arg) => (arg instanceof Uint8Array ? [...arg] : arg))]);`,
      `}`,
      ...ids.map((id) => `export const ${id}: ${id}Service = {\n  ${CASES[id]!.service}\n};`),
    ].join('\n'),
  );
  // NestJS: one ApiModule per case, each under its prefix with Nest's RouterModule.
  const nestServer = [
    `import type { AddressInfo } from 'node:net';`,
    `import { NestFactory, RouterModule } from '@nestjs/core';`,
    ...ids.map((id) => `import { ApiModule as ${id}Module } from './gen/${id}/router.js';`),
    `import * as services from './services.js';`,
    `export { calls } from './services.js';`,
    `export async function start(): Promise<{ url: string; close: () => Promise<void> }> {`,
    `  const routes = RouterModule.register([${ids.map((id) => `{ path: 'api/${id}', module: ${id}Module }`).join(', ')}]);`,
    `  const app = await NestFactory.create({ imports: [${ids.map((id) => `${id}Module.forRoot({ service: services.${id} })`).join(', ')}, routes] }, { bodyParser: false, logger: false });`,
    `  await app.listen(0, '127.0.0.1');`,
    `  const { port } = app.getHttpServer().address() as AddressInfo;`,
    `  return { url: 'http://127.0.0.1:' + String(port), close: () => app.close() };`,
    `}`,
  ];
  project.write(
    'server.ts',
    framework === 'nestjs' ? nestServer.join('\n') : [
      ...ids.map((id) => `import { createRouter as ${id}Router } from './gen/${id}/router.js';`),
      `import * as services from './services.js';`,
      `export { calls } from './services.js';`,
      `export async function start(): Promise<{ url: string; close: () => Promise<void> }> {`,
      `  ${MOUNT[framework].setup}`,
      ...ids.map((id) => `  ${MOUNT[framework].mount(`${id}Router(services.${id})`, `/api/${id}`)}`),
      `  ${MOUNT[framework].listen}`,
      `}`,
    ].join('\n'),
  );
  project.write(
    'client-calls.ts',
    [
      ...ids.flatMap((id) => [`import * as ${id}Client from './gen/${id}/client.js';`, `import { configureClient as ${id}Configure } from './gen/${id}/client-config.js';`]),
      `export const clientCalls: Record<string, (baseUrl: string) => Promise<unknown>> = {`,
      ...ids.map((id) => `  ${id}: async (baseUrl) => {\n    ${id}Configure({ baseUrl });\n    const client = ${id}Client;\n    ${CASES[id]!.client}\n  },`),
      `};`,
    ].join('\n'),
  );
  project.tsconfig('nodenext');
  return project;
}

/** Each framework's project, built once (its describe's beforeAll or the compile below, whichever asks first). */
const built = new Map<RouterFramework, Promise<TempProject>>();
const projectOf = (framework: RouterFramework) => built.get(framework) ?? built.set(framework, buildProject(framework)).get(framework)!;

/**
 * The frameworks' projects compiled in one program (TypeScript 5.9, the strict flag set, nodenext
 * as each project's tsconfig): the libraries' declarations are read and checked once instead of
 * once per framework; each diagnostic goes to the framework whose folder holds its file.
 */
let together: Promise<Map<string, string>> | undefined;
function compiledTogether(): Promise<Map<string, string>> {
  together ??= Promise.all(FRAMEWORKS.map(async (framework) => ({ label: framework, dir: (await projectOf(framework)).dir }))).then((members) => typecheckTogether(members, '5.9', 'nodenext'));
  return together;
}

describe.each(FRAMEWORKS)('%s: the issue 15 repros generate, compile strict and round-trip', (framework) => {
  let project: TempProject;
  let server: { url: string; close: () => Promise<void> };
  let calls: [string, unknown[]][];
  let clientCalls: Record<string, (baseUrl: string) => Promise<unknown>>;
  const callOf = (id: string) => clientCalls[id]!(`${server.url}/api/${id}`);

  beforeAll(async () => {
    project = await projectOf(framework);
    const module = (await import(pathToFileURL(`${project.dir}/server.ts`).href)) as { start(): Promise<typeof server>; calls: typeof calls };
    server = await module.start();
    calls = module.calls;
    clientCalls = ((await import(pathToFileURL(`${project.dir}/client-calls.ts`).href)) as { clientCalls: typeof clientCalls }).clientCalls;
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  it('compiles under the strict flag set: specs without operations (01), services, server, client calls', async () => {
    expect((await compiledTogether()).get(framework)).toBe('');
  }, 600_000);

  it('05: a JSON string response is sent as JSON (quoted, application/json)', async () => {
    await expect(callOf('r05')).resolves.toBe('O');
    const answer = await request(`${server.url}/api/r05/board/1/2`);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.text).toBe('"O"');
  });

  it("06: a JSON primitive body passes the README's parser set-up", async () => {
    calls.length = 0;
    await expect(callOf('r06')).resolves.toBe('sent');
    expect(calls).toEqual([['putSquare', ['1', '2', 'X']]]);
    for (const [text, status] of [['"Y"', framework === 'fastify' || framework === 'nestjs' ? 400 : 422], ['{', 400]] as const) {
      const answer = await request(`${server.url}/api/r06/board/1/2`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: text });
      expect(answer.status, text).toBe(status);
    }
  });

  it('07: an operation on / is reached under a prefix (the client asks for /api/r07/)', async () => {
    await expect(callOf('r07')).resolves.toEqual({ total: 3 });
    expect((await request(`${server.url}/api/r07`)).status).toBe(200);
    // Only the prefix itself: the root route does not swallow other paths.
    expect((await request(`${server.url}/api/r07/other`)).status).toBe(404);
  });

  it('08: an absent optional binary body reaches the service as undefined, a sent one as its bytes', async () => {
    calls.length = 0;
    await expect(callOf('r08')).resolves.toBe('sent');
    expect(calls).toEqual([
      ['uploadFile', ['1', undefined]],
      ['uploadFile', ['2', [1, 2, 3]]],
    ]);
  });

  it('10: null is left out of the URL; an absent required parameter that allows null reaches the service as null', async () => {
    calls.length = 0;
    await expect(callOf('r10')).resolves.toBe('sent');
    // Absent optional parameters stay undefined (null and absent mean the same for them); `s=` is the empty string.
    expect(calls).toEqual([
      ['types', [{ s: 'x', n: 3, e: 'a', l: ['u', 'v'], o: 'y', p: 4 }]],
      ['types', [{ s: null, n: null, e: null, l: null }]],
      ['types', [{ s: '', n: 0, e: 'b', l: ['w'] }]],
    ]);
    // `n=` is the empty string, which an integer refuses: no longer read as null.
    const empty = await request(`${server.url}/api/r10/types?s=&n=&e=a&l=w`);
    expect(empty.status, empty.text).toBe(400);
    const invalid = await request(`${server.url}/api/r10/types?n=x`);
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.json)).toContain('"n"');
  });

  it('11: literals with regex syntax after a segment parameter are routed (/v{x}/no+tag, simple:operation, $count)', async () => {
    calls.length = 0;
    await expect(callOf('r11')).resolves.toBe('sent');
    expect(calls).toEqual([
      ['export', ['1']],
      ['simpleOperation', ['2']],
      ['count', ['3']],
    ]);
  });

  it('12: an application/*+json body (application/json-patch+json) is parsed as JSON', async () => {
    calls.length = 0;
    await expect(callOf('r12')).resolves.toBe('sent');
    expect(calls).toEqual([['patchThing', ['5', { name: 'n' }]]]);
  });

  it('13: a multipart response with an object schema is encoded from the object the service returns, and read back by the client', async () => {
    await expect(callOf('r13')).resolves.toEqual({ file: 'file bytes', metadata: { foo: 'bar' } });
    const answer = await request(`${server.url}/api/r13/multipart`);
    expect(answer.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(answer.text).toContain('name="file"; filename="blob"');
    expect(answer.text).toContain('{"foo":"bar"}');
  });

  it('13: form responses carry numbers, booleans and objects as JSON text, arrays as repeated fields; urlencoded as text', async () => {
    await expect(callOf('r13fields')).resolves.toEqual({
      parts: { name: 'n', count: 3, flag: false, tags: ['one'], files: ['a', 'b'], meta: { a: 1.5, b: ['x', 'y'] } },
      fields: { name: 'a b&c', count: 0, tags: ['t', 'u'] },
    });
    const answer = await request(`${server.url}/api/r13fields/fields`, { method: 'POST' });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(answer.text).toBe('name=a+b%26c&count=0&tags=t&tags=u');
  });
});
