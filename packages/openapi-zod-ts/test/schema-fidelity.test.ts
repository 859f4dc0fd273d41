import { join } from 'node:path';
import { tempProject, typecheck } from '@specwright/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInto, importModule } from './support.js';

/**
 * Issue 33 (repros 22 and 24): what the schemas keep and check. A value valid for several anyOf /
 * oneOf members keeps every key some member declares (alone, nested in allOf, in arrays); `not`
 * and the constraints of a schema without `type` are enforced. Both zod variants, with checked
 * typing (the compiler proves each type agrees with its schema).
 */
const A = { type: 'object', properties: { id: { type: 'string' } } };
const B = { type: 'object', properties: { label: { type: 'string' } } };
const SCHEMAS = {
  A,
  B,
  Thing: { anyOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] },
  OneThing: { oneOf: [A, B] },
  InAllOf: { allOf: [{ type: 'object', required: ['n'], properties: { n: { type: 'integer' } } }, { oneOf: [{ $ref: '#/components/schemas/A' }, B] }] },
  Things: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
  Deep: { anyOf: [{ type: 'object', properties: { x: A } }, { type: 'object', properties: { x: B } }] },
  Mixed: { anyOf: [{ type: 'string' }, A, B] },
  NotInteger: { not: { type: 'integer' } },
  NotOne: { type: 'integer', not: { enum: [1] } },
  NotInAllOf: { allOf: [A, { not: { required: ['label'] } }] },
  ShortText: { maxLength: 2 },
  SmallNumber: { maximum: 5 },
  UniquePairs: { type: 'array', items: { type: 'object' }, uniqueItems: true },
  UniqueThings: { type: 'array', items: A, uniqueItems: true },
  Conditional: { type: 'object', if: { required: ['a'] }, then: { required: ['b'] } },
};

const VARIANTS = ['classic', 'mini'] as const;
const project = tempProject('zod-ts-fidelity', { prettier: false });
const warningsOf = new Map<string, string[]>();

/** Both variants in one project, compiled once. */
beforeAll(async () => {
  const spec = { openapi: '3.1.0', info: { title: 'fidelity', version: '1.0.0' }, paths: {}, components: { schemas: SCHEMAS } };
  for (const variant of VARIANTS) warningsOf.set(variant, (await generateInto(spec, { project, outDir: variant, format: false, typing: 'checked', variant })).warnings);
  project.tsconfig('nodenext');
  const compiled = typecheck(project.dir, '5.9');
  expect(compiled.stdout + compiled.stderr).toBe('');
});

describe.each(VARIANTS)('what the schemas keep and check, %s zod', (variant) => {
  let schemas: Record<string, { parse(value: unknown): unknown; safeParse(value: unknown): { success: boolean } }>;
  let warnings: string[];

  beforeAll(async () => {
    warnings = warningsOf.get(variant)!;
    schemas = await importModule(join(project.dir, variant, 'schema-types.ts'));
  });

  const parse = (name: string, value: unknown) => schemas[`${name}Schema`]!.parse(value);
  const valid = (name: string, value: unknown) => schemas[`${name}Schema`]!.safeParse(value).success;

  it('anyOf / oneOf keep the keys of every member that parses, and only declared keys', () => {
    expect(parse('Thing', { id: 'a', label: 'b', other: 1 })).toEqual({ id: 'a', label: 'b' });
    expect(parse('OneThing', { id: 'a', label: 'b' })).toEqual({ id: 'a', label: 'b' });
    expect(parse('Things', [{ id: 'a', label: 'b' }, { label: 'c' }])).toEqual([{ id: 'a', label: 'b' }, { label: 'c' }]);
    expect(parse('Deep', { x: { id: 'a', label: 'b' } })).toEqual({ x: { id: 'a', label: 'b' } });
    expect(parse('Mixed', 'text')).toBe('text');
    expect(parse('Mixed', { id: 'a', label: 'b' })).toEqual({ id: 'a', label: 'b' });
    expect(valid('Thing', { id: 1, label: 2 })).toBe(false);
    expect(valid('Thing', 'x')).toBe(false);
  });

  it('a oneOf nested in allOf keeps them too', () => {
    expect(parse('InAllOf', { n: 1, id: 'a', label: 'b' })).toEqual({ n: 1, id: 'a', label: 'b' });
    expect(valid('InAllOf', { id: 'a' })).toBe(false);
  });

  it('not is enforced, alone, beside a type and in allOf', () => {
    expect([valid('NotInteger', 1), valid('NotInteger', 'x'), valid('NotInteger', 1.5)]).toEqual([false, true, true]);
    expect([valid('NotOne', 1), valid('NotOne', 2), valid('NotOne', 'x')]).toEqual([false, true, false]);
    expect([valid('NotInAllOf', { id: 'a' }), valid('NotInAllOf', { id: 'a', label: 'b' })]).toEqual([true, false]);
  });

  it('constraints without type apply to values of their own type, and let others pass', () => {
    expect([valid('ShortText', 'fo'), valid('ShortText', 'foo'), valid('ShortText', 12), valid('ShortText', null)]).toEqual([true, false, true, true]);
    expect([valid('SmallNumber', 5), valid('SmallNumber', 5.5), valid('SmallNumber', 'x'), valid('SmallNumber', [1])]).toEqual([true, false, true, true]);
  });

  it('uniqueItems compares objects as JSON values, whatever the order of their keys', () => {
    expect(valid('UniquePairs', [{ a: 1, b: 2 }, { a: 1 }])).toBe(true);
    expect(valid('UniquePairs', [{ a: 1, b: 2 }, { b: 2, a: 1 }])).toBe(false);
    expect(valid('UniqueThings', [{ id: 'a', other: 1 }, { id: 'a', other: 2 }])).toBe(true);
  });

  it('a keyword no schema enforces is named in a warning with its JSON pointer', () => {
    expect(warnings.filter((w) => w.includes('#/components/schemas/Conditional/if'))).toHaveLength(1);
    expect(warnings.some((w) => w.includes('#/components/schemas/Conditional/then'))).toBe(true);
  });
});
