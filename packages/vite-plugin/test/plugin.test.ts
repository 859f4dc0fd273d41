import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, freePort, tempProject } from '@specwright/testing';
import { build, createLogger, createServer, type ViteDevServer } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { specwright } from '../src/index.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

const PING = "paths:\n  /ping-check:\n    get:\n      operationId: checkPing\n      responses:\n        '204':\n          description: Up.\n";

/** A Vite app in `web/` whose entry imports the client that specwright writes into `src/api`. */
function app() {
  const p = tempProject('specwright-vite', { prettier: false });
  cpSync(fixture('petstore-3.1.yaml'), join(p.dir, 'spec.yaml'));
  const config = p.write('specwright.config.json', JSON.stringify({ input_openapi: 'spec.yaml', zod_ts: { output: 'src/api' }, msw: { output: 'src/mocks' } }));
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

const servers: ViteDevServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A Vite dev server on the app with the plugin, after the first run and once Vite watches the spec. */
async function devServer(a: ReturnType<typeof app>) {
  const port = await freePort();
  // Vite's log, as the terminal shows it.
  const log: string[] = [];
  const customLogger = createLogger('info');
  customLogger.info = (message) => void log.push(message);
  customLogger.error = (message) => void log.push(message);
  const server = await createServer({
    root: join(a.dir, 'web'),
    configFile: false,
    customLogger,
    plugins: [specwright({ config: a.config })],
    server: { port, strictPort: true, host: '127.0.0.1' },
  });
  servers.push(server);
  await server.listen();
  await until(() => log.some((line) => /specwright: 5 of 5 files changed in \d+ ms/.test(line)), 'the first run');
  // Vite's watcher takes the spec on once its directory is scanned.
  await until(() => server.watcher.getWatched()[a.dir]?.includes('spec.yaml'), "the spec in Vite's watcher");
  return { server, port, log };
}

describe('@specwright/vite', () => {
  it('generates at dev-server start, regenerates on spec edits through Vite, and shows a broken spec in the overlay', async () => {
    const a = app();
    const { port, log } = await devServer(a);
    expect(existsSync(a.client) && existsSync(join(a.dir, 'src', 'mocks', 'handlers.ts'))).toBe(true);

    // The browser's side: the HMR socket the overlay listens on, and the entry module.
    const messages: { type: string; err?: { message: string } }[] = [];
    const socket = new WebSocket(`ws://127.0.0.1:${port}/`, 'vite-hmr');
    socket.addEventListener('message', (event) => messages.push(JSON.parse(String(event.data)) as (typeof messages)[number]));
    await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
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
    writeFileSync(a.spec, 'openapi: 3.1.0\npaths: [\n');
    const error = await until(() => messages.find((m) => m.type === 'error'), 'an overlay error', log);
    expect(error.err?.message).toMatch(/^specwright: .*spec\.yaml:\d+:\d+: /);
    expect(log.some((line) => /specwright: error: .*spec\.yaml:\d+:\d+: .*\(the last output is kept\)/.test(line))).toBe(true);
    expect(readFileSync(a.client, 'utf8')).toBe(good);

    await settle();
    writeFileSync(a.spec, spec);
    await until(() => !readFileSync(a.client, 'utf8').includes('checkPing'), 'the client of the fixed spec', log);
    socket.close();
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
    expect(readFileSync(a.client, 'utf8')).toContain('import { z } from "zod";');
    // Created where prettier looks first for the output's files (the third name of its list there).
    const rc = a.write('src/api/.prettierrc.json', JSON.stringify({ singleQuote: true }));
    await until(() => readFileSync(a.client, 'utf8').includes("import { z } from 'zod';"), 'the client formatted with the new config', log);
    await settle();
    writeFileSync(rc, JSON.stringify({ singleQuote: true, semi: false }));
    await until(() => readFileSync(a.client, 'utf8').includes("import { z } from 'zod'\n"), 'the client formatted with the edited config', log);
  });

  it('generates at build start, and a broken spec fails the build with the file and place named', async () => {
    const a = app();
    const options = { root: join(a.dir, 'web'), configFile: false as const, logLevel: 'silent' as const, plugins: [specwright({ config: a.config })], build: { outDir: join(a.dir, 'dist') } };
    await build(options);
    expect(existsSync(a.client)).toBe(true);
    expect(existsSync(join(a.dir, 'dist', 'index.html'))).toBe(true);

    rmSync(join(a.dir, 'src'), { recursive: true });
    writeFileSync(a.spec, 'openapi: 3.1.0\npaths: [\n');
    await expect(build(options)).rejects.toThrow(/specwright: .*spec\.yaml:\d+:\d+: /);
    expect(existsSync(join(a.dir, 'src'))).toBe(false);
  });
});
