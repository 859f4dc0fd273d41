/**
 * `specwright --watch`: the directories that hold the inputs (the config, the spec, the files its
 * `$ref`s read, the user schema file, the prettier config files) are watched (`file-watch.ts`),
 * and the events debounced.
 */
import { relative } from 'node:path';
import { ConfigError, printWarnings, reportError, writeOutputs, type CommandIO } from '@specwright/core';
import { watchFiles } from './file-watch.js';
import { differ, fingerprints, holdsOwnWrite } from './fingerprints.js';
import { generateFromFile } from './generate.js';
import { createSession } from './session.js';

const LABEL = 'specwright';
/** Editors write a file in several steps; changes this close together make one run. */
const DEBOUNCE_MS = 25;

/** Runs until SIGINT or SIGTERM; resolves with exit code 0 (errors of a run are printed and outlived). */
export function watch(configFile: string, io: CommandIO, options: { verbose?: boolean } = {}): Promise<number> {
  const inputs = new Set<string>([configFile]);
  const session = createSession();
  /** What the last run wrote, so that the watcher ignores its own writes (a created schema file). */
  const written = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let pending = false;
  let firstChange = 0;
  let stopped = false;

  const show = (path: string) => relative(io.cwd, path) || path;

  /**
   * One run of the inputs whose bytes were `before` as it started. A failure keeps the last output
   * and is printed, unless an input changed meanwhile (`superseded`): the run may have read a save
   * half written (an 8 MB spec takes longer to write than the debounce), and the next run reads it whole.
   */
  const run = async (since: number, before: Map<string, string>): Promise<'done' | 'failed' | 'superseded'> => {
    const warnings = new Set<string>();
    // Every file the run reads or tries to, known even when it fails: the one missing or broken is watched.
    const reads = new Set<string>();
    try {
      const result = await generateFromFile(configFile, { warn: (message) => warnings.add(message), mode: 'none', session, reads });
      // Watched before the line is printed: whoever reads it may edit an input at once. What this
      // run read is all the output depends on: a file it no longer reads (the spec the config named
      // before) starts no run.
      inputs.clear();
      [configFile, ...reads, ...result.inputs, ...result.formatInputs].forEach((input) => inputs.add(input));
      replaceWatched();
      // Known before the write: the watcher may report the write before `writeOutputs` returns.
      for (const file of result.files) written.set(file.path, file.content);
      const { changed } = await writeOutputs(result.files);
      // An output directory the run created holds inputs too (an `.editorconfig` may be added there).
      updateWatchers();
      printWarnings(LABEL, warnings, io, options.verbose);
      const names = changed.length > 0 && changed.length <= 3 ? ` (${changed.map(show).join(', ')})` : '';
      io.stderr(`${LABEL}: ${changed.length} of ${result.files.length} files changed${names} in ${Math.round(performance.now() - since)} ms\n`);
      return 'done';
    } catch (error) {
      // The last good output stays; what the run read or tried to read is watched, so a fix is seen.
      reads.forEach((input) => inputs.add(input));
      updateWatchers();
      if (differ(before, await fingerprints(before.keys()))) {
        pending = true;
        return 'superseded';
      }
      // As the command does: a config error's warnings come from what the config got wrong.
      if (!(error instanceof ConfigError)) printWarnings(LABEL, warnings, io, options.verbose);
      reportError(LABEL, error, io);
      io.stderr(`${LABEL}: kept the last output; waiting for a change\n`);
      return 'failed';
    }
  };

  /** The inputs' bytes as the last good run started. */
  let lastRead: Map<string, string> | undefined;

  /**
   * Runs while changes come. One save can make several events, some delivered only after the run
   * that read it (an editor's write of a large spec spans the debounce, and a long run holds the
   * event loop): a run is due only when an input's bytes differ from those before the last good run.
   */
  const loop = async () => {
    let since = firstChange;
    do {
      pending = false;
      const before = await fingerprints(inputs);
      if (lastRead !== undefined && !differ(lastRead, before)) continue;
      const outcome = await run(since, before);
      if (outcome === 'done') {
        // Inputs the run found (a file a new `$ref` names) may be edited the moment its line is
        // printed: their next event runs whatever the bytes.
        lastRead = new Map([...inputs].map((input): [string, string] => [input, before.get(input) ?? 'not read before']));
      } else lastRead = undefined; // It may have read a save half written: the next event runs whatever the bytes.
      // A superseded run printed nothing: the next one's line counts from the same save.
      if (outcome !== 'superseded') since = performance.now();
    } while (pending && !stopped);
  };

  const start = () => {
    if (stopped) return;
    if (running) {
      pending = true;
      return;
    }
    running = loop().finally(() => (running = undefined));
  };

  const changed = (path: string) => {
    if (holdsOwnWrite(written, path)) return;
    if (timer === undefined) firstChange = performance.now();
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      start();
    }, DEBOUNCE_MS);
  };

  const files = watchFiles((path) => changed(path));
  const updateWatchers = () => {
    if (!stopped) files.add(inputs);
  };
  const replaceWatched = () => {
    if (!stopped) files.set(inputs);
  };

  return new Promise((resolveExit) => {
    const stop = () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      files.close();
      // A run under way finishes (its files are written all or none) before the command exits.
      void Promise.resolve(running).then(() => {
        io.stderr(`${LABEL}: stopped watching\n`);
        resolveExit(0);
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    updateWatchers();
    firstChange = performance.now();
    start();
  });
}
