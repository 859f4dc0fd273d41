import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { applyCommandV8Flags } from './v8-settings.js';

/**
 * The parameters a command script is run with: CommonJS's five, the script's own URL (for what
 * its modules read as `import.meta.url`) and `import()` (core's `import-module.ts`).
 */
const PARAMETERS = ['exports', 'require', 'module', '__filename', '__dirname', 'specwrightScriptUrl', 'specwrightImport'];
/** Code caches of command scripts kept per cache directory: other builds' are removed beyond these. */
const KEPT_CACHES = 4;
const CACHE_FILE = /^specwright-[0-9a-f]{16}\.cache$/;

/**
 * Runs the command's bundle, a CommonJS script, with a V8 code cache of its own beside node's
 * compile cache. Node's compile cache holds only what V8 compiles before a script runs, its top
 * level; every function is then compiled again on its first call, in every run. This cache is
 * written when a run ends, so it holds the functions that run compiled (GitHub's spec, all four:
 * about a twentieth of a run, bench/v8-settings.mjs). It is written when there was none or V8
 * rejected it (another node or other flags), and it is keyed by the script's bytes: V8 itself
 * checks only their length. The command's V8 flags are set before the script is compiled, since
 * V8 rejects a cache made under other flags. `codeCache: false` runs it without (bench/v8-settings.mjs).
 */
export function runCommandScript(file: string, { codeCache = true }: { codeCache?: boolean } = {}): void {
  applyCommandV8Flags();
  const source = readFileSync(file, 'utf8');
  const cacheFile = codeCache ? codeCacheFile(source) : undefined;
  const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile);
  const script = new Script(`(function (${PARAMETERS.join(', ')}) {${source}\n})`, { filename: file, ...(cachedData ? { cachedData } : {}) });
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
    process.once('exit', () => writeCache(cacheFile, script));
  }
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  const exports = {};
  run(exports, createRequire(file), { exports }, file, dirname(file), pathToFileURL(file).href, (specifier: string) => import(specifier));
}

/** Where the cache of this script goes: node's compile cache directory (per node version and flags), or none. */
function codeCacheFile(source: string): string | undefined {
  const directory = module.getCompileCacheDir?.();
  if (!directory) return undefined;
  return join(directory, `specwright-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.cache`);
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes the cache through a file of this process's own, renamed into place, so that runs at the
 * same time never read half a file; a cache that cannot be written is not an error of the run.
 */
function writeCache(file: string, script: Script): void {
  try {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, file);
    pruneCaches(dirname(file), file);
  } catch {
    // A read-only or vanished directory: the next run compiles as this one did.
  }
}

/** Removes the caches of other builds of the command beyond the `KEPT_CACHES` most recent. */
function pruneCaches(directory: string, kept: string): void {
  const others = readdirSync(directory)
    .filter((name) => CACHE_FILE.test(name) && join(directory, name) !== kept)
    .map((name) => ({ path: join(directory, name), time: statSync(join(directory, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { path } of others.slice(KEPT_CACHES - 1)) rmSync(path, { force: true });
}
