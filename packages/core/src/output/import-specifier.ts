import { relative, sep } from 'node:path';

/**
 * The specifier a module in `fromDir` imports `toFile` with: relative, `/`-separated, starting
 * with `.`, and with the extension TypeScript's `nodenext` resolution wants (`.ts` → `.js`).
 */
export function importSpecifier(fromDir: string, toFile: string): string {
  let path = relative(fromDir, toFile).split(sep).join('/');
  if (!path.startsWith('.')) path = `./${path}`;
  return path.replace(/\.(m|c)?tsx?$/, (_, kind: string | undefined) => (kind ? `.${kind}js` : '.js'));
}
