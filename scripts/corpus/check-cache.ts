import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { checkingScripts } from './fingerprint.js';

/**
 * The results of checks that depend only on their inputs, kept across runs under
 * `.tmp/corpus-check-cache/`: `tsc` of a project whose every file is byte for byte that of an
 * earlier run, `prettier --check` of one file's text, and the agreement checks (the corpus
 * runner's and `pnpm agreement`'s round trip) of the same project of the same spec. The generators' fingerprint changes with every commit to a generator, while
 * most specs' output does not: with `--resume`, those specs are generated again (the cheap part)
 * and these checks are reused. A key also holds the lockfile (every tool's version) and the corpus
 * scripts (what a check does).
 */
export interface CheckCache {
  /** The result stored under `parts`, or undefined. */
  get<T>(kind: string, parts: readonly string[]): T | undefined;
  set(kind: string, parts: readonly string[], value: unknown): void;
}

const root = join(import.meta.dirname, '..', '..');

export function digest(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(String(part.length)).update(':').update(part);
  return hash.digest('hex');
}

/** What every key holds: the lockfile and the checking scripts (the corpus runner's and `pnpm agreement`'s). */
function checkerDigest(): string {
  const scripts = checkingScripts(root).flatMap((path) => [relative(root, path), readFileSync(path)]);
  return digest(readFileSync(join(root, 'pnpm-lock.yaml')), ...scripts);
}

/** Every file of a project (its generated files, tsconfig, package.json), by relative path, in order. */
export function projectDigest(dir: string): string {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !join(entry.parentPath, entry.name).includes('node_modules'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  return digest(...files.flatMap((path) => [relative(dir, path), readFileSync(path)]));
}

/** The key of a check of a spec's project: its files and the spec text (the requests are the spec's). */
export function specProjectKey(dir: string, specPath: string): string[] {
  return [projectDigest(dir), digest(readFileSync(specPath))];
}

/**
 * The cache under `location`: a folder of one file per result (the default, `.tmp/corpus-check-cache`),
 * or a `.jsonl` file of one `{"k":key,"v":value}` line per result. The file form is the one a
 * repository can hold (`bench/corpus/all/checks.jsonl`), so that a run of the whole corpus carries
 * its checks into the next session's new checkout.
 */
export function openCheckCache(location = join(root, '.tmp', 'corpus-check-cache')): CheckCache {
  const checker = checkerDigest();
  const keyOf = (kind: string, parts: readonly string[]) => digest(checker, kind, ...parts);
  if (location.endsWith('.jsonl')) return openFileCache(location, keyOf);
  const pathOf = (kind: string, parts: readonly string[]) => join(location, kind, `${digest(checker, ...parts)}.json`);
  return {
    get<T>(kind: string, parts: readonly string[]) {
      try {
        return JSON.parse(readFileSync(pathOf(kind, parts), 'utf8')) as T;
      } catch {
        return undefined;
      }
    },
    set(kind, parts, value) {
      const path = pathOf(kind, parts);
      mkdirSync(join(location, kind), { recursive: true });
      // Two workers may store the same key: each writes its own file and renames it into place.
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(value));
      renameSync(tmp, path);
    },
  };
}

/** `{"k":"` and the 64 hex digits of a key: the start of every line of a file cache. */
const KEY_START = 6;
const KEY_END = KEY_START + 64;

/**
 * A cache in one append-only file. Each process indexes the lines present when it opens the file
 * (the last line of a key wins) and parses only the lines it reads; each `set` appends one line in
 * one write, so the corpus runner's workers can share the file. A line cut short by a killed run
 * is not JSON and is skipped.
 */
function openFileCache(path: string, keyOf: (kind: string, parts: readonly string[]) => string): CheckCache {
  mkdirSync(dirname(path), { recursive: true });
  const lines = new Map<string, string>();
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  // A line cut short is ended, so that the next line appended stays a line of its own.
  if (text !== '' && !text.endsWith('\n')) appendFileSync(path, '\n');
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    if (line.startsWith('{"k":"') && line[KEY_END] === '"') lines.set(line.slice(KEY_START, KEY_END), line);
    start = end === -1 ? text.length : end + 1;
  }
  return {
    get<T>(kind: string, parts: readonly string[]) {
      const line = lines.get(keyOf(kind, parts));
      if (line === undefined) return undefined;
      try {
        return (JSON.parse(line) as { v: T }).v;
      } catch {
        return undefined;
      }
    },
    set(kind, parts, value) {
      const key = keyOf(kind, parts);
      const line = JSON.stringify({ k: key, v: value });
      lines.set(key, line);
      appendFileSync(path, `${line}\n`);
    },
  };
}
