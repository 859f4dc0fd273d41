/**
 * The fixed runtime code of `client.ts`: error classes and request helpers. It contains no spec
 * text, so it is inserted as raw statements; the per-operation functions are built as code trees.
 * Every name declared here is reserved in `names.ts`, so spec names never collide with them.
 */
import { code as c, type Code } from '@specwright/core';
import { ERROR_HELPERS } from './client-error-runtime.js';
import type { ZodVariant } from './schema-emit.js';

const EXPORTED = `
/** One problem found by a schema: where (\`path\`) and what (\`message\`). */
export interface ValidationIssue {
  path: (string | number)[];
  message: string;
}

/** Per-request options, the last argument of every operation. */
export interface RequestConfig {
  /** Headers for this request; they override the configured ones. */
  headers?: HeadersInit | undefined;
  /** Aborts the request. */
  signal?: AbortSignal | undefined;
  /**
   * Called with the response before its body is read, success or error: its \`status\` (which
   * of several declared 2xx arrived) and \`headers\` (a \`Location\` after a 201).
   */
  onResponse?: ((response: Response) => void) | undefined;
}

/** Declared error bodies by status key (\`404\`, \`"5XX"\`, \`"default"\`): what \`ApiError.is\` narrows to. */
export type ApiErrorBodies = { [status: string | number]: unknown };

/** The statuses \`is\` takes for an error map: \`404\` (a number), \`"5XX"\`, \`"default"\`. */
export type ApiErrorStatus<E> = {
  [K in keyof E]-?: K extends \`\${infer N extends number}\` ? N : K;
}[keyof E];

/** The declared body of a status key. */
export type ApiErrorBody<E, S> = S extends keyof E
  ? E[S]
  : \`\${S & (string | number)}\` extends keyof E
    ? E[\`\${S & (string | number)}\` & keyof E]
    : unknown;

/**
 * The server answered with a status outside 2xx. \`E\` maps the operation's declared error
 * statuses to their bodies (\`GetBookErrors\`); bare \`ApiError\` knows none of them.
 */
export class ApiError<E extends object = ApiErrorBodies> extends Error {
  override readonly name = "ApiError";
  /** The HTTP status. */
  readonly status: number;
  /**
   * The body: parsed with the declared schema of its status when it passed, else as received
   * (parsed JSON or text); \`null\` when empty, or not JSON for an undeclared status.
   */
  readonly body: unknown;
  /** Why the body failed the declared schema of its status (then \`is()\` is false); else undefined. */
  readonly bodyIssues: ValidationIssue[] | undefined;
  /** The declared status key (\`"404"\`, \`"5XX"\`, \`"default"\`) whose schema the body passed. */
  readonly declaredStatus: string | undefined;
  /** Type only: the declared error bodies by status. */
  declare readonly declaredErrors?: E;

  constructor(
    status: number,
    body: unknown,
    message: string,
    declaredStatus?: string,
    bodyIssues?: ValidationIssue[],
  ) {
    super(message);
    this.status = status;
    this.body = body;
    this.declaredStatus = declaredStatus;
    this.bodyIssues = bodyIssues;
  }

  /**
   * Whether the response is the declared one of \`status\` with a body that passed its schema:
   * \`404\` for that code, \`"5XX"\` for a code of the range that no declared code takes,
   * \`"default"\` for a code that no code or range takes. Narrows \`body\` to the declared type.
   */
  is<
    T extends ApiError<object>,
    S extends ApiErrorStatus<NonNullable<T["declaredErrors"]>>,
  >(
    this: T,
    status: S,
  ): this is T & {
    readonly status: S extends number ? S : number;
    readonly body: ApiErrorBody<NonNullable<T["declaredErrors"]>, S>;
  } {
    return this.declaredStatus === String(status);
  }
}

/** A request body or query failed its schema; nothing was sent. */
export class ValidationError extends Error {
  override readonly name = "ValidationError";
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[]) {
    super(
      \`Invalid request: \${issues.map((issue) => (issue.path.length > 0 ? \`\${issue.path.join(".")}: \${issue.message}\` : issue.message)).join("; ")}\`,
    );
    this.issues = issues;
  }
}

/** A 2xx response body failed its schema. */
export class ResponseValidationError extends Error {
  override readonly name = "ResponseValidationError";
  /** The HTTP status. */
  readonly status: number;
  readonly issues: ValidationIssue[];
  /** The body as received (parsed JSON, text or Blob). */
  readonly body: unknown;

  constructor(status: number, issues: ValidationIssue[], body: unknown) {
    super(
      \`Invalid response (status \${status}): \${issues.map((issue) => (issue.path.length > 0 ? \`\${issue.path.join(".")}: \${issue.message}\` : issue.message)).join("; ")}\`,
    );
    this.status = status;
    this.issues = issues;
    this.body = body;
  }
}
`;

