import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createFormatter, isUserError, type ApiModel, type Code, type OutputFile } from '@specwright/core';
import { buildHandlersModule } from '@specwright/openapi-msw';
import { ADAPTERS, TARGETS, generateModules as reactQueryModules, type Target } from '@specwright/openapi-react-query';
import { generateModules as serverModules } from '@specwright/openapi-server';
import { generateFromModel, type ZodVariant } from '@specwright/openapi-zod-ts';
import { STRICT_COMPILER_OPTIONS } from '@specwright/testing';

/**
 * The generators of one corpus project, run in-process on an already loaded model with the
 * options a user would pass:
 * - `openapi-zod-ts` and `openapi-react-query` write into `src/api/` (the hooks import the client);
 * - `openapi-server` writes `src/fastify/` (with `context_type`), `src/hono/` and `src/router/`, all
 *   importing `src/api/schema-types.ts`; the third router rotates across specs (express, koa,
 *   NestJS) by a hash of the project's name (`rotatedRouter`), as the hooks targets do;
 * - `openapi-msw` writes `src/msw/handlers.ts`.
 * React Query runs with `suspense` and `auto_invalidate` on, so that every kind of hook is emitted,
 * for one `target` per spec: the targets (the five TanStack adapters and SWR) rotate across specs by a hash of the project's name
 * (`hooksTarget`), so a sample compiles each of them at the cost of one; `suspense` is off for the
 * targets without suspense hooks (Svelte, Solid, Angular).
 */
export const GENERATORS = ['openapi-zod-ts', 'openapi-server fastify', 'openapi-server hono', 'openapi-server express', 'openapi-server koa', 'openapi-server nestjs', 'openapi-react-query', 'openapi-msw'] as const;
export type GeneratorId = (typeof GENERATORS)[number];

export const LAYOUT = { api: 'src/api', fastify: 'src/fastify', hono: 'src/hono', router: 'src/router', msw: 'src/msw' } as const;

/** The routers that take turns in `src/router/`: fastify and hono run on every spec (the route checks serve them). */
export const ROTATED_ROUTERS = ['express', 'koa', 'nestjs'] as const;
export type RotatedRouter = (typeof ROTATED_ROUTERS)[number];

/** Name of the fastify service's context type parameter. */
export const CONTEXT_TYPE = 'RequestContext';

export interface GeneratorError {
  /** `spec-error`: a SpecwrightError (the CLI prints it as one line); `crash`: anything else. */
  kind: 'spec-error' | 'crash';
  /** The error's code (`SPEC_INVALID`...) or name (`TypeError`). */
  code: string;
  /** As the CLI prints it: `file at #/pointer: message` for a user error. */
  message: string;
  stack?: string;
}

export interface GeneratorRun {
  generator: GeneratorId;
  /** Building and formatting the files (the model is loaded once, see `loadMs` of the caller). */
  ms: number;
  files: OutputFile[];
  warnings: string[];
  error?: GeneratorError;
}

/** Classifies a thrown value the way the command-line harness does. */
export function describeError(error: unknown): GeneratorError {
  if (isUserError(error)) return { kind: 'spec-error', code: error.code, message: error.describe() };
  const e = error instanceof Error ? error : new Error(String(error));
  return { kind: 'crash', code: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) };
}

async function formatAll(modules: { path: string; module: Code.Module }[], dir: string): Promise<OutputFile[]> {
  const formatter = await createFormatter(dir);
  const files: OutputFile[] = [];
  for (const { path, module } of modules) files.push({ path, content: await formatter.formatModule(module, path) });
  return files;
}

async function timed(generator: GeneratorId, build: (warnings: string[]) => Promise<OutputFile[]>): Promise<GeneratorRun> {
  const warnings: string[] = [];
  const start = performance.now();
  try {
    const files = await build(warnings);
    return { generator, ms: performance.now() - start, files, warnings };
  } catch (error) {
    return { generator, ms: performance.now() - start, files: [], warnings, error: describeError(error) };
  }
}

