import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { createSession, differ, fingerprints, generateFromFile, holdsOwnWrite, watchFiles, type FileWatch } from '@specwright/cli';
import { isUserError } from '@specwright/core';
import type { ErrorPayload, HotPayload, Logger, Plugin, ViteDevServer } from 'vite';

export interface SpecwrightPluginOptions {
  /**
   * The config file, relative to the directory of Vite's config file (else Vite's root).
   * @default 'specwright.config.json'
   */
  config?: string | undefined;
}

/** Changes this close together (an editor's several writes of one save) make one run. */
const DEBOUNCE_MS = 25;
/** Vite's watcher (chokidar) drops a change of a file within this long of the last one it reported. */
const WATCHER_THROTTLE_MS = 50;

/**
 * Runs `specwright` inside Vite: at build start (an error fails the build) and at dev-server start,
 * then again whenever the config, the spec, a file its `$ref`s read or the user schema file
 * changes or is deleted, through Vite's own watcher, or a file a run read or tried to read (a
 * prettier config file that applies to the output, the spec or `$ref` file that was missing or
 * broken) is created, edited or deleted (`watchFiles` of `@specwright/cli`). A failed run keeps the
 * last output and shows the error in the browser's overlay until a run succeeds; Vite's module
 * graph picks up the files that changed.
 */
