import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiModel, Operation } from '@specwright/core';
import { createClientNames } from '@specwright/openapi-zod-ts';
import ts from 'typescript';
import { LAYOUT } from './generate.js';

/**
 * Agreement between the generated files, checked in-process without a network: the data each MSW
 * handler answers parses with the client's response schema, and each router routes every
 * operation of the spec to its service method.
 */

export interface Issue {
  path: string;
  code: string;
  message: string;
}

export interface MockFailure {
  operation: string;
  /** `invalid`: the body fails the schema; `unanswered`: no handler answered; `status`: not 2xx. */
  problem: 'invalid' | 'unanswered' | 'status' | 'not-json';
  status?: number;
  schema?: string;
  issues?: Issue[];
  message?: string;
}

export interface MockResult {
  /** Operations whose answer is JSON with a response schema in the client (an unanswered one counts too). */
  responses: number;
  valid: number;
  failures: MockFailure[];
  /** Set when handlers.ts or schema-types.ts could not be loaded at all. */
  loadError?: string;
}

export interface RouteFailure {
  operation: string;
  problem: 'not-routed' | 'wrong-method' | 'extra-routes';
  message: string;
}

export interface RouteResult {
  /** Operations sent to the router. */
  operations: number;
  routed: number;
  /** Distinct (method, path with parameters blanked) pairs of the spec, and routes registered. */
  expectedRoutes: number;
  registeredRoutes: number;
  failures: RouteFailure[];
  loadError?: string;
}

export interface AgreementResult {
  mocks: MockResult;
  fastify: RouteResult;
  hono: RouteResult;
}

const KEEP = 5;

/** A route key: method and path with every parameter blanked (`GET /pets/{}`). */
export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;
}

function utf8Escapes(char: string): string {
  return [...new TextEncoder().encode(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/**
 * A URL path an operation answers: parameter `i` becomes `p<i>`, static text is percent-encoded
 * as `fetch` encodes a path (plus `?` and `#`, which would otherwise end it).
 */
export function concretePath(path: string): string {
  let index = 0;
  return path
    .split(/(\{[^}]+\})/)
    .map((part, i) => {
      if (i % 2 === 1) return `p${index++}`;
      let out = '';
      for (const char of part) {
        const code = char.codePointAt(0)!;
        out += code <= 0x20 || code >= 0x7f || '"#<>?`{}'.includes(char) ? utf8Escapes(char) : char;
      }
      return out;
    })
    .join('');
}

const BASE = 'http://localhost';

/** Transpiles the files the checks import into `<dir>/js/` (same layout, `.js`). */
export function transpileForChecks(dir: string): void {
  const sources = [
    `${LAYOUT.api}/schema-types.ts`,
    `${LAYOUT.msw}/handlers.ts`,
    `${LAYOUT.fastify}/service.ts`,
    `${LAYOUT.fastify}/router.ts`,
    `${LAYOUT.hono}/service.ts`,
    `${LAYOUT.hono}/router.ts`,
  ];
  for (const source of sources) {
    const text = readFileSync(join(dir, source), 'utf8');
    const { outputText } = ts.transpileModule(text, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      fileName: source,
    });
    const out = join(dir, 'js', source.replace(/\.ts$/, '.js'));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, outputText);
  }
}

async function load<T>(dir: string, source: string): Promise<T> {
  return (await import(pathToFileURL(join(dir, 'js', source.replace(/\.ts$/, '.js'))).href)) as T;
}

function message(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; code: string; message: string }[] } };
}

