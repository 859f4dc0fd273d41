import { join } from 'node:path';
import { fixture, tempProject, typecheck } from '@specwright/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { generateInto, importModule } from './support.js';

/**
 * Every schema kind, table-driven: each OpenAPI schema becomes a component, the output compiles
 * with checked typing (the compiler proves each type agrees with its schema), and at run time the
 * schema accepts the valid values and rejects the invalid ones.
 */
type Case = [string, { schema: object; valid: unknown[]; invalid: unknown[]; openapi?: '3.0.3' }];

const CASES: Case[] = [
  ['object, required and optional', { schema: { type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'integer' } } }, valid: [{ a: 'x' }, { a: 'x', b: 1 }], invalid: [{ b: 1 }, { a: 1 }, null, []] }],
  ['object, extra keys stripped', { schema: { type: 'object', properties: { a: { type: 'string' } } }, valid: [{}, { a: 'x', z: 1 }], invalid: [{ a: 2 }] }],
  ['additionalProperties: false', { schema: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }, valid: [{ a: 'x' }], invalid: [{ a: 'x', b: 1 }] }],
  ['additionalProperties: true', { schema: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true }, valid: [{ a: 'x', b: [1] }], invalid: [{ a: 1 }] }],
  ['additionalProperties: schema', { schema: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'integer' } }, valid: [{ a: 'x', b: 1 }], invalid: [{ a: 'x', b: 'y' }] }],
  ['map only', { schema: { type: 'object', additionalProperties: { type: 'boolean' } }, valid: [{}, { a: true }], invalid: [{ a: 1 }] }],
  ['free-form object', { schema: { type: 'object' }, valid: [{}, { a: 1 }], invalid: ['x', 1] }],
  ['patternProperties', { schema: { type: 'object', patternProperties: { '^x-': { type: 'string' } } }, valid: [{ 'x-a': 'b' }], invalid: [{ 'x-a': 1 }] }],
  ['min/maxProperties', { schema: { type: 'object', additionalProperties: { type: 'integer' }, minProperties: 1, maxProperties: 2 }, valid: [{ a: 1 }, { a: 1, b: 2 }], invalid: [{}, { a: 1, b: 2, c: 3 }] }],
  ['array with bounds', { schema: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2 }, valid: [['a'], ['a', 'b']], invalid: [[], ['a', 'b', 'c'], [1]] }],
  ['uniqueItems of primitives', { schema: { type: 'array', items: { type: 'integer' }, uniqueItems: true }, valid: [[1, 2]], invalid: [[1, 1]] }],
  ['uniqueItems of objects (compared as JSON, before undeclared keys are stripped)', { schema: { type: 'array', items: { type: 'object', properties: { a: { type: 'integer' } } }, uniqueItems: true }, valid: [[{ a: 1 }, { a: 2 }], [{ a: 1, b: 1 }, { a: 1, b: 2 }]], invalid: [[{ a: 1 }, { a: 1 }], [{ a: 'x' }]] }],
  ['tuple, closed', { schema: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false }, valid: [['a', 1]], invalid: [['a'], ['a', 1, 2], [1, 'a']] }],
  ['tuple with rest and maxItems', { schema: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'integer' }, maxItems: 3 }, valid: [['a'], ['a', 1, 2]], invalid: [['a', 1, 2, 3], ['a', 'b']] }],
  ['tuple with optional tail', { schema: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false, minItems: 1 }, valid: [['a'], ['a', 1]], invalid: [[], ['a', 'b']] }],
  ['string bounds and pattern', { schema: { type: 'string', minLength: 2, maxLength: 4, pattern: '^[a-z]+$' }, valid: ['ab', 'abcd'], invalid: ['a', 'abcde', 'AB', 1] }],
  ['unicode pattern', { schema: { type: 'string', pattern: '^\\p{L}+$' }, valid: ['ünï', '日本'], invalid: ['a1'] }],
  ['date-time (any RFC 3339 offset, or local)', { schema: { type: 'string', format: 'date-time' }, valid: ['2024-05-01T10:00:00Z', '2024-05-01T10:00:00.123+02:00', '2024-05-01T10:00:00'], invalid: ['2024-05-01', 'yesterday'] }],
  ['date', { schema: { type: 'string', format: 'date' }, valid: ['2024-05-01'], invalid: ['2024-5-1', '2024-05-01T00:00:00Z'] }],
  ['email (HTML5 rule)', { schema: { type: 'string', format: 'email' }, valid: ['a@example.com', 'ops@localhost'], invalid: ['not an email', ''] }],
  ['uuid (any 8-4-4-4-12 hex)', { schema: { type: 'string', format: 'uuid' }, valid: ['123e4567-e89b-12d3-a456-426614174000', '11111111-1111-1111-1111-111111111111'], invalid: ['123'] }],
  ['uri (not checked: real APIs send empty strings)', { schema: { type: 'string', format: 'uri' }, valid: ['https://x.test', '', '/relative'], invalid: [1] }],
  ['binary', { schema: { type: 'string', format: 'binary' }, valid: [new Blob(['x'])], invalid: ['x'] }],
  ['integer with exclusive bounds and multipleOf', { schema: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 50, multipleOf: 5 }, valid: [5, 45], invalid: [0, 50, 7, 5.5] }],
  ['number with inclusive bounds', { schema: { type: 'number', minimum: 0.5, maximum: 1 }, valid: [0.5, 1], invalid: [0.4, 1.1, '1'] }],
  ['decimal multipleOf', { schema: { type: 'number', multipleOf: 0.01 }, valid: [12.5, 0.07], invalid: [0.001] }],
  ['3.0 boolean exclusiveMinimum', { openapi: '3.0.3', schema: { type: 'number', minimum: 0, exclusiveMinimum: true }, valid: [0.1], invalid: [0] }],
  ['3.0 nullable', { openapi: '3.0.3', schema: { type: 'string', nullable: true }, valid: ['a', null], invalid: [1] }],
  ['3.1 type array with null', { schema: { type: ['integer', 'null'] }, valid: [1, null], invalid: ['1'] }],
  ['several types', { schema: { type: ['string', 'boolean'] }, valid: ['a', true], invalid: [1] }],
  ['string enum', { schema: { type: 'string', enum: ['a', 'b c'] }, valid: ['a', 'b c'], invalid: ['c'] }],
  ['mixed enum with null', { schema: { enum: [1, 'one', true, null] }, valid: [1, 'one', true, null], invalid: [2, false] }],
  ['const', { schema: { const: 'fixed' }, valid: ['fixed'], invalid: ['other'] }],
  ['oneOf of scalars', { schema: { oneOf: [{ type: 'string' }, { type: 'integer' }] }, valid: ['a', 1], invalid: [true] }],
  ['anyOf with null', { schema: { anyOf: [{ type: 'string' }, { type: 'null' }] }, valid: ['a', null], invalid: [1] }],
  ['inline discriminated union', {
    schema: {
      oneOf: [
        { type: 'object', required: ['t', 'a'], properties: { t: { type: 'string' }, a: { type: 'integer' } } },
        { type: 'object', required: ['t', 'b'], properties: { t: { type: 'string' }, b: { type: 'integer' } } },
      ],
      discriminator: { propertyName: 't', mapping: { x: '#/components/schemas/Unused', y: '#/components/schemas/Unused' } },
    },
    valid: [{ t: 'ab', a: 1 }, { t: 'q', b: 2 }],
    invalid: [{ t: 'x' }],
  }],
  ['allOf merged', { schema: { allOf: [{ type: 'object', required: ['a'], properties: { a: { type: 'string' } } }, { type: 'object', required: ['b'], properties: { b: { type: 'integer' } } }] }, valid: [{ a: 'x', b: 1 }], invalid: [{ a: 'x' }] }],
  ['allOf of an object and a union', {
    schema: { allOf: [{ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }, { oneOf: [{ type: 'object', required: ['a'], properties: { a: { type: 'string' } } }, { type: 'object', required: ['b'], properties: { b: { type: 'string' } } }] }] },
    valid: [{ id: 1, a: 'x' }, { id: 1, b: 'y' }],
    invalid: [{ id: 1 }, { a: 'x' }],
  }],
  ['anything', { schema: {}, valid: [1, 'a', null, {}], invalid: [] }],
  ['nothing (not: {})', { schema: { not: {} }, valid: [], invalid: [1, null] }],
  ['a default is documented, not applied', { schema: { type: 'object', properties: { a: { type: 'integer', default: 5 } } }, valid: [{}], invalid: [{ a: 'x' }] }],
];

