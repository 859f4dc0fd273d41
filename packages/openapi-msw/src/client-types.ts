import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, importSpecifier, parseExports, type ApiModel, type Operation } from '@specwright/core';
import { createClientNames, SCHEMA_TYPES_FILE } from '@specwright/openapi-zod-ts';
import type { SchemaTypesModule } from './mock-values.js';

/** The client's schema types for `handlers.ts`, and what the finished build should warn of. */
export interface ClientTypes {
  module: SchemaTypesModule;
  /** Warnings once the factories are built: a missing file, or the types it lacks. */
  warnings: () => string[];
  /** The file on disk that was read (or found missing): an input of the output, for `--watch`. */
  read?: string | undefined;
}

/**
 * The one rule of `openapi-msw` and `specwright` (whose config sets `types_dir` to zod_ts.output):
 * `handlers.ts` in `output` imports `<types_dir>/schema-types.ts`, whose names are the client's
 * names of the model. A file this run writes (`planned`) comes from the same model; one on disk
 * is read for the types it exports, and a factory whose type it lacks returns `unknown`.
 */
export async function clientTypes(model: ApiModel, output: string, typesDir: string, planned?: ReadonlyMap<string, string>): Promise<ClientTypes> {
  const file = join(typesDir, SCHEMA_TYPES_FILE);
  const names = createClientNames(model);
  const specifier = importSpecifier(output, file);
  const exported = planned?.has(file) ? undefined : await exportedTypes(file);
  if (exported === 'missing') {
    const warning = `${file} does not exist yet: handlers.ts imports the mock factories' types from it, so run openapi-zod-ts first (into types_dir)`;
    let typed = false;
    return {
      module: {
        specifier,
        typeName: (key) => ((typed = true), names.schema(key).type),
        responseType: (operation, status) => {
          const type = names.operation(operation).responses.get(status)?.type;
          if (type !== undefined) typed = true;
          return type;
        },
      },
      warnings: () => (typed ? [warning] : []),
      read: file,
    };
  }
  // Lacking types by what falls back: a described factory to `unknown`, a generated factory or
  // an answer to its seeded value's type.
  const lacking = { unknown: new Set<string>(), seeded: new Set<string>() };
  const checked = (name: string, fallback: keyof typeof lacking): string | undefined => {
    if (exported === undefined || exported.has(name)) return name;
    lacking[fallback].add(name);
    return undefined;
  };
  const typeName = (key: string, seeded = false): string | undefined => checked(names.schema(key).type, seeded ? 'seeded' : 'unknown');
  // A status's body type as the client's function (successes) and `<Op>Errors` (errors) name it.
  const responseType = (operation: Operation, status: string): string | undefined => {
    const type = names.operation(operation).responses.get(status)?.type;
    return type === undefined ? undefined : checked(type, 'seeded');
  };
  const warnings = (): string[] => {
    const shown = (names: Set<string>) => [...names].slice(0, 5).join(', ') + (names.size > 5 ? ` and ${names.size - 5} more` : '');
    const generate = 'generate it with openapi-zod-ts from the same spec and filters';
    return [
      ...(lacking.unknown.size > 0 ? [`${file} (types_dir) exports no type ${shown(lacking.unknown)}: their mock factories return unknown; ${generate}`] : []),
      ...(lacking.seeded.size > 0 ? [`${file} (types_dir) exports no type ${shown(lacking.seeded)}: their mock factories and answers are typed by their seeded values; ${generate}`] : []),
    ];
  };
  return { module: { specifier, typeName, responseType }, warnings, read: exported === undefined ? undefined : file };
}

/** The type names a `schema-types.ts` on disk exports; 'missing' when there is none. */
async function exportedTypes(file: string): Promise<Set<string> | 'missing'> {
  let source: string;
  try {
    // As for specs and schema files: only a regular file is read (a FIFO would block for ever).
    if (!(await stat(file)).isFile()) throw new ConfigError(`${file} is not a regular file: types_dir names the directory of openapi-zod-ts's schema-types.ts`, { key: 'types_dir' });
    source = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return 'missing';
    throw new ConfigError(`cannot read ${file}: ${(error as Error).message}`, { key: 'types_dir' });
  }
  return (await parseExports(source, file)).types;
}
