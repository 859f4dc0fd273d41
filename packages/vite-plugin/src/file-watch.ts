import { type FSWatcher, watch as watchDirectory } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Node's `fs.watch` on the directories of files that may not exist yet (the prettier config files
 * that may apply to the output). Vite's watcher (chokidar 3) is told of a missing file by watching
 * its directory, but reports the creation of only the first missing file it was given there: a
 * `.prettierrc.json` created after `.prettierrc` was added went unseen. A directory watch sees any
 * name; events are filtered by the files asked for. The watches do not keep the process alive.
 */
export function watchFiles(onChange: (path: string) => void): { add(paths: Iterable<string>): void; close(): void } {
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
            if (path !== undefined && files.has(path)) onChange(path);
          });
          watcher.on('error', () => {
            watcher.close();
            watchers.delete(dir);
          });
          watcher.unref();
          watchers.set(dir, watcher);
        } catch {
          // A directory that does not exist (yet): tried again on the next run's `add`.
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
