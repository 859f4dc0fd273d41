/**
 * Fixed runtime code the routers carry: reading queries, JSON bodies and errors the same way on
 * every framework. These are hand-written snippets (they never contain spec text), inserted as
 * `raw` statements; a router takes only the snippets it uses, so nothing is declared unused.
 */

import { replySnippets } from './runtime-reply.js';

export interface Snippet {
  /** The names the snippet declares (top level). */
  declares: string[];
  /** Snippets it needs (ids of this table). */
  needs: string[];
  text: string;
}

export const DEFAULT_BODY_LIMIT = 1_048_576;

const baseSnippets = {
  bodyLimit: {
    declares: ['DEFAULT_BODY_LIMIT'],
    needs: [],
    text: `
/** Largest request body read, in bytes (fastify's default, 1 MiB); larger bodies get 413. */
const DEFAULT_BODY_LIMIT = ${DEFAULT_BODY_LIMIT};
`,
  },
  routeInfo: {
    declares: ['RouteSecurity', 'RouteInfo'],
    needs: [],
    text: `
/** One security scheme a route requires, with its scopes. */
export interface RouteSecurity {
  scheme: string;
  scopes: string[];
}

/** What a route declares about itself: its operation and its security requirements. */
export interface RouteInfo {
  operationId: string;
  /** The schemes of the spec's security; \`[]\` for \`security: []\`; undefined when none is declared. */
  security?: RouteSecurity[] | undefined;
}
`,
  },
  issueType: {
    declares: ['Issue'],
    needs: [],
    text: `
/** One problem with a request value, as the 400 and 422 bodies list it. */
export interface Issue {
  code: string;
  path: (string | number)[];
  message: string;
}
`,
  },
  toIssues: {
    declares: ['toIssues'],
    needs: ['issueType'],
    text: `
function toIssues(
  issues: readonly {
    code: string;
    path: readonly PropertyKey[];
    message: string;
  }[],
): Issue[] {
  return issues.map((issue) => ({
    code: issue.code,
    path: issue.path.map((key) =>
      typeof key === "symbol" ? String(key) : key,
    ),
    message: issue.message,
  }));
}
`,
  },
  errorBody: {
    declares: ['REASON_PHRASES', 'ErrorBody', 'errorStatus', 'errorBody'],
    needs: ['issueType'],
    text: `
const REASON_PHRASES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  407: "Proxy Authentication Required",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  411: "Length Required",
  412: "Precondition Failed",
  413: "Payload Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  416: "Range Not Satisfiable",
  417: "Expectation Failed",
  418: "I'm a Teapot",
  421: "Misdirected Request",
  422: "Unprocessable Entity",
  423: "Locked",
  424: "Failed Dependency",
  425: "Too Early",
  426: "Upgrade Required",
  428: "Precondition Required",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  451: "Unavailable For Legal Reasons",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
  505: "HTTP Version Not Supported",
};

/** The JSON body of every error response: \`{ statusCode, error, message }\`, plus \`issues\` for 400. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  issues?: Issue[];
}

/** An error status: an integer in 400-599, else 500. */
function errorStatus(status: unknown): number {
  return typeof status === "number" &&
    Number.isInteger(status) &&
    status >= 400 &&
    status <= 599
    ? status
    : 500;
}

function errorBody(
  statusCode: number,
  message: string,
  issues?: Issue[],
): ErrorBody {
  const body: ErrorBody = {
    statusCode,
    error:
      REASON_PHRASES[statusCode] ??
      (statusCode >= 500 ? "Internal Server Error" : "Error"),
    message,
  };
  if (issues) body.issues = issues;
  return body;
}
`,
  },
  routerErrors: {
    declares: ['RouterError', 'ErrorBodyBuilder', 'routerErrorBody'],
    needs: ['errorBody'],
    text: `
/**
 * An error the router answers by itself (a request that fails validation, a body it cannot read, an
 * HttpError, a route it does not serve), as \`createRouter\`'s \`errorBody\` option gets it.
 */
export interface RouterError {
  status: number;
  message: string;
  /** What failed validation (400, 422). */
  issues?: Issue[];
}

/** \`createRouter\`'s \`errorBody\` option, as the router's runtime calls it. */
type ErrorBodyBuilder = ((error: RouterError) => unknown) | undefined;

/**
 * The body of an error the router answers by itself: what \`build\` (the \`errorBody\` option)
 * makes of it, else \`{ statusCode, error, message }\` (plus \`issues\`).
 */
function routerErrorBody(
  build: ErrorBodyBuilder,
  status: number,
  message: string,
  issues?: Issue[],
): unknown {
  if (build === undefined) return errorBody(status, message, issues);
  return build(
    issues === undefined ? { status, message } : { status, message, issues },
  );
}
`,
  },
  invalidBody: {
    declares: ['invalidBody'],
    needs: ['routerErrors'],
    text: `
/** The 422 of a body that fails its schema: \`{ error, issues }\` unless \`build\` makes another. */
function invalidBody(build: ErrorBodyBuilder, issues: Issue[]): unknown {
  if (build === undefined) return { error: "Invalid request body", issues };
  return build({ status: 422, message: "Invalid request body", issues });
}
`,
  },
  httpError: {
    declares: ['HttpError'],
    needs: ['errorBody'],
    text: `
/**
 * Throw it from \`createContext\` or a service method to answer with \`status\` and the JSON body
 * \`{ statusCode, error, message }\` (\`new HttpError(401, 'Unauthorized')\`), plus \`issues\` when given.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly issues: Issue[] | undefined;

  constructor(status: number, message: string, issues?: Issue[]) {
    super(message);
    this.name = "HttpError";
    this.status = errorStatus(status);
    this.issues = issues;
  }
}
`,
  },
  honoHttpError: {
    declares: ['HttpError'],
    needs: ['errorBody'],
    text: `
/**
 * Throw it from \`createContext\` or a service method to answer with \`status\` and the JSON body
 * \`{ statusCode, error, message }\`. It is hono's \`HTTPException\`, so hono's default error handler
 * (and any \`onError\` that calls \`getResponse()\`) sends that response.
 */
export class HttpError extends HTTPException {
  readonly issues: Issue[] | undefined;

  constructor(status: number, message: string, issues?: Issue[]) {
    const code = errorStatus(status);
    super(code as ContentfulStatusCode, {
      message,
      res: Response.json(errorBody(code, message, issues), { status: code }),
    });
    this.name = "HttpError";
    this.issues = issues;
  }
}
`,
  },
  selectors: {
    declares: ['RouteSelectors', 'selects'],
    needs: [],
    text: `
/**
 * What tells apart operations that share a method and URL path (AWS's \`X-Amz-Target\`, S3's
 * \`?acl\`): query parameters (a name, or a name and its value) and header values.
 */
interface RouteSelectors {
  query: readonly (readonly [name: string, value?: string])[];
  /** Header names in lower case. */
  headers: readonly (readonly [name: string, value: string])[];
}

/** Whether a request carries every selector of an operation. */
function selects(
  url: string,
  header: (name: string) => unknown,
  selectors: RouteSelectors,
): boolean {
  const start = url.indexOf("?");
  const search = new URLSearchParams(start === -1 ? "" : url.slice(start + 1));
  for (const [name, value] of selectors.query) {
    if (
      value === undefined
        ? !search.has(name)
        : !search.getAll(name).includes(value)
    )
      return false;
  }
  return selectors.headers.every(([name, value]) => header(name) === value);
}
`,
  },
  query: {
    declares: ['QueryShape', 'QueryField', 'queryText', 'queryItem', 'deepPath', 'deepInsert', 'deepValue', 'jsonText', 'readQuery'],
    needs: [],
    text: `
/**
 * How a query value is read back from its text, after its schema: types a text becomes when it
 * reads as one, an array's items, an object's properties (in pairs) and its other keys.
 */
interface QueryShape {
  readonly scalars?: readonly ("number" | "boolean")[];
  readonly items?: QueryShape;
  readonly props?: readonly (readonly [name: string, shape: QueryShape])[];
  readonly rest?: QueryShape;
}
/**
 * A query parameter: its name; \`deep\` (deepObject: \`name[key]=\`, \`name[]=\`), \`''\` (each array item
 * its own \`name=\`) or the delimiter of an array's items; and its shape.
 */
type QueryField = readonly [name: string, style: string, shape: QueryShape];

/** Text to the first of the shape's types it reads as; other text stays text, for the schema to report. */
function queryText(text: string, shape: QueryShape): unknown {
  for (const type of shape.scalars ?? []) {
    if (type === "number") {
      const value = text.trim() === "" ? Number.NaN : Number(text);
      if (!Number.isNaN(value)) return value;
    } else if (text === "true" || text === "false") return text === "true";
  }
  return text;
}

/** One item of a form-style array: an inner array is joined by \`,\`, or by \`|\` inside a \`,\` list. */
function queryItem(
  text: string,
  shape: QueryShape,
  separator: string,
): unknown {
  if (!shape.items) return queryText(text, shape);
  const inner = shape.items;
  return text
    .split(separator === "," ? "|" : ",")
    .map((item) => queryText(item, inner));
}

/** The bracket keys after a deepObject parameter's name (\`[a][]\` is \`['a', '']\`); undefined when malformed. */
function deepPath(rest: string): string[] | undefined {
  const keys: string[] = [];
  let at = 0;
  while (at < rest.length) {
    const end = rest.indexOf("]", at);
    if (rest[at] !== "[" || end === -1 || keys.length >= 16) return undefined;
    keys.push(rest.slice(at + 1, end));
    at = end + 1;
  }
  return keys;
}

type DeepNode = string | DeepNode[] | Map<string, DeepNode>;

/** Puts one pair's text at its bracket keys: \`''\` appends to a list, any other key names an entry. */
function deepInsert(
  node: DeepNode | undefined,
  keys: readonly string[],
  text: string,
): DeepNode {
  const [key, ...rest] = keys;
  if (key === undefined) return node ?? text;
  if (key === "") {
    const list = Array.isArray(node) ? node : [];
    list.push(deepInsert(undefined, rest, text));
    return list;
  }
  const map = node instanceof Map ? node : new Map<string, DeepNode>();
  map.set(key, deepInsert(map.get(key), rest, text));
  return map;
}

/** The value of a deepObject node, converted by its shape; entries keyed by index are an array's items when the shape has no properties. */
function deepValue(node: DeepNode, shape: QueryShape): unknown {
  if (typeof node === "string") return queryText(node, shape);
  if (Array.isArray(node))
    return node.map((item) => deepValue(item, shape.items ?? {}));
  if (
    shape.items &&
    !shape.props &&
    !shape.rest &&
    [...node.keys()].every((key) => /^\\d+$/.test(key))
  ) {
    const items = shape.items;
    return [...node]
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, item]) => deepValue(item, items));
  }
  const value: Record<string, unknown> = Object.create(null);
  for (const [key, item] of node)
    value[key] = deepValue(
      item,
      shape.props?.find(([name]) => name === key)?.[1] ?? shape.rest ?? {},
    );
  return value;
}

/** A parameter sent as JSON text (described by JSON content); text that is not JSON stays text, for the schema to refuse. */
function jsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The query object of a request URL: only the declared parameters, converted by their shapes. */
function readQuery(
  url: string,
  fields: readonly QueryField[],
): Record<string, unknown> {
  const start = url.indexOf("?");
  const params = new URLSearchParams(start === -1 ? "" : url.slice(start + 1));
  const query: Record<string, unknown> = Object.create(null);
  for (const [name, style, shape] of fields) {
    if (style === "json") {
      const value = params.get(name);
      if (value !== null) query[name] = jsonText(value);
    } else if (style === "deep") {
      let node: DeepNode | undefined;
      for (const [key, text] of params) {
        const keys = key.startsWith(name)
          ? deepPath(key.slice(name.length))
          : undefined;
        if (keys) node = deepInsert(node, keys, text);
      }
      if (node !== undefined) query[name] = deepValue(node, shape);
    } else if (shape.items) {
      const values = params.getAll(name);
      if (values.length === 0) continue;
      const items = shape.items;
      query[name] = (
        style === "" ? values : values.flatMap((value) => value.split(style))
      ).map((value) => queryItem(value, items, style));
    } else {
      const value = params.get(name);
      if (value !== null) query[name] = queryText(value, shape);
    }
  }
  return query;
}
`,
  },
  queryDefaults: {
    declares: ['QueryDefault', 'withDefaults'],
    needs: [],
    text: `
/** An optional query parameter's name and its declared \`default\` as JSON text. */
type QueryDefault = readonly [name: string, json: string];

/** A parameter the request leaves out gets its declared default, parsed afresh for each request. */
function withDefaults(
  query: Record<string, unknown>,
  defaults: readonly QueryDefault[],
): Record<string, unknown> {
  for (const [name, json] of defaults) {
    if (query[name] === undefined) query[name] = JSON.parse(json);
  }
  return query;
}
`,
  },
  queryNulls: {
    declares: ['withNulls'],
    needs: [],
    text: `
/**
 * The client leaves null out of a query, as it leaves undefined out: after a failed check, an absent
 * required parameter that allows null (\`nullable\` lists them) is read as null, and checked again.
 */
function withNulls<
  R extends {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[] }[] } | undefined;
  },
>(
  parse: (value: unknown) => R,
  query: Record<string, unknown>,
  nullable: readonly string[],
): R {
  const parsed = parse(query);
  if (parsed.success) return parsed;
  let changed = false;
  for (const issue of parsed.error?.issues ?? []) {
    const name = issue.path[0];
    if (
      typeof name === "string" &&
      issue.path.length === 1 &&
      !(name in query) &&
      nullable.includes(name)
    ) {
      query[name] = null;
      changed = true;
    }
  }
  return changed ? parse(query) : parsed;
}
`,
  },
  segment: {
    declares: ['segmentParam'],
    needs: [],
    text: `
/** A path parameter that shares its path segment with other text: one group of \`pattern\`. */
function segmentParam(value: string, pattern: RegExp, group: number): string {
  return pattern.exec(value)?.[group] ?? "";
}
`,
  },
  pathItems: {
    declares: ['joinPathItems'],
    needs: [],
    text: `
/**
 * An exploded label or matrix path value (\`blue.black\`, \`blue;color=black\` once its prefix is
 * routed) in the simple style the service gets: \`blue,black\`.
 */
function joinPathItems(value: string, separator: string): string {
  return value.split(separator).join(",");
}
`,
  },
  forbiddenKeys: {
    declares: ['hasForbiddenKey'],
    needs: [],
    text: `
/**
 * True when parsed JSON holds a \`__proto__\` key, or a \`constructor\` key whose value has a
 * \`prototype\` key: such bodies are refused (as fastify does) so that no merge downstream can
 * reach an object prototype. Iterative, so deep nesting cannot overflow the stack.
 */
function hasForbiddenKey(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== "object" || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
      continue;
    }
    if (Object.hasOwn(value, "__proto__")) return true;
    const record = value as Record<string, unknown>;
    if (Object.hasOwn(record, "constructor")) {
      const ctor = record["constructor"];
      if (
        typeof ctor === "object" &&
        ctor !== null &&
        Object.hasOwn(ctor, "prototype")
      )
        return true;
    }
    for (const key of Object.keys(record)) pending.push(record[key]);
  }
  return false;
}
`,
  },
  jsonType: {
    declares: ['isJsonType'],
    needs: [],
    text: `
/** \`application/json\` and \`application/<anything>+json\`, with or without parameters. */
function isJsonType(contentType: string | undefined): boolean {
  return (
    contentType !== undefined &&
    /^application\\/(?:[\\w.+-]+\\+)?json\\s*(?:;|$)/i.test(contentType)
  );
}
`,
  },
  honoBytes: {
    declares: ['BodyRead', 'readBytes'],
    needs: [],
    text: `
/** A request body, or the response that refuses it. */
type BodyRead<T> = { value: T } | Response;

/** The body's bytes, or undefined once more than \`limit\` arrive. */
async function readBytes(
  request: Request,
  limit: number,
): Promise<Uint8Array | undefined> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
`,
  },
  honoMountRoot: {
    declares: ['atMountRoot'],
    needs: [],
    text: `
/** On a route of \`/\` also registered as \`/*\`: whether the request is the mount prefix plus \`/\`. */
function atMountRoot(c: HonoContext): boolean {
  const route = c.req.routePath;
  return !route.endsWith("/*") || c.req.path === route.slice(0, -1);
}
`,
  },
  honoRaw: {
    declares: ['readRawBody'],
    needs: ['honoBytes', 'routerErrors'],
    text: `
/**
 * The raw body within \`limit\` bytes, 413 beyond it. A request with a media type has a body, if
 * empty (an urlencoded form without fields); one with neither bytes nor a media type has none (undefined).
 */
async function readRawBody(
  c: HonoContext,
  limit: number,
  build: ErrorBodyBuilder,
): Promise<BodyRead<Uint8Array | undefined>> {
  const length = c.req.header("content-length");
  const none =
    c.req.header("content-type") === undefined ? undefined : new Uint8Array(0);
  if (length === "0" || (length === undefined && !c.req.raw.body))
    return { value: none };
  if (length !== undefined && Number(length) > limit)
    return c.json(
      routerErrorBody(build, 413, "Request body is too large"),
      413,
    );
  const bytes = await readBytes(c.req.raw, limit);
  if (bytes === undefined)
    return c.json(
      routerErrorBody(build, 413, "Request body is too large"),
      413,
    );
  // Node's server streams an empty body for a bodiless request without content-length (a DELETE):
  // no bytes and no declared length is no body, unless a media type says there is one.
  if (bytes.length === 0 && length === undefined) return { value: none };
  return { value: bytes };
}
`,
  },
  honoText: {
    declares: ['readTextBody'],
    needs: ['honoRaw'],
    text: `
/** The body as UTF-8 text within \`limit\` bytes (undefined when the request has none); 413 beyond it. */
async function readTextBody(
  c: HonoContext,
  limit: number,
  build: ErrorBodyBuilder,
): Promise<BodyRead<string | undefined>> {
  const body = await readRawBody(c, limit, build);
  if (body instanceof Response) return body;
  return {
    value:
      body.value === undefined
        ? undefined
        : new TextDecoder().decode(body.value),
  };
}
`,
  },
  honoJson: {
    declares: ['readJsonBody'],
    needs: ['honoBytes', 'routerErrors', 'forbiddenKeys', 'jsonType'],
    text: `
/**
 * The parsed JSON body (undefined when the request has none): 415 for another media type, 413
 * beyond \`limit\` bytes, 400 for malformed JSON or a key that could reach a prototype.
 */
async function readJsonBody(
  c: HonoContext,
  limit: number,
  build: ErrorBodyBuilder,
): Promise<BodyRead<unknown>> {
  const length = c.req.header("content-length");
  if (length === "0" || (length === undefined && !c.req.raw.body))
    return { value: undefined };
  // A request without a media type may still have an empty body (node's server streams one for a
  // bodiless DELETE): only text read from it is refused.
  const type = c.req.header("content-type");
  if (type !== undefined && !isJsonType(type))
    return c.json(
      routerErrorBody(build, 415, "Expected a JSON body (application/json)"),
      415,
    );
  let text: string;
  if (length !== undefined) {
    if (Number(length) > limit)
      return c.json(
        routerErrorBody(build, 413, "Request body is too large"),
        413,
      );
    text = await c.req.text();
  } else {
    const bytes = await readBytes(c.req.raw, limit);
    if (bytes === undefined)
      return c.json(
        routerErrorBody(build, 413, "Request body is too large"),
        413,
      );
    text = new TextDecoder().decode(bytes);
  }
  if (text.length === 0) return { value: undefined };
  if (type === undefined)
    return c.json(
      routerErrorBody(build, 415, "Expected a JSON body (application/json)"),
      415,
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return c.json(routerErrorBody(build, 400, "Malformed JSON body"), 400);
  }
  // Only text that spells one of the keys (or escapes a character) can hold them: skip the walk otherwise.
  if (/__proto__|constructor|\\\\u/.test(text) && hasForbiddenKey(value)) {
    return c.json(
      routerErrorBody(
        build,
        400,
        "Object contains forbidden prototype property",
      ),
      400,
    );
  }
  return { value };
}
`,
  },
  expressHasBody: {
    declares: ['hasBody'],
    needs: [],
    text: `
/** Whether the request carries a body (express's parsers also read an empty one, \`content-length: 0\`). */
function hasBody(req: Request): boolean {
  return (
    req.headers["transfer-encoding"] !== undefined ||
    (req.headers["content-length"] !== undefined &&
      req.headers["content-length"] !== "0")
  );
}
`,
  },
  expressBody: {
    declares: ['checkJsonBody'],
    needs: ['routerErrors', 'forbiddenKeys', 'jsonType', 'expressHasBody'],
    text: `
/**
 * Checks the body a JSON parser left on \`req.body\` (this router's, or one applied before
 * mounting): 415 for another media type, 400 for a key that could reach a prototype.
 */
function checkJsonBody(
  req: Request,
  res: Response,
  build: ErrorBodyBuilder,
): boolean {
  if (hasBody(req) && !isJsonType(req.headers["content-type"])) {
    res
      .status(415)
      .json(
        routerErrorBody(build, 415, "Expected a JSON body (application/json)"),
      );
    return false;
  }
  if (hasForbiddenKey(req.body)) {
    res
      .status(400)
      .json(
        routerErrorBody(
          build,
          400,
          "Object contains forbidden prototype property",
        ),
      );
    return false;
  }
  return true;
}
`,
  },
  expressMiddleware: {
    declares: ['runMiddleware'],
    needs: [],
    text: `
/** Runs a body parser inside a handler, so that the context is built before the body is read. */
function runMiddleware(
  middleware: (
    req: Request,
    res: Response,
    next: (error?: unknown) => void,
  ) => void,
  req: Request,
  res: Response,
): Promise<void> {
  return new Promise((resolve, reject) => {
    middleware(req, res, (error?: unknown) => {
      if (error) reject(error);
      else resolve();
    });
  });
}
`,
  },
  expressErrors: {
    declares: ['BodyParserError', 'isStrictRefusal', 'errorResponse'],
    needs: ['routerErrors', 'httpError'],
    text: `
/** What express's body parsers attach to the errors they raise. */
interface BodyParserError {
  status?: unknown;
  type?: unknown;
  expose?: unknown;
  message?: unknown;
  /** The text that failed to parse. */
  body?: unknown;
}

/** A parse failure of valid JSON: express.json() in strict mode refuses bodies that are not objects or arrays. */
function isStrictRefusal(parser: BodyParserError): boolean {
  if (typeof parser.body !== "string") return false;
  try {
    JSON.parse(parser.body);
    return true;
  } catch {
    return false;
  }
}

/**
 * The status and body of an error raised in the router (\`build\`: the \`errorBody\` option);
 * anything unexpected is a bare 500.
 */
function errorResponse(
  error: unknown,
  build?: ErrorBodyBuilder,
): { status: number; body: unknown } {
  const answer = (status: number, message: string, issues?: Issue[]) => ({
    status,
    body: routerErrorBody(build, status, message, issues),
  });
  if (error instanceof HttpError)
    return answer(error.status, error.message, error.issues);
  const parser = (
    typeof error === "object" && error !== null ? error : {}
  ) as BodyParserError;
  if (parser.type === "entity.parse.failed") {
    return answer(
      400,
      isStrictRefusal(parser)
        ? "JSON body is not an object or array (the JSON parser is strict: use express.json({ strict: false }))"
        : "Malformed JSON body",
    );
  }
  if (parser.type === "entity.too.large")
    return answer(413, "Request body is too large");
  const status = errorStatus(parser.status);
  if (
    status < 500 &&
    parser.expose === true &&
    typeof parser.message === "string"
  )
    return answer(status, parser.message);
  return answer(500, "Internal Server Error");
}
`,
  },
  expressParserErrors: {
    declares: ['bodyParserErrors'],
    needs: ['expressErrors'],
    text: `
/**
 * Error handler for the body parsers an app applies before mounting the router
 * (\`app.use(express.json({ strict: false }), bodyParserErrors)\`; \`strict: false\` lets JSON
 * strings, numbers, booleans and null through, as the spec allows): their errors (malformed JSON, a body over
 * the limit, an unsupported charset) get the router's JSON answers, 400, 413 or 415, instead of
 * express's default page, which shows the stack trace outside production. Other errors go on.
 */
export function bodyParserErrors(
  error: unknown,
  _req: Request,
  res: Response,
  next: NextFunction,
): void {
  const parser = (
    typeof error === "object" && error !== null ? error : {}
  ) as BodyParserError;
  if (
    res.headersSent ||
    typeof parser.type !== "string" ||
    errorStatus(parser.status) >= 500
  ) {
    next(error);
    return;
  }
  const answer = errorResponse(error);
  res.status(answer.status).json(answer.body);
}
`,
  },
  encodeForm: {
    declares: ['encodeForm'],
    needs: [],
    text: `
/**
 * A form response's object as the body the client reads back: multipart/form-data (boundary from
 * the platform) or urlencoded text. Strings go as they are, Blobs as file parts, arrays one part per
 * item, and anything else as its JSON text; undefined fields are left out.
 */
async function encodeForm(
  value: unknown,
  multipart: boolean,
): Promise<{ body: ArrayBuffer; contentType: string }> {
  const form = multipart ? new FormData() : new URLSearchParams();
  const fields =
    typeof value === "object" && value !== null ? Object.entries(value) : [];
  for (const [name, field] of fields) {
    for (const item of Array.isArray(field) ? (field as unknown[]) : [field]) {
      if (item === undefined) continue;
      if (item instanceof Blob) {
        if (form instanceof FormData) form.append(name, item);
        else form.append(name, await item.text());
      } else
        form.append(
          name,
          typeof item === "string" ? item : JSON.stringify(item),
        );
    }
  }
  const response = new Response(form);
  return {
    body: await response.arrayBuffer(),
    contentType: response.headers.get("content-type") ?? "",
  };
}
`,
  },
  fastifyForbiddenKeys: {
    declares: ['refuseForbiddenKeys'],
    needs: ['forbiddenKeys', 'httpError'],
    text: `
/**
 * A route's preValidation hook: a JSON body with a key that could reach a prototype is refused
 * with 400 even when the app's parser lets it through (\`onProtoPoisoning\` or
 * \`onConstructorPoisoning\` set to 'ignore', or a parser of its own).
 */
async function refuseForbiddenKeys(request: FastifyRequest): Promise<void> {
  if (hasForbiddenKey(request.body))
    throw new HttpError(400, "Object contains forbidden prototype property");
}
`,
  },
  fastifyParsers: {
    declares: ['addBodyParsers'],
    needs: [],
    text: `
/**
 * Parsers for the bodies the spec declares that fastify does not parse itself (text, bytes, and
 * JSON types other than application/json), unless the app already has one for a type.
 */
function addBodyParsers(
  instance: FastifyInstance,
  types: readonly string[],
  parseAs: "json" | "string" | "buffer",
): void {
  for (const type of types) {
    if (instance.hasContentTypeParser(type)) continue;
    if (parseAs === "json")
      instance.addContentTypeParser(
        type,
        { parseAs: "string" },
        instance.getDefaultJsonParser("error", "error"),
      );
    else if (parseAs === "string")
      instance.addContentTypeParser(
        type,
        { parseAs: "string" },
        (_request, payload, done) => done(null, payload),
      );
    else
      instance.addContentTypeParser(
        type,
        { parseAs: "buffer" },
        (_request, payload, done) => done(null, payload),
      );
  }
}
`,
  },
  fastifyOddTypes: {
    declares: ['addOddTypeParsers'],
    needs: [],
    text: `
/**
 * Reads bodies of declared content types that are not \`type/subtype\` (loket.nl's
 * \`applicationjson;version=2018-01-01\`), which fastify refuses before any parser, even its
 * catch-all: on these routes only, such a request's content-type is renamed to a private media
 * type (\`application/x-declared-bytes\` or \`-text\`) whose parser reads it as bytes or text.
 * Any other type fastify refuses still gets 415.
 */
function addOddTypeParsers(
  instance: FastifyInstance,
  bytes: readonly string[],
  text: readonly string[],
): void {
  instance.addContentTypeParser(
    "application/x-declared-bytes",
    { parseAs: "buffer" },
    (_request, payload, done) => done(null, payload),
  );
  instance.addContentTypeParser(
    "application/x-declared-text",
    { parseAs: "string" },
    (_request, payload, done) => done(null, payload),
  );
  instance.addHook("onRequest", async (request) => {
    const type = request.headers["content-type"]?.trim().toLowerCase();
    if (type === undefined) return;
    if (bytes.includes(type))
      request.raw.headers["content-type"] = "application/x-declared-bytes";
    else if (text.includes(type))
      request.raw.headers["content-type"] = "application/x-declared-text";
  });
}
`,
  },
  fastifyJsonString: {
    declares: ['sendJsonString'],
    needs: [],
    text: `
/**
 * fastify sends a string payload as it is (as text/plain when untyped), skipping the response
 * schema: a JSON response that is a string is serialized (checked, then quoted) first.
 */
function sendJsonString(reply: FastifyReply, value: string): FastifyReply {
  return reply
    .type("application/json; charset=utf-8")
    .send(reply.serialize(value));
}
`,
  },
  fastifyConfig: {
    declares: [],
    needs: [],
    text: `
declare module "fastify" {
  interface FastifyContextConfig {
    /** The spec's operationId of the route (its derived name when the spec gives none). */
    operationId?: string;
    /** The schemes of the spec's security; \`[]\` for \`security: []\`; undefined when none is declared. */
    security?: { scheme: string; scopes: string[] }[] | undefined;
  }
}
`,
  },
  fastifySerializer: {
    declares: ['serializeResponse'],
    needs: [],
    text: `
/**
 * The serializer of the routes' response schemas. A 2xx body is checked with its schema (a
 * mismatch is a 500, as with fastify-type-provider-zod's compiler), then sent whole with
 * JSON.stringify: zod's output would drop the keys the schema does not list. The schema of an
 * error status describes the route; its body is sent as it is.
 */
function serializeResponse(route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}): (data: unknown) => string {
  const checked =
    route.httpStatus === undefined || route.httpStatus.startsWith("2");
  const schema =
    checked && route.schema instanceof z.core.$ZodType
      ? route.schema
      : undefined;
  return (data) => {
    const result = schema === undefined ? undefined : z.safeParse(schema, data);
    if (result?.error)
      throw new ResponseSerializationError(route.method, route.url, {
        cause: result.error,
      });
    return JSON.stringify(data);
  };
}
`,
  },
  fastifyErrors: {
    declares: ['handleError'],
    needs: ['routerErrors', 'httpError', 'toIssues'],
    text: `
/**
 * The router's error handler: 400 with the body's issues when it fails its schema, HttpError's
 * status and message, fastify's own 4xx errors (413, 415, malformed JSON), and a bare 500 for
 * anything else (logged, never sent). \`build\` is the \`errorBody\` option.
 */
function handleError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  build: ErrorBodyBuilder,
): FastifyReply {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const schema = request.routeOptions.schema?.body;
    // Parsed again for exact issue paths (the provider's error joins them into a string); a
    // missing body was validated as null, as fastify does.
    // zod's core class and parse function: the schemas may be classic zod or zod/mini.
    const parsed =
      schema instanceof z.core.$ZodType
        ? z.safeParse(schema, request.body ?? null)
        : undefined;
    const issues = parsed?.error
      ? toIssues(parsed.error.issues)
      : error.validation.map((issue) => ({
          code: issue.keyword,
          path: issue.instancePath.split("/").slice(1),
          message: issue.message ?? "",
        }));
    return reply
      .code(400)
      .send(routerErrorBody(build, 400, "Invalid request body", issues));
  }
  if (error instanceof HttpError)
    return reply
      .code(error.status)
      .send(routerErrorBody(build, error.status, error.message, error.issues));
  const status = errorStatus(error.statusCode);
  if (status < 500)
    return reply
      .code(status)
      .send(routerErrorBody(build, status, error.message));
  request.log.error({ err: error }, "request failed");
  return reply
    .code(500)
    .send(routerErrorBody(build, 500, "Internal Server Error"));
}
`,
  },
  koaHasBody: {
    declares: ['koaHasBody'],
    needs: [],
    text: `
/** Whether the request carries a body (a \`content-length: 0\` request has none). */
function koaHasBody(ctx: Context): boolean {
  const length = ctx.get("content-length");
  return (
    ctx.get("transfer-encoding") !== "" || (length !== "" && length !== "0")
  );
}
`,
  },
  koaJson: {
    declares: ['readKoaJson'],
    needs: ['koaHasBody', 'jsonType', 'forbiddenKeys', 'httpError'],
    text: `
/**
 * The JSON body, read with \`parse\` (@koa/bodyparser) unless a body parser applied before the
 * router already set \`ctx.request.body\`; undefined when the request has none. 415 for another
 * media type, 400 for a key that could reach a prototype.
 */
async function readKoaJson(ctx: Context, parse: Middleware): Promise<unknown> {
  if (!koaHasBody(ctx)) return undefined;
  if (!isJsonType(ctx.get("content-type") || undefined))
    throw new HttpError(415, "Expected a JSON body (application/json)");
  if (ctx.request.body === undefined) await parse(ctx, async () => {});
  const value: unknown = ctx.request.body;
  if (value === "") return undefined;
  if (hasForbiddenKey(value))
    throw new HttpError(400, "Object contains forbidden prototype property");
  return value;
}
`,
  },
  koaBytes: {
    declares: ['readKoaBytes'],
    needs: ['koaHasBody', 'httpError'],
    text: `
/** The request's bytes within \`limit\` (undefined when it has none); 413 beyond it. */
async function readKoaBytes(
  ctx: Context,
  limit: number,
): Promise<Uint8Array | undefined> {
  if (!koaHasBody(ctx)) return undefined;
  const tooLarge = () => new HttpError(413, "Request body is too large");
  if (Number(ctx.get("content-length") || 0) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
`,
  },
  koaErrors: {
    declares: ['koaErrorResponse'],
    needs: ['routerErrors', 'httpError'],
    text: `
/**
 * The status and body of an error raised in the router: HttpError's, the body parser's (malformed
 * JSON, a body over the limit, an unsupported charset), koa's own exposed 4xx (\`ctx.throw\`), and a
 * bare 500 for anything else. \`build\` is the \`errorBody\` option.
 */
function koaErrorResponse(
  error: unknown,
  build: ErrorBodyBuilder,
): { status: number; body: unknown } {
  const answer = (status: number, message: string, issues?: Issue[]) => ({
    status,
    body: routerErrorBody(build, status, message, issues),
  });
  if (error instanceof HttpError)
    return answer(error.status, error.message, error.issues);
  const failure = (
    typeof error === "object" && error !== null ? error : {}
  ) as {
    status?: unknown;
    type?: unknown;
    expose?: unknown;
    message?: unknown;
  };
  if (error instanceof SyntaxError && failure.status === 400)
    return answer(
      400,
      error.message === "Object contains forbidden prototype property"
        ? error.message
        : "Malformed JSON body",
    );
  if (failure.type === "entity.too.large")
    return answer(413, "Request body is too large");
  const status = errorStatus(failure.status);
  if (
    status < 500 &&
    failure.expose === true &&
    typeof failure.message === "string"
  )
    return answer(status, failure.message);
  return answer(500, "Internal Server Error");
}
`,
  },
  koaErrorMiddleware: {
    declares: ['answerKoaErrors'],
    needs: ['koaErrors'],
    text: `
/**
 * The router's first middleware: an error raised after it (in createContext, a body parser or the
 * service) is answered with koaErrorResponse's status and JSON body; \`onError\` sees each 500.
 */
function answerKoaErrors(
  onError: (error: unknown, ctx: Context) => void,
  build: ErrorBodyBuilder,
): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const answer = koaErrorResponse(error, build);
      if (answer.status >= 500) onError(error, ctx);
      ctx.status = answer.status;
      ctx.body = answer.body;
    }
  };
}
`,
  },
  koaJsonResponse: {
    declares: ['sendKoaJson'],
    needs: [],
    text: `
/** Sends \`value\` as JSON (a string too, which koa would otherwise send as text); undefined as no bytes, as express does. */
function sendKoaJson(ctx: Context, status: number, value: unknown): void {
  ctx.status = status;
  ctx.type = "application/json; charset=utf-8";
  ctx.body = JSON.stringify(value) ?? "";
}
`,
  },
  koaEmptyResponse: {
    declares: ['sendKoaEmpty'],
    needs: [],
    text: `
/** Answers \`status\` without a body (koa would otherwise send the status text). */
function sendKoaEmpty(ctx: Context, status: number): void {
  ctx.status = status;
  ctx.body = "";
  ctx.remove("content-type");
}
`,
  },
} satisfies Record<string, Snippet>;

