import { setFlagsFromString } from 'node:v8';

/** A spec file from this size keeps hundreds of megabytes alive through a run (Microsoft Graph beta: 47 MB, ~600 MB). */
export const LARGE_SPEC_BYTES = 20 * 1024 * 1024;

let tuned = false;

/**
 * Lets runs of this process tune V8's heap for very large specs. Only the `specwright` command
 * calls it: `generate()` and the Vite plugin leave their host's heap alone.
 */
export function tuneHeapOfThisProcess(): void {
  tuned = true;
}

/**
 * Before a spec of `specBytes` is read: V8 lets the heap grow to up to 4x what survived the last
 * full collection before collecting again, which takes a very large spec far past the memory
 * goal. A spec of `LARGE_SPEC_BYTES` or more gets a tight margin (a 50% one still came too near
 * the goal: bench/memory.mjs). A watch session (`session`) keeps its process and caches alive
 * for hours, so it gets a 50% margin whatever the spec. One run of a smaller spec goes without:
 * there the margin bought nothing (bench/v8-settings.mjs) and the run gives its memory back when
 * it ends. Measurements: bench/HISTORY.md.
 */
export function prepareHeapFor(specBytes: number, session: boolean): void {
  if (!tuned) return;
  if (specBytes >= LARGE_SPEC_BYTES) setFlagsFromString('--heap-growing-percent=30');
  else if (session) setFlagsFromString('--heap-growing-percent=50');
}
