import { describe, expect, it } from 'vitest';
import {
  NameRegistry,
  camelCase,
  loadModel,
  modelFromDocument,
  operationBaseName,
  pascalCase,
  resourceName,
  safeIdentifier,
  splitWords,
} from '../src/index.js';
import { fixture } from '@specwright/testing';

describe('casing', () => {
  it.each([
    ['listPets', { words: ['list', 'Pets'], camel: 'listPets', pascal: 'ListPets' }],
    ['list-pets', { words: ['list', 'pets'], camel: 'listPets', pascal: 'ListPets' }],
    ['get_pets_by_id', { words: ['get', 'pets', 'by', 'id'], camel: 'getPetsById', pascal: 'GetPetsById' }],
    ['GetAccounts', { words: ['Get', 'Accounts'], camel: 'getAccounts', pascal: 'GetAccounts' }],
    ['getHTTPServer', { words: ['get', 'HTTP', 'Server'], camel: 'getHTTPServer', pascal: 'GetHTTPServer' }],
    ['URLParts', { words: ['URL', 'Parts'], camel: 'urlParts', pascal: 'URLParts' }],
    ['GET_PETS', { words: ['get', 'pets'], camel: 'getPets', pascal: 'GetPets' }],
    ['repos/get-content', { words: ['repos', 'get', 'content'], camel: 'reposGetContent', pascal: 'ReposGetContent' }],
    ['Foo.Bar baz', { words: ['Foo', 'Bar', 'baz'], camel: 'fooBarBaz', pascal: 'FooBarBaz' }],
    ['naïve-café', { words: ['naive', 'cafe'], camel: 'naiveCafe', pascal: 'NaiveCafe' }],
    ['RFC7807Problem', { words: ['RFC7807', 'Problem'], camel: 'rfc7807Problem', pascal: 'RFC7807Problem' }],
    ['日本語', { words: ['日本語'], camel: '日本語', pascal: '日本語' }],
    ['*/ ${x} `y`', { words: ['x', 'y'], camel: 'xY', pascal: 'XY' }],
    ['', { words: [], camel: '', pascal: '' }],
  ])('%s', (given, want) => {
    expect(splitWords(given)).toEqual(want.words);
    expect(camelCase(given)).toBe(want.camel);
    expect(pascalCase(given)).toBe(want.pascal);
  });

  it.each([
    ['delete', 'delete_'],
    ['class', 'class_'],
    ['3dSecure', '_3dSecure'],
    ['', 'fallback'],
    ['pets', 'pets'],
  ])('safeIdentifier(%j) = %j', (given, want) => {
    expect(safeIdentifier(given, 'fallback')).toBe(want);
  });
});

describe('operation names (DECISIONS)', () => {
  it.each([
    ['get', '/pets/{id}', undefined, 'getPetsById'],
    ['post', '/users', undefined, 'createUsers'],
    ['put', '/users/{userId}', undefined, 'updateUsersByUserId'],
    ['patch', '/users/{userId}', undefined, 'patchUsersByUserId'],
    ['delete', '/users/{userId}/posts/{post-id}', undefined, 'deleteUsersByUserIdPostsByPostId'],
    ['get', '/api/v1/tasks/{id}', undefined, 'getTasksById'],
    ['get', '/api/v12/tasks', undefined, 'getTasks'],
    ['get', '/', undefined, 'getRoot'],
    ['get', '/pets', 'list-pets', 'listPets'],
    ['delete', '/x', 'delete', 'delete_'],
    ['get', '/x', '***', 'getX'],
  ] as const)('%s %s (operationId %j) → %s', (method, path, operationId, want) => {
    expect(operationBaseName(method, path, operationId)).toBe(want);
  });

  it('finds the resource of a path', () => {
    expect(resourceName('/api/v1/tasks/{id}')).toBe('tasks');
    expect(resourceName('/me')).toBe('me');
    expect(resourceName('/{tenant}/orders')).toBe('orders');
    expect(resourceName('/')).toBeUndefined();
  });

  it('suffixes colliding operation names in spec order', () => {
    const responses = { '204': { description: 'x' } };
    const model = modelFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a': { get: { operationId: 'getPets', responses } },
        '/b': { get: { operationId: 'get_pets', responses } },
        '/c': { get: { operationId: 'getPets2', responses } },
        '/pets': { get: { responses } },
      },
    });
    expect(model.operations.map((o) => o.name)).toEqual(['getPets', 'getPets2', 'getPets22', 'getPets3']);
  });
});

