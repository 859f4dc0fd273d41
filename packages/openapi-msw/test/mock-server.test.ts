/** Issue 35: the generated handlers served over real HTTP (a first slice: programmatic, no CLI). */
import { fixture } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../src/index.js';
import { generateInto, importHandlers, withServer } from './support.js';

describe('startMockServer over a generated handlers.ts', () => {
  let server: MockServer;
  const lines: string[] = [];
  beforeAll(async () => {
    const { file } = await generateInto(fixture('petstore-3.1.yaml'));
    server = await startMockServer({ handlersFile: file, port: 0, cors: 'http://localhost:5173', log: (line) => lines.push(line) });
  }, 60_000);
  afterAll(() => server.close());

  it('answers the default handlers, and the status Prefer asks for', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const pet = await fetch(`${server.url}/pets/1`);
    expect(pet.status).toBe(200);
    expect(await pet.json()).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    const missing = await fetch(`${server.url}/pets/1`, { headers: { Prefer: 'code=404' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    const created = await fetch(`${server.url}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Rex' }) });
    expect(created.status).toBe(201);
    expect((await fetch(`${server.url}/nowhere/at/all/here`)).status).toBe(404);
  });

  it('answers a CORS preflight and marks answers for the dev origin; logs one line per request', async () => {
    const preflight = await fetch(`${server.url}/pets`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
    const pet = await fetch(`${server.url}/pets/2`, { headers: { Origin: 'http://localhost:5173' } });
    expect(pet.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(lines).toContain('GET /pets/1 200');
    expect(lines).toContain('GET /pets/1 404');
    expect(lines).toContain('OPTIONS /pets 204 (preflight)');
  });
});

/** A spec with named examples (Prism's `Prefer: example=<name>`). */
const EXAMPLES_SPEC = {
  openapi: '3.1.0',
  info: { title: 'examples', version: '1' },
  paths: {
    '/pets/{id}': {
      get: {
        operationId: 'getPet',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'a pet',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' }, examples: { cat: { value: { name: 'Tom' } }, dog: { $ref: '#/components/examples/Dog' } } } },
          },
          '404': { description: 'none', content: { 'application/json': { schema: { type: 'object' }, examples: { gone: { value: { message: 'gone' } } } } } },
        },
      },
    },
  },
  components: {
    schemas: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
    examples: { Dog: { value: { name: 'Rex' } } },
  },
};

describe('Prefer: example=<name> (config `examples: true`)', () => {
  it('answers the named example of the chosen status, through the handlers and the mock server', async () => {
    const { file } = await generateInto(EXAMPLES_SPEC, { examples: true });
    const module = await importHandlers(file);
    const get = (prefer?: string) => fetch('http://api.test/pets/1', prefer ? { headers: { Prefer: prefer } } : {});
    await withServer(module.handlers, async () => {
      expect(await (await get('example=cat')).json()).toEqual({ name: 'Tom' });
      expect(await (await get('example=dog')).json()).toEqual({ name: 'Rex' });
      const gone = await get('code=404, example=gone');
      expect([gone.status, await gone.json()]).toEqual([404, { message: 'gone' }]);
      // An unknown name falls back to the seeded mock.
      expect((await (await get('example=bird')).json()) as object).not.toEqual({ name: 'Tom' });
    });
    const server = await startMockServer({ handlersFile: file, port: 0, log: () => {} });
    try {
      expect(await (await fetch(`${server.url}/pets/1`, { headers: { Prefer: 'example=dog' } })).json()).toEqual({ name: 'Rex' });
    } finally {
      await server.close();
    }
    // Off by default: no example is copied in.
    expect((await generateInto(EXAMPLES_SPEC)).content).not.toContain('Tom');
  }, 60_000);
});
