import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiModel, type SchemaNode, SpecError, flattenSecurity, loadModel, loadSpecFile, modelFromDocument, requestSelectors, routeShape, splitPathKey } from '../src/index.js';
import { fixture } from '@specwright/testing';

function schema(model: ApiModel, key: string): SchemaNode {
  const found = model.schemas.find((s) => s.key === key);
  if (!found) throw new Error(`no schema ${key}`);
  return found.schema;
}

function property(node: SchemaNode, name: string) {
  if (node.kind !== 'object') throw new Error(`not an object: ${node.kind}`);
  const found = node.properties.find((p) => p.name === name);
  if (!found) throw new Error(`no property ${name}`);
  return found;
}

function op(model: ApiModel, key: string) {
  const found = model.operations.find((o) => o.key === key);
  if (!found) throw new Error(`no operation ${key}`);
  return found;
}

describe('operations (petstore 3.1)', () => {
  let model: ApiModel;
  let petstoreDocument: unknown;
  beforeAll(async () => {
    model = await loadModel(fixture('petstore-3.1.yaml'));
    petstoreDocument = (await loadSpecFile(fixture('petstore-3.1.yaml'))).document;
  });

  it('keeps spec order and names operations per DECISIONS', () => {
    expect(model.operations.map((o) => `${o.key} ${o.name}`)).toEqual([
      'GET /pets listPets',
      'POST /pets createPet',
      'GET /pets/{petId} getPetById',
      'PUT /pets/{petId} updatePet',
      'PATCH /pets/{petId} patchPet',
      'DELETE /pets/{petId} deletePet',
      'POST /pets/{petId}/photos uploadPetPhoto',
      'GET /stores/{storeId}/pets/{petId} getStorePet',
      'GET /api/v1/owners/{ownerId} getOwnersByOwnerId',
      'GET /search searchPets',
      'GET /health health',
    ]);
  });

  it('groups parameters by location, path parameters in path order, path-level ones inherited', () => {
    const list = op(model, 'GET /pets');
    expect(list.queryParams.map((p) => [p.name, p.required, p.style, p.explode])).toEqual([
      ['limit', false, 'form', true],
      ['page', false, 'form', true],
      ['tag', false, 'form', true],
      ['status', false, 'form', true],
      ['vaccinated', false, 'form', true],
    ]);
    expect(list.queryParams[0]!.schema).toMatchObject({ kind: 'number', integer: true, minimum: 1, maximum: 100, default: { value: 20 } });
    expect(op(model, 'GET /pets/{petId}').pathParams).toMatchObject([{ name: 'petId', in: 'path', required: true, schema: { kind: 'number', integer: true } }]);
    expect(op(model, 'GET /stores/{storeId}/pets/{petId}').pathParams.map((p) => p.name)).toEqual(['storeId', 'petId']);
    expect(op(model, 'GET /search').queryParams[0]).toMatchObject({ name: 'q', required: true });
  });

  it('keeps header parameters apart, with their schemas, required flags and header defaults', () => {
    const create = op(model, 'POST /pets');
    expect(create.headerParams).toEqual([
      { name: 'Idempotency-Key', in: 'header', required: true, description: 'A unique key per pet to create.', style: 'simple', explode: false, schema: expect.objectContaining({ kind: 'string', minLength: 8, maxLength: 64 }) },
      { name: 'X-Request-Id', in: 'header', required: false, style: 'simple', explode: false, schema: expect.objectContaining({ kind: 'string', format: 'uuid' }) },
    ]);
    expect(create.queryParams).toEqual([]);
    expect(create.pathParams).toEqual([]);
    expect(op(model, 'GET /pets').headerParams).toEqual([]);
  });

  it('describes bodies and responses with media kinds, JSON first', () => {
    const create = op(model, 'POST /pets');
    expect(create.requestBody).toMatchObject({ required: true, contents: [{ contentType: 'application/json', kind: 'json', schema: { kind: 'ref', key: 'CreatePetRequest' } }] });
    expect(create.responses.map((r) => r.status)).toEqual(['201', '422']);
    expect(op(model, 'POST /pets/{petId}/photos').requestBody!.contents[0]).toMatchObject({ kind: 'binary', schema: { kind: 'string', binary: true } });
    expect(op(model, 'DELETE /pets/{petId}').responses).toEqual([{ status: '204', description: 'Deleted.', contents: [] }]);
    expect(op(model, 'GET /health').responses[0]!.contents[0]).toMatchObject({ kind: 'text', contentType: 'text/plain' });
    expect(op(model, 'GET /pets').responses.map((r) => r.status)).toEqual(['200', 'default']);
  });

  it('resolves security: operation overrides document, [] stays empty', () => {
    expect(flattenSecurity(op(model, 'GET /pets'))).toEqual([]);
    expect(flattenSecurity(op(model, 'POST /pets'))).toEqual([{ scheme: 'bearerAuth', scopes: ['pets:write'] }]);
    expect(flattenSecurity(op(model, 'PUT /pets/{petId}'))).toEqual([{ scheme: 'bearerAuth', scopes: [] }]);
    expect(model.securitySchemes).toEqual([{ key: 'bearerAuth', type: 'http', scheme: 'bearer' }]);
    const none = modelFromDocument({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/a': { get: { responses: { '204': { description: 'x' } } } } } });
    expect(flattenSecurity(none.operations[0]!)).toBeUndefined();
  });

  it('carries deprecated, tags, summary, description', () => {
    expect(op(model, 'DELETE /pets/{petId}').deprecated).toBe(true);
    expect(op(model, 'GET /pets')).toMatchObject({ tags: ['pets'], summary: 'List pets', deprecated: false });
    expect(op(model, 'GET /pets').description).toBeUndefined();
    expect(op(model, 'POST /pets')).toMatchObject({ summary: 'Add a pet', description: 'A retried request with the same Idempotency-Key creates the pet once.' });
  });

  it('keeps no writable variant that no request reaches (petstore sends none of them): nothing would use it', () => {
    expect(model.schemas.filter((s) => s.variant === 'writable').map((s) => s.key)).toEqual([]);
  });

  it('splits readOnly / writeOnly into response and writable variants, through refs', () => {
    // Petstore's schemas, sent by requests as well: a PetPage and an Owner as bodies.
    const sent = (name: string) => ({ required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } });
    const created = { '201': { description: 'created' } };
    const document = structuredClone(petstoreDocument) as { paths: Record<string, unknown> };
    document.paths['/pet-pages'] = { post: { operationId: 'importPage', requestBody: sent('PetPage'), responses: created } };
    document.paths['/owners'] = { post: { operationId: 'createOwner', requestBody: sent('Owner'), responses: created } };
    const model = modelFromDocument(document);
    // Reached only through PetPage#writable's items.
    expect(model.schemas.filter((s) => s.variant === 'writable').map((s) => s.key)).toEqual(['Pet#writable', 'PetPage#writable', 'Owner#writable']);
    const pet = schema(model, 'Pet');
    expect(pet.kind === 'object' && pet.properties.map((p) => p.name)).toContain('id');
    const writable = schema(model, 'Pet#writable');
    expect(writable.kind === 'object' && writable.properties.map((p) => p.name)).not.toContain('id');
    // PetPage has no readOnly field itself but holds Pets.
    expect(property(schema(model, 'PetPage#writable'), 'items').schema).toMatchObject({ kind: 'array', items: { kind: 'ref', key: 'Pet#writable' } });
    const owner = schema(model, 'Owner');
    expect(owner.kind === 'object' && owner.properties.map((p) => p.name)).not.toContain('password');
    expect(property(schema(model, 'Owner#writable'), 'password').writeOnly).toBe(true);
    // Responses see the response variant.
    expect(op(model, 'GET /api/v1/owners/{ownerId}').responses[0]!.contents[0]!.schema).toMatchObject({ kind: 'ref', key: 'Owner' });
  });

  it('reads 3.1 type arrays with null as nullable', () => {
    expect(property(schema(model, 'Pet'), 'tag').schema).toMatchObject({ kind: 'string', nullable: true });
    expect(property(schema(model, 'Pet'), 'weight').schema).toMatchObject({ kind: 'number', minimum: 0, exclusiveMinimum: 0 });
  });
});

describe('3.0 normalisation', () => {
  let model: ApiModel;
  beforeAll(async () => {
    model = await loadModel(fixture('nullable-3.0.yaml'));
  });

  it('turns nullable, boolean exclusive bounds and example into the 3.1 model', () => {
    const amount = property(schema(model, 'Money'), 'amount').schema;
    expect(amount).toMatchObject({ kind: 'number', exclusiveMinimum: 0, maximum: 1000000, multipleOf: 0.01, examples: [12.5] });
    expect(amount.kind === 'number' && amount.minimum).toBeUndefined();
    expect(property(schema(model, 'Account'), 'nickname').schema).toMatchObject({ kind: 'string', nullable: true, maxLength: 40 });
    expect(property(schema(model, 'Account'), 'score').schema).toMatchObject({ kind: 'number', minimum: 0, exclusiveMaximum: 10 });
    expect(property(schema(model, 'Account'), 'tier').schema).toEqual({ kind: 'enum', values: ['basic', 'premium'], isConst: false, nullable: true });
  });

  it('keeps a nullable allOf wrapper around one ref as a nullable ref', () => {
    expect(property(schema(model, 'Account'), 'overdraft').schema).toEqual({ kind: 'ref', key: 'Money', nullable: true });
  });

  it('maps additionalProperties schemas', () => {
    expect(property(schema(model, 'Account'), 'metadata').schema).toMatchObject({ kind: 'object', properties: [], additionalProperties: { kind: 'string' } });
  });
});

describe('issue 15: typed discriminator values, patternProperties, warnings', () => {
  it('types discriminator values as the property is: const first, then the mapping key converted', async () => {
    const model = await loadModel(fixture('repros/02-non-string-discriminator.yaml'));
    expect(schema(model, 'Config')).toMatchObject({ discriminator: { propertyName: 'use_custom', values: [[false], [true]] } });
    const inline = modelFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          Shape: { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }], discriminator: { propertyName: 'n', mapping: { '1': '#/components/schemas/A', '2.5': '#/components/schemas/B' } } },
          A: { type: 'object', properties: { n: { type: 'integer' } } },
          B: { type: 'object', properties: { n: { type: 'number' } } },
          Flag: { oneOf: [{ $ref: '#/components/schemas/C' }, { $ref: '#/components/schemas/D' }], discriminator: { propertyName: 'on', mapping: { TRUE: '#/components/schemas/C', x: '#/components/schemas/D' } } },
          C: { type: 'object', properties: { on: { type: 'boolean' } } },
          D: { type: 'object', properties: { on: { type: 'string' } } },
        },
      },
    });
    expect(schema(inline, 'Shape')).toMatchObject({ discriminator: { values: [[1], [2.5]] } });
    expect(schema(inline, 'Flag')).toMatchObject({ discriminator: { values: [[true], ['x']] } });
  });

  it('keeps patternProperties apart from additionalProperties, with the pattern flags', async () => {
    const model = await loadModel(fixture('repros/03-patternProperties-strict.yaml'));
    expect(schema(model, 'Metadata')).toMatchObject({
      kind: 'object',
      additionalProperties: false,
      patternProperties: [{ pattern: '^meta_', flags: 'u', schema: { kind: 'string' } }],
    });
  });

  it('warns about dropped keywords, 3.2, duplicate operationIds, webhooks and callbacks', async () => {
    const lenient = await loadModel(fixture('repros/17-lenient-schemas.yaml'));
    expect(schema(lenient, 'Bar')).toEqual({ kind: 'enum', values: ['foo', 'bar'], isConst: false, nullable: false });
    expect(lenient.warnings).toEqual([
      '#/components/schemas/Bar/enum: null is listed but the type does not allow null; null is rejected',
      '#/components/schemas/Keyed/propertyNames: propertyNames is not enforced; keys are not checked against it',
    ]);
    const gaps = await loadModel(fixture('repros/18-version-and-validation-gaps.yaml'));
    expect(gaps.warnings).toEqual([
      '#/openapi: OpenAPI 3.2.0 is read as 3.1; features added after 3.1 are ignored',
      '#/webhooks: webhooks are not generated (1: newPet); ignored',
      '#/paths/~1foo/post/operationId: operationId "foo" is also used at #/paths/~1foo/get (operationIds must be unique); this operation is named foo2',
    ]);
    const callbacks = modelFromDocument({
      openapi: '3.0',
      info: { title: 't', version: '1' },
      paths: { '/s': { post: { callbacks: { done: {} }, responses: { '204': { description: 'ok' } } } } },
    });
    expect(callbacks.warnings).toEqual(['#/paths/~1s/post/callbacks: callbacks are not generated; ignored']);
    // A nullable type keeps null from the enum, without a warning.
    const nullable = modelFromDocument({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { E: { type: 'string', nullable: true, enum: ['a', null] } } } });
    expect(schema(nullable, 'E')).toMatchObject({ kind: 'enum', values: ['a'], nullable: true });
    expect(nullable.warnings).toEqual([]);
  });
});

