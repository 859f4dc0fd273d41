import { code, declaredResponses, type ApiModel, type Code } from '@specwright/core';
import { resolveNode, selectorCount, type OperationPlan, type RequestBodyPlan } from './plan.js';
import { admitsReply, replyGuard, useReply } from './reply-emit.js';
import { RouterBuilder, safeContentType, type RouterModuleOptions } from './router-common.js';
import { errorBodyOption, routerErrorTypes } from './router-errors.js';

const request = code.id('request');
const reply = code.id('reply');

/** Fastify matches content-type parsers by media type; a wildcard range becomes its catch-all. */
function parserType(contentType: string): string {
  return contentType.includes('*') ? '*' : contentType.toLowerCase();
}

const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:\\s*;\\s*${TOKEN}=(?:${TOKEN}|"[^"]*"))*\\s*$`);

/**
 * Whether fastify takes a parser for the type: a media type (`type/subtype`, parameters) or `*`.
 * fastify refuses to start on another (loket.nl declares `applicationjson;version=...`): such a
 * text or bytes body is read under a private type (`addOddTypeParsers`).
 */
function isMediaType(type: string): boolean {
  return type === '*' || MEDIA_TYPE.test(type);
}

/**
 * The service's argument for a JSON body. Fastify gives a missing body as null: an optional body
 * is undefined then. Where the schema takes null, a JSON `null` body (it has a media type) stays null.
 */
function optionalJson(body: RequestBodyPlan, request: Code.Expr, value: Code.Expr): Code.Expr {
  if (body.required) return value;
  return body.nullable ? code.cond(absentBody(request), code.undef(), value) : code.bin(value, '??', code.undef());
}

/**
 * Whether the request came without a body. Fastify gives a missing body and a JSON `null` body
 * alike as null; only the second has a media type.
 */
function absentBody(request: Code.Expr): Code.Expr {
  return code.bin(code.index(code.member(request, 'headers'), code.str('content-type')), '===', code.undef());
}

function bodySchema(b: RouterBuilder, plan: OperationPlan): Code.Expr | undefined {
  const schema = b.bodySchemaFor(plan);
  if (!schema) return undefined;
  // Fastify validates a missing body as null: an optional body accepts both. `z.nullish(schema)`
  // (not the method) also takes zod/mini schemas (openapi-zod-ts's `zod_variant: "mini"`).
  return plan.body!.required ? schema : code.call(code.path('z.nullish'), [schema]);
}

/**
 * A module constant serializing an operation's response as fastify-type-provider-zod does on a
 * route with a response schema (checked, then JSON; a failure is a 500).
 */
function serializer(b: RouterBuilder, plan: OperationPlan, schema: string): Code.Expr {
  const name = b.scope.claim(`${plan.fn}Serializer`);
  const options = [code.prop('schema', code.id(b.schemaValues.use(schema))), code.prop('method', code.str(plan.op.method.toUpperCase())), code.prop('url', code.str(b.routePath(plan).pattern))];
  b.constants.push(code.constDecl(name, code.call('serializeResponse', [code.obj(options)])));
  return code.id(name);
}

function handler(b: RouterBuilder, plan: OperationPlan): Code.Expr {
  return code.arrow([code.param(usesRequest(b, plan) ? 'request' : '_request'), code.param('reply')], handlerBody(b, plan, false), { async: true });
}

function usesRequest(b: RouterBuilder, plan: OperationPlan): boolean {
  return b.routePath(plan).params.length > 0 || b.contextType !== undefined || plan.query !== undefined || plan.body !== undefined;
}

/**
 * A handler's statements. On a route shared by several operations (`shared`) the route carries no
 * schemas, so the body is validated and the response serialized here, with the same compilers
 * and the same errors.
 */
