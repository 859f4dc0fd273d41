import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, freePort, tempProject } from '@specwright/testing';
import * as vite8 from 'vite';
import type { ViteDevServer } from 'vite';
import * as vite7Module from 'vite-7';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { specwright } from '../src/index.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

const PING = "paths:\n  /ping-check:\n    get:\n      operationId: checkPing\n      responses:\n        '204':\n          description: Up.\n";
/** An operation whose response schema is in `owner.yaml`, a file of its own. */
const OWNER =
  "paths:\n  /owner-check:\n    get:\n      operationId: checkOwner\n      responses:\n        '200':\n          description: The owner.\n          content:\n            application/json:\n              schema: { $ref: './owner.yaml#/Owner' }\n";
const BROKEN = 'openapi: 3.1.0\npaths: [\n';

/** A Vite app in `web/` whose entry imports the client that specwright writes into `src/api`. */
function app(zodTs: { input_schema?: string } = {}) {
  const p = tempProject('specwright-vite', { prettier: false });
  cpSync(fixture('petstore-3.1.yaml'), join(p.dir, 'spec.yaml'));
  const config = p.write('specwright.config.json', JSON.stringify({ input_openapi: 'spec.yaml', zod_ts: { output: 'src/api', ...zodTs }, msw: { output: 'src/mocks' } }));
  p.write('web/index.html', '<!doctype html><script type="module" src="./main.ts"></script>\n');
  p.write('web/main.ts', "import { ApiError } from '../src/api/client.js';\nconsole.log(ApiError.name);\n");
  return { ...p, config, spec: join(p.dir, 'spec.yaml'), client: join(p.dir, 'src', 'api', 'client.ts') };
}

async function until<T>(probe: () => T | undefined | false, what: string, log: string[] = [], timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; Vite's log:\n${log.join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The peer range is `>=7`: every test runs on Vite 8 and on Vite 7 (the last of each major, pinned).
const vite7 = vite7Module as unknown as typeof vite8;
let vite = vite8;

const servers: ViteDevServer[] = [];
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const server of servers.splice(0)) await server.close();
});

/**
 * A Vite dev server on the app with the plugin, after the first run (`firstRun`, a line of Vite's
 * log: by default every file written) and once Vite watches the spec. `middlewareMode`: no http
 * server of Vite's own, as under a custom server; its HMR socket listens on a port of its own.
 */
async function devServer(a: ReturnType<typeof app>, { firstRun = /specwright: (\d+) of \1 files changed in \d+ ms/, middlewareMode = false } = {}) {
  const port = await freePort();
  // Vite's log, as the terminal shows it.
  const log: string[] = [];
  const customLogger = vite.createLogger('info');
  customLogger.info = (message) => void log.push(message);
  customLogger.error = (message) => void log.push(message);
  const server = await vite.createServer({
    root: join(a.dir, 'web'),
    configFile: false,
    customLogger,
    plugins: [specwright({ config: a.config })],
    ...(middlewareMode ? { appType: 'custom', server: { middlewareMode: true, hmr: { port } } } : { server: { port, strictPort: true, host: '127.0.0.1' } }),
  });
  servers.push(server);
  if (!middlewareMode) await server.listen();
  await until(() => log.some((line) => firstRun.test(line)), 'the first run', log);
  // Vite's watcher takes the spec on once its directory is scanned.
  await until(() => server.watcher.getWatched()[a.dir]?.includes('spec.yaml'), "the spec in Vite's watcher", log);
  return { server, port, log };
}

type HmrMessage = { type: string; err?: { message: string } };

/** A page's side: its HMR socket, which the overlay listens on, and the messages it got. */
async function page(port: number) {
  const messages: HmrMessage[] = [];
  const socket = new WebSocket(`ws://127.0.0.1:${port}/`, 'vite-hmr');
  sockets.push(socket);
  socket.addEventListener('message', (event) => messages.push(JSON.parse(String(event.data)) as HmrMessage));
  await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
  return { socket, messages };
}

