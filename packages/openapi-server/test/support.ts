import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCommand, type CommandDefinition } from '@specwright/core';
import { zodTsCommand } from '@specwright/openapi-zod-ts';
import { CONSUMER_PRETTIER_CONFIG, fixture, tempProject, type TempProject } from '@specwright/testing';
import { command as serverCommand } from '../src/index.js';

export type RouterFramework = 'hono' | 'express' | 'fastify' | 'koa' | 'nestjs';
export const FRAMEWORKS: RouterFramework[] = ['hono', 'express', 'fastify', 'koa', 'nestjs'];

export const CONTRACT_SPEC = fixture('server-contract.yaml');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command in process with the core's harness (the same code path as the command line). */
export async function run<T>(definition: CommandDefinition<T>, args: string[], cwd: string): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCommand(definition, args, {
    cwd,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: {},
  });
  return { code, stdout, stderr };
}

export const runServer = (args: string[], cwd: string) => run(serverCommand, args, cwd);
export const runZodTs = (args: string[], cwd: string) => run(zodTsCommand, args, cwd);

export interface ProjectOptions {
  spec?: string;
  framework: RouterFramework | 'none';
  /** `context_type`; `false` for none. @default 'AuthContext' */
  contextType?: string | false;
  /** The user-owned schema file: the contract's hand-written one, or none. @default 'contract' */
  inputSchema?: 'contract' | false;
  /** Extra keys of the openapi-server config. */
  serverConfig?: Record<string, unknown>;
  /** Extra keys of the openapi-zod-ts config (`zod_variant`). */
  zodConfig?: Record<string, unknown>;
}

export interface GeneratedProject {
  project: TempProject;
  dir: string;
  /** The generated output directory. */
  out: string;
  zodTs: Run;
  server: Run;
  read(relative: string): string;
}

/**
 * The contract's user-owned schema file: the bootstrap of openapi-zod-ts plus a hand-written
 * cross-field rule (seed: rules in it survive regeneration and run on the server).
 */
export const CONTRACT_SCHEMAS = `import { z } from 'zod';

export const DimensionsSchema = z.object({ width: z.number().min(0), height: z.number().min(0) });

export const ItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  tags: z.array(z.string()),
  dimensions: DimensionsSchema.optional(),
});

export const CreateItemSchema = z
  .object({
    name: z.string().min(1),
    price: z.number().min(0),
    discount: z.number().min(0).optional(),
    tags: z.array(z.string()).max(3).optional(),
    dimensions: DimensionsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.discount !== undefined && value.discount > value.price) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'Discount cannot exceed the price' });
    }
  });

export const ItemPatchSchema = z.object({ name: z.string().min(1).optional(), price: z.number().min(0).optional() });

export const ItemPageSchema = z.object({ items: z.array(ItemSchema), query: z.record(z.string(), z.unknown()) });

export const SortSchema = z.enum(['name', 'price']);

export const EchoSchema = z.object({ values: z.array(z.string()) });

export const ReceiptSchema = z.object({ accepted: z.boolean() });

// A hand-written rule on a text body: text bodies are validated too.
export const CreateNoteBodySchema = z.string().max(20);

export const PutBlobBodySchema = z.instanceof(Blob);

export const FailBodySchema = z.object({ kind: z.enum(['http', 'unexpected']) });
`;

/** The same file in zod/mini's functional form, for the routers over `zod_variant: "mini"` schemas. */
export const CONTRACT_SCHEMAS_MINI = `import * as z from 'zod/mini';

export const DimensionsSchema = z.object({ width: z.number().check(z.minimum(0)), height: z.number().check(z.minimum(0)) });

export const ItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  tags: z.array(z.string()),
  dimensions: z.optional(DimensionsSchema),
});

export const CreateItemSchema = z
  .object({
    name: z.string().check(z.minLength(1)),
    price: z.number().check(z.minimum(0)),
    discount: z.optional(z.number().check(z.minimum(0))),
    tags: z.optional(z.array(z.string()).check(z.maxLength(3))),
    dimensions: z.optional(DimensionsSchema),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.discount !== undefined && value.discount > value.price) {
        ctx.addIssue({ code: 'custom', path: ['discount'], message: 'Discount cannot exceed the price' });
      }
    }),
  );

export const ItemPatchSchema = z.object({ name: z.optional(z.string().check(z.minLength(1))), price: z.optional(z.number().check(z.minimum(0))) });

export const ItemPageSchema = z.object({ items: z.array(ItemSchema), query: z.record(z.string(), z.unknown()) });

export const SortSchema = z.enum(['name', 'price']);

export const EchoSchema = z.object({ values: z.array(z.string()) });

export const ReceiptSchema = z.object({ accepted: z.boolean() });

// A hand-written rule on a text body: text bodies are validated too.
export const CreateNoteBodySchema = z.string().check(z.maxLength(20));

export const PutBlobBodySchema = z.instanceof(Blob);

export const FailBodySchema = z.object({ kind: z.enum(['http', 'unexpected']) });
`;