/** A piece of fixed runtime code, the helpers it uses, and whether it needs zod or the config. */
interface Helper {
  code: string;
  uses: string[];
  zod?: boolean;
  config?: boolean;
}

const BASE_HELPERS: Record<string, Helper> = {
  QueryStyle: {
    code: `
type QueryStyle =
  | "form"
  | "formNoExplode"
  | "spaceDelimited"
  | "pipeDelimited"
  | "deepObject"
  | "json";`,
    uses: [],
  },
  EncodedBody: {
    code: `
interface EncodedBody {
  body: BodyInit;
  /** Unset for multipart bodies: fetch writes the header with its boundary. */
  contentType?: string;
}`,
    uses: [],
  },
  ResponseReader: { code: `type ResponseReader<T> = (response: Response) => Promise<T>;`, uses: [] },
  RequestSpec: {
    code: `
interface RequestSpec<T> {
  method: string;
  path: string;
  /** Encoded query pairs every request of the operation sends (fixed by the spec's path key). */
  fixedQuery?: string;
  /** Headers the operation requires with a single possible value. */
  fixedHeaders?: Record<string, string>;
  query?: Record<string, unknown> | undefined;
  queryStyles?: Record<string, QueryStyle>;
  /** Required query parameters that can be empty (a list, an object): sent empty, they would arrive as absent. */
  requiredQuery?: readonly string[];
  /** Encoding may read Blobs (urlencoded fields), so it settles in \`sendRequest\`. */
  body?: Promise<EncodedBody> | undefined;
  /** Readers by status (\`'200'\`, \`'2XX'\`); an undeclared 2xx status uses \`2XX\`, else the first. */
  responses: Record<string, ResponseReader<T>>;
  /** Readers of the declared error statuses (\`'404'\`, \`'5XX'\`, \`'default'\`). */
  errors?: Record<string, ErrorReader>;
}`,
    uses: ['QueryStyle', 'EncodedBody', 'ResponseReader', 'ErrorReader'],
  },
  toValidationIssues: {
    code: `
function toValidationIssues(
  issues: readonly { path: PropertyKey[]; message: string }[],
): ValidationIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((key) =>
      typeof key === "symbol" ? String(key) : key,
    ),
    message: issue.message,
  }));
}`,
    uses: [],
  },
  parseRequestValue: {
    code: `
function parseRequestValue<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new ValidationError(toValidationIssues(result.error.issues));
  return result.data;
}`,
    uses: ['toValidationIssues'],
    zod: true,
  },
  parseOptionalRequestValue: {
    code: `
function parseOptionalRequestValue<T>(
  schema: z.ZodType<T>,
  value: unknown,
): T | undefined {
  return value === undefined ? undefined : parseRequestValue(schema, value);
}`,
    uses: ['parseRequestValue'],
    zod: true,
  },
  encodePathParam: {
    code: `
/**
 * A path parameter's text in the simple style (\`a,b\` for an array; \`k,v\` for an object, \`k=v\`
 * exploded), each item percent-encoded. It cannot be empty (no route takes an empty parameter),
 * nor \`.\` or \`..\` when it fills a whole segment: URL parsers drop such segments and the request
 * would reach another route.
 */
function encodePathParam(
  name: string,
  value: unknown,
  fillsSegment: boolean,
  explode: boolean,
): string {
  const item = (part: unknown) => encodeURIComponent(String(part));
  let text: string;
  if (Array.isArray(value)) text = value.map(item).join(",");
  else if (typeof value === "object" && value !== null)
    text = Object.entries(value)
      .map(([key, part]) => \`\${item(key)}\${explode ? "=" : ","}\${item(part)}\`)
      .join(",");
  else text = item(value);
  if (text === "" || (fillsSegment && (text === "." || text === ".."))) {
    throw new ValidationError([
      {
        path: [name],
        message:
          text === ""
            ? "A path parameter cannot be empty"
            : \`A path segment cannot be "\${text}"\`,
      },
    ]);
  }
  return text;
}`,
    uses: [],
  },
  encodeStyledPathParam: {
    code: `
/**
 * A path parameter in the label or matrix style, as the OpenAPI specification's style table writes
 * it: \`.blue\`, \`.blue,black,brown\` (\`.blue.black.brown\` exploded), \`;color=blue\`,
 * \`;color=blue,black,brown\` (\`;color=blue;color=black;color=brown\` exploded), an object as
 * \`.R,100,G,200\`, \`.R=100.G=200\`, \`;color=R,100,G,200\` or \`;R=100;G=200\`, each item
 * percent-encoded. An item holding the separator of an exploded value would be read as two, so it
 * is refused, as an empty value is (the route reads nothing after the prefix).
 */
function encodeStyledPathParam(
  name: string,
  value: unknown,
  fillsSegment: boolean,
  style: "label" | "matrix",
  explode: boolean,
): string {
  const label = style === "label";
  const separator = explode ? (label ? "." : ";") : undefined;
  const item = (part: unknown, path: (string | number)[]) => {
    const text = encodeURIComponent(String(part));
    if (separator !== undefined && decodeURIComponent(text).includes(separator))
      throw new ValidationError([
        {
          path: [name, ...path],
          message: \`An item of this \${style} parameter cannot hold "\${separator}", which separates its items\`,
        },
      ]);
    return text;
  };
  const named = \`;\${encodeURIComponent(name)}=\`;
  // An exploded object names its keys, not the parameter: \`;R=100;G=200\`.
  let prefix = label ? "." : named;
  let body: string;
  if (Array.isArray(value)) {
    const items = value.map((part, index) => item(part, [index]));
    body = items.join(explode ? (label ? "." : named) : ",");
  } else if (typeof value === "object" && value !== null) {
    const pairs = Object.entries(value).map(
      ([key, part]) => [item(key, [key]), item(part, [key])] as const,
    );
    if (explode && !label) prefix = ";";
    body = explode
      ? pairs.map(([key, part]) => \`\${key}=\${part}\`).join(label ? "." : ";")
      : pairs.flat().join(",");
  } else body = encodeURIComponent(String(value));
  const text = prefix + body;
  if (body === "" || (fillsSegment && (text === "." || text === ".."))) {
    throw new ValidationError([
      {
        path: [name],
        message:
          body === ""
            ? "A path parameter cannot be empty"
            : \`A path segment cannot be "\${text}"\`,
      },
    ]);
  }
  return text;
}`,
    uses: [],
  },
  serializeQueryValue: {
    code: `
function serializeQueryValue(value: unknown): string {
  return typeof value === "object" && value !== null
    ? JSON.stringify(value)
    : String(value);
}`,
    uses: [],
  },
  serializeQuery: {
    code: `
/**
 * The query string. What the routers could not read back is refused before anything is sent: an
 * item holding its list's separator (\`a|b\` in a pipe-delimited list would arrive as two items),
 * and a required list or object with nothing in it (it puts nothing in the URL, so it arrives as
 * absent).
 */
function serializeQuery(
  query: Record<string, unknown> | undefined,
  styles: Record<string, QueryStyle> | undefined,
  required: readonly string[] | undefined,
): string {
  if (query === undefined) return "";
  const params = new URLSearchParams();
  let appended = 0;
  const append = (key: string, text: string) => {
    params.append(key, text);
    appended++;
  };
  for (const [name, value] of Object.entries(query)) {
    // null is left out like undefined (\`q=\` is the empty string), in arrays too; the routers read an
    // absent required parameter whose schema allows null as null.
    if (value === undefined || value === null) continue;
    const style = styles?.[name] ?? "form";
    const before = appended;
    if (style === "json") {
      // A parameter described by JSON content: its JSON text, as the routers parse it.
      append(name, JSON.stringify(value));
    } else if (style === "deepObject") {
      appendDeepQuery(append, name, value, [name]);
    } else if (Array.isArray(value)) {
      const separator =
        style === "form"
          ? ""
          : style === "spaceDelimited"
            ? " "
            : style === "pipeDelimited"
              ? "|"
              : ",";
      // An inner array is joined by \`,\`, or by \`|\` inside a \`,\` list (EVE's \`connections=1|2,3|4\`).
      const inner = separator === "," ? "|" : ",";
      const items = presentItems(value).map((item, index) =>
        Array.isArray(item)
          ? presentItems(item)
              .map((part) => separable(name, [index], part, [separator, inner]))
              .join(inner)
          : separable(name, [index], item, [separator]),
      );
      if (separator === "") for (const item of items) append(name, item);
      else if (items.length > 0) append(name, items.join(separator));
    } else if (typeof value === "object") {
      const entries = Object.entries(value).filter(
        ([, item]) => item !== undefined && item !== null,
      );
      // Unexploded, keys and values alternate with the style's separator: \`R,100,G,200\`.
      const separator =
        style === "spaceDelimited"
          ? " "
          : style === "pipeDelimited"
            ? "|"
            : ",";
      if (style === "form")
        for (const [key, item] of entries)
          append(key, serializeQueryValue(item));
      else
        append(
          name,
          entries
            .flatMap(([key, item]) => [
              separable(name, [key], key, [separator]),
              separable(name, [key], item, [separator]),
            ])
            .join(separator),
        );
    } else {
      append(name, serializeQueryValue(value));
    }
    if (appended === before && required?.includes(name)) {
      throw new ValidationError([
        {
          path: [name],
          message:
            "A required query parameter cannot be empty: an empty list or object puts nothing in the URL",
        },
      ]);
    }
  }
  const text = params.toString();
  return text === "" ? "" : \`?\${text}\`;
}`,
    uses: ['QueryStyle', 'serializeQueryValue', 'presentItems', 'appendDeepQuery', 'separable'],
  },
  separable: {
    code: `
/** An item's text for a delimited list; one holding a separator cannot be told apart from two. */
function separable(
  name: string,
  path: (string | number)[],
  value: unknown,
  separators: string[],
): string {
  const text = serializeQueryValue(value);
  const held = separators.find(
    (separator) => separator !== "" && text.includes(separator),
  );
  if (held !== undefined) {
    throw new ValidationError([
      {
        path: [name, ...path],
        message: \`An item of this list cannot hold "\${held}", which separates its items\`,
      },
    ]);
  }
  return text;
}`,
    uses: ['serializeQueryValue'],
  },
  presentItems: {
    code: `
/** An array's items without undefined and null (a query cannot carry them). */
function presentItems(value: readonly unknown[]): unknown[] {
  return value.filter((item) => item !== undefined && item !== null);
}`,
    uses: [],
  },
  appendDeepQuery: {
    code: `
/**
 * Style deepObject in the brackets of Stripe, Rails and qs: \`name[key]=\` for each property, at any
 * depth, \`name[]=\` for each item of a list of scalars, \`name[0][key]=\` for a list of objects or lists.
 * What the brackets cannot carry is refused: a key that is empty or holds a bracket, and an item
 * of an indexed list that puts nothing in the URL (the items after it would move up).
 */
function appendDeepQuery(
  append: (key: string, text: string) => void,
  name: string,
  value: unknown,
  path: (string | number)[] = [],
): void {
  if (value === undefined || value === null) return;
  const refuse = (at: (string | number)[], message: string) => {
    throw new ValidationError([{ path: [...at], message }]);
  };
  if (Array.isArray(value)) {
    const items = presentItems(value);
    const indexed = items.some((item) => typeof item === "object");
    items.forEach((item, index) => {
      let appended = false;
      appendDeepQuery(
        (key, text) => {
          appended = true;
          append(key, text);
        },
        \`\${name}[\${indexed ? index : ""}]\`,
        item,
        [...path, index],
      );
      if (indexed && !appended)
        refuse(
          [...path, index],
          "An empty item of this list puts nothing in the URL, so the items after it would move",
        );
    });
  } else if (typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key === "" || key.includes("[") || key.includes("]"))
        refuse(
          [...path, key],
          "A deepObject key cannot be empty or hold a bracket",
        );
      appendDeepQuery(append, \`\${name}[\${key}]\`, item, [...path, key]);
    }
  } else {
    append(name, serializeQueryValue(value));
  }
}`,
    uses: ['presentItems', 'serializeQueryValue'],
  },
  appendFormFields: {
    code: `
function appendFormFields(
  value: unknown,
  append: (name: string, item: string | Blob) => void,
): void {
  if (typeof value !== "object" || value === null) return;
  for (const [name, item] of Object.entries(value)) {
    for (const part of Array.isArray(item) ? item : [item]) {
      if (part === undefined || part === null) continue;
      append(name, part instanceof Blob ? part : serializeQueryValue(part));
    }
  }
}`,
    uses: ['serializeQueryValue'],
  },
  isRawBody: {
    code: `
function isRawBody(value: unknown): value is BodyInit {
  return (
    typeof value === "string" ||
    value instanceof Blob ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    value instanceof URLSearchParams ||
    value instanceof FormData ||
    value instanceof ReadableStream
  );
}`,
    uses: [],
  },
  // One encoder per body kind, each emitted only where an operation sends that kind: a bundle of
  // one operation keeps its own encoder, not the form and multipart ones.
  encodeJsonBody: {
    code: `
async function encodeJsonBody(
  contentType: string,
  value: unknown,
): Promise<EncodedBody> {
  return { body: JSON.stringify(value), contentType };
}`,
    uses: ['EncodedBody'],
  },
  encodeFormBody: {
    code: `
async function encodeFormBody(
  contentType: string,
  value: unknown,
): Promise<EncodedBody> {
  // A whole body given as bytes or text (a binary schema) is already encoded: sent as is.
  if (isRawBody(value)) return { body: value, contentType };
  const fields: [string, string | Blob][] = [];
  appendFormFields(value, (name, item) => fields.push([name, item]));
  const params = new URLSearchParams();
  // A file field has no urlencoded form but its content: it is sent as its text.
  for (const [name, item] of fields)
    params.append(name, typeof item === "string" ? item : await item.text());
  return { body: params, contentType };
}`,
    uses: ['EncodedBody', 'appendFormFields', 'isRawBody'],
  },
  encodeMultipartBody: {
    code: `
async function encodeMultipartBody(
  contentType: string,
  value: unknown,
): Promise<EncodedBody> {
  // A whole body given as bytes (a binary schema, loket.nl's imports) is an encoded multipart
  // payload: sent as is, typed by its Blob when the Blob names its boundary. A FormData gets fetch's.
  if (value instanceof FormData) return { body: value };
  if (isRawBody(value))
    return {
      body: value,
      contentType:
        value instanceof Blob && value.type !== "" ? value.type : contentType,
    };
  const form = new FormData();
  appendFormFields(value, (name, item) => form.append(name, item));
  return { body: form };
}`,
    uses: ['EncodedBody', 'appendFormFields', 'isRawBody'],
  },
  encodeTextBody: {
    code: `
async function encodeTextBody(
  contentType: string,
  value: unknown,
): Promise<EncodedBody> {
  // A text body whose schema is binary is a Blob (a CSV file): sent as it is.
  return {
    body: isRawBody(value) ? value : serializeQueryValue(value),
    contentType,
  };
}`,
    uses: ['EncodedBody', 'serializeQueryValue', 'isRawBody'],
  },
  encodeBinaryBody: {
    code: `
async function encodeBinaryBody(
  contentType: string,
  value: unknown,
): Promise<EncodedBody> {
  return {
    body: isRawBody(value) ? value : JSON.stringify(value),
    contentType,
  };
}`,
    uses: ['EncodedBody', 'isRawBody'],
  },
  readErrorBody: {
    code: `
async function readErrorBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === "" ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}`,
    uses: [],
  },
  sendRequest: {
    code: `
async function sendRequest<T>(
  spec: RequestSpec<T>,
  config: RequestConfig | undefined,
): Promise<T> {
  const client = getClientConfig();
  const headers = new Headers(
    typeof client.headers === "function"
      ? await client.headers()
      : client.headers,
  );
  const token =
    typeof client.token === "function" ? await client.token() : client.token;
  if (token) headers.set("Authorization", \`Bearer \${token}\`);
  const body = await spec.body;
  if (body?.contentType !== undefined)
    headers.set("Content-Type", body.contentType);
  for (const [name, value] of Object.entries(spec.fixedHeaders ?? {}))
    headers.set(name, value);
  new Headers(config?.headers).forEach((value, key) => headers.set(key, value));
  const init: RequestInit = { method: spec.method, headers };
  if (body !== undefined) init.body = body.body;
  if (config?.signal !== undefined) init.signal = config.signal;
  const query = serializeQuery(
    spec.query,
    spec.queryStyles,
    spec.requiredQuery,
  );
  const search =
    spec.fixedQuery === undefined
      ? query
      : \`?\${spec.fixedQuery}\${query.replace(/^\\?/, "&")}\`;
  const url = client.baseUrl + spec.path + search;
  const response = await (client.fetch ?? fetch)(url, init);
  config?.onResponse?.(response);
  if (!response.ok) {
    const key = declaredErrorKey(spec.errors, response.status);
    const reader = key === undefined ? undefined : spec.errors?.[key];
    const read =
      reader === undefined
        ? { body: await readErrorBody(response), issues: undefined }
        : await reader(response);
    throw new ApiError(
      response.status,
      read.body,
      \`\${spec.method} \${spec.path} failed with status \${response.status}\`,
      read.issues === undefined ? key : undefined,
      read.issues,
    );
  }
  const reader =
    spec.responses[String(response.status)] ??
    spec.responses["2XX"] ??
    Object.values(spec.responses)[0];
  if (reader === undefined)
    throw new Error("internal: an operation without a response reader");
  return reader(response);
}`,
    uses: ['RequestSpec', 'serializeQuery', 'readErrorBody', 'declaredErrorKey'],
    config: true,
  },
  readJsonResponse: {
    code: `
function readJsonResponse<T>(schema: z.ZodType<T>): ResponseReader<T> {
  return async (response) => {
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      throw new ResponseValidationError(
        response.status,
        [{ path: [], message: "The response body is not valid JSON" }],
        text,
      );
    }
    const result = schema.safeParse(body);
    if (!result.success)
      throw new ResponseValidationError(
        response.status,
        toValidationIssues(result.error.issues),
        body,
      );
    return result.data;
  };
}`,
    uses: ['ResponseReader', 'toValidationIssues'],
    zod: true,
  },
  readTextResponse: {
    code: `
function readTextResponse<T>(schema: z.ZodType<T>): ResponseReader<T> {
  return async (response) => {
    const body = await response.text();
    const result = schema.safeParse(body);
    if (!result.success)
      throw new ResponseValidationError(
        response.status,
        toValidationIssues(result.error.issues),
        body,
      );
    return result.data;
  };
}`,
    uses: ['ResponseReader', 'toValidationIssues'],
    zod: true,
  },
  readBlobResponse: {
    code: `
function readBlobResponse<T>(schema: z.ZodType<T>): ResponseReader<T> {
  return async (response) => {
    const body = await response.blob();
    const result = schema.safeParse(body);
    if (!result.success)
      throw new ResponseValidationError(
        response.status,
        toValidationIssues(result.error.issues),
        body,
      );
    return result.data;
  };
}`,
    uses: ['ResponseReader', 'toValidationIssues'],
    zod: true,
  },
  readFormResponse: {
    code: `
/**
 * A multipart or urlencoded response as an object: one key per field, an array when a field
 * repeats or is listed in \`arrayFields\`; files stay Blobs, and the fields listed in
 * \`jsonFields\` (numbers, booleans, objects, or arrays of them) are decoded from their JSON text.
 */
function readFormResponse<T>(
  schema: z.ZodType<T>,
  jsonFields: string[],
  arrayFields: string[],
): ResponseReader<T> {
  return async (response) => {
    let form: FormData;
    try {
      // fetch parses multipart/form-data only; other multipart subtypes carry the same parts.
      const type = (response.headers.get("content-type") ?? "").replace(
        /^\\s*multipart\\/[^;]*/i,
        "multipart/form-data",
      );
      form = await new Response(await response.arrayBuffer(), {
        headers: { "content-type": type },
      }).formData();
    } catch {
      throw new ResponseValidationError(
        response.status,
        [{ path: [], message: "The response body is not a valid form" }],
        null,
      );
    }
    const body: Record<string, unknown> = {};
    for (const [name, entry] of form) {
      let value: unknown = entry;
      if (typeof entry === "string" && jsonFields.includes(name)) {
        try {
          value = JSON.parse(entry) as unknown;
        } catch {
          value = entry;
        }
      }
      const previous = body[name];
      body[name] =
        previous === undefined
          ? value
          : Array.isArray(previous)
            ? [...previous, value]
            : [previous, value];
    }
    for (const name of arrayFields)
      if (name in body && !Array.isArray(body[name])) body[name] = [body[name]];
    const result = schema.safeParse(body);
    if (!result.success)
      throw new ResponseValidationError(
        response.status,
        toValidationIssues(result.error.issues),
        body,
      );
    return result.data;
  };
}`,
    uses: ['ResponseReader', 'toValidationIssues'],
    zod: true,
  },
  readUncheckedJson: {
    code: `
async function readUncheckedJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text === "" ? undefined : (JSON.parse(text) as unknown);
  } catch {
    throw new ResponseValidationError(
      response.status,
      [{ path: [], message: "The response body is not valid JSON" }],
      text,
    );
  }
}`,
    uses: [],
  },
  readUncheckedText: {
    code: `
function readUncheckedText(response: Response): Promise<string> {
  return response.text();
}`,
    uses: [],
  },
  readUncheckedBlob: {
    code: `
function readUncheckedBlob(response: Response): Promise<Blob> {
  return response.blob();
}`,
    uses: [],
  },
  readEmptyResponse: {
    code: `
async function readEmptyResponse(response: Response): Promise<undefined> {
  // Not awaited: some fetch implementations (MSW's mocked responses) never settle a cancel.
  void response.body?.cancel().catch(() => undefined);
  return undefined;
}`,
    uses: [],
  },
};