describe.each([
  ['8', vite8],
  ['7', vite7],
])('@specwright/vite on Vite %s', (major, module) => {
  beforeAll(() => {
    expect(module.version.split('.')[0]).toBe(major);
    vite = module;
  });

  it('generates at dev-server start, regenerates on spec edits through Vite, and shows a broken spec in the overlay', async () => {
    const a = app();
    const { port, log } = await devServer(a);
    expect(existsSync(a.client) && existsSync(join(a.dir, 'src', 'mocks', 'handlers.ts'))).toBe(true);

    // The browser's side: the HMR socket the overlay listens on, and the entry module.
    const { messages } = await page(port);
    const entry = await fetch(`http://127.0.0.1:${port}/main.ts`);
    expect(entry.status).toBe(200);

    const spec = readFileSync(a.spec, 'utf8');
    writeFileSync(a.spec, spec.replace('paths:\n', PING));
    // One run renames its files one after another: wait for the last of the two, then check both.
    const handlers = join(a.dir, 'src', 'mocks', 'handlers.ts');
    await until(() => readFileSync(a.client, 'utf8').includes('checkPing') && readFileSync(handlers, 'utf8').includes('/ping-check'), 'the regenerated client and handlers', log);
    expect(readFileSync(handlers, 'utf8')).toContain('/ping-check');

    const good = readFileSync(a.client, 'utf8');
    // Vite's watcher (chokidar) drops a change to the same file that follows the last one within
    // 50 ms (its change throttle); a person's next save is never that close: let it settle.
    await settle();
    writeFileSync(a.spec, BROKEN);
    const error = await until(() => messages.find((m) => m.type === 'error'), 'an overlay error', log);
    expect(error.err?.message).toMatch(/^specwright: .*spec\.yaml:\d+:\d+: /);
    expect(log.some((line) => /specwright: error: .*spec\.yaml:\d+:\d+: .*\(the last output is kept\)/.test(line))).toBe(true);
    expect(readFileSync(a.client, 'utf8')).toBe(good);

    await settle();
    writeFileSync(a.spec, spec);
    await until(() => !readFileSync(a.client, 'utf8').includes('checkPing'), 'the client of the fixed spec', log);
  });

  it('ends with the output of the last save when two saves come quicker than Vite reports changes', async () => {
    const a = app();
    const { server, log } = await devServer(a);
    const spec = readFileSync(a.spec, 'utf8');
    const saved = (label: string) => spec.replace(/summary: (.*)/, `summary: $1 (${label})`);
    // Vite's watcher (chokidar) drops a change of a file within 50 ms of the last one it reported.
    // The plugin starts its run 25 ms after a change it hears of; the second save lands in the
    // run, after it read the spec (within a few ms of its start), or after the run ended, but
    // before 50 ms have passed.
    for (const delay of [26, 28, 30, 33, 36, 40, 44, 46, 48]) {
      const heard = new Promise<void>((resolve) => {
        const listener = (path: string) => {
          if (path !== a.spec) return;
          server.watcher.off('change', listener);
          resolve();
        };
        server.watcher.on('change', listener);
      });
      writeFileSync(a.spec, saved(`save ${delay} one`));
      await heard;
      await new Promise((resolve) => setTimeout(resolve, delay));
      writeFileSync(a.spec, saved(`save ${delay} two`));
      await until(() => readFileSync(a.client, 'utf8').includes(`(save ${delay} two)`), `the client of the second save ${delay} ms after the first was reported`, log);
      await settle();
      expect(readFileSync(a.client, 'utf8')).toContain(`(save ${delay} two)`);
    }
  });

  it('regenerates when a prettier config file that applies to the output is created or edited', async () => {
    const a = app();
    const { log } = await devServer(a);
    expect(readFileSync(a.client, 'utf8')).toContain('import * as z from "zod";');
    // Created where prettier looks first for the output's files (the third name of its list there).
    const rc = a.write('src/api/.prettierrc.json', JSON.stringify({ singleQuote: true }));
    await until(() => readFileSync(a.client, 'utf8').includes("import * as z from 'zod';"), 'the client formatted with the new config', log);
    await settle();
    writeFileSync(rc, JSON.stringify({ singleQuote: true, semi: false }));
    await until(() => readFileSync(a.client, 'utf8').includes("import * as z from 'zod'\n"), 'the client formatted with the edited config', log);
  });

  it('generates at build start, and a broken spec fails the build with the file and place named', async () => {
    const a = app();
    const options = { root: join(a.dir, 'web'), configFile: false as const, logLevel: 'silent' as const, plugins: [specwright({ config: a.config })], build: { outDir: join(a.dir, 'dist') } };
    await vite.build(options);
    expect(existsSync(a.client)).toBe(true);
    expect(existsSync(join(a.dir, 'dist', 'index.html'))).toBe(true);

    rmSync(join(a.dir, 'src'), { recursive: true });
    writeFileSync(a.spec, BROKEN);
    await expect(vite.build(options)).rejects.toThrow(/specwright: .*spec\.yaml:\d+:\d+: /);
    expect(existsSync(join(a.dir, 'src'))).toBe(false);
  });

  it('watches a spec broken at start and a `$ref` file that a failed run found missing or broken, so that fixing them regenerates', async () => {
    const a = app();
    const spec = readFileSync(a.spec, 'utf8');
    writeFileSync(a.spec, BROKEN);
    const { log } = await devServer(a, { firstRun: /specwright: error: .*spec\.yaml:\d+:\d+: / });
    expect(existsSync(a.client)).toBe(false);
    writeFileSync(a.spec, spec);
    await until(() => existsSync(a.client), 'the client of the fixed spec', log);

    // A new `$ref` to a file not written yet, then written broken, then fixed.
    await settle();
    writeFileSync(a.spec, spec.replace('paths:\n', OWNER));
    await until(() => log.some((line) => /specwright: error: .*owner\.yaml/.test(line)), 'the error of the missing file', log);
    const owner = a.write('owner.yaml', 'Owner: { type: object, properties: { ownerName: { type: [ } }\n');
    await until(() => log.some((line) => /specwright: error: .*owner\.yaml:\d+:\d+: /.test(line)), 'the error of the broken file', log);
    await settle();
    writeFileSync(owner, 'Owner:\n  type: object\n  properties:\n    ownerName: { type: string }\n');
    await until(() => readFileSync(a.client, 'utf8').includes('checkOwner'), 'the client of the fixed `$ref` file', log);
  });

  it('clears the overlay when a fix leaves the output as it was, and shows the error to a page loaded while the spec is broken', async () => {
    const a = app();
    const { port, log } = await devServer(a);
    const open = await page(port);
    const spec = readFileSync(a.spec, 'utf8');
    writeFileSync(a.spec, BROKEN);
    await until(() => open.messages.find((m) => m.type === 'error'), 'an overlay error', log);

    // The page reloaded while the spec is broken: a new socket.
    const reloaded = await page(port);
    const error = await until(() => reloaded.messages.find((m) => m.type === 'error'), 'the error shown to the reloaded page', log);
    expect(error.err?.message).toMatch(/^specwright: .*spec\.yaml:\d+:\d+: /);

    // The last good bytes again: no output file changes, so Vite has no update to send.
    await settle();
    writeFileSync(a.spec, spec);
    await until(() => log.some((line) => /specwright: 0 of 5 files changed/.test(line)), 'the run of the fixed spec', log);
    for (const { messages } of [open, reloaded]) await until(() => messages.some((m) => m.type === 'full-reload'), 'the reload that clears the overlay', log);
    const later = await page(port);
    await settle();
    expect(later.messages.map((m) => m.type)).not.toContain('error');
  });

  it('stops with the dev server in middleware mode: after close, nothing it watched makes a run', async () => {
    const a = app();
    const { server, log } = await devServer(a, { middlewareMode: true });
    await server.close();
    const client = readFileSync(a.client, 'utf8');
    const lines = log.length;
    // While the server runs, each makes a run: a prettier config created where the output's files
    // look first (watched through fs.watch), and a spec edit.
    a.write('src/api/.prettierrc.json', JSON.stringify({ singleQuote: true }));
    writeFileSync(a.spec, readFileSync(a.spec, 'utf8').replace('paths:\n', PING));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(readFileSync(a.client, 'utf8')).toBe(client);
    expect(log.slice(lines).filter((line) => line.includes('specwright'))).toEqual([]);
  });

  it('hands over to the new server when Vite restarts it with the same plugin, and stops with the last one', async () => {
    const a = app();
    const { server, log } = await devServer(a);
    await server.restart();
    await until(() => server.watcher.getWatched()[a.dir]?.includes('spec.yaml'), "the spec in the new server's watcher", log);
    const spec = readFileSync(a.spec, 'utf8');
    writeFileSync(a.spec, spec.replace('paths:\n', PING));
    await until(() => readFileSync(a.client, 'utf8').includes('checkPing'), 'the client regenerated under the new server', log);
    await server.close();
    a.write('src/api/.prettierrc.json', JSON.stringify({ singleQuote: true }));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(readFileSync(a.client, 'utf8')).toContain('import * as z from "zod";');
  });

  it('writes a deleted user schema file again, and shows a deleted spec as an error until it is back', async () => {
    const a = app({ input_schema: 'web/schemas.ts' });
    const schemas = join(a.dir, 'web', 'schemas.ts');
    const { port, log } = await devServer(a);
    const created = readFileSync(schemas, 'utf8');
    const runs = () => log.filter((line) => /specwright: \d+ of \d+ files changed/.test(line));
    const before = runs().length;
    rmSync(schemas);
    await until(() => existsSync(schemas), 'the schema file written again', log);
    expect(readFileSync(schemas, 'utf8')).toBe(created);
    // Its creation is the plugin's own write, not a change to run for (given a second to be seen).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(runs().slice(before), log.join('\n')).toEqual([expect.stringMatching(/specwright: 1 of \d+ files changed \(web\/schemas\.ts\)/)]);

    const { messages } = await page(port);
    const spec = readFileSync(a.spec, 'utf8');
    await settle();
    rmSync(a.spec);
    const error = await until(() => messages.find((m) => m.type === 'error'), 'an overlay error', log);
    expect(error.err?.message).toMatch(/^specwright: .*spec\.yaml/);
    await settle();
    writeFileSync(a.spec, spec.replace('paths:\n', PING));
    await until(() => readFileSync(a.client, 'utf8').includes('checkPing'), 'the client of the spec written back', log);
    await until(() => messages.some((m) => m.type === 'full-reload'), 'the reload that clears the overlay', log);
  });

  it('lets go of a spec the config no longer names: its edits start no run, the new spec\'s do', async () => {
    const a = app();
    const { server, log } = await devServer(a);
    const spec = readFileSync(a.spec, 'utf8');
    const next = a.write('next.yaml', spec.replace('paths:\n', PING));
    const runs = () => log.filter((line) => /specwright: \d+ of \d+ files changed/.test(line)).length;
    const before = runs();
    await settle();
    writeFileSync(a.config, JSON.stringify({ input_openapi: 'next.yaml', zod_ts: { output: 'src/api' }, msw: { output: 'src/mocks' } }));
    await until(() => readFileSync(a.client, 'utf8').includes('checkPing'), 'the client of the new spec', log);
    await until(() => server.watcher.getWatched()[a.dir]?.includes('next.yaml'), "the new spec in Vite's watcher", log);
    const afterSwitch = runs();
    expect(afterSwitch).toBe(before + 1);

    // The old spec is edited (given two seconds to be seen): nothing runs.
    writeFileSync(a.spec, spec.replace('paths:\n', OWNER));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(runs(), log.join('\n')).toBe(afterSwitch);

    // The new one is: a run.
    writeFileSync(next, spec.replace('paths:\n', PING.replaceAll('checkPing', 'checkPong')));
    await until(() => readFileSync(a.client, 'utf8').includes('checkPong'), 'the client of the edited new spec', log);
  });

  it('rebuilds under `vite build --watch` once a spec broken at the first build is fixed', async () => {
    const a = app();
    const spec = readFileSync(a.spec, 'utf8');
    writeFileSync(a.spec, BROKEN);
    const events: string[] = [];
    const watcher = await vite.build({ root: join(a.dir, 'web'), configFile: false, logLevel: 'silent', plugins: [specwright({ config: a.config })], build: { outDir: join(a.dir, 'dist'), watch: {} } });
    if (!('on' in watcher)) throw new Error('vite build with build.watch returned no watcher');
    try {
      watcher.on('event', (event) => void events.push(event.code));
      await until(() => events.includes('ERROR'), 'the failed first build');
      // Rolldown watches the files once the build has ended.
      await settle();
      writeFileSync(a.spec, spec);
      await until(() => existsSync(join(a.dir, 'dist', 'index.html')), 'the build of the fixed spec', events);
      expect(existsSync(a.client)).toBe(true);
    } finally {
      await watcher.close();
    }
  });
});
