/**
 * Issue 35, item 4: `variety` (the config key, or a factory call's `{ variety: true }`) varies the
 * mock data: union members in turn, nulls, optional properties left out, array lengths from the
 * minimum up, every enum value over a list. Seeded, and valid for the client's schemas.
 */
import { pathToFileURL } from 'node:url';
import { loadSpecFile, modelFromDocument } from '@specwright/core';
import { createClientNames } from '@specwright/openapi-zod-ts';
import { fixture } from '@specwright/testing';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, withClients, type WithClient } from './support.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

/** Unions (refs and inline), nulls (listed first and last), enums, optional properties, arrays. */
const VARIED = {
  openapi: '3.1.0',
  info: { title: 'varied', version: '1.0.0' },
  paths: {
    '/items': { get: { operationId: 'listItems', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } } } } } },
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Status: { type: 'string', enum: ['draft', 'active', 'archived', 'deleted'] },
      Cat: object({ meows: { type: 'boolean' }, name: { type: 'string' } }, ['meows']),
      Dog: object({ barks: { type: 'integer' } }, ['barks']),
      Item: object(
        {
          id: { type: 'integer' },
          status: { $ref: '#/components/schemas/Status' },
          pet: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] },
          shape: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
          note: { type: ['string', 'null'] },
          since: { type: ['null', 'string'], format: 'date' },
          color: { enum: ['red', 'green', 'blue'] },
          tags: { type: 'array', items: { type: 'string' }, maxItems: 5 },
        },
        ['id', 'status', 'pet', 'tags'],
      ),
      // No response reaches it: its factory is built from its description.
      Orphan: object({ mode: { enum: ['a', 'b', 'c'] }, value: { oneOf: [{ type: 'string' }, { type: 'number' }] }, items: { type: 'array', items: { type: 'integer' }, minItems: 1 } }, ['mode', 'value', 'items']),
    },
  },
};

type Factory = (overrides?: unknown, options?: { variety?: boolean }) => Record<string, unknown>;
type Parsers = Record<string, { safeParse(value: unknown): { success: boolean } }>;

const N = 40;
const kinds = (values: unknown[]) => new Set(values.map((v) => (v === null ? 'null' : v === undefined ? 'absent' : typeof v)));

describe('variety', () => {
  let varied: WithClient;
  let configured: WithClient;
  let shop: WithClient;
  const parsers: Record<string, Parsers> = {};
  const server = setupServer();
  beforeAll(async () => {
    const { document } = await loadSpecFile(fixture('bookshop.yaml'));
    const { generated } = await withClients({ varied: VARIED, configured: VARIED, shop: document as object }, BASE, { configured: { variety: true } });
    [varied, configured, shop] = [generated['varied']!, generated['configured']!, generated['shop']!];
    for (const [name, client] of Object.entries(generated)) parsers[name] = (await import(pathToFileURL(`${client.dir}/schema-types.ts`).href)) as Parsers;
    server.listen({ onUnhandledRequest: 'error' });
  }, 60_000);
  afterAll(() => server.close());
  const factory = (client: WithClient, name: string) => (client.handlers as unknown as Record<string, Factory>)[name]!;

  it('a generated factory varies with { variety: true }: every union member, enum value, null, absent optional and array length', () => {
    varied.handlers.seedMockData(42);
    const items = Array.from({ length: N }, () => factory(varied, 'mockItem')(undefined, { variety: true }));
    for (const item of items) expect(parsers['varied']!['ItemSchema']!.safeParse(item).success, JSON.stringify(item)).toBe(true);
    expect(new Set(items.map((i) => i['status']))).toEqual(new Set(['draft', 'active', 'archived', 'deleted']));
    expect(new Set(items.map((i) => i['color']))).toEqual(new Set(['red', 'green', 'blue', undefined]));
    expect(new Set(items.map((i) => ('meows' in (i['pet'] as object) ? 'cat' : 'dog')))).toEqual(new Set(['cat', 'dog']));
    expect(kinds(items.map((i) => i['shape']))).toEqual(new Set(['string', 'number', 'absent']));
    expect(kinds(items.map((i) => i['note']))).toEqual(new Set(['string', 'null', 'absent']));
    expect(kinds(items.map((i) => i['since']))).toEqual(new Set(['string', 'null', 'absent']));
    const lengths = new Set(items.map((i) => (i['tags'] as unknown[]).length));
    expect([...lengths].sort()).toEqual([0, 1, 2, 3]);
  });

  it('a described factory (no response reaches its schema) varies too, and keeps minItems', () => {
    const orphans = Array.from({ length: N }, () => factory(varied, 'mockOrphan')(undefined, { variety: true }));
    for (const orphan of orphans) expect(parsers['varied']!['OrphanSchema']!.safeParse(orphan).success, JSON.stringify(orphan)).toBe(true);
    expect(new Set(orphans.map((o) => o['mode']))).toEqual(new Set(['a', 'b', 'c']));
    expect(kinds(orphans.map((o) => o['value']))).toEqual(new Set(['string', 'number']));
    expect(Math.min(...orphans.map((o) => (o['items'] as unknown[]).length))).toBe(1);
  });

  it('is seeded: the same seed gives the same varied data', () => {
    const run = () => {
      varied.handlers.seedMockData(9);
      return Array.from({ length: 10 }, () => [factory(varied, 'mockItem')(undefined, { variety: true }), factory(varied, 'mockOrphan')(undefined, { variety: true })]);
    };
    expect(run()).toEqual(run());
  });

  it('is off by default: the first union member, no nulls, every optional property', () => {
    const items = Array.from({ length: 10 }, () => factory(varied, 'mockItem')());
    for (const item of items) {
      expect(item['pet']).toHaveProperty('meows');
      expect(typeof item['note']).toBe('string');
      expect(item['since']).toBeNull();
      expect((item['tags'] as unknown[]).length).toBe(3);
    }
  });

  it('the config key varies the handlers\' answers, which the client parses', async () => {
    server.resetHandlers(...configured.handlers.handlers);
    configured.handlers.seedMockData(42);
    const lists = (await Promise.all(Array.from({ length: 8 }, () => configured.call['listItems']!()))) as Record<string, unknown>[][];
    const items = lists.flat();
    expect(new Set(lists.map((list) => list.length)).size).toBeGreaterThan(1);
    expect(new Set(items.map((i) => ('meows' in (i['pet'] as object) ? 'cat' : 'dog')))).toEqual(new Set(['cat', 'dog']));
    expect(new Set(items.map((i) => i['status']))).toEqual(new Set(['draft', 'active', 'archived', 'deleted']));
    // ... and its factories vary unless a call says otherwise.
    expect(new Set(Array.from({ length: N }, () => factory(configured, 'mockItem')()['status'])).size).toBe(4);
    for (let i = 0; i < 10; i++) expect(factory(configured, 'mockItem')(undefined, { variety: false })['pet']).toHaveProperty('meows');
  });

  it('every varied value of every bookshop factory parses with the client\'s schema', async () => {
    const model = modelFromDocument((await loadSpecFile(fixture('bookshop.yaml'))).document);
    const names = createClientNames(model);
    for (const named of model.schemas.filter((s) => s.variant === 'default')) {
      const make = factory(shop, `mock${named.sourceName}`);
      const schema = parsers['shop']![names.schema(named.key).schema]!;
      for (let i = 0; i < 20; i++) {
        const value = make(undefined, { variety: true });
        expect(schema.safeParse(value).success, `${named.sourceName}: ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });
});
