import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpecError, checkSpec, loadModel, loadSpecFile, modelFromDocument } from '../src/index.js';
import { fixture, tempProject } from '@specwright/testing';

async function loadError(path: string): Promise<SpecError> {
  try {
    await loadSpecFile(path);
  } catch (error) {
    if (error instanceof SpecError) return error;
    throw error;
  }
  throw new Error(`expected ${path} to fail`);
}

describe('loading a spec', () => {
  it('reads YAML and JSON and tells the dialect', async () => {
    const yaml = await loadSpecFile(fixture('petstore-3.1.yaml'));
    expect(yaml.dialect).toBe('3.1');
    expect(yaml.version).toBe('3.1.0');
    const json = checkSpec(JSON.parse('{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{}}'));
    expect(json.dialect).toBe('3.0');
  });

  it('names file, line and column of a JSON syntax error', async () => {
    const error = await loadError(fixture('invalid/syntax.json'));
    expect(error.code).toBe('SPEC_SYNTAX');
    expect(error.location).toMatchObject({ line: 4, column: 52 });
    expect(error.describe()).toMatch(/syntax\.json:4:52: invalid JSON/);
  });

  it('names file, line and column of a YAML syntax error', async () => {
    const error = await loadError(fixture('invalid/syntax.yaml'));
    expect(error.code).toBe('SPEC_SYNTAX');
    expect(error.location.line).toBe(8);
    expect(error.describe()).toMatch(/syntax\.yaml:8:1: invalid YAML: /);
  });

  it('refuses Swagger 1.2 with a pointer and a way out', async () => {
    const error = await loadError(fixture('invalid/swagger-1.2.json'));
    expect(error.code).toBe('SPEC_UNSUPPORTED');
    expect(error.location.pointer).toBe('#/swagger');
    expect(error.message).toMatch(/expected swagger: "2.0" or an OpenAPI 3.x document/);
  });

  it('refuses documents that are not OpenAPI 3', () => {
    expect(() => checkSpec([])).toThrow(/not an object/);
    expect(() => checkSpec({ info: {} })).toThrow(/missing "openapi"/);
    expect(() => checkSpec({ openapi: '4.0.0' })).toThrow(/unsupported OpenAPI version "4.0.0"/);
  });

  it('reports a missing file as such', async () => {
    const error = await loadError(fixture('does-not-exist.yaml'));
    expect(error.code).toBe('SPEC_NOT_FOUND');
    expect(error.describe()).toBe(`${fixture('does-not-exist.yaml')}: file not found (named by input_openapi)`);
  });

  it('bundles relative-file $refs, including a cycle across files', async () => {
    const model = await loadModel(fixture('external/main.yaml'));
    const op = model.operations[0]!;
    expect(op.pathParams.map((p) => p.name)).toEqual(['petId']);
    expect(op.pathParams[0]!.schema.kind).toBe('number');
    const pet = model.schemas.find((s) => s.key === 'Pet')!.schema;
    expect(pet.kind).toBe('object');
    // owner.yaml becomes the named schema Owner (issue 15, repro 16), used by reference.
    const owner = pet.kind === 'object' ? pet.properties.find((p) => p.name === 'owner')!.schema : undefined;
    expect(owner).toMatchObject({ kind: 'ref', key: 'Owner' });
    // owner.pets points back at the pet file: the cycle resolves to the named schema.
    const ownerSchema = model.schemas.find((s) => s.key === 'Owner')!.schema;
    const pets = ownerSchema.kind === 'object' ? ownerSchema.properties.find((p) => p.name === 'pets')!.schema : undefined;
    expect(pets).toMatchObject({ kind: 'array', items: { kind: 'ref', key: 'Pet' } });
    // common.yaml#/schemas/Error is named after the pointer's last token.
    const notFound = op.responses.find((r) => r.status === '404')!.contents[0]!.schema!;
    expect(notFound).toEqual({ kind: 'ref', key: 'Error', nullable: false });
    expect(model.schemas.find((s) => s.key === 'Error')!.schema).toMatchObject({ kind: 'object', properties: [{ name: 'message', required: true }] });
  });

  it('lists every file it read, the spec first', async () => {
    const spec = await loadSpecFile(fixture('external/main.yaml'));
    expect(spec.loadedFiles).toEqual(['main.yaml', 'schemas/common.yaml', 'schemas/pet.yaml', 'schemas/owner.yaml'].map((f) => fixture(`external/${f}`)));
  });

  it('fails clearly on an external $ref to a missing file', async () => {
    const project = tempProject('missing-ref', { prettier: false });
    const spec = project.write(
      'spec.yaml',
      'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: "./nope.yaml" }\n',
    );
    const error = await loadError(spec);
    expect(error.message).toBe(`$ref "./nope.yaml" does not resolve: no such file ${join(project.dir, 'nope.yaml')}`);
    expect(error.location).toEqual({ file: spec, pointer: '#/paths/~1a/get/responses/200/content/application~1json/schema/$ref' });
  });

  it('accepts an in-memory document', () => {
    const model = modelFromDocument({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} }, 'memory');
    expect(model.file).toBe('memory');
    expect(model.operations).toEqual([]);
  });

  it('refuses a YAML key written twice in one mapping, at its line (YAML forbids it; the second would replace the first)', async () => {
    const p = tempProject('load-yaml-duplicate', { prettier: false });
    const spec = p.write('spec.yaml', 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths:\n  /pets:\n    get: { responses: { "200": { description: a } } }\n  /pets:\n    post: { responses: { "201": { description: b } } }\n');
    const error = await loadError(spec);
    expect(error.code).toBe('SPEC_SYNTAX');
    expect(error.describe()).toBe(`${spec}:6:3: invalid YAML: Map keys must be unique`);
    // Merge keys are not duplicates: a key after `<<` overrides the merged one.
    p.write('merge.yaml', 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths: {}\ncomponents:\n  schemas:\n    Base: &base { type: object, description: base }\n    Pet:\n      <<: *base\n      description: pet\n');
    expect(await loadSpecFile(join(p.dir, 'merge.yaml'))).toMatchObject({ document: { components: { schemas: { Pet: { type: 'object', description: 'pet' } } } } });
  });

  it('refuses a YAML alias inside the node it names (a document without end), at its place', async () => {
    const p = tempProject('load-yaml-cycle', { prettier: false });
    const spec = p.write('spec.yaml', 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths: {}\ncomponents:\n  schemas:\n    A: &a\n      type: object\n      properties: { self: *a }\n    B: &b { type: string }\n    C: { items: *b, also: *b }\n');
    const error = await loadError(spec);
    expect(error.describe()).toBe(`${spec}: invalid YAML: an alias at #/components/schemas/A/properties/self names a node that holds it, so the document never ends (write a $ref for a recursive schema)`);
    // An anchor used twice, not inside itself, is fine.
    p.write('shared.yaml', 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths: {}\ncomponents:\n  schemas:\n    B: &b { type: string }\n    C: { type: array, items: *b }\n    D: { type: array, items: *b }\n');
    expect(await loadSpecFile(join(p.dir, 'shared.yaml'))).toMatchObject({ document: { components: { schemas: { C: { items: { type: 'string' } }, D: { items: { type: 'string' } } } } } });
  });

  it('keeps a __proto__ key as a key when it bundles, never as a prototype', async () => {
    const p = tempProject('load-proto', { prettier: false });
    p.write('ext.yaml', 'type: string\n');
    const spec = p.write('spec.json', JSON.stringify({
      openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {},
      components: { schemas: { Ext: { $ref: 'ext.yaml' }, Free: JSON.parse('{"__proto__": {"type": "object", "required": ["isAdmin"]}, "description": "x"}') } },
    }));
    const loaded = await loadSpecFile(spec);
    const free = (loaded.document['components'] as { schemas: Record<string, object> }).schemas['Free']!;
    expect(Object.getPrototypeOf(free)).toBe(Object.prototype);
    expect(Object.hasOwn(free, '__proto__')).toBe(true);
    expect((free as { type?: unknown }).type).toBeUndefined();
  });

  it('refuses a schema that is only a $ref back to itself, and keeps real recursion', () => {
    const spec = (schemas: Record<string, unknown>) => ({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas } });
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const failure = (schemas: Record<string, unknown>) => {
      try {
        modelFromDocument(spec(schemas), 'spec.json');
      } catch (error) {
        return (error as SpecError).describe();
      }
      return 'no error';
    };
    expect(failure({ Pet: ref('Pet') })).toBe('spec.json at #/components/schemas/Pet/$ref: the $ref leads back to Pet through $refs alone, so the schema describes no value');
    expect(failure({ A: ref('B'), B: { ...ref('A'), description: 'B' } })).toMatch(/at #\/components\/schemas\/A\/\$ref: the \$ref leads back to A through \$refs alone/);
    // Through unions and allOf alone it is no better: `type X = X | string` is refused by TypeScript.
    expect(failure({ X: { oneOf: [ref('X'), { type: 'string' }] } })).toBe(
      'spec.json at #/components/schemas/X: the schema leads back to X through oneOf/anyOf/allOf and $refs alone, with no object or array between: TypeScript and zod cannot express that (recursion needs a property, an array or a map)',
    );
    expect(failure({ Y: { anyOf: [ref('Z'), { type: 'string' }] }, Z: { oneOf: [ref('Y'), { type: 'number' }] } })).toMatch(/at #\/components\/schemas\/Y: the schema leads back to Y through oneOf/);
    // A node that holds itself through a property, an array or a map is a real recursive type, and an alias of it is fine.
    const tree = { type: 'object', properties: { next: ref('Node') } };
    expect(modelFromDocument(spec({ Node: tree, Alias: ref('Node') }), 'spec.json').schemas.length).toBe(2);
    const json = { oneOf: [{ type: 'string' }, { type: 'array', items: ref('Json') }, { type: 'object', additionalProperties: ref('Json') }] };
    expect(modelFromDocument(spec({ Json: json }), 'spec.json').schemas.length).toBe(1);
  });

  it('warns of a discriminator mapping entry that names nothing, at its place', () => {
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const pet = (mapping: Record<string, string>) => ({ oneOf: [ref('Cat'), ref('Dog')], discriminator: { propertyName: 'kind', mapping } });
    const kind = { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } } };
    const spec = (mapping: Record<string, string>) => ({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { Pet: pet(mapping), Cat: kind, Dog: kind } } });
    const warnings = (mapping: Record<string, string>) => modelFromDocument(spec(mapping), 'spec.json').warnings;
    expect(warnings({ cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dgo' })).toEqual([
      '#/components/schemas/Pet/discriminator/mapping/dog: mapping "dog" names #/components/schemas/Dgo, which is not in the document; the variant takes its implicit value',
    ]);
    expect(warnings({ dog: 'Dgo' })).toEqual(['#/components/schemas/Pet/discriminator/mapping/dog: mapping "dog" names the schema "Dgo", which is not in the document; the variant takes its implicit value']);
    // Pointers and bare names that exist are taken, with the values the mapping gives.
    expect(warnings({ cat: '#/components/schemas/Cat', dog: 'Dog' })).toEqual([]);
    const union = modelFromDocument(spec({ cat: '#/components/schemas/Cat', dog: 'Dog' }), 'spec.json').schemas.find((s) => s.key === 'Pet')!.schema;
    expect(union.kind === 'union' && union.discriminator?.values).toEqual([['cat'], ['dog']]);
  });

  it('strips a byte order mark', async () => {
    const project = tempProject('bom', { prettier: false });
    const path = project.write('spec.json', '');
    writeFileSync(path, '\ufeff{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{}}');
    expect((await loadSpecFile(path)).version).toBe('3.1.0');
  });
});
