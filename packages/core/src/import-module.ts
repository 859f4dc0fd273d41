/**
 * The `specwright` command runs as one script that V8 compiles with a code cache (see the CLI
 * package's `run-script.ts`). A script compiled that way has no module loader behind `import()`,
 * so the script is handed one, made in an ES module beside it, as `specwrightImport`.
 */
declare const specwrightImport: ((specifier: string) => Promise<unknown>) | undefined;

/**
 * `import()` of a package or a file URL, through the command script's loader when it runs as that
 * script. A package name resolves from here, or from the command's directory in the script.
 */
export function importModule<T>(specifier: string): Promise<T> {
  return (typeof specwrightImport === 'function' ? specwrightImport(specifier) : import(specifier)) as Promise<T>;
}
