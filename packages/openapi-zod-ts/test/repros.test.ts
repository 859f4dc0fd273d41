import { join } from 'node:path';
import { fixture, prettierUnformatted, runCommandLine, tempProject, typecheck, type TypeScriptVersion } from '@specwright/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateInto, importModule, startServer, type Generated, type TestServer } from './support.js';

/**
 * The repros of issue 15 that belong to openapi-zod-ts (fixtures/specs/repros, copied from the
 * issue): each is generated with `typing: 'checked'` (the compiler proves every type agrees with
 * its schema), compiled under the strict flags beside user code that assigns valid values, and
 * run: schemas parse valid payloads, the client talks to a real server on 127.0.0.1.
 */

const REPROS = {
  discriminator: '02-non-string-discriminator.yaml',
  patterns: '03-patternProperties-strict.yaml',
  nullableQuery: '10-required-nullable-query-param.yaml',
  multipart: '13-multipart-response-read-as-text.yaml',
  additional: '15-properties-plus-additionalProperties-type.yaml',
  lenient: '17-lenient-schemas.yaml',
  versions: '18-version-and-validation-gaps.yaml',
  urlencoded: '20-form-urlencoded-binary-dropped.yaml',
};
type Repro = keyof typeof REPROS;

/** Discriminators without a `const` in the variants: the mapping key alone gives the value. */
const NUMERIC_DISCRIMINATORS = {
  openapi: '3.1.0',
  info: { title: 'numeric discriminators', version: '1' },
  paths: {},
  components: {
    schemas: {
      Shape: {
        oneOf: [{ $ref: '#/components/schemas/Square' }, { $ref: '#/components/schemas/Circle' }],
        discriminator: { propertyName: 'sides', mapping: { '4': '#/components/schemas/Square', '0': '#/components/schemas/Circle' } },
      },
      Square: { type: 'object', required: ['sides', 'edge'], properties: { sides: { type: 'integer' }, edge: { type: 'number' } } },
      Circle: { type: 'object', required: ['sides', 'radius'], properties: { sides: { type: 'integer' }, radius: { type: 'number' } } },
      Scaled: {
        oneOf: [{ $ref: '#/components/schemas/Half' }, { $ref: '#/components/schemas/Double' }],
        discriminator: { propertyName: 'factor', mapping: { '0.5': '#/components/schemas/Half', '2.0': '#/components/schemas/Double' } },
      },
      Half: { type: 'object', required: ['factor'], properties: { factor: { type: 'number' }, note: { type: 'string' } } },
      Double: { type: 'object', required: ['factor'], properties: { factor: { type: 'number' } } },
    },
  },
};

/** Several patterns, a ref'd pattern schema and typed additionalProperties beside them. */
const PATTERN_MIX = {
  openapi: '3.1.0',
  info: { title: 'pattern mix', version: '1' },
  paths: {},
  components: {
    schemas: {
      Labels: {
        type: 'object',
        properties: { id: { type: 'integer' } },
        patternProperties: { '^x-': { type: 'string' }, '^n_': { $ref: '#/components/schemas/Count' } },
        additionalProperties: { type: 'boolean' },
      },
      Count: { type: 'integer', minimum: 0 },
    },
  },
};

/** A urlencoded body with a file field beside a text field. */
const URLENCODED_FIELDS = {
  openapi: '3.1.0',
  info: { title: 'urlencoded fields', version: '1' },
  paths: {
    '/notes': {
      post: {
        operationId: 'postNote',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', required: ['title', 'attachment'], properties: { title: { type: 'string' }, attachment: { type: 'string', format: 'binary' } } },
            },
          },
        },
        responses: { '204': { description: 'ok' } },
      },
    },
  },
};

/** User code a valid value must satisfy (repro 15: this did not compile). */
const USER_CODE = `
import type { Thing } from './additional/gen/index.js';
import type { Metadata } from './patterns/gen/index.js';
import type { Config } from './discriminator/gen/index.js';
import type { Labels, Shape } from './inline-discriminators/gen/index.js';
import type { Metadata as UserMetadata } from './patterns-user/gen/index.js';
import type { Thing as UserThing } from './additional-user/gen/index.js';

export const thing: Thing = { id: 'a', count: 1, extra: 2 };
export const metadata: Metadata = { name: 'n', meta_color: 'red' };
export const auto: Config = { use_custom: false, auto_setting: 'x' };
export const custom: Config = { use_custom: true, custom_value: 3 };
export const square: Shape = { sides: 4, edge: 2 };
export const labels: Labels = { id: 1, 'x-team': 'core', n_seats: 3, open: true };
export const userMetadata: UserMetadata = { name: 'n', meta_color: 'red' };
export const userThing: UserThing = { id: 'a', count: 1, extra: 2 };
// @ts-expect-error the discriminator is the boolean false, not the mapping key's string
export const wrong: Config = { use_custom: 'False', auto_setting: 'x' };
`;

