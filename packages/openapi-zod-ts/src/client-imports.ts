import type { Code } from '@specwright/core';

/** Names `client.ts` takes from `schema-types.ts`, collected while building. */
export class Imports {
  readonly values = new Set<string>();
  readonly types = new Set<string>();
  readonly helpers = new Set<string>();
  zod = false;

  statement(from: string): Code.Stmt | undefined {
    const names: Code.ImportName[] = [
      ...[...this.values].map((name) => ({ name })),
      ...[...this.types].filter((name) => !this.values.has(name)).map((name) => ({ name, typeOnly: true })),
    ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return names.length > 0 ? { k: 'import', from, names } : undefined;
  }
}

