/**
 * Tree shaking, as a web app meets it: an app that calls one operation through the generated
 * `index.ts`, built for production by Vite (rolldown) and by esbuild, keeps that operation's
 * schemas and none of the others. The fixture has disjoint schema graphs (a plain chain, a
 * self-reference, a mutual reference, a discriminated union, inline bodies), and every schema has
 * a `<name>Marker` property, a key that minification keeps. The temp project's package.json has no
 * `sideEffects` field: the generated code must be droppable on its own.
 */
import { join } from 'node:path';
import { fixture, type TempProject } from '@specwright/testing';
import * as esbuild from 'esbuild';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInto } from './support.js';

const MARKERS = ['orderMarker', 'lineItemMarker', 'productMarker', 'treeNodeMarker', 'folderMarker', 'folderFileMarker', 'userInputMarker', 'userMarker', 'addressMarker', 'catMarker', 'dogMarker'];

/** Each app calls one operation; these are the markers of its schema closure. */
const APPS: Record<string, { call: string; closure: string[] }> = {
  getOrder: { call: "getOrder('o1')", closure: ['orderMarker', 'lineItemMarker', 'productMarker'] },
  getTree: { call: "getTree('t1')", closure: ['treeNodeMarker'] },
  getFolder: { call: "getFolder('f1')", closure: ['folderMarker', 'folderFileMarker'] },
};

async function bundleWithVite(project: TempProject, entry: string): Promise<string> {
  const result = await build({
    logLevel: 'silent',
    configFile: false,
    root: project.dir,
    build: { write: false, minify: true, lib: { entry: join(project.dir, entry), formats: ['es'] } },
  });
  const output = Array.isArray(result) ? result[0] : result;
  if (!output || !('output' in output)) throw new Error('vite returned no bundle');
  return output.output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('\n');
}

async function bundleWithEsbuild(project: TempProject, entry: string): Promise<string> {
  const result = await esbuild.build({ entryPoints: [join(project.dir, entry)], bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' });
  return result.outputFiles.map((file) => file.text).join('\n');
}

const BUNDLERS = { vite: bundleWithVite, esbuild: bundleWithEsbuild };

function writeApps(project: TempProject): void {
  for (const [name, app] of Object.entries(APPS)) {
    project.write(`${name}.ts`, `import { ${name} } from './gen/index.js';\n\nconst result = await ${app.call};\ndocument.title = JSON.stringify(result);\n`);
  }
}

function markersIn(code: string): string[] {
  return MARKERS.filter((marker) => code.includes(marker));
}

describe.each([
  ['classic', 'generated schemas', undefined],
  ['classic', 'schemas from the user-owned schema file', 'src/schemas.ts'],
  ['mini', 'generated schemas', undefined],
  ['mini', 'schemas from the user-owned schema file', 'src/schemas.ts'],
] as const)('bundle of a one-operation app, %s zod: %s', (variant, _label, inputSchema) => {
  let project: TempProject;
  beforeAll(async () => {
    ({ project } = await generateInto(fixture('bundle-graphs.yaml'), { prefix: 'zod-ts-bundle', variant, ...(inputSchema ? { inputSchema } : {}) }));
    writeApps(project);
  }, 60_000);

  describe.each(Object.keys(BUNDLERS) as (keyof typeof BUNDLERS)[])('%s', (bundler) => {
    it.each(Object.keys(APPS))('%s keeps its own schemas and no other', async (app) => {
      const code = await BUNDLERS[bundler](project, `${app}.ts`);
      expect(markersIn(code)).toEqual(APPS[app]!.closure);
    }, 60_000);
  });
});

/**
 * Issue 33: what a one-operation app costs over zod alone, zod imported as DECISIONS says
 * (`import * as z from 'zod'` or `'zod/mini'`, the form the generated code uses). esbuild keeps
 * the zod functions the code reaches through a namespace import, and all of zod through the
 * package's `z` object: with `import { z } from 'zod'` in the generated code, esbuild's app kept
 * about 370 KB more than its "zod alone".
 */
describe.each(['classic', 'mini'] as const)('a one-operation app over zod alone, %s zod', (variant) => {
  let project: TempProject;
  beforeAll(async () => {
    ({ project } = await generateInto(fixture('bundle-graphs.yaml'), { prefix: 'zod-ts-bundle-cost', variant }));
    writeApps(project);
    const module = variant === 'mini' ? 'zod/mini' : 'zod';
    project.write('zod-alone.ts', `import * as z from '${module}';\n\nconst Schema = z.object({ a: z.string() });\ndocument.title = Schema.parse(JSON.parse(document.title)).a;\n`);
  }, 60_000);

  it('costs under esbuild what it costs under Vite (the goal of issue 16: zod alone + 25,000 B at most)', async () => {
    const extra: Record<string, number> = {};
    for (const [bundler, bundle] of Object.entries(BUNDLERS)) {
      extra[bundler] = Buffer.byteLength(await bundle(project, 'getOrder.ts')) - Buffer.byteLength(await bundle(project, 'zod-alone.ts'));
    }
    expect(extra['esbuild'], JSON.stringify(extra)).toBeLessThanOrEqual(25_000);
    // Vite's library mode keeps whitespace; esbuild minifies fully, so it may only be smaller.
    expect(extra['esbuild'], JSON.stringify(extra)).toBeLessThanOrEqual(extra['vite']! + 2_000);
  }, 120_000);
});
