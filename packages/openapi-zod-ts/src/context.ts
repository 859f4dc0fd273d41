import type { ApiModel, NameRegistry, NamedSchema, SchemaNode } from '@specwright/core';
import { type OperationDeclaration, operationDeclarations } from './declarations.js';
import { orderSchemas, type SchemaOrder } from './schema-graph.js';
import type { ZodVariant } from './schema-emit.js';

/**
 * How a schema const gets its type. `asserted` (the default) writes
 * `const PetSchema: z.ZodType<Pet> = (() => z.object(...) as unknown as z.ZodType<Pet>)()`: the
 * compiler never computes zod's output types,
 * which is what makes large specs cheap to compile (several times faster on GitHub's). `checked`
 * writes `const PetSchema: z.ZodType<Pet> = z.object(...)`, so the compiler proves that the type
 * and the schema agree; the test suite compiles every fixture and the real specs that way.
 */
export type SchemaTyping = 'asserted' | 'checked';

/** The user-owned schema file as this run sees it. */
export interface UserSchemaFile {
  /** Absolute path. */
  file: string;
  /** Import specifier from the output directory (`../schemas.js`). */
  specifier: string;
  /** Schema names (`PetSchema`) the file exports as values and the generated code uses. */
  provided: Set<string>;
  /** True when this run creates the file. */
  created: boolean;
}

/** Everything one run of the generator knows; nothing lives in module state. */
export interface EmitContext {
  model: ApiModel;
  names: NameRegistry;
  order: SchemaOrder;
  schemaByKey: Map<string, NamedSchema>;
  declarations: OperationDeclaration[];
  typing: SchemaTyping;
  variant: ZodVariant;
  user?: UserSchemaFile;
}

export function createContext(model: ApiModel, names: NameRegistry, typing: SchemaTyping = 'asserted', variant: ZodVariant = 'classic'): EmitContext {
  return {
    model,
    names,
    order: orderSchemas(model),
    schemaByKey: new Map(model.schemas.map((s) => [s.key, s])),
    declarations: operationDeclarations(model, names),
    typing,
    variant,
  };
}

export function resolveNamed(context: EmitContext, key: string): SchemaNode | undefined {
  return context.schemaByKey.get(key)?.schema;
}
