import { loadSpecFile, modelFromDocument } from '@specwright/core';
import { generateFromModel } from '@specwright/openapi-zod-ts';
import { CONSUMER_PRETTIER_CONFIG, fixture, prettierUnformatted, tempProject, typecheck, type Resolution, type TypeScriptVersion } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, generateFileFromModel, generateHandlers } from '../src/index.js';
import { generateInto, read } from './support.js';

const FIXTURES = ['petstore-3.1.yaml', 'features-3.1.yaml', 'nullable-3.0.yaml', 'hostile.yaml', 'external/main.yaml', 'mock-edge-cases.yaml', 'response-media.yaml'];

/**
 * One project holding handlers.ts of every fixture, each in its own folder: generated once per
 * prettier config and shared by the tests below (the compile cases set its tsconfig, the broken
 * case adds broken.ts to the unformatted one, which the prettier test reads only the handlers of).
 */
const fixturesProjects = new Map<string, ReturnType<typeof generateFixturesProject>>();
function fixturesProject(prettier: object | false): ReturnType<typeof generateFixturesProject> {
  const key = JSON.stringify(prettier);
  let found = fixturesProjects.get(key);
  if (!found) {
    found = generateFixturesProject(prettier);
    fixturesProjects.set(key, found);
  }
  return found;
}

