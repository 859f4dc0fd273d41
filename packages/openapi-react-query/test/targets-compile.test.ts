/**
 * The Vue, Svelte and Solid outputs as their users get them: written by the command line beside
 * the openapi-zod-ts client, formatted, and compiled with the strict flags against the pinned
 * adapters (`@tanstack/vue-query` 5, `@tanstack/svelte-query` 6, `@tanstack/solid-query` 5). The
 * hooks are plain `.ts` (no runes, no JSX), so plain `tsc` is the compiler their users run too.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, prettierUnformatted, tempProject, typecheck, type Resolution, type TempProject } from '@specwright/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInto } from './support/generated-project.js';

const own = (name: string) => join(import.meta.dirname, 'fixtures', name);
const EVERYTHING = { auto_invalidate: true, infinite_query: true, stale_time: 1000, gc_time: 60_000, overrides: { pets: { stale_time: 5 } } };
const TARGETS = [
  { target: 'vue', suspense: true },
  { target: 'svelte', suspense: false },
  { target: 'solid', suspense: false },
] as const;
const SPECS = [
  { name: 'auth-lab', spec: own('auth-lab.yaml'), all: false },
  { name: 'edge', spec: own('hooks-edge.yaml'), all: true },
  { name: 'petstore', spec: fixture('petstore-3.1.yaml'), all: true },
  { name: 'features', spec: fixture('features-3.1.yaml'), all: true },
  { name: 'hostile', spec: fixture('hostile.yaml'), all: true },
];

/** The README's Solid component (the tsx block after "Solid:" under "## Vue, Svelte and Solid"), importing `./api/hooks.js`. */
function solidReadmeExample(): string {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const section = readme.split('\n## Vue, Svelte and Solid\n')[1]?.split('\n## ')[0]?.split('\nSolid:\n')[1] ?? '';
  const block = /```tsx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block?.includes("from './api/hooks.js'")) throw new Error('README.md: no tsx block importing ./api/hooks.js after "Solid:" under "## Vue, Svelte and Solid"');
  return block;
}

describe.each(TARGETS)('target $target', ({ target, suspense }) => {
  let project: TempProject;
  beforeAll(() => {
    project = tempProject(`rq-${target}`);
    for (const s of SPECS) {
      const hooks = s.all ? { ...EVERYTHING, suspense, target } : { target };
      const out = generateInto(project, s.spec, join('src', s.name), { hooks });
      // The target's type tests (.types/README.md), beside the hooks of the edge fixture.
      if (s.name === 'edge') copyFileSync(join(import.meta.dirname, '.types', `hooks-edge.${target}.test-d.ts`), join(out, `hooks-edge.${target}.test-d.ts`));
    }
    // Compiled as written (Solid's JSX through the pragma), beside the hooks of the edge fixture.
    if (target === 'solid') project.write('src/readme-example.tsx', `/** @jsxImportSource solid-js */\n${solidReadmeExample().replaceAll("'./api/", "'./edge/")}`);
  });

  it.each<Resolution>(['bundler', 'nodenext'])('compiles with its type tests under the strict flags with %s resolution', (resolution) => {
    project.tsconfig(resolution);
    const result = typecheck(project.dir, '5.9');
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it("is formatted under the consumer's prettier config", async () => {
    const files = SPECS.flatMap((s) => ['hooks.ts', 'test-utils.ts'].map((f) => join(project.dir, 'src', s.name, f)));
    expect(await prettierUnformatted(files)).toEqual([]);
  });

  it("imports the adapter's package, not React's", () => {
    const hooks = readFileSync(join(project.dir, 'src/edge/hooks.ts'), 'utf8');
    expect(hooks).toContain(`from '@tanstack/${target}-query'`);
    expect(hooks).not.toMatch(/from '(react|@tanstack\/react-query)'/);
  });
});