function handlerBody(b: RouterBuilder, plan: OperationPlan, shared: boolean): Code.Stmt[] {
  const route = b.routePath(plan);
  const body: Code.Stmt[] = [];
  const args: Code.Expr[] = [];
  // A route name without spec parameters (a static segment matched by pattern) is not read.
  if (route.params.length > 0) {
    body.push(code.constDecl('params', code.as(code.member(request, 'params'), b.paramsType(route))));
    args.push(...b.pathArgs(route, code.id('params')));
  }
  const query = b.parseQuery(plan, code.member(request, 'url'));
  if (query) {
    b.use('toIssues', 'httpError');
    body.push(code.constDecl('query', query));
    const issues = code.call('toIssues', [code.member(code.member(code.id('query'), 'error'), 'issues')]);
    body.push(code.ifStmt(code.not(code.member(code.id('query'), 'success')), [code.throwStmt(code.newExpr('HttpError', [code.num(400), code.str('Invalid query parameters'), issues]))]));
  }
  const checkedBody = shared ? bodySchema(b, plan) : undefined;
  if (plan.body && checkedBody) {
    b.use('toIssues', 'httpError');
    // Fastify validates a missing body as null.
    body.push(code.constDecl('input', code.dot(checkedBody, 'safeParse', [code.bin(code.member(request, 'body'), '??', code.nul())])));
    const issues = code.call('toIssues', [code.member(code.member(code.id('input'), 'error'), 'issues')]);
    body.push(code.ifStmt(code.not(code.member(code.id('input'), 'success')), [code.throwStmt(code.newExpr('HttpError', [code.num(400), code.str('Invalid request body'), issues]))]));
    const value = code.member(code.id('input'), 'data');
    args.push(optionalJson(plan.body, request, value));
  } else if (plan.body) {
    // The zod type provider types a body that admits no value as `unknown`, not `never`; fastify's
    // validation refuses every such request before the handler runs.
    const value = plan.body.never ? code.as(code.member(request, 'body'), code.kw('never')) : code.member(request, 'body');
    const sent = plan.body.required ? value : code.bin(value, '??', code.undef());
    if (plan.body.kind === 'json') args.push(optionalJson(plan.body, request, value));
    else args.push(code.as(sent, code.tref(plan.body.kind === 'text' ? 'string' : 'Uint8Array')));
  }
  if (query) args.push(code.member(code.id('query'), 'data'));
  if (b.contextType) args.push(code.as(code.dot(code.id('contexts'), 'get', [request]), code.tref(b.contextType)));

  const call = code.awaitExpr(code.dot(code.id('service'), plan.fn, args));
  const response = plan.response;
  // With response schemas on the route but none for the success status, the type provider types
  // send() with the other statuses' bodies: the route's plain reply type sends this one.
  const untyped = !shared && !(response.kind === 'json' && response.declaration) && responseSchemas(b, plan).length > 0;
  const status = code.dot(untyped ? code.as(reply, code.tref('FastifyReply')) : reply, 'code', [code.num(response.status)]);
  // A JSON success goes out through `sendResult`, which sends a reply too.
  const sendsResult = response.kind === 'json' && !(shared && response.declaration);
  const types = sendsResult ? useReply(b, plan) : undefined;
  const guard =
    admitsReply(plan) && !sendsResult ? [replyGuard(b, plan, (sent, table) => [code.ret(code.call('sendReply', [reply, sent, ...(table ? [table] : [])]))])] : [];
  if (response.kind === 'none') {
    body.push(guard.length > 0 ? code.constDecl('result', call) : code.exprStmt(call), ...b.checkResponse(plan), ...guard);
    body.push(code.ret(code.dot(status, 'send')));
  } else {
    body.push(code.constDecl('result', call), ...b.checkResponse(plan), ...guard);
    const result = code.id('result');
    if (response.kind === 'json' && shared && response.declaration) {
      const json = code.dot(status, 'type', [code.str('application/json; charset=utf-8')]);
      body.push(code.ret(code.dot(json, 'send', [code.call(serializer(b, plan, response.declaration.schema), [result])])));
    } else if (response.kind === 'json') {
      // One call per route, not the reply check and the string case inline: a large spec's
      // router is a sixth smaller, and so quicker to write and to compile.
      b.use('fastifyResult');
      body.push(code.ret(code.call('sendResult', [reply, code.num(response.status), result, ...(types ? [types] : [])])));
    } else if (response.kind === 'multipart' || response.kind === 'urlencoded') {
      const form = code.id('form');
      const typed = code.dot(status, 'type', [code.member(form, 'contentType')]);
      body.push(b.encodeForm(plan, result)!, code.ret(code.dot(typed, 'send', [code.dot(code.id('Buffer'), 'from', [code.member(form, 'body')])])));
    } else {
      const fallback = response.kind === 'text' ? 'text/plain; charset=utf-8' : 'application/octet-stream';
      const typed = code.dot(status, 'type', [code.str(safeContentType(response.contentType, fallback))]);
      const payload =
        response.kind === 'text'
          ? result
          : code.dot(code.id('Buffer'), 'from', [code.member(result, 'buffer'), code.member(result, 'byteOffset'), code.member(result, 'byteLength')]);
      body.push(code.ret(code.dot(typed, 'send', [payload])));
    }
  }
  return body;
}

