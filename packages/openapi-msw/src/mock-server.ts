import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importModule, UsageError } from '@specwright/core';
import type { BodyRoute } from './body-routes.js';

/**
 * A mock server over a generated `handlers.ts` (issue 35, a first slice): node:http in front of
 * MSW's own `getResponse`, the function its interceptors answer a request with, so the routes,
 * `Prefer` and the answers are the handlers' own and no router of ours decides anything.
 */
export interface MockServerOptions {
  /** Path of the generated `handlers.ts` (Node strips its types when it imports it). */
  handlersFile: string;
  /** `0` picks a free port. @default 0 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** An origin allowed to call the server from a browser (CORS, preflight included). */
  cors?: string | undefined;
  /** One line per request. @default no logging */
  log?: (line: string) => void;
  /**
   * Request bodies checked before the handlers answer, as the generated routers check them: the
   * schemas module (the client's `schema-types.ts`) and the routes (`bodyRoutes`). @default none
   */
  bodySchemas?: BodySchemas | (() => Promise<BodySchemas | undefined>) | undefined;
  /**
   * Imports `handlers.ts` and the schemas module again whenever one is rewritten (`--watch`), and
   * calls `bodySchemas` again when it is a function. @default false
   */
  reload?: boolean | undefined;
}

export interface BodySchemas {
  /** The schemas module (`schema-types.ts`). */
  file: string;
  routes: BodyRoute[];
}

export interface MockServer {
  url: string;
  close(): Promise<void>;
}

type GetResponse = (handlers: unknown[], request: Request) => Promise<Response | undefined>;
type MatchRequestUrl = (url: URL, path: string) => { matches: boolean };
interface Msw {
  getResponse: GetResponse;
  matchRequestUrl: MatchRequestUrl;
}
interface SafeParse {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { code: string; path: PropertyKey[]; message: string }[] } };
}

/** Starts the server; the promise resolves once it listens. */
export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  // Node imports the generated `.ts` files by stripping their types (from Node 22.18 on, by default).
  if (!(process.features as { typescript?: unknown }).typescript) throw new UsageError(`the mock server imports the generated handlers.ts, which needs Node 22.18 or later with type stripping (this is Node ${process.versions.node}${process.execArgv.includes('--no-experimental-strip-types') ? ', run with --no-experimental-strip-types' : ''})`);
  const msw = await loadMsw(options.handlersFile);
  let loads = 0;
  const load = async () => {
    // Node keeps a module it imported: a reload imports the file under a new URL.
    const suffix = loads++ === 0 ? '' : `?reload=${loads}`;
    const module = await importModule<{ handlers: unknown[]; createHandlers?: (options: { baseUrl: string }) => unknown[] }>(`${pathToFileURL(options.handlersFile).href}${suffix}`);
    // Any origin and path prefix: the config's `base_url` names where the real API lives, not this server.
    const handlers = module.createHandlers ? module.createHandlers({ baseUrl: '*' }) : module.handlers;
    const schemas = typeof options.bodySchemas === 'function' ? await options.bodySchemas() : options.bodySchemas;
    return { handlers, schemaFile: schemas?.file, checkBody: schemas && (await bodyChecker(schemas, msw.matchRequestUrl, suffix)) };
  };
  let state = await load();
  const watched = options.reload ? [options.handlersFile, ...(state.schemaFile ? [state.schemaFile] : [])] : [];
  let timer: NodeJS.Timeout | undefined;
  const reload = () => {
    clearTimeout(timer);
    // One regeneration rewrites both files: one reload after the last.
    timer = setTimeout(() => {
      load().then(
        (loaded) => {
          state = loaded;
          options.log?.(`reloaded ${basename(options.handlersFile)}`);
        },
        (error: unknown) => options.log?.(`reload failed, still serving the previous handlers: ${error instanceof Error ? error.message : String(error)}`),
      );
    }, 150);
  };
  for (const file of watched) watchFile(file, { interval: 100 }, (now, before) => now.mtimeMs !== before.mtimeMs && reload());
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) }));
    });
  });
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const cors: Record<string, string> = options.cors ? { 'access-control-allow-origin': options.cors, vary: 'Origin' } : {};
    if (options.cors && req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      res.end();
      options.log?.(`${req.method} ${req.url} 204 (preflight)`);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const hasBody = chunks.length > 0 && req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host ?? host}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(hasBody ? { body: Buffer.concat(chunks) } : {}) });
    const { handlers, checkBody } = state;
    const refused = checkBody?.(request.method, new URL(request.url), hasBody ? Buffer.concat(chunks).toString('utf8') : '');
    const response = refused ?? (await msw.getResponse(handlers, request)) ?? Response.json({ error: 'Not Found', message: `no mock handler for ${req.method} ${req.url}` }, { status: 404 });
    const out: Record<string, string> = { ...cors };
    response.headers.forEach((value, name) => (out[name] = value));
    res.writeHead(response.status, out);
    res.end(Buffer.from(await response.arrayBuffer()));
    options.log?.(`${req.method} ${req.url} ${response.status}`);
  };
  await new Promise<void>((resolve, reject) => {
    // A port in use or a host that is not this machine's: a clear error, not a crash.
    server.once('error', (error: NodeJS.ErrnoException) => {
      for (const file of watched) unwatchFile(file);
      reject(new UsageError(`cannot listen on ${host}:${options.port ?? 0} (${error.code ?? error.message})`));
    });
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise((resolve, reject) => {
        for (const file of watched) unwatchFile(file);
        clearTimeout(timer);
        server.close((error) => (error ? reject(error) : resolve()));
        // A browser's keep-alive connection would hold the server open.
        server.closeAllConnections();
      }),
  };
}

/**
 * The check of a request's body against its operation's schema: the first route of its method that
 * MSW's own matcher matches (the handlers' order) names the schema. Answers as the hono and
 * express routers do: 400 for malformed JSON, 422 `{ error, issues }` for a body that fails.
 */
async function bodyChecker(options: BodySchemas, matchRequestUrl: MatchRequestUrl, suffix: string) {
  const schemas = await importModule<Record<string, SafeParse | undefined>>(`${pathToFileURL(options.file).href}${suffix}`);
  return (method: string, url: URL, text: string): Response | undefined => {
    const route = options.routes.find((r) => r.method === method.toLowerCase() && matchRequestUrl(url, `*${r.pattern}`).matches);
    const schema = route?.schema === undefined ? undefined : schemas[route.schema];
    if (!route || !schema) return undefined;
    if (text === '' && !route.required) return undefined;
    let value: unknown;
    try {
      value = text === '' ? undefined : JSON.parse(text);
    } catch {
      return Response.json({ statusCode: 400, error: 'Bad Request', message: 'Malformed JSON body' }, { status: 400 });
    }
    const result = schema.safeParse(value);
    if (result.success) return undefined;
    const issues = result.error.issues.map((issue) => ({ code: issue.code, path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)), message: issue.message }));
    return Response.json({ error: 'Invalid request body', issues }, { status: 422 });
  };
}

/**
 * `getResponse` of the msw that `handlers.ts` imports (its project's, ESM build): the same module
 * instance as its handlers.
 */
async function loadMsw(handlersFile: string): Promise<Msw> {
  const require = createRequire(handlersFile);
  const manifest = require.resolve('msw/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, { import?: { default?: string } } | undefined> };
  const entry = pkg.exports?.['.']?.import?.default ?? './lib/core/index.mjs';
  return importModule<Msw>(pathToFileURL(join(dirname(manifest), entry)).href);
}