describe('schema features (3.1.1)', () => {
  let model: ApiModel;
  beforeAll(async () => {
    model = await loadModel(fixture('features-3.1.yaml'));
  });

  it('resolves an explicit discriminator mapping, several keys to one schema', () => {
    expect(schema(model, 'Shape')).toMatchObject({
      kind: 'union',
      exclusive: true,
      variants: [{ kind: 'ref', key: 'Circle' }, { kind: 'ref', key: 'Rectangle' }],
      discriminator: { propertyName: 'kind', values: [['circle'], ['rect', 'rectangle']] },
    });
  });

  it('narrows children that inherit a discriminating parent through allOf (implicit mapping)', () => {
    expect(property(schema(model, 'Cat'), 'petType')).toMatchObject({ required: true, schema: { kind: 'enum', values: ['Cat'] } });
    expect(property(schema(model, 'Dog'), 'goodBoy').required).toBe(true);
    expect(schema(model, 'AnyPet')).toMatchObject({ discriminator: { propertyName: 'petType', values: [['Cat'], ['Dog']] } });
  });

  it('takes discriminator values from const and default', () => {
    expect(schema(model, 'Vehicle')).toMatchObject({ discriminator: { propertyName: 'type', values: [['car'], ['bike']] } });
    expect(property(schema(model, 'Car'), 'type').schema).toEqual({ kind: 'enum', values: ['car'], isConst: true, nullable: false });
  });

  it('marks null listed first (the seed\'s mock rules 7 and 9 pick it), and keeps patternProperties', () => {
    const built = modelFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          T: {
            type: 'object',
            properties: {
              nullType: { type: ['null', 'string'] },
              typeNull: { type: ['string', 'null'] },
              inlineFirst: { anyOf: [{ type: 'string' }, { type: 'null' }] },
              refThenNull: { oneOf: [{ $ref: '#/components/schemas/T' }, { $ref: '#/components/schemas/T' }, { type: 'null' }] },
            },
            patternProperties: { '^x-': { type: 'integer' } },
            additionalProperties: false,
          },
        },
      },
    });
    const t = schema(built, 'T');
    expect(property(t, 'nullType').schema).toEqual({ kind: 'string', nullable: true, nullFirst: true });
    expect(property(t, 'typeNull').schema).toEqual({ kind: 'string', nullable: true });
    expect(property(t, 'inlineFirst').schema).toEqual({ kind: 'string', nullable: true });
    expect(property(t, 'refThenNull').schema).toEqual({ kind: 'ref', key: 'T', nullable: true, nullFirst: true });
    expect(t).toMatchObject({ additionalProperties: false, patternProperties: [{ pattern: '^x-', schema: { kind: 'number', integer: true } }] });
  });

  it('keeps recursive and mutually recursive references as refs', () => {
    expect(property(schema(model, 'TreeNode'), 'children').schema).toMatchObject({ kind: 'array', items: { kind: 'ref', key: 'TreeNode' } });
    expect(property(schema(model, 'Employee'), 'department').schema).toEqual({ kind: 'ref', key: 'Department', nullable: false });
    // anyOf [ref, null] is a nullable ref; null is its first member that is not a $ref (mocks: null).
    expect(property(schema(model, 'Employee'), 'manager').schema).toEqual({ kind: 'ref', key: 'Employee', nullable: true, nullFirst: true });
  });

  it('models scalars, bounds, tuples and maps', () => {
    const sink = schema(model, 'KitchenSink');
    expect(property(sink, 'code').schema).toMatchObject({ kind: 'string', pattern: '^[A-Z]{3}-\\d{4}$', patternFlags: 'u', minLength: 8, maxLength: 8 });
    expect(property(sink, 'count').schema).toMatchObject({ kind: 'number', integer: true, exclusiveMinimum: 0, exclusiveMaximum: 50, multipleOf: 5 });
    expect(property(sink, 'constant').schema).toEqual({ kind: 'enum', values: [42], isConst: true, nullable: false });
    expect(property(sink, 'mixed').schema).toMatchObject({ kind: 'enum', values: [1, 'one', true] });
    expect(property(sink, 'tuple').schema).toMatchObject({ kind: 'tuple', items: [{ kind: 'string' }, { kind: 'number', integer: true }], rest: false });
    expect(property(sink, 'openTuple').schema).toMatchObject({ kind: 'tuple', items: [{ kind: 'boolean' }], rest: { kind: 'string' } });
    expect(property(sink, 'flags').schema).toMatchObject({ kind: 'array', minItems: 2, maxItems: 4 });
    expect(property(sink, 'uniqueTags').schema).toMatchObject({ kind: 'array', uniqueItems: true });
    expect(property(sink, 'map').schema).toMatchObject({ kind: 'object', additionalProperties: { kind: 'number', integer: true } });
    expect(property(sink, 'closedMap').schema).toMatchObject({ kind: 'object', additionalProperties: false });
    expect(property(sink, 'anyMap').schema).toMatchObject({ kind: 'object', additionalProperties: true });
    expect(property(sink, 'multi').schema).toMatchObject({ kind: 'union', exclusive: false, variants: [{ kind: 'string' }, { kind: 'number', integer: false }] });
    expect(property(sink, 'maybe').schema).toMatchObject({ kind: 'number', integer: true, nullable: true });
    expect(property(sink, 'nothing').schema.kind).toBe('null');
    expect(property(sink, 'anything').schema.kind).toBe('unknown');
    expect(property(sink, 'withDefault').schema).toMatchObject({ kind: 'string', default: { value: 'hello' } });
    expect(property(sink, 'deprecatedField').schema).toMatchObject({ deprecated: true, description: 'Use code instead.' });
    expect(property(sink, 'day').schema).toMatchObject({ kind: 'string', format: 'date' });
  });

  it('merges allOf into one object and keeps a described single ref as a ref', () => {
    const unions = schema(model, 'Unions');
    const merged = property(unions, 'merged').schema;
    expect(merged.kind === 'object' && merged.properties.map((p) => [p.name, p.required])).toEqual([
      ['kind', true],
      ['radius', true],
      ['color', true],
    ]);
    expect(property(unions, 'describedRef').schema).toMatchObject({ kind: 'ref', key: 'Rectangle', description: 'A reference with its own description keeps its name.' });
    expect(property(unions, 'maybeShape').schema).toEqual({ kind: 'ref', key: 'Rectangle', nullable: true, nullFirst: true });
    expect(property(unions, 'any').schema).toMatchObject({ kind: 'union', exclusive: false });
  });
});

