import { GLOBAL_VALUE_NAMES, code as c, isStyledPathParam, mediaKind, requestSelectors, routedUrlPath, routeShape, type ApiModel, type Code, type Operation, type RequestSelectors, type SchemaNode } from '@specwright/core';
import { impossibleValueWarnings } from './impossible-values.js';
import { MockBuilder, SCHEMA_TYPES_NAMESPACE, type SchemaTypesModule } from './mock-values.js';
import { operationAnswers, operationExamples, operationHandler, operationNames, type OperationNames } from './operation-handlers.js';
import { DESCRIBED_RUNTIME, FACTORY_RUNTIME, MERGE_RUNTIME, MOCK_PARTIAL, NO_TRAILING_SLASH, OPERATION_RUNTIME, RUNTIME_NAMES, VARIED_RUNTIME } from './operation-runtime.js';
import { pathParamTests } from './path-tests.js';
import { compareRanks, routePattern, specificity } from './routes.js';
import { FORM_RESPONSE, HELPERS } from './runtime-helpers.js';

export interface HandlerModuleOptions {
  seed: number;
  maxArrayItems: number;
  depthCap: number;
  /** Default route prefix of `createHandlers()`. */
  baseUrl: string;
  /** Copy the spec's named response examples in, for `Prefer: example=<name>`. */
  examples?: boolean | undefined;
  /** Vary the mock data (issue 35): responses and factories built from descriptions with variety. */
  variety?: boolean | undefined;
  /** The client's schema types (`specwright` with a zod_ts section): they type the described factories. */
  schemaTypes?: SchemaTypesModule | undefined;
}

/**
 * `faker.date.recent()` counts back from this date instead of from today, so that the same spec
 * and seed give the same data on every day.
 */
export const REFERENCE_DATE = '2025-01-01T00:00:00.000Z';

/** Statuses whose response has no body at all (MSW throws when given one). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** Names the module declares or imports itself; mock functions never take them. */
const MODULE_NAMES = ['faker', 'Faker', 'base', 'en', 'http', 'HttpResponse', 'HttpHandler', 'handlers', 'createHandlers', 'seedMockData', 'DEFAULT_BASE_URL', 'formResponse', SCHEMA_TYPES_NAMESPACE];

/** What an operation's handler answers (seed: response choice). */
export type ResponsePlan =
  | { kind: 'json'; status: number; schema: SchemaNode }
  | { kind: 'json-null'; status: number }
  | { kind: 'no-body'; status: number }
  | { kind: 'non-json'; status: number; contentType: string }
  | { kind: 'form'; status: number; schema: SchemaNode; multipart: boolean; files: string[] };

/**
 * The first of 200, then 201, then the first 2xx with a JSON body. Without a JSON schema it answers
 * JSON null with the first 2xx status (204 without one), a non-JSON type an empty body of that
 * type; a null-body status (204, 205) answers no body at all. A binary string schema is raw bytes
 * whatever its media type (the client reads a Blob): it answers an empty non-JSON body, typed
 * `application/octet-stream` where the spec calls the bytes JSON. An operation without a 2xx
 * answers 204, which its client function reads as `void`. A multipart or urlencoded
 * response with an object schema answers a mock object encoded as such (a documented deviation
 * from the seed's empty non-JSON bodies: the client reads those fields). `resolve` looks up named
 * schemas.
 */
export function planResponse(operation: Operation, resolve: (key: string) => SchemaNode | undefined = () => undefined): ResponsePlan {
  const success = operation.responses.filter((r) => r.status.startsWith('2'));
  const jsonOf = (r: (typeof success)[number]) => r.contents.find((m) => m.kind === 'json');
  const chosen =
    success.find((r) => r.status === '200') ?? success.find((r) => r.status === '201') ?? success.find((r) => jsonOf(r) !== undefined) ?? success[0];
  if (!chosen) return { kind: 'no-body', status: 204 };
  return planForResponse(chosen, /^\d+$/.test(chosen.status) ? Number(chosen.status) : 200, resolve);
}

/** What one declared response answers with `status` (the rules of `planResponse` after its choice). */
export function planForResponse(chosen: Operation['responses'][number], status: number, resolve: (key: string) => SchemaNode | undefined): ResponsePlan {
  if (NULL_BODY_STATUSES.has(status)) return { kind: 'no-body', status };
  const media = chosen.contents[0];
  if (media && isBinaryString(media.schema, resolve)) return { kind: 'non-json', status, contentType: mediaKind(media.contentType) === 'json' ? 'application/octet-stream' : media.contentType };
  if (media?.kind === 'json' && media.schema) return { kind: 'json', status, schema: media.schema };
  const object = (media?.kind === 'multipart' || media?.kind === 'form') && media.schema ? resolved(media.schema, resolve) : undefined;
  if (media?.schema && object?.kind === 'object') {
    const files = object.properties.filter((p) => isBinaryString(p.schema, resolve) || isBinaryArray(p.schema, resolve)).map((p) => p.name);
    return { kind: 'form', status, schema: media.schema, multipart: media.kind === 'multipart', files };
  }
  if (media && media.kind !== 'json') return { kind: 'non-json', status, contentType: media.contentType };
  return { kind: 'json-null', status };
}

