import { code, type ApiModel, type Code } from '@specwright/core';
import type { OperationPlan } from './plan.js';
import { RouterBuilder, safeContentType, type RouterModuleOptions } from './router-common.js';
import { admitsReply, replyGuard } from './reply-emit.js';
import { errorBodyOption, routerErrorTypes } from './router-errors.js';
import { snippetTexts } from './runtime.js';

const c = code.id('c');

/** `return c.json(routerErrorBody(options.errorBody, 400, message, toIssues(x.error.issues)), 400);` */
function invalid(b: RouterBuilder, status: 400, message: string, parsed: string): Code.Stmt {
  b.use('toIssues');
  const issues = code.call('toIssues', [code.member(code.member(code.id(parsed), 'error'), 'issues')]);
  return code.ret(code.dot(c, 'json', [b.errorBody(status, message, issues), code.num(status)]));
}

function handler(b: RouterBuilder, plan: OperationPlan): Code.Expr {
  return withRootGuard(b, plan, handlerBody(b, plan));
}

/**
 * hono joins a mount prefix and `/` into the bare prefix (`/api`), while a client of an operation
 * on `/` asks for `/api/`: that route is also registered as `/*`, where it serves only that path.
 */
function isRoot(plan: OperationPlan): boolean {
  return plan.op.urlPath === '/';
}

function withRootGuard(b: RouterBuilder, plan: OperationPlan, body: Code.Stmt[]): Code.Expr {
  if (!isRoot(plan)) return code.arrow([code.param('c')], body, { async: true });
  b.use('honoMountRoot');
  const guard = code.ifStmt(code.not(code.call('atMountRoot', [c])), [code.ret(code.call('next'))]);
  return code.arrow([code.param('c'), code.param('next')], [guard, ...body], { async: true });
}

