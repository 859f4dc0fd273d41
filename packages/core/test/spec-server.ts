import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server answers for a path: a document, or a handler for redirects and misbehaviour. */
export type Route = string | ((response: ServerResponse) => void);

export interface SpecServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Requests seen, by path (every request counts, answered or not). */
  hits: string[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 serving spec files; anything not in `routes` is a 404. */
export async function serveSpecs(routes: Record<string, Route>): Promise<SpecServer> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.push(path);
    const route = routes[path];
    if (route === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    } else if (typeof route === 'string') {
      response.writeHead(200, { 'content-type': path.endsWith('.json') ? 'application/json' : 'application/yaml' }).end(route);
    } else {
      route(response);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A minimal spec whose one response schema is `schema` (a `$ref` usually). */
export function specWithSchema(schema: object): string {
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { '/a': { get: { operationId: 'getA', responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } } } },
  });
}

/** The JSON pointer of that response schema's `$ref`. */
export const SCHEMA_REF_POINTER = '#/paths/~1a/get/responses/200/content/application~1json/schema/$ref';