/** `preValidation: refuseForbiddenKeys`: fastify's own refusal depends on the app's options. */
function forbiddenKeysHook(b: RouterBuilder): Code.ObjectMember {
  b.use('fastifyForbiddenKeys');
  return code.prop('preValidation', code.id('refuseForbiddenKeys'));
}

/**
 * Every declared JSON response's schema, keyed as fastify matches them (`404`, `4xx`, `default`),
 * and the success body's under its status. `serializeResponse` checks the 2xx ones and sends
 * every body whole.
 */
function responseSchemas(b: RouterBuilder, plan: OperationPlan): Code.ObjectMember[] {
  // Asked by the handler and by the route options: made once per operation.
  let cached = responseSchemaCache.get(b)?.get(plan);
  if (cached === undefined) {
    cached = makeResponseSchemas(b, plan);
    const perBuilder = responseSchemaCache.get(b) ?? new Map<OperationPlan, Code.ObjectMember[]>();
    responseSchemaCache.set(b, perBuilder.set(plan, cached));
  }
  return cached;
}

const responseSchemaCache = new WeakMap<RouterBuilder, Map<OperationPlan, Code.ObjectMember[]>>();

function makeResponseSchemas(b: RouterBuilder, plan: OperationPlan): Code.ObjectMember[] {
  const out = new Map<string, Code.Expr>();
  const response = plan.response;
  if (response.kind === 'json' && response.declaration) out.set(String(response.status), code.id(b.schemaValues.use(response.declaration.schema)));
  for (const r of declaredResponses(plan.op)) {
    const declaration = plan.names.responses.get(r.status);
    if (r.response.contents[0]?.kind !== 'json' || !declaration) continue;
    const key = r.match === 'range' ? r.status.toLowerCase() : r.status;
    if (!out.has(key)) out.set(key, code.id(b.schemaValues.use(declaration.schema)));
  }
  return [...out].map(([key, value]) => code.prop(key, value));
}

function routeOptions(b: RouterBuilder, plan: OperationPlan): Code.Expr {
  const route = b.routePath(plan);
  const info = b.routeInfo(plan);
  const props: Code.ObjectMember[] = [code.prop('method', code.str(plan.op.method.toUpperCase())), code.prop('url', code.str(route.pattern)), code.prop('config', info)];
  const schema: Code.ObjectMember[] = [];
  const body = bodySchema(b, plan);
  if (body) schema.push(code.prop('body', body));
  const responses = responseSchemas(b, plan);
  if (responses.length > 0) schema.push(code.prop('response', code.obj(responses)));
  if (schema.length > 0) props.push(code.prop('schema', code.obj(schema)));
  // Authorization runs before the body is parsed and validated (DECISIONS).
  if (b.contextType) props.push(code.prop('onRequest', code.call('contextHook', [info])));
  if (plan.body?.kind === 'json') props.push(forbiddenKeysHook(b));
  if (plan.body) props.push(code.spread(code.id('limits')));
  props.push(code.prop('handler', handler(b, plan)));
  return code.obj(props);
}

/**
 * One route for operations sharing a method and URL path: `createContext` gets the route info
 * of the operation whose selectors the request carries, the handler runs that operation, and a
 * request that carries none goes to fastify's 404 handler.
 */
