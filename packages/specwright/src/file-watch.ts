import { existsSync, type FSWatcher, watch as watchDirectory } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { realPath } from '@specwright/core';

export interface FileWatch {
  /** Watches these files too (absolute paths; they need not exist yet). */
  add(paths: Iterable<string>): void;
  /**
   * Watches these files and no others: a file no longer read (the spec the config named before)
   * no longer starts runs, and directories left without a watched file are let go.
   */
  set(paths: Iterable<string>): void;
  close(): void;
}

/**
 * Node's own `fs.watch` on the directories that hold the files, filtered by file name: the set of
 * files is small and known, so no dependency is needed. A directory watch survives editors that
 * save by writing a new file and renaming it over the old one (a watch on the file itself would
 * follow the old inode and go silent), and sees a file created later under any name (chokidar 3,
 * Vite's watcher, reports the creation of only the first missing file it was given in a
 * directory). An event without a name is told for every watched file of its directory. A
 * directory that does not exist yet (a spec folder not made yet) is watched through its nearest
 * existing ancestor: when it appears, it is watched and the files already in it are told as
 * changed (they were written with it). A file that is a symbolic link is watched where it leads
 * too, where an editor saves it. `keepAlive: false` leaves the process free to exit (a host such as
 * Vite owns its lifetime).
 */
export function watchFiles(onChange: (path: string) => void, options: { keepAlive?: boolean } = {}): FileWatch {
  const files = new Set<string>();
  const watchers = new Map<string, FSWatcher>();
  /** Directories of watched files that do not exist yet. */
  const missing = new Set<string>();
  /** Where a watched file that is a symbolic link leads, to the file as named (an edit happens there). */
  const targets = new Map<string, string>();
  let closed = false;

  const filesIn = (dir: string) => [...files, ...targets.keys()].filter((file) => dirname(file) === dir);
  const tell = (path: string) => {
    if (files.has(path)) onChange(path);
    const named = targets.get(path);
    if (named !== undefined) onChange(named);
  };

  /** Watches a directory (once); false when it cannot be watched (it does not exist). */
  const watchDirectoryOf = (dir: string): boolean => {
    if (closed || watchers.has(dir)) return true;
    try {
      const watcher = watchDirectory(dir, (_event, name) => {
        const path = name === null ? undefined : join(dir, basename(name.toString()));
        if (path === undefined) filesIn(dir).forEach(tell);
        else tell(path);
        // Any event may be the creation of a missing directory (or of one above it).
        if (missing.size > 0) sync();
      });
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(dir);
      });
      if (options.keepAlive === false) watcher.unref();
      watchers.set(dir, watcher);
      return true;
    } catch {
      return false;
    }
  };

  /** Watches what the files need; returns the directories watched for them. */
  const sync = (): Set<string> => {
    for (const file of files) {
      const target = realPath(file);
      if (target !== file) targets.set(target, file);
    }
    const needed = new Set<string>();
    for (const dir of new Set([...files, ...targets.keys()].map((file) => dirname(file)))) {
      needed.add(dir);
      if (watchDirectoryOf(dir)) {
        // Made since (a spec folder copied in): the files already in it are new.
        if (missing.delete(dir)) filesIn(dir).filter((file) => existsSync(file)).forEach(tell);
        continue;
      }
      missing.add(dir);
      // The nearest existing ancestor tells when the directory is made.
      let up = dirname(dir);
      while (!watchDirectoryOf(up) && dirname(up) !== up) up = dirname(up);
      needed.add(up);
    }
    return needed;
  };

  return {
    add(paths) {
      for (const path of paths) files.add(path);
      sync();
    },
    set(paths) {
      files.clear();
      targets.clear();
      missing.clear();
      for (const path of paths) files.add(path);
      const needed = sync();
      for (const [dir, watcher] of watchers) {
        if (needed.has(dir)) continue;
        watcher.close();
        watchers.delete(dir);
      }
    },
    close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