/**
 * An in-memory service of the contract spec, recording every call with its arguments. Written
 * with rest parameters, it fits the interface with or without a context argument; `router`
 * says whether it may import `HttpError` (not with framework `none`).
 */
export function contractService(options: { context: boolean; router: boolean }): string {
  const status = (code: number, message: string) => (options.router ? `new HttpError(${code}, ${message})` : `new Error(${message})`);
  return `import type { Service } from './gen/service.js';
import type { Item } from './gen/schema-types.js';
${options.router ? "import { HttpError } from './gen/router.js';\n" : ''}
export interface AuthContext {
  userId: string;
  scopes: string[];
}

export interface Call {
  method: string;
  args: unknown[];
}

export interface RouteSeen {
  operationId: string;
  security: { scheme: string; scopes: string[] }[] | undefined;
  config?: { operationId: string | undefined; security: { scheme: string; scopes: string[] }[] | undefined };
}

export const calls: Call[] = [];
export const routesSeen: RouteSeen[] = [];

const items = new Map<string, Item>([['i1', { id: 'i1', name: 'One', price: 1, tags: [] }]]);

/** The seed's reference authorization (Authentication 3). */
export function authorize(security: { scheme: string; scopes: string[] }[] | undefined, header: string | undefined): AuthContext {
  if (security === undefined || security.length === 0) return { userId: 'anonymous', scopes: [] };
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) throw ${status(401, "'Unauthorized'")};
  return { userId: header.slice('Bearer '.length), scopes: ['profile:read'] };
}

export const service: Service${options.context ? '<AuthContext>' : ''} = {
  async listItems(...args) {
    calls.push({ method: 'listItems', args });
    return { items: [...items.values()], query: { ...args[0] } };
  },
  async createItem(...args) {
    calls.push({ method: 'createItem', args });
    const [body] = args;
    const item: Item = { id: 'i' + String(items.size + 1), name: body.name, price: body.price, tags: body.tags ?? [] };
    items.set(item.id, item);
    return item;
  },
  async getItem(...args) {
    calls.push({ method: 'getItem', args });
    const [itemId] = args;
    // An answer that breaks its response schema (only fastify checks responses).
    if (itemId === 'broken') return { id: 'broken' } as unknown as Item;
    const item = items.get(itemId);
    if (!item) throw ${status(404, "'No item ' + itemId")};
    return item;
  },
  async replaceItem(...args) {
    calls.push({ method: 'replaceItem', args });
  },
  async patchItem(...args) {
    calls.push({ method: 'patchItem', args });
    const [itemId, body] = args;
    return { id: itemId, name: body?.name ?? 'unchanged', price: body?.price ?? 0, tags: [] };
  },
  async deleteItem(...args) {
    calls.push({ method: 'deleteItem', args });
  },
  async archiveItem(...args) {
    calls.push({ method: 'archiveItem', args });
    return { accepted: true };
  },
  async search(...args) {
    calls.push({ method: 'search', args });
    return { values: [args[0].q] };
  },
  async ping(...args) {
    calls.push({ method: 'ping', args });
  },
  async getFileVersion(...args) {
    calls.push({ method: 'getFileVersion', args });
    return { values: [args[0], args[1]] };
  },
  async cancelJob(...args) {
    calls.push({ method: 'cancelJob', args });
    return { values: [args[0]] };
  },
  async getOddPath(...args) {
    calls.push({ method: 'getOddPath', args });
    return { values: [args[0], args[1]] };
  },
  async createNote(...args) {
    calls.push({ method: 'createNote', args });
    return args[0].toUpperCase();
  },
  async putBlob(...args) {
    const [blobId, body] = args;
    calls.push({ method: 'putBlob', args: [blobId, [...body], ...args.slice(2)] });
    return Uint8Array.from(body).reverse();
  },
  async fail(...args) {
    calls.push({ method: 'fail', args });
    if (args[0].kind === 'http') throw ${status(409, "'Conflict here'")};
    throw new Error('secret detail of the failure');
  },
};
`;
}

/** The README's express set-up, verbatim: the JSON body parser and bodyParserErrors before mounting. */
export const README_EXPRESS_PARSER = readmeLine(/^app\.use\(express\.json\(.*\), bodyParserErrors\);$/m);

function readmeLine(pattern: RegExp): string {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const line = pattern.exec(readme)?.[0];
  if (line === undefined) throw new Error(`README.md has no line matching ${String(pattern)}`);
  return line;
}

