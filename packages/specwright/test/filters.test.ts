import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadModel } from '@specwright/core';
import { fixture, runCommandLine, tempProject, typecheck } from '@specwright/testing';
import { describe, expect, it } from 'vitest';

/** Operation filters (issue 36): include / exclude / deprecated, decided once in the IR. */
const spec = fixture('filters.yaml');
const names = (model: { operations: { name: string }[] }) => model.operations.map((o) => o.name);
const schemas = (model: { schemas: { key: string }[] }) => model.schemas.map((s) => s.key);

describe('operation filters', () => {
  it('excludes by tag, operation id, path glob and deprecated, and prunes what only those reached', async () => {
    const model = await loadModel(spec, { exclude: { tags: ['admin'], operations: ['deletePet'], paths: ['/internal/**'] }, deprecated: false });
    expect(names(model)).toEqual(['listPets', 'createPet']);
    // No selected request reaches Pet's writable variant, so there is none (issue 33: unused *Writable types).
    expect(schemas(model)).toEqual(['Pet', 'NewPet', 'Category']);
    expect(model.warnings).toEqual([]);
  });

  it('includes by tag and method, and warns about an entry that matches nothing', async () => {
    const model = await loadModel(spec, { include: { tags: ['pets'], methods: ['get'] }, exclude: { tags: ['nope'] } });
    expect(names(model)).toEqual(['listPets', 'createPet', 'deletePet', 'legacyPets', 'listUsers', 'health', 'cpuMetrics']);
    const only = await loadModel(spec, { include: { methods: ['delete'], paths: ['/internal/*'] }, exclude: { tags: ['nope'] } });
    expect(names(only)).toEqual(['deletePet', 'health']);
    expect(schemas(only)).toEqual(['Health', 'HealthCheck']);
    expect(only.warnings).toEqual(['the filter exclude.tags "nope" (config) matches no operation']);
  });

  it('refuses a selection of no operation', async () => {
    const error = await loadModel(spec, { include: { tags: ['nope'] } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/leave none of the spec's 7 operations/);
  });

  it('gives all four outputs the same selection from the top-level config, compiled strict', () => {
    const p = tempProject('filters', { prettier: false });
    p.write(
      'specwright.config.json',
      JSON.stringify({
        input_openapi: spec,
        exclude: { tags: ['admin', 'nope'], operations: ['deletePet'], paths: ['/internal/**'] },
        deprecated: false,
        zod_ts: { output: 'src/api' },
        server: { framework: 'express' },
        react_query: {},
        msw: { output: 'src/mocks' },
      }),
    );
    const result = runCommandLine('specwright', 'specwright', [], p.dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('the filter exclude.tags "nope" (config) matches no operation');
    const read = (file: string) => readFileSync(join(p.dir, 'src', file), 'utf8');
    const all = ['api/schema-types.ts', 'api/client.ts', 'api/service.ts', 'api/router.ts', 'api/hooks.ts', 'mocks/handlers.ts'].map(read).join('\n');
    for (const kept of ['listPets', 'createPet', 'PetSchema', 'CategorySchema', 'NewPetSchema']) expect(all).toContain(kept);
    for (const gone of ['deletePet', 'legacyPets', 'listUsers', 'health', 'cpuMetrics', 'UserSchema', 'HealthSchema', 'HealthCheck', 'Metrics', 'LegacyPet']) expect(all).not.toContain(gone);
    p.tsconfig('bundler', ['src/**/*.ts']);
    const tsc = typecheck(p.dir);
    expect(tsc.stdout + tsc.stderr).toBe('');
  });

  it('takes the filters in a command config too, and names a malformed one', () => {
    const p = tempProject('filters-cmd', { prettier: false });
    p.write('zod.json', JSON.stringify({ input_openapi: spec, output: 'gen', include: { operations: ['listUsers'] } }));
    const ok = runCommandLine('openapi-zod-ts', 'openapi-zod-ts', ['--config', 'zod.json'], p.dir);
    expect(ok.code, ok.stderr).toBe(0);
    const client = readFileSync(join(p.dir, 'gen', 'client.ts'), 'utf8');
    expect(client).toContain('listUsers');
    expect(client).not.toContain('listPets');
    p.write('bad.json', JSON.stringify({ input_openapi: spec, output: 'gen2', exclude: { verbs: ['get'] } }));
    const bad = runCommandLine('openapi-zod-ts', 'openapi-zod-ts', ['--config', 'bad.json'], p.dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/key "exclude\.verbs": unknown key \(allowed: tags, operations, paths, methods\)/);
  });
});
