/**
 * Issue 35: per-operation handlers (`<op>Handler(override)`), `Prefer: code=<status>` in the
 * default handlers, and the default answers left as they were.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { loadSpecFile, modelFromDocument } from '@specwright/core';
import { createClientNames } from '@specwright/openapi-zod-ts';
import { fixture, typecheck } from '@specwright/testing';
import { setupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULTS, generateFileFromModel } from '../src/index.js';
import { ANSWER_FIXTURES, defaultAnswers } from './default-answers.js';
import { BASE, withClients, type WithClient } from './support.js';

type Steer = (override?: unknown) => HttpHandler;

describe('default answers (seed rules) are unchanged', () => {
  const baseline = JSON.parse(readFileSync(new URL('./baselines/default-answers.json', import.meta.url), 'utf8')) as Record<string, string[][]>;
  it.each(ANSWER_FIXTURES)('%s answers as before per-operation handlers existed', async (name) => {
    expect(await defaultAnswers(name)).toEqual(baseline[name]);
  });
});

describe('per-operation handlers over the generated client', () => {
  let pet: WithClient;
  let dir: string;
  const server = setupServer();
  beforeAll(async () => {
    const { document } = await loadSpecFile(fixture('petstore-3.1.yaml'));
    const { project, generated } = await withClients({ pet: document as object });
    pet = generated['pet']!;
    dir = project.dir;
    // The same handlers typed with the client's types (`types_dir`, as `specwright` sets it), for the type tests.
    const config = { input_openapi: fixture('petstore-3.1.yaml'), output: `${pet.dir}/typed`, seed: DEFAULTS.seed, max_array_items: DEFAULTS.max_array_items, depth_cap: DEFAULTS.depth_cap, base_url: DEFAULTS.base_url, examples: false, variety: false, types_dir: pet.dir };
    const typed = await generateFileFromModel(modelFromDocument(document), config);
    expect(typed.warnings).toEqual([]);
    project.write('pet/typed/handlers.ts', typed.file.content);
    project.tsconfig('bundler');
    server.listen({ onUnhandledRequest: 'error' });
  }, 60_000);
  afterAll(() => server.close());
  const handler = (name: string) => (pet.handlers as unknown as Record<string, Steer>)[name]!;
  const use = (h: HttpHandler) => {
    server.resetHandlers(...pet.handlers.handlers);
    server.use(h);
  };

  it('{ status } answers that declared status with a mock of its schema; the client rejects with it', async () => {
    use(handler('getPetByIdHandler')({ status: 404, baseUrl: BASE }));
    const error = (await pet.call['getPetById']!('7').catch((e: unknown) => e)) as { status: number; body: { code: unknown; message: unknown } };
    expect(error.status).toBe(404);
    expect(error.body).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
  });

  it('{ body } merges a deep partial into the seeded mock; arrays are replaced', async () => {
    use(handler('getPetByIdHandler')({ body: { name: 'Rex', category: { name: 'dogs' }, photoUrls: [] } }));
    const got = (await pet.call['getPetById']!('7')) as Record<string, unknown>;
    expect(got).toMatchObject({ name: 'Rex', category: { id: expect.any(Number), name: 'dogs' }, photoUrls: [], id: expect.any(Number) });
  });

  it('headers, once, networkError and delay', async () => {
    use(handler('getPetByIdHandler')({ headers: { 'x-trace': 'abc' }, once: true, status: 404 }));
    const first = await fetch(`${BASE}/pets/1`);
    expect([first.status, first.headers.get('x-trace')]).toEqual([404, 'abc']);
    // Once used, the default handler answers again.
    expect((await fetch(`${BASE}/pets/1`)).status).toBe(200);
    use(handler('getPetByIdHandler')({ networkError: true }));
    await expect(fetch(`${BASE}/pets/1`)).rejects.toThrow();
    use(handler('getPetByIdHandler')({ delay: 120 }));
    const start = Date.now();
    expect((await fetch(`${BASE}/pets/1`)).status).toBe(200);
    expect(Date.now() - start).toBeGreaterThanOrEqual(100);
  });

  it('a resolver gets the path params, query and body, and returns a body or a response', async () => {
    const seen: unknown[] = [];
    use(
      handler('createPetHandler')(({ params, query, body }: { params: unknown; query: unknown; body: unknown }) => {
        seen.push(params, query, body);
        return { id: 1, name: 'Echo', status: 'sold' };
      }),
    );
    const created = await pet.call['createPet']!({ name: 'Echo', status: 'sold' });
    expect(created).toMatchObject({ id: 1, name: 'Echo', status: 'sold' });
    expect(seen).toEqual([{}, {}, { name: 'Echo', status: 'sold' }]);
    use(handler('getPetByIdHandler')(({ params }: { params: { petId: string } }) => new Response(params.petId, { status: 418 })));
    const teapot = await fetch(`${BASE}/pets/abc?x=1`);
    expect([teapot.status, await teapot.text()]).toEqual([418, 'abc']);
  });

  it('an override property set to undefined removes it, in handler bodies and factories', async () => {
    use(handler('getPetByIdHandler')({ body: { tag: undefined, weight: undefined, name: 'Rex' } }));
    const got = (await (await fetch(`${BASE}/pets/1`)).json()) as Record<string, unknown>;
    expect(got).toMatchObject({ name: 'Rex', id: expect.any(Number) });
    expect(['tag' in got, 'weight' in got]).toEqual([false, false]);
    // Without the override the seeded mock has them (the removal is the override's doing).
    use(handler('getPetByIdHandler')());
    const seeded = (await (await fetch(`${BASE}/pets/1`)).json()) as Record<string, unknown>;
    expect(['tag' in seeded, 'weight' in seeded]).toEqual([true, true]);
    const exports = pet.handlers as unknown as Record<string, (overrides?: unknown) => Record<string, unknown>>;
    const rex = exports['mockPet']!({ tag: undefined, weight: undefined, name: 'Rex' });
    expect(['tag' in rex, 'weight' in rex, rex['name']]).toEqual([false, false, 'Rex']);
    expect('tag' in exports['mockPet']!()).toBe(true);
  });

  it('a resolver of a no-body status that returns nothing answers that status, empty', async () => {
    use(handler('deletePetHandler')(() => undefined));
    const gone = await fetch(`${BASE}/pets/1`, { method: 'DELETE' });
    expect([gone.status, await gone.text()]).toEqual([204, '']);
    await expect(pet.call['deletePet']!('1')).resolves.toBeUndefined();
  });

  it('Prefer: code=<status> picks a declared response in the default handlers; an undeclared one is ignored', async () => {
    server.resetHandlers(...pet.handlers.handlers);
    const missing = await fetch(`${BASE}/pets/1`, { headers: { Prefer: 'code=404' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    expect((await fetch(`${BASE}/pets/1`, { headers: { Prefer: 'code=418' } })).status).toBe(200);
    expect((await fetch(`${BASE}/pets/1`, { method: 'DELETE', headers: { Prefer: 'code=204' } })).status).toBe(204);
  });

  it('mock<Schema>(overrides?) for every named schema: seeded, merged, valid for the client schema', async () => {
    const exports = pet.handlers as unknown as Record<string, unknown>;
    const schemas = (await import(pathToFileURL(`${pet.dir}/schema-types.ts`).href)) as Record<string, { safeParse(value: unknown): { success: boolean } }>;
    const factories = Object.keys(exports).filter((name) => /^mock[A-Z]/.test(name));
    expect(factories.sort()).toEqual(['mockCategory', 'mockCreatePetRequest', 'mockError', 'mockOwner', 'mockPet', 'mockPetPage', 'mockPetStatus', 'mockUpdatePetRequest']);
    const model = modelFromDocument((await loadSpecFile(fixture('petstore-3.1.yaml'))).document);
    const names = createClientNames(model);
    for (const named of model.schemas.filter((s) => s.variant === 'default')) {
      const make = exports[`mock${named.sourceName}`] as (overrides?: unknown) => unknown;
      const schema = schemas[names.schema(named.key).schema]!;
      for (let i = 0; i < 5; i++) expect(schema.safeParse(make()).success, named.sourceName).toBe(true);
    }
    const mockPet = exports['mockPet'] as (overrides?: unknown) => Record<string, unknown>;
    const rex = mockPet({ name: 'Rex', category: { name: 'dogs' }, photoUrls: ['https://a.example/'] });
    expect(rex).toMatchObject({ name: 'Rex', category: { id: expect.any(Number), name: 'dogs' }, photoUrls: ['https://a.example/'] });
    expect(schemas['PetSchema']!.safeParse(rex).success).toBe(true);
    // Seeded: the same seed gives the same data.
    pet.handlers.seedMockData(5);
    const first = mockPet();
    pet.handlers.seedMockData(5);
    expect(mockPet()).toEqual(first);
  });

  it('types admit only declared statuses and bodies of their shape', () => {
    writeUse(dir);
    const result = typecheck(dir);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);
});

function writeUse(dir: string) {
  const text = [
    "import { createPetHandler, deletePetHandler, getPetByIdHandler, listPetsHandler, mockPet } from './pet/handlers.js';",
    "import { HttpResponse, type HttpHandler } from 'msw';",
    'export const ok: HttpHandler[] = [',
    '  getPetByIdHandler(),',
    '  getPetByIdHandler({ status: 404 }),',
    "  getPetByIdHandler({ status: 404, body: { message: 'gone' } }),",
    "  getPetByIdHandler({ body: { name: 'Rex', category: { name: 'dogs' } }, headers: { 'x-a': 'b' }, delay: 5, once: true }),",
    '  getPetByIdHandler({ networkError: true }),',
    "  getPetByIdHandler(({ params }) => ({ id: 1, name: params.petId, status: 'sold' })),",
    '  getPetByIdHandler(() => HttpResponse.json(null, { status: 500 })),',
    "  listPetsHandler(({ query }) => ({ items: [], page: Number(query.page ?? '1') })),",
    '  createPetHandler({ status: 422 }),',
    "  createPetHandler(({ body }) => ({ name: body.name, status: body.status ?? 'sold' })),",
    '  // @ts-expect-error 418 is not a declared status',
    '  getPetByIdHandler({ status: 418 }),',
    '  // @ts-expect-error name is a string',
    '  getPetByIdHandler({ body: { name: 1 } }),',
    '  // @ts-expect-error the 404 body has no name',
    "  getPetByIdHandler({ status: 404, body: { name: 'x' } }),",
    '  // @ts-expect-error a resolver returns a body of the operation',
    '  getPetByIdHandler(() => 42),',
    '];',
    "export const rex: { name: string } = mockPet({ name: 'Rex', category: { name: 'dogs' } });",
    '// @ts-expect-error a factory override has the shape of its schema',
    'mockPet({ name: 2 });',
    // Without the client's types too: removal with undefined (of any property: the inferred type has
    // every one required), and a 204 resolver returning nothing.
    "export const removed: { name: string } = mockPet({ tag: undefined, weight: undefined });",
    "export const untypedNoBody: HttpHandler[] = [deletePetHandler(() => {}), deletePetHandler(async () => undefined), getPetByIdHandler({ body: { tag: undefined } })];",
    '// @ts-expect-error a 200 resolver returns a body or a response',
    'getPetByIdHandler(() => {});',
    '',
  ].join('\n');
  const typed = [
    // With the client's types (`types_dir`): every factory and every status's body is the client's type.
    "import { deletePetHandler, getPetByIdHandler, listPetsHandler, mockPet, type MockPartial } from './pet/typed/handlers.js';",
    "import type { GetPetByIdErrors, ListPetsErrors } from './pet/client.js';",
    "import type { Pet, PetPage } from './pet/schema-types.js';",
    "import type { HttpHandler } from 'msw';",
    'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
    'type BodyOf<H, S> = H extends (override?: infer O) => unknown ? (Extract<O, { status: S }> extends { body?: infer B } ? NonNullable<B> : never) : never;',
    'export const same: [Same<ReturnType<typeof mockPet>, Pet>, Same<BodyOf<typeof getPetByIdHandler, 200>, MockPartial<Pet>>, Same<BodyOf<typeof getPetByIdHandler, 404>, MockPartial<GetPetByIdErrors["404"]>>, Same<BodyOf<typeof listPetsHandler, 500>, MockPartial<ListPetsErrors["default"]>>, Same<BodyOf<typeof listPetsHandler, 200>, MockPartial<PetPage>>] = [true, true, true, true, true];',
    'export const ok: HttpHandler[] = [',
    '  getPetByIdHandler({ body: { tag: null } }), // nullable: the seeded mock never has null',
    '  getPetByIdHandler({ body: { tag: undefined, weight: undefined } }), // optional: removed',
    "  getPetByIdHandler({ body: { status: 'pending' } }), // an enum value the seed may not pick",
    "  getPetByIdHandler({ status: 404, body: { code: 404, message: 'gone' } }),",
    "  listPetsHandler({ status: 500, body: { message: 'down' } }), // default, by its representative code",
    '  deletePetHandler(() => {}), // 204: nothing to return',
    '  deletePetHandler(async () => undefined),',
    "  getPetByIdHandler(() => ({ id: 1, name: 'Rex', status: 'sold', tag: null })),",
    '  // @ts-expect-error 418 is not a declared status',
    '  getPetByIdHandler({ status: 418 }),',
    '  // @ts-expect-error a Pet is an object',
    "  getPetByIdHandler({ body: 'Rex' }),",
    '  // @ts-expect-error name is a string',
    '  getPetByIdHandler({ body: { name: 1 } }),',
    "  // @ts-expect-error status is one of the enum's values",
    "  getPetByIdHandler({ body: { status: 'lost' } }),",
    '  // @ts-expect-error id is required: it cannot be removed',
    '  getPetByIdHandler({ body: { id: undefined } }),',
    '  // @ts-expect-error the 404 body (Error) has no tag',
    '  getPetByIdHandler({ status: 404, body: { tag: null } }),',
    '  // @ts-expect-error a 200 resolver returns a body or a response',
    '  getPetByIdHandler(() => {}),',
    '];',
    "export const nullTag: Pet = mockPet({ tag: null, weight: undefined });",
    '// @ts-expect-error tag is a string or null',
    'mockPet({ tag: 1 });',
    '',
  ].join('\n');
  writeFileSync(`${dir}/use-typed-handlers.ts`, typed);
  writeFileSync(`${dir}/use-handlers.ts`, text);
}
