// Type tests of the client generated for fixtures/specs/petstore-3.1.yaml (compiled by client-types.test.ts).
import { expectTypeOf } from 'vitest';
import {
  ApiError,
  configureClient,
  createPet,
  deletePet,
  getOwnersByOwnerId,
  getPetById,
  getStorePet,
  health,
  listPets,
  patchPet,
  ResponseValidationError,
  searchPets,
  updatePet,
  uploadPetPhoto,
  ValidationError,
  type CreatePetRequest,
  type ListPetsQuery,
  type Owner,
  type PatchPetBody,
  type Pet,
  type PetPage,
  type PetStatus,
  type RequestConfig,
  type SearchPetsQuery,
  type SearchPetsResponse,
  type UpdatePetRequest,
  type ValidationIssue,
} from './gen/index.js';

// Argument order (DECISIONS): path parameters, body, query, config.
expectTypeOf(listPets).parameters.toEqualTypeOf<[query?: ListPetsQuery, config?: RequestConfig]>();
expectTypeOf(createPet).parameters.toEqualTypeOf<[body: CreatePetRequest, config?: RequestConfig]>();
expectTypeOf(getPetById).parameters.toEqualTypeOf<[petId: number, config?: RequestConfig]>();
expectTypeOf(updatePet).parameters.toEqualTypeOf<[petId: number, body: UpdatePetRequest, config?: RequestConfig]>();
expectTypeOf(patchPet).parameters.toEqualTypeOf<[petId: number, body: PatchPetBody, config?: RequestConfig]>();
expectTypeOf(getStorePet).parameters.toEqualTypeOf<[storeId: string, petId: number, config?: RequestConfig]>();
expectTypeOf(searchPets).parameters.toEqualTypeOf<[query: SearchPetsQuery, config?: RequestConfig]>();
expectTypeOf(uploadPetPhoto).parameters.toEqualTypeOf<[petId: number, body?: Blob, config?: RequestConfig]>();
expectTypeOf(getOwnersByOwnerId).parameters.toEqualTypeOf<[ownerId: string, config?: RequestConfig]>();

// Results: the parsed 2xx body, void without one.
expectTypeOf(listPets).returns.toEqualTypeOf<Promise<PetPage>>();
expectTypeOf(createPet).returns.toEqualTypeOf<Promise<Pet>>();
expectTypeOf(deletePet).returns.toEqualTypeOf<Promise<void>>();
expectTypeOf(health).returns.toEqualTypeOf<Promise<string>>();
expectTypeOf(searchPets).returns.toEqualTypeOf<Promise<SearchPetsResponse>>();
expectTypeOf(getOwnersByOwnerId).returns.resolves.toEqualTypeOf<Owner>();

// Types follow the spec; optional properties accept undefined (zod's output).
expectTypeOf<Pet['status']>().toEqualTypeOf<PetStatus>();
expectTypeOf<PetStatus>().toEqualTypeOf<'available' | 'pending' | 'sold'>();
expectTypeOf<Pet['tag']>().toEqualTypeOf<string | null | undefined>();
expectTypeOf<SearchPetsResponse>().toEqualTypeOf<{ results: Pet[]; nextCursor?: string | null | undefined }>();
expectTypeOf<ListPetsQuery>().toEqualTypeOf<{
  limit?: number | undefined;
  page?: number | undefined;
  tag?: string[] | undefined;
  status?: PetStatus | undefined;
  vaccinated?: boolean | undefined;
}>();
// writeOnly is left out of responses.
expectTypeOf<Owner>().toEqualTypeOf<{ id: string; email: string; website?: string | undefined }>();

// Errors.
expectTypeOf<ApiError>().toMatchTypeOf<Error>();
expectTypeOf<ApiError['status']>().toEqualTypeOf<number>();
expectTypeOf<ApiError['body']>().toEqualTypeOf<unknown>();
expectTypeOf<ValidationError['issues']>().toEqualTypeOf<ValidationIssue[]>();
expectTypeOf<ResponseValidationError['status']>().toEqualTypeOf<number>();
expectTypeOf<ValidationIssue>().toEqualTypeOf<{ path: (string | number)[]; message: string }>();

// RequestConfig and configureClient.
// DECISIONS' `{ headers?, signal? }`, plus issue 34's `onResponse` (a success's status and headers).
expectTypeOf<RequestConfig>().toEqualTypeOf<{ headers?: HeadersInit | undefined; signal?: AbortSignal | undefined; onResponse?: ((response: Response) => void) | undefined }>();
void getPetById(1, { headers: { 'x-a': 'b' }, signal: new AbortController().signal });
configureClient({ baseUrl: '/api', token: () => '' });
configureClient({ token: async () => 'token' });
configureClient({ fetch: globalThis.fetch, headers: () => ({ 'x-app': 'web' }) });

// @ts-expect-error the body is required
void createPet();
// @ts-expect-error a status outside the enum
void createPet({ name: 'x', status: 'gone' });
// @ts-expect-error readOnly properties are not part of request bodies
void updatePet(1, { name: 'x', status: 'sold', id: 3 });
// @ts-expect-error q is a required query parameter
void searchPets({});
// @ts-expect-error path parameters are typed
void getPetById('1');
// @ts-expect-error baseUrl is a string
configureClient({ baseUrl: 1 });
