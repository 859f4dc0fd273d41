import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAMEWORKS, request, startContractServer, type RouterFramework, type RunningServer } from './support.js';

/**
 * One contract suite for every router (STYLE): the same service behind hono, express, fastify,
 * koa and NestJS, each served for real on 127.0.0.1 under /api. Where the seed makes the frameworks
 * differ (the status and envelope of a validation failure, response validation), the table
 * below says how.
 */
const DIFFERENCES: Record<RouterFramework, { invalidBody: number; envelope: (issues: unknown) => unknown; checksResponses: boolean }> = {
  hono: { invalidBody: 422, envelope: (issues) => ({ error: 'Invalid request body', issues }), checksResponses: false },
  express: { invalidBody: 422, envelope: (issues) => ({ error: 'Invalid request body', issues }), checksResponses: false },
  koa: { invalidBody: 422, envelope: (issues) => ({ error: 'Invalid request body', issues }), checksResponses: false },
  // Nest's own ValidationPipe answers 400 with { statusCode, error, message }: the NestJS router does too.
  nestjs: {
    invalidBody: 400,
    envelope: (issues) => ({ statusCode: 400, error: 'Bad Request', message: 'Invalid request body', issues }),
    checksResponses: false,
  },
  fastify: {
    invalidBody: 400,
    envelope: (issues) => ({ statusCode: 400, error: 'Bad Request', message: 'Invalid request body', issues }),
    checksResponses: true,
  },
};

const AUTH = { authorization: 'Bearer alice' };
const VALID_ITEM = { name: 'Lamp', price: 20, tags: ['home'] };
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };
/** A stack trace line (`at fn (file.js:1:2)`): no response may carry one. */
const STACK_LINE = /\bat .*:\d+:\d+/;

/** JSON bodies with a key that could reach an object prototype. */
const POISONED: [string, string][] = [
  ['__proto__ at the top', '{"__proto__": {"polluted": true}, "name": "x", "price": 1}'],
  ['__proto__ nested', '{"name": "x", "price": 1, "dimensions": {"width": 1, "height": 1, "__proto__": {"polluted": true}}}'],
  ['__proto__ written with escapes', '{"\\u005f\\u005fproto__": {"polluted": true}, "name": "x", "price": 1}'],
  ['constructor.prototype', '{"constructor": {"prototype": {"polluted": true}}, "name": "x", "price": 1}'],
];

/** A JSON body over 1 MiB, and the same bytes as a stream (sent without a content-length). */
function bigBody(): { sized: string; chunked: () => ReadableStream<Uint8Array> } {
  const sized = JSON.stringify({ ...VALID_ITEM, name: 'x'.repeat(1024 * 1024) });
  const bytes = new TextEncoder().encode(sized);
  const chunked = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 65536) controller.enqueue(bytes.subarray(i, i + 65536));
        controller.close();
      },
    });
  return { sized, chunked };
}

/** Every router over both zod variants: the schemas (generated and user-owned) in classic zod or zod/mini. */
const ROUTERS = FRAMEWORKS.flatMap((framework) => (['classic', 'mini'] as const).map((variant) => [framework, variant] as const));

