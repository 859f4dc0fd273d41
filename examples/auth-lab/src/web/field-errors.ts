import { extractFieldErrors, fieldErrorMap } from '@specwright/form-errors';

/**
 * Messages for the fields a form shows, from any error: the generated client's ValidationError
 * (nothing was sent) or a 400/422 answer of the server. Issues of other fields are ignored.
 */
export function messagesFor<Field extends string>(error: unknown, fields: readonly Field[]): Partial<Record<Field, string>> {
  const map = fieldErrorMap(extractFieldErrors(error, { statusCodes: [400, 422] }));
  const out: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const message = map[field];
    if (message !== undefined) out[field] = message;
  }
  return out;
}
