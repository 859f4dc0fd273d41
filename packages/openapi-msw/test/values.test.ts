import { beforeAll, describe, expect, it } from 'vitest';
import { modelFromDocument } from '@specwright/core';
import { z } from 'zod';
import { fixture } from '@specwright/testing';
import { loadSpecFile } from '@specwright/core';
import { buildHandlersModule } from '../src/index.js';
import { MOCK_SIZE_BUDGET } from '../src/mock-values.js';
import { BASE, call, generateInto, getJson, importHandlers, openapi, serve, validator, withClientSchemas, withServer } from './support.js';

/** Bodies of `count` GET requests to `/value`. */
async function samples(schema: object, components: Record<string, unknown> = {}, count = 25, options = {}): Promise<unknown[]> {
  const { module } = await serve(openapi({ '/value': getJson(schema) }, components), options);
  return withServer(module.handlers, async () => {
    const out: unknown[] = [];
    for (let i = 0; i < count; i++) out.push((await call(`${BASE}/value`)).json);
    return out;
  });
}

describe('the value mapping table (seed point 6), exactly, for unconstrained schemas', () => {
  const TABLE: [string, object, string][] = [
    ['email', { type: 'string', format: 'email' }, 'faker.internet.email()'],
    ['uuid', { type: 'string', format: 'uuid' }, 'faker.string.uuid()'],
    ['dateTime', { type: 'string', format: 'date-time' }, 'faker.date.recent().toISOString()'],
    ['date', { type: 'string', format: 'date' }, 'faker.date.recent().toISOString().slice(0, 10)'],
    ['uri', { type: 'string', format: 'uri' }, 'faker.internet.url()'],
    ['url', { type: 'string', format: 'url' }, 'faker.internet.url()'],
    ['word', { type: 'string' }, 'faker.lorem.word()'],
    ['password', { type: 'string', format: 'password' }, 'faker.lorem.word()'],
    ['integer', { type: 'integer' }, 'faker.number.int({ min: 1, max: 1000 })'],
    ['int32', { type: 'integer', format: 'int32' }, 'faker.number.int({ min: 1, max: 1000 })'],
    ['int64', { type: 'integer', format: 'int64' }, 'faker.number.int({ min: 1, max: 1000 })'],
    ['numberInt32', { type: 'number', format: 'int32' }, 'faker.number.int({ min: 1, max: 1000 })'],
    ['numberInt64', { type: 'number', format: 'int64' }, 'faker.number.int({ min: 1, max: 1000 })'],
    ['integerDouble', { type: 'integer', format: 'double' }, 'faker.number.int({ min: 1, max: 1000 })'],
    ['number', { type: 'number' }, 'faker.number.float({ min: 0, max: 1000, fractionDigits: 2 })'],
    ['double', { type: 'number', format: 'double' }, 'faker.number.float({ min: 0, max: 1000, fractionDigits: 2 })'],
    ['boolean', { type: 'boolean' }, 'faker.datatype.boolean()'],
    ['enumeration', { type: 'string', enum: ['a', 'b c'] }, 'faker.helpers.arrayElement(["a", "b c"])'],
    ['list', { type: 'array', items: { type: 'boolean' } }, 'Array.from({ length: 3 }, () => faker.datatype.boolean())'],
    ['nothing', { type: 'null' }, 'null'],
    ['anything', {}, 'null'],
  ];
  const schema = { type: 'object', required: TABLE.map(([k]) => k), properties: Object.fromEntries(TABLE.map(([k, s]) => [k, s])) };

  it.each(TABLE)('%s is written as the table says', async (key, _, expression) => {
    const { content } = await generateInto(openapi({ '/value': getJson({ $ref: '#/components/schemas/Table' }) }, { Table: schema }));
    // Inside Table's factory (issue 35: `mockTable = mswFactory("Table", () => ({ ... }))`).
    expect(content).toContain(`\n  ${key}: ${expression},\n`);
  });

  it('gives values of the described kinds', async () => {
    const values = (await samples(schema, {}, 20)) as Record<string, unknown>[];
    const refDate = Date.parse('2025-01-01T00:00:00.000Z');
    for (const v of values) {
      expect(z.email().safeParse(v['email']).success).toBe(true);
      expect(z.uuid().safeParse(v['uuid']).success).toBe(true);
      const dateTime = v['dateTime'] as string;
      expect(new Date(dateTime).toISOString()).toBe(dateTime);
      expect(Date.parse(dateTime)).toBeLessThanOrEqual(refDate);
      expect(Date.parse(dateTime)).toBeGreaterThanOrEqual(refDate - 24 * 3600 * 1000);
      expect(v['date']).toMatch(/^2024-12-31$|^2025-01-01$/);
      expect(() => new URL(v['uri'] as string)).not.toThrow();
      expect(v['word']).toMatch(/^\p{Ll}+$/u);
      for (const key of ['integer', 'int32', 'int64', 'numberInt32', 'numberInt64', 'integerDouble']) {
        expect(Number.isInteger(v[key])).toBe(true);
        expect(v[key]).toBeGreaterThanOrEqual(1);
        expect(v[key]).toBeLessThanOrEqual(1000);
      }
      for (const key of ['number', 'double']) {
        const n = v[key] as number;
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThanOrEqual(1000);
        expect(Math.round(n * 100) / 100).toBe(n);
      }
      expect(typeof v['boolean']).toBe('boolean');
      expect(['a', 'b c']).toContain(v['enumeration']);
      expect(v['list']).toHaveLength(3);
      expect(v['nothing']).toBeNull();
      expect(v['anything']).toBeNull();
    }
  });

  it('generates max_array_items items per array', async () => {
    const values = await samples({ type: 'array', items: { type: 'array', items: { type: 'integer' } } }, {}, 2, { maxArrayItems: 5 });
    for (const value of values as number[][][]) {
      expect(value).toHaveLength(5);
      for (const inner of value) expect(inner).toHaveLength(5);
    }
  });

  it('uses the first type of a type array and builds objects without a type from their properties', async () => {
    const { content, module } = await serve(
      openapi({
        '/value': getJson({
          type: 'object',
          required: ['first', 'second', 'typeless', 'bare'],
          properties: { first: { type: ['integer', 'string'] }, second: { type: ['string', 'integer'] }, typeless: { properties: { a: { type: 'boolean' } } }, bare: { description: 'no type' } },
        }),
      }),
    );
    expect(content).toContain('first: faker.number.int({ min: 1, max: 1000 })');
    expect(content).toContain('second: faker.lorem.word()');
    const value = await withServer(module.handlers, async () => (await call(`${BASE}/value`)).json);
    expect(value).toEqual({ first: expect.any(Number), second: expect.any(String), typeless: { a: expect.any(Boolean) }, bare: null });
  });
});

