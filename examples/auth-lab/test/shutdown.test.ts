import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { compileExampleServer, freePort } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The server that `pnpm start` ends in (`node dist/server/main.js`), compiled by the same
 * tsconfig.server.json into a folder of its own (the end-to-end test rebuilds dist/ meanwhile),
 * run as a process and stopped with SIGTERM while a request is half uploaded.
 */
let outDir: string;

beforeAll(() => {
  outDir = compileExampleServer('auth-lab');
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

interface Server {
  child: ChildProcess;
  /** stdout and stderr so far (fastify's JSON log lines). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startServer(port: number): Server {
  const child = spawn(process.execPath, [join(outDir, 'server', 'main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

/** The `msg` of each of fastify's log lines. */
function messages(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg));
}

/** A raw connection and everything the server sent on it. */
function openSocket(port: number): { socket: Socket; received: () => string; closed: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => received, closed };
}

/** Whether a new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

function bodyOf(response: string): unknown {
  return JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
}

describe('the built server on SIGTERM', () => {
  let server: Server | undefined;
  afterAll(() => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  });

  it('stops listening, finishes the request in flight, closes idle keep-alive connections and exits 0', async () => {
    const port = await freePort();
    server = startServer(port);
    const current = server;
    await expect.poll(() => messages(current.output()), { timeout: 60_000 }).toContain('Server listening at http://127.0.0.1:' + port);

    // An idle keep-alive connection: one request answered, the connection left open.
    const idle = openSocket(port);
    idle.socket.write('GET /api/me HTTP/1.1\r\nHost: auth-lab\r\nAuthorization: Bearer grace\r\nConnection: keep-alive\r\n\r\n');
    await expect.poll(() => idle.received()).toMatch(/"id":"grace"/);

    // A contact request whose body is half uploaded when the signal arrives.
    const body = JSON.stringify({ method: 'email', email: 'ada@example.com', message: 'x'.repeat(200_000) });
    const upload = openSocket(port);
    upload.socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: auth-lab\r\nAuthorization: Bearer ada\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 1000)}`,
    );
    await expect.poll(() => messages(current.output()).filter((message) => message === 'incoming request')).toHaveLength(2);

    current.child.kill('SIGTERM');
    await expect.poll(() => messages(current.output())).toContain('shutting down');
    // Shutting down: no new connections, the idle one is closed, the upload still open.
    await expect.poll(() => accepts(port), { timeout: 10_000 }).toBe(false);
    await idle.closed;
    expect(upload.received()).toBe('');
    expect(current.child.exitCode).toBeNull();

    upload.socket.end(body.slice(1000));
    await upload.closed;
    expect(upload.received().split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(bodyOf(upload.received())).toEqual({ accepted: true, method: 'email' });

    expect(await current.exited).toEqual({ code: 0, signal: null });
    expect(await accepts(port)).toBe(false);
    expect(messages(current.output()).slice(-2)).toEqual(['shutting down', 'request completed']);
  });
});
