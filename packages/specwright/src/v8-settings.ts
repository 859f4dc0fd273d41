import { setFlagsFromString } from 'node:v8';

/**
 * The V8 flags the `specwright` command sets in its own process, before any code is hot. A run
 * is one burst of a few seconds (bench/v8-settings.mjs, GitHub's spec, the same bytes out):
 *
 * - `--no-turbo-inlining`: TurboFan's inlining cost more compiling than it saved.
 * - `--no-allocation-site-pretenuring`: V8 allocates an allocation site's objects straight in the
 *   old generation once many of them survived a scavenge. Which sites get there depends on when
 *   scavenges happen; the print documents of such a site then pile up until a full collection,
 *   which made peak memory and very large specs' times vary widely (bench/memory.mjs).
 *
 * Measurements: bench/HISTORY.md.
 */
export const COMMAND_V8_FLAGS = ['--no-turbo-inlining', '--no-allocation-site-pretenuring'] as const;

/** Sets `COMMAND_V8_FLAGS` in this process: only the command calls it, not `generate()`. */
export function applyCommandV8Flags(): void {
  for (const flag of COMMAND_V8_FLAGS) setFlagsFromString(flag);
}