/** Serves the contract service on 127.0.0.1 under /api, per framework. */
export const CONTRACT_SERVERS: Record<RouterFramework, string> = {
  hono: `import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { createRouter } from './gen/router.js';
import { authorize, routesSeen, service, type AuthContext } from './service-impl.js';
export { calls, routesSeen } from './service-impl.js';

export async function start(options: { bodyLimit?: number; defaultErrors?: boolean } = {}): Promise<{ url: string; errors: unknown[]; close: () => Promise<void> }> {
  const errors: unknown[] = [];
  const app = new Hono();
  // Service errors reach the app's error handler (seed); without one, hono's default handler.
  if (!options.defaultErrors) {
    app.onError((error, c) => {
      errors.push(error);
      return error instanceof HTTPException ? error.getResponse() : c.text('Internal Server Error', 500);
    });
  }
  const router = createRouter<AuthContext>(service, {
    createContext: (c, route) => {
      routesSeen.push({ operationId: route.operationId, security: route.security });
      return authorize(route.security, c.req.header('authorization'));
    },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
  });
  app.route('/api', router);
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({ url: 'http://127.0.0.1:' + String(info.port) + '/api', errors, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
`,
  express: `import type { AddressInfo } from 'node:net';
import express from 'express';
import { bodyParserErrors, createRouter } from './gen/router.js';
import { authorize, routesSeen, service, type AuthContext } from './service-impl.js';
export { calls, routesSeen } from './service-impl.js';

export async function start(options: { jsonBefore?: boolean; bodyLimit?: number } = {}): Promise<{ url: string; errors: unknown[]; close: () => Promise<void> }> {
  const errors: unknown[] = [];
  const app = express();
  // The README's setup: the JSON body parser before mounting, its errors answered as the router's.
  if (options.jsonBefore) ${README_EXPRESS_PARSER}
  const router = createRouter<AuthContext>(service, {
    createContext: (req, route) => {
      routesSeen.push({ operationId: route.operationId, security: route.security });
      return authorize(route.security, req.headers.authorization);
    },
    onError: (error) => {
      errors.push(error);
    },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
  });
  app.use('/api', router);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: 'http://127.0.0.1:' + String(port) + '/api', errors, close: () => new Promise<void>((done) => server.close(() => done())) };
}
`,
  koa: `import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { createRouter } from './gen/router.js';
import { authorize, routesSeen, service, type AuthContext } from './service-impl.js';
export { calls, routesSeen } from './service-impl.js';

export async function start(options: { bodyLimit?: number } = {}): Promise<{ url: string; errors: unknown[]; close: () => Promise<void> }> {
  const errors: unknown[] = [];
  const app = new Koa();
  const router = createRouter<AuthContext>(service, {
    prefix: '/api',
    createContext: (ctx, route) => {
      routesSeen.push({ operationId: route.operationId, security: route.security });
      return authorize(route.security, ctx.get('authorization') || undefined);
    },
    onError: (error) => {
      errors.push(error);
    },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
  });
  app.use(router.routes()).use(router.allowedMethods());
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: 'http://127.0.0.1:' + String(port) + '/api', errors, close: () => new Promise<void>((done) => server.close(() => done())) };
}
`,
  nestjs: `import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { ApiModule } from './gen/router.js';
import { authorize, routesSeen, service, type AuthContext } from './service-impl.js';
export { calls, routesSeen } from './service-impl.js';

export async function start(options: { bodyLimit?: number } = {}): Promise<{ url: string; errors: unknown[]; close: () => Promise<void> }> {
  const errors: unknown[] = [];
  const api = ApiModule.forRoot<AuthContext>({
    service,
    createContext: (req, route) => {
      routesSeen.push({ operationId: route.operationId, security: route.security });
      return authorize(route.security, req.headers.authorization);
    },
    onError: (error) => {
      errors.push(error);
    },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
  });
  // The README's setup: Nest's own body parser off, so that the controller reads each body after createContext.
  const app = await NestFactory.create(api, { bodyParser: false, logger: false });
  app.setGlobalPrefix('api');
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { url: 'http://127.0.0.1:' + String(port) + '/api', errors, close: () => app.close() };
}
`,
  fastify: `import Fastify from 'fastify';
import { createRouter } from './gen/router.js';
import { authorize, routesSeen, service, type AuthContext } from './service-impl.js';
export { calls, routesSeen } from './service-impl.js';

export async function start(options: { bodyLimit?: number; poisoning?: 'ignore' } = {}): Promise<{ url: string; errors: unknown[]; close: () => Promise<void> }> {
  const errors: unknown[] = [];
  const stream = {
    write(line: string) {
      const entry = JSON.parse(line) as { err?: unknown };
      if (entry.err) errors.push(entry.err);
    },
  };
  const poisoning = options.poisoning ? { onProtoPoisoning: options.poisoning, onConstructorPoisoning: options.poisoning } : {};
  const app = Fastify({ logger: { level: 'error', stream }, ...poisoning });
  await app.register(
    createRouter<AuthContext>(service, {
      // The Auth Lab reads the route config, as the seed's reference authorization does; async
      // here (sync on hono and express): the router takes both.
      createContext: async (request, route) => {
        const config = request.routeOptions.config;
        routesSeen.push({ operationId: route.operationId, security: route.security, config: { operationId: config.operationId, security: config.security } });
        return authorize(config.security, request.headers.authorization);
      },
      ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    }),
    { prefix: '/api' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: 'http://127.0.0.1:' + String(port) + '/api', errors, close: () => app.close() };
}
`,
};

