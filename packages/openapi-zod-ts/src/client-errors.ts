/**
 * The declared errors of an operation in `client.ts`: the `<Pascal>Errors` type (status key to
 * body type) and the readers that parse each error body with its schema. Which responses are
 * errors is core's rule (`errorResponses`).
 */
import { code as c, errorResponses, type Code, type DeclarationNames, type Operation } from '@specwright/core';
import type { Imports } from './client-imports.js';
import type { EmitContext } from './context.js';
import { responseKind } from './response-kind.js';

/** `export type GetBookErrors = { 404: NotFound; "5XX": Problem; default: unknown }`, when the operation declares errors. */
export function errorsType(operation: Operation, context: EmitContext, imports: Imports): Code.Stmt | undefined {
  const names = context.names.operation(operation);
  if (names.errors === undefined) return undefined;
  const members = errorResponses(operation).map(({ status, response }) => {
    const content = response.contents[0];
    const checked = checkedError(operation, status, context);
    let type: Code.Type = c.kw('unknown');
    if (checked) {
      imports.types.add(checked.decl.type);
      type = c.tref(checked.decl.type);
    } else if (content && responseKind(content, context) === 'text') {
      type = c.kw('string');
    }
    return c.tprop(status, type);
  });
  return c.typeAlias(names.errors, c.tobj(members), {
    exported: true,
    doc: `The declared error responses of \`${names.fn}\`, by status: what \`ApiError.is\` narrows its body to.`,
  });
}

/** `{ "404": readJsonError(NotFoundSchema), default: readUncheckedError }`. */
export function errorReaders(operation: Operation, context: EmitContext, imports: Imports): Code.PropertyAssign[] {
  return errorResponses(operation).map(({ status }) => {
    const checked = checkedError(operation, status, context);
    if (checked) {
      imports.values.add(checked.decl.schema);
      const helper = checked.kind === 'json' ? 'readJsonError' : 'readTextError';
      imports.helpers.add(helper);
      return c.prop(status, c.call(helper, [c.id(checked.decl.schema)]));
    }
    imports.helpers.add('readUncheckedError');
    return c.prop(status, c.id('readUncheckedError'));
  });
}

/** A declared error whose body the client parses with its schema: JSON or text with a schema. */
function checkedError(operation: Operation, status: string, context: EmitContext): { decl: DeclarationNames; kind: 'json' | 'text' } | undefined {
  const content = operation.responses.find((r) => r.status === status)?.contents[0];
  const decl = context.names.operation(operation).responses.get(status);
  if (!content?.schema || !decl || content.kind === 'form' || content.kind === 'multipart') return undefined;
  const kind = responseKind(content, context);
  return kind === 'blob' ? undefined : { decl, kind };
}