describe('composition edge cases', () => {
  const doc = (schemas: Record<string, unknown>) =>
    modelFromDocument({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas } });

  it('does not let a child inherit the parent oneOf that lists it', () => {
    const model = doc({
      Pet: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } }, oneOf: [{ $ref: '#/components/schemas/Cat' }], discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat' } } },
      Cat: { allOf: [{ $ref: '#/components/schemas/Pet' }, { properties: { meow: { type: 'boolean' } } }] },
    });
    const cat = schema(model, 'Cat');
    expect(cat.kind).toBe('object');
    expect(property(cat, 'kind').schema).toMatchObject({ kind: 'enum', values: ['cat'] });
    expect(schema(model, 'Pet')).toMatchObject({ kind: 'intersection' });
  });

  it('survives allOf cycles', () => {
    const model = doc({
      A: { allOf: [{ $ref: '#/components/schemas/B' }, { properties: { a: { type: 'string' } } }] },
      B: { allOf: [{ $ref: '#/components/schemas/A' }, { properties: { b: { type: 'string' } } }] },
    });
    expect(model.schemas.map((s) => s.key)).toEqual(['A', 'B']);
  });

  it('promotes a recursive schema outside components to a named schema', () => {
    const model = modelFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: { Holder: { type: 'object', properties: { node: { $ref: '#/x-defs/Node' } } } } },
      'x-defs': { Node: { type: 'object', properties: { next: { $ref: '#/x-defs/Node' } } } },
    });
    expect(property(schema(model, 'Holder'), 'node').schema).toEqual({ kind: 'ref', key: 'Node', nullable: false });
    expect(property(schema(model, 'Node'), 'next').schema).toEqual({ kind: 'ref', key: 'Node', nullable: false });
  });

  it('models not: {} and false as never, other not schemas as unconstrained', () => {
    const model = doc({ N: { not: {} }, T: { not: true }, F: false, O: { not: { type: 'string' } } });
    expect(['N', 'T', 'F', 'O'].map((key) => schema(model, key).kind)).toEqual(['never', 'never', 'never', 'unknown']);
  });

  it('drops invalid patterns with a warning', () => {
    const model = doc({ S: { type: 'string', pattern: '(unclosed' } });
    expect(schema(model, 'S')).toEqual({ kind: 'string', nullable: false });
    expect(model.warnings[0]).toMatch(/#\/components\/schemas\/S\/pattern: the pattern is not a valid/);
  });

  it('falls back to legacy regex syntax when the unicode flag rejects a pattern', () => {
    const model = doc({ S: { type: 'string', pattern: '^\\:[a-z]+$' } });
    expect(schema(model, 'S')).toMatchObject({ pattern: '^\\:[a-z]+$', patternFlags: '' });
  });
});

