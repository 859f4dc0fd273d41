/**
 * Fixed runtime code of the per-operation handlers and mock factories of `handlers.ts` (issue 35).
 * It holds no spec text (DECISIONS: raw statements are hand-written code only). Each entry is one
 * statement, as prettier prints it under its default options (canonical).
 */

/**
 * `MockPartial`, a deep partial in which `undefined` removes a property. Typed with the client's
 * types (`types_dir`), only an optional property may be removed; an inferred type (the seeded
 * value's) has every property required, so there any property may be.
 */
export const MOCK_PARTIAL = {
  typed: `
/** A deep partial: objects merge property by property, arrays and other values replace; \`undefined\` removes an optional property. */
export type MockPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? {
        [K in keyof T]?:
          MockPartial<T[K]> | ({} extends Pick<T, K> ? undefined : never);
      }
    : T;`,
  inferred: `
/** A deep partial: objects merge property by property, arrays and other values replace; \`undefined\` removes a property. */
export type MockPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: MockPartial<T[K]> | undefined }
    : T;`,
} as const;

/** `mswMerge`: what factories and per-operation handlers merge overrides with. */
export const MERGE_RUNTIME: readonly string[] = [
  `
/** \`value\` with the properties of \`partial\` merged in, recursively; arrays and other values replace, \`undefined\` removes. */
function mswMerge<T>(value: T, partial: unknown): T {
  if (partial === undefined) return value;
  const isObject = (x: unknown): x is Record<string, unknown> =>
    typeof x === "object" && x !== null && !Array.isArray(x);
  if (!isObject(value) || !isObject(partial)) return partial as T;
  const merged: Record<string, unknown> = { ...value };
  for (const [key, item] of Object.entries(partial))
    if (item === undefined) delete merged[key];
    else merged[key] = mswMerge(merged[key], item);
  return merged as T;
}`,
];

/** `mswFactory`: wraps a mock function into an exported factory taking overrides. */
export const FACTORY_RUNTIME: readonly string[] = [
  `
/** A seeded mock factory: \`make()\` (or, with variety, its schema's description) with \`overrides\` merged in. */
function mswFactory<T>(key: string, make: () => T): MockFactory<T> {
  const described = mswDescribed(key);
  return (overrides, options) =>
    mswMerge(
      (options?.variety ?? mswDescriptions.variety)
        ? (described(undefined, options) as T)
        : make(),
      overrides,
    );
}`,
];

/** Types of the overrides, `mswPreferred` (Prefer) and `mswOperation` (the per-operation handler). */
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
  baseUrl?: string | undefined;
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
/** What a resolver returns: a body merged into the seeded mock of the default status, a whole response, or nothing where that status has no JSON body. */
export type MockResolved<A, D extends keyof A> =
  | MockPartial<MockBody<A[D]>>
  | Response
  | (A[D] extends null | string ? void | undefined : never);`,
  `
