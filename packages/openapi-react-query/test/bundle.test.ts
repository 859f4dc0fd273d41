/**
 * Tree shaking of `hooks.ts`, as a web app meets it (issue 16): an app that imports one query
 * hook, built for production by Vite (rolldown) and by esbuild, keeps that hook's key function and
 * client call, and nothing of the other resources (their key factories, hooks and client
 * functions) nor the rest of its own resource's factory. React, TanStack Query and zod stay
 * external, so the strings checked can only come from the generated code. The temp project has
 * no `sideEffects` field: the generated modules must be droppable on their own.
 */
import * as esbuild from 'esbuild';
import { fixture } from '@specwright/testing';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { generatedProject, type GeneratedProject } from './support/generated-project.js';

const EXTERNAL = ['react', 'react/jsx-runtime', '@tanstack/react-query', 'zod', 'zod/mini'];

/** Key strings of petstore's resources and of the `pets` keys other than `detail`, and paths of other operations. */
const OTHERS = ['stores', 'owners', 'search', 'health', 'list', 'infinite', '/photos', '/stores/', '/search', '/health'];

async function bundleWithVite(dir: string, entry: string): Promise<string> {
  const result = await build({
    logLevel: 'silent',
    configFile: false,
    root: dir,
    build: { write: false, minify: true, lib: { entry, formats: ['es'] }, rollupOptions: { external: EXTERNAL } },
  });
  const output = Array.isArray(result) ? result[0] : result;
  if (!output || !('output' in output)) throw new Error('vite returned no bundle');
  return output.output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('\n');
}

async function bundleWithEsbuild(_dir: string, entry: string): Promise<string> {
  const result = await esbuild.build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent', external: EXTERNAL });
  return result.outputFiles.map((file) => file.text).join('\n');
}

/** Whether the code holds `text` as a string literal of its own (any quote), or as a path piece. */
function holds(code: string, text: string): boolean {
  if (text.startsWith('/')) return code.includes(text);
  return ['"', "'", '`'].some((quote) => code.includes(`${quote}${text}${quote}`));
}

describe.each([['vite', bundleWithVite] as const, ['esbuild', bundleWithEsbuild] as const])('%s bundle of an app using one hook', (_name, bundle) => {
  let project: GeneratedProject;
  let entry: string;
  beforeAll(() => {
    project = generatedProject('rq-bundle', fixture('petstore-3.1.yaml'), { hooks: { auto_invalidate: true, infinite_query: true, suspense: true } });
    entry = project.write('src/app.ts', "import { useGetPetById } from './api/hooks.js';\n\nexport function usePetName(): string | undefined {\n  return useGetPetById('p1').data?.name;\n}\n");
  }, 120_000);

  it('keeps the hook, its key function and its client call, and no other resource', async () => {
    const code = await bundle(project.dir, entry);
    expect(code).toContain('useQuery');
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
