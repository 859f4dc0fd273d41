import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { printModuleSource, type ApiModel, type Operation } from '@specwright/core';
import { buildHandlersModule } from '@specwright/openapi-msw';
import { generateModules as serverModules } from '@specwright/openapi-server';
import { generateFromModel, type ZodVariant } from '@specwright/openapi-zod-ts';
import ts from 'typescript';
import { valuesModule } from './values.js';

/**
 * The project of one round trip: `openapi-zod-ts` (with the given `zod_variant`) into `src/api/`, `openapi-server` for each
 * router into `src/<framework>/` (fastify with a context type, as the corpus runs it), MSW handlers
 * into `src/msw/` and the samples into `src/values.ts`; then transpiled to `js/` so that node and
 * vitest import the same files. Formatting and tsc are the corpus runner's business.
 */

export const ROUTERS = ['fastify', 'hono', 'express', 'koa', 'nestjs'] as const;
export type RouterName = (typeof ROUTERS)[number];

export interface Generated {
  /** Every generator's warnings, as the commands print them. */
  warnings: string[];
  /** Imports a generated module by its path under `src/` (`api/client.ts`). */
  load<T>(source: string): Promise<T>;
}

function write(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

function transpileAll(src: string, out: string): void {
  for (const entry of readdirSync(src, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    const relative = path.slice(src.length + 1);
    const { outputText } = ts.transpileModule(readFileSync(path, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      fileName: relative,
    });
    write(join(out, relative.replace(/\.ts$/, '.js')), outputText);
  }
}

export async function generateProject(model: ApiModel, dir: string, omitted: (operation: Operation, name: string) => boolean, variant: ZodVariant): Promise<Generated> {
  const warnings: string[] = [];
  const src = join(dir, 'src');
  write(join(dir, 'package.json'), `${JSON.stringify({ name: 'agreement-project', private: true, type: 'module' })}\n`);
  for (const file of await generateFromModel(model, { outputDir: join(src, 'api'), format: false, variant, warn: (w) => warnings.push(w) })) write(file.path, file.content);
  for (const framework of ROUTERS) {
    const modules = serverModules(model, { framework, contextType: framework === 'fastify' ? 'RequestContext' : undefined, schemaTypes: '../api/schema-types.js' });
    warnings.push(...modules.warnings);
    write(join(src, framework, 'service.ts'), printModuleSource(modules.service));
    if (modules.router) write(join(src, framework, 'router.ts'), printModuleSource(modules.router));
  }
  const handlers = buildHandlersModule(model, { seed: 42, maxArrayItems: 2, depthCap: 12, baseUrl: '*' });
  warnings.push(...handlers.warnings);
  write(join(src, 'msw', 'handlers.ts'), printModuleSource(handlers.module));
  write(join(src, 'values.ts'), printModuleSource(valuesModule(model, omitted)));
  const out = join(dir, 'js');
  transpileAll(src, out);
  return {
    warnings: [...new Set(warnings)],
    load: async <T>(source: string) => (await import(pathToFileURL(join(out, source.replace(/\.ts$/, '.js'))).href)) as T,
  };
}