/** A resolver of a per-operation handler (see \`MockResolved\`). */
export type MockResolver<A, D extends keyof A, P, Q, B> = (
  input: MockRequest<P, Q, B>,
) => MockResolved<A, D> | Promise<MockResolved<A, D>>;`,
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
/** The declared status a request's \`Prefer: code=<status>\` asks for (Prism's convention), if the operation declares it. */
function mswPreferred(
  request: Request,
  answers: MockAnswers,
): number | undefined {
  const code = /(?:^|[\\s;,])code=(\\d{3})\\b/.exec(
    request.headers.get("prefer") ?? "",
  )?.[1];
  return code !== undefined && Number(code) in answers
    ? Number(code)
    : undefined;
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
/** The spec's named examples of an operation's responses, by status and name. */
type MockExamples = {
  readonly [status: number]: { readonly [name: string]: unknown };
};`,
  `
/** The named example a request's \`Prefer: example=<name>\` asks for (Prism's convention), among \`examples\`. */
function mswExample(
  request: Request,
  examples: { readonly [name: string]: unknown } | undefined,
): { value: unknown } | undefined {
  const name = /(?:^|[\\s;,])example="?([^\\s;,"]+)/.exec(
    request.headers.get("prefer") ?? "",
  )?.[1];
  return name !== undefined &&
    examples !== undefined &&
    Object.keys(examples).includes(name)
    ? { value: examples[name] }
    : undefined;
}`,
  `
/**
 * The handler of one operation: without \`override\` it answers \`status\` (or the status of a
 * \`Prefer: code=\` header), as \`createHandlers()\` does; with one, as it says (see \`MockOverride\`).
 */
function mswOperation<
  A extends MockAnswers,
  D extends keyof A,
  P = {},
  Q = {},
  B = unknown,
>(
  method: "get" | "post" | "put" | "patch" | "delete" | "head" | "options",
  path: string,
  answers: A,
  status: number,
  accepts?: (info: {
    request: Request;
    params: Record<string, string | readonly string[] | undefined>;
  }) => boolean,
  examples?: MockExamples,
): (override?: MockOverride<A, D, P, Q, B>) => HttpHandler {
  return (override) => {
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
        const chosen =
          options.status ?? mswPreferred(request, answers) ?? status;
        const example =
          options.status === undefined && options.body === undefined
            ? mswExample(request, examples?.[chosen])
            : undefined;
        const response = example
          ? HttpResponse.json(example.value as never, { status: chosen })
          : await mswResponse(answers[chosen], chosen, options.body);
        for (const [name, value] of Object.entries(options.headers ?? {}))
          response.headers.set(name, value);
        return response;
      },
      { once: options.once === true },
    );
  };
}`,
];

/** The trailing-slash test that most handlers share (emitted where one uses it). */
export const NO_TRAILING_SLASH = `
/** Declines a request whose path ends with \`/\`, which a route of the same method that ends with one takes. */
const mswNoTrailingSlash = (info: { request: Request }): boolean =>
  !new URL(info.request.url).pathname.endsWith("/");`;

