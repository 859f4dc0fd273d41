import { join } from 'node:path';
import type { HttpHandler } from 'msw';

/** What a resolver of a generated per-operation handler receives (handlers.ts types it per operation; the tests load the module at run time). */
export interface MockRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  request: Request;
}

/** `<operation>Handler(override?)` of handlers.ts: `{ status }`, `{ body }` (merged into the seeded mock) or a resolver. */
export type OperationHandler = (override?: { status?: number; body?: unknown } | ((input: MockRequest) => unknown)) => HttpHandler;

/** The handlers.ts of a generated project: its default handlers, and its per-operation handler by operation id. */
export interface GeneratedHandlers {
  handlers: HttpHandler[];
  mock: (operationId: string) => OperationHandler;
}

/** Imports handlers.ts from `out`; `mock(id)` fails loudly for an operation the file has no handler of. */
export async function importHandlers(out: string): Promise<GeneratedHandlers> {
  const module = (await import(join(out, 'handlers.ts'))) as { handlers: HttpHandler[] } & Record<string, unknown>;
  return {
    handlers: module.handlers,
    mock: (operationId) => {
      const handler = module[`${operationId}Handler`];
      if (typeof handler !== 'function') throw new Error(`handlers.ts has no ${operationId}Handler`);
      return handler as OperationHandler;
    },
  };
}