/** A string of raw bytes (`format: binary`, `contentMediaType`), directly or through refs. */
function isBinaryString(schema: SchemaNode | undefined, resolve: (key: string) => SchemaNode | undefined): boolean {
  const node = resolved(schema, resolve);
  return node?.kind === 'string' && node.binary === true;
}

/** An array of binary strings (several files under one field name). */
function isBinaryArray(schema: SchemaNode | undefined, resolve: (key: string) => SchemaNode | undefined): boolean {
  const node = resolved(schema, resolve);
  return node?.kind === 'array' && isBinaryString(node.items, resolve);
}

/** The schema behind references (undefined past 64 hops or an unknown name). */
export function resolved(schema: SchemaNode | undefined, resolve: (key: string) => SchemaNode | undefined): SchemaNode | undefined {
  let node = schema;
  for (let hops = 0; node?.kind === 'ref' && hops < 64; hops++) node = resolve(node.key);
  return node?.kind === 'ref' ? undefined : node;
}

/** The warning for an operation without `responses`, which gets no handler (seed MSW rule 1). */
export function noResponsesWarning(op: Operation): string {
  return `${op.key} (${op.pointer}) declares no responses: no handler is generated for it; a test that calls it needs its own (server.use(http.${op.method}(...)))`;
}

/** The `<op>Handler` that `handlers.ts` exports for each operation with responses, by operation key. */
export function operationHandlerNames(model: ApiModel): Map<string, string> {
  const operations = model.operations.filter((op) => op.responses.length > 0);
  const names = operationNames(operations, [...MODULE_NAMES, ...RUNTIME_NAMES, ...GLOBAL_VALUE_NAMES]);
  return new Map([...names].map(([key, own]) => [key, own.handler]));
}

