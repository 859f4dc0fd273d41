import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { commandScript, listFiles, tempProject } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `request_headers` (issue 36): sent to the remote spec's origin, `${NAME}` from the environment;
 * the value never appears in output, warnings or errors. A real server on 127.0.0.1.
 */
const SECRET = 'Bearer s3cr3t-token-value-7f1c';
const SPEC = `openapi: 3.0.3
info: { title: Private, version: '1' }
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: 'schemas.yaml#/Thing' }
`;
const SCHEMAS = 'Thing:\n  type: object\n  properties:\n    name: { type: string }\n';

let origin = '';
const seen: { path: string; authorization: string | undefined }[] = [];
const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  seen.push({ path, authorization: request.headers.authorization });
  if (request.headers.authorization !== SECRET) return void response.writeHead(401, { 'content-type': 'text/plain' }).end('who are you?');
  const body = path === '/spec.yaml' ? SPEC : path === '/schemas.yaml' ? SCHEMAS : undefined;
  if (body === undefined) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'application/yaml' }).end(body);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function project(headers: unknown) {
  const p = tempProject('request-headers', { prettier: false });
  p.write('zod.json', JSON.stringify({ input_openapi: `${origin}/spec.yaml`, output: 'gen', request_headers: headers }));
  return p;
}
/** The command in a child process, run asynchronously: the server answers from this one. */
const generate = (dir: string, env: Record<string, string>) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const { SPEC_TOKEN: _drop, ...rest } = process.env;
    execFile(process.execPath, [commandScript('openapi-zod-ts', 'openapi-zod-ts'), '--config', 'zod.json'], { cwd: dir, env: { ...rest, DEBUG: '', ...env }, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });

describe('request_headers', () => {
  it('sends the expanded headers for the spec and its $refs, and the value appears nowhere', async () => {
    const p = project({ Authorization: 'Bearer ${SPEC_TOKEN}' });
    seen.length = 0;
    const result = await generate(p.dir, { SPEC_TOKEN: SECRET.slice('Bearer '.length) });
    expect(result.code, result.stderr).toBe(0);
    expect(seen).toEqual([
      { path: '/spec.yaml', authorization: SECRET },
      { path: '/schemas.yaml', authorization: SECRET },
    ]);
    expect(result.stdout + result.stderr).not.toContain('s3cr3t');
    for (const file of listFiles(join(p.dir, 'gen'))) expect(readFileSync(join(p.dir, 'gen', file), 'utf8')).not.toContain('s3cr3t');
  });

  it('names a missing variable, and never prints a value the server refused', async () => {
    const missing = await generate(project({ Authorization: 'Bearer ${NOT_SET_ANYWHERE_36}' }).dir, {});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/key "request_headers\.Authorization": the environment variable NOT_SET_ANYWHERE_36 is not set/);
    const refused = await generate(project({ Authorization: 'Bearer ${SPEC_TOKEN}x' }).dir, { SPEC_TOKEN: 's3cr3t-wrong' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/HTTP 401/);
    expect(refused.stdout + refused.stderr).not.toContain('s3cr3t');
    const broken = await generate(project({ Authorization: 'Bearer ${SPEC_TOKEN}' }).dir, { SPEC_TOKEN: 's3cr3t\nInjected: 1' });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/line break or NUL/);
    expect(broken.stderr).not.toContain('s3cr3t');
  });
});
