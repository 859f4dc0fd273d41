import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ApiModel, loadModel } from '../src/index.js';
import { fixture } from '@specwright/testing';

function firstContent(model: ApiModel, name: string) {
  const content = model.operations.find((o) => o.name === name)?.responses[0]?.contents[0];
  if (!content) throw new Error(`no response content for ${name}`);
  return content;
}

/** Multipart and form responses whose schema is not an object (issue 36). */
describe('a multipart or form response without an object schema', () => {
  it('is raw bytes, with a warning naming its pointer; a binary string stays as declared without one', async () => {
    const model = await loadModel(fixture('multipart-array-response.yaml'));
    expect(firstContent(model, 'getSource')).toEqual({ contentType: 'multipart/mixed', kind: 'binary', schema: { kind: 'string', nullable: false, binary: true } });
    expect(firstContent(model, 'postChoice')).toMatchObject({ contentType: 'application/x-www-form-urlencoded', kind: 'binary' });
    expect(firstContent(model, 'getArchive')).toMatchObject({ contentType: 'multipart/mixed', kind: 'multipart', schema: { kind: 'string', binary: true } });
    expect(model.warnings).toEqual([
      '#/paths/~1apis~1{apiId}~1source/get/responses/200/content/multipart~1mixed/schema: multipart/mixed response: its schema is an array, not an object, so the body cannot be read as named parts; it is raw bytes (a Blob) and the schema is not applied',
      '#/paths/~1choices/post/responses/201/content/application~1x-www-form-urlencoded/schema: application/x-www-form-urlencoded response: its schema is a union, not an object, so the body cannot be read as named parts; it is raw bytes (a Blob) and the schema is not applied',
    ]);
  });

  it('points into the original Swagger 2.0 document', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specwright-multipart-'));
    const file = join(dir, 'swagger.json');
    const response = { description: 'parts', schema: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } } };
    const doc = { swagger: '2.0', info: { title: 't', version: '1' }, paths: { '/apis/{apiId}/source': { get: { operationId: 'getSource', produces: ['multipart/mixed'], parameters: [{ name: 'apiId', in: 'path', required: true, type: 'string' }], responses: { '200': response } } } } };
    writeFileSync(file, JSON.stringify(doc));
    const model = await loadModel(file);
    expect(firstContent(model, 'getSource').kind).toBe('binary');
    expect(model.warnings.filter((w) => w.includes('named parts'))).toEqual([
      '#/paths/~1apis~1{apiId}~1source/get/responses/200/schema: multipart/mixed response: its schema is an array, not an object, so the body cannot be read as named parts; it is raw bytes (a Blob) and the schema is not applied',
    ]);
  });
});
