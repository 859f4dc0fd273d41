import { loadSpecFile, modelFromDocument } from '@specwright/core';
import { fixture } from '@specwright/testing';
import { setupServer } from 'msw/node';
import { generateInto, importHandlers } from './support.js';

/** Fixtures whose default answers are recorded in `baselines/default-answers.json`. */
export const ANSWER_FIXTURES = ['petstore-3.1.yaml', 'features-3.1.yaml', 'response-media.yaml', 'mock-edge-cases.yaml', 'nullable-3.0.yaml'];

/**
 * Every operation of a fixture called once through its default handlers (seed 42, in spec order,
 * `{x}` filled with `1`): status, content type and body text. The baseline was recorded before the
 * per-operation handlers existed; the answers must not change.
 */
export async function defaultAnswers(name: string): Promise<string[][]> {
  const { document } = await loadSpecFile(fixture(name));
  const model = modelFromDocument(document);
  const { file } = await generateInto(document);
  const module = await importHandlers(file);
  const server = setupServer(...module.createHandlers({ baseUrl: 'http://mock.test/api' }));
  server.listen({ onUnhandledRequest: 'bypass' });
  const answers: string[][] = [];
  try {
    module.seedMockData(42);
    for (const op of model.operations) {
      const url = `http://mock.test/api${op.urlPath.replace(/\{[^}]+\}/g, '1')}`;
      try {
        const response = await fetch(url, { method: op.method.toUpperCase() });
        answers.push([op.key, String(response.status), response.headers.get('content-type') ?? '', await response.text()]);
      } catch (error) {
        answers.push([op.key, 'error', (error as Error).message]);
      }
    }
  } finally {
    server.close();
  }
  return answers;
}
