import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, listFiles, runCommandLine, tempProject, type RunResult } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { CONTRACT_SCHEMAS, CONTRACT_SPEC, runZodTs } from './support.js';

const PKG = 'openapi-server';
const run = (args: string[], cwd: string, env: Record<string, string> = {}): RunResult => runCommandLine(PKG, PKG, args, cwd, env);
const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;
const petstore = fixture('petstore-3.1.yaml');

/** A project with a config (`c.json` by default). */
function project(config: Record<string, unknown>, name = 'c.json') {
  const p = tempProject('server-cli', { prettier: false });
  const file = p.write(name, JSON.stringify(config, null, 2));
  return { ...p, file };
}

describe('flags', () => {
  it('prints usage with every config key for --help and -h', () => {
    const { dir } = tempProject('server-cli', { prettier: false });
    for (const flag of ['--help', '-h']) {
      const result = run([flag], dir);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: openapi-server [--config <path>] [--check]');
      for (const key of ['input_openapi', 'output', 'framework', 'input_schema', 'context_type', 'types_dir']) expect(result.stdout).toContain(key);
    }
  });

  it('prints the version alone for --version and -v', () => {
    const { dir } = tempProject('server-cli', { prettier: false });
    for (const flag of ['--version', '-v']) expect(run([flag], dir)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it.each([
    [['--frobnicate'], /unknown flag --frobnicate/],
    [['spec.yaml'], /unexpected argument "spec\.yaml"/],
    [['--config'], /--config needs a path/],
    [['--config', '--check'], /--config needs a path/],
  ])('usage error %j exits 2', (args, message) => {
    const { dir } = tempProject('server-cli', { prettier: false });
    const result = run(args, dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });
});

describe('config errors exit 1, name the file and the key, print no stack', () => {
  it('reads openapi-server.config.json from the working directory by default', () => {
    const p = project({ input_openapi: petstore, output: 'out' }, 'openapi-server.config.json');
    const result = run([], p.dir);
    expect(result.code, result.stderr).toBe(0);
    expect(listFiles(join(p.dir, 'out'))).toEqual(['service.ts']);
  });

  it('a missing config file', () => {
    const { dir } = tempProject('server-cli', { prettier: false });
    const result = run([], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/openapi-server\.config\.json: config file not found/);
  });

  it('a config that is not .json', () => {
    const p = project({ input_openapi: petstore, output: 'out' }, 'c.yaml');
    expect(run(['--config', p.file], p.dir).stderr).toMatch(/c\.yaml: a config file must be JSON with a \.json extension/);
  });

  it('invalid JSON, with line and column', () => {
    const p = tempProject('server-cli', { prettier: false });
    const file = p.write('c.json', '{\n  "output": "out",\n  oops\n}\n');
    const result = run(['--config', file], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/c\.json:3:\d+: invalid JSON/);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an unknown key lists the allowed ones', { input_openapi: petstore, output: 'o', framwork: 'hono' }, /key "framwork": unknown key \(allowed: input_openapi, output, framework, input_schema, context_type, types_dir, validate_responses, ref_roots, allowed_ref_hosts, request_headers, include, exclude, deprecated, projects\)/],
    ['a missing input_openapi', { output: 'o' }, /key "input_openapi": is required/],
    ['a missing output', { input_openapi: petstore }, /key "output": is required/],
    ['an unknown framework', { input_openapi: petstore, output: 'o', framework: 'sails' }, /key "framework": must be one of "hono", "express", "fastify", "koa", "nestjs", "none" \(got "sails"\)/],
    ['a context_type that is no identifier', { input_openapi: petstore, output: 'o', context_type: 'Auth Context' }, /key "context_type": must be a TypeScript identifier/],
    ['a context_type that is a reserved word', { input_openapi: petstore, output: 'o', context_type: 'string' }, /key "context_type": is a reserved word/],
    ['a context_type the service uses', { input_openapi: petstore, output: 'o', context_type: 'Promise' }, /key "context_type": is a name the generated service uses itself/],
    ['a non-string path', { input_openapi: petstore, output: 'o', input_schema: 3 }, /key "input_schema": must be a string/],
    ['an empty types_dir', { input_openapi: petstore, output: 'o', types_dir: '' }, /key "types_dir": must not be empty/],
    ['an unknown key in a project', { projects: [{ input_openapi: petstore, output: 'o', seed: 1 }] }, /key "projects\[0\]\.seed": unknown key/],
  ])('%s', (_name, config, message) => {
    const p = project(config);
    const result = run(['--config', p.file], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(p.file);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(p.dir, 'o'))).toBe(false);
  });

  it('a missing spec, and an invalid one with its JSON pointer', () => {
    const missing = project({ input_openapi: 'nope.yaml', output: 'o' });
    const a = run(['--config', missing.file], missing.dir);
    expect(a.code).toBe(1);
    expect(a.stderr).toMatch(/nope\.yaml: file not found/);
    const invalid = project({ input_openapi: fixture('invalid/dangling-ref.yaml'), output: 'o' });
    const b = run(['--config', invalid.file], invalid.dir);
    expect(b.code).toBe(1);
    expect(b.stderr).toMatch(/dangling-ref\.yaml.*#\//);
  });

  it('DEBUG prints the stack', () => {
    const p = project({ input_openapi: 'nope.yaml', output: 'o' });
    expect(run(['--config', p.file], p.dir, { DEBUG: '1' }).stderr).toMatch(/\n\s+at /);
  });
});

describe('outputs', () => {
  it('framework none writes service.ts only; a router framework adds router.ts', () => {
    for (const [framework, files] of [
      ['none', ['service.ts']],
      ['hono', ['router.ts', 'service.ts']],
      ['express', ['router.ts', 'service.ts']],
      ['fastify', ['router.ts', 'service.ts']],
    ] as const) {
      const p = project({ input_openapi: petstore, output: 'out', framework });
      const result = run(['--config', p.file], p.dir);
      expect(result.code, result.stderr).toBe(0);
      expect(listFiles(join(p.dir, 'out'))).toEqual(files);
    }
  });

  it('creates the output directory recursively; relative paths resolve from the config file', () => {
    const p = tempProject('server-cli', { prettier: false });
    p.write('conf/c.json', JSON.stringify({ input_openapi: petstore, output: '../deep/er/out' }));
    const result = run(['--config', 'conf/c.json'], p.dir);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(p.dir, 'deep', 'er', 'out', 'service.ts'))).toBe(true);
  });

  it('types_dir: service.ts and router.ts import schema-types.js from there', () => {
    const p = project({ input_openapi: petstore, output: 'server', types_dir: 'client', framework: 'fastify' });
    expect(run(['--config', p.file], p.dir).code).toBe(0);
    expect(readFileSync(join(p.dir, 'server', 'service.ts'), 'utf8')).toContain('from "../client/schema-types.js"');
    expect(readFileSync(join(p.dir, 'server', 'router.ts'), 'utf8')).toContain('from "../client/schema-types.js"');
  });

  it('warns when schema-types.ts is not there yet (run openapi-zod-ts first)', () => {
    const p = project({ input_openapi: petstore, output: 'out' });
    expect(run(['--config', p.file], p.dir).stderr).toMatch(/warning: .*schema-types\.ts does not exist yet/);
  });

  it('--check writes nothing, exits 1 and lists what would change; 0 once up to date', () => {
    const p = project({ input_openapi: petstore, output: 'out', framework: 'hono' });
    const check = run(['--config', p.file, '--check'], p.dir);
    expect(check.code).toBe(1);
    expect(check.stdout.split('\n').filter(Boolean).sort()).toEqual([join('out', 'router.ts'), join('out', 'service.ts')]);
    expect(existsSync(join(p.dir, 'out'))).toBe(false);
    expect(run(['--config', p.file], p.dir).code).toBe(0);
    expect(run(['--config', p.file, '--check'], p.dir).code).toBe(0);
  });

  it('a failed run changes no file', () => {
    const p = project({ input_openapi: petstore, output: 'out', framework: 'express' });
    expect(run(['--config', p.file], p.dir).code).toBe(0);
    const service = join(p.dir, 'out', 'service.ts');
    const before = readFileSync(service, 'utf8');
    const mtime = statSync(service).mtimeMs;
    writeFileSync(p.file, JSON.stringify({ input_openapi: fixture('invalid/bad-structure.yaml'), output: 'out', framework: 'express' }));
    expect(run(['--config', p.file], p.dir).code).toBe(1);
    expect(readFileSync(service, 'utf8')).toBe(before);
    expect(statSync(service).mtimeMs).toBe(mtime);
    expect(listFiles(join(p.dir, 'out'))).toEqual(['router.ts', 'service.ts']);
  });

  it('every file starts with the one-line generated header; service.ts imports schema-types.js only, no framework', () => {
    for (const framework of ['none', 'hono', 'express', 'fastify'] as const) {
      const p = project({ input_openapi: CONTRACT_SPEC, output: 'out', framework, context_type: 'Ctx' });
      expect(run(['--config', p.file], p.dir).code).toBe(0);
      const out = join(p.dir, 'out');
      for (const file of listFiles(out)) {
        expect(readFileSync(join(out, file), 'utf8').split('\n')[0], `${framework}: ${file}`).toBe('// Generated by openapi-server. Do not edit: re-run the command to update.');
      }
      const service = readFileSync(join(out, 'service.ts'), 'utf8');
      // Every module specifier: static, side-effect and dynamic imports, and re-exports.
      const specifiers = [...service.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]);
      expect(specifiers, framework).toEqual(['./schema-types.js']);
    }
  });

  it('two generations into fresh directories write the same bytes', () => {
    for (const framework of ['hono', 'express', 'fastify'] as const) {
      const config = { input_openapi: CONTRACT_SPEC, output: 'out', framework, context_type: 'Ctx', input_schema: 'schemas.ts' };
      const [a, b] = [project(config), project(config)];
      for (const p of [a, b]) {
        p.write('schemas.ts', CONTRACT_SCHEMAS);
        expect(run(['--config', p.file], p.dir).code).toBe(0);
      }
      const files = listFiles(join(a.dir, 'out'));
      expect(files).toEqual(['router.ts', 'service.ts']);
      expect(listFiles(join(b.dir, 'out'))).toEqual(files);
      for (const file of files) {
        const [first, second] = [a, b].map((p) => readFileSync(join(p.dir, 'out', file)));
        expect(first!.equals(second!), `${framework}: ${file}`).toBe(true);
      }
    }
  });

  it('several projects from one config', () => {
    const p = project({ projects: [{ input_openapi: petstore, output: 'a' }, { input_openapi: petstore, output: 'b', framework: 'hono' }] });
    expect(run(['--config', p.file], p.dir).code).toBe(0);
    expect(listFiles(join(p.dir, 'a'))).toEqual(['service.ts']);
    expect(listFiles(join(p.dir, 'b'))).toEqual(['router.ts', 'service.ts']);
  });
});

/** How each router calls the user's schema on a JSON body and on a text body. */
const VALIDATES = {
  express: { json: (schema: string) => `inputSchemas.${schema}.safeParse(req.body)`, text: (schema: string) => `inputSchemas.${schema}.safeParse(body)` },
  hono: { json: (schema: string) => `inputSchemas.${schema}.safeParse(body.value)`, text: (schema: string) => `inputSchemas.${schema}.safeParse(body.value ?? "")` },
} as const;

describe.each(['express', 'hono'] as const)('%s, input_schema: two-pass generation (seed, request validation 3)', (framework) => {
  const config = { input_openapi: CONTRACT_SPEC, output: 'gen', framework, input_schema: 'schemas.ts' };
  const validates = VALIDATES[framework];

  it("a missing file: the router validates with the generated schemas, and the warning says the user's come on the next run", async () => {
    const p = project(config);
    const first = run(['--config', p.file], p.dir);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/warning: .*schemas\.ts \(input_schema\) does not exist yet: router\.ts validates bodies with the generated schemas of schema-types\.ts/);
    const router = readFileSync(join(p.dir, 'gen', 'router.ts'), 'utf8');
    expect(router).toContain(validates.json('CreateItemSchema').replace('inputSchemas.', ''));
    expect(router).not.toContain('inputSchemas');
    expect(router).not.toContain('schemas.js');

    // openapi-zod-ts creates the file; the next run validates every body it has a schema for.
    p.write('openapi-zod-ts.config.json', JSON.stringify({ input_openapi: CONTRACT_SPEC, output: 'gen', input_schema: 'schemas.ts' }));
    expect((await runZodTs([], p.dir)).code).toBe(0);
    const second = run(['--config', p.file], p.dir);
    expect(second.code).toBe(0);
    expect(second.stderr).not.toContain('input_schema');
    const validated = readFileSync(join(p.dir, 'gen', 'router.ts'), 'utf8');
    expect(validated).toContain('import * as inputSchemas from "../schemas.js"');
    expect(validated).toContain(validates.json('CreateItemSchema'));
    expect(validated).toContain(validates.json('FailBodySchema'));
    // Text bodies too; raw bytes are not parsed, so their schema cannot apply, and a warning says so.
    expect(validated).toContain(validates.text('CreateNoteBodySchema'));
    expect(validated).not.toContain('PutBlobBodySchema');
    expect(second.stderr).toMatch(
      /warning: .*schemas\.ts exports PutBlobBodySchema, but the body of PUT \/blobs\/\{blobId\} reaches the service as raw bytes \(application\/octet-stream\), which the router does not parse: it is not validated/,
    );
  });

  it('a name mismatch warns on stderr, with the export that differs only in case', () => {
    const p = project(config);
    p.write('schemas.ts', CONTRACT_SCHEMAS.replace('export const CreateItemSchema', 'export const createItemSchema').replace('export const CreateNoteBodySchema', 'export const NoteSchema'));
    const result = run(['--config', p.file], p.dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: .*schemas\.ts exports no CreateItemSchema \(it exports createItemSchema: the name must match exactly\); the body of POST \/items is validated with the generated CreateItemSchema instead/);
    expect(result.stderr).toMatch(/exports no CreateItemSchema.*PUT \/items\/\{itemId\}/);
    expect(result.stderr).toMatch(/warning: .*schemas\.ts exports no CreateNoteBodySchema; the body of POST \/notes is validated with the generated CreateNoteBodySchema instead/);
    const router = readFileSync(join(p.dir, 'gen', 'router.ts'), 'utf8');
    expect(router).not.toContain('inputSchemas.CreateItemSchema');
    expect(router).not.toContain('inputSchemas.NoteSchema');
    expect(router).toContain(validates.json('CreateItemSchema').replace('inputSchemas.', ''));
    expect(router).toContain('inputSchemas.ItemPatchSchema');
  });

  it('a text body whose schema does not describe text (XML of an object) is not validated, and a warning says so', () => {
    const p = project({ ...config, input_openapi: 'xml.json' });
    const xml = { required: true, content: { 'application/xml': { schema: { $ref: '#/components/schemas/Order' } } } };
    const text = { required: true, content: { 'text/plain': { schema: { type: 'string', enum: ['a', 'b'] } } } };
    const ok = { '204': { description: 'ok' } };
    const spec = {
      openapi: '3.1.0',
      info: { title: 'xml', version: '1' },
      paths: { '/orders': { post: { operationId: 'postOrder', requestBody: xml, responses: ok } }, '/codes': { post: { operationId: 'postCode', requestBody: text, responses: ok } } },
      components: { schemas: { Order: { type: 'object', properties: { id: { type: 'string' } } } } },
    };
    p.write('xml.json', JSON.stringify(spec));
    p.write('schemas.ts', "import { z } from 'zod';\nexport const OrderSchema = z.object({ id: z.string() });\nexport const PostCodeBodySchema = z.enum(['a', 'b']);\n");
    const result = run(['--config', p.file], p.dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/warning: .*schemas\.ts exports OrderSchema, but the body of POST \/orders reaches the service as text \(application\/xml\) and its schema does not describe text: it is not validated/);
    const router = readFileSync(join(p.dir, 'gen', 'router.ts'), 'utf8');
    expect(router).not.toContain('OrderSchema');
    expect(router).toContain(validates.text('PostCodeBodySchema'));
  });
});

describe('input_schema: fastify, a file that does not parse, framework none', () => {
  const config = { input_openapi: CONTRACT_SPEC, output: 'gen', framework: 'express', input_schema: 'schemas.ts' };

  it('fastify falls back to the generated schema for a body the file lacks, and says so', () => {
    const p = project({ ...config, framework: 'fastify' });
    p.write('schemas.ts', CONTRACT_SCHEMAS.replace('export const FailBodySchema', 'const FailBodySchema'));
    const result = run(['--config', p.file], p.dir);
    expect(result.stderr).toMatch(/exports no FailBodySchema; the body of POST \/fail is validated with the generated FailBodySchema instead/);
  });

  it('a file that does not parse is an error naming it', () => {
    const p = project(config);
    p.write('schemas.ts', 'export const = ;');
    const result = run(['--config', p.file], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/schemas\.ts:1:\d+: cannot parse the schema file/);
  });

  it('has no effect with framework none, and says so', () => {
    const p = project({ ...config, framework: 'none' });
    expect(run(['--config', p.file], p.dir).stderr).toMatch(/warning: input_schema has no effect with framework "none"/);
  });
});