const HELPERS: Record<string, Helper> = { ...BASE_HELPERS, ...ERROR_HELPERS };

/** Names `client.ts` may declare besides the operations (reserved for spec names). */
export const CLIENT_RUNTIME_NAMES = Object.keys(HELPERS);

/** The helpers that `used` needs, in a fixed order (types first, then as listed above). */
export function clientRuntimeInternals(used: Iterable<string>, variant: ZodVariant): { statements: Code.Stmt[]; zod: boolean; config: boolean } {
  const needed = new Set<string>();
  const visit = (name: string) => {
    if (needed.has(name)) return;
    const helper = HELPERS[name];
    if (!helper) throw new Error(`internal: unknown client helper ${name}`);
    needed.add(name);
    for (const dep of helper.uses) visit(dep);
  };
  for (const name of used) visit(name);
  const names = Object.keys(HELPERS).filter((name) => needed.has(name));
  return {
    statements: names.map((name) => c.canonicalRaw(clientHelperCode(name, variant))),
    zod: names.some((name) => HELPERS[name]!.zod),
    config: names.some((name) => HELPERS[name]!.config),
  };
}

/** A helper's code in a variant (each form is proven canonical by the tests). */
export function clientHelperCode(name: string, variant: ZodVariant): string {
  const code = HELPERS[name]!.code;
  // zod/mini names the schema type `ZodMiniType`; it has the same `safeParse` method.
  return variant === 'mini' ? code.replaceAll('z.ZodType<', 'z.ZodMiniType<') : code;
}

export function clientRuntimeExports(): Code.Stmt[] {
  return [c.canonicalRaw(EXPORTED)];
}

