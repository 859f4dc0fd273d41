/**
 * The user-owned schema file (`input_schema`): created once with one `export const <Name>Schema`
 * per spec schema and per inline request body, each built on its generated base
 * (`schema-bases.ts`); never written again. Where it exports a schema, `schema-types.ts`
 * re-exports it and derives the type from it, so the client validates with the user's rules (a
 * `superRefine` added here is enforced by the client).
 */
import { dirname, extname, join, relative, sep } from 'node:path';
import { type Code, ConfigError, code as c, readModule } from '@specwright/core';
import type { EmitContext, UserSchemaFile } from './context.js';
import { BASES_FILE, userDeclarations } from './schema-bases.js';
import { userSchemaDrift } from './user-schema-drift.js';

export const USER_HEADER = 'Created once by openapi-zod-ts. This file is yours: build your rules on the bases (.superRefine, .extend), it is never overwritten.';

/** Import specifier of the user file from the output directory (`.ts` → `.js`). */
export function userSpecifier(outputDir: string, file: string): string {
  const ext = extname(file);
  const js = ext === '.mts' ? '.mjs' : '.js';
  let path = relative(outputDir, file).split(sep).join('/');
  path = path.slice(0, path.length - ext.length) + js;
  return path.startsWith('.') ? path : `./${path}`;
}

export const USER_SCHEMA_EXTENSIONS = ['.ts', '.mts', '.tsx'];

export function checkUserSchemaPath(file: string, configFile: string): void {
  if (!USER_SCHEMA_EXTENSIONS.includes(extname(file)) || file.endsWith('.d.ts')) {
    throw new ConfigError(`must name a TypeScript file (${USER_SCHEMA_EXTENSIONS.join(', ')})`, { file: configFile, key: 'input_schema' });
  }
}

/** The schema names the user file is expected to export, in emission order. */
export function expectedUserSchemas(context: EmitContext): string[] {
  return [
    ...context.order.ordered.map((s) => context.names.schema(s.key).schema),
    ...context.declarations.filter((d) => d.role === 'body').map((d) => d.names.schema),
  ];
}

/**
 * Reads the user file (or plans its creation). A schema it lacks falls back to the generated
 * one, with a warning naming it. A schema not built on its base is compared with the spec
 * (`userSchemaDrift`): each difference is reported to `drift`, which `--check` fails on.
 */
export async function resolveUserSchemas(
  context: EmitContext,
  file: string,
  outputDir: string,
  report: { warn: (message: string) => void; drift: (message: string) => void },
): Promise<UserSchemaFile> {
  const expected = expectedUserSchemas(context);
  const parsed = await readModule(file);
  const specifier = userSpecifier(outputDir, file);
  if (!parsed) return { file, specifier, provided: new Set(expected), created: true };
  const provided = new Set<string>();
  for (const name of expected) {
    if (parsed.exports.values.has(name)) provided.add(name);
    else report.warn(`${file}: no export "${name}"; the generated schema is used instead`);
  }
  const { drift, notes } = userSchemaDrift(context, parsed, file);
  notes.forEach(report.warn);
  drift.forEach(report.drift);
  return { file, specifier, provided, created: false };
}

/** Import specifier of `schema-bases.ts` from the user file. */
export function basesSpecifier(outputDir: string, file: string): string {
  let path = relative(dirname(file), join(outputDir, BASES_FILE)).split(sep).join('/');
  path = `${path.slice(0, -'.ts'.length)}.js`;
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * The bootstrap content of the user file: each schema is its generated base
 * (`export const PetSchema = PetBase;`), to build on with `.superRefine(...)` or `.extend(...)`.
 * An alias is free for a bundler to drop; the README shows the pure form for added calls.
 */
export function userSchemaModule(context: EmitContext, outputDir: string, file: string): Code.Module {
  const declarations = userDeclarations(context);
  if (declarations.length === 0) return { header: USER_HEADER, body: [c.canonicalRaw('export {};')] };
  const body: Code.Stmt[] = [c.importFrom(basesSpecifier(outputDir, file), declarations.map((d) => d.base))];
  for (const { names, base } of declarations) body.push(c.constDecl(names.schema, c.id(base), { exported: true }));
  return { header: USER_HEADER, body };
}