/**
 * A temp project (the consumer's non-default prettier config) with openapi-zod-ts and
 * openapi-server run into `gen/`, in the seed's order, through the commands' harness.
 */
export async function generateProject(options: ProjectOptions): Promise<GeneratedProject> {
  const project = tempProject(`server-${options.framework}`, { prettier: CONSUMER_PRETTIER_CONFIG });
  const spec = options.spec ?? CONTRACT_SPEC;
  const inputSchema = options.inputSchema ?? 'contract';
  const contextType = options.contextType ?? 'AuthContext';
  if (inputSchema === 'contract') project.write('schemas.ts', options.zodConfig?.['zod_variant'] === 'mini' ? CONTRACT_SCHEMAS_MINI : CONTRACT_SCHEMAS);
  const zodConfig: Record<string, unknown> = { input_openapi: spec, output: 'gen', ...options.zodConfig };
  if (inputSchema) zodConfig['input_schema'] = 'schemas.ts';
  project.write('openapi-zod-ts.config.json', JSON.stringify(zodConfig));
  const serverConfig: Record<string, unknown> = { input_openapi: spec, output: 'gen', framework: options.framework, ...options.serverConfig };
  if (inputSchema) serverConfig['input_schema'] = 'schemas.ts';
  if (contextType) serverConfig['context_type'] = contextType;
  project.write('openapi-server.config.json', JSON.stringify(serverConfig));
  const zodTs = await runZodTs([], project.dir);
  const server = await runServer([], project.dir);
  return { project, dir: project.dir, out: join(project.dir, 'gen'), zodTs, server, read: (relative) => readFileSync(join(project.dir, relative), 'utf8') };
}

export interface RunningServer {
  url: string;
  errors: unknown[];
  calls: { method: string; args: unknown[] }[];
  routesSeen: { operationId: string; security: unknown; config?: unknown }[];
  close(): Promise<void>;
}

/**
 * How a contract server is set up: `jsonBefore` (express) applies `express.json()` and
 * `bodyParserErrors` before mounting; `defaultErrors` (hono) leaves hono's default error handler;
 * `poisoning` (fastify) sets `onProtoPoisoning` and `onConstructorPoisoning`.
 */
export interface ServerOptions {
  /** openapi-zod-ts's `zod_variant` (the user-owned schema file is written in it too). @default 'classic' */
  variant?: 'classic' | 'mini';
  jsonBefore?: boolean;
  bodyLimit?: number;
  defaultErrors?: boolean;
  poisoning?: 'ignore';
}

/** Generates the contract project for a framework (`project`: its options), writes the service and server, starts it. */
export async function startContractServer(
  framework: RouterFramework,
  options: ServerOptions = {},
  project: Omit<ProjectOptions, 'framework'> = {},
): Promise<RunningServer & { generated: GeneratedProject }> {
  const zodConfig = options.variant === 'mini' ? { ...project.zodConfig, zod_variant: 'mini' } : project.zodConfig;
  const generated = await generateProject({ ...project, framework, ...(zodConfig ? { zodConfig } : {}) });
  if (generated.zodTs.code !== 0 || generated.server.code !== 0) {
    throw new Error(`generation failed:\n${generated.zodTs.stderr}\n${generated.server.stderr}`);
  }
  generated.project.write('service-impl.ts', contractService({ context: true, router: true }));
  const serverFile = generated.project.write('server.ts', CONTRACT_SERVERS[framework]);
  const module = (await import(pathToFileURL(serverFile).href)) as {
    start(options?: ServerOptions): Promise<{ url: string; errors: unknown[]; close(): Promise<void> }>;
    calls: RunningServer['calls'];
    routesSeen: RunningServer['routesSeen'];
  };
  const running = await module.start(options);
  return { ...running, calls: module.calls, routesSeen: module.routesSeen, generated };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** A request; `body` objects are sent as JSON, strings and bytes as they are. */
export async function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown; json?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] ??= 'application/json';
  } else if (init.body !== undefined) {
    body = init.body as BodyInit;
  }
  const response = await fetch(url, { method: init.method ?? 'GET', headers, ...(body === undefined ? {} : { body, duplex: 'half' }) } as RequestInit);
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
