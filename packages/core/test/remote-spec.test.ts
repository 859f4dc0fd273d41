import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandScript, tempProject } from '@specwright/testing';
import { SpecError, loadModel, loadSpecFile } from '../src/index.js';
import { serveSpecs, specWithSchema, type SpecServer } from './spec-server.js';

/** `input_openapi` as an http(s) URL (issue 18 part 2), against a real server on 127.0.0.1. */

const MAIN = `openapi: 3.1.0
info: { title: remote, version: '1' }
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      parameters:
        - $ref: './common.yaml#/parameters/PetId'
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: './models/pet.yaml' }
`;
const COMMON = 'parameters:\n  PetId: { name: petId, in: path, required: true, schema: { type: integer } }\n';
const PET = "type: object\nrequired: [id]\nproperties:\n  id: { type: integer }\n  owner: { $ref: '../../people/owner.yaml' }\n";
const OWNER = 'type: object\nproperties:\n  name: { type: string }\n';

let server: SpecServer;
let url: (path: string) => string;

beforeAll(async () => {
  server = await serveSpecs({
    '/api/main.yaml': MAIN,
    '/api/common.yaml': COMMON,
    '/api/models/pet.yaml': PET,
    '/people/owner.yaml': OWNER,
    '/latest': (response) => response.writeHead(302, { location: '/api/main.yaml' }).end(),
    '/loop': (response) => response.writeHead(307, { location: '/loop' }).end(),
    '/slow.yaml': () => {}, // never answers
    '/huge.json': (response) => response.writeHead(200, { 'content-length': String(60 * 1024 * 1024) }).end(),
    '/stream.json': (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(specWithSchema({ type: 'object', description: 'x'.repeat(4096) }));
    },
  });
  url = (path) => `${server.origin}${path}`;
});

afterAll(() => server.close());

/** Runs a command without blocking this process, which serves the spec. */
function runCommandLine(pkg: string, command: string, cwd: string, env: Record<string, string> = {}): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [commandScript(pkg, command)], { cwd, env: { ...process.env, DEBUG: '', ...env } }, (error, _stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr });
    });
  });
}

async function failure(input: string, options = {}): Promise<SpecError> {
  const error = await loadSpecFile(input, options).catch((e: unknown) => e);
  if (!(error instanceof SpecError)) throw error;
  return error;
}

describe('a spec at a URL', () => {
  it('loads a spec split over files, resolving relative $refs against the URL', async () => {
    const model = await loadModel(url('/api/main.yaml'));
    expect(model.operations[0]!.pathParams[0]).toMatchObject({ name: 'petId', schema: { kind: 'number' } });
    expect(model.schemas.map((s) => s.key)).toEqual(['Pet', 'Owner']);
    const spec = await loadSpecFile(url('/api/main.yaml'));
    expect(spec.file).toBe(url('/api/main.yaml'));
    expect(spec.loadedFiles).toEqual(['/api/main.yaml', '/api/common.yaml', '/api/models/pet.yaml', '/people/owner.yaml'].map(url));
  });

  it('follows a redirect, and relative $refs resolve against where it led', async () => {
    const spec = await loadSpecFile(url('/latest'));
    expect(spec.loadedFiles[0]).toBe(url('/latest'));
    expect(spec.loadedFiles[1]).toBe(url('/api/common.yaml'));
  });

  it('names the URL and the status of a 404', async () => {
    const error = await failure(url('/nope.yaml'));
    expect(error.describe()).toBe(`${url('/nope.yaml')}: GET ${url('/nope.yaml')}: HTTP 404 Not Found (named by input_openapi)`);
  });

  it('stops after 5 redirects', async () => {
    expect((await failure(url('/loop'))).message).toBe(`GET ${url('/loop')}: more than 5 redirects`);
  });

  it('gives up on a slow server after the timeout', async () => {
    const started = Date.now();
    const error = await failure(url('/slow.yaml'), { fetchTimeoutMs: 300 });
    expect(error.message).toBe(`GET ${url('/slow.yaml')}: no complete answer within 0.3 s`);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses an answer over the size limit, by its length or while reading it', async () => {
    expect((await failure(url('/huge.json'))).message).toBe(`GET ${url('/huge.json')}: the answer is larger than the 50 MB limit`);
    expect((await failure(url('/stream.json'), { maxBytes: 1024 })).message).toBe(`GET ${url('/stream.json')}: the answer is larger than the 1024 bytes limit`);
    expect((await loadSpecFile(url('/stream.json'))).version).toBe('3.1.0');
  });

  it('names the $ref whose target is missing on the server', async () => {
    const broken = await serveSpecs({ '/main.json': specWithSchema({ $ref: './gone.yaml' }) });
    try {
      const error = await failure(`${broken.origin}/main.json`);
      expect(error.location.pointer).toBe('#/paths/~1a/get/responses/200/content/application~1json/schema/$ref');
      expect(error.message).toBe(`$ref "./gone.yaml" does not resolve: GET ${broken.origin}/gone.yaml: HTTP 404 Not Found`);
    } finally {
      await broken.close();
    }
  });
});

describe('every command takes a URL as input_openapi', () => {
  const commands = [
    ['openapi-zod-ts', 'openapi-zod-ts', {}, 'schema-types.ts'],
    ['openapi-server', 'openapi-server', { framework: 'hono' }, 'router.ts'],
    ['openapi-react-query', 'openapi-react-query', {}, 'hooks.ts'],
    ['openapi-msw', 'openapi-msw', {}, 'handlers.ts'],
  ] as const;

  it.each(commands)('%s', async (pkg, command, extra, file) => {
    const project = tempProject(`remote-${command}`, { prettier: false });
    project.write(`${command}.config.json`, JSON.stringify({ input_openapi: url('/api/main.yaml'), output: 'gen', ...extra }));
    const result = await runCommandLine(pkg, command, project.dir);
    expect(result.stderr).toMatch(/wrote \d+ files?\n$/);
    expect(result.code).toBe(0);
    expect(existsSync(join(project.dir, 'gen', file))).toBe(true);
  });

  it('reads the timeout from SPECWRIGHT_FETCH_TIMEOUT_MS', async () => {
    const project = tempProject('remote-timeout', { prettier: false });
    project.write('openapi-zod-ts.config.json', JSON.stringify({ input_openapi: url('/slow.yaml'), output: 'gen' }));
    const result = await runCommandLine('openapi-zod-ts', 'openapi-zod-ts', project.dir, { SPECWRIGHT_FETCH_TIMEOUT_MS: '200' });
    expect(result).toMatchObject({ code: 1, stderr: `openapi-zod-ts: error: ${url('/slow.yaml')}: GET ${url('/slow.yaml')}: no complete answer within 0.2 s (named by input_openapi)\n` });
    expect(existsSync(join(project.dir, 'gen'))).toBe(false);
  });
});
