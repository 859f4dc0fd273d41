import { join } from 'node:path';
import { fixture } from '@specwright/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateInto, importModule, startServer, type TestServer } from './support.js';

/** The generated client, exercised for real against a node:http server on 127.0.0.1. */

type Fn = (...args: unknown[]) => Promise<unknown>;
interface ClientModule {
  [name: string]: unknown;
  configureClient(config: Record<string, unknown>): void;
  ApiError: new (...args: never[]) => Error;
  ValidationError: new (...args: never[]) => Error;
  ResponseValidationError: new (...args: never[]) => Error;
}

const PET = { id: 7, name: 'Rex', status: 'available' };

async function caught(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

describe.each(['classic', 'mini'] as const)('petstore client, %s zod', (variant) => {
  let server: TestServer;
  let client: ClientModule;
  const fn = (name: string) => client[name] as Fn;

  beforeAll(async () => {
    server = await startServer();
    const { project } = await generateInto(fixture('petstore-3.1.yaml'), { format: false, prefix: 'zod-ts-client', variant });
    client = await importModule<ClientModule>(join(project.dir, 'gen', 'index.ts'));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    client.configureClient({ baseUrl: `${server.baseUrl}/v1`, token: undefined, headers: undefined, fetch: undefined });
  });

  it('returns the parsed body and serialises the query (arrays exploded, booleans as text, undefined left out)', async () => {
    server.reply(() => ({ json: { items: [PET], page: 1, extra: 'stripped' } }));
    const page = await fn('listPets')({ limit: 10, tag: ['a b', 'c'], vaccinated: false, page: undefined });
    expect(page).toEqual({ items: [PET], page: 1 });
    expect(server.requests[0]!.method).toBe('GET');
    expect(server.requests[0]!.url).toBe('/v1/pets?limit=10&tag=a+b&tag=c&vaccinated=false');
  });

  it('prefixes every request with baseUrl', async () => {
    client.configureClient({ baseUrl: `${server.baseUrl}/some/prefix` });
    server.reply(() => ({ json: PET }));
    await fn('getPetById')(7);
    expect(server.requests[0]!.url).toBe('/some/prefix/pets/7');
  });

  it('encodes path parameters', async () => {
    server.reply(() => ({ json: PET }));
    await fn('getStorePet')('a b/c?d#e%', 7);
    expect(server.requests[0]!.url).toBe('/v1/stores/a%20b%2Fc%3Fd%23e%25/pets/7');
  });

  it('sends a JSON body parsed by its schema', async () => {
    server.reply(() => ({ status: 201, json: PET }));
    const created = await fn('createPet')({ name: 'Rex', status: 'available', unknownKey: 1 }, { headers: { 'Idempotency-Key': 'pet-rex-0001' } });
    expect(created).toEqual(PET);
    const request = server.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    // A header parameter of the spec (required here) is passed in the request config.
    expect(request.headers['idempotency-key']).toBe('pet-rex-0001');
    expect(JSON.parse(request.body.toString())).toEqual({ name: 'Rex', status: 'available' });
  });

  it('throws ValidationError with issues, and sends nothing, when the body fails its schema', async () => {
    const error = await caught(fn('createPet')({ name: '', status: 'gone' }));
    expect(error).toBeInstanceOf(client.ValidationError);
    expect(error.name).toBe('ValidationError');
    expect(error['issues']).toEqual([
      { path: ['name'], message: expect.any(String) },
      { path: ['status'], message: expect.any(String) },
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it('validates the query before sending', async () => {
    const error = await caught(fn('listPets')({ limit: 1000 }));
    expect(error).toBeInstanceOf(client.ValidationError);
    expect(error['issues']).toMatchObject([{ path: ['limit'] }]);
    expect(server.requests).toHaveLength(0);
  });

  it('throws ApiError for a 4xx, with the parsed JSON body', async () => {
    server.reply(() => ({ status: 404, json: { code: 404, message: 'no such pet' } }));
    const error = await caught(fn('getPetById')(1));
    expect(error).toBeInstanceOf(client.ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error['status']).toBe(404);
    expect(error['body']).toEqual({ code: 404, message: 'no such pet' });
    expect(error.message).toContain('404');
  });

  it('gives ApiError a null body when the error body is not JSON', async () => {
    server.reply(() => ({ status: 503, text: 'Service Unavailable' }));
    const error = await caught(fn('getPetById')(1));
    expect(error).toBeInstanceOf(client.ApiError);
    expect(error['status']).toBe(503);
    expect(error['body']).toBeNull();
  });

  it('throws ResponseValidationError when a 2xx body fails its schema', async () => {
    server.reply(() => ({ json: { id: 'seven', status: 'available' } }));
    const error = await caught(fn('getPetById')(7));
    expect(error).toBeInstanceOf(client.ResponseValidationError);
    expect(error['status']).toBe(200);
    expect(error['issues']).toEqual(
      expect.arrayContaining([
        { path: ['id'], message: expect.any(String) },
        { path: ['name'], message: expect.any(String) },
      ]),
    );
  });

  it('throws ResponseValidationError when a JSON response is not JSON', async () => {
    server.reply(() => ({ text: '<html>' }));
    const error = await caught(fn('getPetById')(7));
    expect(error).toBeInstanceOf(client.ResponseValidationError);
    expect(error['issues']).toEqual([{ path: [], message: 'The response body is not valid JSON' }]);
  });

  it('sends the bearer header only when the token is non-empty', async () => {
    server.reply(() => ({ json: PET }));
    client.configureClient({ token: () => '' });
    await fn('getPetById')(1);
    client.configureClient({ token: () => 'secret' });
    await fn('getPetById')(1);
    client.configureClient({ token: async () => 'later' });
    await fn('getPetById')(1);
    client.configureClient({ token: 'fixed' });
    await fn('getPetById')(1);
    client.configureClient({ token: () => null });
    await fn('getPetById')(1);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined, 'Bearer secret', 'Bearer later', 'Bearer fixed', undefined]);
  });

  it('resolves 204 to undefined', async () => {
    server.reply(() => ({ status: 204 }));
    await expect(fn('deletePet')(3)).resolves.toBeUndefined();
    expect(server.requests[0]!.method).toBe('DELETE');
  });

  it('reads text responses', async () => {
    server.reply(() => ({ text: 'all good' }));
    await expect(fn('health')()).resolves.toBe('all good');
  });

  it('sends binary bodies as they are', async () => {
    server.reply(() => ({ status: 202 }));
    await fn('uploadPetPhoto')(4, new Blob([new Uint8Array([1, 2, 3])]));
    expect(server.requests[0]!.headers['content-type']).toBe('application/octet-stream');
    expect([...server.requests[0]!.body]).toEqual([1, 2, 3]);
  });

  it('merges configured headers, per-request headers and the token; per-request wins', async () => {
    server.reply(() => ({ json: PET }));
    client.configureClient({ token: 't', headers: async () => ({ 'x-app': 'a', 'x-both': 'config' }) });
    await fn('getPetById')(1, { headers: { 'x-both': 'request', 'x-req': 'r' } });
    const { headers } = server.requests[0]!;
    expect([headers['x-app'], headers['x-both'], headers['x-req'], headers.authorization]).toEqual(['a', 'request', 'r', 'Bearer t']);
  });

  it('passes the abort signal', async () => {
    server.reply(() => ({ json: PET }));
    const controller = new AbortController();
    controller.abort();
    const error = await caught(fn('getPetById')(1, { signal: controller.signal }));
    expect(error.name).toBe('AbortError');
  });

  it('uses an injected fetch', async () => {
    const seen: string[] = [];
    client.configureClient({
      baseUrl: 'https://api.example.test',
      fetch: async (input: string | URL | Request, init?: RequestInit) => {
        seen.push(`${init?.method} ${String(input)}`);
        return new Response(JSON.stringify(PET), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    await expect(fn('getPetById')(9)).resolves.toEqual(PET);
    expect(seen).toEqual(['GET https://api.example.test/pets/9']);
  });
});

const BODIES_SPEC = {
  openapi: '3.1.0',
  info: { title: 'Bodies', version: '1.0.0' },
  paths: {
    '/forms': {
      post: {
        operationId: 'postForm',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } }, age: { type: 'integer' } } },
            },
          },
        },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } } } } } },
      },
    },
    '/uploads': {
      post: {
        operationId: 'upload',
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string' } } } } },
        },
        responses: { '201': { description: 'created', content: { 'application/json': { schema: { type: 'object', required: ['size'], properties: { size: { type: 'integer' } } } } } } },
      },
    },
    '/imports': {
      patch: {
        operationId: 'importFile',
        requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'string', format: 'binary' } } } },
        responses: { '204': { description: 'imported' } },
      },
    },
    '/notes': {
      put: {
        operationId: 'putNote',
        requestBody: { required: true, content: { 'text/plain': { schema: { type: 'string', maxLength: 20 } } } },
        responses: {
          '200': { description: 'stored', content: { 'text/plain': { schema: { type: 'string' } } } },
          '204': { description: 'unchanged' },
        },
      },
    },
    '/search': {
      get: {
        operationId: 'search',
        parameters: [
          { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
          { name: 'ids', in: 'query', style: 'form', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
          { name: 'filter', in: 'query', style: 'deepObject', schema: { type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer' } } } },
          { name: 'words', in: 'query', style: 'pipeDelimited', schema: { type: 'array', items: { type: 'string' } } },
          // Stripe's brackets: a list of scalars, a list of objects holding a list; EVE's pairs.
          { name: 'expand', in: 'query', style: 'deepObject', schema: { type: 'array', items: { type: 'string' } } },
          {
            name: 'lines',
            in: 'query',
            style: 'deepObject',
            schema: { type: 'array', items: { type: 'object', properties: { amount: { type: 'integer' }, tax: { type: 'array', items: { type: ['string', 'null'] } } } } },
          },
          { name: 'pairs', in: 'query', explode: false, schema: { type: 'array', items: { type: 'array', items: { type: 'integer' } } } },
          { name: 'tuples', in: 'query', schema: { type: 'array', items: { type: 'array', items: { type: 'integer' } } } },
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: ['string', 'null'] } } },
        ],
        responses: { '200': { description: 'anything', content: { 'application/json': { schema: {} } } } },
      },
    },
    '/batch': {
      get: {
        operationId: 'batch',
        parameters: [
          { name: 'ids', in: 'query', required: true, schema: { type: 'array', items: { type: 'integer' } } },
          { name: 'where', in: 'query', required: true, style: 'deepObject', schema: { type: 'object', properties: { owner: { type: 'string' } } } },
          { name: 'cities', in: 'query', style: 'spaceDelimited', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'names', in: 'query', explode: false, schema: { type: 'array', items: { type: 'string' } } },
          { name: 'labels', in: 'query', style: 'deepObject', schema: { type: 'object', additionalProperties: { type: 'string' } } },
          { name: 'filter', in: 'query', content: { 'application/json': { schema: { type: 'object', properties: { type: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } } } } },
        ],
        responses: { '200': { description: 'anything', content: { 'application/json': { schema: {} } } } },
      },
    },
    '/files/{name}': {
      get: {
        operationId: 'download',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'the file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } },
      },
    },
  },
};

