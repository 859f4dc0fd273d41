/**
 * Router runtime for `reply()` (issue 34): a service method answers any declared status with
 * `reply(status, body, init?)` from service.ts, and each router sends it with the declared media
 * type. Kept apart from `runtime.ts` so the two grow without touching each other.
 */
/** The shape of `runtime.ts`'s snippets (not imported: runtime.ts imports this file). */
interface Snippet {
  declares: string[];
  needs: string[];
  text: string;
}

export const replySnippets = {
  reply: {
    declares: ['REPLY', 'SentReply', 'isReply', 'replyContentType', 'replyPayload'],
    needs: ['jsonType'],
    text: `
/** The mark \`reply()\` (service.ts) puts on a reply: \`Symbol.for\`, so a second copy of the module agrees. */
const REPLY = Symbol.for("specwright.reply");

/** What a service method returned with \`reply()\`. */
interface SentReply {
  status: number;
  body: unknown;
  headers: Record<string, string> | undefined;
}

function isReply(value: unknown): value is SentReply {
  return typeof value === "object" && value !== null && REPLY in value;
}

/**
 * The declared media type of a status (its code, else its range, else \`default\`), from the
 * operation's table when it declares a body other than JSON; JSON otherwise.
 */
function replyContentType(
  status: number,
  types: Record<string, string> | undefined,
): string {
  return (
    types?.[String(status)] ??
    types?.[\`\${Math.floor(status / 100)}XX\`] ??
    types?.["default"] ??
    "application/json; charset=utf-8"
  );
}

/** The text sent: JSON for a JSON media type, a string as it is otherwise; nothing for a null-body status. */
function replyPayload(
  reply: SentReply,
  contentType: string,
): string | undefined {
  if (reply.body === undefined || [204, 205, 304].includes(reply.status))
    return undefined;
  return isJsonType(contentType) || typeof reply.body !== "string"
    ? JSON.stringify(reply.body)
    : reply.body;
}
`,
  },
  responseCheck: {
    declares: ['ResponseSchema', 'checkResponse'],
    needs: ['reply', 'httpError'],
    text: `
/** A schema a response body is checked with (classic zod or zod/mini); null: a body without one. */
type ResponseSchema = {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[] }[] } | undefined;
  };
} | null;

/**
 * \`validate_responses\`: what the service answered (its success body or a reply) is parsed with the
 * declared schema of its status (code, then range, then default). A mismatch is logged, naming the
 * operation, the status and the issue paths, and answered 500.
 */
function checkResponse(
  schemas: Record<string, ResponseSchema>,
  operationId: string,
  result: unknown,
  status: number,
): void {
  const replied = isReply(result);
  const sent = replied ? result : { status, body: result };
  // A success body is never checked against \`default\`: that is an error response.
  const keys = [String(sent.status), \`\${Math.floor(sent.status / 100)}XX\`];
  if (replied) keys.push("default");
  const key = keys.find((candidate) => Object.hasOwn(schemas, candidate));
  const schema = key === undefined ? undefined : schemas[key];
  if (!schema) return;
  const parsed = schema.safeParse(sent.body);
  if (parsed.success) return;
  const paths = (parsed.error?.issues ?? []).map(
    (issue) => "/" + issue.path.map((part) => String(part)).join("/"),
  );
  console.error(
    \`\${operationId}: the \${sent.status} response does not match its declared schema at \${paths.join(", ")}\`,
  );
  throw new HttpError(500, "Internal Server Error");
}
`,
  },
  honoReply: {
    declares: ['replyResponse'],
    needs: ['reply'],
    text: `
function replyResponse(
  reply: SentReply,
  types?: Record<string, string>,
): Response {
  const headers = new Headers(reply.headers);
  const contentType = replyContentType(reply.status, types);
  const payload = replyPayload(reply, contentType);
  if (payload !== undefined && !headers.has("content-type"))
    headers.set("content-type", contentType);
  return new Response(payload ?? null, { status: reply.status, headers });
}
`,
  },
  expressReply: {
    declares: ['sendReply'],
    needs: ['reply'],
    text: `
function sendReply(
  res: Response,
  reply: SentReply,
  types?: Record<string, string>,
): void {
  res.status(reply.status);
  if (reply.headers !== undefined) res.set(reply.headers);
  const contentType = replyContentType(reply.status, types);
  const payload = replyPayload(reply, contentType);
  if (payload === undefined) {
    res.end();
    return;
  }
  if (res.get("content-type") === undefined) res.type(contentType);
  res.send(payload);
}
`,
  },
  fastifyReply: {
    declares: ['sendReply'],
    needs: ['reply'],
    text: `
function sendReply(
  reply: FastifyReply,
  sent: SentReply,
  types?: Record<string, string>,
): FastifyReply {
  reply.code(sent.status);
  if (sent.headers !== undefined) reply.headers(sent.headers);
  const contentType = replyContentType(sent.status, types);
  const payload = replyPayload(sent, contentType);
  if (payload === undefined) return reply.send();
  if (!reply.hasHeader("content-type")) reply.type(contentType);
  return reply.send(payload);
}
`,
  },
  fastifyResult: {
    declares: ['sendResult'],
    needs: ['fastifyReply', 'fastifyJsonString'],
    text: `
/**
 * Sends what a service method returned: a \`reply()\` with its status, else the success body as
 * JSON with \`status\`.
 */
function sendResult(
  reply: FastifyReply,
  status: number,
  result: unknown,
  types?: Record<string, string>,
): FastifyReply {
  if (isReply(result)) return sendReply(reply, result, types);
  reply.code(status);
  return typeof result === "string"
    ? sendJsonString(reply, result)
    : reply.send(result);
}
`,
  },
  koaReply: {
    declares: ['sendReply'],
    needs: ['reply'],
    text: `
function sendReply(
  ctx: Context,
  reply: SentReply,
  types?: Record<string, string>,
): void {
  ctx.status = reply.status;
  if (reply.headers !== undefined) ctx.set(reply.headers);
  const contentType = replyContentType(reply.status, types);
  const payload = replyPayload(reply, contentType);
  const given = ctx.response.get("content-type");
  // An empty string, not null: koa turns a null body into a 204.
  ctx.body = payload ?? "";
  if (payload === undefined) ctx.remove("content-type");
  else ctx.type = given || contentType;
}
`,
  },
} satisfies Record<string, Snippet>;
