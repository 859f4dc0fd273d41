import { modelFromDocument } from '@specwright/core';
import { fixture } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { buildHandlersModule } from '../src/index.js';
import { BASE, call, generateInto, getJson, importHandlers, openapi, serve, withServer } from './support.js';

const petstore = fixture('petstore-3.1.yaml');

describe('handlers: one per operation (seed points 1 and 3)', () => {
  it('exports a handler per get/post/put/patch/delete operation, {x} written :x, no operation id needed', async () => {
    const { module } = await serve(petstore);
    const routes = module.handlers.map((h) => `${h.info.method} ${String(h.info.path)}`);
    expect(routes.sort()).toEqual(
      [
        'GET */pets',
        'POST */pets',
        'GET */pets/:petId',
        'PUT */pets/:petId',
        'PATCH */pets/:petId',
        'DELETE */pets/:petId',
        'POST */pets/:petId/photos',
        'GET */stores/:storeId/pets/:petId',
        'GET */api/v1/owners/:ownerId',
        'GET */search',
        'GET */health',
      ].sort(),
    );
  });

  // Seed MSW rule 1: "`handlers.ts` exports `handlers` (array), one handler per operation (get,
  // post, put, patch, delete); operations without responses are skipped" (issue 33 restores it
  // over issue 15). Each skipped operation is named in a warning, so a test knows to bring its own.
  it('skips an operation without responses (or with `responses: {}`), naming each in a warning; HEAD has none', async () => {
    const spec = openapi({
      '/a': { get: { responses: {} }, post: { responses: { '201': { description: 'created' } } } },
      '/b': { ...getJson({ type: 'string' }), head: { responses: { '200': { description: 'ok' } } } },
      '/c': { delete: { operationId: 'noResponses' } },
    });
    const { module } = await serve(spec);
    expect(module.handlers.map((h) => `${h.info.method} ${String(h.info.path)}`)).toEqual(['POST */a', 'GET */b']);
    const { warnings } = buildHandlersModule(modelFromDocument(spec), { seed: 42, maxArrayItems: 3, depthCap: 30, baseUrl: '*' });
    expect(warnings).toEqual([
      'GET /a (#/paths/~1a/get) declares no responses: no handler is generated for it; a test that calls it needs its own (server.use(http.get(...)))',
      'DELETE /c (#/paths/~1c/delete) declares no responses: no handler is generated for it; a test that calls it needs its own (server.use(http.delete(...)))',
    ]);
    await withServer(module.handlers, async () => {
      const answer = await call(`${BASE}/a`, 'POST');
      expect(answer.status).toBe(201);
    });
  });

  it('answers every path parameter, whatever the base URL, and prefers the route written for a path', async () => {
    const { module } = await serve(petstore);
    await withServer(module.handlers, async () => {
      for (const url of [`${BASE}/pets/12`, 'https://petstore.example.com/v1/pets/12', 'http://localhost/pets/12']) {
        const answer = await call(url);
        expect(answer.status).toBe(200);
        expect(answer.json).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
      }
      // `*/pets/:petId` would also match this URL; the longer route answers it.
      const store = await call(`${BASE}/stores/s1/pets/7`);
      expect(store.status).toBe(200);
      const owner = await call(`${BASE}/api/v1/owners/0b6c7e38-6f77-4b1c-9b8a-3f1f5c0d9c11`);
      expect(owner.json).toMatchObject({ id: expect.any(String), email: expect.stringContaining('@') });
      expect(owner.json).not.toHaveProperty('password');
    });
  });

  it('matches a parameter whose name is not an identifier, and literal text fetch percent-encodes', async () => {
    const spec = openapi({
      '/items/{item-id}/v{version}.json': getJson({ type: 'boolean' }),
      '/ünï/{a.b}:cancel': { post: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'integer' } } } } } } },
      '/odd/(x)+y': getJson({ type: 'null' }),
      '/files/{id}_raw': getJson({ type: 'integer' }),
    });
    const { module } = await serve(spec);
    const paths = module.handlers.map((h) => String(h.info.path));
    expect(paths).toContain('*/items/:item_id/v:version.json');
    expect(paths).toContain('*/files/{:id}_raw');
    await withServer(module.handlers, async () => {
      expect((await call(`${BASE}/items/x-1/v2.json`)).json).toEqual(expect.any(Boolean));
      expect((await call(`${BASE}/ünï/some.name:cancel`, 'POST')).json).toEqual(expect.any(Number));
      expect((await call(`${BASE}/odd/(x)+y`)).text).toBe('null');
      expect((await call(`${BASE}/files/abc_raw`)).json).toEqual(expect.any(Number));
    });
  });

  it('takes a base URL: createHandlers({ baseUrl }) answers only under it', async () => {
    const { module } = await serve(petstore);
    const scoped = module.createHandlers({ baseUrl: `${BASE}/` });
    expect(String(scoped[0]!.info.path)).toMatch(/^http:\/\/localhost:3000\/api\//);
    await withServer(scoped, async () => {
      expect((await call(`${BASE}/pets`)).status).toBe(200);
      await expect(fetch('http://elsewhere.test/pets')).rejects.toThrow();
    });
    const { module: configured } = await serve(petstore, { baseUrl: 'https://petstore.example.com/v1' });
    expect(configured.handlers.every((h) => String(h.info.path).startsWith('https://petstore.example.com/v1/'))).toBe(true);
  });
});

