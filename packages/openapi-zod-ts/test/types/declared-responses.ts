// Type tests of the client generated for fixtures/specs/declared-responses.yaml (compiled by client-types.test.ts).
import { expectTypeOf } from 'vitest';
import { ApiError, createBook, deleteBook, getBook, type Book, type CreateBookErrors, type CreateBookResponse202, type DeleteBookErrors, type FieldProblem, type GetBookErrors, type NotFound } from './gen/index.js';

// Several declared 2xx resolve to the union of their bodies.
expectTypeOf(createBook).returns.resolves.toEqualTypeOf<Book | CreateBookResponse202>();
expectTypeOf(deleteBook).returns.resolves.toEqualTypeOf<void>();
expectTypeOf(getBook).returns.resolves.toEqualTypeOf<Book>();

// The error maps: status key to body type.
expectTypeOf<GetBookErrors[404]>().toEqualTypeOf<NotFound>();
expectTypeOf<GetBookErrors['5XX']>().toEqualTypeOf<{ retryAfter: number }>();
expectTypeOf<GetBookErrors['default']>().toEqualTypeOf<string>();
expectTypeOf<CreateBookErrors[422]>().toEqualTypeOf<FieldProblem>();
expectTypeOf<DeleteBookErrors[409]>().toEqualTypeOf<string>();

declare const error: ApiError<GetBookErrors>;
if (error.is(404)) {
  expectTypeOf(error.body).toEqualTypeOf<NotFound>();
  expectTypeOf(error.status).toEqualTypeOf<404>();
}
if (error.is('5XX')) expectTypeOf(error.body.retryAfter).toEqualTypeOf<number>();
if (error.is('default')) expectTypeOf(error.body).toEqualTypeOf<string>();
// Before narrowing, the body is what any error's is.
expectTypeOf(error.body).toEqualTypeOf<unknown>();
// @ts-expect-error 418 is not declared by getBook
error.is(418);
// @ts-expect-error a status is a number, a range or 'default'
error.is('4XX');

// A typed error is still an ApiError (hooks rule 2), and bare ApiError is today's.
const bare: ApiError = error;
expectTypeOf(bare.status).toEqualTypeOf<number>();
expectTypeOf(bare.body).toEqualTypeOf<unknown>();
declare const maybe: ApiError<CreateBookErrors> | null;
if (maybe?.is(422)) expectTypeOf(maybe.body.issues[0]?.message).toEqualTypeOf<string | undefined>();

// A success's status and headers.
void createBook({ title: 'x' }, { onResponse: (response) => expectTypeOf(response.headers.get('location')).toEqualTypeOf<string | null>() });
