import { pathToFileURL } from 'node:url';
import { code as c, GLOBAL_VALUE_NAMES, modelFromDocument, printModuleSource } from '@specwright/core';
import { tempProject, typecheck } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { MockBuilder, seededMockStatements } from '../src/index.js';

/**
 * Values for path parameters that fill a segment (`MockBuilder.pathValue`): never empty, `.` or
 * `..`, which a URL cannot carry (quicksight's Namespace `^[a-zA-Z0-9._-]*$`, Azure's
 * resourceGroupName); drawn again until the simple-style text is another one.
 */
describe('mock values for path parameters', () => {
  it('never gives an empty or dot segment, and compiles under the strict flags', async () => {
    const schemas = {
      Name: { type: 'string', enum: ['', '.', '..', 'ok'] },
      Short: { type: 'string', maxLength: 2, pattern: '^[a-z.]*$' },
      Ids: { type: 'array', maxItems: 1, items: { type: 'string', enum: ['', 'a'] } },
      // Graph's `anyOf: [enum, object]`: the seed picks the object, `{}`; the next member is drawn.
      Free: { anyOf: [{ type: 'object' }, { type: 'string', enum: ['x'] }] },
    };
    const model = modelFromDocument({ openapi: '3.1.0', info: { title: 'p', version: '1' }, paths: {}, components: { schemas } }, 'inline.yaml');
    const mocks = new MockBuilder(model, { maxArrayItems: 1, depthCap: 5 }, ['faker', 'Faker', 'base', 'en', 'draw', ...GLOBAL_VALUE_NAMES]);
    const draws = model.schemas.map((schema) => c.prop(schema.sourceName, c.arrow([], mocks.pathValue(schema.schema))));
    const body = [...seededMockStatements(mocks, 3), c.constDecl('draw', c.obj(draws), { exported: true })];
    const project = tempProject('msw-path-values', { prettier: false });
    const file = project.write('values.ts', printModuleSource({ header: 'path values', body }));
    project.tsconfig('nodenext');
    const result = typecheck(project.dir);
    expect(result.stdout + result.stderr).toBe('');

    const { draw } = (await import(pathToFileURL(file).href)) as { draw: Record<string, () => unknown> };
    const seen = { Name: new Set<unknown>(), Short: new Set<unknown>(), Ids: new Set<unknown>(), Free: new Set<unknown>() };
    for (let i = 0; i < 200; i++) for (const name of Object.keys(seen) as (keyof typeof seen)[]) seen[name].add(JSON.stringify(draw[name]!()));
    expect([...seen.Name]).toEqual(['"ok"']);
    for (const text of seen.Short) expect(['""', '"."', '".."']).not.toContain(text);
    expect([...seen.Ids].sort()).toEqual(['["a"]']);
    expect([...seen.Free]).toEqual(['"x"']);
  });
});
