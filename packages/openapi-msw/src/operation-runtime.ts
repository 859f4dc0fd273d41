/**
 * Fixed runtime code of the per-operation handlers and mock factories of `handlers.ts` (issue 35).
 * It holds no spec text (DECISIONS: raw statements are hand-written code only). Each entry is one
 * statement, as prettier prints it under its default options (canonical).
 */

/** `MockPartial` and `mswMerge`: what factories and per-operation handlers merge overrides with. */
export const MERGE_RUNTIME: readonly string[] = [
  `
/** A deep partial: objects merge property by property, arrays and other values replace. */
export type MockPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: MockPartial<T[K]> }
    : T;`,
  `
/** \`value\` with the properties of \`partial\` merged in, recursively; arrays and other values replace. */
function mswMerge<T>(value: T, partial: unknown): T {
  if (partial === undefined) return value;
  const isObject = (x: unknown): x is Record<string, unknown> =>
    typeof x === "object" && x !== null && !Array.isArray(x);
  if (!isObject(value) || !isObject(partial)) return partial as T;
  const merged: Record<string, unknown> = { ...value };
  for (const [key, item] of Object.entries(partial))
    merged[key] = mswMerge(merged[key], item);
  return merged as T;
}`,
];

/** `mswFactory`: wraps a mock function into an exported factory taking overrides. */
export const FACTORY_RUNTIME: readonly string[] = [
  `
/** A seeded mock factory: \`make()\` with \`overrides\` merged in. */
function mswFactory<T>(make: () => T): (overrides?: MockPartial<T>) => T {
  return (overrides) => mswMerge(make(), overrides);
}`,
];

/** Types of the overrides, `mswAnswer` (Prefer) and `mswOperation` (the per-operation handler). */
export const OPERATION_RUNTIME: readonly string[] = [
  `
/** How a declared status answers: a JSON body (or a whole response), an empty body of a content type, or no body. */
type MockAnswer = (() => unknown) | string | null;
type MockAnswers = { readonly [status: number]: MockAnswer };`,
  `
/** A status key of an answers table as a number. */
type MockStatus<S> = S extends number
  ? S
  : S extends \`\${infer N extends number}\`
    ? N
    : never;`,
  `
/** The JSON body a status answers (never for an answer without one). */
type MockBody<A> = A extends () => infer B
  ? B extends PromiseLike<unknown> | Response
    ? never
    : B
  : never;`,
  `
/** Options of every per-operation handler. */
export interface MockHandlerOptions {
  /** Headers added to the response. */
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering. */
  delay?: number;
  /** Answer one request only (MSW's \`once\`). */
  once?: boolean;
  /** Answer with a network error (\`HttpResponse.error()\`). */
  networkError?: boolean;
  /** Route prefix (the module's default base URL otherwise). */
  baseUrl?: string;
}`,
  `
/** A declared status and a deep partial of its body, merged into the seeded mock. */
export type MockStatusOverride<A, D extends keyof A> =
  | {
      [S in keyof A]: {
        status: MockStatus<S>;
        body?: MockPartial<MockBody<A[S]>>;
      };
    }[keyof A]
  | { status?: never; body?: MockPartial<MockBody<A[D]>> };`,
  `
/** What a resolver of a per-operation handler receives. */
export interface MockRequest<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  request: Request;
}`,
  `
/** A resolver returning a whole response, or a body merged into the seeded mock of the default status. */
export type MockResolver<A, D extends keyof A, P, Q, B> = (
  input: MockRequest<P, Q, B>,
) =>
  | MockPartial<MockBody<A[D]>>
  | Response
  | Promise<MockPartial<MockBody<A[D]>> | Response>;`,
  `
/** The override of a per-operation handler. */
export type MockOverride<A, D extends keyof A, P, Q, B> =
  (MockStatusOverride<A, D> & MockHandlerOptions) | MockResolver<A, D, P, Q, B>;`,
  `
/** The response of a declared answer, with \`body\` merged into its mock. */
function mswResponse(
  answer: MockAnswer | undefined,
  status: number,
  body?: unknown,
): Response | Promise<Response> {
  if (answer === null || answer === undefined)
    return new HttpResponse(null, { status });
  if (typeof answer === "string")
    return new HttpResponse(null, {
      status,
      headers: { "Content-Type": answer },
    });
  const value = answer();
  if (value instanceof Response || value instanceof Promise)
    return value as Response | Promise<Response>;
  return HttpResponse.json(mswMerge(value, body) as never, { status });
}`,
  `
/** The declared response a request's \`Prefer: code=<status>\` asks for (Prism's convention), else \`status\`'s. */
function mswAnswer(
  request: Request,
  answers: MockAnswers,
  status: number,
): Response | Promise<Response> {
  const code = /(?:^|[\\s;,])code=(\\d{3})\\b/.exec(
    request.headers.get("prefer") ?? "",
  )?.[1];
  const chosen =
    code !== undefined && Number(code) in answers ? Number(code) : status;
  return mswResponse(answers[chosen], chosen);
}`,
  `
/** The JSON (else text, else undefined) body of a request. */
async function mswRequestBody(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}`,
  `
/** A handler of one operation, steered by \`override\` (see \`MockOverride\`). */
function mswOperation<A extends MockAnswers, P, Q, B>(
  method: "get" | "post" | "put" | "patch" | "delete",
  path: string,
  answers: A,
  status: number,
  override: MockOverride<A, keyof A, P, Q, B> | undefined,
  accepts?: (info: {
    request: Request;
    params: Record<string, string | readonly string[] | undefined>;
  }) => boolean,
): HttpHandler {
  const options: MockHandlerOptions & { status?: number; body?: unknown } =
    typeof override === "function" ? {} : (override ?? {});
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\\/+$/, "");
  return http[method](
    \`\${baseUrl}\${path}\`,
    async ({ request, params }) => {
      if (accepts && !accepts({ request, params })) return undefined;
      if (typeof override === "function") {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        const body = await mswRequestBody(request);
        const result = await override({
          // Without the groups of a \`*\` base URL (\`0\`, \`1\`...): route names never start with a digit.
          params: Object.fromEntries(
            Object.entries(params).filter(([name]) => !/^\\d/.test(name)),
          ) as P,
          query: query as Q,
          body: body as B,
          request,
        });
        return result instanceof Response
          ? result
          : mswResponse(answers[status], status, result);
      }
      if (options.delay !== undefined)
        await new Promise((resolve) => setTimeout(resolve, options.delay));
      if (options.networkError) return HttpResponse.error();
      const chosen = options.status ?? status;
      const response = await mswResponse(answers[chosen], chosen, options.body);
      for (const [name, value] of Object.entries(options.headers ?? {}))
        response.headers.set(name, value);
      return response;
    },
    { once: options.once === true },
  );
}`,
];

/** Names the runtime declares: mock functions never take them. */
export const RUNTIME_NAMES = ["mswResponse", "mswAnswer", "mswMerge", "mswFactory", "mswRequestBody", "mswOperation"];
