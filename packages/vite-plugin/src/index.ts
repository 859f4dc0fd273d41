import { dirname, relative, resolve } from 'node:path';
import { createSession, differ, fingerprints, generateFromFile, watchFiles } from '@specwright/cli';
import { isUserError } from '@specwright/core';
import type { Logger, Plugin, ViteDevServer } from 'vite';

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
 * changes, through Vite's own watcher, or a prettier config file that applies to the output
 * (`watchFiles` of `@specwright/cli`). A failed run keeps the last output and shows the error in
 * the browser's overlay; Vite's module graph picks up the files that changed.
 */
export function specwright(options: SpecwrightPluginOptions = {}): Plugin {
  let configFile = '';
  let logger: Logger | undefined;
  let server: ViteDevServer | undefined;
  const inputs = new Set<string>();
  // Formatters and their caches kept from run to run while this Vite process lives.
  const session = createSession();
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let verifyTimer: NodeJS.Timeout | undefined;
  // The inputs' bytes when the last dev-server run ended: what its output reflects.
  let settled: Map<string, string> | undefined;
  const configWatch = watchFiles((path) => onInputChange(path), { keepAlive: false });

  const describe = (error: unknown) => (isUserError(error) ? error.describe() : error instanceof Error ? error.message : String(error));

  /**
   * One run; `strict` (a build) rethrows, the dev server reports the error and keeps going.
   * Returns the files the run generated.
   */
  const run = async (strict: boolean): Promise<string[]> => {
    const started = performance.now();
    inputs.add(configFile);
    try {
      const result = await generateFromFile(configFile, { warn: (message) => logger?.warn(`specwright: warning: ${message}`), session });
      for (const input of result.inputs) {
        if (!inputs.has(input)) server?.watcher.add(input);
        inputs.add(input);
      }
      // The prettier config files too (most do not exist): an edit changes the output as a spec edit does.
      result.formatInputs.forEach((input) => inputs.add(input));
      if (server) configWatch.add(result.formatInputs);
      const show = (path: string) => relative(dirname(configFile), path);
      const names = result.changed.length > 0 && result.changed.length <= 3 ? ` (${result.changed.map(show).join(', ')})` : '';
      logger?.info(`specwright: ${result.changed.length} of ${result.files.length} files changed${names} in ${Math.round(performance.now() - started)} ms`, { timestamp: true });
      return result.files.map((file) => file.path);
    } catch (error) {
      if (strict) throw new Error(`specwright: ${describe(error)}`, { cause: error });
      logger?.error(`specwright: error: ${describe(error)} (the last output is kept)`, { timestamp: true });
      server?.ws.send({ type: 'error', err: { message: `specwright: ${describe(error)}`, stack: '', plugin: 'specwright', id: configFile } });
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
    const after = await fingerprints(before.keys());
    if (differ(before, after, written)) again = true;
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

  const onInputChange = (path: string) => {
    if (!inputs.has(resolve(path))) return;
    schedule();
    verifyAfterThrottle();
  };

  const schedule = () => {
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

  return {
    name: 'specwright',
    configResolved(config) {
      configFile = resolve(config.configFile ? dirname(config.configFile) : config.root, options.config ?? 'specwright.config.json');
      logger = config.logger;
    },
    configureServer(devServer) {
      server = devServer;
      devServer.watcher.add(configFile);
      devServer.watcher.on('change', onInputChange);
      devServer.watcher.on('add', onInputChange);
      devServer.httpServer?.once('close', () => {
        clearTimeout(timer);
        clearTimeout(verifyTimer);
        configWatch.close();
      });
    },
    async buildStart() {
      // The dev server calls buildStart once at start: a bad spec must not stop it from serving.
      if (server) await start();
      else await run(true);
      for (const input of inputs) this.addWatchFile(input);
    },
  };
}
