import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SpecError, loadSpecFile } from '../src/index.js';
import { SCHEMA_REF_POINTER, serveSpecs, specWithSchema, type SpecServer } from './spec-server.js';

/** A remote input or `$ref` that is no URL, carries a login, or meets a broken server: one clear error. */

const SPEC = specWithSchema({ type: 'string' });
let server: SpecServer;
let url: (path: string) => string;

beforeAll(async () => {
  server = await serveSpecs({
    '/api.json': SPEC,
    '/bad-location': (response) => response.writeHead(302, { location: 'http://[::1' }).end(),
    '/to-login': (response) => response.writeHead(302, { location: 'http://ci-bot:s3cretT0ken@127.0.0.1:1/api.json' }).end(),
    '/ref-bad-location.json': specWithSchema({ $ref: './bad-location' }),
    '/ref-login.json': specWithSchema({ $ref: 'http://ci-bot:s3cretT0ken@127.0.0.1:1/schema.json' }),
    '/ref-login-bad.json': specWithSchema({ $ref: 'http://ci-bot:s3cretT0ken@[::1/schema.json' }),
    // Answers after 100 ms: a timeout that fires at once (a delay past 2^31 - 1 ms) cannot be missed.
    '/late.json': (response) => void setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(SPEC), 100),
  });
  url = (path) => `${server.origin}${path}`;
});

afterAll(() => server.close());

async function failure(input: string, options = {}): Promise<SpecError> {
  const error = await loadSpecFile(input, options).catch((e: unknown) => e);
  if (!(error instanceof SpecError)) throw error;
  return error;
}

describe('a malformed remote input', () => {
  it.each(['http://127.0.0.1:99999/api.yaml', 'http://[::1:8713/x', 'http://exa mple.com/x', 'http://%zz/x', 'https://'])('%s is a SpecError naming input_openapi', async (input) => {
    const error = await failure(input);
    expect(error.location.key).toBe('input_openapi');
    expect(error.message).toBe(`"${input}" is not a valid URL (check the host and the port)`);
  });

  it('names the redirecting URL when a Location is no URL', async () => {
    const error = await failure(url('/bad-location'));
    expect(error.describe()).toBe(`${url('/bad-location')}: GET ${url('/bad-location')}: HTTP 302 redirects to "http://[::1", which is not a URL (named by input_openapi)`);
  });

  it('names the $ref when its target redirects to no URL', async () => {
    const error = await failure(url('/ref-bad-location.json'));
    expect(error.location).toEqual({ file: url('/ref-bad-location.json'), pointer: SCHEMA_REF_POINTER });
    expect(error.message).toBe(`$ref "./bad-location" does not resolve: GET ${url('/bad-location')}: HTTP 302 redirects to "http://[::1", which is not a URL`);
  });
});

describe('credentials in a URL', () => {
  it('are refused in the input, and the password is never printed', async () => {
    const error = await failure('http://ci-bot:s3cretT0ken@127.0.0.1:1/api.yaml');
    expect(error.message).toMatch(/^"http:\/\/\*\*\*@127\.0\.0\.1:1\/api\.yaml" has credentials in it, which are not supported: download the document first/);
    expect(error.describe()).not.toContain('s3cretT0ken');
  });

  it('are refused in a $ref before it is fetched, and in a redirect', async () => {
    const ref = await failure(url('/ref-login.json'));
    expect(ref.location.pointer).toBe(SCHEMA_REF_POINTER);
    expect(ref.message).toMatch(/^\$ref "http:\/\/\*\*\*@127\.0\.0\.1:1\/schema\.json" is refused: it has credentials in it/);
    const malformed = await failure(url('/ref-login-bad.json'));
    expect(malformed.message).toBe('$ref "http://***@[::1/schema.json" is not a valid reference');
    const redirect = await failure(url('/to-login'));
    expect(redirect.message).toMatch(/^GET \S+\/to-login: HTTP 302 redirects to a URL with credentials in it, which are not supported/);
    for (const error of [ref, malformed, redirect]) expect(error.describe()).not.toContain('s3cretT0ken');
  });
});

describe('SPECWRIGHT_FETCH_TIMEOUT_MS past what a timer holds', () => {
  const saved = process.env['SPECWRIGHT_FETCH_TIMEOUT_MS'];
  afterEach(() => {
    if (saved === undefined) delete process.env['SPECWRIGHT_FETCH_TIMEOUT_MS'];
    else process.env['SPECWRIGHT_FETCH_TIMEOUT_MS'] = saved;
  });

  it.each(['5000000000', '4294967295', 'Infinity', '1500.5'])('%s is a timeout a timer takes, not an error or an instant one', async (value) => {
    process.env['SPECWRIGHT_FETCH_TIMEOUT_MS'] = value;
    expect((await loadSpecFile(url('/late.json'))).version).toBe('3.1.0');
  });

  it('applies to the fetchTimeoutMs option too', async () => {
    expect((await loadSpecFile(url('/late.json'), { fetchTimeoutMs: Number.POSITIVE_INFINITY })).version).toBe('3.1.0');
  });
});