describe.each(['classic', 'mini'] as const)('bodies, query styles and responses, %s zod', (variant) => {
  let server: TestServer;
  let client: ClientModule;
  const fn = (name: string) => client[name] as Fn;

  beforeAll(async () => {
    server = await startServer();
    const { project } = await generateInto(BODIES_SPEC, { format: false, prefix: 'zod-ts-bodies', variant });
    client = await importModule<ClientModule>(join(project.dir, 'gen', 'index.ts'));
    client.configureClient({ baseUrl: server.baseUrl });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('sends form-urlencoded bodies with repeated array fields', async () => {
    server.reply(() => ({ json: { ok: true } }));
    await expect(fn('postForm')({ name: 'a&b', tags: ['x', 'y'], age: 3 })).resolves.toEqual({ ok: true });
    const request = server.requests[0]!;
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.body.toString()).toBe('name=a%26b&tags=x&tags=y&age=3');
  });

  it('sends multipart bodies with files, letting fetch write the boundary', async () => {
    server.reply((request) => ({ status: 201, json: { size: request.body.length } }));
    await fn('upload')({ file: new Blob(['hello'], { type: 'text/plain' }), note: 'n' });
    const request = server.requests[0]!;
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const text = request.body.toString();
    expect(text).toContain('name="file"');
    expect(text).toContain('hello');
    expect(text).toContain('name="note"');
  });

  it('sends a multipart body whose schema is binary as the encoded payload it is (loket.nl), typed by its Blob', async () => {
    server.reply(() => ({ status: 204 }));
    const payload = '--b\r\ncontent-disposition: form-data; name="file"\r\n\r\nrows\r\n--b--\r\n';
    await fn('importFile')(new Blob([payload], { type: 'multipart/form-data; boundary=b' }));
    await fn('importFile')(new Blob(['raw']));
    const [typed, untyped] = server.requests;
    expect(typed!.headers['content-type']).toBe('multipart/form-data; boundary=b');
    expect(typed!.body.toString()).toBe(payload);
    expect(untyped!.headers['content-type']).toBe('multipart/form-data');
    expect(untyped!.body.toString()).toBe('raw');
  });

  it('rejects a multipart body without its file before sending', async () => {
    const error = await caught(fn('upload')({ note: 'n' }));
    expect(error).toBeInstanceOf(client.ValidationError);
    expect(server.requests).toHaveLength(0);
  });

  it('sends text bodies and reads text or empty responses', async () => {
    server.reply(() => ({ text: 'stored' }));
    await expect(fn('putNote')('hello')).resolves.toBe('stored');
    expect(server.requests[0]!.headers['content-type']).toBe('text/plain');
    expect(server.requests[0]!.body.toString()).toBe('hello');
    server.reply(() => ({ status: 204 }));
    await expect(fn('putNote')('again')).resolves.toBeUndefined();
    await expect(fn('putNote')('x'.repeat(21))).rejects.toBeInstanceOf(client.ValidationError);
  });

  it('serialises query styles: form without explode, deepObject, pipeDelimited', async () => {
    server.reply(() => ({ json: { any: ['thing'] } }));
    await expect(fn('search')({ q: 'x y', ids: [1, 2], filter: { color: 'red', size: 2 }, words: ['a', 'b'] })).resolves.toEqual({ any: ['thing'] });
    expect(decodeURIComponent(server.requests[0]!.url)).toBe('/search?q=x+y&ids=1,2&filter[color]=red&filter[size]=2&words=a|b');
  });

  it('serialises deepObject lists in brackets, arrays of arrays joined inside, and leaves null items out', async () => {
    server.reply(() => ({ json: { any: ['thing'] } }));
    const query = { q: 'q', expand: ['a', 'b'], lines: [{ amount: 1, tax: ['t', null] }, { amount: 2 }], pairs: [[1, 2], [3, 4]], tuples: [[5, 6]], tags: [null, 'x', null] };
    await expect(fn('search')(query)).resolves.toEqual({ any: ['thing'] });
    expect(decodeURIComponent(server.requests[0]!.url)).toBe(
      '/search?q=q&expand[]=a&expand[]=b&lines[0][amount]=1&lines[0][tax][]=t&lines[1][amount]=2&pairs=1|2,3|4&tuples=5,6&tags=x',
    );
  });

  it('refuses, sending nothing, list items that hold their separator and required lists or objects that are empty', async () => {
    server.reply(() => ({ json: { any: ['thing'] } }));
    const refused = async (query: unknown) => {
      const error = await caught(fn('batch')(query));
      return [error.name, error['issues']];
    };
    expect(await refused({ ids: [1], where: { owner: 'me' }, names: ['Smith, John', 'Doe'] })).toEqual([
      'ValidationError',
      [{ path: ['names', 0], message: 'An item of this list cannot hold ",", which separates its items' }],
    ]);
    expect(await refused({ ids: [1], where: { owner: 'me' }, cities: ['Rome', 'New York'] })).toEqual([
      'ValidationError',
      [{ path: ['cities', 1], message: 'An item of this list cannot hold " ", which separates its items' }],
    ]);
    expect((await caught(fn('search')({ q: 'q', words: ['a|b'] })))['issues']).toEqual([{ path: ['words', 0], message: 'An item of this list cannot hold "|", which separates its items' }]);
    const empty = 'A required query parameter cannot be empty: an empty list or object puts nothing in the URL';
    expect(await refused({ ids: [], where: { owner: 'me' } })).toEqual(['ValidationError', [{ path: ['ids'], message: empty }]]);
    expect(await refused({ ids: [1], where: {} })).toEqual(['ValidationError', [{ path: ['where'], message: empty }]]);
    // deepObject: brackets cannot carry an empty key or one holding a bracket, nor an empty item of an indexed list.
    for (const key of ['a[b]', 'x]', '']) {
      expect(await refused({ ids: [1], where: { owner: 'me' }, labels: { ok: 'y', [key]: 'x' } })).toEqual(['ValidationError', [{ path: ['labels', key], message: 'A deepObject key cannot be empty or hold a bracket' }]]);
    }
    expect((await caught(fn('search')({ q: 'q', lines: [{}, { amount: 2 }] })))['issues']).toEqual([
      { path: ['lines', 0], message: 'An empty item of this list puts nothing in the URL, so the items after it would move' },
    ]);
    expect(server.requests).toHaveLength(0);
    // The same values without a separator, and non-empty, are sent.
    await expect(fn('batch')({ ids: [1, 2], where: { owner: 'me' }, cities: ['Rome', 'Paris'], names: ['Smith John', 'Doe'] })).resolves.toEqual({ any: ['thing'] });
    expect(decodeURIComponent(server.requests[0]!.url)).toBe('/batch?ids=1&ids=2&where[owner]=me&cities=Rome+Paris&names=Smith+John,Doe');
  });

  it('sends a parameter described by JSON content as its JSON text', async () => {
    server.reply(() => ({ json: { any: ['thing'] } }));
    const filter = { type: 'click', tags: ['a,b', 'c d'] };
    await expect(fn('batch')({ ids: [1], where: { owner: 'me' }, filter })).resolves.toEqual({ any: ['thing'] });
    const url = new URL(server.requests[0]!.url, 'http://x');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual(filter);
    expect(url.searchParams.has('type')).toBe(false);
  });

  it('reads binary responses as Blob', async () => {
    server.reply(() => ({ text: 'bytes' }));
    const blob = await fn('download')('report.pdf');
    expect(blob).toBeInstanceOf(Blob);
    expect(await (blob as Blob).text()).toBe('bytes');
  });
});

describe.each(['classic', 'mini'] as const)('raw bytes declared as JSON (a binary string schema), %s zod', (variant) => {
  let server: TestServer;
  let client: ClientModule;
  const fn = (name: string) => client[name] as Fn;

  beforeAll(async () => {
    server = await startServer();
    const { project } = await generateInto(fixture('mock-edge-cases.yaml'), { format: false, prefix: 'zod-ts-bytes', variant });
    client = await importModule<ClientModule>(join(project.dir, 'gen', 'index.ts'));
    client.configureClient({ baseUrl: server.baseUrl });
  });
  afterAll(() => server.close());

  // Azure LUIS: application/json and application/octet-stream, both `format: binary`.
  it.each(['application/octet-stream', 'application/json'])('reads a Blob whatever type the server answers with (%s)', async (type) => {
    server.reply(() => ({ text: 'PK\u0003\u0004 gzip bytes', headers: { 'content-type': type } }));
    const blob = await fn('getGzip')('app-1');
    expect(blob).toBeInstanceOf(Blob);
    expect(await (blob as Blob).text()).toBe('PK\u0003\u0004 gzip bytes');
  });

  it('reads a Blob for a JSON media type whose named schema is a binary string', async () => {
    server.reply(() => ({ text: '{"not":"parsed"}', headers: { 'content-type': 'application/json' } }));
    const blob = await fn('getRaw')('f');
    expect(blob).toBeInstanceOf(Blob);
    expect(await (blob as Blob).text()).toBe('{"not":"parsed"}');
  });
});

describe('path parameters in the simple style (fixtures/specs/path-values.yaml)', () => {
  let server: TestServer;
  let client: ClientModule;
  const fn = (name: string) => client[name] as Fn;

  beforeAll(async () => {
    server = await startServer();
    const { project } = await generateInto(fixture('path-values.yaml'), { format: false, prefix: 'zod-ts-path-values' });
    client = await importModule<ClientModule>(join(project.dir, 'gen', 'index.ts'));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    client.configureClient({ baseUrl: server.baseUrl });
    server.reply(() => ({ json: { ok: true } }));
  });

  it('joins array items with commas, each item percent-encoded (zalando, Graph)', async () => {
    await fn('getRecommendations')(['a1', 'b,2', 'c/3']);
    await fn('getScopeTagsByIds')(['x', 'y']);
    expect(server.requests.map((r) => r.url)).toEqual(['/recommendations/a1,b%2C2,c%2F3', '/scopeTags(ids=x,y)']);
  });

  it('sends an object as key,value pairs, key=value pairs when exploded', async () => {
    await fn('getReport')({ from: '2024', to: 'now' });
    await fn('getWindow')({ from: 'a b', to: 'c' });
    expect(server.requests.map((r) => r.url)).toEqual(["/reports(range='from,2024,to,now')", '/windows/from=a%20b,to=c']);
  });

  it.each([[''], ['.'], ['..']])('refuses %j for a parameter that fills a segment, with a ValidationError naming it, and sends nothing', async (value) => {
    const error = await caught(fn('updateGroup')('default', value));
    expect(error).toBeInstanceOf(client.ValidationError);
    expect(error.issues).toEqual([{ path: ['group'], message: value === '' ? 'A path parameter cannot be empty' : `A path segment cannot be "${value}"` }]);
    expect(server.requests).toEqual([]);
  });

  it('refuses an empty value beside other text too (no route takes it), and lets dots through there', async () => {
    const error = await caught(fn('getScopeTagsByIds')([]));
    expect(error).toBeInstanceOf(client.ValidationError);
    expect(error.issues).toEqual([{ path: ['ids'], message: 'A path parameter cannot be empty' }]);
    await fn('updateGroup')('default', '.a');
    await fn('getScopeTagsByIds')(['..']);
    expect(server.requests.map((r) => r.url)).toEqual(['/namespaces/default/groups/.a', '/scopeTags(ids=..)']);
  });
});