const snippets = { ...baseSnippets, ...replySnippets };

export type SnippetId = keyof typeof snippets;

/** Every snippet, in the fixed order. */
export const SNIPPET_IDS = Object.keys(snippets) as SnippetId[];

/** A snippet's code, as a router carries it (a canonical raw statement). */
export function snippetText(id: SnippetId): string {
  return snippets[id].text.trim();
}

/**
 * The snippets `wanted` needs, dependencies first, each once, in a fixed order; `replaced` are
 * left out where the router declares its own (NestJS's HttpError is an HttpException).
 */
export function snippetTexts(wanted: Iterable<SnippetId>, replaced: ReadonlySet<SnippetId> = new Set()): string[] {
  const chosen = new Set<SnippetId>();
  const add = (id: SnippetId) => {
    if (chosen.has(id)) return;
    chosen.add(id);
    for (const need of (snippets[id] as Snippet).needs) add(need as SnippetId);
  };
  for (const id of wanted) add(id);
  // httpError and honoHttpError declare the same class: hono uses its own.
  if (chosen.has('honoHttpError')) chosen.delete('httpError');
  return SNIPPET_IDS.filter((id) => chosen.has(id) && !replaced.has(id)).map(snippetText);
}

/** Every top-level name the snippets may declare (reserved in the router's scope). */
export const SNIPPET_NAMES: string[] = [...new Set(Object.values(snippets as Record<string, Snippet>).flatMap((s) => s.declares))];
