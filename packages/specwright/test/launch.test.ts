import { spawn, spawnSync } from 'node:child_process';
import { hash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { CACHE_FILE } from '../src/code-cache.js';
import { YOUNG_GENERATION_FLAGS } from '../src/launch.js';

const launcher = pathToFileURL(join(import.meta.dirname, '..', 'dist', 'launch.js')).href;
const { NODE_COMPILE_CACHE: _dir, NODE_DISABLE_COMPILE_CACHE: _off, ...clean } = process.env;

/**
 * A command script (CommonJS, as the command's bundle is) that reports how its node was started
 * and what it was given, then does what `body` says; in `dir` when given.
 */
function commandScript(body: string, dir = tempProject('specwright-launch', { prettier: false }).dir): string {
  const script = join(dir, 'cli.cjs');
  writeFileSync(
    script,
    `const nodeModule = require('node:module');\nprocess.stdout.write(JSON.stringify({ pid: process.pid, execArgv: process.execArgv, argv: process.argv.slice(1), cacheDir: nodeModule.getCompileCacheDir() ?? null, url: specwrightScriptUrl }) + '\\n');\n${body}\n`,
  );
  return script;
}

/** `node [nodeFlags] bin.mjs args`, where bin.mjs launches the script as `bin/specwright.js` launches the bundle. */
function launchArgs(script: string, args: string[], nodeFlags: string[] = []): string[] {
  const bin = join(dirname(script), 'bin.mjs');
  writeFileSync(bin, `import { launch } from ${JSON.stringify(launcher)};\nawait launch(new URL(${JSON.stringify(pathToFileURL(script).href)}));\n`);
  return [...nodeFlags, bin, ...args];
}

/** A temp directory of its own for each test, so that no test touches the machine's compile cache. */
const ownTmp = () => tempProject('specwright-launch-tmp', { prettier: false }).dir;

/** Runs the launcher on the script; the first line of its output, and the rest. */
function launched(script: string, args: string[], { env = { TMPDIR: ownTmp() } as NodeJS.ProcessEnv, nodeFlags = [] as string[] } = {}) {
  const result = spawnSync(process.execPath, launchArgs(script, args, nodeFlags), { encoding: 'utf8', env: { ...clean, ...env } });
  const [first, ...rest] = result.stdout.split('\n');
  return { status: result.status, stderr: result.stderr, started: JSON.parse(first!) as { pid: number; execArgv: string[]; argv: string[]; cacheDir: string | null; url: string }, rest: rest.join('\n') };
}

/** The code caches of command scripts in a directory, and below it. */
function cachesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((path) => CACHE_FILE.test(path.split(/[\\/]/).pop()!));
}