function handlerBody(b: RouterBuilder, plan: OperationPlan): Code.Stmt[] {
  const route = b.routePath(plan);
  const body: Code.Stmt[] = [];
  const args: Code.Expr[] = [];
  // One decoded parameter per read: hono types each by the route's pattern.
  args.push(...b.pathArgs(route, (name) => code.dot(code.member(c, 'req'), 'param', [code.str(name)])));
  // The context comes first: authorization runs before the body is read (DECISIONS).
  if (b.contextType) body.push(code.constDecl('context', code.awaitExpr(code.dot(code.id('options'), 'createContext', [c, b.routeInfo(plan)]))));

  const query = b.parseQuery(plan, code.member(code.member(c, 'req'), 'url'));
  if (query) {
    b.use('toIssues');
    body.push(code.constDecl('query', query));
    body.push(code.ifStmt(code.not(code.member(code.id('query'), 'success')), [invalid(b, 400, 'Invalid query parameters', 'query')]));
  }

  let bodyArg: Code.Expr | undefined;
  if (plan.body) {
    const reader = plan.body.kind === 'json' ? 'readJsonBody' : plan.body.kind === 'text' ? 'readTextBody' : 'readRawBody';
    b.use(plan.body.kind === 'json' ? 'honoJson' : plan.body.kind === 'text' ? 'honoText' : 'honoRaw', 'bodyLimit');
    body.push(code.constDecl('body', code.awaitExpr(code.call(reader, [c, code.id('bodyLimit'), b.errors]))));
    body.push(code.ifStmt(code.bin(code.id('body'), 'instanceof', code.id('Response')), [code.ret(code.id('body'))]));
    const read = code.member(code.id('body'), 'value');
    // An absent text or bytes body is undefined (optional) or empty (required), as on fastify.
    const empty = plan.body.kind === 'text' ? code.str('') : code.newExpr('Uint8Array', [code.num(0)]);
    const value = plan.body.kind === 'json' || !plan.body.required ? read : code.bin(read, '??', empty);
    const schema = b.bodySchemaFor(plan);
    if (schema) {
      const validation = b.validateBody(plan, schema, value, (status, payload) => [code.ret(code.dot(c, 'json', [payload(), code.num(status)]))]);
      body.push(...validation.statements);
      bodyArg = validation.arg;
    } else if (plan.body.kind === 'json') {
      if (plan.body.required) {
        const missing = code.dot(c, 'json', [b.errorBody(400, 'Request body is required'), code.num(400)]);
        body.push(code.ifStmt(code.bin(value, '===', code.undef()), [code.ret(missing)]));
      }
      const type = b.bodyTypeFor(plan);
      bodyArg = code.as(value, plan.body.required ? type : code.union([type, code.kw('undefined')]));
    } else {
      bodyArg = value;
    }
  }
  if (bodyArg) args.push(bodyArg);
  if (query) args.push(code.member(code.id('query'), 'data'));
  if (b.contextType) args.push(code.id('context'));

  const call = code.awaitExpr(code.dot(code.id('service'), plan.fn, args));
  const response = plan.response;
  const status = code.num(response.status);
  const guard = admitsReply(plan) ? [replyGuard(b, plan, (reply, types) => [code.ret(code.call('replyResponse', types ? [reply, types] : [reply]))])] : [];
  if (response.kind === 'none') {
    body.push(guard.length > 0 ? code.constDecl('result', call) : code.exprStmt(call), ...b.checkResponse(plan), ...guard);
    body.push(code.ret(code.dot(c, 'body', [code.nul(), status])));
  } else {
    body.push(code.constDecl('result', call), ...b.checkResponse(plan), ...guard);
    const result = code.id('result');
    const encode = b.encodeForm(plan, result);
    const form = code.id('form');
    if (response.kind === 'json') body.push(code.ret(code.dot(c, 'json', [result, status])));
    else if (encode) {
      const headers = code.obj([code.prop('content-type', code.member(form, 'contentType'))]);
      body.push(encode, code.ret(code.dot(c, 'body', [code.member(form, 'body'), status, headers])));
    } else {
      const fallback = response.kind === 'text' ? 'text/plain; charset=utf-8' : 'application/octet-stream';
      const headers = code.obj([code.prop('content-type', code.str(safeContentType(response.contentType, fallback)))]);
      // Hono takes bytes backed by an ArrayBuffer only: a copy guarantees that.
      const payload = response.kind === 'text' ? result : code.newExpr('Uint8Array', [result]);
      body.push(code.ret(code.dot(c, 'body', [payload, status, headers])));
    }
  }
  return body;
}

/** One handler for operations sharing a route: the first whose selectors the request carries answers. */
function sharedHandler(b: RouterBuilder, group: OperationPlan[]): Code.Expr {
  const req = code.member(c, 'req');
  const header = code.arrow([code.param('name')], code.dot(req, 'header', [code.id('name')]));
  const body = b.dispatch(group, (plan) => b.selects(plan, code.member(req, 'url'), header), (plan) => handlerBody(b, plan), [code.ret(code.dot(c, 'notFound'))]);
  return withRootGuard(b, group[0]!, body);
}

