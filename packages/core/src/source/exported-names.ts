import { readFile, stat } from 'node:fs/promises';
import { SpecwrightError } from '../errors.js';
import { importModule } from '../import-module.js';

export interface ModuleExports {
  /** Exported value bindings (`export const PetSchema`, `export { a as b }`, functions, classes). */
  values: Set<string>;
  /** Exported type-only names (type aliases, interfaces, `export type { T }`). */
  types: Set<string>;
}

/** A node of the syntax tree a parser gave (Babel's or typescript-estree's shape). */
export interface AstNode {
  type: string;
  [key: string]: unknown;
}

type Node = AstNode;

/** A TypeScript module as read: its text, its top-level statements and its exports. */
export interface ParsedModule {
  source: string;
  body: AstNode[];
  exports: ModuleExports;
}

/** The last file parsed per path, and what it exports: zod-ts and the server read the same file in a run. */
const parsed = new Map<string, { source: string; exports: ModuleExports }>();

/**
 * The names a TypeScript module exports, read with prettier's bundled parsers (no second compiler
 * to install). Used to find which schemas a user-owned schema file provides. Babel's TypeScript
 * parser reads it, several times faster than prettier's TypeScript parser, which spends most of
 * its time converting TypeScript's tree (bench/readers.mjs); a file Babel cannot read goes to
 * TypeScript's own parser, whose error the user then sees, as before. A file is parsed once per
 * content (kept per path, so a watch session holds one copy). The parsers are loaded on first
 * use: a run without a user schema file need not load them at all.
 */
export async function parseExports(source: string, file: string): Promise<ModuleExports> {
  const known = parsed.get(file);
  if (known?.source === source) return copyOf(known.exports);
  const exports = collectExports((await parseWithBabel(source, file)) ?? (await parseWithTypeScript(source, file)));
  parsed.set(file, { source, exports });
  return copyOf(exports);
}

/**
 * `parseExports` with the syntax tree kept, for a caller that reads more than the names (the
 * user schema file's drift check). Not cached: the tree of a large file is large.
 */
export async function parseModule(source: string, file: string): Promise<ParsedModule> {
  const body = (await parseWithBabel(source, file)) ?? (await parseWithTypeScript(source, file));
  const exports = collectExports(body);
  parsed.set(file, { source, exports });
  return { source, body, exports: copyOf(exports) };
}

async function parseWithBabel(source: string, file: string): Promise<Node[] | undefined> {
  const { parsers } = await importModule<typeof import('prettier/plugins/babel')>('prettier/plugins/babel');
  try {
    return (parsers['babel-ts'].parse(source, { filepath: file } as never) as unknown as { program: { body: Node[] } }).program.body;
  } catch {
    return undefined;
  }
}

async function parseWithTypeScript(source: string, file: string): Promise<Node[]> {
  const { parsers } = await importModule<typeof import('prettier/plugins/typescript')>('prettier/plugins/typescript');
  try {
    return (parsers.typescript.parse(source, { filepath: file } as never) as unknown as { body: Node[] }).body;
  } catch (error) {
    const loc = (error as { loc?: { start?: { line?: number; column?: number } } }).loc?.start;
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    throw new SpecwrightError('SCHEMA_FILE_INVALID', `cannot parse the schema file: ${message}`, { file, line: loc?.line, column: loc?.column });
  }
}

function collectExports(body: Node[]): ModuleExports {
  const exports: ModuleExports = { values: new Set(), types: new Set() };
  for (const statement of body) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const declaration = statement['declaration'] as Node | null;
    const typeOnly = statement['exportKind'] === 'type';
    if (declaration) collectDeclaration(declaration, exports);
    for (const specifier of (statement['specifiers'] as Node[] | undefined) ?? []) {
      // Babel's `export * as ns from` (TypeScript's parser reads it as an `export *`, not named).
      if (specifier.type !== 'ExportSpecifier') continue;
      const exported = specifier['exported'] as Node;
      const name = (exported['name'] ?? exported['value']) as string;
      (typeOnly || specifier['exportKind'] === 'type' ? exports.types : exports.values).add(name);
    }
  }
  return exports;
}

const copyOf = (exports: ModuleExports): ModuleExports => ({ values: new Set(exports.values), types: new Set(exports.types) });

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

/** `parseExports` of a file on disk (the config's `input_schema`); `undefined` when the file does not exist. */
export async function readModuleExports(file: string): Promise<ModuleExports | undefined> {
  const source = await readModuleSource(file);
  return source === undefined ? undefined : parseExports(source, file);
}

/** `parseModule` of a file on disk; `undefined` when the file does not exist. */
export async function readModule(file: string): Promise<ParsedModule | undefined> {
  const source = await readModuleSource(file);
  return source === undefined ? undefined : parseModule(source, file);
}

async function readModuleSource(file: string): Promise<string | undefined> {
  let source: string;
  try {
    // A FIFO would block the read for ever, a device never end it: as for specs, only regular files.
    if (!(await stat(file)).isFile()) {
      throw new SpecwrightError('SCHEMA_FILE_INVALID', 'not a regular file; the schema file is a TypeScript file', { file, namedBy: 'input_schema' });
    }
    source = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof SpecwrightError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SpecwrightError('SCHEMA_FILE_INVALID', 'cannot read the schema file', { file });
  }
  return source;
}
