import { describe, expect, it } from 'vitest';
import { originalPointer } from '../src/load/swagger2-pointers.js';

/** The converted → original pointer map of a Swagger 2.0 document (issue 36). */
const original = {
  swagger: '2.0',
  host: 'example.com',
  parameters: { limit: { name: 'limit', in: 'query', type: 'integer' }, payload: { name: 'payload', in: 'body', schema: { type: 'object' } } },
  responses: { Oops: { description: 'x', schema: { type: 'string' } } },
  securityDefinitions: { key: { type: 'apiKey', name: 'k', in: 'header' } },
  definitions: { Pet: { type: 'object', properties: { id: { type: 'integer' } } } },
  paths: {
    '/pets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }],
      post: {
        parameters: [
          { $ref: '#/parameters/payload' },
          { name: 'tags', in: 'query', type: 'array', items: { type: 'string' } },
          { name: 'X-A', in: 'header', type: 'string' },
        ],
        responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Pet' }, headers: { 'X-Rate': { type: 'integer' } } } },
      },
      put: {
        parameters: [
          { name: 'note', in: 'formData', type: 'string' },
          { name: 'file', in: 'formData', type: 'file' },
        ],
        responses: { '204': { description: 'ok' } },
      },
    },
  },
};

describe('originalPointer', () => {
  it.each([
    ['#/components/schemas/Pet/properties/id', '#/definitions/Pet/properties/id'],
    ['#/components/parameters/limit/schema', '#/parameters/limit'],
    ['#/components/requestBodies/payload/content/application~1json/schema', '#/parameters/payload/schema'],
    ['#/components/responses/Oops/content/application~1json/schema', '#/responses/Oops/schema'],
    ['#/components/securitySchemes/key/flows', '#/securityDefinitions/key'],
    ['#/servers/0/url', '#/host'],
    // The body parameter left the list: converted index 1 is the original header at 2.
    ['#/paths/~1pets~1{id}/post/parameters/0/schema/items', '#/paths/~1pets~1{id}/post/parameters/1/items'],
    ['#/paths/~1pets~1{id}/post/parameters/1', '#/paths/~1pets~1{id}/post/parameters/2'],
    ['#/paths/~1pets~1{id}/post/requestBody/content/application~1json/schema', '#/paths/~1pets~1{id}/post/parameters/0'],
    ['#/paths/~1pets~1{id}/put/requestBody/content/multipart~1form-data/schema/properties/file', '#/paths/~1pets~1{id}/put/parameters/1'],
    ['#/paths/~1pets~1{id}/post/responses/200/content/application~1json/schema', '#/paths/~1pets~1{id}/post/responses/200/schema'],
    ['#/paths/~1pets~1{id}/post/responses/200/headers/X-Rate/schema', '#/paths/~1pets~1{id}/post/responses/200/headers/X-Rate'],
    ['#/paths/~1pets~1{id}/parameters/0/schema', '#/paths/~1pets~1{id}/parameters/0'],
    ['#/paths/~1pets~1{id}/put/operationId', '#/paths/~1pets~1{id}/put'],
    ['#/components/schemas/Hoisted/x', '#/definitions'],
  ])('%s → %s', (converted, expected) => {
    expect(originalPointer(converted, original)).toBe(expected);
  });
});
