import { hash, randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The command script's V8 code caches on disk (see run-script.ts). V8 checks a cache's header
 * (its version, flags and the source's length) but, in release builds, not the payload: a
 * damaged file crashed node. So each file starts with a SHA-1 of the payload, checked first.
 */
const DIGEST_BYTES = 20;
/** Caches kept per directory: this script's and those of the three newest other builds. */
const KEPT = 4;
/** The name of a command script's cache file. */
export const CACHE_FILE = /^specwright-[0-9a-f]{16}\.cache$/;

/**
 * Where the cache of a script with this text goes: node's compile cache directory (one per node
 * version and startup flags), named by the text's hash since V8 checks only its length. None when
 * node's compile cache is off.
 */
export function codeCacheFile(text: string): string | undefined {
  const directory = module.getCompileCacheDir?.();
  if (!directory) return undefined;
  return join(directory, `specwright-${hash('sha1', text).slice(0, 16)}.cache`);
}

/** The cache's payload, or undefined when there is none or it is not what was written. */
export function readCodeCache(file: string): Buffer | undefined {
  let stored: Buffer;
  try {
    stored = readFileSync(file);
  } catch {
    return undefined;
  }
  const payload = stored.subarray(DIGEST_BYTES);
  return stored.length > DIGEST_BYTES && hash('sha1', payload, 'buffer').equals(stored.subarray(0, DIGEST_BYTES)) ? payload : undefined;
}

/**
 * Writes a cache through a file of its own, renamed into place, so that runs at the same time
 * never read half a file; a cache that cannot be written is not an error of the run.
 */
export function writeCodeCache(file: string, payload: Buffer): void {
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    writeFileSync(temporary, Buffer.concat([hash('sha1', payload, 'buffer'), payload]));
    renameSync(temporary, file);
    pruneCaches(dirname(file), file);
  } catch {
    // A full, read-only or vanished directory: the next run compiles as this one did.
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Removes the caches of other builds of the command beyond the `KEPT` most recent. */
function pruneCaches(directory: string, kept: string): void {
  const others = readdirSync(directory)
    .filter((name) => CACHE_FILE.test(name) && join(directory, name) !== kept)
    .map((name) => ({ path: join(directory, name), time: statSync(join(directory, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { path } of others.slice(KEPT - 1)) rmSync(path, { force: true });
}
