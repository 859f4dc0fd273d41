import { describe, expect, it } from 'vitest';
import { fixture, tempProject } from '@specwright/testing';
import { SpecError, loadModel, loadSpecFile } from '../src/index.js';

/** Specs spread over files (issue 15, repros 04, 14 and 16 in fixtures/specs/multi-file). */

const operationSchema = (model: Awaited<ReturnType<typeof loadModel>>, name: string, where: 'body' | 'response') => {
  const op = model.operations.find((o) => o.operationId === name)!;
  return where === 'body' ? op.requestBody!.contents[0]!.schema : op.responses[0]!.contents[0]!.schema;
};

describe('external schemas', () => {
  it('names a schema that lives in its own file once and refers to it from every use (repro 16)', async () => {
    const model = await loadModel(fixture('multi-file/16-external-schema-not-named.yaml'));
    expect(model.schemas.map((s) => s.key)).toEqual(['App']);
    const app = { kind: 'ref', key: 'App', nullable: false };
    expect(operationSchema(model, 'listApps', 'response')).toMatchObject({ kind: 'array', items: app });
    expect(operationSchema(model, 'getApp', 'response')).toEqual(app);
    expect(operationSchema(model, 'updateApp', 'body')).toEqual(app);
    expect(operationSchema(model, 'updateApp', 'response')).toEqual(app);
  });

  it('resolves a $ref standing for a whole properties map at every use (repro 04)', async () => {
    const model = await loadModel(fixture('multi-file/04-properties-map-ref.yaml'));
    for (const [name, where] of [['getLb', 'response'], ['postLb', 'body']] as const) {
      expect(operationSchema(model, name, where)).toMatchObject({ kind: 'object', properties: [{ name: 'droplet_ids', schema: { kind: 'array', items: { kind: 'number' } } }] });
    }
  });

  it('resolves a local $ref standing for a properties map too', async () => {
    const project = tempProject('map-ref', { prettier: false });
    const body = { type: 'object', properties: { $ref: '#/x-attributes/ids' } };
    const spec = project.write(
      'spec.json',
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        'x-attributes': { ids: { ids: { type: 'array', items: { type: 'integer' } } } },
        paths: { '/a': { post: { operationId: 'postA', requestBody: { content: { 'application/json': { schema: body } } }, responses: { '200': { description: 'ok', content: { 'application/json': { schema: body } } } } } } },
      }),
    );
    const model = await loadModel(spec);
    expect(operationSchema(model, 'postA', 'body')).toMatchObject({ kind: 'object', properties: [{ name: 'ids' }] });
    expect(operationSchema(model, 'postA', 'response')).toMatchObject({ kind: 'object', properties: [{ name: 'ids' }] });
  });

  it('names a schema under #/paths that refers to itself, and keeps its content', async () => {
    const project = tempProject('self-ref-in-paths', { prettier: false });
    const tree = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/paths/~1trees/get/responses/200/content/application~1json/schema' } } },
    };
    const spec = project.write(
      'spec.json',
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        paths: { '/trees': { get: { operationId: 'listTrees', responses: { '200': { description: 'ok', content: { 'application/json': { schema: tree } } } } } } },
      }),
    );
    // It failed: "$ref "#/components/schemas/ListTreesResponse" does not resolve".
    const model = await loadModel(spec);
    const [named] = model.schemas;
    expect(model.schemas).toHaveLength(1);
    expect(operationSchema(model, 'listTrees', 'response')).toEqual({ kind: 'ref', key: named!.key, nullable: false });
    expect(named!.schema).toMatchObject({
      kind: 'object',
      properties: [
        { name: 'name', required: true, schema: { kind: 'string' } },
        { name: 'children', required: false, schema: { kind: 'array', items: { kind: 'ref', key: named!.key } } },
      ],
    });
  });

  it('names the place of a broken external $ref and the file it searched (repro 14)', async () => {
    const spec = fixture('multi-file/14-external-ref-error-no-location.yaml');
    const error = await loadSpecFile(spec).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).describe()).toBe(
      `${spec} at #/paths/~1external/get/responses/200/content/application~1json/schema/$ref: ` +
        `$ref "./14-external-ref-error-no-location.shared.json#/components/schemas/ExternalSharedModelX" does not resolve: ` +
        `no "ExternalSharedModelX" in #/components/schemas of ${fixture('multi-file/14-external-ref-error-no-location.shared.json')}`,
    );
  });

  it('names the file and pointer of a fault inside a schema from another file', async () => {
    const project = tempProject('external-fault', { prettier: false });
    const app = project.write('models/app.yml', 'type: object\nproperties:\n  id: 5\n');
    const spec = project.write(
      'spec.json',
      JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: './models/app.yml' } } } } } } } } }),
    );
    const error = await loadModel(spec).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).location).toEqual({ file: app, pointer: '#/properties/id' });
    expect((error as SpecError).message).toMatch(/a schema must be an object or a boolean, found/);
  });

  it('keeps names unique and the same from run to run', async () => {
    const project = tempProject('name-clash', { prettier: false });
    project.write('a/app.yml', 'type: object\nproperties: { a: { type: string } }\n');
    project.write('b/app.yml', 'type: object\nproperties: { b: { type: string } }\n');
    const ref = (path: string) => ({ description: 'ok', content: { 'application/json': { schema: { $ref: path } } } });
    const spec = project.write(
      'spec.json',
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: { '/a': { get: { operationId: 'getA', responses: { '200': ref('./a/app.yml'), '201': ref('./b/app.yml'), '202': ref('./a/app.yml') } } } },
        components: { schemas: { App: { type: 'string' } } },
      }),
    );
    const first = await loadModel(spec);
    expect(first.schemas.map((s) => s.key)).toEqual(['App', 'App2', 'App3']);
    const statuses = first.operations[0]!.responses.map((r) => [r.status, r.contents[0]!.schema]);
    expect(statuses).toEqual([
      ['200', { kind: 'ref', key: 'App2', nullable: false }],
      ['201', { kind: 'ref', key: 'App3', nullable: false }],
      ['202', { kind: 'ref', key: 'App2', nullable: false }],
    ]);
    expect((await loadModel(spec)).schemas.map((s) => s.key)).toEqual(['App', 'App2', 'App3']);
  });

  it('follows a default response that is a $ref to another file, and keeps a schema default as data (repro 21)', async () => {
    const project = tempProject('default-response-ref', { prettier: false });
    project.write('shared/error.yml', 'description: Unexpected error\ncontent:\n  application/json:\n    schema:\n      type: object\n      required: [message]\n      properties: { message: { type: string } }\n');
    // A schema's `default` holds data: an object with a `$ref` key there is copied, never followed.
    const query = { name: 'q', in: 'query', schema: { type: 'object', default: { $ref: 'no-such-file.yml' } } };
    const spec = project.write(
      'spec.json',
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/a': { get: { operationId: 'getA', parameters: [query], responses: { '200': { description: 'ok' }, default: { $ref: './shared/error.yml' } } } },
          '/b': { get: { operationId: 'getB', responses: { default: { $ref: '#/components/responses/Error' } } } },
        },
        components: { responses: { Error: { $ref: './shared/error.yml' } } },
      }),
    );
    const model = await loadModel(spec);
    const error = { kind: 'object', properties: [{ name: 'message', required: true, schema: { kind: 'string' } }] };
    for (const name of ['getA', 'getB']) {
      const responses = model.operations.find((o) => o.operationId === name)!.responses;
      expect(responses.find((r) => r.status === 'default')).toMatchObject({ description: 'Unexpected error', contents: [{ contentType: 'application/json', schema: error }] });
    }
    const document = (await loadSpecFile(spec)).document as { paths: Record<string, { get: { parameters: { schema: unknown }[] } }> };
    expect(document.paths['/a']!.get.parameters[0]!.schema).toEqual(query.schema);
  });

  it('rebases a discriminator mapping written in another file onto the component its target becomes (DigitalOcean)', async () => {
    const project = tempProject('mapping-ref', { prettier: false });
    project.write(
      'models/actions.yml',
      [
        'Action:',
        '  type: object',
        '  required: [type]',
        '  properties: { type: { type: string } }',
        "  discriminator: { propertyName: type, mapping: { assign: '#/assign' } }",
        'assign:',
        "  allOf: [{ $ref: '#/Action' }, { type: object, properties: { id: { type: integer } } }]",
        '',
      ].join('\n'),
    );
    const body = { content: { 'application/json': { schema: { $ref: './models/actions.yml#/Action' } } } };
    const spec = project.write('spec.json', JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/a': { post: { operationId: 'act', requestBody: body, responses: { '204': { description: 'ok' } } } } } }));
    const document = (await loadSpecFile(spec)).document as { components: { schemas: Record<string, { discriminator?: { mapping: Record<string, string> } }> } };
    const mapping = document.components.schemas['Action']!.discriminator!.mapping;
    expect(mapping['assign']).toMatch(/^#\/components\/schemas\/[A-Za-z]+$/);
    expect(document.components.schemas[mapping['assign']!.slice('#/components/schemas/'.length)]).toBeDefined();
    expect((await loadModel(spec)).warnings).toEqual([]);
  });

  it('refuses a circle of $refs that are replaced by their targets, naming the $ref', async () => {
    const project = tempProject('ref-circle', { prettier: false });
    project.write('p.yaml', "$ref: './q.yaml'\n");
    project.write('q.yaml', "$ref: './p.yaml'\n");
    const spec = project.write('spec.json', JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/a': { $ref: './p.yaml' } } }));
    const error = await loadSpecFile(spec).catch((e: unknown) => e);
    expect((error as SpecError).message).toMatch(/\$ref "\.\/p\.yaml" is circular/);
  });
});