function sharedRouteOptions(b: RouterBuilder, group: OperationPlan[]): Code.Expr {
  const first = group[0]!;
  const header = code.arrow([code.param('name')], code.index(code.member(request, 'headers'), code.id('name')));
  const test = (plan: OperationPlan) => b.selects(plan, code.member(request, 'url'), header);
  const props: Code.ObjectMember[] = [code.prop('method', code.str(first.op.method.toUpperCase())), code.prop('url', code.str(b.routePath(first).pattern))];
  if (b.contextType) {
    // The route info of the operation the request selects, else none (the handler answers 404).
    let info: Code.Expr = code.undef();
    for (const plan of [...group].reverse()) info = selectorCount(plan) === 0 ? b.routeInfo(plan) : code.cond(test(plan), b.routeInfo(plan), info);
    const hook = code.arrow(
      [code.param('request', code.tref('FastifyRequest'))],
      [
        code.constDecl('route', info),
        code.ifStmt(code.bin(code.id('route'), '!==', code.undef()), [
          code.exprStmt(code.dot(code.id('contexts'), 'set', [request, code.awaitExpr(code.dot(code.id('options'), 'createContext', [request, code.id('route')]))])),
        ]),
      ],
      { async: true, returnType: code.tref('Promise', [code.kw('void')]) },
    );
    props.push(code.prop('onRequest', hook));
  }
  if (group.some((plan) => plan.body?.kind === 'json')) props.push(forbiddenKeysHook(b));
  if (group.some((plan) => plan.body)) props.push(code.spread(code.id('limits')));
  const notFound = [code.exprStmt(code.dot(reply, 'callNotFound')), code.ret(reply)];
  const body = b.dispatch(group, test, (plan) => handlerBody(b, plan, true), notFound);
  props.push(code.prop('handler', code.arrow([code.param('request'), code.param('reply')], body, { async: true })));
  return code.obj(props);
}

/** fastify's default `maxParamLength`. */
const FASTIFY_MAX_PARAM_LENGTH = 100;

/**
 * The `maxParamLength` the spec's path parameters need: fastify measures a value with its
 * reserved characters still percent-encoded (`:` is `%3A`), so three times the longest declared
 * `maxLength` of a string path parameter (AWS's ARNs: 2048), at least fastify's default. A
 * parameter without `maxLength` does not count: every spec would need an unbounded limit.
 */
export function neededParamLength(model: ApiModel, plans: OperationPlan[]): number {
  let longest = 0;
  for (const plan of plans) {
    for (const parameter of plan.op.pathParams) {
      const schema = resolveNode(model, parameter.schema);
      if (schema.kind === 'string' && schema.maxLength !== undefined) longest = Math.max(longest, schema.maxLength);
    }
  }
  return Math.max(FASTIFY_MAX_PARAM_LENGTH, longest * 3);
}

/**
 * A warning logged when the plugin is registered on a server whose `maxParamLength` is lower than
 * the spec needs: such values would get 414, and the plugin cannot raise a server option.
 */
function paramLengthCheck(): Code.Stmt[] {
  const config = code.member(code.id('instance'), 'initialConfig');
  const limit = code.bin(
    code.bin(code.member(code.member(config, 'routerOptions'), 'maxParamLength', true), '??', code.member(config, 'maxParamLength')),
    '??',
    code.num(FASTIFY_MAX_PARAM_LENGTH),
  );
  const message = code.template(
    ['createRouter: path parameters of this API can be ', " characters long once percent-encoded, above this server's maxParamLength (", '), so longer values get 414: create it with Fastify({ routerOptions: { maxParamLength } }), maxParamLength being exported by router.ts'],
    [code.id('maxParamLength'), code.id('limit')],
  );
  return [
    code.constDecl('limit', limit),
    code.ifStmt(code.bin(code.id('limit'), '<', code.id('maxParamLength')), [code.exprStmt(code.dot(code.member(code.id('instance'), 'log'), 'warn', [message]))]),
  ];
}

/**
 * `router.ts` for fastify 5: `createRouter(service, { createContext })` returns an async plugin
 * with fastify-type-provider-zod's compilers, body and response schemas, and route config.
 */
