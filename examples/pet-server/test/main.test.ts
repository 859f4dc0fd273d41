import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { compileExampleServer, freePort } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOptions } from '../src/server/listen-options.js';


describe('listenOptions (what main.ts listens on)', () => {
  it('defaults to port 3003 on localhost (seed: API-only pet server 3003)', () => {
    expect(listenOptions({})).toEqual({ port: 3003, hostname: 'localhost' });
  });

  it('takes PORT and HOST from the environment', () => {
    expect(listenOptions({ PORT: '8080', HOST: '127.0.0.1' })).toEqual({ port: 8080, hostname: '127.0.0.1' });
    expect(listenOptions({ PORT: '0' })).toEqual({ port: 0, hostname: 'localhost' });
  });

  it.each(['', 'abc', '80 80', '-1', '65536', '3003.5'])('refuses PORT=%j with a message', (port) => {
    expect(() => listenOptions({ PORT: port })).toThrow(/PORT must be a port number/);
  });
});

/** `node dist/server/main.js` as `pnpm start` runs it, compiled into a folder of its own. */
describe('the pet server process', () => {
  let outDir: string;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    outDir = compileExampleServer('pet-server');
  });
  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(outDir, { recursive: true, force: true });
  });

  it('serves the API on PORT and exits 0 on SIGTERM, closing the port', async () => {
    const port = await freePort();
    const started = spawn(process.execPath, [join(outDir, 'server', 'main.js')], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    let output = '';
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => started.once('exit', (code, signal) => resolve({ code, signal })));
    await expect.poll(() => output, { timeout: 60_000 }).toContain(`pet server listening on http://127.0.0.1:${port}`);

    const base = `http://127.0.0.1:${port}`;
    const list = await fetch(`${base}/pets`);
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({ total: 2, items: [{ id: 1, name: 'Rex', tag: 'dog', status: 'available' }, { id: 2, name: 'Tom', status: 'pending' }] });
    const created = await fetch(`${base}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Kit' }) });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: 3, name: 'Kit', status: 'available' });
    // hono's logger writes one line per request.
    await expect.poll(() => output).toMatch(/--> POST \/pets \S*201/);

    started.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(false)));
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });
});