/** The code tree of `handlers.ts`. */
export function buildHandlersModule(model: ApiModel, options: HandlerModuleOptions): { module: Code.Module; warnings: string[] } {
  const schemas = new Map(model.schemas.map((s) => [s.key, s.schema]));
  // Seed MSW rule 1: "operations without responses are skipped". Each is named in a warning, so a
  // user whose test calls it (`onUnhandledRequest: 'error'`) knows to give it a handler of its own.
  const operations = model.operations.filter((op) => op.responses.length > 0);
  const skipped = model.operations.filter((op) => op.responses.length === 0).map(noResponsesWarning);
  const reserved = [...MODULE_NAMES, ...RUNTIME_NAMES, ...GLOBAL_VALUE_NAMES];
  const opNames = operationNames(operations, reserved);
  const mocks = new MockBuilder(model, options, [...reserved, ...[...opNames.values()].flatMap((n) => [n.handler, n.answers])]);
  // Operations on one route (AWS: every JSON operation is `POST /`) answer only requests that
  // carry their selectors, the most selective first; a handler that declines lets the next one try.
  const groups = new Map<string, Operation[]>();
  for (const op of operations) groups.set(routeShape(op), [...(groups.get(routeShape(op)) ?? []), op]);
  const tests = new Map<string, Code.Expr[]>();
  const warnings: string[] = [...skipped, ...impossibleValueWarnings(model, (node) => mocks.admitsNone(node))];
  for (const group of groups.values()) {
    if (group.length === 1) continue;
    const seen = new Map<string, Operation>();
    for (const op of group) {
      const selectors = requestSelectors(model, op);
      const own = selectorTests(selectors);
      const first = group[0]!;
      // Same URL path and the same selectors (Azure's `#mode=chunk`): no request reaches the later one.
      const key = `${op.urlPath}\n${selectorKey(selectors)}`;
      const earlier = seen.get(key);
      if (earlier) warnings.push(`${op.key} has the same route as ${earlier.key} (same method and URL path, and the same query and header selectors); the handler of ${earlier.key} answers them`);
      else seen.set(key, op);
      // Paths that differ only in parameter names: told apart by the parameters' values.
      if (op !== first && op.urlPath !== first.urlPath) {
        const params = pathParamTests(op, (key) => schemas.get(key));
        if (params.length === 0 && own.length === 0) {
          warnings.push(`${op.key} has the same route as ${first.key} (same method and URL path, up to parameter names) and no parameter type tells their requests apart; the handler of ${first.key} answers them`);
        }
        own.push(...params);
      }
      tests.set(op.key, own);
    }
  }
  const weight = (op: Operation) => tests.get(op.key)?.length ?? 0;
  // A label or matrix parameter's prefix (`.`, `;color=`) is matched as text before it.
  const routed = new Map(operations.map((op) => [op, routedUrlPath(model, op)]));
  const ranks = new Map(operations.map((op) => [op, specificity(routed.get(op)!)]));
  const ordered = [...operations].sort((a, b) => compareRanks(ranks.get(a)!, ranks.get(b)!) || weight(b) - weight(a));
  const slashed = new Set(operations.filter((op) => op.urlPath.endsWith('/')).map((op) => op.method));
  const plans: ResponsePlan[] = [];
  // Per operation (issue 35): its answers table, and its exported handler.
  const tables: Code.Stmt[] = [];
  const opHandlers: (() => Code.Stmt)[] = [];
  const typeAnswers: (() => void)[] = [];
  let sharedSlash = false;
  const handlerExprs = ordered.map((operation) => {
    const labels = new Set(operation.pathParams.filter((p) => isStyledPathParam(p) && p.style === 'label').map((p) => p.name));
    const pattern = routePattern(routed.get(operation)!, labels).pattern;
    const plan = planResponse(operation, (key) => schemas.get(key));
    const names: OperationNames = opNames.get(operation.key)!;
    const answers = operationAnswers(operation, plan, names.answers, mocks, (key) => schemas.get(key));
    plans.push(...answers.plans);
    tables.push(answers.declaration);
    typeAnswers.push(answers.typeAnswers);
    const own = tests.get(operation.key) ?? [];
    const slash = slashed.has(operation.method) && !operation.urlPath.endsWith('/') ? [noTrailingSlash()] : [];
    // Built once the factories are named: a request body typed by its schema's factory.
    const slashOnly = own.length === 0 && slash.length > 0;
    if (slashOnly) sharedSlash = true;
    const examples = options.examples ? operationExamples(operation) : undefined;
    opHandlers.push(() => operationHandler(operation, names, plan.status, pattern, [...slash, ...own], requestBodyType(operation, mocks), slashOnly, examples));
    // The default handler is the operation's own, without an override.
    return c.call(names.handler, [c.id('options')]);
  });

  const body: Code.Stmt[] = [];
  body.push(c.importFrom('@faker-js/faker', ['Faker', 'base', 'en']));
  body.push(
    handlerExprs.length > 0
      ? c.importFrom('msw', ['HttpResponse', 'http', { name: 'HttpHandler', typeOnly: true }])
      : c.importFrom('msw', ['HttpHandler'], { typeOnly: true }),
  );

  // Built and seeded in one pure value, so that a bundle that does not use the handlers drops it.
  const seeded = c.pureValue([
    c.constDecl('faker', c.newExpr('Faker', [c.obj([c.prop('locale', c.arr([c.id('en'), c.id('base')]))])])),
    c.exprStmt(c.call(c.path('faker.seed'), [c.num(options.seed)])),
    c.exprStmt(c.call(c.path('faker.setDefaultRefDate'), [c.str(REFERENCE_DATE)])),
    c.ret(c.id('faker')),
  ]);
  body.push(c.constDecl('faker', seeded, { doc: 'A faker of its own, so that other uses of faker do not shift the mock data sequence.' }));
  // Declared here, once the factories tell whether varied data keeps turns to restart.
  const seedAt = body.push(c.exprStmt(c.nul())) - 1;

  // Responses first: they decide which helpers and mock functions exist; then the factories.
  const requestBodies = operations.map((op) => op.requestBody?.contents.find((m) => m.kind === 'json')?.schema).filter((schema) => schema?.kind === 'ref');
  mocks.addFactories(new Set(requestBodies.map((schema) => schema.key)));
  for (const type of typeAnswers) type();
  const reseed = [c.exprStmt(c.call(c.path('faker.seed'), [c.id('seed')]))];
  if (mocks.hasDescribed()) reseed.push(c.exprStmt(c.call(c.path('mswTurns.clear'))));
  body[seedAt] = c.fn('seedMockData', [c.param('seed', c.kw('number'), { default: c.num(options.seed) })], reseed, {
    exported: true,
    returnType: c.kw('void'),
    doc: 'Restarts the mock data sequence. Call it before each test to make the data independent of test order.',
  });
  const declarations = mocks.declarations();
  if (options.schemaTypes && mocks.typesDescribed()) {
    body.splice(2, 0, { k: 'import', from: options.schemaTypes.specifier, namespace: SCHEMA_TYPES_NAMESPACE, typeOnly: true });
  }
  for (const name of mocks.helpers()) body.push(c.canonicalRaw(HELPERS[name]));
  if (plans.some((plan) => plan.kind === 'form')) body.push(c.canonicalRaw(FORM_RESPONSE));
  const runtime = [
    ...(handlerExprs.length > 0 || mocks.hasFactories() ? [mocks.typesDescribed() ? MOCK_PARTIAL.typed : MOCK_PARTIAL.inferred, ...MERGE_RUNTIME] : []),
    ...(mocks.hasGeneratedFactories() ? FACTORY_RUNTIME : []),
    ...(mocks.hasDescribed() ? DESCRIBED_RUNTIME : []),
    ...(mocks.hasDescribed() && options.variety ? VARIED_RUNTIME : []),
    ...(handlerExprs.length > 0 ? OPERATION_RUNTIME : []),
    ...(sharedSlash ? [NO_TRAILING_SLASH] : []),
  ];
  for (const text of runtime) body.push(c.canonicalRaw(text));
  body.push(...declarations);

  if (handlerExprs.length > 0) {
    body.push(c.constDecl('DEFAULT_BASE_URL', c.str(options.baseUrl), { doc: 'Prefix of every route unless `createHandlers` is given another.' }));
  }
  body.push(...tables);
  // Declared before `handlers` calls them (they are constants).
  body.push(...opHandlers.map((build) => build()));
  const handlersBody: Code.Stmt[] = [c.ret(c.arr(handlerExprs))];
  const optionsType = c.tobj([c.tprop('baseUrl', c.union([c.kw('string'), c.kw('undefined')]), { optional: true })]);
  body.push(
    c.fn('createHandlers', [c.param(handlerExprs.length > 0 ? 'options' : '_options', optionsType, { default: c.obj([]) })], handlersBody, {
      exported: true,
      returnType: c.tarray(c.tref('HttpHandler')),
      doc: [
        'One request handler per operation, answering with fresh mock data on every request.',
        '`baseUrl` prefixes every route: `*` matches any origin and path prefix; give the base URL',
        'the client calls (`http://localhost:3000/api`) to match only that.',
      ].join('\n'),
    }),
  );
  body.push(c.constDecl('handlers', c.pureCall(c.id('createHandlers')), { exported: true, type: c.tarray(c.tref('HttpHandler')) }));

  return {
    module: { header: 'Generated by openapi-msw. Do not edit: re-run openapi-msw to update it.', body },
    warnings: [...new Set([...warnings, ...mocks.warnings])],
  };
}

