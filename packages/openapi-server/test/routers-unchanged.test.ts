/**
 * The hono, express and fastify output (service.ts and router.ts) of three fixture specs, byte for
 * byte, against files written before the koa and NestJS routers existed (`expected/`), and koa's
 * against files written before the NestJS router: adding routers must not change a byte of what
 * these users get. `UPDATE_EXPECTED=1` rewrites them.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { configSchema, generate } from '../src/index.js';

const expectedDir = join(import.meta.dirname, 'expected');

const SPECS: { out: string; spec: string; server: Record<string, unknown> }[] = [
  { out: 'contract', spec: fixture('server-contract.yaml'), server: { context_type: 'AuthContext' } },
  { out: 'petstore', spec: fixture('petstore-3.1.yaml'), server: {} },
  { out: 'features', spec: fixture('features-3.1.yaml'), server: { context_type: 'Ctx' } },
];
const CASES = (['hono', 'express', 'fastify', 'koa'] as const).flatMap((framework) => SPECS.map((c) => ({ ...c, framework })));

describe('hono, express, fastify and koa output', () => {
  const project = tempProject('server-routers-unchanged');

  it.each(CASES)('$framework: byte-identical to the committed files for $out', async (c) => {
    const config = configSchema.parse({ input_openapi: c.spec, output: join(project.dir, c.framework, c.out), framework: c.framework, ...c.server });
    const files = await generate(config);
    expect(files.map((f) => f.path.slice(config.output.length + 1))).toEqual(['service.ts', 'router.ts']);
    for (const file of files) {
      const expected = join(expectedDir, c.framework, c.out, `${file.path.slice(config.output.length + 1)}.txt`);
      if (process.env['UPDATE_EXPECTED'] === '1') {
        mkdirSync(join(expected, '..'), { recursive: true });
        writeFileSync(expected, file.content);
      }
      expect(file.content, expected).toBe(readFileSync(expected, 'utf8'));
    }
  });
});
