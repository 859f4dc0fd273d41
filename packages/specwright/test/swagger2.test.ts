import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadModel, SpecError } from '@specwright/core';
import { fixture, repoRoot, runCommandLine, tempProject, typecheck } from '@specwright/testing';
import { describe, expect, it } from 'vitest';

/**
 * Swagger 2.0 input (issue 36): converted to OpenAPI 3 in the loader, then the usual pipeline.
 * The fixture has definitions, shared parameters, multipart and urlencoded formData bodies,
 * collectionFormat, x-nullable, produces/consumes and securityDefinitions.
 */
const swagger = fixture('swagger-2.0.yaml');

describe('Swagger 2.0 input', () => {
  it('generates all four outputs, which compile under the strict flags; warnings point into the original', () => {
    const p = tempProject('swagger2', { prettier: false });
    p.write(
      'specwright.config.json',
      JSON.stringify({
        input_openapi: swagger,
        zod_ts: { output: 'src/api' },
        server: { framework: 'hono' },
        react_query: {},
        msw: { output: 'src/mocks' },
      }),
    );
    const result = runCommandLine('specwright', 'specwright', [], p.dir);
    expect(result.code, result.stderr).toBe(0);
    // The header parameter's `pipes` format has no OpenAPI 3 equivalent: said at its 2.0 place.
    expect(result.stderr).toMatch(/#\/paths\/~1items\/get\/parameters\/4: collectionFormat:pipes is no longer supported/);
    p.tsconfig('bundler', ['src/**/*.ts']);
    const tsc = typecheck(p.dir);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);
  });

  it('reads the converted bodies, parameters and security as a native 3.0 spec gives them', async () => {
    const model = await loadModel(swagger);
    const op = (name: string) => model.operations.find((o) => o.name === name)!;
    expect(op('uploadPhoto').requestBody?.contents.map((c) => c.contentType)).toEqual(['multipart/form-data']);
    expect(op('login').requestBody?.contents.map((c) => c.contentType)).toEqual(['application/x-www-form-urlencoded']);
    expect(op('login').security).toEqual([]);
    const tags = op('listItems').queryParams.find((q) => q.name === 'tags')!;
    expect([tags.style, tags.explode]).toEqual(['form', false]);
    expect(model.securitySchemes.map((s) => s.key).sort()).toEqual(['api_key', 'basic', 'oauth']);
    const item = model.schemas.find((s) => s.sourceName === 'Item')!;
    expect(JSON.stringify(item.schema)).toContain('"nullable":true');
  });

  it('points an error inside a definition at #/definitions, not at the converted components', async () => {
    const p = tempProject('swagger2-error', { prettier: false });
    const file = p.write(
      'bad.yaml',
      `swagger: '2.0'\ninfo: { title: t, version: '1' }\npaths:\n  /a:\n    get:\n      responses:\n        '200': { description: ok, schema: { $ref: '#/definitions/Bad' } }\ndefinitions:\n  Bad:\n    type: object\n    properties:\n      x: 3\n`,
    );
    const error = await loadModel(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).location.pointer).toBe('#/definitions/Bad/properties/x');
  });

  it('bundles a multi-file Swagger 2.0 document, its external definitions named', async () => {
    const p = tempProject('swagger2-files', { prettier: false });
    p.write('defs.yaml', 'Pet:\n  type: object\n  required: [name]\n  properties:\n    name: { type: string }\n    tag: { type: string, x-nullable: true }\n');
    const main = p.write(
      'main.yaml',
      `swagger: '2.0'\ninfo: { title: t, version: '1' }\npaths:\n  /pets:\n    post:\n      operationId: addPet\n      parameters:\n        - { name: body, in: body, required: true, schema: { $ref: 'defs.yaml#/Pet' } }\n      responses:\n        '200': { description: ok, schema: { $ref: '#/definitions/Owner' } }\ndefinitions:\n  Owner:\n    type: object\n    properties:\n      pet: { $ref: 'defs.yaml#/Pet' }\n`,
    );
    const model = await loadModel(main);
    expect(model.schemas.map((s) => s.sourceName)).toEqual(['Owner', 'Pet']);
    expect(model.operations[0]!.requestBody?.required).toBe(true);
    expect(JSON.stringify(model.schemas[1]!.schema)).toContain('"nullable":true');
  });

  it('reads a remote Swagger 2.0 document, and names its URL and original pointer in warnings', async () => {
    const text = readFileSync(swagger, 'utf8');
    const server = createServer((_request, response) => void response.writeHead(200, { 'content-type': 'application/yaml' }).end(text));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/swagger.yaml`;
      const model = await loadModel(url);
      expect(model.file).toBe(url);
      expect(model.operations).toHaveLength(6);
      expect(model.warnings.some((w) => w.startsWith('#/paths/~1items/get/parameters/4: collectionFormat:pipes'))).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('round-trips every operation through the client, the three routers and MSW (0 failed)', () => {
    const dir = join(repoRoot, '.tmp', `swagger2-roundtrip-${process.pid}`);
    const one = join(repoRoot, 'scripts', 'agreement', 'one.ts');
    const run = spawnSync(process.execPath, ['--import', join(repoRoot, 'scripts', 'corpus', 'register.mjs'), one, swagger, dir, 'classic'], { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 });
    expect(run.status, run.stderr).toBe(0);
    const outcome = JSON.parse(run.stdout) as { error?: string; operations: { operation: string; status: string; reasons: string[] }[] };
    expect(outcome.error).toBeUndefined();
    expect(outcome.operations).toHaveLength(6);
    expect(outcome.operations.filter((o) => o.status !== 'agreed')).toEqual([]);
  }, 150_000);
});
