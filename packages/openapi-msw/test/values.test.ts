import { describe, expect, it } from 'vitest';
import { modelFromDocument } from '@specwright/core';
import { z } from 'zod';
import { buildHandlersModule } from '../src/index.js';
import { BASE, call, generateInto, getJson, importHandlers, openapi, serve, withServer } from './support.js';

/** A validator independent of the generator: zod's reading of the JSON Schema itself. */
function validator(schema: object, components: Record<string, unknown> = {}) {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', '#/$defs/') : rewrite(v)]),
      );
    }
    return value;
  };
  type JsonSchema = Parameters<typeof z.fromJSONSchema>[0];
  return z.fromJSONSchema({ ...(rewrite(schema) as object), $defs: rewrite(components) } as JsonSchema);
}

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
    expect(content).toContain(`    ${key}: ${expression},\n`);
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
      for (const key of ['integer', 'int32', 'int64']) {
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
  const chain = (required: boolean, nullable = false) => ({
    A: { type: 'object', required: required ? ['b'] : [], properties: { b: { $ref: '#/components/schemas/B' } } },
    B: { type: 'object', required: required ? ['c'] : [], properties: { c: nullable ? { anyOf: [{ $ref: '#/components/schemas/C' }, { type: 'null' }] } : { $ref: '#/components/schemas/C' } } },
    C: { type: 'object', required: ['leaf'], properties: { leaf: { type: 'string' } } },
  });
  const top = { $ref: '#/components/schemas/A' };

  it('resolves refs up to depth_cap', async () => {
    const [value] = await samples(top, chain(true), 1, { depthCap: 3 });
    expect(value).toEqual({ b: { c: { leaf: expect.any(String) } } });
  });

  it('emits null with "depth cap reached" when nothing around the cut can do without a value', async () => {
    const { content, module } = await serve(openapi({ '/value': getJson(top) }, chain(true)), { depthCap: 2 });
    expect(content).toContain('HttpResponse.json(null /* depth cap reached */)');
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

  it('emits "circular ref: depth cap reached" for a ref back to a schema on the path', async () => {
    const components = {
      Node: {
        type: 'object',
        required: ['name', 'children', 'parent'],
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          parent: { anyOf: [{ $ref: '#/components/schemas/Node' }, { type: 'null' }] },
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
    expect(content).toContain('HttpResponse.json(null /* circular ref: depth cap reached */)');
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

  it('warns when no string satisfies a pattern with its length bounds (linode.com: an unescaped ".." in a lookahead)', () => {
    const spec = openapi({ '/value': getJson({ type: 'string', pattern: '^[a-zA-Z]((?!--|__|..)[a-zA-Z0-9-_.])+$', minLength: 3, maxLength: 32 }) });
    const { warnings } = buildHandlersModule(modelFromDocument(spec), { seed: 42, maxArrayItems: 3, depthCap: 30, baseUrl: '*' });
    expect(warnings).toEqual(['no mock string found that matches pattern "^[a-zA-Z]((?!--|__|..)[a-zA-Z0-9-_.])+$" with length 3..32 (the schema may admit no value); mock strings may fail it']);
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
    expect(Object.keys(module).sort()).toEqual(['createHandlers', 'handlers', 'seedMockData']);
  });
});
