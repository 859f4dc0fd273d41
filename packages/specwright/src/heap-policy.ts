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
 * full collection before collecting again, which took Microsoft Graph beta to 2.7 GiB. A spec of
 * `LARGE_SPEC_BYTES` or more gets a 30% margin (bench/memory.mjs, Graph beta, 2026-11-27: peak
 * RSS 1,262-1,269 MiB and 29 s, against 1,457-1,515 MiB and 27 s with 50%, too near the
 * 1.5 GiB goal). A watch session (`session`) keeps its process and caches alive for hours, so
 * it gets a 50% margin whatever the spec (bench/specwright.mjs, GitHub's spec, 2026-11-27 06:00:
 * a watch process peaked at 320 MiB with it, 515 MiB without). One run of a smaller spec goes
 * without: there the margin bought nothing (bench/v8-settings.mjs, GitHub's spec: 284 against
 * 287 MiB, 2.28 against 2.25 s) and the run gives its memory back when it ends.
 */
export function prepareHeapFor(specBytes: number, session: boolean): void {
  if (!tuned) return;
  if (specBytes >= LARGE_SPEC_BYTES) setFlagsFromString('--heap-growing-percent=30');
  else if (session) setFlagsFromString('--heap-growing-percent=50');
}