/** Each operation's MSW answer parses with the client's schema for its status. */
export async function checkMocks(model: ApiModel, dir: string): Promise<MockResult> {
  const result: MockResult = { responses: 0, valid: 0, failures: [] };
  let handlers: unknown[];
  let schemas: Record<string, SafeParser>;
  let getResponse: (handlers: never[], request: Request) => Promise<Response | undefined>;
  try {
    ({ getResponse } = (await import('msw')) as unknown as { getResponse: typeof getResponse });
    schemas = await load<Record<string, SafeParser>>(dir, `${LAYOUT.api}/schema-types.ts`);
    ({ handlers } = await load<{ handlers: unknown[] }>(dir, `${LAYOUT.msw}/handlers.ts`));
  } catch (error) {
    result.loadError = message(error);
    return result;
  }
  const names = createClientNames(model);
  const once = async (operation: Operation): Promise<'skip' | 'valid' | MockFailure> => {
    const request = new Request(BASE + concretePath(operation.path), { method: operation.method.toUpperCase() });
    const response = await getResponse(handlers as never[], request);
    if (!response) return { operation: operation.key, problem: 'unanswered', message: `no handler answered ${request.method} ${request.url}` };
    const status = response.status;
    if (status < 200 || status > 299) return { operation: operation.key, problem: 'status', status, message: `answered ${status}` };
    const declarations = names.operation(operation).responses;
    const declaration = declarations.get(String(status)) ?? declarations.get(`${String(status)[0]}XX`);
    // No response schema, or a non-JSON body (text, binary): nothing for the client to parse as JSON.
    if (!declaration || !/json/i.test(response.headers.get('content-type') ?? '')) return 'skip';
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      return { operation: operation.key, problem: 'not-json', status, schema: declaration.schema, message: message(error) };
    }
    const schema = schemas[declaration.schema];
    if (!schema) return { operation: operation.key, problem: 'invalid', status, schema: declaration.schema, message: `schema-types.ts exports no ${declaration.schema}` };
    const parsed = schema.safeParse(body);
    if (parsed.success) return 'valid';
    const issues = parsed.error.issues.slice(0, 3).map((i) => ({ path: i.path.map(String).join('.'), code: i.code, message: i.message.slice(0, 300) }));
    return { operation: operation.key, problem: 'invalid', status, schema: declaration.schema, issues };
  };
  for (const operation of model.operations) {
    if (operation.responses.length === 0) continue;
    const first = await once(operation);
    if (first === 'skip') continue;
    result.responses++;
    // Twice: the second answer comes from further along the data sequence.
    const outcome = first === 'valid' ? await once(operation) : first;
    if (outcome === 'valid' || outcome === 'skip') result.valid++;
    else result.failures.push(outcome);
  }
  return result;
}

/** Records the service method each request reaches (each answers undefined). */
function probeService(): { service: object; calls: string[] } {
  const calls: string[] = [];
  const service = new Proxy(
    {},
    {
      get(_, name) {
        // Not a thenable, not a symbol-keyed protocol.
        if (typeof name !== 'string' || name === 'then' || name === 'toJSON') return undefined;
        return async () => {
          calls.push(name);
          return undefined;
        };
      },
    },
  );
  return { service, calls };
}

/** The request an operation's route must accept: its path, method, and a body of its media type. */
function probeRequest(operation: Operation): { url: string; method: string; headers: Record<string, string>; body?: string } {
  const media = operation.requestBody?.contents[0];
  const method = operation.method.toUpperCase();
  const url = BASE + concretePath(operation.path);
  if (!media) return { url, method, headers: {} };
  const contentType = media.contentType.includes('*') ? 'application/octet-stream' : media.contentType;
  return { url, method, headers: { 'content-type': contentType }, body: media.kind === 'json' ? '{}' : '' };
}

interface Router {
  registered: string[];
  send(request: ReturnType<typeof probeRequest>): Promise<number>;
  close(): Promise<void>;
}

const STANDARD_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

async function fastifyRouter(dir: string, service: object): Promise<Router> {
  const { default: Fastify } = await import('fastify');
  const { createRouter } = await load<{ createRouter(service: object, options: object): never }>(dir, `${LAYOUT.fastify}/router.ts`);
  const app = Fastify({ logger: false });
  const registered: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (STANDARD_METHODS.has(method)) registered.push(`${method} ${route.url}`);
  });
  await app.register(createRouter(service, { createContext: () => ({}) }));
  await app.ready();
  return {
    registered,
    async send(request) {
      const url = new URL(request.url);
      const response = await app.inject({ method: request.method as 'GET', url: url.pathname + url.search, headers: request.headers, ...(request.body !== undefined ? { payload: request.body } : {}) });
      return response.statusCode;
    },
    close: () => app.close(),
  };
}

