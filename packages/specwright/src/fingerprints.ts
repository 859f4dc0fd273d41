/**
 * What a watcher uses to tell whether an input's bytes changed while a run read it: a change event
 * can be dropped (Vite's chokidar drops a change within 50 ms of the last one) or be one of several
 * for a single save (an editor's write of a large file spans the debounce).
 */
import { hash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';

/**
 * A hash of each file's bytes (`missing` for a file that cannot be read). Only regular files are
 * read: an input replaced by a FIFO would block the read, and the watch, for ever (the run that
 * follows reports it).
 */
export async function fingerprints(paths: Iterable<string>): Promise<Map<string, string>> {
  const list = [...paths];
  const hashes = await Promise.all(
    list.map(async (path) => {
      try {
        if (!(await stat(path)).isFile()) return 'not a regular file';
        return hash('sha256', await readFile(path), 'base64');
      } catch {
        return 'missing';
      }
    }),
  );
  return new Map(list.map((path, i) => [path, hashes[i]!]));
}

/** Whether a file of `before` has other bytes in `after`; files in `ignore` (a run's own output) do not count. */
export function differ(before: Map<string, string>, after: Map<string, string>, ignore: ReadonlySet<string> = new Set()): boolean {
  return [...before].some(([path, value]) => !ignore.has(path) && after.get(path) !== value);
}

/**
 * Whether a watched file holds what a run wrote to it (`written`, by path): the watcher reports a
 * run's own writes too (a user schema file created again), and those are no edit. Only a regular
 * file is read: one replaced by a FIFO would block the read.
 */
export function holdsOwnWrite(written: ReadonlyMap<string, string>, path: string): boolean {
  const ours = written.get(path);
  if (ours === undefined) return false;
  try {
    return statSync(path).isFile() && readFileSync(path, 'utf8') === ours;
  } catch {
    // Gone or unreadable: a change like any other.
    return false;
  }
}
