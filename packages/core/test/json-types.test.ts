import { describe, expect, it } from 'vitest';
import { disjointIntersection, jsonTypes, modelFromDocument, type NamedSchema, type SchemaNode } from '../src/index.js';

/** The model's node for `schema`, with the named schemas of `components`. */
function nodeOf(schema: object, components: Record<string, unknown> = {}): { node: SchemaNode; schemas: Map<string, NamedSchema> } {
  const model = modelFromDocument({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { Subject: schema, ...components } } });
  const schemas = new Map(model.schemas.map((s) => [s.key, s]));
  return { node: model.schemas.find((s) => s.sourceName === 'Subject')!.schema, schemas };
}

const types = (schema: object, components?: Record<string, unknown>) => {
  const { node, schemas } = nodeOf(schema, components);
  return [...jsonTypes(node, schemas)].sort();
};

describe('the JSON types a schema admits (json-types.ts)', () => {
  it('reads types through refs, enums, nullability and unions', () => {
    expect(types({ type: 'integer' })).toEqual(['number']);
    expect(types({ type: ['string', 'null'] })).toEqual(['null', 'string']);
    expect(types({ enum: ['a', 1, true] })).toEqual(['boolean', 'number', 'string']);
    expect(types({ oneOf: [{ type: 'string' }, { $ref: '#/components/schemas/Item' }] }, { Item: { type: 'object' } })).toEqual(['object', 'string']);
    expect(types({})).toEqual(['array', 'boolean', 'null', 'number', 'object', 'string']);
  });

  it('keeps only the types every allOf member admits, so that disjoint members admit no value', () => {
    expect(types({ allOf: [{ type: ['string', 'integer'] }, { type: ['integer', 'boolean'] }] })).toEqual(['number']);
    const disjoint = nodeOf({ type: 'array', items: {}, anyOf: [{ type: 'object' }] });
    expect(disjoint.node.kind).toBe('intersection');
    expect(disjointIntersection(disjoint.node as SchemaNode & { kind: 'intersection' }, disjoint.schemas)).toBe(true);
    const shared = nodeOf({ allOf: [{ type: 'object' }, { $ref: '#/components/schemas/Loop' }] }, { Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } } });
    expect(disjointIntersection(shared.node as SchemaNode & { kind: 'intersection' }, shared.schemas)).toBe(false);
  });
});