/** `mswBuild` and `mswDescribed`: factories of schemas that no response reaches, built from descriptions at run time. */
export const DESCRIBED_RUNTIME: readonly string[] = [
  `
/** Options of a mock factory call. */
export interface MockFactoryOptions {
  /**
   * Varied data: union members in turn, null where the schema allows it, optional properties
   * sometimes left out, array lengths from their minimum up, enum values in turn. Seeded like the
   * rest (\`seedMockData\` restarts the turns). The config's \`variety\` by default.
   */
  variety?: boolean | undefined;
}`,
  `
/** A seeded mock factory: \`overrides\` (a deep partial) are merged in, arrays replaced. */
export type MockFactory<T> = (
  overrides?: MockPartial<T>,
  options?: MockFactoryOptions,
) => T;`,
  `
/** Where a described value cannot be built (a cycle, the depth cap, no valid value): its container gives way. */
const mswCut = {};`,
  `
/** How many varied values each union and enum description has given: the next one's turn. */
const mswTurns = new Map<unknown, number>();`,
  `
/** The next turn of a varied union or enum. */
function mswTurn(desc: unknown): number {
  const turn = mswTurns.get(desc) ?? 0;
  mswTurns.set(desc, turn + 1);
  return turn;
}`,
  `
/** Sets an own property, whatever its name (\`__proto__\` too). */
function mswSet(
  target: Record<string, unknown>,
  name: string,
  value: unknown,
): void {
  Object.defineProperty(target, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}`,
  `
/**
 * A value of a described schema (see \`mswDescriptions\`), built at run time. \`path\` holds the named
 * schemas being built (a ref back to one is cut), \`state.left\` the values left before optional
 * properties are left out and arrays keep their minimum, \`state.vary\` whether to vary.
 */
function mswBuild(
  desc: unknown,
  path: readonly string[],
  state: { left: number; vary: boolean },
): unknown {
  if (typeof desc === "number") {
    state.left--;
    return mswLeaves[desc]!();
  }
  if (!Array.isArray(desc)) return null;
  const [kind, a, b, c] = desc as [string, unknown, unknown, unknown];
  switch (kind) {
    case "r": {
      const key = a as string;
      if (path.includes(key) || path.length >= mswDescriptions.depthCap)
        return mswCut;
      return mswBuild(mswDescriptions.schemas[key], [...path, key], state);
    }
    case "?": {
      if (state.vary ? faker.number.int(3) === 0 : b === 1) return null;
      const value = mswBuild(a, path, state);
      return value === mswCut ? null : value;
    }
    case "o": {
      const value: Record<string, unknown> = {};
      let present = 0;
      for (const [name, item, required] of a as [string, unknown, number][]) {
        if (!required && state.left <= 0 && present >= (b as number)) continue;
        if (!required && state.vary && b === 0 && faker.datatype.boolean())
          continue;
        const built = mswBuild(item, path, state);
        if (built === mswCut) {
          if (required) return mswCut;
          continue;
        }
        mswSet(value, name, built);
        present++;
      }
      return value;
    }
    case "m":
    case "a": {
      const most = state.left > 0 ? (b as number) : (c as number);
      const count = state.vary
        ? faker.number.int({
            min: c as number,
            max: Math.max(most, c as number),
          })
        : most;
      const items: unknown[] = [];
      const keys = new Set<string>();
      for (
        let attempt = 0;
        items.length < count && attempt < count * 20 + 20;
        attempt++
      ) {
        const item = mswBuild(a, path, state);
        if (item === mswCut) return c === 0 ? (kind === "m" ? {} : []) : mswCut;
        const key =
          kind === "m"
            ? faker.lorem.word()
            : desc[4]
              ? JSON.stringify(item)
              : undefined;
        if (key !== undefined && keys.has(key)) continue;
        if (key !== undefined) keys.add(key);
        items.push(kind === "m" ? [key, item] : item);
      }
      if (kind === "a") return items;
      const record: Record<string, unknown> = {};
      for (const [key, item] of items as [string, unknown][])
        mswSet(record, key, item);
      return record;
    }
    case "t": {
      const items: unknown[] = [];
      for (const item of a as unknown[]) {
        const built = mswBuild(item, path, state);
        if (built === mswCut) return mswCut;
        items.push(built);
      }
      return items;
    }
    case "u": {
      const variants = a as [unknown, ...unknown[]][];
      const first = state.vary ? mswTurn(desc) % variants.length : 0;
      for (let i = 0; i < variants.length; i++) {
        const [variant, ...tag] = variants[(first + i) % variants.length]!;
        const value = mswBuild(variant, path, state);
        if (value === mswCut) continue;
        return tag.length > 0 && typeof value === "object" && value !== null
          ? { ...value, [b as string]: tag[0] }
          : value;
      }
      return mswCut;
    }
    case "e": {
      state.left--;
      const values = a as unknown[];
      return state.vary
        ? values[mswTurn(desc) % values.length]
        : faker.helpers.arrayElement(values);
    }
    case "k":
      return a;
    case "s":
      return mswBuild(mswDescriptions.shared[a as number], path, state);
    case "b":
      state.left--;
      return faker.datatype.boolean();
    default:
      return mswCut;
  }
}`,
  `
/** The factory of a described schema: its value built at run time, with \`overrides\` merged in. */
function mswDescribed(key: string): MockFactory<unknown> {
  return (overrides, options) => {
    const vary = options?.variety ?? mswDescriptions.variety;
    const value = mswBuild(["r", key], [], { left: 400, vary });
    return mswMerge(value === mswCut ? null : value, overrides);
  };
}`,
];

/** `mswVaried`: the response bodies under the config's `variety`. */
export const VARIED_RUNTIME: readonly string[] = [
  `
/** A response body built from its description, varied (the config's \`variety\`); typed by \`make\`, its generated value. */
function mswVaried<T>(make: () => T, index: number): T {
  const state = { left: 400, vary: true };
  const value = mswBuild(mswDescriptions.responses[index], [], state);
  return value === mswCut ? make() : (value as T);
}`,
];

/** Names the runtime declares: mock functions never take them. */
export const RUNTIME_NAMES = ["mswResponse", "mswPreferred", "mswMerge", "mswFactory", "mswRequestBody", "mswOperation", "mswNoTrailingSlash", "mswExample", "mswCut", "mswSet", "mswBuild", "mswDescribed", "mswDescriptions", "mswLeaves", "mswTurns", "mswTurn", "mswVaried", "MockFactory", "MockFactoryOptions"];
