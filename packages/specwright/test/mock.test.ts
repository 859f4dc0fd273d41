/** Issue 35 item 5: `specwright mock` and `openapi-msw --serve`, spawned as users run them, over real HTTP. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commandScript, fixture, runCommandLine, tempProject } from '@specwright/testing';
import { afterEach, describe, expect, it } from 'vitest';

const LISTENING = /^(specwright mock|openapi-msw): listening on (http:\/\/127\.0\.0\.1:\d+)$/m;
const ORIGIN = 'http://localhost:5173';
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts a serving command; resolves with its URL once it prints the listening line. */
async function start(cwd: string, pkg: string, command: string, args: string[]) {
  const child = spawn(process.execPath, [commandScript(pkg, command), ...args], { cwd, env: { ...process.env, DEBUG: '' } });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line within 15 s; stderr:\n${stderr}`)), 15_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = LISTENING.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[2]!);
      }
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before listening; stderr:\n${stderr}`)));
  });
  return { child, url, exited, output: () => stdout, errors: () => stderr };
}

describe('specwright mock', () => {
  it('serves the seeded handlers, Prefer, CORS and body checks over HTTP, to fetch and the generated client; exits 0 on SIGTERM', async () => {
    const p = tempProject('specwright-mock', { prettier: false });
    p.write('specwright.config.json', JSON.stringify({ input_openapi: fixture('declared-responses.yaml'), zod_ts: { output: 'api' }, msw: { output: 'mocks' } }));
    const server = await start(p.dir, 'specwright', 'specwright', ['mock', '--port', '0', '--cors', ORIGIN]);

    // The seeded body: the same handlers.ts, asked in-process with msw's own getResponse, gives the
    // first answer of its fresh seed, which the server's first request must have received.
    const book = await fetch(`${server.url}/books/1`);
    expect(book.status).toBe(200);
    const handlersFile = join(p.dir, 'mocks', 'handlers.ts');
    const msw = (await import(pathToFileURL(createRequire(handlersFile).resolve('msw')).href)) as { getResponse(handlers: unknown[], request: Request): Promise<Response | undefined> };
    const generated = (await import(pathToFileURL(handlersFile).href)) as { handlers: unknown[] };
    const expected = await msw.getResponse(generated.handlers, new Request('http://localhost/books/1'));
    expect(await book.json()).toEqual(await expected!.json());

    // Prefer picks a declared status.
    const missing = await fetch(`${server.url}/books/1`, { headers: { Prefer: 'code=404' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: expect.any(String), message: expect.any(String) });

    // CORS: the preflight, and the origin on answers.
    const preflight = await fetch(`${server.url}/books`, { method: 'OPTIONS', headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(book.headers.get('access-control-allow-origin')).toBe(ORIGIN);

    // Bodies are checked with the client's schema-types.ts, as the routers check them.
    const post = (body: string) => fetch(`${server.url}/books`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const invalid = await post(JSON.stringify({ title: '' }));
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toEqual({ error: 'Invalid request body', issues: [{ code: 'too_small', path: ['title'], message: expect.any(String) }] });
    expect((await post('{not json')).status).toBe(400);
    expect((await post(JSON.stringify({ title: 'Dune' }))).status).toBe(201);

    // The generated client, pointed at the server.
    const { configureClient } = (await import(pathToFileURL(join(p.dir, 'api', 'client-config.ts')).href)) as { configureClient(config: { baseUrl: string }): void };
    const client = (await import(pathToFileURL(join(p.dir, 'api', 'client.ts')).href)) as {
      getBook(id: string, config?: { headers?: HeadersInit }): Promise<{ id: string; title: string }>;
    };
    configureClient({ baseUrl: server.url });
    expect(await client.getBook('7')).toEqual({ id: expect.any(String), title: expect.any(String) });
    await expect(client.getBook('7', { headers: { Prefer: 'code=404' } })).rejects.toMatchObject({ name: 'ApiError', status: 404 });

    // One line per request, then a clean stop.
    expect(server.output()).toContain('specwright mock: GET /books/1 200\n');
    expect(server.output()).toContain('specwright mock: GET /books/1 404\n');
    expect(server.output()).toContain('specwright mock: OPTIONS /books 204 (preflight)\n');
    expect(server.output()).toContain('specwright mock: POST /books 422\n');
    // A second server on the same port: a clear error, exit 2.
    const busy = runCommandLine('specwright', 'specwright', ['mock', '--port', new URL(server.url).port], p.dir);
    expect(busy).toMatchObject({ code: 2, stderr: expect.stringContaining(`specwright mock: error: cannot listen on 127.0.0.1:${new URL(server.url).port} (EADDRINUSE)`) });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.errors()).toContain('specwright mock: stopped (SIGTERM)');
  }, 30_000);

  it('refuses a config without an msw section, and flags it does not take; --help documents the mode', async () => {
    const p = tempProject('specwright-mock-bad', { prettier: false });
    p.write('specwright.config.json', JSON.stringify({ input_openapi: fixture('declared-responses.yaml'), zod_ts: { output: 'api' } }));
    const noMsw = runCommandLine('specwright', 'specwright', ['mock'], p.dir);
    expect(noMsw.code).toBe(1);
    expect(noMsw.stderr).toContain('has no "msw" section');
    expect(existsSync(join(p.dir, 'api'))).toBe(false);
    const badPort = runCommandLine('specwright', 'specwright', ['mock', '--port', 'x'], p.dir);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--port must be an integer');
    const portWithoutServe = runCommandLine('specwright', 'specwright', ['--port', '1'], p.dir);
    expect(portWithoutServe.code).toBe(2);
    const help = runCommandLine('specwright', 'specwright', ['--help'], p.dir);
    expect(help.stdout).toContain('specwright mock [--config <path>] [--watch] [--port <n>] [--host <host>] [--cors <origin>]');
    expect(help.stdout).toContain('--cors <origin>');
  }, 30_000);
});

describe('specwright mock --watch', () => {
  it('serves the handlers of an edited spec without a restart', async () => {
    const p = tempProject('specwright-mock-watch', { prettier: false });
    p.write('spec.yaml', readFileSync(fixture('declared-responses.yaml'), 'utf8'));
    p.write('specwright.config.json', JSON.stringify({ input_openapi: 'spec.yaml', zod_ts: { output: 'api' }, msw: { output: 'api' } }));
    const server = await start(p.dir, 'specwright', 'specwright', ['mock', '--watch', '--port', '0']);
    expect((await fetch(`${server.url}/shelves`)).status).toBe(404);
    // The watch's first run (its line on stderr) reads the inputs it then watches: edit after it.
    const firstRun = Date.now() + 15_000;
    while (!/specwright: \d+ of \d+ files changed/.test(server.errors())) {
      if (Date.now() > firstRun) throw new Error(`no watch run line; stderr:\n${server.errors()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const shelves = ['  /shelves:', '    post:', '      requestBody:', '        required: true', '        content:', '          application/json:', '            schema: { type: object, required: [name], properties: { name: { type: string } } }', '      responses:', "        '200':", '          description: ok', '          content:', '            application/json:', '              schema: { type: object, required: [count], properties: { count: { type: integer } } }', ''].join('\n');
    p.write('spec.yaml', readFileSync(join(p.dir, 'spec.yaml'), 'utf8').replace('paths:\n', `paths:\n${shelves}`));
    const post = (body: unknown) => fetch(`${server.url}/shelves`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const deadline = Date.now() + 15_000;
    while ((await post({ name: 'a' })).status !== 200) {
      if (Date.now() > deadline) throw new Error(`the new route was never served; output:\n${server.output()}${server.errors()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await (await post({ name: 'a' })).json()).toEqual({ count: expect.any(Number) });
    // The new operation's body schema is checked too.
    expect((await post({ name: 1 })).status).toBe(422);
    expect(server.output()).toContain('specwright mock: reloaded handlers.ts\n');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 30_000);
});

describe('openapi-msw --serve', () => {
  it('generates handlers.ts, serves it with Prefer, and exits 0 on SIGINT', async () => {
    const p = tempProject('openapi-msw-serve', { prettier: false });
    p.write('openapi-msw.config.json', JSON.stringify({ input_openapi: fixture('declared-responses.yaml'), output: 'mocks' }));
    const server = await start(p.dir, 'openapi-msw', 'openapi-msw', ['--serve', '--port', '0']);
    expect((await fetch(`${server.url}/books/1`)).status).toBe(200);
    expect((await fetch(`${server.url}/books/1`, { headers: { Prefer: 'code=404' } })).status).toBe(404);
    // Without a zod_ts output there are no schemas to check bodies with: the handlers answer.
    expect((await fetch(`${server.url}/books`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":""}' })).status).toBe(201);
    expect(server.output()).toContain('openapi-msw: GET /books/1 404\n');
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  }, 30_000);
});
