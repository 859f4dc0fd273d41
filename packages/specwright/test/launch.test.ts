import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { YOUNG_GENERATION_FLAGS } from '../src/launch.js';

const launcher = pathToFileURL(join(import.meta.dirname, '..', 'dist', 'launch.js')).href;

/**
 * A command script (CommonJS, as the command's bundle is) that reports how its node was started
 * and what it was given, then does what `body` says.
 */
function commandModule(body: string): string {
  const p = tempProject('specwright-launch', { prettier: false });
  return p.write(
    'cli.cjs',
    `const nodeModule = require('node:module');\nprocess.stdout.write(JSON.stringify({ pid: process.pid, execArgv: process.execArgv, argv: process.argv.slice(1), cacheDir: nodeModule.getCompileCacheDir() ?? null, url: specwrightScriptUrl }) + '\\n');\n${body}\n`,
  );
}

/** `node [nodeFlags] bin.mjs args`, where bin.mjs launches the script as `bin/specwright.js` launches the bundle. */
function launchArgs(module: string, args: string[], nodeFlags: string[] = []): string[] {
  const bin = join(dirname(module), 'bin.mjs');
  writeFileSync(bin, `import { launch } from ${JSON.stringify(launcher)};\nawait launch(new URL(${JSON.stringify(pathToFileURL(module).href)}));\n`);
  return [...nodeFlags, bin, ...args];
}

