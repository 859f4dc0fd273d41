/**
 * Tree shaking of `hooks.ts`, as a web app meets it (issue 16): an app that imports one query
 * hook, built for production by Vite (rolldown) and by esbuild, keeps that hook's key function and
 * client call, and nothing of the other resources (their key factories, hooks and client
 * functions) nor the rest of its own resource's factory, for every target. Packages (the
 * framework, TanStack Query, zod) stay external, so the strings checked can only come from the
 * generated code. The temp project has no `sideEffects` field: the generated modules must be
 * droppable on their own.
 */
import * as esbuild from 'esbuild';
import { fixture } from '@specwright/testing';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../src/target.js';
import { generatedProject, type GeneratedProject } from './support/generated-project.js';

/** A package import (not a relative or absolute path): left out of the bundle. */
const isPackage = (id: string) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');

/** Each target's hook for `getPetById`. */
const TARGETS = [
  { target: 'react', hook: 'useGetPetById' },
  { target: 'vue', hook: 'useGetPetById' },
  { target: 'svelte', hook: 'createGetPetById' },
  { target: 'solid', hook: 'useGetPetById' },
  { target: 'swr', hook: 'useGetPetById' },
  { target: 'angular', hook: 'injectGetPetById' },
] as const;

/** Key strings of petstore's resources and of the `pets` keys other than `detail`, and paths of other operations. */
const OTHERS = ['stores', 'owners', 'search', 'health', 'list', 'infinite', '/photos', '/stores/', '/search', '/health'];

async function bundleWithVite(dir: string, entry: string): Promise<string> {
  const result = await build({
    logLevel: 'silent',
    configFile: false,
    root: dir,
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['es'] },
      rollupOptions: { external: isPackage },
    },
  });
  const output = Array.isArray(result) ? result[0] : result;
  if (!output || !('output' in output)) throw new Error('vite returned no bundle');
  return output.output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('\n');
}

async function bundleWithEsbuild(_dir: string, entry: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    packages: 'external',
  });
  return result.outputFiles.map((file) => file.text).join('\n');
}

/** Whether the code holds `text` as a string literal of its own (any quote), or as a path piece. */
function holds(code: string, text: string): boolean {
  if (text.startsWith('/')) return code.includes(text);
  return ['"', "'", '`'].some((quote) => code.includes(`${quote}${text}${quote}`));
}

const BUNDLERS = [['vite', bundleWithVite] as const, ['esbuild', bundleWithEsbuild] as const];

describe.each(TARGETS)('$target hooks', ({ target, hook }) => {
  let project: GeneratedProject;
  let entry: string;
  beforeAll(() => {
    project = generatedProject(`rq-bundle-${target}`, fixture('petstore-3.1.yaml'), {
      hooks: {
        target,
        auto_invalidate: true,
        infinite_query: true,
        suspense: ADAPTERS[target].noSuspense === undefined,
      },
    });
    entry = project.write('src/app.ts', `import { ${hook} } from './api/hooks.js';\n\nexport const pet = () => ${hook}(${target === 'react' || target === 'vue' || target === 'swr' ? "'p1'" : "() => 'p1'"});\n`);
  }, 120_000);

  describe.each(BUNDLERS)('%s bundle of an app using one hook', (_name, bundle) => {
    it('keeps the hook, its key function and its client call, and no other resource', async () => {
      const code = await bundle(project.dir, entry);
      // SWR's hook is its default export, whose local name the minifier may change.
      expect(code).toMatch(target === 'swr' ? /from\s*["']swr["']/ : /\b(useQuery|createQuery|injectQuery)\b/);
      expect(holds(code, 'pets')).toBe(true);
      expect(code).toContain('/pets/');
      expect(OTHERS.filter((text) => holds(code, text))).toEqual([]);
    }, 60_000);

    it('keeps a resource factory only where the app imports it', async () => {
      const withFactory = project.write('src/keys.ts', "import { storeKeys } from './api/hooks.js';\n\nexport const key = storeKeys.all();\n");
      const code = await bundle(project.dir, withFactory);
      expect(holds(code, 'stores')).toBe(true);
      expect(['pets', 'owners', 'search', 'health'].filter((text) => holds(code, text))).toEqual([]);
    }, 60_000);
  });
});