export function buildFastifyRouter(model: ApiModel, plans: OperationPlan[], options: RouterModuleOptions): Code.Module {
  const b = new RouterBuilder('fastify', model, plans, options, [
    'FastifyError',
    'FastifyInstance',
    'FastifyPluginAsync',
    'FastifyReply',
    'FastifyRequest',
    'hasZodFastifySchemaValidationErrors',
    'ResponseSerializationError',
    'validatorCompiler',
    'ZodTypeProvider',
    'maxParamLength',
  ]);
  b.use('fastifyErrors', 'fastifyConfig', 'routeInfo', 'fastifySerializer');
  const groups = b.registrationOrder();
  const registrations = groups.map((group) => code.exprStmt(code.dot(code.id('app'), 'route', [group.length === 1 ? routeOptions(b, group[0]!) : sharedRouteOptions(b, group)])));
  const ctx = b.contextType;

  const optionsMembers: Code.TMember[] = [];
  if (ctx) {
    const returns = code.union([code.tref(ctx), code.tref('Promise', [code.tref(ctx)])]);
    const signature = code.tfn([code.param('request', code.tref('FastifyRequest')), code.param('route', code.tref('RouteInfo'))], returns);
    optionsMembers.push(
      code.tprop('createContext', signature, {
        doc: 'Builds the context of each request (an `onRequest` hook: before the body is parsed or validated); throw `HttpError` to refuse the request.',
      }),
    );
  }
  optionsMembers.push(code.tprop('bodyLimit', code.kw('number'), { optional: true, doc: "Largest request body in bytes on these routes; larger ones get 413.\n@default fastify's bodyLimit (1048576)" }));
  optionsMembers.push(errorBodyOption());
  const errorTypes = routerErrorTypes(b, 400);
  const optionsType = ctx ? code.tref('RouterOptions', [code.tref(ctx)]) : code.tref('RouterOptions');
  const optionsInterface = code.iface('RouterOptions', optionsMembers, { exported: true, doc: 'Options of `createRouter`.', ...(ctx ? { typeParams: [{ name: ctx }] } : {}) });

  const paramLength = neededParamLength(model, plans);
  const plugin: Code.Stmt[] = [
    ...(paramLength > FASTIFY_MAX_PARAM_LENGTH ? paramLengthCheck() : []),
    code.exprStmt(code.dot(code.id('instance'), 'setValidatorCompiler', [code.id('validatorCompiler')])),
    code.exprStmt(code.dot(code.id('instance'), 'setSerializerCompiler', [code.id('serializeResponse')])),
    code.exprStmt(
      code.dot(code.id('instance'), 'setErrorHandler', [
        code.arrow([code.param('error', code.tref('FastifyError')), code.param('request'), code.param('reply')], code.call('handleError', [code.id('error'), request, reply, b.errors])),
      ]),
    ),
    // With errorBody, a request no route under the prefix matched gets its 404; without, fastify's.
    code.ifStmt(code.bin(b.errors, '!==', code.undef()), [
      code.exprStmt(
        code.dot(code.id('instance'), 'setNotFoundHandler', [
          code.arrow([code.param('_request'), code.param('reply')], code.dot(code.dot(reply, 'code', [code.num(404)]), 'send', [b.errorBody(404, 'Not Found')])),
        ]),
      ),
    ]),
  ];
  const declared = (kind: 'json' | 'text' | 'bytes') => [...new Set(plans.flatMap((p) => (p.body?.kind === kind ? p.body.contentTypes.map(parserType) : [])))].sort();
  const parsers = (kind: 'json' | 'text' | 'bytes') => declared(kind).filter(isMediaType);
  // fastify parses application/json itself; other JSON types (application/*+json) need its JSON parser.
  for (const [kind, parseAs] of [['json', 'json'], ['text', 'string'], ['bytes', 'buffer']] as const) {
    const types = parsers(kind).filter((type) => kind !== 'json' || (type !== '*' && !/^application\/json\s*(?:;|$)/.test(type)));
    if (types.length === 0) continue;
    b.use('fastifyParsers');
    plugin.push(code.exprStmt(code.call('addBodyParsers', [code.id('instance'), code.arr(types.map(code.str)), code.str(parseAs)])));
  }
  // Types fastify refuses outright are renamed to types it reads (see addOddTypeParsers).
  const odd = (kind: 'text' | 'bytes') => declared(kind).filter((type) => !isMediaType(type));
  if (odd('bytes').length > 0 || odd('text').length > 0) {
    b.use('fastifyOddTypes');
    plugin.push(code.exprStmt(code.call('addOddTypeParsers', [code.id('instance'), code.arr(odd('bytes').map(code.str)), code.arr(odd('text').map(code.str))])));
  }
  // A spec without operations registers no route: no `app` to declare unused.
  if (registrations.length > 0) plugin.push(code.constDecl('app', code.dot(code.id('instance'), 'withTypeProvider', [], [code.tref('ZodTypeProvider')])));
  plugin.push(...registrations);

  const fnBody: Code.Stmt[] = [];
  if (ctx && plans.length > 0) {
    fnBody.push(code.constDecl('contexts', code.newExpr(code.id('WeakMap'), []), { type: code.tref('WeakMap', [code.tref('FastifyRequest'), code.tref(ctx)]) }));
    const hook = code.arrow(
      [code.param('request', code.tref('FastifyRequest'))],
      [code.exprStmt(code.dot(code.id('contexts'), 'set', [request, code.awaitExpr(code.dot(code.id('options'), 'createContext', [request, code.id('route')]))]))],
      { async: true, returnType: code.tref('Promise', [code.kw('void')]) },
    );
    // Shared routes pick their route info per request (sharedRouteOptions).
    if (groups.some((group) => group.length === 1)) fnBody.push(code.constDecl('contextHook', code.arrow([code.param('route', code.tref('RouteInfo'))], hook)));
  }
  if (plans.some((p) => p.body)) {
    fnBody.push(code.constDecl('limits', code.cond(code.bin(code.member(code.id('options'), 'bodyLimit'), '===', code.undef()), code.obj([]), code.obj([code.prop('bodyLimit', code.member(code.id('options'), 'bodyLimit'))]))));
  }
  fnBody.push(code.ret(code.arrow([code.param('instance')], plugin, { async: true })));
  const optionsName = 'options';
  const params = [
    code.param(plans.length > 0 ? 'service' : '_service', b.serviceType()),
    ctx ? code.param(optionsName, optionsType) : code.param(optionsName, optionsType, { default: code.obj([]) }),
  ];
  const createRouter = code.fn('createRouter', params, fnBody, {
    exported: true,
    returnType: code.tref('FastifyPluginAsync'),
    doc: [
      'A fastify plugin serving every operation of the spec with `service`',
      "(`app.register(createRouter(service, { createContext }), { prefix: '/api' })`). Bodies and",
      "responses are checked against their schemas; errors get the JSON body `{ statusCode, error, message }`.",
    ].join('\n'),
    ...(ctx ? { typeParams: [{ name: ctx }] } : {}),
  });

  const fastifyTypes = ['FastifyError', ...(b.snippets.has('fastifyParsers') || b.snippets.has('fastifyOddTypes') ? ['FastifyInstance'] : []), 'FastifyPluginAsync', 'FastifyReply', 'FastifyRequest'];
  const imports: Code.Stmt[] = [
    code.importFrom('fastify', fastifyTypes, { typeOnly: true }),
    code.importFrom('fastify-type-provider-zod', ['hasZodFastifySchemaValidationErrors', 'ResponseSerializationError', 'validatorCompiler', ...(registrations.length > 0 ? [{ name: 'ZodTypeProvider', typeOnly: true }] : [])]),
    // The namespace form (DECISIONS): esbuild then keeps only the zod functions the router calls.
    { k: 'import', from: 'zod', namespace: 'z' },
    ...b.importStatements(),
  ];
  const maxParamLength = code.constDecl('maxParamLength', code.num(paramLength), {
    exported: true,
    doc: "The `maxParamLength` this API's path parameters need (`Fastify({ routerOptions: { maxParamLength } })`): three times the longest `maxLength` of a path parameter, at least fastify's default (100).",
  });
  return { header: options.header, body: [...imports, ...b.snippetStatements(), ...errorTypes, optionsInterface, ...b.constants, maxParamLength, createRouter] };
}
