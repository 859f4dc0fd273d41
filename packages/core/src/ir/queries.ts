import type { ApiModel, Operation, Response, SchemaNode } from './types.js';

/** 2xx responses (exact codes first in numeric order, then `2XX`). */
export function successResponses(operation: Operation): Response[] {
  return operation.responses
    .filter((r) => r.status.startsWith('2'))
    .sort((a, b) => (a.status === '2XX' ? 1 : b.status === '2XX' ? -1 : Number(a.status) - Number(b.status)));
}

/**
 * The status a generated router answers with on success (the seed's rule): the first declared of
 * 201, 204 and 200; else 204 for DELETE, 200 otherwise. The client reads that status too.
 */
export function successStatus(operation: Operation): number {
  const declared = new Set(operation.responses.map((r) => r.status));
  for (const status of ['201', '204', '200']) if (declared.has(status)) return Number(status);
  return operation.method === 'delete' ? 204 : 200;
}

/**
 * Security as the seed's route metadata wants it: a flat list of `{ scheme, scopes }`;
 * `undefined` when no security is declared, `[]` for `security: []`.
 */
export function flattenSecurity(operation: Operation): { scheme: string; scopes: string[] }[] | undefined {
  return operation.security?.flatMap((requirement) => requirement.map((s) => ({ scheme: s.scheme, scopes: [...s.scopes] })));
}

/** What a request of an operation carries that tells it apart from another on the same URL. */
export interface RequestSelectors {
  /** Query parameters it sends: with `value`, that exact value (fixed by the path key). */
  query: { name: string; value?: string }[];
  /** Headers it sends with one possible value (AWS's `X-Amz-Target`: a required single-value enum). */
  headers: { name: string; value: string }[];
}

/**
 * The selectors of an operation's requests: the path key's query pairs, the pairs of its fragment
 * (in a header or the query when the operation declares a parameter of that name), its required
 * query parameters and its required headers that allow a single string. Operations that share a
 * method and URL path (AWS: every JSON operation is `POST /`) are told apart by them.
 */
export function requestSelectors(model: ApiModel, operation: Operation): RequestSelectors {
  const query: RequestSelectors['query'] = operation.pathQuery.map((q) => ({ ...q }));
  const headers: RequestSelectors['headers'] = [];
  const isHeader = (name: string) => operation.headerParams.some((p) => p.name.toLowerCase() === name.toLowerCase());
  const isQuery = (name: string) => operation.queryParams.some((p) => p.name === name);
  // The fragment names headers (AWS's X-Amz-Target) and query values; a bare name of a header says
  // nothing of its value. A pair that names no parameter (Azure's `#mode=chunk`) only tells
  // operations apart in the spec: no request carries it, so it selects nothing.
  for (const pair of operation.pathFragment) {
    if (isHeader(pair.name)) {
      if (pair.value !== undefined) headers.push({ name: pair.name, value: pair.value });
    } else if (isQuery(pair.name) && !query.some((q) => q.name === pair.name)) query.push({ ...pair });
  }
  for (const p of operation.queryParams) if (p.required && !query.some((q) => q.name === p.name)) query.push({ name: p.name });
  for (const p of operation.headerParams) {
    if (headers.some((h) => h.name.toLowerCase() === p.name.toLowerCase())) continue;
    if (!p.required) continue;
    let schema: SchemaNode | undefined = p.schema;
    for (let hops = 0; schema?.kind === 'ref' && hops < 16; hops++) {
      const key: string = schema.key;
      schema = model.schemas.find((s) => s.key === key)?.schema;
    }
    if (schema?.kind === 'enum' && schema.values.length === 1 && typeof schema.values[0] === 'string') headers.push({ name: p.name, value: schema.values[0] });
  }
  return { query, headers };
}

/** `GET /pets/{}`: the method and URL path with parameter names blanked (one route for a router). */
export function routeShape(operation: Operation): string {
  return `${operation.method.toUpperCase()} ${operation.urlPath.replace(/\{[^}]*\}/g, '{}')}`;
}
