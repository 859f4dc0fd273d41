import { relative, sep } from 'node:path';
import { NameScope, code, type Code } from '@specwright/core';

/** The file `openapi-zod-ts` writes the schemas and types into. */
export const SCHEMA_TYPES_FILE = 'schema-types.ts';

/**
 * The specifier a module in `fromDir` imports `toFile` with: relative, `/`-separated, starting
 * with `.`, and with the extension TypeScript's `nodenext` resolution wants (`.ts` → `.js`).
 */
export function importSpecifier(fromDir: string, toFile: string): string {
  let path = relative(fromDir, toFile).split(sep).join('/');
  if (!path.startsWith('.')) path = `./${path}`;
  return path.replace(/\.(m|c)?tsx?$/, (_, kind: string | undefined) => (kind ? `.${kind}js` : '.js'));
}

/**
 * Names imported from one module, each under a local name free in the importing file (an alias
 * only when the exported name is taken there, for example a schema called `Service`).
 */
export class ImportList {
  private readonly locals = new Map<string, string>();

  constructor(
    private readonly from: string,
    private readonly scope: NameScope,
    private readonly typeOnly: boolean,
  ) {}

  /** The local name of `name`, imported on first use. */
  use(name: string): string {
    let local = this.locals.get(name);
    if (local === undefined) {
      local = this.scope.has(name) ? this.scope.claim(`${name}_`) : this.scope.claim(name);
      this.locals.set(name, local);
    }
    return local;
  }

  get size(): number {
    return this.locals.size;
  }

  /** The import statement, names sorted; undefined when nothing was used. */
  statement(): Code.Import | undefined {
    if (this.locals.size === 0) return undefined;
    const names = [...this.locals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, local]) => (local === name ? { name } : { name, alias: local }));
    return code.importFrom(this.from, names, { typeOnly: this.typeOnly });
  }
}
