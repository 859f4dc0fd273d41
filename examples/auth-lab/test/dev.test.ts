import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { freePort, pnpmCommand, repoRoot, waitForHttp } from '@specwright/testing';
import { describe, expect, it } from 'vitest';

/**
 * `pnpm dev` from the root: the Vite dev server with the specwright plugin, which generates the
 * code at start. Both scripts end in `exec`, so the SIGTERM sent to pnpm reaches Vite.
 */
describe('pnpm dev', () => {
  it('generates with the plugin, serves the app, and stops on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(pnpmCommand(), ['dev', '--port', String(port), '--host', '127.0.0.1'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitForHttp(`http://127.0.0.1:${port}/`, 120_000);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(output).toMatch(/specwright: \d+ of 10 files changed/);
    } finally {
      child.kill('SIGTERM');
    }
    await exited;
    // Vite went with it: nothing answers on the port any more.
    await expect(fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
  });
});

/**
 * The contract's per-generator configs (`<command>.auth.config.json`, run by `pnpm start` through
 * scripts/generate.mjs) and the one config the Vite plugin reads must describe the same output:
 * after the four commands ran, `specwright --check` finds every file up to date.
 */
describe('the Auth Lab configs', () => {
  it('specwright.config.json generates exactly what the four *.auth.config.json files generate', () => {
    const app = join(repoRoot, 'examples', 'auth-lab');
    const four = spawnSync(process.execPath, ['scripts/generate.mjs'], { cwd: app, encoding: 'utf8' });
    expect(four.status, four.stderr).toBe(0);
    const bin = join(repoRoot, 'packages', 'specwright', 'bin', 'specwright.js');
    const check = spawnSync(process.execPath, [bin, '--check', '--config', 'specwright.config.json'], { cwd: app, encoding: 'utf8' });
    expect(check.stdout).toBe('');
    expect(check.stderr).toMatch(/specwright: 10 files up to date/);
    expect(check.status).toBe(0);
  });
});