async function honoRouter(dir: string, service: object): Promise<Router> {
  const { createRouter } = await load<{ createRouter(service: object): { routes: { method: string; path: string }[]; request(url: string, init: RequestInit): Promise<Response> } }>(
    dir,
    `${LAYOUT.hono}/router.ts`,
  );
  const app = createRouter(service);
  const registered = [...new Set(app.routes.filter((r) => STANDARD_METHODS.has(r.method)).map((r) => `${r.method} ${r.path}`))];
  return {
    registered,
    async send(request) {
      const response = await app.request(request.url, { method: request.method, headers: request.headers, ...(request.body !== undefined ? { body: request.body } : {}) });
      await response.arrayBuffer();
      return response.status;
    },
    close: async () => {},
  };
}

/**
 * Sends one request per operation to a router over a probe service: the route must exist (not
 * 404) and, when the request gets through validation, reach the operation's own service method.
 * Operations whose method and path differ only in parameter names share a route (either method
 * is right). The router must register exactly one route per distinct method and path.
 */
export async function checkRoutes(model: ApiModel, dir: string, framework: 'fastify' | 'hono'): Promise<RouteResult> {
  const names = createClientNames(model);
  const groups = new Map<string, Set<string>>();
  for (const operation of model.operations) {
    const key = routeKey(operation.method, operation.path);
    groups.set(key, (groups.get(key) ?? new Set()).add(names.operation(operation).fn));
  }
  const result: RouteResult = { operations: 0, routed: 0, expectedRoutes: groups.size, registeredRoutes: 0, failures: [] };
  const { service, calls } = probeService();
  let router: Router;
  try {
    router = framework === 'fastify' ? await fastifyRouter(dir, service) : await honoRouter(dir, service);
  } catch (error) {
    result.loadError = message(error);
    return result;
  }
  try {
    result.registeredRoutes = router.registered.length;
    if (result.registeredRoutes !== result.expectedRoutes) {
      result.failures.push({ operation: '*', problem: 'extra-routes', message: `${result.registeredRoutes} routes registered for ${result.expectedRoutes} distinct method and path pairs` });
    }
    for (const operation of model.operations) {
      result.operations++;
      calls.length = 0;
      const request = probeRequest(operation);
      const status = await router.send(request);
      const allowed = groups.get(routeKey(operation.method, operation.path))!;
      if (calls.length === 0 && status === 404) {
        result.failures.push({ operation: operation.key, problem: 'not-routed', message: `${request.method} ${request.url} answered 404` });
      } else if (calls.length > 0 && !allowed.has(calls[0]!)) {
        result.failures.push({ operation: operation.key, problem: 'wrong-method', message: `${request.method} ${request.url} reached service.${calls[0]} instead of ${[...allowed].join(' or ')}` });
      } else result.routed++;
    }
  } finally {
    await router.close();
  }
  return result;
}

/** All agreement checks of a generated project (transpiles first). */
export async function checkAgreement(model: ApiModel, dir: string): Promise<AgreementResult> {
  transpileForChecks(dir);
  const mocks = await checkMocks(model, dir);
  const fastify = await checkRoutes(model, dir, 'fastify');
  const hono = await checkRoutes(model, dir, 'hono');
  return { mocks, fastify, hono };
}

/** Caps the lists of a result for the report. */
export function capAgreement(result: AgreementResult): AgreementResult & { counts: { mocks: number; fastify: number; hono: number } } {
  return {
    mocks: { ...result.mocks, failures: result.mocks.failures.slice(0, KEEP) },
    fastify: { ...result.fastify, failures: result.fastify.failures.slice(0, KEEP) },
    hono: { ...result.hono, failures: result.hono.failures.slice(0, KEEP) },
    counts: { mocks: result.mocks.failures.length, fastify: result.fastify.failures.length, hono: result.hono.failures.length },
  };
}