describe('response choice (seed points 4 and 5)', () => {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const spec = openapi({
    '/two-hundred': { get: { responses: { '201': { description: 'c', content: json({ const: 'created' }) }, '200': { description: 'o', content: json({ const: 'ok' }) } } } },
    '/created': { post: { responses: { '202': { description: 'a', content: json({ const: 'accepted' }) }, '201': { description: 'c', content: json({ const: 'created' }) } } } },
    '/first-json': { put: { responses: { '202': { description: 'a' }, '203': { description: 'n', content: json({ const: 'json' }) } } } },
    '/no-schema': { patch: { responses: { '202': { description: 'accepted' }, '400': { description: 'bad', content: json({ type: 'string' }) } } } },
    '/json-without-schema': { get: { responses: { '200': { description: 'ok', content: { 'application/json': {} } } } } },
    '/only-errors': { delete: { responses: { default: { description: 'error', content: json({ type: 'string' }) } } } },
    '/deleted': { delete: { responses: { '204': { description: 'gone' } } } },
    '/reset': { post: { responses: { '205': { description: 'reset', content: json({ type: 'string' }) } } } },
    '/text': { get: { responses: { '200': { description: 'text', content: { 'text/plain': { schema: { type: 'string' } } } } } } },
    '/csv': { post: { responses: { '201': { description: 'csv', content: { 'text/csv': { schema: { type: 'string' } } } } } } },
    '/range': { get: { responses: { '2XX': { description: 'any success', content: json({ const: 'ranged' }) } } } },
    '/text-or-json': { get: { responses: { '200': { description: 'both', content: { 'text/plain': { schema: { type: 'string' } }, ...json({ const: 'json wins' }) } } } } },
    '/gzip': { get: { responses: { '200': { description: 'bytes', content: { ...json({ type: 'string', format: 'binary' }), 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } } } },
    '/bytes-as-json': { get: { responses: { '200': { description: 'bytes', content: json({ type: 'string', format: 'binary' }) } } } },
    '/pdf': { get: { responses: { '201': { description: 'pdf', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } } } },
  });

  it('writes 200 without a status argument and other statuses with one', async () => {
    const { content } = await generateInto(spec);
    // Issue 35: every declared response sits in the operation's answers table, and the default
    // handler (the operation's own, which createHandlers calls) answers the seed's status from it
    // (`mswResponse`: HttpResponse.json(value, { status })).
    expect(content).toMatch(/mswOperation<\s*typeof getTwoHundredAnswers,\s*"200"\s*>\(\s*"get",\s*"\/two-hundred",\s*getTwoHundredAnswers,\s*200\b/);
    expect(content).toContain('getTwoHundredHandler(options)');
    expect(content).toContain('const getTwoHundredAnswers = { "200": () => "ok", "201": () => "created" };');
    expect(content).toMatch(/createCreatedAnswers,\s*201\b/);
    expect(content).toContain('const deleteDeletedAnswers = { "204": null };');
  });

  it.each([
    ['GET', '/two-hundred', 200, 'application/json', '"ok"'],
    ['POST', '/created', 201, 'application/json', '"created"'],
    ['PUT', '/first-json', 203, 'application/json', '"json"'],
    ['PATCH', '/no-schema', 202, 'application/json', 'null'],
    ['GET', '/json-without-schema', 200, 'application/json', 'null'],
    ['DELETE', '/only-errors', 204, null, ''],
    ['DELETE', '/deleted', 204, null, ''],
    ['POST', '/reset', 205, null, ''],
    ['GET', '/text', 200, 'text/plain', ''],
    ['POST', '/csv', 201, 'text/csv', ''],
    ['GET', '/range', 200, 'application/json', '"ranged"'],
    ['GET', '/text-or-json', 200, 'application/json', '"json wins"'],
    // A binary string is raw bytes whatever media type declares it: an empty non-JSON body.
    ['GET', '/gzip', 200, 'application/octet-stream', ''],
    ['GET', '/bytes-as-json', 200, 'application/octet-stream', ''],
    ['GET', '/pdf', 201, 'application/pdf', ''],
  ])('%s %s answers %i %s %j', async (method, path, status, contentType, text) => {
    const { module } = await serve(spec);
    await withServer(module.handlers, async () => {
      const answer = await call(`${BASE}${path}`, method);
      expect(answer.status).toBe(status);
      expect(answer.text).toBe(text);
      if (contentType === null) expect(answer.contentType).toBeNull();
      else expect(answer.contentType).toContain(contentType);
    });
  });
});

describe('operations whose paths differ only in parameter names (loket.nl)', () => {
  const edgeCases = fixture('mock-edge-cases.yaml');

  it('are told apart by the parameters\' types: a year gets the PDF, a UUID the JSON payslips', async () => {
    const { module } = await serve(edgeCases);
    await withServer(module.handlers, async () => {
      const year = await call(`${BASE}/payslips/2024`);
      expect([year.status, year.contentType, year.text]).toEqual([200, 'application/pdf', '']);
      const run = await call(`${BASE}/payslips/0b6c7e38-6f77-4b1c-9b8a-3f1f5c0d9c11`);
      expect(run.contentType).toContain('application/json');
      expect(run.json).toEqual({ items: expect.any(Array) });
      // Neither a year nor anything else the second path takes: the first path's handler answers.
      expect((await call(`${BASE}/payslips/not-a-year`)).json).toEqual({ items: expect.any(Array) });
    });
  });

  it('warn when no parameter type tells them apart, and the first path answers', async () => {
    const spec = openapi({ '/a/{x}': getJson({ const: 'x' }), '/a/{y}': getJson({ const: 'y' }) });
    const { module, content } = await serve(spec);
    expect(content).not.toContain('info.params');
    await withServer(module.handlers, async () => expect((await call(`${BASE}/a/1`)).json).toBe('x'));
    const { warnings } = buildHandlersModule(modelFromDocument(spec), { seed: 42, maxArrayItems: 3, depthCap: 30, baseUrl: '*' });
    expect(warnings).toEqual([
      'GET /a/{y} has the same route as GET /a/{x} (same method and URL path, up to parameter names) and no parameter type tells their requests apart; the handler of GET /a/{x} answers them',
    ]);
  });
});

describe('the seed (seed point 2)', () => {
  it('writes the seed call at the top, before any mock function or handler', async () => {
    const { content } = await generateInto(petstore, { seed: 1234 });
    const seedAt = content.indexOf('faker.seed(1234);');
    expect(seedAt).toBeGreaterThan(0);
    expect(seedAt).toBeLessThan(content.search(/function mock|const mock/));
    expect(content.slice(0, seedAt)).not.toContain('faker.lorem');
    expect((await generateInto(petstore)).content).toContain('faker.seed(42);');
  });

  it('gives the same file for the same spec and seed, and another for another seed', async () => {
    const first = await generateInto(petstore, { seed: 5 });
    const second = await generateInto(petstore, { seed: 5 });
    expect(second.content).toBe(first.content);
    const other = await generateInto(petstore, { seed: 6 });
    expect(other.content).not.toBe(first.content);
    expect(other.content.replace('faker.seed(6)', 'faker.seed(5)').replace('seed: number = 6', 'seed: number = 5')).toBe(first.content);
  });

  const sequence = async (file: string) => {
    const module = await importHandlers(file);
    return withServer(module.handlers, async () => {
      const out: unknown[] = [];
      for (const path of ['/pets', '/pets/1', '/search?q=x', '/pets', '/api/v1/owners/x']) out.push((await call(`${BASE}${path}`)).json);
      return { out, module };
    });
  };

  it('gives the same data sequence for the same seed, fresh data on each request, and seedMockData restarts it', async () => {
    const a = await sequence((await generateInto(petstore, { seed: 9 })).file);
    const b = await sequence((await generateInto(petstore, { seed: 9 })).file);
    expect(b.out).toEqual(a.out);
    expect(a.out[3]).not.toEqual(a.out[0]);
    const c = await sequence((await generateInto(petstore, { seed: 10 })).file);
    expect(c.out).not.toEqual(a.out);

    a.module.seedMockData();
    const again = await withServer(a.module.handlers, async () => (await call(`${BASE}/pets`)).json);
    expect(again).toEqual(a.out[0]);
    a.module.seedMockData(10);
    const other = await withServer(a.module.handlers, async () => (await call(`${BASE}/pets`)).json);
    expect(other).toEqual(c.out[0]);
  });
});