describe('invalid documents', () => {
  const build = (paths: unknown) => () => modelFromDocument({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths }, 'spec.yaml');

  it.each([
    ['paths not an object', [], /paths must be an object/, '#/paths'],
    ['an operation not an object', { '/a': { get: 3 } }, /an operation must be an object/, '#/paths/~1a/get'],
    ['a parameter without name', { '/a': { get: { parameters: [{ in: 'query' }] } } }, /needs a non-empty "name"/, '#/paths/~1a/get/parameters/0/name'],
    ['a parameter in a bad place', { '/a': { get: { parameters: [{ name: 'x', in: 'body' }] } } }, /must be one of path, query, header, cookie/, '#/paths/~1a/get/parameters/0/in'],
    ['a dangling $ref', { '/a': { get: { responses: { '200': { $ref: '#/components/responses/Nope' } } } } }, /does not resolve/, '#/paths/~1a/get/responses/200/$ref'],
    ['a schema that is a number', { '/a': { get: { parameters: [{ name: 'x', in: 'query', schema: 5 }] } } }, /a schema must be an object or a boolean/, '#/paths/~1a/get/parameters/0/schema'],
    ['a path without a slash', { a: {} }, /must start with "\/"/, '#/paths/a'],
  ])('%s → SpecError at its pointer', (_, paths, message, pointer) => {
    let error: unknown;
    try {
      build(paths)();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).message).toMatch(message);
    expect((error as SpecError).location).toMatchObject({ file: 'spec.yaml', pointer });
  });

  it('leaves out an optional query, header or cookie parameter named "", with a warning; a required or path one is an error', () => {
    const parameters = [
      { name: '', in: 'query', schema: { type: 'string', example: '' } },
      { name: '', in: 'header', schema: { type: 'string' } },
      { name: 'q', in: 'query', schema: { type: 'string' } },
    ];
    const model = modelFromDocument({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/a': { get: { parameters, responses: { '200': { description: 'ok' } } } } } });
    expect(model.operations[0]!.queryParams.map((p) => p.name)).toEqual(['q']);
    expect(model.operations[0]!.headerParams).toEqual([]);
    expect(model.warnings).toEqual([
      '#/paths/~1a/get/parameters/0/name: an optional query parameter named "" is left out: neither sent by the client nor read by the routers',
      '#/paths/~1a/get/parameters/1/name: an optional header parameter named "" is left out: neither sent by the client nor read by the routers',
    ]);
    for (const refused of [{ name: '', in: 'query', required: true }, { name: '', in: 'path', required: true }]) {
      expect(build({ '/a': { get: { parameters: [refused] } } })).toThrow(/needs a non-empty "name"/);
    }
  });

  it('warns about skipped methods and undeclared path parameters', () => {
    const model = modelFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/a/{id}': { head: { responses: {} }, get: { responses: { '200': { description: 'ok' } } } } },
    });
    expect(model.operations.map((o) => o.key)).toEqual(['GET /a/{id}']);
    expect(model.operations[0]!.pathParams).toMatchObject([{ name: 'id', schema: { kind: 'string' } }]);
    expect(model.warnings.join('\n')).toMatch(/HEAD operations are not generated/);
    expect(model.warnings.join('\n')).toMatch(/path parameter "id" is not declared/);
  });
});