describe.each([['3.1.0'], ['3.0.3']])('schema kinds (OpenAPI %s)', (version) => {
  const cases = CASES.filter(([, c]) => (c.openapi ?? '3.1.0') === version);
  let schemas: Record<string, z.ZodType>;

  beforeAll(async () => {
    const spec = {
      openapi: version,
      info: { title: 'kinds', version: '1.0.0' },
      paths: {},
      components: { schemas: { Unused: { type: 'object' }, ...Object.fromEntries(cases.map(([, c], i) => [`Case${i}`, c.schema])) } },
    };
    const project = tempProject('zod-ts-kinds', { prettier: false });
    await generateInto(spec, { project, format: false, typing: 'checked' });
    project.tsconfig('nodenext');
    const compiled = typecheck(project.dir, '7');
    expect(compiled.stdout + compiled.stderr).toBe('');
    schemas = await importModule(join(project.dir, 'gen', 'schema-types.ts'));
  });

  it.each(cases.map(([name, c], i) => [name, c, i] as const))('%s', (_, c, i) => {
    const schema = schemas[`Case${i}Schema`]!;
    for (const value of c.valid) expect(schema.safeParse(value).success, `accepts ${JSON.stringify(value)}`).toBe(true);
    for (const value of c.invalid) expect(schema.safeParse(value).success, `rejects ${JSON.stringify(value)}`).toBe(false);
  });
});

