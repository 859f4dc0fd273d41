/** Issue 35: the generated handlers served over real HTTP (a first slice: programmatic, no CLI). */
import { fixture } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../src/index.js';
import { generateInto } from './support.js';

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
