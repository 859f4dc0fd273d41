/** Seed point 13: the reference hooks of the Auth Lab, default config. Compiled beside them; never run. */
import { expectTypeOf } from 'vitest';
import type { ApiError } from './client.js';
import { meKeys, useContact, useGetMe, useLogin } from './hooks.js';
import type { ContactRequest, ContactResponse, LoginRequest, LoginResponse, User } from './schema-types.js';
import { createTestQueryClient, createWrapper } from './test-utils.js';

export function referenceHooks(): void {
  expectTypeOf(useGetMe().data).toEqualTypeOf<User | undefined>();
  expectTypeOf(useGetMe().error).toEqualTypeOf<ApiError | null>();
  const login = useLogin();
  expectTypeOf(login.mutate).parameter(0).toEqualTypeOf<LoginRequest>();
  expectTypeOf(login.data).toEqualTypeOf<LoginResponse | undefined>();
  const contact = useContact({ onSuccess: (data) => expectTypeOf(data).toEqualTypeOf<ContactResponse>() });
  contact.mutate({ method: 'email', email: 'a@b.c', message: 'hi' });
  expectTypeOf(contact.mutate).parameter(0).toEqualTypeOf<ContactRequest>();
  // @ts-expect-error method is email or phone
  contact.mutate({ method: 'fax', message: 'hi' });
  expectTypeOf(meKeys.all()).toEqualTypeOf<readonly ['me']>();
  expectTypeOf(meKeys.list()).toEqualTypeOf<readonly ['me', 'list']>();
  // @ts-expect-error the seed's hooks take only options
  useGetMe(1);
}

export function testUtils(): void {
  const client = createTestQueryClient();
  const Wrapper = createWrapper(client);
  expectTypeOf(Wrapper).parameter(0).toEqualTypeOf<{ children?: import('react').ReactNode }>();
  createWrapper();
}
