import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type FieldError, extractFieldErrors, fieldErrorMap } from '../src/index.js';

/** Shapes of the errors the generated client throws (it is generated, so mirrored here). */
class ValidationError extends Error {
  constructor(readonly issues: { path: (string | number)[]; message: string }[]) {
    super('Request body failed validation');
  }
}
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

describe('recognised formats', () => {
  it('reads the generated client ValidationError, whatever the status', () => {
    const error = new ValidationError([
      { path: ['email'], message: 'Email is required when method is email' },
      { path: ['items', 0, 'name'], message: 'Required' },
    ]);
    expect(extractFieldErrors(error, { statusCodes: [] })).toEqual([
      { field: 'email', message: 'Email is required when method is email' },
      { field: 'items', message: 'Required' },
    ]);
  });

  it('reads a real zod error, in order', () => {
    const schema = z.object({ email: z.email(), age: z.number().min(18, 'Too young') });
    const result = schema.safeParse({ email: 'nope', age: 3 });
    expect(result.success).toBe(false);
    const errors = extractFieldErrors(result.error);
    expect(errors.map((e) => e.field)).toEqual(['email', 'age']);
    expect(errors[1]!.message).toBe('Too young');
  });

  it("reads this toolchain's 400 and 422 bodies", () => {
    const body = { statusCode: 400, error: 'Bad Request', message: 'Invalid request body', issues: [{ code: 'custom', path: ['phone'], message: 'Phone is required when method is phone' }] };
    expect(extractFieldErrors(new ApiError(400, body))).toEqual([{ field: 'phone', message: 'Phone is required when method is phone' }]);
    expect(extractFieldErrors(new ApiError(422, { error: 'Invalid request body', issues: [{ code: 'too_small', path: ['name'], message: 'Too short' }] }))).toEqual([
      { field: 'name', message: 'Too short' },
    ]);
  });

  it.each([
    ['field + message', { errors: [{ field: 'email', message: 'taken' }] }, [{ field: 'email', message: 'taken' }]],
    ['path array + message', { errors: [{ path: ['address', 'street'], message: 'required' }] }, [{ field: 'address', message: 'required' }]],
    ['dotted path string', { errors: [{ path: 'address.street', message: 'required' }] }, [{ field: 'address', message: 'required' }]],
    ['pointer + detail (RFC 9457)', { type: 'about:blank', title: 'Bad', errors: [{ pointer: '/email', detail: 'must be valid' }] }, [{ field: 'email', message: 'must be valid' }]],
    ['fragment pointer with escapes', { errors: [{ pointer: '#/a~1b/0', detail: 'x' }] }, [{ field: 'a/b', message: 'x' }]],
    ['JSON:API source.pointer', { errors: [{ source: { pointer: '/phone' }, detail: 'bad' }] }, [{ field: 'phone', message: 'bad' }]],
    ['invalid-params (RFC example)', { 'invalid-params': [{ name: 'age', reason: 'must be positive' }] }, [{ field: 'age', message: 'must be positive' }]],
    ['fieldErrors (zod flatten)', { fieldErrors: { email: ['bad', 'worse'], phone: ['missing'] } }, [
      { field: 'email', message: 'bad' },
      { field: 'email', message: 'worse' },
      { field: 'phone', message: 'missing' },
    ]],
    ['form-level issue', { issues: [{ path: [], message: 'Passwords differ' }] }, [{ field: '', message: 'Passwords differ' }]],
  ])('reads %s from an API error body', (_, body, want) => {
    expect(extractFieldErrors(new ApiError(422, body))).toEqual(want);
  });

  it('keeps only entries it understands', () => {
    const body = { errors: [{ field: 'a', message: 'ok' }, { message: 'no field' }, 'junk', { field: 'b', message: 3 }] };
    expect(extractFieldErrors(new ApiError(400, body))).toEqual([{ field: 'a', message: 'ok' }]);
  });
});

describe('statuses', () => {
  const body = { issues: [{ path: ['email'], message: 'bad' }] };

  it('ignores statuses outside statusCodes', () => {
    expect(extractFieldErrors(new ApiError(500, body))).toEqual([]);
    expect(extractFieldErrors(new ApiError(401, body))).toEqual([]);
    expect(extractFieldErrors(new ApiError(422, body), { statusCodes: [400] })).toEqual([]);
  });

  it('accepts custom statusCodes', () => {
    expect(extractFieldErrors(new ApiError(409, body), { statusCodes: [409] })).toEqual([{ field: 'email', message: 'bad' }]);
  });

  it('accepts plain objects shaped like an API error', () => {
    expect(extractFieldErrors({ status: 400, body })).toEqual([{ field: 'email', message: 'bad' }]);
  });
});

describe('junk never throws', () => {
  const cyclic: Record<string, unknown> = { status: 400 };
  cyclic['body'] = cyclic;
  cyclic['issues'] = [cyclic];
  const throwing = new Proxy(
    {},
    {
      get() {
        throw new Error('boom');
      },
      has() {
        throw new Error('boom');
      },
    },
  );
  const getter = Object.defineProperty({ status: 400 }, 'body', {
    get() {
      throw new Error('boom');
    },
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'Invalid email'],
    ['a number', 400],
    ['an array', [{ path: ['a'], message: 'b' }]],
    ['an Error', new Error('plain')],
    ['a cyclic object', cyclic],
    ['a proxy that throws', throwing],
    ['a throwing getter', getter],
    ['issues not an array', { issues: 'nope' }],
    ['body as a string', new ApiError(400, 'Bad Request')],
    ['body null', new ApiError(422, null)],
    ['fieldErrors an array', new ApiError(422, { fieldErrors: ['x'] })],
  ])('%s gives []', (_, value) => {
    expect(() => extractFieldErrors(value)).not.toThrow();
    expect(extractFieldErrors(value)).toEqual([]);
  });
});

describe('fieldErrorMap', () => {
  it('keeps the first message per field', () => {
    const map = fieldErrorMap([
      { field: 'email', message: 'first' },
      { field: 'email', message: 'second' },
      { field: 'phone', message: 'p' },
    ]);
    expect(map).toEqual({ email: 'first', phone: 'p' });
    expect(Object.getPrototypeOf(map)).toBeNull();
  });

  it('is not fooled by __proto__ as a field', () => {
    const map = fieldErrorMap([{ field: '__proto__', message: 'x' }]);
    expect(map['__proto__']).toBe('x');
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});

describe('types', () => {
  it('accepts anything and returns field errors', () => {
    expectTypeOf(extractFieldErrors).parameter(0).toEqualTypeOf<unknown>();
    expectTypeOf(extractFieldErrors).returns.toEqualTypeOf<FieldError[]>();
    expectTypeOf<FieldError>().toEqualTypeOf<{ field: string; message: string }>();
    // @ts-expect-error statusCodes takes numbers
    extractFieldErrors(null, { statusCodes: ['400'] });
  });
});
