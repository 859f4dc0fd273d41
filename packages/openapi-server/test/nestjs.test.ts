/**
 * The README's NestJS example (a decorated module and guard) compiles with the decorator options
 * the README lists, and runs: the guard reads the route's metadata, createContext refuses, the
 * service answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { STRICT_COMPILER_OPTIONS, fixture, freePort, tempProject, typecheck, waitForHttp } from '@specwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateProject, request, runServer, runZodTs } from './support.js';

const README = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const SPEC = fixture('../../examples/auth-lab/spec/auth-lab.openapi.yaml');

/** The ```ts blocks of a `## ` section that start with a file name comment, by file. */
/**
 * The service as an injectable class with a dependency from `imports`, and a provider of the app
 * that injects it by the exported token.
 */
const CLASS_SERVER = `import { Inject, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { API_SERVICE, ApiModule } from './api/router.js';
import type { Service } from './api/service.js';
import type { AuthContext } from './auth.js';
import { service } from './service.js';

@Injectable()
class Names {
  of(id: string): string {
    return 'name-' + id;
  }
}

@Module({ providers: [Names], exports: [Names] })
class NamesModule {}

@Injectable()
class ClassService implements Service<AuthContext> {
  constructor(private readonly names: Names) {}
  login = service.login;
  contact = service.contact;
  async getMe(context: AuthContext) {
    return { id: context.userId, name: this.names.of(context.userId) };
  }
}

@Injectable()
class Consumer {
  constructor(@Inject(API_SERVICE) readonly api: Service<AuthContext>) {}
}

@Module({
  imports: [ApiModule.forRoot({ service: ClassService, imports: [NamesModule], createContext: () => ({ userId: 'bob', scopes: [] }) })],
  providers: [Consumer],
})
class AppModule {}

const app = await NestFactory.create(AppModule, { bodyParser: false, logger: false });
if (!(app.get(Consumer).api instanceof ClassService)) throw new Error('API_SERVICE is not the service');
await app.listen(process.env['PORT'] ?? 3006);
`;

function examples(section: string): Map<string, string> {
  const start = README.indexOf(`\n## ${section}\n`);
  expect(start, `README section ## ${section}`).toBeGreaterThan(-1);
  const next = README.indexOf('\n## ', start + 1);
  const files = new Map<string, string>();
  for (const match of README.slice(start, next === -1 ? undefined : next).matchAll(/```ts\n(\/\/ ([\w-]+\.ts)\b[^\n]*\n[\s\S]*?)```/g)) files.set(match[2]!, match[1]!);
  return files;
}

