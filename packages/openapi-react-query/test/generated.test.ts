/**
 * The generated files as a consumer gets them: compiled beside the openapi-zod-ts client with
 * TypeScript 5.9 and 7, bundler and nodenext resolution, DECISIONS' strict flags, together with
 * the type tests in `.types/` and the README's example component; formatted under a non-default
 * prettier config; byte-identical across runs; and inert on a hostile spec.
 */
import { copyFileSync, cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, prettierUnformatted, tempProject, typecheck, type Resolution, type TempProject, type TypeScriptVersion } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateInto, runGenerator } from './support/generated-project.js';

const own = (name: string) => join(import.meta.dirname, 'fixtures', name);
const typeTests = (name: string) => join(import.meta.dirname, '.types', name);
const ALL_ON = { suspense: true, auto_invalidate: true, infinite_query: true, stale_time: 1000, gc_time: 60_000, overrides: { pets: { stale_time: 5 } } };

const CASES: { out: string; spec: string; hooks?: Record<string, unknown>; types?: string }[] = [
  { out: 'auth-lab', spec: own('auth-lab.yaml'), types: 'auth-lab.test-d.ts' },
  { out: 'edge', spec: own('hooks-edge.yaml'), hooks: { suspense: true, auto_invalidate: true }, types: 'hooks-edge.test-d.ts' },
  { out: 'edge-all', spec: own('hooks-edge.yaml'), hooks: ALL_ON, types: 'hooks-edge-all.test-d.ts' },
  { out: 'petstore', spec: fixture('petstore-3.1.yaml') },
  { out: 'petstore-all', spec: fixture('petstore-3.1.yaml'), hooks: ALL_ON },
  { out: 'features', spec: fixture('features-3.1.yaml'), hooks: ALL_ON },
  { out: 'nullable', spec: fixture('nullable-3.0.yaml'), hooks: ALL_ON },
  { out: 'external', spec: fixture('external/main.yaml'), hooks: ALL_ON },
  { out: 'hostile', spec: fixture('hostile.yaml'), hooks: ALL_ON },
  { out: 'declared', spec: fixture('declared-responses.yaml'), types: 'declared-responses.test-d.ts' },
];

const GENERATED = ['hooks.ts', 'test-utils.ts'];

/** The README's example component: the tsx block under "## Example component", which imports `./api/hooks.js`. */
function readmeExample(): string {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const section = readme.split('\n## Example component\n')[1]?.split('\n## ')[0] ?? '';
  const block = /```tsx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block?.includes("from './api/hooks.js'")) throw new Error('README.md: no tsx block importing ./api/hooks.js under "## Example component"');
  return block;
}

describe('generated hooks.ts and test-utils.ts', () => {
  let project: TempProject;
  beforeAll(() => {
    project = tempProject('rq-compile');
    for (const c of CASES) {
      const out = generateInto(project, c.spec, join('src', c.out), c.hooks ? { hooks: c.hooks } : {});
      if (c.types) copyFileSync(typeTests(c.types), join(out, c.types));
    }
    // Compiled as written, beside the hooks of the edge fixture (the config of the README's example).
    project.write('src/readme-example.tsx', readmeExample().replaceAll("'./api/", "'./edge/"));
  });

  it.each<[TypeScriptVersion, Resolution]>([
    ['5.9', 'bundler'],
    ['5.9', 'nodenext'],
    ['7', 'bundler'],
    ['7', 'nodenext'],
  ])('compile with their type tests and the README example under TypeScript %s, %s resolution and the strict flags', (version, resolution) => {
    project.tsconfig(resolution);
    const result = typecheck(project.dir, version);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('fail to compile when a type test does not hold (the type tests can fail)', () => {
    const broken = tempProject('rq-compile-broken');
    // The auth-lab case's output (the same spec and config), without its type test: copied, not written again.
    const out = join(broken.dir, 'src', 'api');
    cpSync(join(project.dir, 'src', 'auth-lab'), out, { recursive: true, filter: (source) => !source.endsWith('.test-d.ts') });
    const source = readFileSync(typeTests('auth-lab.test-d.ts'), 'utf8');
    broken.write('src/api/wrong.test-d.ts', source.replace('toEqualTypeOf<User | undefined>()', 'toEqualTypeOf<User>()').replace('  // @ts-expect-error the seed\'s hooks take only options\n', ''));
    void out;
    broken.tsconfig('bundler');
    const result = typecheck(broken.dir, '7');
    expect(result.code).not.toBe(0);
    expect(result.stdout).toMatch(/wrong\.test-d\.ts\(\d+,\d+\): error TS2344/);
    expect(result.stdout).toMatch(/wrong\.test-d\.ts\(\d+,\d+\): error TS2554: Expected 0-2 arguments, but got 1|wrong\.test-d\.ts\(\d+,\d+\): error TS2559/);
  });

  it("pass prettier --check under the consumer's non-default config", async () => {
    const files = CASES.flatMap((c) => GENERATED.map((f) => join(project.dir, 'src', c.out, f)));
    expect(await prettierUnformatted(files)).toEqual([]);
    // The consumer's config was honoured: no semicolons, single quotes, four-space indent.
    const hooks = readFileSync(join(project.dir, 'src/auth-lab/hooks.ts'), 'utf8');
    expect(hooks).toContain("from '@tanstack/react-query'\n");
    expect(hooks).toMatch(/\n {4}return useQuery</);
  });

  it('are byte-identical across runs', () => {
    const again = tempProject('rq-compile-again');
    for (const c of CASES) {
      const out = join(again.dir, 'src', c.out);
      runGenerator(again, 'openapi-react-query', { input_openapi: c.spec, output: out, ...c.hooks }, c.out);
      for (const file of GENERATED) expect(readFileSync(join(out, file), 'utf8'), `${c.out}/${file}`).toBe(readFileSync(join(project.dir, 'src', c.out, file), 'utf8'));
    }
  });

  it('start with the one-line header and carry no timestamp', () => {
    for (const c of CASES) {
      for (const file of GENERATED) {
        const text = readFileSync(join(project.dir, 'src', c.out, file), 'utf8');
        expect(text.split('\n')[0]).toBe('// Generated by openapi-react-query. Do not edit: re-run the command to update.');
        expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
      }
    }
  });

  describe('from a hostile spec', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    afterAll(() => exit.mockRestore());

    it('keep spec text inside strings and comments: importing the hooks runs nothing of it', async () => {
      const hooks = (await import(join(project.dir, 'src/hostile/hooks.ts'))) as Record<string, unknown>;
      expect(exit).not.toHaveBeenCalled();
      expect(Object.keys(hooks).filter((k) => k.startsWith('use')).sort()).toEqual(
        ['useClass', 'useDelete', 'useDuplicate', 'useDuplicate2', 'useFetch', 'useGetEvilProcessExit6', 'useSuspenseDuplicate', 'useSuspenseDuplicate2', 'useSuspenseFetch', 'useSuspenseGetEvilProcessExit6', 'useSuspenseUnicodeOp', 'useUnicodeOp'].sort(),
      );
      const text = readFileSync(join(project.dir, 'src/hostile/hooks.ts'), 'utf8');
      expect(text).not.toMatch(/^[^*/'"`]*process\.exit/m);
    });
  });
});
