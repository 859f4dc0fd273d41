import { join } from 'node:path';
import { modelFromDocument } from '@specwright/core';
import { prettierUnformatted, tempProject, typecheck } from '@specwright/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createClientNames } from '../src/index.js';
import { generateInto, importModule } from './support.js';

/**
 * Table-driven emitter tests: spec text in every context it reaches (property key, enum value,
 * description, default, pattern, query parameter name, path) comes back unchanged at run time and
 * can never end a string, comment or identifier early; odd names become safe, distinct names.
 */

const TEXTS: [string, { given: string }][] = [
  ['double quotes', { given: 'say "hi"' }],
  ['single quote', { given: "it's" }],
  ['backticks', { given: 'a `tick`' }],
  ['template placeholder', { given: '${process.exit(1)}' }],
  ['comment terminator', { given: '*/ process.exit(2) /*' }],
  ['line comment', { given: '// process.exit(3)' }],
  ['backslashes', { given: 'back\\slash \\u0041' }],
  ['line break', { given: 'line\nbreak\r\n' }],
  ['line and paragraph separators', { given: 'a\u2028b\u2029c' }],
  ['non-ASCII letters', { given: 'ünï 日本語' }],
  ['emoji', { given: 'paw 🐾' }],
  ['__proto__', { given: '__proto__' }],
  ['constructor', { given: 'constructor' }],
  ['reserved word', { given: 'class' }],
  ['script tag', { given: '</script><script>alert(1)</script>' }],
  ['empty string', { given: '' }],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function specFor(texts: string[]) {
  return {
    openapi: '3.1.0',
    info: { title: texts.join(' '), version: '1.0.0', description: texts.join('\n') },
    paths: Object.fromEntries(
      texts.map((text, i) => [
        `/items${i}/{id}`,
        {
          get: {
            operationId: `get item ${i}`,
            description: text,
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              { name: text === '' ? 'empty' : text, in: 'query', schema: { type: 'string' }, description: text },
            ],
            responses: { '200': { description: text, content: { 'application/json': { schema: { $ref: `#/components/schemas/Thing${i}` } } } } },
          },
        },
      ]),
    ),
    components: {
      schemas: Object.fromEntries(
        texts.map((text, i) => [
          `Thing${i}`,
          {
            type: 'object',
            description: text,
            required: [text],
            properties: {
              [text]: { type: 'string', enum: [text, 'other'], description: text, default: text, examples: [text] },
              pattern: { type: 'string', pattern: `^${escapeRegExp(text)}$` },
            },
          },
        ]),
      ),
    },
  };
}

describe('spec text in generated code', () => {
  const texts = TEXTS.map(([, { given }]) => given);
  let schemas: Record<string, z.ZodType<Record<string, unknown>>>;
  let client: Record<string, (...args: unknown[]) => Promise<unknown>> & { configureClient(config: object): void };
  let dir: string;
  const urls: string[] = [];

  beforeAll(async () => {
    const { project, files } = await generateInto(specFor(texts), { prefix: 'zod-ts-texts' });
    dir = project.dir;
    project.tsconfig('nodenext');
    const compiled = typecheck(project.dir, '7');
    expect(compiled.stdout + compiled.stderr).toBe('');
    expect(await prettierUnformatted(files.map((f) => f.path))).toEqual([]);
    schemas = await importModule(join(dir, 'gen', 'schema-types.ts'));
    client = await importModule(join(dir, 'gen', 'index.ts'));
    client.configureClient({
      baseUrl: 'http://api.test',
      fetch: async (url: string) => {
        urls.push(url);
        return new Response(null, { status: 500 });
      },
    });
  });

  it.each(TEXTS.map(([label, { given }], i) => [label, { given, i }] as const))('%s', async (_, { given, i }) => {
    const schema = schemas[`Thing${i}Schema`]!;
    // zod can neither validate nor output a `__proto__` key (prototype safety): it is left out.
    const dropped = given === '__proto__';
    const kept = dropped ? [] : [given];
    const valid = JSON.parse(JSON.stringify({ [given]: given, pattern: given })) as object;
    expect(Object.keys(schema.parse(valid)).sort()).toEqual([...kept, 'pattern'].sort());
    if (kept.length > 0) expect(schema.parse(valid)).toEqual(valid);
    expect(Object.keys(schema.parse(JSON.parse(`{${JSON.stringify(given)}: "other"}`)))).toEqual(kept);
    expect(schema.safeParse(JSON.parse(`{${JSON.stringify(given)}: ${JSON.stringify(`${given}!`)}}`)).success).toBe(dropped);
    expect(schema.safeParse(JSON.parse(`{${JSON.stringify(given)}: ${JSON.stringify(given)}, "pattern": ${JSON.stringify(`${given}!`)}}`)).success).toBe(false);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();

    const get = client[`getItem${i}`]!;
    await expect(get('a/b', { [given === '' ? 'empty' : given]: given })).rejects.toThrow(/status 500/);
    const url = new URL(urls.at(-1)!);
    expect(url.pathname).toBe(`/items${i}/a%2Fb`);
    expect(url.searchParams.get(given === '' ? 'empty' : given)).toBe(dropped ? null : given);
  });
});