describe.each(ROUTERS)('%s router, %s zod', (framework, variant) => {
  let server: RunningServer;
  let generated: { read(relative: string): string };
  const url = (path: string) => `${server.url}${path}`;
  const callsOf = (method: string) => server.calls.filter((c) => c.method === method);

  beforeAll(async () => {
    const started = await startContractServer(framework, { variant });
    ({ generated } = started);
    server = started;
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server.calls.length = 0;
    server.errors.length = 0;
    server.routesSeen.length = 0;
  });

  it(`validates with ${variant} zod: the generated and the user-owned schemas import it`, () => {
    const from = variant === 'mini' ? "from 'zod/mini'" : "from 'zod'";
    expect(generated.read('gen/schema-types.ts')).toContain(from);
    expect(generated.read('schemas.ts')).toContain(from);
  });

  describe('success status: 201, then 204, then 200; else 204 for DELETE, 200 otherwise', () => {
    it('201 wins over 200 (POST /items), with the parsed body and the context', async () => {
      const answer = await request(url('/items'), { method: 'POST', headers: AUTH, json: VALID_ITEM });
      expect(answer.status).toBe(201);
      expect(answer.json).toMatchObject({ name: 'Lamp', price: 20, tags: ['home'] });
      expect(callsOf('createItem')).toEqual([{ method: 'createItem', args: [VALID_ITEM, { userId: 'alice', scopes: ['profile:read'] }] }]);
    });

    it('204 wins over 200 and carries no body (PUT /items/{itemId})', async () => {
      const answer = await request(url('/items/i1'), { method: 'PUT', json: VALID_ITEM });
      expect(answer.status).toBe(204);
      expect(answer.text).toBe('');
      expect(callsOf('replaceItem')).toHaveLength(1);
    });

    it('DELETE without a declared 2xx answers 204 without a body', async () => {
      const answer = await request(url('/items/i9'), { method: 'DELETE' });
      expect(answer.status).toBe(204);
      expect(answer.text).toBe('');
      expect(callsOf('deleteItem')[0]?.args[0]).toBe('i9');
    });

    it('only 202 declared: 200, with the body the service returns', async () => {
      const answer = await request(url('/items/i1/archive'), { method: 'POST' });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ accepted: true });
    });

    it('GET without a declared 2xx answers 200 without a body', async () => {
      const answer = await request(url('/ping'));
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('');
      expect(callsOf('ping')).toEqual([{ method: 'ping', args: [{ userId: 'anonymous', scopes: [] }] }]);
    });

    it('200 with a JSON body (GET /items/{itemId})', async () => {
      const answer = await request(url('/items/i1'), { headers: AUTH });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.json).toEqual({ id: 'i1', name: 'One', price: 1, tags: [] });
    });
  });

  describe('path parameters: raw strings, decoded, by position', () => {
    it('names that are no identifiers ({file-id}, {version.num})', async () => {
      const answer = await request(url(`/files/${encodeURIComponent('a b/c')}/versions/3`));
      expect(answer.json).toEqual({ values: ['a b/c', '3'] });
      expect(callsOf('getFileVersion')[0]?.args.slice(0, 2)).toEqual(['a b/c', '3']);
    });

    it('a parameter sharing its segment with text ({job-id}:cancel)', async () => {
      const answer = await request(url(`/jobs/${encodeURIComponent('job:1')}:cancel`), { method: 'POST' });
      expect(answer.json).toEqual({ values: ['job:1'] });
    });

    it('static text routers read as syntax, and two parameters in one segment', async () => {
      const answer = await request(url('/odd/ünï/a:b/(x)*/archive.tar.gz'));
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ values: ['archive.tar', 'gz'] });
      expect((await request(url('/odd/ünï/a:b/(y)*/archive.tar.gz'))).status).toBe(404);
    });
  });

  describe('query parameters: converted by type, checked by the query schema', () => {
    it('string, number, boolean, enum, repeated and comma-separated arrays', async () => {
      const answer = await request(url('/items?limit=5&tag=a&tag=b&ids=1,2,3&active=true&sort=price&min-price=2.5&unknown=x'));
      expect(answer.status).toBe(200);
      const query = { limit: 5, tag: ['a', 'b'], ids: [1, 2, 3], active: true, sort: 'price', 'min-price': 2.5 };
      expect((answer.json as { query: unknown }).query).toEqual(query);
      expect(callsOf('listItems')[0]?.args[0]).toEqual(query);
    });

    it('absent parameters stay absent; false and a single repeated value convert too', async () => {
      const answer = await request(url('/items?active=false&tag=solo'));
      expect((answer.json as { query: unknown }).query).toEqual({ active: false, tag: ['solo'] });
    });

    it.each([
      ['limit=abc', ['limit']],
      ['limit=0', ['limit']],
      ['active=yes', ['active']],
      ['sort=colour', ['sort']],
      ['ids=1,x', ['ids', 1]],
    ])('400 with issues for %s, and the service is not called', async (query, path) => {
      const answer = await request(url(`/items?${query}`));
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'Invalid query parameters' });
      expect((answer.json as { issues: { path: unknown }[] }).issues.map((i) => i.path)).toEqual([path]);
      expect(callsOf('listItems')).toEqual([]);
    });

    it('a required parameter: present is passed on, missing is 400', async () => {
      expect((await request(url('/search?q=lamp'))).json).toEqual({ values: ['lamp'] });
      const missing = await request(url('/search'));
      expect(missing.status).toBe(400);
      expect((missing.json as { issues: { path: unknown; code: string }[] }).issues).toEqual([expect.objectContaining({ path: ['q'], code: 'invalid_type' })]);
    });
  });

  describe('request body validation with the user-owned schema (input_schema)', () => {
    it('invalid shape: the seed status and envelope, zod issues with code, path and message', async () => {
      const body = { name: '', price: -1, tags: ['a', 'b', 'c', 'd'], dimensions: { width: 'wide', height: 1 } };
      const answer = await request(url('/items'), { method: 'POST', headers: AUTH, json: body });
      expect(answer.status).toBe(DIFFERENCES[framework].invalidBody);
      const issues = [
        { code: 'too_small', path: ['name'], message: expect.any(String) },
        { code: 'too_small', path: ['price'], message: expect.any(String) },
        { code: 'too_big', path: ['tags'], message: expect.any(String) },
        { code: 'invalid_type', path: ['dimensions', 'width'], message: expect.any(String) },
      ];
      expect(answer.json).toEqual(DIFFERENCES[framework].envelope(issues));
      expect(callsOf('createItem')).toEqual([]);
    });

    it('the hand-written cross-field rule runs on the server', async () => {
      const answer = await request(url('/items'), { method: 'POST', headers: AUTH, json: { name: 'Lamp', price: 5, discount: 9 } });
      expect(answer.status).toBe(DIFFERENCES[framework].invalidBody);
      expect(answer.json).toEqual(DIFFERENCES[framework].envelope([{ code: 'custom', path: ['discount'], message: 'Discount cannot exceed the price' }]));
      expect(callsOf('createItem')).toEqual([]);
    });

    it('an optional body may be left out, or sent', async () => {
      expect((await request(url('/items/i1'), { method: 'PATCH' })).status).toBe(200);
      expect(callsOf('patchItem')[0]?.args[1]).toBeUndefined();
      const sent = await request(url('/items/i1'), { method: 'PATCH', json: { name: 'Renamed' } });
      expect(sent.json).toMatchObject({ name: 'Renamed' });
    });

    it('a text body is validated too (a hand-written max length), and the service is not called', async () => {
      const answer = await request(url('/notes'), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(30) });
      expect(answer.status).toBe(DIFFERENCES[framework].invalidBody);
      expect(answer.json).toEqual(DIFFERENCES[framework].envelope([{ code: 'too_big', path: [], message: expect.any(String) }]));
      expect(callsOf('createNote')).toEqual([]);
      expect((await request(url('/notes'), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(20) })).status).toBe(201);
    });

    it('a missing required body is refused before the service', async () => {
      const answer = await request(url('/items'), { method: 'POST', headers: AUTH });
      expect(answer.status).toBe(DIFFERENCES[framework].invalidBody);
      expect(callsOf('createItem')).toEqual([]);
    });
  });

  describe('security metadata and createContext', () => {
    it('each route states its operation and security: undefined, [], one scheme, alternatives', async () => {
      await request(url('/items'));
      await request(url('/search?q=x'));
      await request(url('/items'), { method: 'POST', headers: AUTH, json: VALID_ITEM });
      await request(url('/items/i1'), { headers: AUTH });
      const seen = server.routesSeen.map(({ operationId, security }) => ({ operationId, security }));
      expect(seen).toEqual([
        { operationId: 'listItems', security: undefined },
        { operationId: 'search', security: [] },
        { operationId: 'createItem', security: [{ scheme: 'bearerAuth', scopes: ['items:write'] }] },
        {
          operationId: 'getItem',
          security: [
            { scheme: 'bearerAuth', scopes: [] },
            { scheme: 'apiKey', scopes: [] },
          ],
        },
      ]);
      if (framework === 'fastify') {
        // Seed rule 3: the route config exposes exactly these.
        expect(server.routesSeen.map((r) => r.config)).toEqual(seen);
      }
    });

    it('401 from createContext comes before body validation, and the service is not called', async () => {
      const answer = await request(url('/items'), { method: 'POST', json: { name: '' } });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
      expect(callsOf('createItem')).toEqual([]);
    });

    it('401 comes before the body is even parsed (malformed JSON, no credentials)', async () => {
      const answer = await request(url('/items'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
      expect(answer.status).toBe(401);
    });

    it('public routes get the anonymous context', async () => {
      await request(url('/search?q=x'));
      expect(callsOf('search')[0]?.args[1]).toEqual({ userId: 'anonymous', scopes: [] });
    });
  });

  describe('errors', () => {
    it('HttpError(status, message) gives { statusCode, error, message } with that status', async () => {
      const answer = await request(url('/fail'), { method: 'POST', json: { kind: 'http' } });
      expect(answer.status).toBe(409);
      expect(answer.json).toEqual({ statusCode: 409, error: 'Conflict', message: 'Conflict here' });
      const missing = await request(url('/items/nope'), { headers: AUTH });
      expect(missing.json).toEqual({ statusCode: 404, error: 'Not Found', message: 'No item nope' });
    });

    it('an unexpected service error: 500 without its message or stack, and the error handler sees it', async () => {
      const answer = await request(url('/fail'), { method: 'POST', json: { kind: 'unexpected' } });
      expect(answer.status).toBe(500);
      expect(answer.text).not.toContain('secret detail');
      expect(answer.text).not.toMatch(/\bat .*:\d+:\d+/);
      if (framework !== 'hono') expect(answer.json).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
      expect(server.errors).toEqual([expect.objectContaining({ message: 'secret detail of the failure' })]);
    });

    it('response bodies are checked against their schema on fastify only (seed behaviour 5)', async () => {
      const answer = await request(url('/items/broken'), { headers: AUTH });
      if (DIFFERENCES[framework].checksResponses) {
        expect(answer.status).toBe(500);
        expect(answer.json).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
      } else {
        expect(answer.status).toBe(200);
        expect(answer.json).toEqual({ id: 'broken' });
      }
    });
  });

  describe('hardening', () => {
    it('malformed JSON is 400 and reaches no service', async () => {
      const answer = await request(url('/items'), { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"name": "x",' });
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(callsOf('createItem')).toEqual([]);
    });

    it('a body over 1 MiB is 413, with and without a content-length', async () => {
      const big = bigBody();
      const sized = await request(url('/items'), { method: 'POST', headers: JSON_AUTH, body: big.sized });
      expect(sized.status).toBe(413);
      expect(sized.json).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
      const chunked = await request(url('/items'), { method: 'POST', headers: JSON_AUTH, body: big.chunked() });
      expect(chunked.status).toBe(413);
      expect(callsOf('createItem')).toEqual([]);
    });

    it.each(POISONED)('%s: 400, no prototype reached, no service call', async (_name, body) => {
      const answer = await request(url('/items'), { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body });
      expect(answer.status).toBe(400);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
      expect(callsOf('createItem')).toEqual([]);
    });

    it('a constructor key that holds no prototype is plain data', async () => {
      const answer = await request(url('/items'), { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"constructor": "x", "name": "x", "price": 1}' });
      expect(answer.status).toBe(201);
    });

    it('another media type on a JSON route is 415', async () => {
      const answer = await request(url('/items'), { method: 'POST', headers: { ...AUTH, 'content-type': 'application/xml' }, body: '<item/>' });
      expect(answer.status).toBe(415);
      expect(callsOf('createItem')).toEqual([]);
    });
  });

  describe('text and binary bodies', () => {
    it('text in, text out', async () => {
      const answer = await request(url('/notes'), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
      expect(answer.status).toBe(201);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(answer.text).toBe('HELLO');
    });

    it('bytes in, bytes out', async () => {
      const answer = await fetch(url('/blobs/b1'), { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([1, 2, 3]) });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/octet-stream');
      expect([...new Uint8Array(await answer.arrayBuffer())]).toEqual([3, 2, 1]);
      expect(callsOf('putBlob')[0]?.args.slice(0, 2)).toEqual(['b1', [1, 2, 3]]);
    });
  });
});

describe.each(FRAMEWORKS)('%s without input_schema: bodies are validated with the generated schemas', (framework) => {
  let server: RunningServer;
  const url = (path: string) => `${server.url}${path}`;
  beforeAll(async () => {
    server = await startContractServer(framework, {}, { inputSchema: false });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server.calls.length = 0;
  });

  it('invalid shape: the same status and envelope as with input_schema, and the service is not called', async () => {
    const answer = await request(url('/items'), { method: 'POST', headers: AUTH, json: { name: 5, price: 'x' } });
    expect(answer.status).toBe(DIFFERENCES[framework].invalidBody);
    const issues = [
      { code: 'invalid_type', path: ['name'], message: expect.any(String) },
      { code: 'invalid_type', path: ['price'], message: expect.any(String) },
    ];
    expect(answer.json).toEqual(DIFFERENCES[framework].envelope(issues));
    expect(server.calls).toEqual([]);
  });

  it("the spec's rules apply, the user's hand-written ones do not (no schema file)", async () => {
    const created = await request(url('/items'), { method: 'POST', headers: AUTH, json: { name: 'Lamp', price: 5, discount: 9 } });
    expect(created.status).toBe(201);
    const note = await request(url('/notes'), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(30) });
    expect(note.status).toBe(201);
  });

  it('a missing required body is refused, an optional one may be left out', async () => {
    expect((await request(url('/items'), { method: 'POST', headers: AUTH })).status).toBe(DIFFERENCES[framework].invalidBody);
    expect((await request(url('/items/i1'), { method: 'PATCH' })).status).toBe(200);
    expect(server.calls.map((c) => c.method)).toEqual(['patchItem']);
  });
});

describe('express: a JSON body parser applied before mounting (README)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startContractServer('express', { jsonBefore: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  beforeEach(() => {
    server.calls.length = 0;
  });

  it('the router uses the parsed body and still validates and hardens it', async () => {
    const ok = await request(`${server.url}/items`, { method: 'POST', headers: AUTH, json: VALID_ITEM });
    expect(ok.status).toBe(201);
    const invalid = await request(`${server.url}/items`, { method: 'POST', headers: AUTH, json: { name: '' } });
    expect(invalid.status).toBe(422);
    const poisoned = await request(`${server.url}/items`, { method: 'POST', headers: JSON_AUTH, body: '{"__proto__": {"x": 1}, "name": "x", "price": 1}' });
    expect(poisoned.status).toBe(400);
    expect(server.calls.filter((c) => c.method === 'createItem')).toHaveLength(1);
  });

  it('a JSON primitive body reaches the router (strict: false), which validates it', async () => {
    const answer = await request(`${server.url}/items`, { method: 'POST', headers: JSON_AUTH, body: '"a string"' });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ error: 'Invalid request body', issues: [{ code: 'invalid_type', path: [] }] });
  });

  it("malformed JSON: bodyParserErrors answers the router's 400 JSON body, no error page or stack trace", async () => {
    const answer = await request(`${server.url}/items`, { method: 'POST', headers: JSON_AUTH, body: '{"name": "x",' });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.json).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Malformed JSON body' });
    expect(answer.text).not.toMatch(STACK_LINE);
    expect(server.calls).toEqual([]);
  });

  it("a body over the parser's limit: 413 JSON, with and without a content-length", async () => {
    const big = bigBody();
    for (const body of [big.sized, big.chunked()]) {
      const answer = await request(`${server.url}/items`, { method: 'POST', headers: JSON_AUTH, body });
      expect(answer.status).toBe(413);
      expect(answer.json).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'Request body is too large' });
      expect(answer.text).not.toMatch(STACK_LINE);
    }
    expect(server.calls).toEqual([]);
  });

  it('the parser runs before the router: malformed JSON is 400 before createContext, an invalid body still 401', async () => {
    const malformed = await request(`${server.url}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(malformed.status).toBe(400);
    const invalid = await request(`${server.url}/items`, { method: 'POST', json: { name: '' } });
    expect(invalid.status).toBe(401);
  });

  it('errors other than the parser\'s still reach the router: a service error is a bare 500', async () => {
    const answer = await request(`${server.url}/fail`, { method: 'POST', json: { kind: 'unexpected' } });
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
  });
});

describe("hono without app.onError: hono's default error handler answers (README)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startContractServer('hono', { defaultErrors: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('HttpError, from the service or createContext, gives its status and JSON body', async () => {
    const conflict = await request(`${server.url}/fail`, { method: 'POST', json: { kind: 'http' } });
    expect(conflict.status).toBe(409);
    expect(conflict.headers.get('content-type')).toMatch(/^application\/json/);
    expect(conflict.json).toEqual({ statusCode: 409, error: 'Conflict', message: 'Conflict here' });
    const unauthorized = await request(`${server.url}/items`, { method: 'POST', json: VALID_ITEM });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.json).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
  });

  it('an unexpected service error: 500 with the text "Internal Server Error", logged with console.error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const answer = await request(`${server.url}/fail`, { method: 'POST', json: { kind: 'unexpected' } });
      expect(answer.status).toBe(500);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(answer.text).toBe('Internal Server Error');
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'secret detail of the failure' }));
    } finally {
      logged.mockRestore();
    }
  });
});

describe("fastify with onProtoPoisoning and onConstructorPoisoning set to 'ignore'", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startContractServer('fastify', { poisoning: 'ignore' });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server.calls.length = 0;
  });

  it.each(POISONED)('%s: still 400, no prototype reached, no service call', async (_name, body) => {
    const answer = await request(`${server.url}/items`, { method: 'POST', headers: JSON_AUTH, body });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Object contains forbidden prototype property' });
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(server.calls).toEqual([]);
  });

  it('a constructor key that holds no prototype is plain data', async () => {
    const answer = await request(`${server.url}/items`, { method: 'POST', headers: JSON_AUTH, body: '{"constructor": "x", "name": "x", "price": 1}' });
    expect(answer.status).toBe(201);
  });
});

describe.each(FRAMEWORKS)('%s: createRouter(service, { bodyLimit })', (framework) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startContractServer(framework, { bodyLimit: 64 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a body over the limit with 413 and takes one within it', async () => {
    const within = JSON.stringify({ name: 'x'.repeat(20), price: 1 });
    const over = JSON.stringify({ name: 'x'.repeat(60), price: 1 });
    expect(within.length).toBeLessThanOrEqual(64);
    expect(over.length).toBeGreaterThan(64);
    const send = (body: string) => request(`${server.url}/items`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body });
    expect((await send(over)).status).toBe(413);
    expect((await send(within)).status).toBe(201);
  });
});