/**
 * Discriminated unions of fixtures/specs/features-3.1.yaml at run time, as generated by default:
 * several mapping keys to one schema, discriminator values from `const` and `default`, and
 * children that inherit the parent (and its discriminator) through allOf with implicit mapping.
 */
describe('discriminated unions (features-3.1.yaml)', () => {
  let schemas: Record<string, z.ZodType>;

  beforeAll(async () => {
    const { project } = await generateInto(fixture('features-3.1.yaml'), { format: false, prefix: 'zod-ts-discriminators' });
    schemas = await importModule(join(project.dir, 'gen', 'schema-types.ts'));
  });

  const accepts = (name: string, value: unknown) => expect(schemas[`${name}Schema`]!.safeParse(value).success, `${name} accepts ${JSON.stringify(value)}`).toBe(true);
  const rejects = (name: string, value: unknown) => expect(schemas[`${name}Schema`]!.safeParse(value).success, `${name} rejects ${JSON.stringify(value)}`).toBe(false);

  it('Shape accepts both mapping keys of Rectangle, and rejects a tag mapped to another schema or to none', () => {
    accepts('Shape', { kind: 'circle', radius: 1 });
    for (const kind of ['rect', 'rectangle']) {
      accepts('Shape', { kind, width: 2, height: 3 });
      expect(schemas.ShapeSchema!.parse({ kind, width: 2, height: 3 })).toEqual({ kind, width: 2, height: 3 });
      rejects('Shape', { kind, radius: 1 });
    }
    rejects('Shape', { kind: 'circle', width: 2, height: 3 });
    rejects('Shape', { kind: 'square', width: 2, height: 3 });
    rejects('Shape', { kind: 'Rectangle', width: 2, height: 3 });
    rejects('Shape', { width: 2, height: 3 });
  });

  it('Vehicle pins the tag from const (Car) and from default (Bike, whose property is any string)', () => {
    accepts('Vehicle', { type: 'car', doors: 4 });
    accepts('Vehicle', { type: 'bike' });
    accepts('Vehicle', { type: 'bike', gears: 3 });
    expect(schemas.VehicleSchema!.parse({ type: 'bike', doors: 4 })).toEqual({ type: 'bike' });
    rejects('Vehicle', { type: 'truck' });
    rejects('Vehicle', { type: 'Bike' });
    rejects('Vehicle', { type: 'car' });
    rejects('Vehicle', { type: 'car', doors: 3 });
    rejects('Vehicle', { type: 'bike', gears: 0 });
    rejects('Vehicle', { doors: 4 });
    // Bike alone is the spec's schema: its `type` is any string (the default is documentation).
    accepts('Bike', { type: 'truck' });
  });

  it('children inherit the parent through allOf: its properties, required keys and discriminator', () => {
    accepts('AnyPet', { petType: 'Cat', name: 'Tom', livesLeft: 3 });
    accepts('AnyPet', { petType: 'Dog', name: 'Rex', goodBoy: true });
    accepts('Cat', { petType: 'Cat', name: 'Tom' });
    expect(schemas.AnyPetSchema!.parse({ petType: 'Cat', name: 'Tom', goodBoy: true })).toEqual({ petType: 'Cat', name: 'Tom' });
    rejects('Cat', { petType: 'Cat' });
    rejects('Cat', { petType: 'Cat', name: 'Tom', livesLeft: 10 });
    rejects('Dog', { petType: 'Dog', name: 'Rex' });
  });

  it('a Cat tagged Dog (or any other tag) fails, alone and in the union', () => {
    rejects('Cat', { petType: 'Dog', name: 'Tom' });
    rejects('AnyPet', { petType: 'Dog', name: 'Tom', livesLeft: 3 });
    rejects('Dog', { petType: 'Cat', name: 'Rex', goodBoy: true });
    rejects('AnyPet', { petType: 'cat', name: 'Tom' });
    rejects('AnyPet', { petType: 'BasePet', name: 'Tom' });
    rejects('AnyPet', { name: 'Tom' });
  });
});
