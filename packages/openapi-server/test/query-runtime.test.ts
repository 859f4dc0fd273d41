import { modelFromDocument } from '@specwright/core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { queryField } from '../src/plan.js';
import { snippetTexts } from '../src/runtime.js';

/**
 * The routers' query reader (the `query` snippet every router carries), compiled and run on URLs
 * the way the client writes them, with the fields the plan makes for each parameter.
 */
const source = `${snippetTexts(['query']).join('\n')}\nreturn readQuery;`;
const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
const readQuery = new Function(js)() as (url: string, fields: readonly unknown[]) => Record<string, unknown>;

const model = modelFromDocument({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  components: { schemas: { IdOrSlug: { anyOf: [{ type: 'integer' }, { type: 'string' }] } } },
  paths: {
    '/q': {
      get: {
        parameters: [
          { name: 'expand', in: 'query', style: 'deepObject', schema: { type: 'array', items: { type: 'string' } } },
          {
            name: 'created',
            in: 'query',
            style: 'deepObject',
            schema: { anyOf: [{ type: 'object', properties: { gt: { type: 'integer' }, live: { type: 'boolean' } } }, { type: 'integer' }, { type: 'string', enum: [''] }] },
          },
          {
            name: 'lines',
            in: 'query',
            style: 'deepObject',
            schema: { type: 'array', items: { type: 'object', properties: { amount: { type: 'integer' }, tax: { type: 'array', items: { type: 'number' } } } } },
          },
          { name: 'meta', in: 'query', style: 'deepObject', schema: { type: 'object', additionalProperties: { type: 'boolean' } } },
          { name: 'game', in: 'query', schema: { type: 'array', items: { $ref: '#/components/schemas/IdOrSlug' } } },
          { name: 'pairs', in: 'query', explode: false, schema: { type: 'array', items: { type: 'array', items: { type: 'integer' } } } },
          { name: 'tuples', in: 'query', schema: { type: 'array', items: { type: 'array', items: { type: 'integer' } } } },
          { name: 'filter', in: 'query', content: { 'application/json': { schema: { type: 'object', properties: { type: { type: 'string' }, ids: { type: 'array', items: { type: 'integer' } } } } } } },
          { name: 'note', in: 'query', content: { 'text/plain': { schema: { type: 'string' } } } },
        ],
        responses: { '204': { description: 'none' } },
      },
    },
  },
});
const fields = model.operations[0]!.queryParams.map((p) => {
  const field = queryField(model, p);
  return [field.name, field.style, field.shape];
});
const read = (search: string) => readQuery(`/q?${search}`, fields);

describe('the routers read the query as the client writes it', () => {
  it('a parameter described by JSON content is its JSON text, parsed; text that is not JSON stays text for the schema to refuse', () => {
    expect(model.operations[0]!.queryParams.find((p) => p.name === 'filter')!.style).toBe('json');
    expect(model.operations[0]!.queryParams.find((p) => p.name === 'note')!.style).toBe('form');
    const filter = { type: 'click', ids: [1, 2] };
    expect({ ...read(`filter=${encodeURIComponent(JSON.stringify(filter))}`) }).toEqual({ filter });
    expect({ ...read('filter=%5B1%2C%22a%22%5D&note=x') }).toEqual({ filter: [1, 'a'], note: 'x' });
    expect({ ...read('filter=not%20json') }).toEqual({ filter: 'not json' });
    // Its keys are not read as other parameters (the form style would spread them into the query).
    expect({ ...read('type=click') }).toEqual({});
  });

  it('deepObject: lists in brackets, objects by key at any depth, values by their property schemas', () => {
    expect({ ...read('expand[]=a&expand[]=b%2Cc') }).toEqual({ expand: ['a', 'b,c'] });
    expect({ ...read('created[gt]=5&created[live]=true') }).toEqual({ created: { gt: 5, live: true } });
    expect({ ...read('lines[1][amount]=2&lines[0][amount]=1&lines[0][tax][]=1.5&lines[0][tax][]=x') }).toEqual({
      lines: [{ amount: 1, tax: [1.5, 'x'] }, { amount: 2 }],
    });
    expect({ ...read('meta[a]=true&meta[b]=false') }).toEqual({ meta: { a: true, b: false } });
  });

  it('a union takes the member the URL carries: plain text for a scalar, brackets for an object', () => {
    expect({ ...read('created=7') }).toEqual({ created: 7 });
    expect({ ...read('created=') }).toEqual({ created: '' });
    expect({ ...read('game=12&game=dota-2') }).toEqual({ game: [12, 'dota-2'] });
  });

  it('arrays of arrays: inner items joined by | inside a comma list, by a comma when each item is its own pair', () => {
    expect({ ...read('pairs=1|2,3|4') }).toEqual({ pairs: [[1, 2], [3, 4]] });
    expect({ ...read('tuples=1,2&tuples=3,4') }).toEqual({ tuples: [[1, 2], [3, 4]] });
  });

  it('keys that could reach a prototype are plain keys, malformed brackets and other names are ignored', () => {
    const query = read('meta[__proto__]=true&meta[constructor]=false&expand[=x&expandx[]=y&created[gt=1');
    expect(Object.getPrototypeOf(query['meta'])).toBe(null);
    expect(Object.entries(query['meta'] as object)).toEqual([
      ['__proto__', true],
      ['constructor', false],
    ]);
    expect(Object.keys(query)).toEqual(['meta']);
    expect(({} as Record<string, unknown>)['constructor']).toBe(Object);
  });
});
