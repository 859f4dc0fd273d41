/**
 * Proof that raw code marked canonical (`code.canonicalRaw`) is prettier's own output: every
 * proven prettier version (the root's `prettier-<version>` aliases) formats each text, under the
 * default options, to itself, in a `.ts` and an `.mts` file and with each line end.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './paths.js';

type Prettier = typeof import('prettier');

const EOLS = { lf: '\n', crlf: '\r\n', cr: '\r' } as const;

async function loadPrettier(version: string): Promise<Prettier> {
  const require = createRequire(join(repoRoot, 'package.json'));
  const entry = join(require.resolve(`prettier-${version}/package.json`), '..', 'index.mjs');
  return (await import(pathToFileURL(entry).href)) as Prettier;
}

/**
 * The texts some proven prettier version does not print as they are, each as
 * `<name>: prettier <version>, <file>, <endOfLine>` (empty when all are canonical). The texts are
 * first formatted together, as top-level statements of one file (prettier lays each out on its
 * own, as the fast path does): one parse instead of one per text; on a difference, one by one.
 */
export async function notCanonical(texts: Record<string, string>): Promise<string[]> {
  // Imported here: the browser-like test environments (jsdom) import this package but cannot load the core.
  const { PROVEN_PRETTIER_VERSIONS } = await import('@specwright/core');
  const failures: string[] = [];
  const entries = Object.entries(texts);
  for (const version of PROVEN_PRETTIER_VERSIONS) {
    const prettier = await loadPrettier(version);
    for (const filepath of ['canonical.ts', 'canonical.mts']) {
      for (const [endOfLine, eol] of Object.entries(EOLS)) {
        const prints = async (text: string) => (await prettier.format(text, { filepath, endOfLine: endOfLine as keyof typeof EOLS })) === `${text}\n`.replaceAll('\n', eol);
        if (await prints(entries.map(([, text]) => text).join('\n\n'))) continue;
        for (const [name, text] of entries) if (!(await prints(text))) failures.push(`${name}: prettier ${version}, ${filepath}, ${endOfLine}`);
      }
    }
  }
  return failures;
}
