import { readFile } from 'node:fs/promises';
import { SpecwrightError } from '../errors.js';

export interface ModuleExports {
  /** Exported value bindings (`export const PetSchema`, `export { a as b }`, functions, classes). */
  values: Set<string>;
  /** Exported type-only names (type aliases, interfaces, `export type { T }`). */
  types: Set<string>;
}

interface Node {
  type: string;
  [key: string]: unknown;
}

/**
 * The names a TypeScript module exports, read with prettier's bundled TypeScript parser (no
 * second compiler to install). Used to find which schemas a user-owned schema file provides.
 */
export async function parseExports(source: string, file: string): Promise<ModuleExports> {
  // Loaded here, not with the module: a run without a user schema file never needs the parser
  // (900 kB, ~25 ms to load).
  const typescriptParser = await import('prettier/plugins/typescript');
  let program: { body: Node[] };
  try {
    program = typescriptParser.parsers.typescript.parse(source, { filepath: file } as never) as unknown as { body: Node[] };
  } catch (error) {
    const loc = (error as { loc?: { start?: { line?: number; column?: number } } }).loc?.start;
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    throw new SpecwrightError('SCHEMA_FILE_INVALID', `cannot parse the schema file: ${message}`, { file, line: loc?.line, column: loc?.column });
  }
  const exports: ModuleExports = { values: new Set(), types: new Set() };
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const declaration = statement['declaration'] as Node | null;
    const typeOnly = statement['exportKind'] === 'type';
    if (declaration) collectDeclaration(declaration, exports);
    for (const specifier of (statement['specifiers'] as Node[] | undefined) ?? []) {
      const exported = specifier['exported'] as Node;
      const name = (exported['name'] ?? exported['value']) as string;
      (typeOnly || specifier['exportKind'] === 'type' ? exports.types : exports.values).add(name);
    }
  }
  return exports;
}

function collectDeclaration(declaration: Node, exports: ModuleExports): void {
  switch (declaration.type) {
    case 'VariableDeclaration':
      for (const declarator of declaration['declarations'] as Node[]) {
        const id = declarator['id'] as Node;
        if (id.type === 'Identifier') exports.values.add(id['name'] as string);
      }
      return;
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
    case 'TSEnumDeclaration':
      exports.values.add((declaration['id'] as Node)['name'] as string);
      if (declaration.type !== 'FunctionDeclaration') exports.types.add((declaration['id'] as Node)['name'] as string);
      return;
    case 'TSTypeAliasDeclaration':
    case 'TSInterfaceDeclaration':
      exports.types.add((declaration['id'] as Node)['name'] as string);
      return;
  }
}

/** `parseExports` of a file on disk; `undefined` when the file does not exist. */
export async function readModuleExports(file: string): Promise<ModuleExports | undefined> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SpecwrightError('SCHEMA_FILE_INVALID', 'cannot read the schema file', { file });
  }
  return parseExports(source, file);
}