describe('the specwright launcher', () => {
  it('runs a generation in a node started with the young-generation flags, with its arguments and exit code', () => {
    const module = commandModule('process.exitCode = 3;');
    const result = spawnSync(process.execPath, launchArgs(module, ['--check', '--config', 'a.json']), { encoding: 'utf8' });
    const started = JSON.parse(result.stdout) as { execArgv: string[]; argv: string[]; url: string };
    expect(started.execArgv).toEqual(expect.arrayContaining(YOUNG_GENERATION_FLAGS));
    // As if node had run the script itself: the script, then the command's arguments.
    expect(started.argv).toEqual([module, '--check', '--config', 'a.json']);
    expect(started.url).toBe(pathToFileURL(module).href);
    expect(result.status).toBe(3);
  });

  it('runs --watch, --help and --version in its own process, and leaves flags the user gave alone', () => {
    const module = commandModule('');
    for (const args of [['--watch'], ['--help'], ['-v']]) {
      const result = spawnSync(process.execPath, launchArgs(module, args), { encoding: 'utf8' });
      expect((JSON.parse(result.stdout) as { execArgv: string[] }).execArgv, args[0]).not.toContain(YOUNG_GENERATION_FLAGS[0]);
    }
    const own = spawnSync(process.execPath, launchArgs(module, [], ['--max-semi-space-size=8']), { encoding: 'utf8' });
    const started = JSON.parse(own.stdout) as { execArgv: string[] };
    expect(started.execArgv).toContain('--max-semi-space-size=8');
    expect(started.execArgv).not.toContain(YOUNG_GENERATION_FLAGS[0]);
  });

  it("keeps node's compile cache for the run, where NODE_COMPILE_CACHE says, and none when it is disabled", () => {
    const module = commandModule('');
    const tmp = tempProject('specwright-launch-cache', { prettier: false }).dir;
    const { NODE_COMPILE_CACHE: _dir, NODE_DISABLE_COMPILE_CACHE: _off, ...clean } = process.env;
    const run = (env: NodeJS.ProcessEnv, args: string[]) => JSON.parse(spawnSync(process.execPath, launchArgs(module, args), { encoding: 'utf8', env: { ...clean, ...env } }).stdout) as { cacheDir: string | null };
    // By default node's directory in the temp directory (in it, node keeps a folder per version
    // and V8 flags), in the second process as in this one.
    const defaultDir = join(tmp, 'node-compile-cache', 'v');
    const inSecond = run({ TMPDIR: tmp }, ['--check']).cacheDir;
    expect(inSecond?.startsWith(defaultDir)).toBe(true);
    expect(readdirSync(inSecond!).length).toBeGreaterThan(0);
    expect(run({ TMPDIR: tmp }, ['--version']).cacheDir?.startsWith(defaultDir)).toBe(true);
    const chosen = join(tmp, 'chosen');
    expect(run({ NODE_COMPILE_CACHE: chosen }, ['--check']).cacheDir?.startsWith(join(chosen, 'v'))).toBe(true);
    expect(run({ TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: '1' }, ['--check']).cacheDir).toBeNull();
    // A temp directory that does not exist: no cache, and nothing created (node 22.23 loops for
    // ever making one under /proc).
    const missing = join(tmp, 'missing', 'tmp');
    expect(run({ TMPDIR: missing }, ['--check']).cacheDir).toBeNull();
    expect(existsSync(missing)).toBe(false);
  });

  it('keeps a code cache of the script made after it ran, reads it back, and makes it again when V8 rejects it', () => {
    const tmp = tempProject('specwright-launch-code-cache', { prettier: false }).dir;
    const { NODE_COMPILE_CACHE: _dir, NODE_DISABLE_COMPILE_CACHE: _off, ...clean } = process.env;
    // A function compiled only when `--call` is given: a cache made after the run holds it.
    const module = commandModule(`function late() { let total = 0; for (let i = 0; i < 10; i++) total += [i, i * 2, i * 3].reduce((a, b) => a + b, 0); return total; }\nif (process.argv.includes('--call')) process.stdout.write(String(late()));`);
    const run = (args: string[], env: NodeJS.ProcessEnv = { TMPDIR: tmp }) => {
      const result = spawnSync(process.execPath, launchArgs(module, args), { encoding: 'utf8', env: { ...clean, ...env } });
      expect(result.status, result.stderr).toBe(0);
      return JSON.parse(result.stdout.split('\n')[0]!) as { cacheDir: string | null };
    };
    const cachesIn = (dir: string) => readdirSync(dir).filter((name) => /^specwright-[0-9a-f]{16}\.cache$/.test(name));

    const { cacheDir } = run(['--check']);
    const [cache] = cachesIn(cacheDir!);
    expect(cache).toBeDefined();
    const file = join(cacheDir!, cache!);
    const plain = readFileSync(file);
    rmSync(file);
    run(['--check', '--call']);
    // Written when the run ended: the function compiled during it is in the cache.
    expect(readFileSync(file).length).toBeGreaterThan(plain.length);

    // Read back, and accepted: not written again.
    const written = statSync(file).mtimeMs;
    const bytes = readFileSync(file);
    run(['--check', '--call']);
    expect(statSync(file).mtimeMs).toBe(written);
    expect(readFileSync(file).equals(bytes)).toBe(true);

    // A cache V8 rejects (another node's, or damaged) does not stop the run and is made again,
    // and that one is accepted.
    const damaged = Buffer.alloc(bytes.length, 7);
    writeFileSync(file, damaged);
    run(['--check', '--call']);
    expect(readFileSync(file).equals(damaged)).toBe(false);
    const remade = statSync(file).mtimeMs;
    run(['--check', '--call']);
    expect(statSync(file).mtimeMs).toBe(remade);

    // A changed script has a cache of its own; the other stays.
    writeFileSync(module, `${readFileSync(module, 'utf8')}\n// changed\n`);
    run(['--check']);
    expect(cachesIn(cacheDir!).length).toBe(2);

    // With node's compile cache disabled, no code cache either.
    const off = tempProject('specwright-launch-code-cache-off', { prettier: false }).dir;
    run(['--check'], { TMPDIR: off, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(existsSync(join(off, 'node-compile-cache'))).toBe(false);
  });

  it("gives the script an import() for ES modules, packages resolved from the command's directory", () => {
    const module = commandModule(`specwrightImport('prettier').then((prettier) => process.stdout.write(typeof prettier.format));`);
    const result = spawnSync(process.execPath, launchArgs(module, ['--check']), { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n')[1]).toBe('function');
  });

  it('passes a SIGTERM sent to it alone on to the run, and ends by that signal as the run did', async () => {
    const module = commandModule('setInterval(() => {}, 1000);');
    const parent = spawn(process.execPath, launchArgs(module, []), { stdio: ['ignore', 'pipe', 'inherit'] });
    const child = await new Promise<{ pid: number }>((resolve) => parent.stdout.once('data', (data: Buffer) => resolve(JSON.parse(data.toString()) as { pid: number })));
    expect(child.pid).not.toBe(parent.pid);
    const ended = new Promise<NodeJS.Signals | null>((resolve) => parent.once('exit', (_code, signal) => resolve(signal)));
    parent.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    // The run's process is gone too: signalling it fails.
    expect(() => process.kill(child.pid, 0)).toThrow();
  });
});
