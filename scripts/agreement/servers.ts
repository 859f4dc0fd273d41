import type { AddressInfo } from 'node:net';
import type { Generated, RouterName } from './project.js';

/** A generated router mounted under `/api`, served over HTTP on 127.0.0.1. */
export interface Served {
  /** `http://127.0.0.1:<port>/api` */
  url: string;
  close(): Promise<void>;
}

type CreateRouter = (service: object, options?: object) => unknown;

/** As openapi-server's README sets it up: `maxParamLength` from router.ts, so that long path values (ARNs) route. */
async function fastify(createRouter: CreateRouter, router: RouterModule): Promise<Served> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: router.maxParamLength ?? 100 } });
  await app.register(createRouter(service(), { createContext: () => ({}) }) as never, { prefix: '/api' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api`, close: () => app.close() };
}

async function hono(createRouter: CreateRouter): Promise<Served> {
  const { Hono } = await import('hono');
  const { serve } = await import('@hono/node-server');
  const app = new Hono();
  app.route('/api', createRouter(service()) as never);
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({ url: `http://127.0.0.1:${info.port}/api`, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

/** As openapi-server's README sets it up: the JSON parser and `bodyParserErrors` before mounting. */
async function express(createRouter: CreateRouter, { bodyParserErrors }: RouterModule): Promise<Served> {
  const { default: Express } = await import('express');
  const app = Express();
  app.use(Express.json({ limit: '1mb', strict: false }), bodyParserErrors as never);
  app.use('/api', createRouter(service()) as never);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api`, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** As openapi-server's README sets it up: the router's own `prefix`, its routes and allowed methods. */
async function koa(createRouter: CreateRouter): Promise<Served> {
  const { default: Koa } = await import('koa');
  const app = new Koa();
  const router = createRouter(service(), { prefix: '/api' }) as { routes(): never; allowedMethods(): never };
  app.use(router.routes()).use(router.allowedMethods());
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api`, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** Names Nest calls on every provider that has them: the recording service must not answer them. */
const NEST_HOOKS = new Set(['onModuleInit', 'onApplicationBootstrap', 'onModuleDestroy', 'beforeApplicationShutdown', 'onApplicationShutdown']);

/** As openapi-server's README sets it up: Nest's own body parser off, the module under the global prefix `api`. */
async function nestjs(_createRouter: CreateRouter, { ApiModule }: RouterModule): Promise<Served> {
  const { NestFactory } = await import('@nestjs/core');
  const recording = service();
  const hidden = new Proxy(recording, { get: (target, name) => (typeof name === 'string' && NEST_HOOKS.has(name) ? undefined : Reflect.get(target, name)) });
  const app = await NestFactory.create(ApiModule!.forRoot({ service: hidden }) as never, { bodyParser: false, logger: false });
  app.setGlobalPrefix('api');
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api`, close: () => app.close() };
}

const SERVE = { fastify, hono, express, koa, nestjs };

/**
 * The service behind every router: a Proxy that hands each call to the current expectation, so
 * that one server answers every operation of the spec in turn.
 */
export interface Call {
  method: string;
  args: unknown[];
}

let current: { calls: Call[]; answer: () => unknown } = { calls: [], answer: () => undefined };

function service(): object {
  return new Proxy(Object.create(null) as object, {
    get: (_, method) =>
      typeof method !== 'string' || method === 'then'
        ? undefined
        : async (...args: unknown[]) => {
            current.calls.push({ method, args });
            return current.answer();
          },
  });
}

/** Sets what the next calls record into and answer. */
export function expect(calls: Call[], answer: () => unknown): void {
  current = { calls, answer };
}

/** What a generated router.ts exports besides `createRouter`: express's `bodyParserErrors`, fastify's `maxParamLength`, NestJS's `ApiModule`. */
interface RouterModule {
  bodyParserErrors?: unknown;
  maxParamLength?: number;
  ApiModule?: { forRoot(options: object): unknown };
}

export async function serve(generated: Generated, framework: RouterName): Promise<Served> {
  const router = await generated.load<RouterModule & { createRouter: CreateRouter }>(`${framework}/router.ts`);
  return SERVE[framework](router.createRouter, router);
}