/** FNV-1a of a text: a choice that is stable per spec and spread evenly over a sample. */
function fnv(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

/** The `openapi-react-query` target of a corpus project: stable per spec, spread evenly over the targets. */
export function hooksTarget(dir: string): Target {
  return TARGETS[fnv(basename(dir)) % TARGETS.length]!;
}

/** The third router of a corpus project: stable per spec, spread evenly, independent of the hooks target. */
export function rotatedRouter(dir: string): RotatedRouter {
  return ROTATED_ROUTERS[fnv(`router ${basename(dir)}`) % ROTATED_ROUTERS.length]!;
}

/**
 * The `zod_variant` of a spec when a run alternates them, by the spec's id (its path under
 * `api/` for a corpus spec, the same in `pnpm corpus` and `pnpm agreement`): stable per spec, so
 * a spec checked alone gets the variant it had in a sample, and independent of the hooks target
 * (another hash) and of `input_schema` (the position in the run).
 */
export function alternateVariant(id: string): ZodVariant {
  return fnv(`zod_variant ${id}`) % 2 === 0 ? 'classic' : 'mini';
}

/** Where `openapi-zod-ts` bootstraps the user-owned schema file when `input_schema` is on. */
export const USER_SCHEMA_FILE = 'src/schemas.ts';

/**
 * Runs the generators on `model` for a project in `dir` (nothing is written). With
 * `inputSchema`, `openapi-zod-ts` bootstraps the user-owned schema file too (the compile step then
 * checks that a user can build on it as created); `variant` is its `zod_variant`.
 */
export async function runGenerators(model: ApiModel, dir: string, options: { inputSchema?: boolean; variant?: ZodVariant } = {}): Promise<GeneratorRun[]> {
  const api = join(dir, LAYOUT.api);
  const runs: GeneratorRun[] = [];
  const inputSchema = options.inputSchema ? join(dir, USER_SCHEMA_FILE) : undefined;
  runs.push(await timed('openapi-zod-ts', (warnings) => generateFromModel(model, { outputDir: api, inputSchema, variant: options.variant, warn: (w) => warnings.push(w) })));
  for (const framework of ['fastify', 'hono', rotatedRouter(dir)] as const) {
    runs.push(
      await timed(`openapi-server ${framework}`, async (warnings) => {
        const out = join(dir, framework === 'fastify' || framework === 'hono' ? LAYOUT[framework] : LAYOUT.router);
        const contextType = framework === 'fastify' ? CONTEXT_TYPE : undefined;
        const modules = serverModules(model, { framework, contextType, schemaTypes: '../api/schema-types.js' });
        warnings.push(...modules.warnings);
        const planned = [{ path: join(out, 'service.ts'), module: modules.service }];
        if (modules.router) planned.push({ path: join(out, 'router.ts'), module: modules.router });
        return formatAll(planned, out);
      }),
    );
  }
  runs.push(
    await timed('openapi-react-query', async (warnings) => {
      const target = hooksTarget(dir);
      const modules = reactQueryModules(model, { target, suspense: ADAPTERS[target].noSuspense === undefined, autoInvalidate: true });
      warnings.push(...modules.warnings);
      return formatAll(
        [
          { path: join(api, 'hooks.ts'), module: modules.hooks },
          { path: join(api, 'test-utils.ts'), module: modules.testUtils },
        ],
        api,
      );
    }),
  );
  runs.push(
    await timed('openapi-msw', async (warnings) => {
      const out = join(dir, LAYOUT.msw);
      const built = buildHandlersModule(model, { seed: 42, maxArrayItems: 3, depthCap: 30, baseUrl: '*' });
      warnings.push(...built.warnings);
      return formatAll([{ path: join(out, 'handlers.ts'), module: built.module }], out);
    }),
  );
  return runs;
}

/** The strict flag set of DECISIONS with NodeNext resolution (relative imports carry `.js`). */
export function strictTsconfig(include: string[] = ['src/**/*.ts']): string {
  const compilerOptions = { ...STRICT_COMPILER_OPTIONS, module: 'NodeNext', moduleResolution: 'NodeNext' };
  return `${JSON.stringify({ compilerOptions, include }, null, 2)}\n`;
}

/**
 * Makes `dir` a project: an ES module package with prettier's default options (an empty config,
 * so that nothing above the folder applies) and a strict tsconfig. Under `<repo>/.tmp/`, imports
 * of zod, msw, hono, fastify... resolve to the workspace's pinned versions.
 */
export function initProject(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'corpus-project', private: true, type: 'module' }, null, 2)}\n`);
  writeFileSync(join(dir, '.prettierrc.json'), '{}\n');
  writeFileSync(join(dir, 'tsconfig.json'), strictTsconfig());
}

export function writeFiles(files: OutputFile[]): void {
  for (const file of files) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.content);
  }
}
