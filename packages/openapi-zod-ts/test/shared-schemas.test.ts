import { join } from 'node:path';
import { code as c, type Code } from '@specwright/core';
import { typecheck } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { shareRepeatedSchemas } from '../src/shared-schemas.js';
import { generateInto, importModule } from './support.js';

/**
 * Leaf schemas that repeat in `schema-types.ts` are declared once and shared (shared-schemas.ts):
 * the output compiles under the strict flags, validates as before, and only repeated leaves that
 * refer to no named schema are shared.
 */
const nullableName = { type: ['string', 'null'], maxLength: 50 };
const status = { type: 'string', enum: ['active', 'inactive', 'pending'] };
const spec = {
  openapi: '3.1.0',
  info: { title: 'shared', version: '1.0.0' },
  paths: {},
  components: {
    schemas: {
      Owner: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: nullableName, status } },
      Pet: {
        type: 'object',
        required: ['id', 'owner'],
        properties: { id: { type: 'string' }, name: nullableName, status, owner: { $ref: '#/components/schemas/Owner' }, tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } } },
      },
      Toy: { type: 'object', properties: { name: nullableName, owner: { $ref: '#/components/schemas/Owner' }, tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } } } },
    },
  },
};

type Schema = { safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } };

describe.each([['classic'], ['mini']] as const)('shared leaf schemas (%s)', (variant) => {
  it('declares each repeated leaf once, compiles, and validates as inline schemas do', async () => {
    const { project, files } = await generateInto(spec, { variant, format: false, prefix: `zod-ts-shared-${variant}` });
    const source = files.find((f) => f.path.endsWith('schema-types.ts'))!.content;
    const shared = [...source.matchAll(/^const (shared\w+) = \/\* @__PURE__ \*\/ \(\(\) =>/gm)].map((m) => m[1]!);
    // The nullable name, the enum (optional, in the three objects) and the tags array repeat.
    expect(shared.length).toBeGreaterThanOrEqual(3);
    for (const name of shared) expect(source.split(new RegExp(`\\b${name}\\b`)).length - 1, `${name} is used at least twice`).toBeGreaterThanOrEqual(3);
    // A reference to a named schema is never shared (it may be declared after the shared consts).
    expect(source).not.toMatch(/^const shared\w+ = .*OwnerSchema/m);
    // Short leaves stay inline where they read best.
    expect(source).not.toMatch(/^const shared\w+ = \/\* @__PURE__ \*\/ \(\(\) => z\.string\(\)\)\(\);/m);
    // An optional nullable is written `nullish` (zod builds `optional(nullable(x))` from it).
    if (variant === 'classic') expect(source).toContain('z.string().max(50).nullish()');
    else expect(source).toContain('z.nullish(z.string().check(z.maxLength(50)))');
    expect(source).not.toMatch(/nullable\(\)\.optional\(\)|z\.optional\(z\.nullable\(/);
    expect(source.match(/z\.enum\(\["active", "inactive", "pending"\]\)/g)).toHaveLength(1);

    project.tsconfig('nodenext');
    const compiled = typecheck(project.dir, '7');
    expect(compiled.stdout + compiled.stderr).toBe('');
    const schemas = await importModule<Record<string, Schema>>(join(project.dir, 'gen', 'schema-types.ts'));
    const owner = { id: 'o', name: null, status: 'active' };
    expect(schemas.PetSchema!.safeParse({ id: 'p', owner, name: 'Rex', status: 'pending', tags: ['a'] }).success).toBe(true);
    expect(schemas.ToySchema!.safeParse({}).success).toBe(true);
    const tooLong = schemas.PetSchema!.safeParse({ id: 'p', owner, name: 'x'.repeat(51) });
    expect(tooLong.error?.issues.map((i) => i.path)).toEqual([['name']]);
    expect(schemas.ToySchema!.safeParse({ owner: { ...owner, status: 'gone' } }).error?.issues.map((i) => i.path)).toEqual([['owner', 'status']]);
    expect(schemas.ToySchema!.safeParse({ tags: ['A'] }).error?.issues.map((i) => i.path)).toEqual([['tags', 0]]);
  });
});

/** Which of two leaves the module shares: leaves are the same exactly when they print alike. */
describe('shared leaves compare as printed', () => {
  const chain = (arg: Code.Expr) => c.dot(c.call(c.path('z.literal'), [arg]), 'describe', [c.str('a description')]);
  const enumOf = (values: string[]) => c.dot(c.call(c.path('z.enum'), [c.arr(values.map(c.str))]), 'optional');
  // Shared consts are declared as the expressions are rewritten.
  const declared = (exprs: Code.Expr[]) => {
    const shared = shareRepeatedSchemas(exprs, () => false);
    exprs.forEach(shared.rewrite);
    return shared.declarations.length;
  };
  it.each<[string, { given: [Code.Expr, Code.Expr]; shared: boolean }]>([
    ['the same chain twice', { given: [chain(c.num(1)), chain(c.num(1))], shared: true }],
    ['-1 as a unary minus and as a negative number', { given: [chain(c.num(-1)), chain({ k: 'number', value: -1 })], shared: true }],
    ['0 and -0 (printed 0 and -0)', { given: [chain({ k: 'number', value: 0 }), chain(c.num(-0))], shared: false }],
    ['a string with a comma and two strings', { given: [enumOf(['a,b', 'c']), enumOf(['a', 'b,c'])], shared: false }],
    ['a string and the same digits as a number', { given: [chain(c.str('12')), chain(c.num(12))], shared: false }],
    ['object keys that differ only in quoting', { given: [chain(c.obj([c.prop('a"', c.num(1))])), chain(c.obj([c.prop('a', c.str(':1'))]))], shared: false }],
  ])('%s', (_name, { given, shared }) => {
    expect(declared(given)).toBe(shared ? 1 : 0);
  });
});
