import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouter } from '../src/generated/router.js';
import { createPetStore } from '../src/server/store.js';

let server: ServerType;
let base: string;

async function call(method: string, path: string, body?: unknown, raw?: string) {
  const init: RequestInit = { method };
  if (body !== undefined || raw !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = raw ?? JSON.stringify(body);
  }
  const response = await fetch(base + path, init);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

beforeAll(async () => {
  const app = new Hono().route('/', createRouter(createPetStore()));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the pet server over HTTP', () => {
  it('creates pets (201) with defaults filled in by the service', async () => {
    expect(await call('POST', '/pets', { name: 'Rex', tag: 'dog' })).toEqual({ status: 201, body: { id: 1, name: 'Rex', tag: 'dog', status: 'available' } });
    for (const [i, status] of ['available', 'pending', 'sold', 'pending'].entries()) {
      expect((await call('POST', '/pets', { name: `Pet ${i}`, status })).status).toBe(201);
    }
  });

  it('lists a page at a time', async () => {
    expect(await call('GET', '/pets?limit=2')).toMatchObject({ status: 200, body: { total: 5, limit: 2, offset: 0, nextOffset: 2, items: [{ id: 1 }, { id: 2 }] } });
    expect(await call('GET', '/pets?limit=2&offset=4')).toMatchObject({ status: 200, body: { total: 5, nextOffset: null, items: [{ id: 5 }] } });
    const pending = await call('GET', '/pets?status=pending');
    expect((pending.body as { items: { id: number }[] }).items.map((p) => p.id)).toEqual([3, 5]);
  });

  it('refuses query parameters outside their schema with 400', async () => {
    expect(await call('GET', '/pets?limit=0')).toMatchObject({ status: 400, body: { statusCode: 400, message: 'Invalid query parameters', issues: [{ path: ['limit'] }] } });
    expect(await call('GET', '/pets?limit=ten')).toMatchObject({ status: 400 });
    expect(await call('GET', '/pets?status=lost')).toMatchObject({ status: 400, body: { issues: [{ path: ['status'] }] } });
  });

  it('gets, updates and deletes one pet', async () => {
    expect(await call('GET', '/pets/2')).toMatchObject({ status: 200, body: { id: 2, name: 'Pet 0' } });
    expect(await call('PUT', '/pets/2', { name: 'Renamed', status: 'sold' })).toEqual({ status: 200, body: { id: 2, name: 'Renamed', status: 'sold' } });
    expect(await call('DELETE', '/pets/2')).toEqual({ status: 204, body: undefined });
    expect(await call('GET', '/pets/2')).toMatchObject({ status: 404, body: { statusCode: 404, error: 'Not Found' } });
    expect(await call('DELETE', '/pets/2')).toMatchObject({ status: 404 });
  });

  it('answers 404 for ids that are not pet ids', async () => {
    expect((await call('GET', '/pets/abc')).status).toBe(404);
    expect((await call('GET', '/pets/1.5')).status).toBe(404);
  });

  it('validates bodies with the user-owned schemas: 422 with issues, service untouched', async () => {
    const before = await call('GET', '/pets');
    const answer = await call('POST', '/pets', { name: '', status: 'lost' });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: 'Invalid request body' });
    const issues = (answer.body as { issues: { code: string; path: unknown[]; message: string }[] }).issues;
    expect(issues.map((i) => i.path)).toEqual([['name'], ['status']]);
    for (const issue of issues) expect(issue).toEqual({ code: expect.any(String), path: expect.any(Array), message: expect.any(String) });
    expect(await call('PUT', '/pets/1', { tag: 'no name' })).toMatchObject({ status: 422 });
    expect((await call('GET', '/pets')).body).toEqual(before.body);
  });

  it('answers malformed JSON with 400', async () => {
    expect(await call('POST', '/pets', undefined, '{"name": ')).toMatchObject({ status: 400 });
  });
});
