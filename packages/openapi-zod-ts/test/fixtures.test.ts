import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, prettierUnformatted, tempProject, typecheckTogether, type Resolution, type TempProject, type TypeScriptVersion } from '@specwright/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInto, importModule } from './support.js';

/**
 * Every fixture spec, generated into one consumer project (with its user-owned schema file),
 * compiles under DECISIONS' strict flags with TypeScript 5.9 and 7, bundler and nodenext
 * resolution; passes prettier under a non-default consumer config; and regenerates identically.
 * All of it for both zod variants (`zod_variant`: classic and mini).
 */
const SPECS = ['petstore-3.1.yaml', 'features-3.1.yaml', 'nullable-3.0.yaml', 'hostile.yaml', 'external/main.yaml'];
const dirOf = (spec: string) => spec.replace(/\W+/g, '-');

const VARIANTS = ['classic', 'mini'] as const;
type Variant = (typeof VARIANTS)[number];
type Generated = Awaited<ReturnType<typeof generateInto>>;

/** Each variant's consumer project, generated once (its describe's beforeAll or a compile below, whichever asks first). */
const fixtureProjects = new Map<Variant, Promise<{ project: TempProject; generated: Map<string, Generated> }>>();
function fixturesOf(variant: Variant) {
  let found = fixtureProjects.get(variant);
  if (!found) {
    found = (async () => {
      const project = tempProject(`zod-ts-fixtures-${variant}`);
      const generated = new Map<string, Generated>();
      for (const spec of SPECS) {
        generated.set(spec, await generateInto(fixture(spec), { project, outDir: `${dirOf(spec)}/gen`, inputSchema: `${dirOf(spec)}/schemas.ts`, variant }));
      }
      return { project, generated };
    })();
    fixtureProjects.set(variant, found);
  }
  return found;
}

/** Each variant's project of checked typing (unformatted), generated once. */
const checkedProjects = new Map<Variant, Promise<TempProject>>();
function checkedOf(variant: Variant): Promise<TempProject> {
  let found = checkedProjects.get(variant);
  if (!found) {
    found = (async () => {
      const project = tempProject(`zod-ts-checked-${variant}`, { prettier: false });
      for (const spec of SPECS) await generateInto(fixture(spec), { project, outDir: dirOf(spec), format: false, typing: 'checked', variant });
      return project;
    })();
    checkedProjects.set(variant, found);
  }
  return found;
}

/**
 * The projects compiled in one program per TypeScript version and resolution (both variants' and,
 * under 5.9 with nodenext, the checked typing's): zod's declarations are read and checked once
 * instead of once per project; each diagnostic goes to the project whose folder holds its file.
 */
const compiled = new Map<string, Promise<Map<string, string>>>();
function compiledTogether(version: TypeScriptVersion, resolution: Resolution): Promise<Map<string, string>> {
  const key = `${version} ${resolution}`;
  let found = compiled.get(key);
  if (!found) {
    found = (async () => {
      const members = [];
      for (const variant of VARIANTS) members.push({ label: `fixtures ${variant}`, dir: (await fixturesOf(variant)).project.dir });
      if (version === '5.9' && resolution === 'nodenext') for (const variant of VARIANTS) members.push({ label: `checked ${variant}`, dir: (await checkedOf(variant)).dir });
      return typecheckTogether(members, version, resolution);
    })();
    compiled.set(key, found);
  }
  return found;
}

describe.each(VARIANTS)('fixture specs, %s zod', (variant) => {
  let project: TempProject;
  let generated: Map<string, Generated>;

  beforeAll(async () => {
    ({ project, generated } = await fixturesOf(variant));
  });

  it('writes the four files, the bases and the user-owned schema file', () => {
    for (const spec of SPECS) {
      const names = generated.get(spec)!.files.map((f) => f.path.slice(project.dir.length + 1));
      const dir = dirOf(spec);
      expect(names).toEqual([`${dir}/gen/schema-types.ts`, `${dir}/gen/client.ts`, `${dir}/gen/client-config.ts`, `${dir}/gen/index.ts`, `${dir}/gen/schema-bases.ts`, `${dir}/schemas.ts`]);
      expect(generated.get(spec)!.files.at(-1)!.createOnly).toBe(true);
    }
  });

  it('starts every file with the one-line header', () => {
    for (const { files } of generated.values()) {
      for (const file of files) expect(file.content.split('\n')[0]).toMatch(/^\/\/ (Generated|Created once) by openapi-zod-ts\. [^\n]*$/);
    }
  });

  const matrix: [TypeScriptVersion, Resolution][] = [
    ['5.9', 'bundler'],
    ['5.9', 'nodenext'],
    ['7', 'bundler'],
    ['7', 'nodenext'],
  ];
  it.each(matrix)('compiles with TypeScript %s, %s resolution', async (version, resolution) => {
    expect((await compiledTogether(version, resolution)).get(`fixtures ${variant}`)).toBe('');
  });

  it('passes prettier --check under the consumer config', async () => {
    const paths = [...generated.values()].flatMap((g) => g.files.map((f) => f.path));
    expect(await prettierUnformatted(paths)).toEqual([]);
    expect(readFileSync(paths[0]!, 'utf8')).toContain(variant === 'mini' ? "import * as z from 'zod/mini'" : "import * as z from 'zod'");
  });

  it('regenerates byte-identical output', async () => {
    for (const spec of SPECS) {
      const again = await generateInto(fixture(spec), { outDir: 'gen', inputSchema: 'schemas.ts', prefix: 'zod-ts-again', variant });
      const strip = (files: { path: string; content: string }[], dir: string) => files.map((f) => [f.path.slice(dir.length), f.content]);
      expect(strip(again.files, again.project.dir)).toEqual(strip(generated.get(spec)!.files, join(project.dir, dirOf(spec))));
    }
  });

  it('loads every generated module without side effects (the hostile spec runs nothing)', async () => {
    for (const spec of SPECS) {
      const module = await importModule<Record<string, unknown>>(join(project.dir, dirOf(spec), 'gen', 'index.ts'));
      expect(typeof module['configureClient']).toBe('function');
      expect(typeof module['ApiError']).toBe('function');
    }
  });
});

describe.each([
  ['classic', 'z.ZodType<Pet>'],
  ['mini', 'z.ZodMiniType<Pet>'],
] as const)('checked typing, %s zod', (variant, schemaType) => {
  it('proves that every type agrees with its schema (const X: z.ZodType<T> = ...)', async () => {
    const project = await checkedOf(variant);
    expect(readFileSync(join(project.dir, 'petstore-3-1-yaml', 'schema-types.ts'), 'utf8')).toContain(`export const PetSchema: ${schemaType} = /* @__PURE__ */ (() => z.object(`);
    expect((await compiledTogether('5.9', 'nodenext')).get(`checked ${variant}`)).toBe('');
  });
});
