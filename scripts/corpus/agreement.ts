import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { requestSelectors, routeShape, type ApiModel, type Operation, type SchemaNode } from '@specwright/core';
import { createClientNames } from '@specwright/openapi-zod-ts';
import ts from 'typescript';
import { LAYOUT, USER_SCHEMA_FILE } from './generate.js';

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
  /** `invalid`: the body fails the schema; `unanswered`: no handler answered; `status`: not 2xx; `error`: a handler threw. */
  problem: 'invalid' | 'unanswered' | 'status' | 'not-json' | 'error';
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
  /** The largest JSON body a handler answered (a mock too big to be useful in a test is a finding). */
  largest?: { operation: string; bytes: number };
  /** Set when handlers.ts or schema-types.ts could not be loaded at all. */
  loadError?: string;
}

export interface RouteFailure {
  operation: string;
  problem: 'not-routed' | 'wrong-method' | 'shared-route' | 'extra-routes' | 'error';
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

function utf8Escapes(char: string): string {
  return [...new TextEncoder().encode(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/**
 * A URL path an operation answers: each parameter gets a value its schema takes (see
 * `pathValue`), static text is percent-encoded as `fetch` encodes a path.
 */
export function concretePath(urlPath: string, value: (name: string, index: number) => string = (_, i) => `p${i}`): string {
  let index = 0;
  return urlPath
    .split(/(\{[^}]+\})/)
    .map((part, i) => {
      if (i % 2 === 1) return encodeURIComponent(value(part.slice(1, -1), index++));
      let out = '';
      for (const char of part) {
        const code = char.codePointAt(0)!;
        out += code <= 0x20 || code >= 0x7f || '"<>`{}'.includes(char) ? utf8Escapes(char) : char;
      }
      return out;
    })
    .join('');
}

/**
 * A value of a path parameter that its schema takes, as a client sends it: a number inside its
 * bounds, `true`, a UUID, a date, the first enum value; `p<i>` for other strings. Servers and
 * handlers tell operations on the same route apart by these values (loket.nl's
 * `/payslips/{payrollRunId}` and `/payslips/{year}`), so a probe must send what a client would.
 */
export function pathValue(model: ApiModel, schema: SchemaNode | undefined, index: number): string {
  let node = schema;
  for (let hops = 0; node?.kind === 'ref' && hops < 64; hops++) {
    const key = node.key;
    node = model.schemas.find((s) => s.key === key)?.schema;
  }
  switch (node?.kind) {
    case 'number': {
      const low = node.minimum ?? (node.exclusiveMinimum === undefined ? 1 : Math.floor(node.exclusiveMinimum) + 1);
      const value = Math.max(low, Math.min(index + 1, node.maximum ?? Infinity));
      if (node.multipleOf) return String(Math.ceil(value / node.multipleOf) * node.multipleOf);
      return String(node.integer ? Math.ceil(value) : value);
    }
    case 'boolean':
      return 'true';
    case 'enum': {
      const first = node.values.find((v) => typeof v !== 'object');
      return first === undefined ? `p${index}` : String(first);
    }
    case 'string':
      if (node.format === 'uuid') return `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
      if (node.format === 'date') return `2024-01-${String((index % 28) + 1).padStart(2, '0')}`;
      if (node.format === 'date-time') return `2024-01-01T00:00:0${index % 10}Z`;
      return `p${index}`;
    default:
      return `p${index}`;
  }
}

const BASE = 'http://localhost';

/**
 * The request a client sends for an operation: its URL path with parameters filled in, the query
 * pairs its path key fixes, its required query parameters, and its single-value required headers
 * (what tells it apart from other operations on the same URL, AWS's `X-Amz-Target`).
 */
export function clientRequest(model: ApiModel, operation: Operation): { url: string; method: string; headers: Record<string, string> } {
  const { query, headers } = requestSelectors(model, operation);
  const search = new URLSearchParams(query.map((q) => [q.name, q.value ?? '1'])).toString();
  return {
    url: `${BASE}${concretePath(operation.urlPath, (name, i) => pathValue(model, operation.pathParams.find((p) => p.name === name)?.schema, i))}${search ? `?${search}` : ''}`,
    method: operation.method.toUpperCase(),
    headers: Object.fromEntries(headers.map((h) => [h.name, h.value])),
  };
}

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
  // Where input_schema was on, schema-types.ts imports the user-owned schema file, built on the bases.
  if (existsSync(join(dir, USER_SCHEMA_FILE))) sources.push(USER_SCHEMA_FILE, `${LAYOUT.api}/schema-bases.ts`);
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

export interface MockHandler {
  info: { method: string | RegExp; path: string | RegExp };
}

export interface Msw {
  getResponse(handlers: MockHandler[], request: Request): Promise<Response | undefined>;
  matchRequestUrl(url: URL, path: string | RegExp): { matches: boolean };
}

/** A path segment that MSW matches literally (case-insensitively, as path-to-regexp does). */
const PLAIN_SEGMENT = /^[A-Za-z0-9_~-]+$/;

/**
 * The plain segments of a handler's path, aligned from the end (a leading `*` takes any prefix):
 * a request whose segments differ at one of them cannot match. Undefined when the pattern has a
 * wildcard or a regular expression elsewhere: such a handler is always tried.
 */
function plainSegments(path: string | RegExp): (string | undefined)[] | undefined {
  if (typeof path !== 'string') return undefined;
  const segments = path.split('/');
  // A wildcard or a regular-expression group may span segments; escaped parentheses are text.
  if (segments.slice(1).some((s) => s.includes('*') || /(^|[^\\])\(/.test(s))) return undefined;
  return segments.map((s, i) => (i > 0 && PLAIN_SEGMENT.test(s) ? s.toLowerCase() : undefined));
}

/**
 * MSW's answer to a request: the first handler in order whose method and path match answers, as
 * in `getResponse(handlers, request)`, which is quadratic over a spec's operations (it runs every
 * handler before the match; Autotask's 3,000 operations took minutes, Graph beta's 22,000 hours).
 * A handler pattern with more segments than the request, or a plain segment that differs from the
 * request's, cannot match it, and a matching method and path are exactly what MSW's HTTP handlers
 * test (`matchRequestUrl`), so only the handlers found run, in order, until one answers.
 */
export function dispatcher(msw: Msw, handlers: MockHandler[]): (request: Request) => Promise<Response | undefined> {
  const indexed = handlers.map((handler) => {
    const method = handler.info.method;
    const path = handler.info.path;
    return { handler, method: typeof method === 'string' ? method.toUpperCase() : method, segments: typeof path === 'string' ? path.split('/').length : 0, plain: plainSegments(path) };
  });
  return async (request) => {
    const url = new URL(request.url);
    const requested = url.pathname.split('/').map((s) => s.toLowerCase());
    const count = requested.length;
    // A trailing slash is optional to MSW: segments do not align then, every handler is tried.
    const aligned = requested[count - 1] !== '';
    const method = request.method.toUpperCase();
    for (const { handler, method: own, segments, plain } of indexed) {
      if (typeof own === 'string' ? own !== method : !own.test(request.method)) continue;
      if (segments > count) continue;
      if (aligned && plain && plain.some((segment, i) => segment !== undefined && segment !== requested[count - plain.length + i])) continue;
      if (!msw.matchRequestUrl(url, handler.info.path).matches) continue;
      // A resolver that returns nothing declines the request: the next matching handler tries.
      const response = await msw.getResponse([handler], request.clone());
      if (response) return response;
    }
    return undefined;
  };
}

/** Each operation's MSW answer parses with the client's schema for its status. */
export async function checkMocks(model: ApiModel, dir: string): Promise<MockResult> {
  const result: MockResult = { responses: 0, valid: 0, failures: [] };
  let handlers: MockHandler[];
  let schemas: Record<string, SafeParser>;
  let msw: Msw;
  try {
    msw = (await import('msw')) as unknown as Msw;
    schemas = await load<Record<string, SafeParser>>(dir, `${LAYOUT.api}/schema-types.ts`);
    ({ handlers } = await load<{ handlers: MockHandler[] }>(dir, `${LAYOUT.msw}/handlers.ts`));
  } catch (error) {
    result.loadError = message(error);
    return result;
  }
  const answer = dispatcher(msw, handlers);
  const names = createClientNames(model);
  const once = async (operation: Operation): Promise<'skip' | 'valid' | MockFailure> => {
    const { url, method, headers } = clientRequest(model, operation);
    const request = new Request(url, { method, headers });
    let response: Response | undefined;
    try {
      response = await answer(request);
    } catch (error) {
      return { operation: operation.key, problem: 'error', message: `${method} ${url}: ${message(error)}` };
    }
    if (!response) return { operation: operation.key, problem: 'unanswered', message: `no handler answered ${request.method} ${request.url}` };
    const status = response.status;
    if (status < 200 || status > 299) return { operation: operation.key, problem: 'status', status, message: `answered ${status}` };
    const declarations = names.operation(operation).responses;
    const declaration = declarations.get(String(status)) ?? declarations.get(`${String(status)[0]}XX`);
    // No response schema, or a non-JSON body (text, binary): nothing for the client to parse as JSON.
    if (!declaration || !/json/i.test(response.headers.get('content-type') ?? '')) return 'skip';
    let body: unknown;
    try {
      const text = await response.text();
      const bytes = Buffer.byteLength(text);
      if (bytes > (result.largest?.bytes ?? -1)) result.largest = { operation: operation.key, bytes };
      body = JSON.parse(text);
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
function probeService(methods: Iterable<string>): { service: object; calls: string[] } {
  const calls: string[] = [];
  // A plain object with exactly the service's methods: an operation may be named `then` or `toJSON`.
  const service = Object.create(null) as Record<string, () => Promise<undefined>>;
  for (const name of methods) {
    service[name] = async () => {
      calls.push(name);
      return undefined;
    };
  }
  return { service, calls };
}

/** The request an operation's route must accept: the client's, with a body of its media type. */
function probeRequest(model: ApiModel, operation: Operation): { url: string; method: string; headers: Record<string, string>; body?: string } {
  const request = clientRequest(model, operation);
  const media = operation.requestBody?.contents[0];
  // fetch refuses a GET body (some specs declare one).
  if (!media || request.method === 'GET') return request;
  const contentType = media.contentType.includes('*') ? 'application/octet-stream' : media.contentType;
  return { ...request, headers: { ...request.headers, 'content-type': contentType }, body: media.kind === 'json' ? '{}' : '' };
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
  // A route of `/` is also registered as `/*`, to answer the mount prefix plus `/`: one route.
  const registered = [...new Set(app.routes.filter((r) => STANDARD_METHODS.has(r.method) && r.path !== '/*').map((r) => `${r.method} ${r.path}`))];
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
 * Sends the client's request of each operation to a router over a probe service: the route must
 * exist (not 404) and, when the request gets through validation, reach the operation's own service
 * method. Operations that no request can tell apart (method and URL path differ only in parameter
 * names, same query and header selectors) share a route: either method is right. The router must
 * register exactly one route per distinct method and URL path.
 */
export async function checkRoutes(model: ApiModel, dir: string, framework: 'fastify' | 'hono'): Promise<RouteResult> {
  const names = createClientNames(model);
  // Operations a request cannot tell apart (same route, same selectors): either method is right.
  const selectorKey = (operation: Operation) => `${routeShape(operation)} ${JSON.stringify(requestSelectors(model, operation))}`;
  const twins = new Map<string, Set<string>>();
  const shapes = new Map<string, Set<string>>();
  for (const operation of model.operations) {
    const fn = names.operation(operation).fn;
    twins.set(selectorKey(operation), (twins.get(selectorKey(operation)) ?? new Set()).add(fn));
    shapes.set(routeShape(operation), (shapes.get(routeShape(operation)) ?? new Set()).add(fn));
  }
  const result: RouteResult = { operations: 0, routed: 0, expectedRoutes: shapes.size, registeredRoutes: 0, failures: [] };
  const { service, calls } = probeService(model.operations.map((operation) => names.operation(operation).fn));
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
      const request = probeRequest(model, operation);
      let status: number;
      try {
        status = await router.send(request);
      } catch (error) {
        result.failures.push({ operation: operation.key, problem: 'error', message: `${request.method} ${request.url} threw ${message(error)}` });
        continue;
      }
      const allowed = twins.get(selectorKey(operation))!;
      const reached = calls[0];
      if (reached === undefined && status >= 500) {
        // The router failed before the service was reached: a bug of the router, not of the request.
        result.failures.push({ operation: operation.key, problem: 'error', message: `${request.method} ${request.url} answered ${status} before reaching the service` });
      } else if (reached === undefined && status === 404) {
        result.failures.push({ operation: operation.key, problem: 'not-routed', message: `${request.method} ${request.url} answered 404` });
      } else if (reached !== undefined && !allowed.has(reached)) {
        // Another operation on the same URL path: the router did not tell them apart by query or header.
        const problem = shapes.get(routeShape(operation))!.has(reached) ? 'shared-route' : 'wrong-method';
        const headers = Object.entries(request.headers).map(([k, v]) => ` ${k}: ${v}`).join('');
        result.failures.push({ operation: operation.key, problem, message: `${request.method} ${request.url}${headers} reached service.${reached} instead of ${[...allowed].join(' or ')}` });
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
