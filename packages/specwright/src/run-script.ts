import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cachedDataVersionTag } from 'node:v8';
import { Script } from 'node:vm';
import { codeCacheFile, readCodeCache, writeCodeCache } from './code-cache.js';
import { applyCommandV8Flags } from './v8-settings.js';

/**
 * The parameters a command script is run with: CommonJS's five, the script's own URL (what its
 * modules read as `import.meta.url`) and `import()` (core's `import-module.ts`).
 */
const PARAMETERS = ['exports', 'require', 'module', '__filename', '__dirname', 'specwrightScriptUrl', 'specwrightImport'];

/**
 * Runs the command's bundle, a CommonJS script, with a V8 code cache of its own (code-cache.ts).
 * Node's compile cache holds only what V8 compiles before a module runs, its top level, so every
 * function was compiled again on its first call, in every run; this cache is made when a run
 * ends, and holds every function the run compiled. It is made when there was none or V8 rejected
 * it (another node or other flags), and only after a run that succeeded with the flags it started
 * with: V8 rejects a cache made under other flags (heap-policy.ts sets one during some runs), and
 * a failed run compiled little. The command's flags are set before the script is compiled for
 * the same reason. `codeCache: false` runs it without (bench/v8-settings.mjs).
 */
export function runCommandScript(file: string, { codeCache = true }: { codeCache?: boolean } = {}): void {
  applyCommandV8Flags();
  const text = `(function (${PARAMETERS.join(', ')}) {${readFileSync(file, 'utf8')}\n})`;
  const cacheFile = codeCache ? codeCacheFile(text) : undefined;
  const cachedData = cacheFile === undefined ? undefined : readCodeCache(cacheFile);
  const script = new Script(text, { filename: file, ...(cachedData ? { cachedData } : {}) });
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
    const flags = cachedDataVersionTag();
    process.once('exit', (code) => {
      if (code === 0 && cachedDataVersionTag() === flags) writeCodeCache(cacheFile, script.createCachedData());
    });
  }
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  const exports = {};
  run(exports, createRequire(file), { exports }, file, dirname(file), pathToFileURL(file).href, (specifier: string) => import(specifier));
}