/** `router.ts` for hono: `createRouter(service)` returns a Hono app, mountable at any prefix. */
export function buildHonoRouter(model: ApiModel, plans: OperationPlan[], options: RouterModuleOptions): Code.Module {
  const b = new RouterBuilder('hono', model, plans, options, ['Hono', 'HonoContext', 'HTTPException', 'ContentfulStatusCode']);
  b.use('honoHttpError');
  const registrations = b.registrationOrder().map((group) => {
    const first = group[0]!;
    const serve = group.length === 1 ? handler(b, first) : sharedHandler(b, group);
    if (!isRoot(first)) return code.exprStmt(code.dot(code.id('app'), first.op.method, [code.str(b.routePath(first).pattern), serve]));
    return code.exprStmt(code.dot(code.id('app'), 'on', [code.str(first.op.method.toUpperCase()), code.arr([code.str('/'), code.str('/*')]), serve]));
  });
  const ctx = b.contextType;

  const optionsMembers: Code.TMember[] = [];
  if (ctx) {
    const returns = code.union([code.tref(ctx), code.tref('Promise', [code.tref(ctx)])]);
    const signature = code.tfn([code.param('c', code.tref('HonoContext')), code.param('route', code.tref('RouteInfo'))], returns);
    optionsMembers.push(code.tprop('createContext', signature, { doc: 'Builds the context of each request before its body is read; throw `HttpError` to refuse the request.' }));
    b.use('routeInfo');
  }
  optionsMembers.push(code.tprop('bodyLimit', code.kw('number'), { optional: true, doc: 'Largest request body in bytes; larger ones get 413.\n@default 1048576' }));
  optionsMembers.push(errorBodyOption());
  const errorTypes = routerErrorTypes(b, 422);
  const optionsType = ctx ? code.tref('RouterOptions', [code.tref(ctx)]) : code.tref('RouterOptions');
  const optionsInterface = code.iface('RouterOptions', optionsMembers, { exported: true, doc: 'Options of `createRouter`.', ...(ctx ? { typeParams: [{ name: ctx }] } : {}) });

  const fnBody: Code.Stmt[] = [];
  if (b.snippets.has('bodyLimit')) fnBody.push(code.constDecl('bodyLimit', code.bin(code.member(code.id('options'), 'bodyLimit'), '??', code.id('DEFAULT_BODY_LIMIT'))));
  fnBody.push(code.constDecl('app', code.newExpr('Hono')), ...registrations, ownErrors(b), code.ret(code.id('app')));
  const optionsName = 'options';
  const params = [
    code.param(plans.length > 0 ? 'service' : '_service', b.serviceType()),
    ctx ? code.param(optionsName, optionsType) : code.param(optionsName, optionsType, { default: code.obj([]) }),
  ];
  const createRouter = code.fn('createRouter', params, fnBody, {
    exported: true,
    returnType: code.tref('Hono'),
    doc: [
      'A Hono app serving every operation of the spec with `service`; mount it at any prefix',
      "(`app.route('/api', createRouter(service))`). Service errors reach the app's error handler.",
    ].join('\n'),
    ...(ctx ? { typeParams: [{ name: ctx }] } : {}),
  });

  // The context type appears in createContext's signature and in the body readers only.
  const usesContext = ctx !== undefined || snippetTexts(b.snippets).some((text) => /\bHonoContext\b/.test(text));
  const imports: Code.Stmt[] = [
    code.importFrom('hono', ['Hono', ...(usesContext ? [{ name: 'Context', alias: 'HonoContext', typeOnly: true }] : [])]),
    code.importFrom('hono/http-exception', ['HTTPException']),
    code.importFrom('hono/utils/http-status', ['ContentfulStatusCode'], { typeOnly: true }),
    ...b.importStatements(),
  ];
  return { header: options.header, body: [...imports, ...b.snippetStatements(), ...errorTypes, optionsInterface, ...b.constants, createRouter] };
}

/**
 * With `errorBody`: an HttpError (from `createContext` or the service) and a request no route
 * matched under the mount are answered with its body. Without it, both go on to the app as before.
 */
function ownErrors(b: RouterBuilder): Code.Stmt {
  const error = code.id('error');
  const status = code.member(error, 'status');
  const httpError = code.ifStmt(code.bin(error, 'instanceof', code.id('HttpError')), [
    code.ret(code.dot(c, 'json', [code.call('routerErrorBody', [b.errors, status, code.member(error, 'message'), code.member(error, 'issues')]), status])),
  ]);
  const onError = code.arrow([code.param('error'), code.param('c')], [httpError, code.throwStmt(error)]);
  const notFound = code.arrow([code.param('c')], code.dot(c, 'json', [b.errorBody(404, 'Not Found'), code.num(404)]));
  return code.ifStmt(code.bin(b.errors, '!==', code.undef()), [
    code.exprStmt(code.dot(code.id('app'), 'onError', [onError])),
    code.exprStmt(code.dot(code.id('app'), 'all', [code.str('/*'), notFound])),
  ]);
}