describe('README: the NestJS example', () => {
  let server: ChildProcess | undefined;
  let classServer: ChildProcess | undefined;
  let url = '';
  let classUrl = '';
  let output = '';

  beforeAll(async () => {
    const shared = examples('`service.ts`');
    const nest = examples('nestjs');
    expect([...nest.keys()]).toEqual(['server.ts']);
    const project = tempProject('server-readme-nestjs');
    project.write('openapi-zod-ts.config.json', JSON.stringify({ input_openapi: SPEC, output: 'api' }));
    project.write('openapi-server.config.json', JSON.stringify({ input_openapi: SPEC, output: 'api', framework: 'nestjs', context_type: 'AuthContext' }));
    expect((await runZodTs([], project.dir)).code).toBe(0);
    const generated = await runServer([], project.dir);
    expect(generated.code, generated.stderr).toBe(0);
    for (const [file, source] of [...shared, ...nest]) project.write(file, source);
    project.write('class-server.ts', CLASS_SERVER);
    // The README's options: experimentalDecorators, and emitDecoratorMetadata for injection by type.
    const compilerOptions = { ...STRICT_COMPILER_OPTIONS, noEmit: false, outDir: 'dist', module: 'NodeNext', moduleResolution: 'NodeNext', experimentalDecorators: true, emitDecoratorMetadata: true };
    project.write('tsconfig.json', JSON.stringify({ compilerOptions, include: ['*.ts', 'api/*.ts'] }));
    for (const version of ['7', '5.9'] as const) {
      const result = typecheck(project.dir, version);
      expect(result.stdout + result.stderr, `TypeScript ${version}`).toBe('');
    }
    const start = async (file: string) => {
      const port = await freePort();
      const child = spawn(process.execPath, [join(project.dir, 'dist', file)], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      return { child, port };
    };
    const [main, byClass] = await Promise.all([start('server.js'), start('class-server.js')]);
    [server, classServer] = [main.child, byClass.child];
    url = `http://127.0.0.1:${main.port}/api`;
    classUrl = `http://127.0.0.1:${byClass.port}`;
    await Promise.all([waitForHttp(`${url}/me`, 60_000), waitForHttp(`${classUrl}/me`, 60_000)]);
  });
  afterAll(() => {
    server?.kill();
    classServer?.kill();
  });

  it('your guard reads ROUTE_INFO; createContext refuses a secured route without a token (401)', async () => {
    const answer = await request(`${url}/me`);
    expect(answer.status, output).toBe(401);
    expect(answer.json).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
    expect(answer.headers.get('x-operation-id')).toBe('getMe');
  });

  it('the service answers with the context createContext built', async () => {
    const answer = await request(`${url}/me`, { headers: { authorization: 'Bearer alice' } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ id: 'alice', name: 'user-alice' });
  });

  it('an invalid body is 400 with the issues; HttpError from the service gives its status', async () => {
    const invalid = await request(`${url}/login`, { method: 'POST', json: { username: '' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'Invalid request body' });
    expect((invalid.json as { issues: { path: unknown }[] }).issues.map((i) => i.path)).toEqual([['username'], ['password']]);
    const spam = await request(`${url}/contact`, { method: 'POST', headers: { authorization: 'Bearer alice' }, json: { message: 'spam here', method: 'email' } });
    expect(spam.status, spam.text).toBe(422);
    expect(spam.json).toEqual({ statusCode: 422, error: 'Unprocessable Entity', message: 'Looks like spam' });
  });

  it('a service class gets its dependencies from `imports`, and the app injects it by API_SERVICE', async () => {
    const answer = await request(`${classUrl}/me`);
    expect(answer.status, output).toBe(200);
    expect(answer.json).toEqual({ id: 'bob', name: 'name-bob' });
  });
});

describe('NestJS: a path with a trailing slash and its twin without one', () => {
  it('are two routes (Nest strips the slash, express is not strict): vtex.local/Promotions-.json', async () => {
    const op = (operationId: string) => ({ post: { operationId, responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } } } } });
    const spec = join(mkdtempSync(join(tmpdir(), 'nest-slash-')), 'slash.json');
    writeFileSync(spec, JSON.stringify({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths: { '/coupon': op('createMany'), '/coupon/': op('createOne') } }));
    const generated = await generateProject({ spec, framework: 'nestjs', contextType: false, inputSchema: false });
    expect(generated.server.code, generated.server.stderr).toBe(0);
    const server = generated.project.write(
      'server.ts',
      `import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { ApiModule } from './gen/router.js';
export async function start() {
  const service = { createMany: async () => 'many', createOne: async () => 'one' };
  const app = await NestFactory.create(ApiModule.forRoot({ service }), { bodyParser: false, logger: false });
  await app.listen(0, '127.0.0.1');
  return { url: 'http://127.0.0.1:' + String((app.getHttpServer().address() as AddressInfo).port), close: () => app.close() };
}
`,
    );
    const { start } = (await import(pathToFileURL(server).href)) as { start(): Promise<{ url: string; close(): Promise<void> }> };
    const app = await start();
    try {
      expect((await request(`${app.url}/coupon/`, { method: 'POST' })).json).toBe('one');
      expect((await request(`${app.url}/coupon`, { method: 'POST' })).json).toBe('many');
    } finally {
      await app.close();
    }
  });
});
