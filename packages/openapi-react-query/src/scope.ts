import { GLOBAL_TYPE_NAMES, GLOBAL_VALUE_NAMES, NameScope } from '@specwright/core';

/**
 * The top-level names of a generated module. Exported declarations claim first; imports claim
 * after them and are aliased when taken (an operation named `query` gives a hook `useQuery`, and
 * TanStack's `useQuery` is then imported under another name).
 */
export class ModuleScope {
  private readonly scope = new NameScope([...GLOBAL_VALUE_NAMES, ...GLOBAL_TYPE_NAMES]);

  claim(base: string): string {
    return this.scope.claim(base);
  }
}

/**
 * A scope for the parameters and locals of one function. Parameter names are in scope in the
 * types of the parameters after them (`typeof listPets`) as well as in the body, so none may take
 * a module-level name the function refers to: those `referenced` by this function alone, and
 * those of `outerNames`, which many functions share.
 */
export function localScope(referenced: Iterable<string>, outer: ReadonlySet<string>): NameScope {
  return new NameScope(referenced, outer);
}

/** The globals and the given module-level names, for the local scopes of many functions. */
export function outerNames(referenced: Iterable<string>): ReadonlySet<string> {
  return new Set([...GLOBAL_VALUE_NAMES, ...GLOBAL_TYPE_NAMES, ...referenced]);
}

/** An imported binding: the exported name and the local name it goes by. */
export interface Imported {
  name: string;
  local: string;
  used: boolean;
}

/** Imports of one module, claimed up front (so locals never shadow them) and emitted when used. */
export class ImportTable {
  private readonly entries = new Map<string, Imported>();

  constructor(private readonly scope: ModuleScope) {}

  declare(name: string): void {
    if (!this.entries.has(name)) this.entries.set(name, { name, local: this.scope.claim(name), used: false });
  }

  /** The local name of an import, marking it used. */
  use(name: string): string {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`internal: import ${name} was not declared`);
    entry.used = true;
    return entry.local;
  }

  /** The local name of an import, without marking it used. */
  local(name: string): string {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`internal: import ${name} was not declared`);
    return entry.local;
  }

  /** Local names of every declared import. */
  locals(): string[] {
    return [...this.entries.values()].map((e) => e.local);
  }

  used(): Imported[] {
    return [...this.entries.values()].filter((e) => e.used);
  }
}