describe('the name registry', () => {
  it('never lets spec names shadow globals or each other, deterministically', async () => {
    const model = await loadModel(fixture('hostile.yaml'));
    const names = new NameRegistry(model, { values: ['configureClient'], types: ['RequestConfig'] });
    const types = model.schemas.map((s) => names.schema(s.key).type);
    expect(types).toEqual(['Weird', 'Error2', 'Promise2', 'FooBar', 'FooBar2', '_3DSecure', '日本語', 'Class', 'NameWithQuote']);
    expect(model.schemas.map((s) => names.schema(s.key).schema)).toEqual(types.map((t) => `${t}Schema`));
    const fns = model.operations.map((o) => names.operation(o).fn);
    expect(fns).toEqual(['getEvilProcessExit6', 'delete_', 'class_', 'duplicate', 'duplicate2', 'fetch2', 'unicodeOp']);
    // Identical runs give identical names.
    const again = new NameRegistry(model, { values: ['configureClient'], types: ['RequestConfig'] });
    expect(model.operations.map((o) => again.operation(o).fn)).toEqual(fns);
  });

  it('gives path parameters safe identifiers that avoid the generated parameters', async () => {
    const model = await loadModel(fixture('hostile.yaml'));
    const names = new NameRegistry(model);
    expect(names.operation(model.operations[0]!).pathParams).toEqual(['processExit5', 'itemId']);
    expect(names.operation(model.operations[1]!).pathParams).toEqual(['class_']);
    const body = modelFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/x/{body}/{config}': { post: { responses: { '204': { description: 'x' } } } } },
    });
    expect(new NameRegistry(body).operation(body.operations[0]!).pathParams).toEqual(['body2', 'config2']);
  });

  it('reuses schema names for plain refs and declares the rest once', async () => {
    const model = await loadModel(fixture('petstore-3.1.yaml'));
    const names = new NameRegistry(model);
    const byKey = (key: string) => names.operation(model.operations.find((o) => o.key === key)!);
    expect(byKey('POST /pets').body).toEqual({ type: 'CreatePetRequest', schema: 'CreatePetRequestSchema' });
    expect(byKey('POST /pets').responses.get('201')).toEqual({ type: 'Pet', schema: 'PetSchema' });
    expect(byKey('PATCH /pets/{petId}').body).toEqual({ type: 'PatchPetBody', schema: 'PatchPetBodySchema' });
    expect(byKey('GET /pets').query).toEqual({ type: 'ListPetsQuery', schema: 'ListPetsQuerySchema' });
    expect(byKey('GET /search').responses.get('200')).toEqual({ type: 'SearchPetsResponse', schema: 'SearchPetsResponseSchema' });
    expect(byKey('DELETE /pets/{petId}').responses.size).toBe(0);
    // A writable variant is named after its schema (features sends a User; petstore never sends a Pet).
    const features = await loadModel(fixture('features-3.1.yaml'));
    expect(new NameRegistry(features).schema('User#writable')).toEqual({ type: 'UserWritable', schema: 'UserWritableSchema' });
    expect(byKey('GET /pets').pascal).toBe('ListPets');
  });

  it('claims a type and its schema value together', () => {
    const model = modelFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: { PetSchema: { type: 'string' }, Pet: { type: 'number' } } },
    });
    const names = new NameRegistry(model);
    expect(names.schema('PetSchema')).toEqual({ type: 'PetSchema', schema: 'PetSchemaSchema' });
    // `PetSchema` is a type already, so Pet's pair moves on together.
    expect(names.schema('Pet')).toEqual({ type: 'Pet2', schema: 'Pet2Schema' });
  });
});
