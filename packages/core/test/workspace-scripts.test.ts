/**
 * The workspace around the packages: the four commands linked at the root (DECISIONS: `pnpm exec
 * <command>` works from the root after `pnpm install`), and `scripts/provision.sh`, which installs
 * Node and pnpm when the machine's are too old for the engines field (>= 22.12).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pnpmCommand, repoRoot } from '@specwright/testing';
import { describe, expect, it } from 'vitest';

const COMMANDS: [string, string][] = [
  ['openapi-zod-ts', 'openapi-zod-ts'],
  ['openapi-server', 'openapi-server'],
  ['openapi-react-query', 'openapi-react-query'],
  ['openapi-msw', 'openapi-msw'],
  ['specwright', 'specwright'],
];

const versionOf = (pkg: string) => (JSON.parse(readFileSync(join(repoRoot, 'packages', pkg, 'package.json'), 'utf8')) as { version: string }).version;

describe('the commands at the root', () => {
  it.each(COMMANDS)('node_modules/.bin/%s --version prints the version alone', (command, pkg) => {
    const bin = join(repoRoot, 'node_modules', '.bin', command);
    expect(existsSync(bin), bin).toBe(true);
    const result = spawnSync(bin, ['--version'], { cwd: repoRoot, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${versionOf(pkg)}\n`);
  });

  it.each(COMMANDS)('pnpm exec %s --version works from the root', (command, pkg) => {
    const result = spawnSync(pnpmCommand(), ['exec', command, '--version'], { cwd: repoRoot, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${versionOf(pkg)}\n`);
  });

  it('all packages share one version', () => {
    expect(new Set(['core', 'vite-plugin', ...COMMANDS.map(([, pkg]) => pkg)].map(versionOf)).size).toBe(1);
  });
});

/**
 * provision.sh in a copy of the repository layout, with a PATH of fake `node`, `pnpm` and `npm`:
 * the fakes print the versions they are given, and `npm install` records its arguments and
 * installs a fake of the requested tool into `.tools/` as the real one would.
 */
describe('scripts/provision.sh', () => {
  function sandbox(nodeVersion: string | undefined, pnpmVersion: string | undefined) {
    const root = join(repoRoot, '.tmp');
    mkdirSync(root, { recursive: true });
    const dir = mkdtempSync(join(root, 'provision-'));
    mkdirSync(join(dir, 'scripts'));
    copyFileSync(join(repoRoot, 'scripts', 'provision.sh'), join(dir, 'scripts', 'provision.sh'));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    const fake = (name: string, body: string) => {
      writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
      chmodSync(join(bin, name), 0o755);
    };
    if (nodeVersion) fake('node', `echo ${nodeVersion}`);
    if (pnpmVersion) fake('pnpm', `echo ${pnpmVersion}`);
    // `npm install --prefix <dir> ... <tool>@<version>`: records the call, installs a fake tool.
    fake(
      'npm',
      [
        `echo "$@" >> ${join(dir, 'npm-calls')}`,
        'prefix=$3; eval "spec=\\${$#}"',
        'case "$spec" in',
        '  node@*) mkdir -p "$prefix/node_modules/node/bin"; printf \'#!/bin/sh\\necho v22.13.1\\n\' > "$prefix/node_modules/node/bin/node"; chmod +x "$prefix/node_modules/node/bin/node" ;;',
        '  pnpm@*) mkdir -p "$prefix/node_modules/.bin"; printf \'#!/bin/sh\\necho 10.34.9\\n\' > "$prefix/node_modules/.bin/pnpm"; chmod +x "$prefix/node_modules/.bin/pnpm" ;;',
        'esac',
      ].join('\n'),
    );
    const run = () => {
      const result = spawnSync('bash', ['-c', 'set -euo pipefail; source scripts/provision.sh; echo "node=$(node -v) pnpm=$(pnpm -v)"'], {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: `${bin}:/usr/bin:/bin`, HOME: dir },
      });
      const calls = existsSync(join(dir, 'npm-calls')) ? readFileSync(join(dir, 'npm-calls'), 'utf8').trim().split('\n') : [];
      return { code: result.status, stdout: result.stdout.trim(), stderr: result.stderr, installs: calls.map((call) => call.split(' ').at(-1)) };
    };
    return { run };
  }

  it.each([
    ['v22.11.0', ['node@22']],
    ['v22.9.3', ['node@22']],
    ['v21.99.0', ['node@22']],
    ['v20.19.2', ['node@22']],
    ['v22.12.0', []],
    ['v22.20.5', []],
    ['v24.1.0', []],
  ])('node %s: installs %j', (version, installs) => {
    const result = sandbox(version, '10.2.0').run();
    expect(result.code, result.stderr).toBe(0);
    expect(result.installs).toEqual(installs);
    expect(result.stdout).toBe(`node=${installs.length > 0 ? 'v22.13.1' : version} pnpm=10.2.0`);
  });

  it('installs both when the machine has neither (CI: Node 20 is too old, no pnpm)', () => {
    const result = sandbox(undefined, undefined).run();
    expect(result.code, result.stderr).toBe(0);
    expect(result.installs).toEqual(['node@22', 'pnpm@10.34.9']);
    expect(result.stdout).toBe('node=v22.13.1 pnpm=10.34.9');
  });

  it('installs pnpm 10 over pnpm 9, and uses what an earlier run installed into .tools', () => {
    const box = sandbox('v22.12.0', '9.15.0');
    expect(box.run().installs).toEqual(['pnpm@10.34.9']);
    const again = box.run();
    expect(again.installs).toEqual(['pnpm@10.34.9']);
    expect(again.stdout).toBe('node=v22.12.0 pnpm=10.34.9');
  });
});
