import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadSpecFile, modelFromDocument } from '@specwright/core';
import { fixture } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { clientRequest } from '../../scripts/corpus/agreement.js';
import { generateCase } from '../../scripts/corpus/fuzz.js';

const edgeCases = fixture('mock-edge-cases.yaml');

describe('corpus probes send path values their schemas take', () => {
  it('fills each path parameter as a client would: an integer, a UUID, a date, an enum value, p<i> for other strings', () => {
    const path = (schema: object) => ({ name: 'x', in: 'path', required: true, schema });
    const spec = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a/{year}/{run}/{day}/{kind}/{name}/{page}': {
          get: {
            operationId: 'get',
            parameters: [
              { ...path({ type: 'integer', minimum: 1990 }), name: 'year' },
              { ...path({ type: 'string', format: 'uuid' }), name: 'run' },
              { ...path({ type: 'string', format: 'date' }), name: 'day' },
              { ...path({ enum: ['net pay', 'gross'] }), name: 'kind' },
              { ...path({ type: 'string' }), name: 'name' },
              { ...path({ type: 'number', maximum: 3 }), name: 'page' },
            ],
            responses: { '204': { description: 'none' } },
          },
        },
      },
    };
    const model = modelFromDocument(spec);
    expect(clientRequest(model, model.operations[0]!).url).toBe('http://localhost/a/1990/00000000-0000-4000-8000-000000000001/2024-01-03/net%20pay/p4/3');
  });

  it('reach the operation a shared route gives the value to (loket.nl): every mock answer validates', async () => {
    const base = join(process.cwd(), '.tmp');
    mkdirSync(base, { recursive: true });
    const dir = mkdtempSync(join(base, 'corpus-agreement-'));
    try {
      const { document } = await loadSpecFile(edgeCases);
      const model = modelFromDocument(document);
      const year = model.operations.find((op) => op.urlPath === '/payslips/{year}')!;
      expect(clientRequest(model, year).url).toBe('http://localhost/payslips/1');
      const { problems, stats } = await generateCase(document, dir);
      expect(problems).toEqual([]);
      expect(stats.mockResponses).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
