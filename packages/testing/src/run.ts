import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as prettier from 'prettier';
import { commandScript, repoRoot } from './paths.js';

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

/** `tsc -p <dir>` with TypeScript 5.9 or 7; returns the exit code and the diagnostics. */
export function typecheck(dir: string, version: TypeScriptVersion = '5.9'): RunResult {
  const pkg = version === '7' ? 'typescript7' : 'typescript';
  const tsc = join(repoRoot, 'node_modules', pkg, 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { cwd: dir, encoding: 'utf8', timeout: 600_000 });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
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