/** The selectors as one comparable text, whatever their order. */
function selectorKey(selectors: RequestSelectors): string {
  const query = selectors.query.map((q) => JSON.stringify([q.name, q.value ?? null])).sort();
  const headers = selectors.headers.map((h) => JSON.stringify([h.name.toLowerCase(), h.value])).sort();
  return JSON.stringify([query, headers]);
}

/** Tests (over the resolver's `info`) that a request carries an operation's query and header selectors. */
function selectorTests(selectors: RequestSelectors): Code.Expr[] {
  const tests: Code.Expr[] = [];
  const request = c.member(c.id('info'), 'request');
  if (selectors.query.length > 0) {
    const params = c.member(c.newExpr('URL', [c.member(request, 'url')]), 'searchParams');
    for (const q of selectors.query) {
      tests.push(q.value === undefined ? c.dot(params, 'has', [c.str(q.name)]) : c.bin(c.dot(params, 'get', [c.str(q.name)]), '===', c.str(q.value)));
    }
  }
  for (const h of selectors.headers) tests.push(c.bin(c.dot(c.member(request, 'headers'), 'get', [c.str(h.name)]), '===', c.str(h.value)));
  return tests;
}

/**
 * MSW matches `/dirs/:id` on `/dirs/a/` too (path-to-regexp's non-strict mode; `/dirs/:id/` does
 * require the slash). Where a path of the same method ends with `/` (`/dirs/{id}/` beside
 * `/dirs/{id}`, or `/{a}/` that a `*` base lets `/api/{id}` take), a handler whose path does not
 * declines a request whose path does, whatever the order: the next handler takes it.
 */
function noTrailingSlash(): Code.Expr {
  const pathname = c.member(c.newExpr('URL', [c.member(c.member(c.id('info'), 'request'), 'url')]), 'pathname');
  return c.not(c.dot(pathname, 'endsWith', [c.str('/')]));
}

/** The JSON request body's type in a resolver: its schema's factory's, else `unknown`. */
function requestBodyType(operation: Operation, mocks: MockBuilder): Code.Type {
  const schema = operation.requestBody?.contents.find((m) => m.kind === 'json')?.schema;
  const factory = schema?.kind === 'ref' ? mocks.factoryName(schema.key) : undefined;
  return factory ? c.tref('ReturnType', [c.ttypeof(factory)]) : c.kw('unknown');
}