const NAMES: [string, { given: string; want: string }][] = [
  ['a JS global', { given: 'Error', want: 'Error2' }],
  ['a global type', { given: 'Promise', want: 'Promise2' }],
  ['a TS keyword type', { given: 'string', want: 'String2' }],
  ['a leading digit', { given: '3DSecure', want: '_3DSecure' }],
  ['snake case', { given: 'foo_bar', want: 'FooBar' }],
  ['a collision after casing', { given: 'FooBar', want: 'FooBar2' }],
  ['a client export', { given: 'ApiError', want: 'ApiError2' }],
  ['the RequestConfig type', { given: 'RequestConfig', want: 'RequestConfig2' }],
  ['a config type', { given: 'ClientConfig', want: 'ClientConfig2' }],
  ['an internal helper type', { given: 'ResponseReader', want: 'ResponseReader2' }],
  ['symbols and spaces', { given: 'Name"With*/Quote', want: 'NameWithQuote' }],
  ['non-ASCII', { given: 'Café', want: 'Cafe' }],
];

const OPERATIONS: [string, { given: string; want: string }][] = [
  ['a global function', { given: 'fetch', want: 'fetch2' }],
  ['the config function', { given: 'configureClient', want: 'configureClient2' }],
  ['an internal helper', { given: 'sendRequest', want: 'sendRequest2' }],
  ['the zod import', { given: 'z', want: 'z2' }],
  ['a reserved word', { given: 'delete', want: 'delete_' }],
];

describe('names', () => {
  const spec = {
    openapi: '3.1.0',
    info: { title: 'names', version: '1.0.0' },
    paths: Object.fromEntries(
      OPERATIONS.map(([, { given }], i) => [
        `/op${i}`,
        { get: { operationId: given, responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/${encodeURIComponent(NAMES[i]![1].given)}` } } } } } } },
      ]),
    ),
    components: { schemas: Object.fromEntries(NAMES.map(([, { given }]) => [given, { type: 'object', properties: { a: { type: 'string' } } }])) },
  };

  it.each(NAMES)('schema named after %s', (_, { given, want }) => {
    const names = createClientNames(modelFromDocument(spec));
    expect(names.schema(given)).toEqual({ type: want, schema: `${want}Schema` });
  });

  it.each(OPERATIONS)('operation named after %s', (_, { given, want }) => {
    const model = modelFromDocument(spec);
    const operation = model.operations.find((o) => o.operationId === given)!;
    expect(createClientNames(model).operation(operation).fn).toBe(want);
  });

  it('names a model once: every generator of a run gets the same registry, another model its own', () => {
    const model = modelFromDocument(spec);
    const names = createClientNames(model);
    expect(createClientNames(model)).toBe(names);
    const other = createClientNames(modelFromDocument(spec));
    expect(other).not.toBe(names);
    expect(other.schema(NAMES[0]![1].given)).toEqual(names.schema(NAMES[0]![1].given));
  });

  it('compiles with every name re-exported from index.ts', async () => {
    const project = tempProject('zod-ts-names', { prettier: false });
    await generateInto(spec, { project, format: false });
    project.write('use.ts', `import { fetch2, configureClient2, sendRequest2, z2, delete_, type Error2, type ApiError2, ApiError } from './gen/index.js';\nexport const all = [fetch2, configureClient2, sendRequest2, z2, delete_, ApiError];\nexport type Both = Error2 | ApiError2;\n`);
    project.tsconfig('bundler');
    const compiled = typecheck(project.dir, '7');
    expect(compiled.stdout + compiled.stderr).toBe('');
  });
});
