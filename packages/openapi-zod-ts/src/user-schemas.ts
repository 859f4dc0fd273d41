/**
 * The user-owned schema file (`input_schema`): created once with one `export const <Name>Schema`
 * per spec schema and per inline request body, importing only zod; never written again. Where it
 * exports a schema, `schema-types.ts` re-exports it and derives the type from it, so the client
 * validates with the user's rules (a `superRefine` added here is enforced by the client).
 */
import { extname, relative, sep } from 'node:path';
import { type Code, ConfigError, code as c, readModuleExports } from '@specwright/core';
import type { EmitContext, UserSchemaFile } from './context.js';
import { explicitlyTyped } from './explicit-types.js';
import { docOf, type SchemaScope, zodImport, zodSchema } from './schema-emit.js';
import { lazyRef, typedDeclaration } from './schema-types.js';

export const USER_HEADER = 'Created once by openapi-zod-ts. This file is yours: edit the schemas, it is never overwritten.';

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
 * one, with a warning naming it.
 */
export async function resolveUserSchemas(context: EmitContext, file: string, outputDir: string, warn: (message: string) => void): Promise<UserSchemaFile> {
  const expected = expectedUserSchemas(context);
  const exports = await readModuleExports(file);
  const specifier = userSpecifier(outputDir, file);
  if (!exports) return { file, specifier, provided: new Set(expected), created: true };
  const provided = new Set<string>();
  for (const name of expected) {
    if (exports.values.has(name)) provided.add(name);
    else warn(`${file}: no export "${name}"; the generated schema is used instead`);
  }
  return { file, specifier, provided, created: false };
}

/** The bootstrap content of the user file. */
export function userSchemaModule(context: EmitContext): Code.Module {
  const { names, order } = context;
  const body: Code.Stmt[] = [];
  let current = 0;
  // Schemas in a reference cycle need an explicit type, and so do those whose inferred type would
  // be too deep for the compiler (TS2589) or unsatisfiable (see explicit-types.ts); the others are
  // inferred, which keeps the file easy to edit (`.extend`, `.refine`, `.transform`).
  const typed = explicitlyTyped(context);
  const explicit = (key: string) => order.cyclic.has(key) || typed.has(key);
  const scope: SchemaScope = {
    variant: context.variant,
    zodRef: (key) => {
      const schema = names.schema(key).schema;
      return (order.position.get(key) ?? -1) < current ? c.id(schema) : lazyRef(schema);
    },
    typeRef: (key) => (explicit(key) ? c.tref(names.schema(key).type) : c.tref('z.output', [c.ttypeof(names.schema(key).schema)])),
    resolve: (key) => context.schemaByKey.get(key)?.schema,
  };
  for (const [index, named] of order.ordered.entries()) {
    current = index;
    const decl = names.schema(named.key);
    if (explicit(named.key)) body.push(...typedDeclaration(decl, named.schema, scope, { exportType: false, typing: 'checked' }));
    else body.push(c.constDecl(decl.schema, c.pureValue(zodSchema(named.schema, scope)), { exported: true, doc: docOf(named.schema) }));
  }
  current = order.ordered.length;
  for (const declaration of context.declarations) {
    if (declaration.role !== 'body') continue;
    body.push(c.constDecl(declaration.names.schema, c.pureValue(zodSchema(declaration.node, scope)), { exported: true, doc: docOf(declaration.node) }));
  }
  return { header: USER_HEADER, body: body.length > 0 ? [zodImport(context.variant), ...body] : [c.canonicalRaw('export {};')] };
}
