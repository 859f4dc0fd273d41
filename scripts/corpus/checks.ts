import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import type { CheckCache } from './check-cache.js';

const repoRoot = join(import.meta.dirname, '..', '..');

export type TscVersion = '5.9' | '7';

export interface TscResult {
  version: TscVersion;
  /** Number of `error TSxxxx` diagnostics. */
  errors: number;
  /** The first diagnostics (first line of each), paths relative to the project. */
  first: string[];
  ms: number;
  /** Set when tsc itself failed (killed, out of memory) rather than reporting diagnostics. */
  failure?: string;
  /** Taken from an earlier run of the same project (`--resume`, see `CheckCache`); `ms` is that run's. */
  reused?: boolean;
}

const DIAGNOSTIC = /^(?:(.+?)\(\d+,\d+\): )?error (TS\d+): /;

/** Runs `tsc -p <dir>` (TypeScript 5.9 or 7 = the `typescript7` package) and parses its output. */
export function typecheck(dir: string, version: TscVersion, keep = 5, timeoutMs = 0): Promise<TscResult> {
  const pkg = version === '7' ? 'typescript7' : 'typescript';
  const tsc = join(repoRoot, 'node_modules', pkg, 'bin', 'tsc');
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let errors = 0;
    const first: string[] = [];
    let pending = '';
    const timer = timeoutMs > 0 ? setTimeout(() => child.kill('SIGKILL'), timeoutMs) : undefined;
    const take = (line: string) => {
      if (!DIAGNOSTIC.test(line)) return;
      errors++;
      if (first.length < keep) first.push(line.length > 400 ? `${line.slice(0, 400)}…` : line);
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) take(line);
      if (out.length < 4096) out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (err.length < 4096) err += chunk;
    });
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      take(pending);
      const result: TscResult = { version, errors, first, ms: performance.now() - start };
      if (signal || (code !== 0 && errors === 0)) {
        result.failure = signal ? `tsc ${version} was killed (${signal})${timeoutMs > 0 ? `: over ${timeoutMs / 1000} s or out of memory` : ''}` : `tsc ${version} exited ${code}: ${(err || out).trim().split('\n').slice(0, 3).join(' | ')}`;
      }
      resolve(result);
    });
  });
}

export interface PrettierResult {
  /** Files (relative to the project) that fail `prettier --check`. */
  failing: string[];
  ms: number;
  /** Files whose verdict was taken from an earlier check of the same text and options. */
  reused?: number;
}

/** `prettier --check` of `files` (relative to `dir`), with the config that applies to each. */
export async function prettierCheck(dir: string, files: string[], cache?: CheckCache): Promise<PrettierResult> {
  const start = performance.now();
  const failing: string[] = [];
  let reused = 0;
  for (const file of files) {
    const path = join(dir, file);
    const options = { ...((await prettier.resolveConfig(path, { editorconfig: true })) ?? {}), filepath: path };
    const text = readFileSync(path, 'utf8');
    // The options hold the path: the key takes the relative one, the same in every project.
    const key = [JSON.stringify({ ...options, filepath: file }), text];
    let formatted = cache?.get<boolean>('prettier', key);
    if (formatted === undefined) {
      formatted = await prettier.check(text, options);
      cache?.set('prettier', key, formatted);
    } else reused++;
    if (!formatted) failing.push(file);
  }
  return { failing, ms: performance.now() - start, ...(cache ? { reused } : {}) };
}