export function specwright(options: SpecwrightPluginOptions = {}): Plugin {
  let configFile = '';
  let logger: Logger | undefined;
  let server: ViteDevServer | undefined;
  const inputs = new Set<string>();
  // The inputs given to the dev server's watcher, each once (every `add` makes chokidar look at the file again).
  const viteWatched = new Set<string>();
  // Formatters and their caches kept from run to run while this Vite process lives.
  const session = createSession();
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let verifyTimer: NodeJS.Timeout | undefined;
  // The inputs' bytes when the last dev-server run ended: what its output reflects.
  let settled: Map<string, string> | undefined;
  // Per dev server (Vite reuses an inline plugin when it restarts the server), made in `configureServer`.
  let fileWatch: FileWatch | undefined;
  let closed = false;
  // The error of the last dev-server run, while it is the last word: a browser that connects is shown it.
  let failure: ErrorPayload | undefined;
  // What the last run wrote of each file: the watcher reports its own writes too (a user schema file created again).
  const written = new Map<string, string>();

  const describe = (error: unknown) => (isUserError(error) ? error.describe() : error instanceof Error ? error.message : String(error));

  /**
   * Watches `paths` (through Vite's watcher, or through their directories while they do not exist)
   * and `byDirectory` through `fs.watch` on their directories, which sees a file created there
   * (Vite's watcher reports the creation of only the first missing file it was given in a
   * directory). `replace` (after a good run): these are all the output depends on, so a file no
   * longer read (the spec the config named before) starts no run. Files stay in Vite's watcher,
   * which may serve them as modules.
   */
  const watchInputs = (paths: string[], byDirectory: string[] = [], replace = false) => {
    const missing = paths.filter((path) => !existsSync(path));
    const throughDirectories = [...byDirectory, ...missing];
    if (replace) {
      inputs.clear();
      inputs.add(configFile);
    }
    for (const path of [...paths, ...throughDirectories]) inputs.add(path);
    if (server && !closed) {
      if (replace) fileWatch?.set(throughDirectories);
      else fileWatch?.add(throughDirectories);
    }
    for (const path of paths) {
      if (!server || closed || viteWatched.has(path) || missing.includes(path)) continue;
      viteWatched.add(path);
      server.watcher.add(path);
    }
  };

  /**
   * Sends to the browsers connected now. Vite keeps an error or a reload sent to none for the next
   * to connect: the `connection` listener shows that one the error, and a page loaded after a fix needs no reload.
   */
  const toBrowsers = (payload: HotPayload) => {
    if (server && server.ws.clients.size > 0) server.ws.send(payload);
  };

  const reportFailure = (error: unknown) => {
    logger?.error(`specwright: error: ${describe(error)} (the last output is kept)`, { timestamp: true });
    failure = { type: 'error', err: { message: `specwright: ${describe(error)}`, stack: '', plugin: 'specwright', id: configFile } };
    toBrowsers(failure);
  };

  /** Vite's client clears its overlay only on an update or a reload, and a fix may change no module the page imports. */
  const clearFailure = () => {
    if (!failure) return;
    failure = undefined;
    toBrowsers({ type: 'full-reload', path: '*' });
  };

  /**
   * One run; `strict` (a build) rethrows, the dev server reports the error and keeps going.
   * Returns the files the run generated.
   */
  const run = async (strict: boolean): Promise<string[]> => {
    const started = performance.now();
    inputs.add(configFile);
    // Every file the run reads or tries to read, known even when it fails: the one missing or broken is watched, so its fix is seen.
    const reads = new Set<string>();
    try {
      const result = await generateFromFile(configFile, { warn: (message) => logger?.warn(`specwright: warning: ${message}`), session, reads });
      written.clear();
      for (const file of result.files) written.set(file.path, file.content);
      // The prettier config files too (most do not exist): an edit or a creation changes the output as a spec edit does.
      const format = new Set(result.formatInputs);
      watchInputs(
        [...new Set([...reads, ...result.inputs])].filter((input) => !format.has(input)),
        result.formatInputs,
        true,
      );
      const show = (path: string) => relative(dirname(configFile), path);
      const names = result.changed.length > 0 && result.changed.length <= 3 ? ` (${result.changed.map(show).join(', ')})` : '';
      logger?.info(`specwright: ${result.changed.length} of ${result.files.length} files changed${names} in ${Math.round(performance.now() - started)} ms`, { timestamp: true });
      clearFailure();
      return result.files.map((file) => file.path);
    } catch (error) {
      watchInputs([...reads]);
      if (strict) throw new Error(`specwright: ${describe(error)}`, { cause: error });
      reportFailure(error);
      return [];
    }
  };

  /**
   * A dev-server run that runs again when an input changed while it ran: Vite's watcher
   * (chokidar) drops a change of a file within 50 ms of its last one, so a save right after
   * another could otherwise leave the output of the older text. The inputs' contents are hashed
   * before and after the run; a file the run wrote itself (a user schema file it created) is no
   * reason to run again.
   */
  const runChecked = async (): Promise<void> => {
    inputs.add(configFile);
    const before = await fingerprints(inputs);
    const written = new Set(await run(false));
    // What the output reflects: the inputs of this run (a good one may have let some go).
    const read = [...before.keys()].filter((path) => inputs.has(path));
    const after = await fingerprints(read);
    if (differ(new Map(read.map((path) => [path, before.get(path)!])), after, written)) again = true;
    settled = after;
  };

  /**
   * A save that lands after a run ended but within the watcher's throttle of the change it
   * reported is never reported: once that window has passed, the inputs are compared with what
   * the last run saw (a run still going compares when it ends, which is later still).
   */
  const verifyAfterThrottle = () => {
    clearTimeout(verifyTimer);
    verifyTimer = setTimeout(() => {
      const seen = settled;
      if (running || !seen) return;
      void fingerprints(seen.keys()).then((now) => {
        if (!running && settled === seen && differ(seen, now)) schedule();
      });
    }, WATCHER_THROTTLE_MS + 10);
  };

  /** A change, a creation or a deletion: a deleted spec is an error to show, a deleted schema file is written again. */
  const onInputChange = (path: string) => {
    const input = resolve(path);
    if (!inputs.has(input) || holdsOwnWrite(written, input)) return;
    schedule();
    verifyAfterThrottle();
  };

  const schedule = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) {
        again = true;
        return;
      }
      void start();
    }, DEBOUNCE_MS);
  };

  const start = (): Promise<void> => {
    if (closed) return Promise.resolve();
    const current = runChecked().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        schedule();
      }
    });
    running = current;
    return current;
  };

  /** After the server's close nothing runs or writes: the run under way ends before the close does. */
  const close = async () => {
    closed = true;
    clearTimeout(timer);
    clearTimeout(verifyTimer);
    fileWatch?.close();
    await running;
  };

  return {
    name: 'specwright',
    configResolved(config) {
      configFile = resolve(config.configFile ? dirname(config.configFile) : config.root, options.config ?? 'specwright.config.json');
      logger = config.logger;
    },
    configureServer(devServer) {
      // A restart configures the new server before it closes the old one, with this very plugin when it was given inline.
      fileWatch?.close();
      server = devServer;
      closed = false;
      failure = undefined;
      viteWatched.clear();
      fileWatch = watchFiles((path) => onInputChange(path), { keepAlive: false });
      devServer.watcher.add(configFile);
      for (const event of ['change', 'add', 'unlink'] as const) devServer.watcher.on(event, onInputChange);
      // A page loaded (or reloaded) while the last run failed still shows its error.
      devServer.ws.on('connection', (socket) => {
        if (failure) socket.send(JSON.stringify(failure));
      });
    },
    async buildStart() {
      // The dev server calls buildStart once at start: a bad spec must not stop it from serving.
      if (server) return start();
      try {
        await run(true);
      } finally {
        // A build that failed watches what it read too: `vite build --watch` rebuilds once it is fixed.
        for (const input of inputs) this.addWatchFile(input);
      }
    },
    // Vite calls it as the dev server closes, in middleware mode too (no http server to hear close); not for the old server of a restart.
    async buildEnd() {
      if (server && Object.values(server.environments).some((environment) => environment === this.environment)) await close();
    },
  };
}