interface SchemaModule {
  [name: string]: { safeParse(value: unknown): { success: boolean; error?: { issues: { path: unknown[]; message: string }[] } } } | unknown;
}
type Fn = (...args: unknown[]) => Promise<unknown>;
const schema = (module: SchemaModule, name: string) => module[name] as { safeParse(value: unknown): { success: boolean; data?: unknown; error?: { issues: { path: unknown[] }[] } } };

describe('issue 15 repros (openapi-zod-ts)', () => {
  const project = tempProject('zod-ts-repros');
  const generated = new Map<string, Generated>();
  const modules = new Map<string, SchemaModule>();
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
    const specs: [string, string | object][] = [
      ...Object.entries(REPROS).map(([dir, file]): [string, string] => [dir, fixture(`repros/${file}`)]),
      ['inline-discriminators', { ...NUMERIC_DISCRIMINATORS, components: { schemas: { ...NUMERIC_DISCRIMINATORS.components.schemas, ...PATTERN_MIX.components.schemas } } }],
      ['urlencoded-fields', URLENCODED_FIELDS],
      // With the user-owned schema file bootstrapped: it must compile and validate alike.
      ['patterns-user', fixture(`repros/${REPROS.patterns}`)],
      ['additional-user', fixture(`repros/${REPROS.additional}`)],
    ];
    for (const [dir, spec] of specs) {
      const user = dir.endsWith('-user') ? { inputSchema: `${dir}/schemas.ts` } : {};
      const result = await generateInto(spec, { project, outDir: `${dir}/gen`, typing: 'checked', format: false, ...user });
      generated.set(dir, result);
      modules.set(dir, await importModule<SchemaModule>(join(project.dir, dir, 'gen', 'index.ts')));
    }
    project.write('user.ts', USER_CODE);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const client = (dir: Repro | 'urlencoded-fields') => {
    const module = modules.get(dir)!;
    (module['configureClient'] as (config: object) => void)({ baseUrl: `${server.baseUrl}/api` });
    return (name: string) => module[name] as Fn;
  };

  it.each<[TypeScriptVersion]>([['5.9'], ['7']])('compiles strict with TypeScript %s, user code assigning valid values included', (version) => {
    project.tsconfig('nodenext');
    const result = typecheck(project.dir, version);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('02: boolean, integer and number discriminators use typed literals', () => {
    const config = schema(modules.get('discriminator')!, 'ConfigSchema');
    expect(config.safeParse({ use_custom: false, auto_setting: 'x' }).success).toBe(true);
    expect(config.safeParse({ use_custom: true, custom_value: 3 }).success).toBe(true);
    expect(config.safeParse({ use_custom: 'False', auto_setting: 'x' }).success).toBe(false);
    const inline = modules.get('inline-discriminators')!;
    const shape = schema(inline, 'ShapeSchema');
    expect(shape.safeParse({ sides: 4, edge: 2 }).success).toBe(true);
    expect(shape.safeParse({ sides: 0, radius: 1 }).success).toBe(true);
    expect(shape.safeParse({ sides: '4', edge: 2 }).success).toBe(false);
    expect(shape.safeParse({ sides: 4, radius: 1 }).success).toBe(false);
    const scaled = schema(inline, 'ScaledSchema');
    expect(scaled.safeParse({ factor: 0.5 }).success).toBe(true);
    expect(scaled.safeParse({ factor: 2 }).success).toBe(true);
    expect(scaled.safeParse({ factor: 3 }).success).toBe(false);
  });

  it('02: the client returns a boolean-discriminated response from a real server', async () => {
    server.reply(() => ({ json: { use_custom: false, auto_setting: 'x' } }));
    expect(await client('discriminator')('getConfig')()).toEqual({ use_custom: false, auto_setting: 'x' });
  });

  it('03: keys matching a pattern are validated with its schema, others refused under additionalProperties: false', () => {
    for (const dir of ['patterns', 'patterns-user']) {
      const metadata = schema(modules.get(dir)!, 'MetadataSchema');
      expect(metadata.safeParse({ name: 'n', meta_color: 'red' })).toMatchObject({ success: true, data: { name: 'n', meta_color: 'red' } });
      expect(metadata.safeParse({ meta_size: 3 }).error?.issues.map((i) => i.path)).toContainEqual(['meta_size']);
      expect(metadata.safeParse({ other: 'x' }).error?.issues.map((i) => i.path)).toEqual([['other']]);
    }
    const labels = schema(modules.get('inline-discriminators')!, 'LabelsSchema');
    expect(labels.safeParse({ id: 1, 'x-team': 'core', n_seats: 3, open: true }).success).toBe(true);
    expect(labels.safeParse({ n_seats: -1 }).success).toBe(false);
    expect(labels.safeParse({ 'x-team': 5 }).success).toBe(false);
    expect(labels.safeParse({ open: 'yes' }).success).toBe(false);
  });

  it('03: the client sends a body with pattern keys', async () => {
    server.reply(() => ({ status: 204 }));
    await client('patterns')('postMeta')({ name: 'n', meta_color: 'red' });
    expect(JSON.parse(server.requests[0]!.body.toString())).toEqual({ name: 'n', meta_color: 'red' });
  });

  it('10: null is left out of the URL, as undefined is; the empty string is sent as `s=`', async () => {
    server.reply(() => ({ status: 204 }));
    const types = client('nullableQuery')('types');
    await types({ s: null });
    await types({ s: 'x' });
    await types({ s: '' });
    expect(server.requests.map((r) => r.url)).toEqual(['/api/types', '/api/types?s=x', '/api/types?s=']);
  });

  it('13: a multipart response is read as a form, converted to an object and validated', async () => {
    const boundary = 'b0undary';
    const part = (headers: string, body: string) => `--${boundary}\r\n${headers}\r\n\r\n${body}\r\n`;
    const body =
      part('Content-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain', 'hello') +
      part('Content-Disposition: form-data; name="metadata"\r\nContent-Type: application/json', '{"foo":"bar"}') +
      `--${boundary}--\r\n`;
    server.reply(() => ({ text: body, headers: { 'content-type': `multipart/mixed; boundary=${boundary}` } }));
    const result = (await client('multipart')('getMultipart')()) as { file: Blob; metadata: unknown };
    expect(result.metadata).toEqual({ foo: 'bar' });
    expect(result.file).toBeInstanceOf(Blob);
    expect(await result.file.text()).toBe('hello');
    server.reply(() => ({ text: part('Content-Disposition: form-data; name="metadata"', '"not an object"') + `--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }));
    await expect(client('multipart')('getMultipart')()).rejects.toMatchObject({ name: 'ResponseValidationError', status: 200 });
  });

  it('15: the schema accepts what the type admits', () => {
    const thing = schema(modules.get('additional')!, 'ThingSchema');
    expect(thing.safeParse({ id: 'a', count: 1, extra: 2 }).success).toBe(true);
    expect(thing.safeParse({ id: 'a', extra: 'two' }).success).toBe(false);
  });

  it('20: a urlencoded body given as a file is sent as its content; a file field as its text', async () => {
    server.reply(() => ({ json: true }));
    expect(await client('urlencoded')('uploadFile')(new Blob(['a=1&b=2']))).toBe(true);
    expect(server.requests[0]!.body.toString()).toBe('a=1&b=2');
    expect(server.requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    server.reply(() => ({ status: 204 }));
    await client('urlencoded-fields')('postNote')({ title: 'Hi there', attachment: new File(['line 1\nline&2'], 'a.txt') });
    expect(new URLSearchParams(server.requests[1]!.body.toString()).getAll('attachment')).toEqual(['line 1\nline&2']);
    expect(new URLSearchParams(server.requests[1]!.body.toString()).get('title')).toBe('Hi there');
  });

  it('17, 18: dropped keywords, 3.2 documents, duplicate operationIds and webhooks are warned about', () => {
    const lenient = generated.get('lenient')!.warnings.join('\n');
    expect(lenient).toMatch(/#\/components\/schemas\/Bar\/enum: null is listed but the type does not allow null/);
    expect(lenient).toMatch(/#\/components\/schemas\/Keyed\/propertyNames: propertyNames is not enforced/);
    expect(schema(modules.get('lenient')!, 'BarSchema').safeParse(null).success).toBe(false);
    const versions = generated.get('versions')!.warnings.join('\n');
    expect(versions).toMatch(/#\/openapi: OpenAPI 3\.2\.0 is read as 3\.1/);
    expect(versions).toMatch(/#\/webhooks: webhooks are not generated \(1: newPet\)/);
    expect(versions).toMatch(/#\/paths\/~1foo\/post\/operationId: operationId "foo" is also used at #\/paths\/~1foo\/get .*named foo2/);
  });
});

describe('issue 15 repros: formatted output', () => {
  it('passes prettier --check under the consumer config (the new runtime helpers and pattern checks included)', async () => {
    const paths: string[] = [];
    for (const file of [REPROS.patterns, REPROS.multipart, REPROS.urlencoded, REPROS.nullableQuery]) {
      const { files } = await generateInto(fixture(`repros/${file}`), { prefix: 'zod-ts-repro-format' });
      paths.push(...files.map((f) => f.path));
    }
    expect(await prettierUnformatted(paths)).toEqual([]);
  });
});

describe('issue 15 repros: versions and warnings on the command line', () => {
  it('18: "3.0" is read as 3.0.x', () => {
    const project = tempProject('zod-ts-version', { prettier: false });
    project.write('spec.yaml', 'openapi: "3.0"\ninfo: { title: t, version: "1" }\npaths: {}\n');
    project.write('openapi-zod-ts.config.json', JSON.stringify({ input_openapi: 'spec.yaml', output: 'gen' }));
    const result = runCommandLine('openapi-zod-ts', 'openapi-zod-ts', [], project.dir);
    expect(result.stderr).toBe('openapi-zod-ts: wrote 4 files\n');
    expect(result.code).toBe(0);
  });

  it('19: past 20 warnings, one line per kind and a count; --verbose prints them all', () => {
    const project = tempProject('zod-ts-warnings', { prettier: false });
    project.write('openapi-zod-ts.config.json', JSON.stringify({ input_openapi: fixture('repros/19-warnings-capped.yaml'), output: 'gen' }));
    const grouped = runCommandLine('openapi-zod-ts', 'openapi-zod-ts', [], project.dir);
    expect(grouped.code).toBe(0);
    expect(grouped.stderr).toMatch(/warning: .*#\/paths\/~1v\{ver\}~1a1\/get: path parameter "ver" is not declared; treated as a string \(21 warnings of this kind; the first shown\)\n/);
    expect(grouped.stderr).toMatch(/openapi-zod-ts: 21 warnings of 1 kind; run with --verbose to see them all\n/);
    const verbose = runCommandLine('openapi-zod-ts', 'openapi-zod-ts', ['--verbose'], project.dir);
    expect(verbose.code).toBe(0);
    expect(verbose.stderr.match(/path parameter "ver" is not declared/g)).toHaveLength(21);
  });
});

/** `Level0` → `Level1` → ... : each level an object holding the next, optional, in an array; and a `Tree` that uses `Level0`. */
function deepChain(levels: number): object {
  const schemas: Record<string, object> = {};
  for (let i = 0; i < levels; i++) {
    const next = i + 1 < levels ? { next: { type: 'array', items: { $ref: `#/components/schemas/Level${i + 1}` } } } : {};
    schemas[`Level${i}`] = { type: 'object', properties: { name: { type: 'string' }, ...next } };
  }
  // A recursive schema gets an explicit type that names the chain's output (`z.output<typeof Level0Schema>`).
  schemas['Tree'] = { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } }, chain: { $ref: '#/components/schemas/Level0' } } };
  return { openapi: '3.1.0', info: { title: 'deep chain', version: '1' }, paths: {}, components: { schemas } };
}

describe('the user-owned schema file of a deeply nested spec (googleapis contentwarehouse)', () => {
  it('compiles as bootstrapped: chains of bases too deep to infer are cut by explicit types', async () => {
    const { project, files } = await generateInto(deepChain(60), { outDir: 'gen', inputSchema: 'schemas.ts', format: false, prefix: 'zod-ts-deep' });
    const bases = files.find((f) => f.path.endsWith('schema-bases.ts'))!.content;
    // Most bases stay inferred (extendable); a few carry an explicit type.
    const explicit = bases.match(/^export const Level\d+Base: z\.ZodType<Level\d+> =/gm) ?? [];
    expect(explicit.length).toBeGreaterThan(0);
    expect(explicit.length).toBeLessThan(10);
    project.write('use.ts', "import type { Level0 } from './gen/index.js';\nexport const level: Level0 = { name: 'a', next: [{ name: 'b', next: [] }] };\n");
    project.tsconfig('nodenext');
    const result = typecheck(project.dir, '5.9');
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
    const deep = await importModule<SchemaModule>(join(project.dir, 'gen', 'index.ts'));
    expect(schema(deep, 'Level0Schema').safeParse({ name: 'a', next: [{ name: 'b', next: [{ name: 7 }] }] }).success).toBe(false);
  });
});
