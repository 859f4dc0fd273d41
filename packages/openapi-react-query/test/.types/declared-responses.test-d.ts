/** Issue 34: a hook's error is `ApiError<<Pascal>Errors>`, narrowed by `is()`, and still an `ApiError` (hooks rule 2). Compiled beside the hooks; never run. */
import { expectTypeOf } from 'vitest';
import type { ApiError, CreateBookErrors, GetBookErrors } from './client.js';
import { useCreateBook, useDeleteBook, useGetBook } from './hooks.js';
import type { FieldProblem, NotFound } from './schema-types.js';

export function typedErrors(): void {
  const query = useGetBook('7');
  expectTypeOf(query.error).toEqualTypeOf<ApiError<GetBookErrors> | null>();
  if (query.error?.is(404)) expectTypeOf(query.error.body).toEqualTypeOf<NotFound>();
  if (query.error?.is('5XX')) expectTypeOf(query.error.body.retryAfter).toEqualTypeOf<number>();
  // @ts-expect-error getBook declares no 418
  query.error?.is(418);
  const bare: ApiError | null = query.error;
  void bare;
  const create = useCreateBook({
    onError: (error) => {
      if (error.is(422)) expectTypeOf(error.body).toEqualTypeOf<FieldProblem>();
    },
  });
  expectTypeOf(create.error).toEqualTypeOf<ApiError<CreateBookErrors> | null>();
  const remove = useDeleteBook();
  if (remove.error?.is(409)) expectTypeOf(remove.error.body).toEqualTypeOf<string>();
}