describe('path keys that carry more than a path (AWS fragments, query flags, query templates)', () => {
  let model: ApiModel;
  beforeAll(async () => {
    model = await loadModel(fixture('path-keys.yaml'));
  });

  it.each([
    ['POST /#X-Amz-Target=Svc.CreateA', '/', [], [{ name: 'X-Amz-Target', value: 'Svc.CreateA' }]],
    ['GET /things/{id}#scope=mine', '/things/{id}', [], [{ name: 'scope', value: 'mine' }]],
    ['GET /buckets/{bucket}?acl', '/buckets/{bucket}', [{ name: 'acl' }], []],
    ['GET /export?filename={filename}', '/export', [], []],
    ['GET /commits/{sha}.{diffType}', '/commits/{sha}.{diffType}', [], []],
  ])('%s: requests use %s', (key, urlPath, pathQuery, pathFragment) => {
    expect(op(model, key)).toMatchObject({ path: key.slice(key.indexOf(' ') + 1), urlPath, pathQuery, pathFragment });
  });

  it('keeps path parameters to the URL path; a template of the query part is a query parameter', () => {
    expect(op(model, 'GET /export?filename={filename}')).toMatchObject({ pathParams: [], queryParams: [{ name: 'filename', in: 'query', required: true }] });
    expect(op(model, 'GET /things/{id}#scope=mine').pathParams.map((p) => p.name)).toEqual(['id']);
    expect(model.warnings.join('\n')).toMatch(/the path key holds a query or fragment \("#X-Amz-Target=Svc.CreateA"\); requests use the path "\/"/);
  });

  it("takes a fragment pair that names no parameter for no selector: no request carries it (Azure's #mode=chunk)", async () => {
    const azure = await loadModel(fixture('path-values.yaml'));
    const chunk = azure.operations.find((o) => o.key === 'GET /v2/{name}/blobs/{digest}#mode=chunk')!;
    expect(chunk.pathFragment).toEqual([{ name: 'mode', value: 'chunk' }]);
    // Its required Range header allows any string: no selector either.
    expect(requestSelectors(azure, chunk)).toEqual({ query: [], headers: [] });
  });

  it('tells apart operations on one URL by what their requests carry', () => {
    expect(requestSelectors(model, op(model, 'POST /#X-Amz-Target=Svc.CreateB'))).toEqual({ query: [], headers: [{ name: 'X-Amz-Target', value: 'Svc.CreateB' }] });
    expect(requestSelectors(model, op(model, 'GET /things/{id}#scope=all'))).toEqual({ query: [{ name: 'scope', value: 'all' }], headers: [] });
    expect(requestSelectors(model, op(model, 'GET /buckets/{bucket}?acl'))).toEqual({ query: [{ name: 'acl' }], headers: [] });
    expect(routeShape(op(model, 'GET /things/{id}#scope=all'))).toBe(routeShape(op(model, 'GET /things/{id}')));
  });

  it.each([
    ['/a?b=1&c#d=2&e', { urlPath: '/a', query: [{ name: 'b', value: '1' }, { name: 'c' }], fragment: [{ name: 'd', value: '2' }, { name: 'e' }], queryTemplates: [] }],
    ['/a/{x?}/b', { urlPath: '/a/{x?}/b', query: [], fragment: [], queryTemplates: [] }],
    ['/s?q={q}&x=a%20b', { urlPath: '/s', query: [{ name: 'x', value: 'a b' }], fragment: [], queryTemplates: ['q'] }],
    ['/#', { urlPath: '/', query: [], fragment: [], queryTemplates: [] }],
  ])('splits %s', (key, want) => {
    expect(splitPathKey(key)).toEqual(want);
  });
});