describe('composition (seed point 7)', () => {
  const components = {
    Base: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
    Other: { type: 'object', required: ['other'], properties: { other: { type: 'boolean' } } },
  };

  it('merges allOf: properties of all members, required concatenated', async () => {
    const [value] = await samples({ allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', required: ['name'], properties: { name: { type: 'string' }, extra: { type: 'boolean' } } }] }, components, 1);
    expect(value).toEqual({ id: expect.any(Number), name: expect.any(String), extra: expect.any(Boolean) });
  });

  it.each([
    ['oneOf', 'the first member that is not a $ref', { oneOf: [{ $ref: '#/components/schemas/Base' }, { type: 'string' }, { type: 'integer' }] }, expect.any(String)],
    ['anyOf', 'the first member that is not a $ref', { anyOf: [{ $ref: '#/components/schemas/Base' }, { type: 'boolean' }] }, expect.any(Boolean)],
    ['oneOf', 'the first $ref when all are refs', { oneOf: [{ $ref: '#/components/schemas/Other' }, { $ref: '#/components/schemas/Base' }] }, { other: expect.any(Boolean) }],
  ])('%s takes %s', async (_, __, schema, expected) => {
    const [value] = await samples(schema, components, 1);
    expect(value).toEqual(expected);
  });

  // Seed rules 7 and 9 (issue 15 §3): the first member that is not a $ref, and a type array's
  // first element, decide, so null is answered where the spec lists it there; the client's schema
  // allows null in every one of these.
  const NULL_ORDER: [string, object, unknown][] = [
    ['anyOf [$ref, null]', { anyOf: [{ $ref: '#/components/schemas/Base' }, { type: 'null' }] }, null],
    ['oneOf [null, $ref]', { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/Base' }] }, null],
    ['oneOf [$ref, $ref, null]', { oneOf: [{ $ref: '#/components/schemas/Base' }, { $ref: '#/components/schemas/Other' }, { type: 'null' }] }, null],
    ['anyOf [$ref, object, null]', { anyOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', required: ['x'], properties: { x: { type: 'boolean' } } }, { type: 'null' }] }, { x: expect.any(Boolean) }],
    ['anyOf [string, null]', { anyOf: [{ type: 'string' }, { type: 'null' }] }, expect.any(String)],
    ['anyOf [null, string]', { anyOf: [{ type: 'null' }, { type: 'string' }] }, null],
    ['anyOf [$ref, {type: [null, string]}]', { anyOf: [{ $ref: '#/components/schemas/Base' }, { type: ['null', 'string'] }] }, null],
    ['type [null, string]', { type: ['null', 'string'] }, null],
    ['type [string, null]', { type: ['string', 'null'] }, expect.any(String)],
    ['type [null, integer, string]', { type: ['null', 'integer', 'string'] }, null],
    ['type [null, object]', { type: ['null', 'object'], required: ['a'], properties: { a: { type: 'string' } } }, null],
    ['3.0-style nullable', { type: 'string', nullable: true }, expect.any(String)],
  ];

  it('answers what the seed picks for each, valid for the client schema', async () => {
    const properties = Object.fromEntries(NULL_ORDER.map(([name, schema]) => [name, schema]));
    const get = getJson({ type: 'object', required: Object.keys(properties), properties })['get'] as object;
    const spec = openapi({ '/value': { get: { operationId: 'value', ...get } } }, components);
    const { module, check } = await withClientSchemas(spec);
    await withServer(module.handlers, async () => {
      for (let i = 0; i < 3; i++) {
        const body = (await call(`${BASE}/value`)).json as Record<string, unknown>;
        for (const [name, , expected] of NULL_ORDER) expect(body[name], name).toEqual(expected);
        expect(check('value', body)).toEqual([]);
      }
    });
  });

  it('takes a member\'s value inside an allOf, where the intersection does not allow null', async () => {
    const schema = { allOf: [{ type: ['null', 'string'] }, { anyOf: [{ type: 'string' }, { type: 'integer' }] }] };
    for (const value of await samples(schema, components, 3)) expect(value).toEqual(expect.any(String));
  });

  it('sets the discriminator without a mapping to the variant\'s schema name', async () => {
    const shapes = {
      Circle: { type: 'object', required: ['kind', 'r'], properties: { kind: { type: 'string' }, r: { type: 'number' } } },
      Square: { type: 'object', required: ['kind', 's'], properties: { kind: { type: 'string' }, s: { type: 'number' } } },
    };
    const schema = { oneOf: [{ $ref: '#/components/schemas/Circle' }, { $ref: '#/components/schemas/Square' }], discriminator: { propertyName: 'kind' } };
    for (const value of await samples(schema, shapes, 5)) expect(value).toEqual({ kind: 'Circle', r: expect.any(Number) });
  });

  it('sets the discriminator to a value that selects the variant', async () => {
    const shapes = {
      Circle: { type: 'object', required: ['kind', 'r'], properties: { kind: { type: 'string' }, r: { type: 'number' } } },
      Square: { type: 'object', required: ['kind', 's'], properties: { kind: { type: 'string' }, s: { type: 'number' } } },
    };
    const schema = { oneOf: [{ $ref: '#/components/schemas/Circle' }, { $ref: '#/components/schemas/Square' }], discriminator: { propertyName: 'kind', mapping: { round: '#/components/schemas/Circle', square: '#/components/schemas/Square' } } };
    const [value] = await samples(schema, shapes, 1);
    expect(value).toEqual({ kind: 'round', r: expect.any(Number) });
  });
});

describe('depth (seed point 8)', () => {
  // A nullable ref in 3.0's form: `anyOf: [$ref, null]` would answer null before any cut (seed rule 7).
  const chain = (required: boolean, nullable = false) => ({
    A: { type: 'object', required: required ? ['b'] : [], properties: { b: { $ref: '#/components/schemas/B' } } },
    B: { type: 'object', required: required ? ['c'] : [], properties: { c: nullable ? { $ref: '#/components/schemas/C', nullable: true } : { $ref: '#/components/schemas/C' } } },
    C: { type: 'object', required: ['leaf'], properties: { leaf: { type: 'string' } } },
  });
  const top = { $ref: '#/components/schemas/A' };

  it('resolves refs up to depth_cap', async () => {
    const [value] = await samples(top, chain(true), 1, { depthCap: 3 });
    expect(value).toEqual({ b: { c: { leaf: expect.any(String) } } });
  });

  it('emits null with "depth cap reached" when nothing around the cut can do without a value', async () => {
    const { content, module } = await serve(openapi({ '/value': getJson(top) }, chain(true)), { depthCap: 2 });
    expect(content).toContain('const getValueAnswers = { "200": () => null /* depth cap reached */ };');
    await withServer(module.handlers, async () => expect((await call(`${BASE}/value`)).text).toBe('null'));
  });

  it('puts null with the comment where the schema allows null', async () => {
    const { content, module } = await serve(openapi({ '/value': getJson(top) }, chain(true, true)), { depthCap: 2 });
    expect(content).toContain('c: null /* depth cap reached */');
    await withServer(module.handlers, async () => expect((await call(`${BASE}/value`)).json).toEqual({ b: { c: null } }));
  });

  it('leaves out an optional property past the cap, with the comment', async () => {
    const { content, module } = await serve(openapi({ '/value': getJson(top) }, chain(false)), { depthCap: 2 });
    expect(content).toContain('c: undefined /* depth cap reached */');
    await withServer(module.handlers, async () => expect((await call(`${BASE}/value`)).json).toEqual({ b: {} }));
  });

  it('counts union and intersection resolution as a level', async () => {
    const components = { A: { type: 'object', required: ['u'], properties: { u: { oneOf: [{ type: 'string' }, { type: 'integer' }] } } } };
    expect(await samples(top, components, 1, { depthCap: 1 })).toEqual([null]);
    expect(await samples(top, components, 1, { depthCap: 2 })).toEqual([{ u: expect.any(String) }]);
  });

  // Deviation (README): allOf members merged when the spec is loaded count no level; `allOf: [$ref]`
  // is the ref itself (one level, for the ref). The seed's counter would cut both at depth_cap 1.
  it('counts no level for an allOf merged at load time, and one for `allOf: [$ref]` (the ref)', async () => {
    const components = { Leaf: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } };
    const alone = { allOf: [{ $ref: '#/components/schemas/Leaf' }] };
    const merged = { allOf: [{ $ref: '#/components/schemas/Leaf' }, { type: 'object', required: ['extra'], properties: { extra: { type: 'boolean' } } }] };
    expect(await samples(alone, components, 1, { depthCap: 1 })).toEqual([{ name: expect.any(String) }]);
    expect(await samples(merged, components, 1, { depthCap: 1 })).toEqual([{ name: expect.any(String), extra: expect.any(Boolean) }]);
    // A ref to the allOf counts its own level: the named alias, then Leaf.
    const named = { ...components, Alias: alone };
    expect(await samples({ $ref: '#/components/schemas/Alias' }, named, 1, { depthCap: 1 })).toEqual([null]);
    expect(await samples({ $ref: '#/components/schemas/Alias' }, named, 1, { depthCap: 2 })).toEqual([{ name: expect.any(String) }]);
  });

  it('emits "circular ref: depth cap reached" for a ref back to a schema on the path', async () => {
    const components = {
      Node: {
        type: 'object',
        required: ['name', 'children', 'parent'],
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          parent: { $ref: '#/components/schemas/Node', nullable: true },
          next: { $ref: '#/components/schemas/Node' },
        },
      },
    };
    const { content, module } = await serve(openapi({ '/value': getJson({ $ref: '#/components/schemas/Node' }) }, components));
    expect(content).toContain('children: [] /* circular ref: depth cap reached */');
    expect(content).toContain('parent: null /* circular ref: depth cap reached */');
    expect(content).toContain('next: undefined /* circular ref: depth cap reached */');
    await withServer(module.handlers, async () => {
      expect((await call(`${BASE}/value`)).json).toEqual({ name: expect.any(String), children: [], parent: null });
    });
  });

  it('emits null at the top for a schema that has no finite value', async () => {
    const components = { Loop: { type: 'object', required: ['self'], properties: { self: { $ref: '#/components/schemas/Loop' } } } };
    const { content } = await serve(openapi({ '/value': getJson({ $ref: '#/components/schemas/Loop' }) }, components));
    expect(content).toContain('const getValueAnswers = {\n  "200": () => null /* circular ref: depth cap reached */,\n};');
  });
});

describe('mock data valid for its schema (issue §2)', () => {
  const components = {
    Circle: { type: 'object', required: ['kind', 'radius'], properties: { kind: { type: 'string' }, radius: { type: 'number', exclusiveMinimum: 0 } } },
    Rect: { type: 'object', required: ['kind', 'w'], properties: { kind: { type: 'string' }, w: { type: 'integer', minimum: 2000 } } },
  };
  const CASES: [string, object][] = [
    ['enum of mixed literals', { enum: ['a', 'b c', 3, true] }],
    ['const', { const: 'fixed' }],
    ['integer inside the table', { type: 'integer', minimum: 10, maximum: 20 }],
    ['integer above the table', { type: 'integer', minimum: 5000 }],
    ['integer below the table', { type: 'integer', maximum: -5 }],
    ['integer with exclusive bounds', { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 3 }],
    ['integer multipleOf', { type: 'integer', multipleOf: 7, minimum: 1, maximum: 30 }],
    ['integer with a fractional multipleOf', { type: 'integer', multipleOf: 2.5 }],
    ['number within a unit', { type: 'number', minimum: 0.5, maximum: 0.75 }],
    ['number with exclusive bounds', { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 0.02 }],
    ['number narrower than a hundredth', { type: 'number', minimum: 0.001, maximum: 0.002 }],
    ['number multipleOf 0.05', { type: 'number', multipleOf: 0.05, minimum: 1 }],
    ['number multipleOf 0.3', { type: 'number', multipleOf: 0.3, maximum: 10 }],
    ['number multipleOf 5', { type: 'number', multipleOf: 5 }],
    ['negative number', { type: 'number', maximum: -100.5 }],
    ['long string', { type: 'string', minLength: 20 }],
    ['short string', { type: 'string', maxLength: 2 }],
    ['string of exact length', { type: 'string', minLength: 5, maxLength: 5 }],
    ['empty string only', { type: 'string', maxLength: 0 }],
    ['pattern with anchors and \\d', { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' }],
    ['pattern with alternation', { type: 'string', pattern: '^(cat|dog)s?$' }],
    ['pattern of a domain', { type: 'string', pattern: '^([a-z0-9]+(-[a-z0-9]+)*\\.)+[a-z]{2,}$' }],
    ['pattern with lengths', { type: 'string', pattern: '^[a-z]+$', minLength: 10, maxLength: 12 }],
    ['unanchored pattern', { type: 'string', pattern: 'abc' }],
    ['phone pattern', { type: 'string', pattern: '^\\+?[1-9]\\d{1,14}$' }],
    ['hex colour pattern', { type: 'string', pattern: '^#(?:[0-9a-fA-F]{3}){1,2}$' }],
    ['pattern of word escapes', { type: 'string', pattern: '^\\w+@\\w+\\.com$' }],
    ['negated class', { type: 'string', pattern: '^[^\\s/]{3,}$' }],
    ['pattern with a format', { type: 'string', format: 'email', pattern: '^[a-z]+@example\\.org$' }],
    ['pattern with lookaheads', { type: 'string', pattern: '^(?=.*[A-Z])(?=.*\\d)(?!.*_)[A-Za-z\\d_]{8,}$' }],
    ['pattern with a word boundary', { type: 'string', pattern: '^\\w+\\b-\\b\\w+$' }],
    ['class escape before a dash', { type: 'string', pattern: '^[\\s-_a]+$' }],
    ['negated class beyond ASCII', { type: 'string', pattern: '^[^\\u0000-\\u00FF]{2}$' }],
    ['array with minItems', { type: 'array', items: { type: 'integer' }, minItems: 5 }],
    ['array with maxItems', { type: 'array', items: { type: 'string' }, maxItems: 1 }],
    ['unique enum items', { type: 'array', uniqueItems: true, items: { enum: ['a', 'b'] } }],
    ['unique words', { type: 'array', uniqueItems: true, minItems: 6, items: { type: 'string' } }],
    ['map of bounded integers', { type: 'object', additionalProperties: { type: 'integer', minimum: 3, maximum: 4 } }],
    ['map with minProperties', { type: 'object', additionalProperties: { type: 'string' }, minProperties: 5 }],
    ['closed object', { type: 'object', required: ['a'], properties: { a: { type: 'string' } }, additionalProperties: false }],
    ['maxProperties', { type: 'object', required: ['c'], properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } }, maxProperties: 2 }],
    ['minProperties beyond the declared', { type: 'object', properties: { a: { type: 'string' } }, minProperties: 3 }],
    ['nullable email', { type: ['string', 'null'], format: 'email' }],
    ['tuple', { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false }],
    ['tuple with minItems', { type: 'array', prefixItems: [{ type: 'boolean' }], items: { type: 'string' }, minItems: 3 }],
    ['oneOf with a discriminator', { oneOf: [{ $ref: '#/components/schemas/Circle' }, { $ref: '#/components/schemas/Rect' }], discriminator: { propertyName: 'kind' } }],
    [
      'an object beside a oneOf of partial objects (merged property by property)',
      {
        type: 'object',
        required: ['status'],
        properties: { status: { enum: ['queued', 'completed'] }, conclusion: { enum: ['success', 'failure'] } },
        oneOf: [
          { type: 'object', properties: { status: { enum: ['completed'] } }, required: ['status', 'conclusion'] },
          { type: 'object', properties: { status: { enum: ['queued'] } } },
        ],
      },
    ],
    ['allOf of a ref and an object', { allOf: [{ $ref: '#/components/schemas/Rect' }, { type: 'object', required: ['z'], properties: { z: { const: 1 } } }] }],
    ['formats a validator may check', { type: 'object', required: ['t', 'v4', 'v6', 'host'], properties: { t: { type: 'string', format: 'time' }, v4: { type: 'string', format: 'ipv4' }, v6: { type: 'string', format: 'ipv6' }, host: { type: 'string', format: 'hostname' } } }],
  ];

  it.each(CASES)('%s', async (_, schema) => {
    const check = validator(schema, components);
    for (const value of await samples(schema, components, 25)) {
      const result = check.safeParse(value);
      expect(result.error?.issues ?? [], JSON.stringify(value)).toEqual([]);
    }
  });

  it.each([
    ['unicode properties', '^\\p{Lu}\\p{Ll}+ \\P{L}$'],
    ['an astral literal', '^🎉[a-c]{2}$'],
    ['a braced code point', '^\\u{1F600}x$'],
  ])('a pattern with %s, read with the unicode flag as JSON Schema does', async (_, pattern) => {
    const regex = new RegExp(pattern, 'u');
    for (const value of await samples({ type: 'string', pattern }, {}, 15)) expect(value).toMatch(regex);
  });

  // The client checks a format and a pattern together (z.guid().regex(...)): a pattern that allows
  // what the format rejects must not lead to values the client refuses (loket.nl's UUIDs).
  it.each([
    ['uuid', '^[{(]?[0-9A-F]{8}[-]?([0-9A-F]{4}[-]?){3}[0-9A-F]{12}[)}]?$', z.guid()],
    ['date', '^\\d{4}-\\d{2}-\\d{2}$', z.iso.date()],
    ['date-time', '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$', z.iso.datetime({ offset: true, local: true })],
    ['email', '^[a-z]{1,4}@[a-z-]{1,4}$', z.email({ pattern: z.regexes.html5Email })],
  ])('a %s whose pattern allows what the format rejects gives values that pass both', async (format, pattern, check) => {
    const client = check.regex(new RegExp(pattern));
    const values = await samples({ type: 'string', format, pattern }, {}, 25);
    for (const value of values) expect(client.safeParse(value).error?.issues ?? [], String(value)).toEqual([]);
    expect(new Set(values).size).toBeGreaterThan(1);
  });

  // A lookahead the request-time retries rarely satisfy: values are found at generation time.
  it('a lookahead that few generated strings satisfy', async () => {
    const pattern = '^(?=.*[0-9]{4})[a-z0-9]{4,12}$';
    const values = await samples({ type: 'string', pattern }, {}, 25);
    for (const value of values) expect(value).toMatch(new RegExp(pattern));
  });

  // linode.com's labels: the unescaped `..` in the lookahead lets only two-character strings match.
  const LINODE = '^[a-zA-Z]((?!--|__|..)[a-zA-Z0-9-_.])+$';

  it('finds the strings a lookaround leaves, however few lengths it allows (linode.com without its minLength)', async () => {
    const values = await samples({ type: 'string', pattern: LINODE }, {}, 25);
    for (const value of values) expect(value).toMatch(new RegExp(LINODE, 'u'));
    expect(new Set(values).size).toBeGreaterThan(1);
  });

  it('warns, naming the JSON pointer, when a pattern provably admits no string of its length bounds (linode.com), and leaves such values out', async () => {
    const label = { type: 'string', pattern: LINODE, minLength: 3, maxLength: 32 };
    const linode = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, label } };
    const spec = openapi({ '/value': getJson(label), '/linodes': getJson({ type: 'array', items: { $ref: '#/components/schemas/Linode' } }) }, { Linode: linode });
    const { warnings } = buildHandlersModule(modelFromDocument(spec), { seed: 42, maxArrayItems: 3, depthCap: 30, baseUrl: '*' });
    const proved = `pattern ${JSON.stringify(LINODE)} matches no string of length 3..32 (proved at generation time: the schema admits no value)`;
    const consequence = 'mock data leaves such values out where the schema allows, and the requests or answers that need one cannot be valid';
    expect(warnings).toEqual([`#/components/schemas/Linode/properties/label: ${proved}; ${consequence}`, `#/paths/~1value/get/responses/200/content/application~1json/schema: ${proved}; ${consequence}`]);
    // An optional property that admits no value is left out, so the answer stays valid.
    const { module } = await serve(spec);
    const linodes = await withServer(module.handlers, async () => (await call(`${BASE}/linodes`)).json);
    expect(Array.isArray(linodes) && linodes.length > 0).toBe(true);
    for (const item of linodes as Record<string, unknown>[]) expect(Object.keys(item)).toEqual(['id']);
  });

  it('warns, naming the JSON pointer, when allOf members or a type and the anyOf beside it share no JSON type (soundcloud.com), and leaves such values out', async () => {
    // SoundCloud's `subscriptions` items must be an array and an object at once: no item is valid.
    const item = { type: 'array', items: {}, anyOf: [{ type: 'object', properties: { recurring: { type: 'boolean' } } }] };
    const user = { type: 'object', required: ['id', 'subscriptions'], properties: { id: { type: 'integer' }, subscriptions: { type: 'array', items: item }, plan: { allOf: [{ type: 'string' }, { type: 'integer' }] } } };
    const list = getJson({ type: 'array', items: { $ref: '#/components/schemas/User' } }) as { get: Record<string, unknown> };
    const spec = openapi({ '/users': { get: { ...list.get, operationId: 'listUsers' } } }, { User: user });
    const { warnings, module, check } = await withClientSchemas(spec);
    const proved = 'its allOf members (or its type and the anyOf or oneOf beside it) share no JSON type (proved at generation time: the schema admits no value)';
    const consequence = 'mock data leaves such values out where the schema allows, and the requests or answers that need one cannot be valid';
    expect(warnings).toEqual([`#/components/schemas/User/properties/subscriptions/items: ${proved}; ${consequence}`, `#/components/schemas/User/properties/plan: ${proved}; ${consequence}`]);
    const independent = validator({ type: 'array', items: { $ref: '#/components/schemas/User' } }, { User: user });
    for (let i = 0; i < 5; i++) {
      const users = await withServer(module.handlers, async () => (await call(`${BASE}/users`)).json);
      expect(Array.isArray(users) && users.length > 0).toBe(true);
      // A required array of such items is empty; the optional property is left out.
      for (const u of users as Record<string, unknown>[]) expect(u).toEqual({ id: expect.any(Number), subscriptions: [] });
      expect(check('listUsers', users)).toEqual([]);
      expect(independent.safeParse(users).success).toBe(true);
    }
  });

  // 20 long options and one short: a request-time try fits 1 time in 21, so 50 tries fail now and
  // then; the value found at generation time stands in, and nothing that fails is ever answered.
  it('falls back to a value found at generation time when the request-time tries do not fit', async () => {
    const words = Array.from({ length: 20 }, (_, i) => String.fromCharCode(97 + i).repeat(12));
    const pattern = `^(${words.join('|')}|[a-z])$`;
    const { content, module } = await serve(openapi({ '/value': getJson({ type: 'string', pattern, maxLength: 1 }) }));
    expect(content).toMatch(/\(text\) => text\.length <= 1,\s*"[a-z]",?\s*\)/);
    const values = await withServer(module.handlers, async () => {
      const out: unknown[] = [];
      for (let i = 0; i < 300; i++) out.push((await call(`${BASE}/value`)).json);
      return out;
    });
    for (const value of values) expect(value).toMatch(/^[a-z]$/);
  });

  it('warns when no string satisfies a pattern and a checked format together, and follows the pattern', () => {
    const spec = openapi({ '/value': getJson({ type: 'string', format: 'uuid', pattern: '^[a-z]{3}$' }) });
    const { warnings } = buildHandlersModule(modelFromDocument(spec), { seed: 42, maxArrayItems: 3, depthCap: 30, baseUrl: '*' });
    expect(warnings).toEqual(['no mock string found that matches pattern "^[a-z]{3}$" with format "uuid" (the schema may admit no value); mock strings may fail it']);
  });

  it('keeps the table for a schema whose bounds the table already satisfies', async () => {
    const { content } = await generateInto(
      openapi({ '/value': getJson({ type: 'object', properties: { i: { type: 'integer', minimum: 0, maximum: 5000 }, s: { type: 'string', maxLength: 5000, minLength: 1 } } }) }),
    );
    expect(content).toContain('i: faker.number.int({ min: 1, max: 1000 })');
    expect(content).toContain('s: faker.lorem.word()');
  });
});

describe('formats with length bounds: values the generated client accepts', () => {
  const isTime = (v: string) => /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v);
  const isUri = (v: string) => /^[a-z][a-z0-9+.-]*:[^\s]+$/i.test(v) && URL.canParse(v);
  const isHostname = (v: string) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(v);
  const isRfc3339 = (v: string) => z.iso.datetime({ offset: true }).safeParse(v).success;
  // The client checks date-time, date, email, uuid, ipv4 and ipv6 with the length bounds; the
  // other formats are checked here as JSON Schema validators read them.
  const CASES: [string, object, ((value: string) => boolean)?][] = [
    ['an email of at most 10 characters', { format: 'email', maxLength: 10 }],
    ['an email of 40 to 50 characters', { format: 'email', minLength: 40, maxLength: 50 }],
    ['an email of exactly 6 characters', { format: 'email', minLength: 6, maxLength: 6 }],
    ['a date-time of at least 25 characters (unicourt.com)', { format: 'date-time', minLength: 25 }, isRfc3339],
    ['a date-time of at most 20 characters', { format: 'date-time', maxLength: 20 }, isRfc3339],
    ['a date-time of 22 or 23 characters', { format: 'date-time', minLength: 22, maxLength: 23 }, isRfc3339],
    ['a date-time of exactly 21 characters (a local time)', { format: 'date-time', minLength: 21, maxLength: 21 }],
    ['a date-time of 16 to 18 characters (a local time without seconds)', { format: 'date-time', minLength: 16, maxLength: 18 }],
    ['a date within loose bounds', { format: 'date', minLength: 8, maxLength: 12 }],
    ['an ipv4 of at most 9 characters', { format: 'ipv4', maxLength: 9 }],
    ['an ipv6 of at most 20 characters', { format: 'ipv6', maxLength: 20 }],
    ['a uuid within loose bounds', { format: 'uuid', minLength: 1, maxLength: 100 }],
    ['a uri of at most 20 characters', { format: 'uri', maxLength: 20 }, isUri],
    ['a uri of at most 8 characters (a URN)', { format: 'uri', maxLength: 8 }, isUri],
    ['a url of 60 to 80 characters', { format: 'url', minLength: 60, maxLength: 80 }, (v) => URL.canParse(v)],
    ['a time of at least 15 characters', { format: 'time', minLength: 15 }, isTime],
    ['a time of at most 9 characters', { format: 'time', maxLength: 9 }, isTime],
    ['a hostname of at most 6 characters', { format: 'hostname', maxLength: 6 }, isHostname],
    ['a byte string of 10 to 14 characters', { format: 'byte', minLength: 10, maxLength: 14 }, (v) => z.base64().safeParse(v).success],
    ['a duration of at least 8 characters', { format: 'duration', minLength: 8 }, (v) => z.iso.duration().safeParse(v).success],
  ];
  const keys = CASES.map((_, i) => `p${i}`);
  const spec = {
    ...openapi({}, { Value: { type: 'object', required: keys, properties: Object.fromEntries(CASES.map(([, schema], i) => [keys[i], { type: 'string', ...schema }])) } }),
    paths: { '/value': { get: { operationId: 'getValue', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Value' } } } } } } } },
  };
  let bodies: Record<string, string>[] = [];
  let check: (operationId: string, body: unknown) => string[] = () => [];
  let warnings: string[] = [];

  beforeAll(async () => {
    const generated = await withClientSchemas(spec);
    ({ check, warnings } = generated);
    bodies = await withServer(generated.module.handlers, async () => {
      const out: Record<string, string>[] = [];
      for (let i = 0; i < 25; i++) out.push((await call(`${BASE}/value`)).json as Record<string, string>);
      return out;
    });
  });

  it('the generated client accepts every answer, and nothing is reported', () => {
    for (const body of bodies) expect(check('getValue', body), JSON.stringify(body)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it.each(CASES.map(([name, schema, valid], i) => [name, schema, valid, keys[i]!] as const))('%s', (_, schema, valid, key) => {
    const { minLength = 0, maxLength = Infinity } = schema as { minLength?: number; maxLength?: number };
    for (const body of bodies) {
      const value = body[key]!;
      expect(value.length, value).toBeGreaterThanOrEqual(minLength);
      expect(value.length, value).toBeLessThanOrEqual(maxLength);
      if (valid) expect(valid(value), value).toBe(true);
    }
    // Fresh values per request (dates come from the last day before the reference date: few).
    if (!('format' in schema && schema.format === 'date')) expect(new Set(bodies.map((body) => body[key])).size).toBeGreaterThan(1);
  });

  it('keeps the seed\'s values where the bounds allow them', async () => {
    const { content } = await generateInto(
      openapi({ '/value': getJson({ type: 'object', properties: { e: { type: 'string', format: 'email', maxLength: 254 }, d: { type: 'string', format: 'date-time', maxLength: 64 } } }) }),
    );
    expect(content).toContain('e: faker.internet.email()');
    expect(content).toContain('d: faker.date.recent().toISOString()');
  });

  it('warns when no value of the format has a length inside the bounds', () => {
    const properties = { id: { type: 'string', format: 'uuid', maxLength: 10 }, at: { type: 'string', format: 'date-time', maxLength: 15 }, ip: { type: 'string', format: 'ipv4', maxLength: 6 } };
    const spec = openapi({ '/value': getJson({ type: 'object', properties }) });
    const { warnings } = buildHandlersModule(modelFromDocument(spec), { seed: 42, maxArrayItems: 3, depthCap: 30, baseUrl: '*' });
    expect(warnings).toEqual([
      'no mock string of format "uuid" has length 0..10 (the schema admits no value); mock strings fail it',
      'no mock string of format "date-time" has length 0..15 (the schema admits no value); mock strings fail it',
      'no mock string found that is of format "ipv4" with length 0..6; the format has values of other lengths, such as "0.0.0.0" (the schema may admit no value); mock strings may fail it',
    ]);
  });
});

describe('generated data per request', () => {
  it('generates each response afresh', async () => {
    const values = await samples({ type: 'string', format: 'uuid' }, {}, 5);
    expect(new Set(values).size).toBe(5);
  });

  it('keeps writeOnly properties out of responses', async () => {
    const components = { User: { type: 'object', required: ['id', 'password'], properties: { id: { type: 'string', readOnly: true }, password: { type: 'string', writeOnly: true } } } };
    const [value] = await samples({ $ref: '#/components/schemas/User' }, components, 1);
    expect(value).toEqual({ id: expect.any(String) });
  });

  it('imports cleanly: a generated module only declares', async () => {
    const { file } = await generateInto(openapi({ '/value': getJson({ type: 'string' }) }));
    const module = await importHandlers(file);
    // Issue 35 adds the operation's own handler.
    expect(Object.keys(module).sort()).toEqual(['createHandlers', 'getValueHandler', 'handlers', 'seedMockData']);
  });
});

/** How many JSON values a body holds: every object, array and leaf counts one. */
function jsonValues(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.reduce((n: number, item) => n + jsonValues(item), 0);
  if (value !== null && typeof value === 'object') return 1 + Object.values(value).reduce((n: number, item) => n + jsonValues(item), 0);
  return 1;
}

describe('response size: entities that link to each other (Microsoft Graph)', () => {
  it('answers within the size budget, with every required property, valid for the client schema', async () => {
    const { document } = await loadSpecFile(fixture('mock-edge-cases.yaml'));
    const { module, check } = await withClientSchemas(document as object);
    const bodies = await withServer(module.handlers, async () => {
      const out: unknown[] = [];
      for (let i = 0; i < 5; i++) out.push((await call(`${BASE}/directory/users/u${i}`)).json);
      return out;
    });
    for (const body of bodies) {
      expect(jsonValues(body)).toBeLessThanOrEqual(MOCK_SIZE_BUDGET);
      expect(body).toMatchObject({ id: expect.any(String), displayName: expect.any(String), licenses: expect.any(Array) });
      for (const license of (body as { licenses: object[] }).licenses) expect(license).toMatchObject({ skuId: expect.any(String), servicePlans: expect.any(Array) });
      // The cheap optional properties stay; linked entities fill what is left of the budget.
      expect(body).toHaveProperty('mail');
      expect(Object.keys(body as object).length).toBeGreaterThan(4);
      expect(check('getDirectoryUser', body)).toEqual([]);
    }
  });

  it('declares only the mock functions and helpers a response or a factory reaches', async () => {
    const { content, module } = await serve(fixture('mock-edge-cases.yaml'));
    // teamsByName, a map of teams, is past the budget of a user in a response. (The factories of
    // issue 35 reach users from other roots, Team's and Group's, where it fits: mockRecord is then
    // declared for them.)
    const user = await withServer(module.handlers, async () => (await call(`${BASE}/directory/users/u1`)).text);
    expect(user).not.toContain('teamsByName');
    expect(content.slice(content.indexOf('export const mockDirectoryUser ='), content.indexOf('export const mockPayslips ='))).not.toContain('teamsByName');
    const declared = [...content.matchAll(/^(?:function |export const )(mock\w+)[ (<]/gm)].map(([, name]) => name!);
    expect(declared).toContain('mockDirectoryUser');
    // Each function that is not an exported factory is called somewhere besides its own declaration.
    for (const name of declared.filter((n) => content.includes(`function ${n}(`))) expect(content.split(`${name}(`).length - 1, name).toBeGreaterThan(1);
  });

  it('takes optional properties past the budget when minProperties asks for them', async () => {
    const wide = { type: 'object', required: Array.from({ length: 150 }, (_, i) => `p${i}`), properties: Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`p${i}`, { type: 'integer' }])) };
    const schema = { type: 'object', minProperties: 2, additionalProperties: false, properties: { a: { type: 'array', items: wide }, b: { type: 'array', items: wide }, c: { type: 'array', items: wide } } };
    const check = validator(schema);
    for (const value of await samples(schema, {}, 3)) {
      expect(Object.keys(value as object)).toHaveLength(2);
      expect(check.safeParse(value).success).toBe(true);
    }
  });
});
