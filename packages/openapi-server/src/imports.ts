import { NameScope, code, type Code } from '@specwright/core';

// Where the client's types are and how a module imports them: decided once, for msw too.
export { importSpecifier } from '@specwright/core';
export { SCHEMA_TYPES_FILE } from '@specwright/openapi-zod-ts';

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
