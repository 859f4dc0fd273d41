import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as prettier from 'prettier';
import { commandScript, repoRoot } from './paths.js';
import { tempProject, type Resolution } from './temp-project.js';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a workspace command (`node packages/<pkg>/bin/<command>.js ...`) in `cwd`. */
export function runCommandLine(pkg: string, command: string, args: string[], cwd: string, env: Record<string, string> = {}): RunResult {
  const result = spawnSync(process.execPath, [commandScript(pkg, command), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, DEBUG: '', ...env },
    timeout: 300_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export type TypeScriptVersion = '5.9' | '7';

/**
 * `tsc -p <dir>` with TypeScript 5.9 or 7; returns the exit code and the diagnostics. TypeScript 7
 * runs one checker: the suite already keeps both cores busy with two files, and its default four
 * checkers each re-derive the shared types (about 17% more CPU time on the real specs' checked
 * output, the same on small projects).
 */
export function typecheck(dir: string, version: TypeScriptVersion = '5.9'): RunResult {
  const pkg = version === '7' ? 'typescript7' : 'typescript';
  const tsc = join(repoRoot, 'node_modules', pkg, 'bin', 'tsc');
  const args = [tsc, '-p', dir, '--pretty', 'false', ...(version === '7' ? ['--checkers', '1'] : [])];
  const result = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', timeout: 600_000 });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** A project of several others, for {@link typecheckTogether}. */
export interface Member {
  label: string;
  dir: string;
}

/**
 * One `tsc` program over several projects' `.ts` files (the strict flag set, a resolution, plus
 * `extraOptions`): the libraries' declarations are read and bound once instead of once per
 * project. Each diagnostic goes back to the member whose folder holds its file; any other (a
 * library's, the options') goes to every member. Returns each label's diagnostics text.
 */
export function typecheckTogether(members: Member[], version: TypeScriptVersion, resolution: Resolution, extraOptions: object = {}): Map<string, string> {
  const umbrella = tempProject('typecheck-together', { prettier: false });
  const include = members.map(({ dir }) => `${relative(umbrella.dir, dir)}/**/*.ts`);
  const tsconfig = JSON.parse(readFileSync(umbrella.tsconfig(resolution, include), 'utf8')) as { compilerOptions: object };
  umbrella.write('tsconfig.json', JSON.stringify({ ...tsconfig, compilerOptions: { ...tsconfig.compilerOptions, ...extraOptions } }));
  const result = typecheck(umbrella.dir, version);
  const byLabel = new Map(members.map(({ label }) => [label, [] as string[]]));
  let owners: string[] = [];
  for (const line of `${result.stdout}${result.stderr}`.split('\n')) {
    if (line === '') continue;
    // A diagnostic starts with its file; its continuation lines are indented.
    if (!/^\s/.test(line)) {
      const file = /^(.+?)\(\d+,\d+\): /.exec(line)?.[1];
      const owner = file === undefined ? undefined : members.find(({ dir }) => !relative(dir, join(umbrella.dir, file)).startsWith('..'));
      owners = owner ? [owner.label] : members.map(({ label }) => label);
    }
    for (const label of owners) byLabel.get(label)!.push(line);
  }
  if (result.code !== 0 && [...byLabel.values()].every((lines) => lines.length === 0)) for (const lines of byLabel.values()) lines.push(`tsc exited with ${result.code} and no diagnostic`);
  return new Map([...byLabel].map(([label, lines]) => [label, lines.join('\n')]));
}

/** Every file under `dir` (relative paths), skipping node_modules. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      if (name === 'node_modules') continue;
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out.sort();
}

/** Files among `paths` that fail `prettier --check` under the config that applies to each. */
export async function prettierUnformatted(paths: string[]): Promise<string[]> {
  const failing: string[] = [];
  for (const path of paths) {
    const options = { ...((await prettier.resolveConfig(path, { editorconfig: true })) ?? {}), filepath: path };
    if (!(await prettier.check(readFileSync(path, 'utf8'), options))) failing.push(path);
  }
  return failing;
}

/** pnpm from PATH, else the copy `scripts/provision.sh` installs into `.tools/`. */
export function pnpmCommand(): string {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0) return 'pnpm';
  const provisioned = join(repoRoot, '.tools', 'pnpm', 'node_modules', '.bin', 'pnpm');
  if (existsSync(provisioned)) return provisioned;
  throw new Error('pnpm is not available: run `source scripts/provision.sh` first');
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `url` until it answers (any status) or `timeoutMs` passes. */
export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(lastError)}`);
}
