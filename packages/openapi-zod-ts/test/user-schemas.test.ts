import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, tempProject, typecheck } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInto, importModule, startServer, type TestServer } from './support.js';

/**
 * The user-owned schema file (`input_schema`): created once with one schema per spec schema, each
 * its generated base (`schema-bases.ts`); afterwards its exports replace the generated schemas, so
 * hand-written rules are enforced by the client.
 */

interface Client {
  [name: string]: unknown;
  configureClient(config: Record<string, unknown>): void;
  ValidationError: new (...args: never[]) => Error;
}

describe('user-owned schema file', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('is created with one export per spec schema and inline request body, each its generated base', async () => {
    const project = tempProject('zod-ts-user', { prettier: { singleQuote: true, printWidth: 10000 } });
    const { files } = await generateInto(fixture('petstore-3.1.yaml'), { project, inputSchema: 'src/schemas.ts' });
    const source = readFileSync(join(project.dir, 'src', 'schemas.ts'), 'utf8');
    expect([...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual(['../gen/schema-bases.js']);
    const schemas = [
      'PetStatusSchema',
      'CategorySchema',
      // No *WritableSchema: no request of petstore sends Pet, PetPage or Owner (issue 33).
      'PetSchema',
      'PetPageSchema',
      'CreatePetRequestSchema',
      'UpdatePetRequestSchema',
      'OwnerSchema',
      'Error2Schema',
      'PatchPetBodySchema',
      'UploadPetPhotoBodySchema',
    ];
    const bases = schemas.map((name) => name.replace(/Schema$/, 'Base'));
    expect([...source.matchAll(/^export const (\w+) = (\w+);$/gm)].map((m) => [m[1], m[2]])).toEqual(schemas.map((name, i) => [name, bases[i]]));
    // The bases are generated on every run, import only zod, and refer to each other.
    const baseFile = files.find((f) => f.path.endsWith('gen/schema-bases.ts'))!.content;
    expect([...baseFile.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual(['zod']);
    expect([...baseFile.matchAll(/^export const (\w+)/gm)].map((m) => m[1])).toEqual(bases);
    expect(baseFile).toMatch(/export const PetBase = .*category: CategoryBase\.optional\(\)/);
    const types = files.find((f) => f.path.endsWith('schema-types.ts'))!.content;
    expect(types).toContain("export { CategorySchema, CreatePetRequestSchema, Error2Schema, OwnerSchema, PatchPetBodySchema, PetPageSchema, PetSchema, PetStatusSchema, UpdatePetRequestSchema, UploadPetPhotoBodySchema } from '../src/schemas.js';");
    expect(types).toContain('export type Pet = z.output<typeof PetSchema>;');
    // Declarations that are not request bodies stay generated.
    expect(types).toMatch(/export const ListPetsQuerySchema: z\.ZodType<ListPetsQuery> = \/\* @__PURE__ \*\/ \(\(\) => z\.object\(\{.*\}\) as unknown as z\.ZodType<ListPetsQuery>\)\(\);/);
  });

  it('enforces a hand-written superRefine in the client after regeneration, before any request', async () => {
    const project = tempProject('zod-ts-user', { prettier: { singleQuote: true } });
    await generateInto(fixture('petstore-3.1.yaml'), { project, inputSchema: 'src/schemas.ts' });
    const file = join(project.dir, 'src', 'schemas.ts');
    const original = readFileSync(file, 'utf8');
    // The README's form: the base, a rule on it, in a pure call (tree shaking).
    const rule = `export const CreatePetRequestSchema = /* @__PURE__ */ (() =>
  CreatePetRequestBase.superRefine((pet, ctx) => {
    if (pet.status === 'sold' && (pet.tag ?? '').trim() === '') ctx.addIssue({ code: 'custom', path: ['tag'], message: 'A sold pet needs a tag' });
  }))();`;
    const edited = original.replace('export const CreatePetRequestSchema = CreatePetRequestBase;', rule);
    expect(edited).not.toBe(original);
    writeFileSync(file, edited);

    const again = await generateInto(fixture('petstore-3.1.yaml'), { project, outDir: 'gen2', inputSchema: 'src/schemas.ts', format: false });
    expect(again.files.map((f) => f.path.slice(project.dir.length + 1))).toEqual(['gen2/schema-types.ts', 'gen2/client.ts', 'gen2/client-config.ts', 'gen2/index.ts', 'gen2/schema-bases.ts']);
    expect(again.warnings).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(edited);
    project.tsconfig('nodenext');
    const compiled = typecheck(project.dir, '7');
    expect(compiled.stdout + compiled.stderr).toBe('');

    const client = await importModule<Client>(join(project.dir, 'gen2', 'index.ts'));
    client.configureClient({ baseUrl: server.baseUrl });
    server.requests.length = 0;
    const createPet = client['createPet'] as (body: unknown) => Promise<unknown>;
    const rejected = await createPet({ name: 'Rex', status: 'sold', tag: '  ' }).catch((error: unknown) => error);
    expect(rejected).toBeInstanceOf(client.ValidationError);
    expect((rejected as { issues: unknown }).issues).toEqual([{ path: ['tag'], message: 'A sold pet needs a tag' }]);
    expect(server.requests).toHaveLength(0);

    server.reply(() => ({ status: 201, json: { id: 1, name: 'Rex', status: 'sold' } }));
    await expect(createPet({ name: 'Rex', status: 'sold', tag: 'gone' })).resolves.toMatchObject({ id: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it('derives the types from the user schemas', async () => {
    const project = tempProject('zod-ts-user-types', { prettier: false });
    project.write(
      'src/schemas.ts',
      `import { z } from 'zod';
export const CategorySchema = z.object({ id: z.int(), name: z.string(), label: z.string().default('none') });
export const CreatePetRequestSchema = z.object({ name: z.string(), status: z.enum(['available', 'sold']).default('available') });
`,
    );
    const { warnings } = await generateInto(fixture('petstore-3.1.yaml'), { project, inputSchema: 'src/schemas.ts', format: false });
    expect(warnings).toContain(`${join(project.dir, 'src', 'schemas.ts')}: no export "PetSchema"; the generated schema is used instead`);
    project.write(
      'check.ts',
      `import { expectTypeOf } from 'vitest';
import { createPet, type Category, type CreatePetRequest, type Pet } from './gen/index.js';
expectTypeOf<Category>().toEqualTypeOf<{ id: number; name: string; label: string }>();
expectTypeOf<Pet['category']>().toEqualTypeOf<Category | undefined>();
// The type is the parsed output; the client takes the schema's input (defaults may be left out).
expectTypeOf<CreatePetRequest>().toEqualTypeOf<{ name: string; status: 'available' | 'sold' }>();
expectTypeOf(createPet).parameter(0).toEqualTypeOf<{ name: string; status?: 'available' | 'sold' | undefined }>();
`,
    );
    project.tsconfig('nodenext');
    const compiled = typecheck(project.dir, '7');
    expect(compiled.stdout + compiled.stderr).toBe('');
    expect(compiled.code).toBe(0);
  });

  it('falls back to the generated schema, with a warning naming it, for a schema the file lacks', async () => {
    const project = tempProject('zod-ts-user-partial', { prettier: false });
    project.write('src/schemas.ts', "import { z } from 'zod';\nexport type PetStatusSchema = string;\nexport const Unrelated = z.string();\n");
    const { warnings, files } = await generateInto(fixture('petstore-3.1.yaml'), { project, inputSchema: 'src/schemas.ts', format: false });
    // One per schema of the file (the 10 exports above: no writable variant, which no request sends).
    expect(warnings).toHaveLength(10);
    expect(warnings[0]).toContain('no export "PetStatusSchema"');
    const types = files.find((f) => f.path.endsWith('schema-types.ts'))!.content;
    expect(types).not.toContain('src/schemas.js');
    expect(files.some((f) => f.path.endsWith('src/schemas.ts'))).toBe(false);
  });

  // The file openapi-zod-ts created before the bases is the bases' code under the schemas' names:
  // read statically, it must match its own spec exactly (no false alarm), in both variants.
  it.each(['classic', 'mini'] as const)('finds no drift in a file of the old form that matches its spec (%s)', async (variant) => {
    for (const spec of ['petstore-3.1.yaml', 'features-3.1.yaml', 'recursive-maps.yaml', 'nullable-3.0.yaml', 'reuse-edge-cases.yaml', 'hostile.yaml']) {
      const project = tempProject('zod-ts-user-old', { prettier: false });
      const { files } = await generateInto(fixture(spec), { project, inputSchema: 'src/schemas.ts', format: false, variant });
      const bases = files.find((f) => f.path.endsWith('schema-bases.ts'))!.content;
      project.write('src/schemas.ts', bases.replace(/([\p{L}\p{N}_$]+)Base(?![\p{L}\p{N}_$])/gu, '$1Schema'));
      const { warnings } = await generateInto(fixture(spec), { project, inputSchema: 'src/schemas.ts', format: false, variant });
      expect(warnings.filter((w) => w.includes('src/schemas.ts')), spec).toEqual([]);
    }
  });
});
