import { join } from 'node:path';
import { fixture } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInto, importModule, startServer, type TestServer } from './support.js';

/** Declared error responses (issue 34): each body parsed with its status's schema, `is()` by exact code, range and default. */

type Fn = (...args: unknown[]) => Promise<unknown>;
interface ApiErrorLike extends Error {
  status: number;
  body: unknown;
  bodyIssues: { path: (string | number)[]; message: string }[] | undefined;
  is(status: number | string): boolean;
}
interface ClientModule {
  [name: string]: unknown;
  configureClient(config: Record<string, unknown>): void;
  ApiError: new (...args: never[]) => Error;
}

async function rejection(promise: Promise<unknown>): Promise<ApiErrorLike> {
  try {
    await promise;
  } catch (error) {
    return error as ApiErrorLike;
  }
  throw new Error('expected a rejection');
}

describe.each(['classic', 'mini'] as const)('declared error responses, %s zod', (variant) => {
  let server: TestServer;
  let client: ClientModule;
  const fn = (name: string) => client[name] as Fn;

  beforeAll(async () => {
    server = await startServer();
    const { project } = await generateInto(fixture('declared-responses.yaml'), { format: false, prefix: 'zod-ts-errors', variant });
    client = await importModule<ClientModule>(join(project.dir, 'gen', 'index.ts'));
    client.configureClient({ baseUrl: server.baseUrl });
  });
  afterAll(() => server.close());

  it('an exact code: the body parsed with its schema, is(404) true and no other', async () => {
    server.reply(() => ({ status: 404, json: { code: 'missing', message: 'No book', extra: 1 } }));
    const error = await rejection(fn('getBook')('7'));
    expect(error).toBeInstanceOf(client.ApiError);
    expect(error.status).toBe(404);
    expect(error.body).toEqual({ code: 'missing', message: 'No book' });
    expect(error.bodyIssues).toBeUndefined();
    expect([error.is(404), error.is('5XX'), error.is('default')]).toEqual([true, false, false]);
  });

  it('a range takes the codes no exact code takes; default takes the rest, here as text', async () => {
    server.reply(() => ({ status: 503, json: { retryAfter: 30 } }));
    const unavailable = await rejection(fn('getBook')('7'));
    expect([unavailable.is('5XX'), unavailable.is('default'), unavailable.body]).toEqual([true, false, { retryAfter: 30 }]);
    server.reply(() => ({ status: 418, text: 'teapot' }));
    const teapot = await rejection(fn('getBook')('7'));
    expect([teapot.is('default'), teapot.is('5XX'), teapot.body]).toEqual([true, false, 'teapot']);
  });

  it('a body that fails its schema is kept as received, with bodyIssues, and is() is false', async () => {
    server.reply(() => ({ status: 404, json: { code: 1 } }));
    const error = await rejection(fn('getBook')('7'));
    expect(error).toBeInstanceOf(client.ApiError);
    expect(error.body).toEqual({ code: 1 });
    expect(error.bodyIssues?.map((issue) => issue.path)).toEqual([['code'], ['message']]);
    expect(error.is(404)).toBe(false);
    server.reply(() => ({ status: 404, text: 'not json' }));
    const text = await rejection(fn('getBook')('7'));
    expect([text.body, text.is(404), text.bodyIssues?.length]).toEqual(['not json', false, 1]);
  });

  it('a text error body, a 4XX beside an exact 422, and a status nothing declares', async () => {
    server.reply(() => ({ status: 409, text: 'lent out' }));
    const lent = await rejection(fn('deleteBook')('7'));
    expect([lent.is(409), lent.body]).toEqual([true, 'lent out']);
    server.reply(() => ({ status: 409, text: '' }));
    expect((await rejection(fn('deleteBook')('7'))).is(409)).toBe(false);
    server.reply(() => ({ status: 400, json: { code: 'bad', message: 'Bad' } }));
    const bad = await rejection(fn('createBook')({ title: 'x' }));
    expect([bad.is('4XX'), bad.is(422)]).toEqual([true, false]);
    server.reply(() => ({ status: 500, json: { anything: true } }));
    const undeclared = await rejection(fn('deleteBook')('7'));
    expect([undeclared.status, undeclared.body, undeclared.bodyIssues]).toEqual([500, { anything: true }, undefined]);
  });

  it('two declared 2xx: the body of whichever arrived, and its status and headers through onResponse', async () => {
    const seen: [number, string | null][] = [];
    const onResponse = (response: Response) => seen.push([response.status, response.headers.get('location')]);
    server.reply(() => ({ status: 201, json: { id: '1', title: 'x' }, headers: { location: '/books/1' } }));
    expect(await fn('createBook')({ title: 'x' }, { onResponse })).toEqual({ id: '1', title: 'x' });
    server.reply(() => ({ status: 202, json: { ticket: 't-1' } }));
    expect(await fn('createBook')({ title: 'x' }, { onResponse })).toEqual({ ticket: 't-1' });
    expect(seen).toEqual([
      [201, '/books/1'],
      [202, null],
    ]);
  });
});
