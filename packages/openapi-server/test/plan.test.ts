import { modelFromDocument, type Operation } from '@specwright/core';
import { createClientNames } from '@specwright/openapi-zod-ts';
import { describe, expect, it } from 'vitest';
import { objectQuery, planOperations, queryField, queryShape, successStatus } from '../src/plan.js';

function operation(method: string, responses: Record<string, unknown>): Operation {
  const model = modelFromDocument({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/x': { [method]: { responses } } } });
  return model.operations[0]!;
}

const ok = { description: 'ok' };

describe('success status (seed: 201, then 204, then 200; else 204 for DELETE, 200 otherwise)', () => {
  it.each<[string, string[], number]>([
    ['post', ['200', '201'], 201],
    ['put', ['200', '204'], 204],
    ['get', ['204', '201'], 201],
    ['get', ['200'], 200],
    ['post', ['202'], 200],
    ['delete', ['202'], 204],
    ['delete', ['404'], 204],
    ['get', ['default'], 200],
    ['patch', ['2XX'], 200],
    ['delete', ['200'], 200],
  ])('%s with %j answers %i', (method, statuses, want) => {
    expect(successStatus(operation(method, Object.fromEntries(statuses.map((s) => [s, ok]))))).toBe(want);
  });
});

describe('plans', () => {
  const model = modelFromDocument({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    components: { schemas: { Mode: { type: 'string', enum: ['a', 'b'] }, Level: { enum: [1, 2] }, Pet: { type: 'object', properties: { id: { type: 'string' } } } } },
    paths: {
      '/pets/{pet-id}': {
        post: {
          operationId: 'doIt',
          security: [{ bearer: ['w'] }, { key: [] }],
          parameters: [
            { name: 'pet-id', in: 'path', required: true, schema: { type: 'integer' } },
            { name: 'n', in: 'query', schema: { type: 'number' } },
            { name: 'flag', in: 'query', required: true, schema: { type: 'boolean' } },
            { name: 'mode', in: 'query', schema: { $ref: '#/components/schemas/Mode' } },
            { name: 'level', in: 'query', schema: { $ref: '#/components/schemas/Level' } },
            { name: 'ids', in: 'query', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
            { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
            { name: 'piped', in: 'query', style: 'pipeDelimited', schema: { type: 'array', items: { type: 'boolean' } } },
            { name: 'maybe', in: 'query', required: true, schema: { type: ['array', 'null'], items: { type: 'string' } } },
            { name: 'note', in: 'query', schema: { type: ['string', 'null'] } },
          ],
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          responses: { '202': { description: 'a', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
        },
      },
      '/text': { put: { requestBody: { required: true, content: { 'text/csv': { schema: { type: 'string' } } } }, responses: { '200': { description: 'csv', content: { 'text/csv': { schema: { type: 'string' } } } } } } },
      '/bytes': { post: { security: [], requestBody: { content: { 'image/png': {}, 'image/jpeg': {} } }, responses: { '201': { description: 'png', content: { 'image/png': {} } } } } },
    },
  });
  const [doIt, text, bytes] = planOperations(model, createClientNames(model));

  it('query fields: shapes (numbers, booleans, arrays), styles (form explode: repeated; explode false: comma; pipe), required, nullable', () => {
    expect(doIt!.query?.required).toBe(true);
    expect(doIt!.query?.fields).toEqual([
      { name: 'n', style: '', shape: { scalars: ['number'] }, required: false, nullable: false },
      { name: 'flag', style: '', shape: { scalars: ['boolean'] }, required: true, nullable: false },
      { name: 'mode', style: '', shape: {}, required: false, nullable: false },
      { name: 'level', style: '', shape: { scalars: ['number'] }, required: false, nullable: false },
      { name: 'ids', style: ',', shape: { items: { scalars: ['number'] } }, required: false, nullable: false },
      { name: 'tags', style: '', shape: { items: {} }, required: false, nullable: false },
      { name: 'piped', style: '|', shape: { items: { scalars: ['boolean'] } }, required: false, nullable: false },
      { name: 'maybe', style: '', shape: { items: {} }, required: true, nullable: true },
      { name: 'note', style: '', shape: {}, required: false, nullable: true },
    ]);
  });

  it('bodies and responses: JSON with the registry names, text, bytes', () => {
    expect(doIt!.body).toEqual({ kind: 'json', required: false, contentTypes: ['application/json'], declaration: { type: 'Pet', schema: 'PetSchema' } });
    expect(doIt!.response).toEqual({ status: 200, kind: 'json', declaration: { type: 'Pet', schema: 'PetSchema' } });
    expect(text!.body).toMatchObject({ kind: 'text', required: true, contentTypes: ['text/csv'] });
    expect(text!.response).toEqual({ status: 200, kind: 'text', contentType: 'text/csv' });
    expect(bytes!.body).toMatchObject({ kind: 'bytes', contentTypes: ['image/png', 'image/jpeg'] });
    expect(bytes!.response).toEqual({ status: 201, kind: 'bytes', contentType: 'image/png' });
  });

  it('route metadata (seed rule 3): operationId, else the derived name; security flattened, [] kept', () => {
    expect(doIt!.operationId).toBe('doIt');
    expect(doIt!.security).toEqual([
      { scheme: 'bearer', scopes: ['w'] },
      { scheme: 'key', scopes: [] },
    ]);
    expect(text!.operationId).toBe('updateText');
    expect(text!.security).toBeUndefined();
    expect(bytes!.security).toEqual([]);
  });
});

describe('paths that differ only in parameter names', () => {
  it('are one route: the first is served, the later one is a warning (fastify would refuse to start)', async () => {
    const { generateModules } = await import('../src/index.js');
    const { printModuleSource } = await import('@specwright/core');
    const ok = { responses: { '200': { description: 'ok' } } };
    const model = modelFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/a/{x}': { get: { operationId: 'first', ...ok } }, '/a/{y}': { get: { operationId: 'second', ...ok }, put: { operationId: 'third', ...ok } } },
    });
    const modules = generateModules(model, { framework: 'fastify' });
    expect(modules.warnings).toEqual(['GET /a/{y} has the same route as GET /a/{x} (same method and URL path, up to parameter names); the router serves only the first']);
    const router = printModuleSource(modules.router!);
    expect(router).toContain('service.first(');
    expect(router).not.toContain('service.second(');
    expect(router).toContain('service.third(');
    expect(printModuleSource(modules.service)).toContain('second(');
  });
});

describe('query shapes and what the query cannot carry', () => {
  const model = modelFromDocument({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    components: { schemas: { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } } },
    paths: {
      '/q': {
        get: {
          parameters: [
            // Stripe's `created`: bounds or an integer, in brackets.
            {
              name: 'created',
              in: 'query',
              style: 'deepObject',
              schema: { anyOf: [{ type: 'object', properties: { gt: { type: 'integer' } } }, { type: 'integer' }, { type: 'string', enum: [''] }] },
            },
            { name: 'meta', in: 'query', style: 'deepObject', schema: { type: 'object', additionalProperties: { type: 'boolean' } } },
            { name: 'mixed', in: 'query', schema: { anyOf: [{ type: 'boolean' }, { type: 'string' }, { type: 'number' }] } },
            { name: 'node', in: 'query', style: 'deepObject', schema: { $ref: '#/components/schemas/Node' } },
            { name: 'page', in: 'query', schema: { oneOf: [{ type: 'integer' }, { type: 'object', properties: { size: { type: 'integer' } } }] } },
            { name: 'range', in: 'query', schema: { type: 'object', properties: { from: { type: 'string' } } } },
            { name: 'filters', in: 'query', style: 'form', explode: false, schema: { type: 'array', items: { type: 'object' } } },
            { name: 'pairs', in: 'query', explode: false, schema: { type: 'array', items: { type: 'array', items: { type: 'integer' } } } },
            { name: 'cube', in: 'query', schema: { type: 'array', items: { type: 'array', items: { type: 'array', items: { type: 'integer' } } } } },
          ],
          responses: { '204': { description: 'none' } },
        },
      },
    },
  });
  const params = model.operations[0]!.queryParams;
  const param = (name: string) => params.find((p) => p.name === name)!;

  it('a union has every facet of its members, a number tried before a boolean', () => {
    expect(queryField(model, param('created'))).toMatchObject({ style: 'deep', shape: { scalars: ['number'], props: [['gt', { scalars: ['number'] }]] } });
    expect(queryField(model, param('meta')).shape).toEqual({ props: [], rest: { scalars: ['boolean'] } });
    expect(queryField(model, param('mixed')).shape).toEqual({ scalars: ['number', 'boolean'] });
    expect(queryField(model, param('pairs'))).toMatchObject({ style: ',', shape: { items: { items: { scalars: ['number'] } } } });
  });

  it('a recursive schema ends as text', () => {
    let shape = queryShape(model, param('node').schema);
    let depth = 0;
    while (shape.props?.[0]) {
      shape = shape.props[0][1];
      depth += 1;
    }
    expect(shape).toEqual({});
    expect(depth).toBeLessThan(10);
  });

  it('only form-style objects (and deeper nesting) are outside what the query carries', () => {
    expect(params.map((p) => [p.name, objectQuery(model, p)])).toEqual([
      ['created', undefined],
      ['meta', undefined],
      ['mixed', undefined],
      ['node', undefined],
      ['page', 'a union with an object member'],
      ['range', 'an object'],
      ['filters', 'an array of objects'],
      ['pairs', undefined],
      ['cube', 'an array of arrays of arrays'],
    ]);
  });
});
