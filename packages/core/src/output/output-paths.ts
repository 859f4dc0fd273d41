/** Where an output path leads, and what stands in its way: questions asked before anything is written. */
import { realpathSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Where an absolute path leads once symbolic links are followed: the real path of its deepest
 * existing part, with the rest as written (an output may not exist yet). Two paths name the same
 * file when their real paths are equal, however they are spelt (`src/link.ts` → `src/mocks/handlers.ts`).
 */
export function realPath(path: string): string {
  const rest: string[] = [];
  for (let at = path; ; at = dirname(at)) {
    try {
      return join(realpathSync.native(at), ...rest.reverse());
    } catch {
      // Not there (yet), or not readable: its parent is tried.
      if (dirname(at) === at) return path;
      rest.push(basename(at));
    }
  }
}

/**
 * A file (not a directory) at `dir` or on the way to it, which the directory could never be
 * made through: the output directory the user meant is elsewhere. Undefined when there is none.
 */
export async function fileOnTheWay(dir: string): Promise<string | undefined> {
  for (let at = dir; ; at = dirname(at)) {
    const found = await stat(at).catch(() => undefined);
    if (found) return found.isDirectory() ? undefined : at;
    if (dirname(at) === at) return undefined;
  }
}
