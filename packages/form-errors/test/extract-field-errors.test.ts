import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { runCommandLine, tempProject } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type FieldError, extractFieldErrors, fieldErrorMap } from '../src/index.js';

/**
 * The errors come from a client that openapi-zod-ts generates here, as a user's project has it:
 * its own ValidationError, ApiError and ResponseValidationError, not copies of them.
 */
const SPEC = {
  openapi: '3.1.0',
  info: { title: 'people', version: '1.0.0' },
  paths: {
    '/people': {
      post: {
        operationId: 'createPerson',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Person' } } } },
        responses: {
          '200': { description: 'created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Person' } } } },
          // The Auth Lab's 400 (ValidationErrorBody) and the hono/express/koa routers' own 422.
          '400': { description: 'invalid', content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationErrorBody' } } } },
          '422': { description: 'invalid', content: { 'application/json': { schema: { $ref: '#/components/schemas/RouterValidationBody' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Issue: {
        type: 'object',
        required: ['code', 'path', 'message'],
        properties: { code: { type: 'string' }, path: { type: 'array', items: { type: ['string', 'integer'] } }, message: { type: 'string' } },
      },
      ValidationErrorBody: {
        type: 'object',
        required: ['statusCode', 'error', 'message', 'issues'],
        properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' }, issues: { type: 'array', items: { $ref: '#/components/schemas/Issue' } } },
      },
      RouterValidationBody: {
        type: 'object',
        required: ['error', 'issues'],
        properties: { error: { type: 'string' }, issues: { type: 'array', items: { $ref: '#/components/schemas/Issue' } } },
      },
      Person: {
        type: 'object',
        required: ['name', 'address'],
        properties: {
          name: { type: 'string', minLength: 1 },
          address: { type: 'object', required: ['street'], properties: { street: { type: 'string', minLength: 1 } } },
        },
      },
    },
  },
};

interface Person {
  name: string;
  address: { street: string };
}
interface GeneratedClient {
  createPerson(body: Person): Promise<Person>;
  ApiError: new (status: number, body: unknown, message: string) => Error & { status: number; body: unknown; bodyIssues: unknown; is(status: number | string): boolean };
  ValidationError: new (issues: { path: (string | number)[]; message: string }[]) => Error & { issues: unknown[] };
  ResponseValidationError: new (status: number, issues: { path: (string | number)[]; message: string }[], body: unknown) => Error & { status: number };
}

async function generateClient(): Promise<{ client: GeneratedClient; configure: (config: { baseUrl: string }) => void }> {
  const project = tempProject('form-errors-client', { prettier: false });
  project.write('spec.json', JSON.stringify(SPEC));
  project.write('openapi-zod-ts.config.json', JSON.stringify({ input_openapi: './spec.json', output: './gen' }));
  const run = runCommandLine('openapi-zod-ts', 'openapi-zod-ts', ['--config', 'openapi-zod-ts.config.json'], project.dir);
  if (run.code !== 0) throw new Error(`openapi-zod-ts failed: ${run.stderr}`);
  const client = (await import(pathToFileURL(`${project.dir}/gen/client.ts`).href)) as GeneratedClient;
  const config = (await import(pathToFileURL(`${project.dir}/gen/client-config.ts`).href)) as { configureClient: (config: { baseUrl: string }) => void };
  return { client, configure: config.configureClient };
}

const { client: generated, configure } = await generateClient();
const { ApiError, ValidationError, ResponseValidationError } = generated;

/** A server that answers every request with the next status and JSON body. */
let server: Server;
let answer: { status: number; body: unknown } = { status: 200, body: {} };
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configure({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What the generated client throws for `body` when the server answers `status` with `replyBody`. */
async function thrownBy(body: unknown, status = 200, replyBody: unknown = {}): Promise<unknown> {
  answer = { status, body: replyBody };
  try {
    await generated.createPerson(body as Person);
  } catch (error) {
    return error;
  }
  throw new Error('the client did not throw');
}

describe('errors thrown by a generated client', () => {
  it('maps its ValidationError (nothing sent) by the first path element', async () => {
    const error = await thrownBy({ name: '', address: { street: '' } });
    expect(error).toBeInstanceOf(ValidationError);
    expect(extractFieldErrors(error, { statusCodes: [] })).toEqual([
      { field: 'name', message: expect.any(String) },
      { field: 'address', message: expect.any(String) },
    ]);
  });

  it('maps its ApiError for a status in statusCodes, and not otherwise', async () => {
    const body = { statusCode: 400, error: 'Bad Request', message: 'Invalid request body', issues: [{ code: 'custom', path: ['address', 'street'], message: 'Unknown street' }] };
    const error = await thrownBy({ name: 'Ada', address: { street: 'Main' } }, 400, body);
    expect(error).toBeInstanceOf(ApiError);
    expect(extractFieldErrors(error)).toEqual([{ field: 'address', message: 'Unknown street' }]);
    expect(extractFieldErrors(error, { statusCodes: [422] })).toEqual([]);
  });

  it.each([
    ["the Auth Lab's 400 (ValidationErrorBody)", 400, { statusCode: 400, error: 'Bad Request', message: 'Invalid request body', issues: [{ code: 'custom', path: ['address', 'street'], message: 'Unknown street' }] }],
    ["the hono, express and koa routers' own 422", 422, { error: 'Invalid request body', issues: [{ code: 'too_small', path: ['address', 'street'], message: 'Too short' }] }],
    ["the fastify router's own 400", 400, { statusCode: 400, error: 'Bad Request', message: 'Invalid request body', issues: [{ code: 'too_small', path: ['address', 'street'], message: 'Too short' }] }],
  ])('maps %s: a declared body the client parsed and typed (is() true)', async (_, status, body) => {
    const error = await thrownBy({ name: 'Ada', address: { street: 'Main' } }, status, body);
    expect(error).toBeInstanceOf(ApiError);
    const typed = error as InstanceType<typeof ApiError>;
    expect([typed.is(status), typed.bodyIssues]).toEqual([true, undefined]);
    expect(extractFieldErrors(error)).toEqual([{ field: 'address', message: body.issues[0]!.message }]);
  });

  it('gives [] for its ResponseValidationError (a 2xx body that broke its schema), whatever statusCodes says', async () => {
    // The broken body even looks like a list of issues: still not the user's input.
    const error = await thrownBy({ name: 'Ada', address: { street: 'Main' } }, 200, { issues: [{ path: ['name'], message: 'from the server' }] });
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
    expect(extractFieldErrors(error)).toEqual([]);
    expect(extractFieldErrors(error, { statusCodes: [200] })).toEqual([]);
  });
});

describe('2xx statuses are never field errors', () => {
  const issues = [{ path: ['email'], message: 'bad' }];

  it.each([200, 201, 204, 299])('status %i with issues gives [] even when listed in statusCodes', (status) => {
    expect(extractFieldErrors({ status, issues }, { statusCodes: [status] })).toEqual([]);
    expect(extractFieldErrors({ status, body: { issues } }, { statusCodes: [status] })).toEqual([]);
  });

  it('recognises a ResponseValidationError by its name alone (another copy of the generated client)', () => {
    const foreign = Object.assign(new Error('Invalid response'), { name: 'ResponseValidationError', issues });
    expect(extractFieldErrors(foreign)).toEqual([]);
  });
});

describe('recognised formats', () => {
  it('reads a ValidationError, whatever the statusCodes', () => {
    const error = new ValidationError([
      { path: ['email'], message: 'Email is required when method is email' },
      { path: ['items', 0, 'name'], message: 'Required' },
    ]);
    expect(extractFieldErrors(error, { statusCodes: [] })).toEqual([
      { field: 'email', message: 'Email is required when method is email' },
      { field: 'items', message: 'Required' },
    ]);
  });

  it('reads a real zod error, in order', () => {
    const schema = z.object({ email: z.email(), age: z.number().min(18, 'Too young') });
    const result = schema.safeParse({ email: 'nope', age: 3 });
    expect(result.success).toBe(false);
    const errors = extractFieldErrors(result.error);
    expect(errors.map((e) => e.field)).toEqual(['email', 'age']);
    expect(errors[1]!.message).toBe('Too young');
  });

  it("reads this toolchain's 400 and 422 bodies", () => {
    const body = { statusCode: 400, error: 'Bad Request', message: 'Invalid request body', issues: [{ code: 'custom', path: ['phone'], message: 'Phone is required when method is phone' }] };
    expect(extractFieldErrors(new ApiError(400, body, 'HTTP 400'))).toEqual([{ field: 'phone', message: 'Phone is required when method is phone' }]);
    expect(extractFieldErrors(new ApiError(422, { error: 'Invalid request body', issues: [{ code: 'too_small', path: ['name'], message: 'Too short' }] }, 'HTTP 422'))).toEqual([
      { field: 'name', message: 'Too short' },
    ]);
  });

  it.each([
    ['field + message', { errors: [{ field: 'email', message: 'taken' }] }, [{ field: 'email', message: 'taken' }]],
    ['dotted field', { errors: [{ field: 'address.street', message: 'required' }] }, [{ field: 'address', message: 'required' }]],
    ['indexed field', { errors: [{ field: 'items[0].name', message: 'required' }] }, [{ field: 'items', message: 'required' }]],
    ['field as a JSON pointer', { errors: [{ field: '/address/street', message: 'required' }] }, [{ field: 'address', message: 'required' }]],
    ['path array + message', { errors: [{ path: ['address', 'street'], message: 'required' }] }, [{ field: 'address', message: 'required' }]],
    ['dotted path string', { errors: [{ path: 'address.street', message: 'required' }] }, [{ field: 'address', message: 'required' }]],
    ['pointer + detail (RFC 9457)', { type: 'about:blank', title: 'Bad', errors: [{ pointer: '/email', detail: 'must be valid' }] }, [{ field: 'email', message: 'must be valid' }]],
    ['fragment pointer with escapes', { errors: [{ pointer: '#/a~1b/0', detail: 'x' }] }, [{ field: 'a/b', message: 'x' }]],
    ['JSON:API source.pointer', { errors: [{ source: { pointer: '/phone' }, detail: 'bad' }] }, [{ field: 'phone', message: 'bad' }]],
    ['invalid-params (RFC example)', { 'invalid-params': [{ name: 'age', reason: 'must be positive' }] }, [{ field: 'age', message: 'must be positive' }]],
    ['fieldErrors (zod flatten)', { fieldErrors: { email: ['bad', 'worse'], phone: ['missing'] } }, [
      { field: 'email', message: 'bad' },
      { field: 'email', message: 'worse' },
      { field: 'phone', message: 'missing' },
    ]],
    ['form-level issue', { issues: [{ path: [], message: 'Passwords differ' }] }, [{ field: '', message: 'Passwords differ' }]],
  ])('reads %s from an API error body', (_, body, want) => {
    expect(extractFieldErrors(new ApiError(422, body, 'HTTP 422'))).toEqual(want);
  });

  it('keeps only entries it understands', () => {
    const body = { errors: [{ field: 'a', message: 'ok' }, { message: 'no field' }, 'junk', { field: 'b', message: 3 }] };
    expect(extractFieldErrors(new ApiError(400, body, 'HTTP 400'))).toEqual([{ field: 'a', message: 'ok' }]);
  });
});

describe('statuses', () => {
  const body = { issues: [{ path: ['email'], message: 'bad' }] };

  it('ignores statuses outside statusCodes', () => {
    expect(extractFieldErrors(new ApiError(500, body, 'HTTP 500'))).toEqual([]);
    expect(extractFieldErrors(new ApiError(401, body, 'HTTP 401'))).toEqual([]);
    expect(extractFieldErrors(new ApiError(422, body, 'HTTP 422'), { statusCodes: [400] })).toEqual([]);
  });

  it('accepts custom statusCodes', () => {
    expect(extractFieldErrors(new ApiError(409, body, 'HTTP 409'), { statusCodes: [409] })).toEqual([{ field: 'email', message: 'bad' }]);
  });

  it('accepts plain objects shaped like an API error', () => {
    expect(extractFieldErrors({ status: 400, body })).toEqual([{ field: 'email', message: 'bad' }]);
  });
});

describe('junk never throws', () => {
  const cyclic: Record<string, unknown> = { status: 400 };
  cyclic['body'] = cyclic;
  cyclic['issues'] = [cyclic];
  const throwing = new Proxy(
    {},
    {
      get() {
        throw new Error('boom');
      },
      has() {
        throw new Error('boom');
      },
    },
  );
  const getter = Object.defineProperty({ status: 400 }, 'body', {
    get() {
      throw new Error('boom');
    },
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'Invalid email'],
    ['a number', 400],
    ['an array', [{ path: ['a'], message: 'b' }]],
    ['an Error', new Error('plain')],
    ['a cyclic object', cyclic],
    ['a proxy that throws', throwing],
    ['a throwing getter', getter],
    ['issues not an array', { issues: 'nope' }],
    ['body as a string', new ApiError(400, 'Bad Request', 'HTTP 400')],
    ['body null', new ApiError(422, null, 'HTTP 422')],
    ['fieldErrors an array', new ApiError(422, { fieldErrors: ['x'] }, 'HTTP 422')],
  ])('%s gives []', (_, value) => {
    expect(() => extractFieldErrors(value)).not.toThrow();
    expect(extractFieldErrors(value)).toEqual([]);
  });
});

describe('fieldErrorMap', () => {
  it('keeps the first message per field', () => {
    const map = fieldErrorMap([
      { field: 'email', message: 'first' },
      { field: 'email', message: 'second' },
      { field: 'phone', message: 'p' },
    ]);
    expect(map).toEqual({ email: 'first', phone: 'p' });
    expect(Object.getPrototypeOf(map)).toBeNull();
  });

  it('is not fooled by __proto__ as a field', () => {
    const map = fieldErrorMap([{ field: '__proto__', message: 'x' }]);
    expect(map['__proto__']).toBe('x');
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});

describe('types', () => {
  it('accepts anything and returns field errors', () => {
    expectTypeOf(extractFieldErrors).parameter(0).toEqualTypeOf<unknown>();
    expectTypeOf(extractFieldErrors).returns.toEqualTypeOf<FieldError[]>();
    expectTypeOf<FieldError>().toEqualTypeOf<{ field: string; message: string }>();
    // @ts-expect-error statusCodes takes numbers
    extractFieldErrors(null, { statusCodes: ['400'] });
  });
});
