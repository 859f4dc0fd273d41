/**
 * The `specwright` command runs as one script that V8 compiles with a code cache (the CLI
 * package's `run-script.ts`). `import()` in such a script needs a loader given to `node:vm`, and
 * node's only one that needs no flag (`USE_MAIN_CONTEXT_DEFAULT_LOADER`) is experimental and
 * prints a warning; so the script is handed `import()` of an ES module beside it, as
 * `specwrightImport`.
 */
declare const specwrightImport: ((specifier: string) => Promise<unknown>) | undefined;

/**
 * `import()` of a package or a file URL, through the command script's loader when it runs as that
 * script. A package name resolves from here, or from the command's directory in the script.
 */
export function importModule<T>(specifier: string): Promise<T> {
  return (typeof specwrightImport === 'function' ? specwrightImport(specifier) : import(specifier)) as Promise<T>;
}