async function generateFixturesProject(prettier: object | false) {
  const project = tempProject('msw-compile', { prettier });
  for (const name of FIXTURES) {
    const { document } = await loadSpecFile(fixture(name));
    const dir = `${name.replace(/[^a-z0-9]+/gi, '-')}`;
    const { filename, content } = await generateHandlers(document, { outputDir: `${project.dir}/${dir}` });
    project.write(`${dir}/${filename}`, content);
  }
  // No operations at all: nothing may be left unused.
  const empty = await generateHandlers({ openapi: '3.1.0', info: { title: 'empty', version: '1' }, paths: {} }, { outputDir: `${project.dir}/empty` });
  project.write('empty/handlers.ts', empty.content);
  // `variety: true`: the answers are built from descriptions at run time.
  const { document: features } = await loadSpecFile(fixture('features-3.1.yaml'));
  const varied = await generateHandlers(features, { outputDir: `${project.dir}/varied`, variety: true });
  project.write('varied/handlers.ts', varied.content);
  // With `types_dir` (the client's schema-types.ts on disk; `specwright` sets it to zod_ts.output),
  // the described factories (Dog, Bike...: no response reaches them) are typed like the others.
  const model = modelFromDocument(features);
  for (const file of await generateFromModel(model, { outputDir: `${project.dir}/typed/client`, format: false })) project.write(file.path.slice(project.dir.length + 1), file.content);
  const config = { input_openapi: fixture('features-3.1.yaml'), output: `${project.dir}/typed/mocks`, seed: DEFAULTS.seed, max_array_items: DEFAULTS.max_array_items, depth_cap: DEFAULTS.depth_cap, base_url: DEFAULTS.base_url, examples: false, variety: false, types_dir: `${project.dir}/typed/client` };
  const typed = await generateFileFromModel(model, config);
  expect(typed.warnings).toEqual([]);
  // The file it read is an input of handlers.ts (specwright --watch regenerates when it changes).
  expect(typed.inputs).toEqual([`${project.dir}/typed/client/schema-types.ts`]);
  expect(typed.file.content).toMatch(/import type \* as ClientSchemaTypes from ["']\.\.\/client\/schema-types\.js["']/);
  expect(typed.file.content).toMatch(/mswDescribed\(\s*["']Dog["'],?\s*\) as MockFactory<ClientSchemaTypes\.Dog>/);
  project.write('typed/mocks/handlers.ts', typed.file.content);
  project.write(
    'typed-use.ts',
    [
      "import { getKitchenSinkHandler, getUnionsHandler, mockBike, mockDog, mockKitchenSink, mockUnions } from './typed/mocks/handlers.js';",
      "import type { Bike, Dog, KitchenSink, Unions } from './typed/client/schema-types.js';",
      "import type { HttpHandler } from 'msw';",
      'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
      'export const same: [Same<ReturnType<typeof mockDog>, Dog>, Same<ReturnType<typeof mockBike>, Bike>] = [true, true];',
      // Generated factories and answers are typed from the client too (not from their seeded values).
      'export const generated: [Same<ReturnType<typeof mockUnions>, Unions>, Same<ReturnType<typeof mockKitchenSink>, KitchenSink>] = [true, true];',
      "export const unions: Unions = mockUnions({ any: { label: 'a union member the seed does not pick' }, maybeShape: null, describedRef: undefined });",
      "export const sink: KitchenSink = mockKitchenSink({ maybe: null, color: 'blue sky', mixed: true, slug: undefined });",
      "export const steered: HttpHandler[] = [getUnionsHandler({ body: { any: { label: 'x' }, maybeShape: null } }), getKitchenSinkHandler({ body: { color: 'green', price: undefined } })];",
      "// @ts-expect-error 'purple' is not one of color's values",
      "mockKitchenSink({ color: 'purple' });",
      '// @ts-expect-error id is required: it cannot be removed',
      'mockKitchenSink({ id: undefined });',
      '// @ts-expect-error either is a string or a number',
      'getUnionsHandler({ body: { either: true } });',
      'export const good: boolean = mockDog({ goodBoy: false }, { variety: true }).goodBoy;',
      '// @ts-expect-error goodBoy is a boolean',
      "mockDog({ goodBoy: 'yes' });",
      '// @ts-expect-error Dog has no such property',
      'mockDog({ wings: 2 });',
      '',
    ].join('\n'),
  );
  // Uses of the exports, as a consumer writes them under the strict flags.
  project.write(
    'use.ts',
    [
      "import { createHandlers, handlers, mockPet, seedMockData, type MockFactoryOptions } from './petstore-3-1-yaml/handlers.js';",
      "import type { HttpHandler } from 'msw';",
      'seedMockData();',
      'seedMockData(7);',
      "const scoped: HttpHandler[] = createHandlers({ baseUrl: 'http://localhost/api' });",
      'const unset: HttpHandler[] = createHandlers({ baseUrl: undefined });',
      'export const all: HttpHandler[] = [...handlers, ...scoped, ...unset];',
      "const options: MockFactoryOptions = { variety: true };",
      "export const names: string[] = [mockPet({ name: 'Rex' }, options).name, mockPet(undefined, { variety: false }).name, mockPet().name];",
      '// @ts-expect-error variety is a boolean',
      "mockPet({}, { variety: 'yes' });",
      '',
    ].join('\n'),
  );
  // The package's public types, as a consumer of the programmatic API imports them.
  project.write(
    'api.ts',
    [
      "import type { GeneratedFile, HandlerGenOptions, MswConfig } from '@specwright/openapi-msw';",
      "export const config: MswConfig = { input_openapi: './spec.yaml', output: './mocks', seed: 7, max_array_items: 2, depth_cap: 5, base_url: '*', variety: true };",
      "export const minimal: MswConfig = { input_openapi: './spec.yaml', output: './mocks' };",
      "export const options: HandlerGenOptions = { seed: 1, maxArrayItems: 2, depthCap: 5, baseUrl: '/api', variety: true, outputDir: './mocks' };",
      "export const file: GeneratedFile = { filename: 'handlers.ts', content: '' };",
      '// @ts-expect-error seed is a number',
      "export const wrongSeed: MswConfig = { input_openapi: 'a', output: 'b', seed: '7' };",
      '// @ts-expect-error input_openapi is required',
      "export const noInput: MswConfig = { output: 'b' };",
      '// @ts-expect-error the options are camelCase',
      'export const snake: HandlerGenOptions = { max_array_items: 2 };',
      '// @ts-expect-error content is a string',
      "export const notText: GeneratedFile = { filename: 'handlers.ts', content: 1 };",
      '',
    ].join('\n'),
  );
  return project;
}

describe('generated handlers compile under the strict flag set', () => {
  const cases: [TypeScriptVersion, Resolution][] = [
    ['5.9', 'bundler'],
    ['5.9', 'nodenext'],
    ['7', 'bundler'],
    ['7', 'nodenext'],
  ];
  it.each(cases)('TypeScript %s, moduleResolution %s', async (version, resolution) => {
    const project = await fixturesProject(CONSUMER_PRETTIER_CONFIG);
    project.tsconfig(resolution);
    const result = typecheck(project.dir, version);
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.code).toBe(0);
  });

  it('fails to compile when the file is broken (the check is real)', async () => {
    const project = await fixturesProject(false);
    project.write('broken.ts', "import { handlers } from './petstore-3-1-yaml/handlers.js';\nconst n: number = handlers;\nexport { n };\n");
    project.tsconfig('nodenext');
    expect(typecheck(project.dir, '7').code).not.toBe(0);
  });
});

describe('formatting and stability', () => {
  it('passes prettier --check under the consumer config and under the defaults', async () => {
    for (const config of [CONSUMER_PRETTIER_CONFIG, false] as const) {
      const project = await fixturesProject(config);
      const files = FIXTURES.map((name) => `${project.dir}/${name.replace(/[^a-z0-9]+/gi, '-')}/handlers.ts`);
      expect(await prettierUnformatted(files)).toEqual([]);
    }
    const consumer = read(`${(await fixturesProject(CONSUMER_PRETTIER_CONFIG)).dir}/petstore-3-1-yaml/handlers.ts`);
    expect(consumer).toContain("import {Faker, base, en} from '@faker-js/faker'");
    expect(consumer).not.toMatch(/;\n/);
  });

  it('writes byte-identical files twice', async () => {
    for (const name of FIXTURES) {
      const first = await generateInto(fixture(name), {}, CONSUMER_PRETTIER_CONFIG);
      const second = await generateInto(fixture(name), {}, CONSUMER_PRETTIER_CONFIG);
      expect(second.content).toBe(first.content);
    }
  });

  it('starts with a one-line header naming the command', async () => {
    const { content } = await generateInto(fixture('petstore-3.1.yaml'));
    expect(content.split('\n')[0]).toBe('// Generated by openapi-msw. Do not edit: re-run openapi-msw to update it.');
  });

  it('keeps hostile spec text inert', async () => {
    const { content } = await generateInto(fixture('hostile.yaml'));
    expect(content).not.toContain('process.exit(');
    expect(content.match(/process\.exit/g)?.length ?? 0).toBe(0);
    expect(content).toContain('["__proto__"]: faker.lorem.word()');
  });
});
