import { pathToFileURL } from 'node:url';
import { loadSpecFile, modelFromDocument } from '@specwright/core';
import { generateFromModel } from '@specwright/openapi-zod-ts';
import { fixture, tempProject, typecheck, type TempProject } from '@specwright/testing';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildHandlersModule, generateHandlers } from '../src/index.js';
import { BASE, call, importHandlers, validator, withServer, type HandlersModule } from './support.js';

/**
 * Issue 15's repros that concern the mocks (`../shared/repros`, copied to fixtures/specs/repros),
 * and variations of them: each spec's handlers.ts is generated beside its openapi-zod-ts client,
 * compiled under the strict flag set, and answered by real MSW.
 */

type Document = { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } } & Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const getJson = (operationId: string, schema: unknown) => ({
  get: { operationId, responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } },
});

async function repro(name: string): Promise<Document> {
  return (await loadSpecFile(fixture(`repros/${name}`))).document as Document;
}

/** Repro 02, plus integer and number discriminators and a boolean one without `const`. */
async function discriminators(): Promise<Document> {
  const spec = await repro('02-non-string-discriminator.yaml');
  const variant = (tag: object, own: string) => ({ type: 'object', required: ['kind', own], properties: { kind: tag, [own]: { type: 'string' } } });
  Object.assign(spec.components.schemas, {
    One: variant({ type: 'integer', const: 1 }, 'one'),
    Two: variant({ type: 'integer', const: 2 }, 'two'),
    ByInteger: { oneOf: [ref('One'), ref('Two')], discriminator: { propertyName: 'kind', mapping: { '1': '#/components/schemas/One', '2': '#/components/schemas/Two' } } },
    Half: variant({ type: 'number', enum: [0.5] }, 'half'),
    Whole: variant({ type: 'number', enum: [1] }, 'whole'),
    ByNumber: { oneOf: [ref('Half'), ref('Whole')], discriminator: { propertyName: 'kind', mapping: { '0.5': '#/components/schemas/Half', '1.0': '#/components/schemas/Whole' } } },
    Off: variant({ type: 'boolean' }, 'off'),
    On: variant({ type: 'boolean' }, 'on'),
    ByBoolean: { oneOf: [ref('Off'), ref('On')], discriminator: { propertyName: 'kind', mapping: { 'false': '#/components/schemas/Off', 'true': '#/components/schemas/On' } } },
  });
  Object.assign(spec.paths, {
    '/by-integer': getJson('byInteger', ref('ByInteger')),
    '/by-number': getJson('byNumber', ref('ByNumber')),
    '/by-boolean': getJson('byBoolean', ref('ByBoolean')),
  });
  return spec;
}

/** Repro 03 with Metadata answered too, and the other shapes patternProperties takes. */
async function patterns(): Promise<Document> {
  const spec = await repro('03-patternProperties-strict.yaml');
  Object.assign(spec.components.schemas, {
    Labels: { type: 'object', patternProperties: { '^[a-z]{2}_[A-Z]{2}$': { type: 'string', minLength: 3 } }, additionalProperties: false },
    Mixed: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer' } },
      patternProperties: { '^x-': { type: 'boolean' }, '^n_\\d+$': { type: 'integer', minimum: 5 } },
      additionalProperties: { type: 'string' },
    },
    Bounded: { type: 'object', patternProperties: { '^k': { type: 'integer' } }, additionalProperties: false, minProperties: 2, maxProperties: 2 },
  });
  spec.paths['/meta']!['get'] = getJson('getMeta', ref('Metadata')).get;
  Object.assign(spec.paths, {
    '/labels': getJson('getLabels', ref('Labels')),
    '/mixed': getJson('getMixed', ref('Mixed')),
    '/bounded': getJson('getBounded', ref('Bounded')),
  });
  return spec;
}

interface Generated {
  spec: Document;
  dir: string;
  handlers: HandlersModule;
  client: Record<string, (...args: unknown[]) => Promise<unknown>>;
}

/** Client (openapi-zod-ts) and handlers.ts of each spec, in one project compiled under the strict flags. */
async function generateAll(specs: Record<string, Document>): Promise<{ project: TempProject; generated: Record<string, Omit<Generated, 'handlers' | 'client'>> }> {
  const project = tempProject('msw-repros', { prettier: false });
  const generated: Record<string, Omit<Generated, 'handlers' | 'client'>> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const dir = `${project.dir}/${name}`;
    for (const file of await generateFromModel(modelFromDocument(spec), { outputDir: dir, format: false })) project.write(file.path.slice(project.dir.length + 1), file.content);
    const { filename, content } = await generateHandlers(spec, { outputDir: dir });
    project.write(`${name}/${filename}`, content);
    generated[name] = { spec, dir };
  }
  return { project, generated };
}

