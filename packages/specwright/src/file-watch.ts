import { type FSWatcher, watch as watchDirectory } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface FileWatch {
  /** Watches these files too (absolute paths; they need not exist yet). */
  add(paths: Iterable<string>): void;
  close(): void;
}

/**
 * Node's own `fs.watch` on the directories that hold the files, filtered by file name: the set of
 * files is small and known, so no dependency is needed. A directory watch survives editors that
 * save by writing a new file and renaming it over the old one (a watch on the file itself would
 * follow the old inode and go silent), and sees a file created later under any name (chokidar 3,
 * Vite's watcher, reports the creation of only the first missing file it was given in a
 * directory). An event without a name is told for every watched file of its directory. A
 * directory that does not exist yet is tried again on the next `add`. `keepAlive: false` leaves
 * the process free to exit (a host such as Vite owns its lifetime).
 */
export function watchFiles(onChange: (path: string) => void, options: { keepAlive?: boolean } = {}): FileWatch {
  const files = new Set<string>();
  const watchers = new Map<string, FSWatcher>();
  let closed = false;
  return {
    add(paths) {
      for (const path of paths) files.add(path);
      for (const dir of new Set([...files].map((file) => dirname(file)))) {
        if (closed || watchers.has(dir)) continue;
        try {
          const watcher = watchDirectory(dir, (_event, name) => {
            const path = name === null ? undefined : join(dir, basename(name.toString()));
            if (path === undefined) [...files].filter((file) => dirname(file) === dir).forEach(onChange);
            else if (files.has(path)) onChange(path);
          });
          watcher.on('error', () => {
            watcher.close();
            watchers.delete(dir);
          });
          if (options.keepAlive === false) watcher.unref();
          watchers.set(dir, watcher);
        } catch {
          // A directory that does not exist (yet): tried again on the next `add`.
        }
      }
    },
    close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
