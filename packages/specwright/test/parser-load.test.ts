/**
 * Under prettier's default options every statement the generators emit for a simple spec is
 * printed by the fast path (their runtime code is canonical raw code): a run never loads prettier's
 * parser plugins, on the calling thread or in the worker. A non-default config sends the runtime
 * code to prettier, which loads them (the control that the check sees a load).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixture, repoRoot, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';

/** Logs each prettier plugin module resolved (on every thread: workers inherit `--import`). */
const HOOK = `
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    if (/\\/prettier\\/plugins\\//.test(result.url)) appendFileSync(process.env.PLUGIN_LOG, result.url + '\\n');
    return result;
  },
});
`;

const RUN = `
const { generate } = await import(${JSON.stringify(pathToFileURL(join(repoRoot, 'packages', 'specwright', 'dist', 'index.js')).href)});
const [spec, parallel, inputSchema] = process.argv.slice(2);
const schema = inputSchema ? { input_schema: inputSchema } : {};
await generate(
  { input_openapi: spec, zod_ts: { output: 'src/api', ...schema }, server: { framework: 'fastify', ...schema }, react_query: {}, msw: { output: 'src/mocks' } },
  { root: process.cwd(), parallel: parallel === 'true' },
);
`;

/** The prettier plugins a run loaded, and the files it wrote. */
function pluginsLoaded(prettierConfig: object | false, parallel: boolean, inputSchema?: string): string[] {
  const p = tempProject('parser-load', { prettier: prettierConfig });
  const hook = p.write('hook.mjs', HOOK);
  const script = p.write('run.mjs', RUN);
  const log = join(p.dir, 'plugins.log');
  const result = spawnSync(process.execPath, ['--import', pathToFileURL(hook).href, script, fixture('petstore-3.1.yaml'), String(parallel), ...(inputSchema ? [inputSchema] : [])], {
    cwd: p.dir,
    encoding: 'utf8',
    env: { ...process.env, PLUGIN_LOG: log },
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  expect(existsSync(join(p.dir, 'src', 'api', 'client.ts'))).toBe(true);
  expect(existsSync(join(p.dir, 'src', 'mocks', 'handlers.ts'))).toBe(true);
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
}

describe("prettier's parser under the default options", () => {
  it.each([false, true])('is not loaded by a run (worker: %s)', (parallel) => {
    expect(pluginsLoaded(false, parallel)).toEqual([]);
  });

  it("reads a user schema file's exports with Babel's parser alone (TypeScript's took three times as long)", () => {
    const plugins = pluginsLoaded(false, false, 'src/schemas.ts');
    expect(plugins.length).toBeGreaterThan(0);
    for (const plugin of plugins) expect(plugin).toMatch(/plugins\/babel\.mjs$/);
  });

  it('is loaded when the options are not the defaults', () => {
    expect(pluginsLoaded({ singleQuote: true }, false)).toEqual(expect.arrayContaining([expect.stringMatching(/plugins\/typescript\.mjs$/)]));
  });
});