const specs: Record<string, Document> = {};
const ready: Record<string, Generated> = {};
let compiled: { code: number; output: string };

beforeAll(async () => {
  specs['no-responses'] = await repro('09-msw-no-handler-without-responses.yaml');
  specs['discriminators'] = await discriminators();
  specs['patterns'] = await patterns();
  specs['multipart'] = await repro('13-multipart-response-read-as-text.yaml');
  specs['form-fields'] = (await loadSpecFile(fixture('form-response-fields.yaml'))).document as Document;
  const { project, generated } = await generateAll(specs);
  project.tsconfig('nodenext');
  const result = typecheck(project.dir, '5.9');
  compiled = { code: result.code, output: `${result.stdout}${result.stderr}` };
  for (const [name, { spec, dir }] of Object.entries(generated)) {
    const load = async <T>(file: string) => (await import(pathToFileURL(`${dir}/${file}`).href)) as T;
    const client = await load<Generated['client']>('client.ts');
    const { configureClient } = await load<{ configureClient(config: { baseUrl: string }): void }>('client-config.ts');
    configureClient({ baseUrl: BASE });
    ready[name] = { spec, dir, client, handlers: await importHandlers(`${dir}/handlers.ts`) };
  }
}, 300_000);

/** Five answers of a GET, each checked against the spec's schema by an independent validator. */
async function answers(name: string, path: string, schemaName: string): Promise<Record<string, unknown>[]> {
  const { spec, handlers } = ready[name]!;
  const check = validator(ref(schemaName), spec.components.schemas);
  return withServer(handlers.handlers, async () => {
    const out: Record<string, unknown>[] = [];
    for (let i = 0; i < 5; i++) {
      const body = (await call(`${BASE}${path}`)).json as Record<string, unknown>;
      expect(check.safeParse(body).success, JSON.stringify(body)).toBe(true);
      out.push(body);
    }
    return out;
  });
}

it('every handlers.ts and client compiles under the strict flag set', () => {
  expect(compiled.output).toBe('');
  expect(compiled.code).toBe(0);
});

