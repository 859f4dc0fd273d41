import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { YOUNG_GENERATION_FLAGS } from '../src/launch.js';

const launcher = pathToFileURL(join(import.meta.dirname, '..', 'dist', 'launch.js')).href;

/** A command module that reports how its node was started, then does what `body` says. */
function commandModule(body: string): string {
  const p = tempProject('specwright-launch', { prettier: false });
  return p.write(
    'cli.mjs',
    `import module from 'node:module';\nprocess.stdout.write(JSON.stringify({ pid: process.pid, execArgv: process.execArgv, cacheDir: module.getCompileCacheDir() ?? null }) + '\\n');\n${body}\n`,
  );
}

/** `node [nodeFlags] -e "launch(module, args)"`, as `bin/specwright.js` does. */
function launchArgs(module: string, args: string[], nodeFlags: string[] = []): string[] {
  return [...nodeFlags, '--input-type=module', '-e', `const { launch } = await import(${JSON.stringify(launcher)}); await launch(new URL(${JSON.stringify(pathToFileURL(module).href)}), ${JSON.stringify(args)});`];
}

describe('the specwright launcher', () => {
  it('runs a generation in a node started with the young-generation flags, with its exit code', () => {
    const module = commandModule('process.exitCode = 3;');
    const result = spawnSync(process.execPath, launchArgs(module, ['--check']), { encoding: 'utf8' });
    const started = JSON.parse(result.stdout) as { execArgv: string[] };
    expect(started.execArgv).toEqual(expect.arrayContaining(YOUNG_GENERATION_FLAGS));
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
