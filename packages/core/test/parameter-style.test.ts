import { describe, expect, it } from 'vitest';
import { modelFromDocument, pathItemSeparator, routedUrlPath, styleShape } from '../src/index.js';

/** Parameter styles the OpenAPI style table defines, and a warning where it does not (issue 33). */

const spec = (parameters: object[], path = '/a/{color}') =>
  modelFromDocument({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { [path]: { get: { operationId: 'op', parameters, responses: { '204': { description: 'ok' } } } } },
    components: { schemas: { Rgb: { type: 'object', properties: { R: { type: 'integer' } } }, Deep: { type: 'object', properties: { inner: { type: 'object' } } } } },
  });

const color = (style: string, schema: object, extra: object = {}) => ({ name: 'color', in: 'path', required: true, style, schema, ...extra });

describe('parameter styles', () => {
  it('routes a label or matrix value after the text it starts with, and reads its exploded items back as commas', () => {
    const list = { type: 'array', items: { type: 'string' } };
    const cases = [
      [color('label', { type: 'string' }), 'primitive', '/a/.{color}', undefined],
      [color('label', list, { explode: true }), 'array', '/a/.{color}', '.'],
      [color('matrix', list), 'array', '/a/;color={color}', undefined],
      [color('matrix', list, { explode: true }), 'array', '/a/;color={color}', ';color='],
      [color('matrix', { $ref: '#/components/schemas/Rgb' }, { explode: true }), 'object', '/a/;{color}', ';'],
      [color('simple', list, { explode: true }), 'array', '/a/{color}', undefined],
    ] as const;
    for (const [parameter, shape, routed, separator] of cases) {
      const model = spec([parameter]);
      const operation = model.operations[0]!;
      expect(routedUrlPath(model, operation)).toBe(routed);
      expect(styleShape(model, operation.pathParams[0]!.schema)).toBe(shape);
      expect(pathItemSeparator(operation.pathParams[0]!, shape)).toBe(separator);
      expect(model.warnings).toEqual([]);
    }
  });

  it('warns, naming the parameter by its JSON pointer, where the style table defines no form', () => {
    const query = (name: string, style: string, schema: object, explode?: boolean) => ({ name, in: 'query', style, schema, ...(explode === undefined ? {} : { explode }) });
    const model = spec(
      [
        color('form', { type: 'string' }),
        query('deep', 'deepObject', { $ref: '#/components/schemas/Deep' }),
        query('flat', 'deepObject', { $ref: '#/components/schemas/Rgb' }, false),
        query('list', 'deepObject', { type: 'array', items: { type: 'string' } }),
        query('pipes', 'pipeDelimited', { type: 'array', items: { type: 'string' } }, true),
        query('ok', 'spaceDelimited', { type: 'array', items: { type: 'string' } }),
        { name: 'x-h', in: 'header', style: 'label', schema: { type: 'string' } },
      ],
      '/a/{color}',
    );
    const at = (i: number) => `#/paths/~1a~1{color}/get/parameters/${i}`;
    expect(model.warnings).toEqual([
      `${at(0)}: path parameter "color": style "form" is not defined for path parameters (simple, label, matrix); it is sent in the simple style`,
      `${at(1)}: query parameter "deep": style deepObject is defined for objects of primitive values only; nested values are sent in the brackets of qs and Rails (name[a][b]=value, name[a][]=item)`,
      `${at(2)}: query parameter "flat": style deepObject is defined with explode: true only; it is sent exploded`,
      `${at(3)}: query parameter "list": style deepObject is defined for objects only; a list is sent as name[]=item`,
      `${at(4)}: query parameter "pipes": style pipeDelimited is defined with explode: false only; it is sent unexploded`,
      `${at(6)}: header parameter "x-h": style "label" is not defined for header parameters (simple); it is sent in the simple style`,
    ]);
  });

  it('warns once for a shared parameter, at the component', () => {
    const model = modelFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a': { get: { operationId: 'a', parameters: [{ $ref: '#/components/parameters/Deep' }], responses: { '204': { description: 'ok' } } } },
        '/b': { get: { operationId: 'b', parameters: [{ $ref: '#/components/parameters/Deep' }], responses: { '204': { description: 'ok' } } } },
      },
      components: { parameters: { Deep: { name: 'd', in: 'query', style: 'deepObject', explode: false, schema: { type: 'object' } } } },
    });
    expect(model.warnings).toEqual(['#/components/parameters/Deep: query parameter "d": style deepObject is defined with explode: true only; it is sent exploded']);
  });
});