describe('a GET request body (fetch refuses one, fastify refuses its schema)', () => {
  it('is left out of the operation with a warning naming its place; other methods keep theirs', () => {
    const body = { content: { 'application/json': { schema: { type: 'object' } } } };
    const model = modelFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/a': { get: { requestBody: body, responses: { '204': { description: 'x' } } }, delete: { requestBody: body, responses: { '204': { description: 'x' } } } } },
    });
    expect(model.operations.find((o) => o.method === 'get')!.requestBody).toBeUndefined();
    expect(model.operations.find((o) => o.method === 'delete')!.requestBody).toBeDefined();
    expect(model.warnings.join('\n')).toMatch(/#\/paths\/~1a\/get\/requestBody.*a GET request cannot carry a body/);
  });
});

describe('media types by preference', () => {
  const binary = { type: 'string', format: 'binary' };
  const model = modelFromDocument({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/gzip': {
        post: {
          requestBody: { content: { 'application/json': { schema: binary }, 'application/octet-stream': { schema: binary } } },
          responses: { '200': { description: 'x', content: { 'application/json': { schema: binary }, 'application/octet-stream': { schema: binary } } } },
        },
      },
      '/file': { get: { responses: { '200': { description: 'x', content: { 'application/json': { schema: { type: 'object' } }, 'image/png': { schema: binary } } } } } },
      '/named': { get: { responses: { '200': { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/File' } }, 'image/png': { schema: binary } } } } } },
      '/report': { get: { responses: { '200': { description: 'x', content: { 'text/plain': { schema: { type: 'string' } }, 'application/octet-stream': { schema: binary }, 'application/json': { schema: { type: 'object' } } } } } } },
    },
    components: { schemas: { File: binary } },
  });
  const types = (key: string) => op(model, key).responses[0]!.contents.map((m) => m.contentType);

  it('puts JSON first, then form, multipart, text, binary, other', () => {
    expect(types('GET /report')).toEqual(['application/json', 'text/plain', 'application/octet-stream']);
  });

  it('puts a JSON media type whose schema is a binary string last: the body is raw bytes (Azure LUIS)', () => {
    expect(types('POST /gzip')).toEqual(['application/octet-stream', 'application/json']);
    expect(op(model, 'POST /gzip').requestBody!.contents.map((m) => m.contentType)).toEqual(['application/octet-stream', 'application/json']);
    expect(types('GET /named')).toEqual(['image/png', 'application/json']);
  });

  it('keeps a JSON media type first when its schema is not a binary string', () => {
    expect(types('GET /file')).toEqual(['application/json', 'image/png']);
  });
});

describe('response bodies: what a media type and its schema mean together', () => {
  const item = { $ref: '#/components/schemas/Item' };
  const answer = (contentType: string, schema: unknown) => ({ '200': { description: 'x', content: { [contentType]: { schema } } } });
  const model = modelFromDocument({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/gone': { delete: { responses: { '204': { description: 'x', content: { 'application/json': { schema: item } } } } } },
      '/reset': { post: { responses: { '205': { description: 'x', content: { 'application/json': { schema: item } } } } } },
      '/any': { get: { responses: answer('*/*', item) } },
      '/xml': { get: { responses: answer('application/xml', item) } },
      '/text': { get: { responses: answer('text/plain', { type: 'string', enum: ['a'] }) } },
      '/pdf': { get: { responses: answer('application/pdf', item) } },
      '/vendor': { get: { responses: answer('application/vnd.x', item) } },
      '/yaml': { get: { responses: answer('application/x-yaml', { type: 'string' }) } },
      '/luis': { get: { responses: answer('application/json', { $ref: '#/components/schemas/File' }) } },
      '/any-file': { get: { responses: answer('*/*', { type: 'string', format: 'binary' }) } },
    },
    components: { schemas: { Item: { type: 'object', properties: { id: { type: 'string' } } }, File: { type: 'string', format: 'binary' } } },
  });
  const media = (key: string) => {
    const { kind, schema } = op(model, key).responses[0]!.contents[0]!;
    return { kind, schema };
  };

  it('drops the content of a null-body status (204, 205) with a warning naming its place', () => {
    expect(op(model, 'DELETE /gone').responses[0]!.contents).toEqual([]);
    expect(op(model, 'POST /reset').responses[0]!.contents).toEqual([]);
    expect(model.warnings).toContain('#/paths/~1gone/delete/responses/204/content: a 204 response has no body; its content is ignored');
  });

  it('reads */* as JSON, unless its schema is a binary string', () => {
    expect(media('GET /any')).toEqual({ kind: 'json', schema: { kind: 'ref', key: 'Item', nullable: false } });
    expect(media('GET /any-file').kind).toBe('binary');
  });

  it('makes a text or XML body whose schema is not text a string; keeps a text schema', () => {
    expect(media('GET /xml')).toEqual({ kind: 'text', schema: { kind: 'string', nullable: false } });
    expect(media('GET /text').schema).toMatchObject({ kind: 'enum', values: ['a'] });
  });

  it('makes any other media type with an object schema raw bytes, and one with a text schema text', () => {
    expect(media('GET /pdf')).toEqual({ kind: 'binary', schema: { kind: 'string', nullable: false, binary: true } });
    expect(media('GET /vendor')).toEqual({ kind: 'binary', schema: { kind: 'string', nullable: false, binary: true } });
    expect(media('GET /yaml')).toEqual({ kind: 'text', schema: { kind: 'string', nullable: false } });
  });

  it('makes a JSON media type whose schema is a binary string raw bytes (Azure LUIS)', () => {
    expect(media('GET /luis')).toEqual({ kind: 'binary', schema: { kind: 'ref', key: 'File', nullable: false } });
  });
});