// Repro 09 asked for a handler; issue 33 and DECISIONS decide for the seed's MSW rule 1: "one
// handler per operation (get, post, put, patch, delete); operations without responses are skipped".
describe('09: an operation without responses (legal in 3.1) is skipped, with a warning naming it', () => {
  it('gets no handler; the warning names it and its pointer; a handler of the test\'s own answers it', async () => {
    const { spec, handlers, client } = ready['no-responses']!;
    expect(handlers.handlers).toEqual([]);
    const { warnings } = buildHandlersModule(modelFromDocument(spec), { seed: 42, maxArrayItems: 3, depthCap: 30, baseUrl: '*' });
    expect(warnings).toEqual([
      'GET /simple (#/paths/~1simple/get) declares no responses: no handler is generated for it; a test that calls it needs its own (server.use(http.get(...)))',
    ]);
    // The README's set-up: an unhandled request is an error, so the test brings the handler the warning asks for.
    await withServer(handlers.handlers, async () => {
      await expect(client['getSimple']!()).rejects.toThrow();
    });
    await withServer([http.get(`${BASE}/simple`, () => new HttpResponse(null, { status: 204 }))], async () => {
      const answer = await call(`${BASE}/simple`);
      expect(answer.status).toBe(204);
      await expect(client['getSimple']!()).resolves.toBeUndefined();
    });
  });

  it('skips only operations without responses: one with an error response alone still gets a handler', async () => {
    const spec = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/a': { get: { operationId: 'a' }, delete: { operationId: 'b', responses: { '404': { description: 'gone' } } } } } };
    const { warnings } = buildHandlersModule(modelFromDocument(spec), { seed: 42, maxArrayItems: 3, depthCap: 30, baseUrl: '*' });
    expect(warnings).toEqual([expect.stringMatching(/^GET \/a \(#\/paths\/~1a\/get\) declares no responses/)]);
    const { content } = await generateHandlers(spec);
    // One per-operation handler (mswOperation(method, path, ...)), which createHandlers lists.
    expect(content).toMatch(/\(\s*"delete",\s*"\/a"/);
    expect(content).toContain('bHandler(options)');
    expect(content).not.toMatch(/\(\s*"get",\s*"\/a"/);
    expect(content).not.toContain('aHandler');
  });
});

describe('02: a boolean, integer or number discriminator is mocked as its typed value', () => {
  it.each([
    ['the repro (mapping key "False", const false)', '/config', 'Config', { use_custom: false, auto_setting: expect.any(String) }],
    ['integer (mapping key "1", const 1)', '/by-integer', 'ByInteger', { kind: 1, one: expect.any(String) }],
    ['number (mapping key "0.5", enum [0.5])', '/by-number', 'ByNumber', { kind: 0.5, half: expect.any(String) }],
    ['boolean without const (mapping key "false")', '/by-boolean', 'ByBoolean', { kind: false, off: expect.any(String) }],
  ])('%s', async (_, path, schemaName, expected) => {
    for (const body of await answers('discriminators', path, schemaName)) expect(body).toEqual(expected);
  });
});

describe('03: patternProperties are honoured in mocks', () => {
  it('the repro: a key matching ^meta_ beside name, nothing that additionalProperties: false forbids', async () => {
    for (const body of await answers('patterns', '/meta', 'Metadata')) {
      expect(Object.keys(body).sort()).toEqual(['meta_', 'name']);
      expect(body).toEqual({ name: expect.any(String), meta_: expect.any(String) });
    }
  });

  it('a map of pattern keys only: max_array_items keys, each matching, values valid for the pattern', async () => {
    for (const body of await answers('patterns', '/labels', 'Labels')) {
      expect(Object.keys(body)).toHaveLength(3);
      for (const [key, value] of Object.entries(body)) {
        expect(key).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
        expect((value as string).length).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('several patterns beside properties and a typed additionalProperties: one key per pattern, of its own type', async () => {
    for (const body of await answers('patterns', '/mixed', 'Mixed')) {
      const keys = Object.keys(body);
      expect(keys).toHaveLength(3);
      expect(body['id']).toEqual(expect.any(Number));
      const x = keys.find((k) => k.startsWith('x-'))!;
      const n = keys.find((k) => /^n_\d+$/.test(k))!;
      expect(body[x]).toEqual(expect.any(Boolean));
      expect(body[n]).toBeGreaterThanOrEqual(5);
    }
  });

  it('keeps to minProperties and maxProperties', async () => {
    for (const body of await answers('patterns', '/bounded', 'Bounded')) {
      expect(Object.keys(body)).toHaveLength(2);
      for (const key of Object.keys(body)) expect(key).toMatch(/^k/);
    }
  });

  it('the POST of the repro is answered (204)', async () => {
    const { handlers } = ready['patterns']!;
    await withServer(handlers.handlers, async () => expect((await call(`${BASE}/meta`, 'POST')).status).toBe(204));
  });
});

describe('13: a form response with an object schema answers a mock object the client reads back (a deviation from rule 5)', () => {
  it('the repro: multipart/form-data whose file is a file part and whose metadata is JSON text', async () => {
    const { handlers, client } = ready['multipart']!;
    await withServer(handlers.handlers, async () => {
      const answer = await call(`${BASE}/multipart`);
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(/^multipart\/form-data; boundary=/);
      const result = (await client['getMultipart']!()) as { file?: unknown; metadata?: unknown };
      expect(result.file).toBeInstanceOf(Blob);
      expect(result.metadata).toEqual(expect.any(Object));
    });
  });

  it('numbers, booleans, arrays of text and of files, a referenced object; urlencoded with its 201', async () => {
    const { handlers, client } = ready['form-fields']!;
    await withServer(handlers.handlers, async () => {
      const parts = (await client['getParts']!()) as Record<string, unknown>;
      expect(parts).toMatchObject({ name: expect.any(String), count: expect.any(Number), tags: expect.any(Array), files: expect.any(Array) });
      for (const file of parts['files'] as unknown[]) expect(file).toBeInstanceOf(Blob);
      const answer = await call(`${BASE}/fields`, 'POST');
      expect(answer.status).toBe(201);
      expect(answer.contentType).toMatch(/^application\/x-www-form-urlencoded/);
      await expect(client['postFields']!()).resolves.toEqual(expect.any(Object));
    });
  });
});
