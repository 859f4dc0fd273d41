/** One message for one form field. `field` is `''` for an error that belongs to no field. */
export interface FieldError {
  field: string;
  message: string;
}

export interface ExtractOptions {
  /**
   * HTTP statuses whose response bodies carry field errors.
   * @default [400, 422]
   */
  statusCodes?: readonly number[];
}

const DEFAULT_STATUS_CODES: readonly number[] = [400, 422];

/**
 * Maps an error to form fields. Recognises (DECISIONS):
 * - a validation error with `issues: [{ path, message }]` (the generated client's
 *   `ValidationError`, any zod error), whatever its status;
 * - an API error `{ status, body }` whose status is in `statusCodes` and whose body carries
 *   `issues: [{ path, message }]`, `errors: [{ field | path | pointer, message | detail }]`
 *   (including RFC 9457 problem details with JSON pointers such as `/email`),
 *   `invalid-params: [{ name, reason }]` (the RFC's own example) or `fieldErrors: { field: [...] }`.
 *
 * Never throws: anything it does not recognise gives `[]`, and so does a 2xx status or the
 * generated client's `ResponseValidationError` (a response failing its schema is not the user's
 * input).
 */
export function extractFieldErrors(error: unknown, options: ExtractOptions = {}): FieldError[] {
  try {
    return extract(error, options.statusCodes ?? DEFAULT_STATUS_CODES);
  } catch {
    return [];
  }
}

/** The first message per field, for forms that show one message under each field. */
export function fieldErrorMap(errors: readonly FieldError[]): Record<string, string> {
  const map: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const { field, message } of errors) if (!(field in map)) map[field] = message;
  return map;
}

function extract(error: unknown, statusCodes: readonly number[]): FieldError[] {
  if (!isObject(error)) return [];
  // A 2xx answer whose body failed its schema (the generated client's ResponseValidationError)
  // carries issues too, but they are about the server's data, never about the user's input.
  if (read(error, 'name') === 'ResponseValidationError') return [];
  const status = read(error, 'status');
  if (typeof status === 'number' && status >= 200 && status < 300) return [];
  if (typeof status === 'number' && 'body' in error) {
    return statusCodes.includes(status) ? fromBody(read(error, 'body')) : [];
  }
  return fromIssues(read(error, 'issues'));
}

function fromBody(body: unknown): FieldError[] {
  if (!isObject(body)) return [];
  const issues = fromIssues(read(body, 'issues'));
  if (issues.length > 0) return issues;
  const errors = fromErrors(read(body, 'errors'));
  if (errors.length > 0) return errors;
  const params = fromInvalidParams(read(body, 'invalid-params') ?? read(body, 'invalid_params') ?? read(body, 'invalidParams'));
  if (params.length > 0) return params;
  return fromFieldErrors(read(body, 'fieldErrors'));
}

/** `[{ path: ['email'], message }]`: zod issues and this toolchain's 400/422 bodies. */
function fromIssues(issues: unknown): FieldError[] {
  return mapList(issues, (issue) => {
    const message = read(issue, 'message');
    const path = read(issue, 'path');
    if (typeof message !== 'string' || !Array.isArray(path)) return undefined;
    return { field: firstSegment(path), message };
  });
}

/** `[{ field | path | pointer, message | detail }]`, JSON:API-like and RFC 9457 extensions. */
function fromErrors(errors: unknown): FieldError[] {
  return mapList(errors, (entry) => {
    const message = read(entry, 'message') ?? read(entry, 'detail');
    if (typeof message !== 'string') return undefined;
    const field = read(entry, 'field');
    if (typeof field === 'string') return { field: pathTextField(field), message };
    const path = read(entry, 'path');
    if (Array.isArray(path)) return { field: firstSegment(path), message };
    if (typeof path === 'string') return { field: pathTextField(path), message };
    const pointer = read(entry, 'pointer') ?? read(read(entry, 'source'), 'pointer');
    if (typeof pointer === 'string') return { field: pointerField(pointer), message };
    return undefined;
  });
}

/** RFC 9457's example extension: `invalid-params: [{ name, reason }]`. */
function fromInvalidParams(params: unknown): FieldError[] {
  return mapList(params, (entry) => {
    const name = read(entry, 'name');
    const reason = read(entry, 'reason');
    return typeof name === 'string' && typeof reason === 'string' ? { field: name, message: reason } : undefined;
  });
}

/** zod's `flatten()` shape: `{ fieldErrors: { email: ['...'] } }`. */
function fromFieldErrors(fieldErrors: unknown): FieldError[] {
  if (!isObject(fieldErrors) || Array.isArray(fieldErrors)) return [];
  const out: FieldError[] = [];
  for (const field of Object.keys(fieldErrors)) {
    const messages = read(fieldErrors, field);
    if (Array.isArray(messages)) for (const message of messages) if (typeof message === 'string') out.push({ field, message });
  }
  return out;
}

function mapList(list: unknown, map: (entry: unknown) => FieldError | undefined): FieldError[] {
  if (!Array.isArray(list)) return [];
  const out: FieldError[] = [];
  for (const entry of list) {
    const mapped = map(entry);
    if (mapped) out.push(mapped);
  }
  return out;
}

function firstSegment(path: unknown[]): string {
  const first: unknown = path[0];
  if (typeof first === 'string' || typeof first === 'number') return String(first);
  if (isObject(first) && 'key' in first) return String(read(first, 'key'));
  return '';
}

/** A path written as text: `address.street`, `items[0].name` or a JSON pointer → its first element. */
function pathTextField(text: string): string {
  return text.startsWith('/') || text.startsWith('#/') ? pointerField(text) : text.split(/[.[]/)[0]!;
}

/** `/email`, `#/email`, `/address/street` → the first segment, unescaped (RFC 6901). */
function pointerField(pointer: string): string {
  const segment = pointer.replace(/^#/, '').split('/')[1] ?? '';
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}

/** Property access that tolerates throwing getters and proxies. */
function read(value: unknown, key: string): unknown {
  if (!isObject(value)) return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}