describe('the specwright launcher', () => {
  it('runs a generation in a node started with the young-generation flags, with its arguments and exit code', () => {
    const script = commandScript('process.exitCode = 3;');
    const result = launched(script, ['--check', '--config', 'a.json']);
    expect(result.started.execArgv).toEqual(expect.arrayContaining(YOUNG_GENERATION_FLAGS));
    // As if node had run the script itself: the script, then the command's arguments.
    expect(result.started.argv).toEqual([script, '--check', '--config', 'a.json']);
    expect(result.started.url).toBe(pathToFileURL(script).href);
    expect(result.status).toBe(3);
  });

  it('runs --watch, --help and --version in its own process, and leaves flags the user gave alone', () => {
    const script = commandScript('');
    for (const args of [['--watch'], ['--help'], ['-v']]) {
      expect(launched(script, args).started.execArgv, args[0]).not.toContain(YOUNG_GENERATION_FLAGS[0]);
    }
    const { execArgv } = launched(script, [], { nodeFlags: ['--max-semi-space-size=8'] }).started;
    expect(execArgv).toContain('--max-semi-space-size=8');
    expect(execArgv).not.toContain(YOUNG_GENERATION_FLAGS[0]);
  });

  it("keeps node's compile cache for the run, where NODE_COMPILE_CACHE says, and none when it is disabled", () => {
    const script = commandScript('');
    const tmp = ownTmp();
    const cacheDir = (env: NodeJS.ProcessEnv, args: string[]) => launched(script, args, { env }).started.cacheDir;
    // By default node's directory in the temp directory (in it, node keeps a folder per version
    // and V8 flags), in the second process as in this one.
    const defaultDir = join(tmp, 'node-compile-cache', 'v');
    const inSecond = cacheDir({ TMPDIR: tmp }, ['--check']);
    expect(inSecond?.startsWith(defaultDir)).toBe(true);
    // Node's own entries (the launcher's modules), beside the script's code cache.
    expect(readdirSync(inSecond!).filter((name) => !CACHE_FILE.test(name)).length).toBeGreaterThan(0);
    expect(cacheDir({ TMPDIR: tmp }, ['--version'])?.startsWith(defaultDir)).toBe(true);
    const chosen = join(tmp, 'chosen');
    expect(cacheDir({ NODE_COMPILE_CACHE: chosen }, ['--check'])?.startsWith(join(chosen, 'v'))).toBe(true);
    expect(cacheDir({ TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: '1' }, ['--check'])).toBeNull();
    // A temp directory that does not exist: no cache, and nothing created (node 22.23 loops for
    // ever making one under /proc).
    const missing = join(tmp, 'missing', 'tmp');
    expect(cacheDir({ TMPDIR: missing }, ['--check'])).toBeNull();
    expect(existsSync(missing)).toBe(false);
  });

  it('keeps a code cache of the script made after it ran, reads it back, and makes it again when V8 rejects it', () => {
    const tmp = ownTmp();
    // A function compiled only when `--call` is given: a cache made after the run holds it.
    const script = commandScript(`function late() { let total = 0; for (let i = 0; i < 10; i++) total += [i, i * 2, i * 3].reduce((a, b) => a + b, 0); return total; }\nif (process.argv.includes('--call')) process.stdout.write(String(late()));`);
    const run = (args: string[]) => {
      const result = launched(script, args, { env: { TMPDIR: tmp } });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).toBe('');
      return result.started.cacheDir!;
    };
    const cacheDir = run(['--check']);
    const [cache] = readdirSync(cacheDir).filter((name) => CACHE_FILE.test(name));
    expect(cache).toBeDefined();
    const file = join(cacheDir, cache!);
    const plain = readFileSync(file);
    rmSync(file);
    run(['--check', '--call']);
    // Written when the run ended: the function compiled during it is in the cache.
    expect(readFileSync(file).length).toBeGreaterThan(plain.length);

    // Read back, and accepted: not written again.
    const accepted = () => {
      const [time, bytes] = [statSync(file).mtimeMs, readFileSync(file)];
      run(['--check', '--call']);
      expect(statSync(file).mtimeMs).toBe(time);
      expect(readFileSync(file).equals(bytes)).toBe(true);
    };
    accepted();

    // A cache V8 rejects (another node's: a payload V8 does not take, under the right digest) or
    // one damaged inside (which V8 would not notice, and crash on) does not stop the run; it is
    // made again, and that one is accepted.
    const foreign = Buffer.alloc(4096, 7);
    for (const damage of [() => Buffer.concat([hash('sha1', foreign, 'buffer'), foreign]), (bytes: Buffer) => bytes.fill(0xff, bytes.length >> 1, (bytes.length >> 1) + 64)]) {
      const damaged = damage(readFileSync(file));
      writeFileSync(file, damaged);
      run(['--check', '--call']);
      expect(readFileSync(file).equals(damaged)).toBe(false);
      accepted();
    }

    // A changed script has a cache of its own; the other stays.
    writeFileSync(script, `${readFileSync(script, 'utf8')}\n// changed\n`);
    run(['--check']);
    expect(cachesUnder(cacheDir).length).toBe(2);
  });

  it('makes no code cache after a failed run, or a run that changed V8 flags, or with the compile cache off', () => {
    const makesCache = (body: string, env: NodeJS.ProcessEnv = {}) => {
      const tmp = ownTmp();
      // Made as node would, so that a cache written anywhere below it would be found.
      mkdirSync(join(tmp, 'node-compile-cache'));
      const result = launched(commandScript(body), ['--check'], { env: { TMPDIR: tmp, ...env } });
      expect(result.stderr).toBe('');
      return cachesUnder(tmp).length > 0;
    };
    expect(makesCache('')).toBe(true);
    // A failed run compiled little of the command.
    expect(makesCache('process.exitCode = 1;')).toBe(false);
    // V8 would reject a cache made under flags other than those it was compiled with.
    expect(makesCache("require('node:v8').setFlagsFromString('--heap-growing-percent=50');")).toBe(false);
    expect(makesCache('', { NODE_DISABLE_COMPILE_CACHE: '1' })).toBe(false);
  });

  it("gives the script an import() for ES modules, packages resolved from the command's directory", () => {
    // Outside the repository: prettier resolves from the launcher's package, not from the script.
    const outside = mkdtempSync(join(tmpdir(), 'specwright-launch-import-'));
    try {
      const result = launched(commandScript(`specwrightImport('prettier').then((prettier) => process.stdout.write(typeof prettier.format));`, outside), ['--check']);
      expect(result.stderr).toBe('');
      expect(result.rest).toBe('function');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('passes a SIGTERM sent to it alone on to the run, and ends by that signal as the run did', async () => {
    const script = commandScript('setInterval(() => {}, 1000);');
    const parent = spawn(process.execPath, launchArgs(script, []), { stdio: ['ignore', 'pipe', 'inherit'], env: { ...clean, TMPDIR: ownTmp() } });
    const child = await new Promise<{ pid: number }>((resolve) => parent.stdout.once('data', (data: Buffer) => resolve(JSON.parse(data.toString()) as { pid: number })));
    expect(child.pid).not.toBe(parent.pid);
    const ended = new Promise<NodeJS.Signals | null>((resolve) => parent.once('exit', (_code, signal) => resolve(signal)));
    parent.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    // The run's process is gone too: signalling it fails.
    expect(() => process.kill(child.pid, 0)).toThrow();
  });
});
