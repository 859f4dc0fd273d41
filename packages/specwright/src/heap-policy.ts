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
 * full collection before collecting again, which took Microsoft Graph beta to 2.7 GiB; a 50%
 * margin keeps it near 1.3 GiB. On smaller specs the margin costs CPU (GitHub's spec: 4.3 s
 * instead of 4.0 s, 2026-11-27) and saves memory they do not need, so it is left off.
 */
export function prepareHeapFor(specBytes: number): void {
  if (tuned && specBytes >= LARGE_SPEC_BYTES) setFlagsFromString('--heap-growing-percent=50');
}
