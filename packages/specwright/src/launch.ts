import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * V8 sizes its young generation when node starts, and only node's command line can change that.
 * A run of a large spec allocates hundreds of megabytes of short-lived print documents: large
 * semi-spaces from the start make it about a tenth faster, and starting a second node for them
 * costs less than the noise (bench/v8-settings.mjs). 64 MB keeps the time and memory of 48 MB;
 * larger ones cost memory (bench/memory.mjs). Measurements: bench/HISTORY.md.
 */
export const YOUNG_GENERATION_FLAGS = ['--min-semi-space-size=64', '--max-semi-space-size=64'];

/** Arguments after which the command runs as it is: quick answers, and `--watch` and the mock server, which live for hours. */
const RUN_AS_IS = new Set(['--watch', '--serve', '--help', '-h', '--version', '-v']);
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * The script the second node process runs (child-entry.ts, bundled as CommonJS by
 * scripts/bundle-cli.mjs): it runs the command script named first.
 */
const CHILD_ENTRY = fileURLToPath(new URL('./child-entry.cjs', import.meta.url));

/**
 * Runs the command script `cli` (a CommonJS script, run by `runCommandScript`): here when node
 * already has young-generation flags (the user's own win) or the run is quick or long-lived,
 * otherwise in a second node process started with `YOUNG_GENERATION_FLAGS` (about 20 ms). That
 * process shares this one's terminal; its exit code is this one's, and a signal that ends it ends
 * this one the same way. Signals sent to this process alone (a `kill`, a process manager's
 * SIGTERM) are passed on.
 */
export async function launch(cli: URL): Promise<void> {
  const argv = process.argv.slice(2);
  const cacheDir = enableCompileCache();
  const tuned = process.execArgv.some((flag) => /^--(?:min|max)-semi-space-size\b/.test(flag));
  if (tuned || argv[0] === 'mock' || argv.some((arg) => RUN_AS_IS.has(arg))) return runHere(cli);
  const env = cacheDir === undefined ? process.env : { ...process.env, NODE_COMPILE_CACHE: cacheDir };
  const child = spawn(process.execPath, [...process.execArgv, ...YOUNG_GENERATION_FLAGS, CHILD_ENTRY, fileURLToPath(cli), ...argv], { stdio: 'inherit', env });
  const handlers = FORWARDED.map((signal) => [signal, () => child.kill(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null } | undefined>((resolve) => {
    child.once('error', () => resolve(undefined));
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  for (const [signal, handler] of handlers) process.off(signal, handler);
  // Node could not be started again (no such executable any more): the run happens here.
  if (!ended) return runHere(cli);
  if (ended.signal) process.kill(process.pid, ended.signal);
  else process.exitCode = ended.code ?? 1;
}

/** Runs the command script in this process; loaded only then, so that a second node starts sooner. */
async function runHere(cli: URL): Promise<void> {
  const { runCommandScript } = await import('./run-script.js');
  runCommandScript(fileURLToPath(cli));
}

/**
 * Node's on-disk compile cache, as TypeScript's `tsc` uses it: from the second run on, prettier's
 * 680 kB and the launcher's modules load from V8's code cache, not compiled anew, and the command
 * script keeps its own cache in the same directory (code-cache.ts). Node's own switches apply:
 * `NODE_DISABLE_COMPILE_CACHE=1` turns it off, `NODE_COMPILE_CACHE` names the directory (else
 * node's default in the temp directory, when that exists). Returns that directory for the second
 * process (node keeps a folder per version and flags inside it), or undefined when node did not
 * enable the cache.
 */
export function enableCompileCache(): string | undefined {
  // Node before 22.1 has no compile cache (and is below the supported 22.12): run without one.
  if (typeof module.enableCompileCache !== 'function') return undefined;
  const { ENABLED, ALREADY_ENABLED } = module.constants.compileCacheStatus;
  const chosen = process.env['NODE_COMPILE_CACHE'];
  // A temp directory that does not exist gets no cache: node would create it (as root, anywhere),
  // and node 22.23 loops for ever creating one under /proc.
  if (!chosen && !existsSync(tmpdir())) return undefined;
  const directory = chosen || join(tmpdir(), 'node-compile-cache');
  const { status } = module.enableCompileCache(directory);
  return status === ENABLED || status === ALREADY_ENABLED ? directory : undefined;
}
