import { code, type ApiModel, type Code } from '@specwright/core';
import { admitsReply, replyGuard } from './reply-emit.js';
import { selectorCount, type OperationPlan } from './plan.js';
import { RouterBuilder, safeContentType, type RouterModuleOptions } from './router-common.js';
import { errorBodyOption, routerErrorTypes } from './router-errors.js';

const ctx = code.id('ctx');

/** `sendKoaJson(ctx, status, payload); return;` */
function reply(b: RouterBuilder, status: number, payload: Code.Expr): Code.Stmt[] {
  b.use('koaJsonResponse');
  return [code.exprStmt(code.call('sendKoaJson', [ctx, code.num(status), payload])), code.ret()];
}

function handler(b: RouterBuilder, plan: OperationPlan): Code.Expr {
  return code.arrow([code.param('ctx')], handlerBody(b, plan), { async: true });
}

/**
 * One handler for operations sharing a route: the first whose selectors the request carries
 * answers; without one, the request goes on to the next matching route (koa's 404 at the end).
 */
function sharedHandler(b: RouterBuilder, group: OperationPlan[]): Code.Expr {
  const header = code.arrow([code.param('name')], code.dot(ctx, 'get', [code.id('name')]));
  const otherwise = [code.exprStmt(code.awaitExpr(code.call('next')))];
  const body = b.dispatch(group, (plan) => b.selects(plan, code.member(ctx, 'url'), header), (plan) => [...handlerBody(b, plan), code.ret()], otherwise);
  const params = [code.param('ctx')];
  if (group.every((plan) => selectorCount(plan) > 0)) params.push(code.param('next'));
  return code.arrow(params, body, { async: true });
}

function handlerBody(b: RouterBuilder, plan: OperationPlan): Code.Stmt[] {
  const route = b.routePath(plan);
  const body: Code.Stmt[] = [];
  const args: Code.Expr[] = [];
  if (route.params.length > 0) {
    body.push(code.constDecl('params', code.as(code.member(ctx, 'params'), b.paramsType(route))));
    args.push(...b.pathArgs(route, code.id('params')));
  }
  // The context comes first: authorization runs before the body is read (DECISIONS).
  if (b.contextType) body.push(code.constDecl('context', code.awaitExpr(code.dot(code.id('options'), 'createContext', [ctx, b.routeInfo(plan)]))));

  const query = b.parseQuery(plan, code.member(ctx, 'url'));
  if (query) {
    b.use('toIssues');
    body.push(code.constDecl('query', query));
    const issues = code.call('toIssues', [code.member(code.member(code.id('query'), 'error'), 'issues')]);
    body.push(code.ifStmt(code.not(code.member(code.id('query'), 'success')), reply(b, 400, b.errorBody(400, 'Invalid query parameters', issues))));
  }

  let bodyArg: Code.Expr | undefined;
  if (plan.body) {
    const schema = b.bodySchemaFor(plan);
    const rejects = (status: number, payload: () => Code.Expr) => reply(b, status, payload());
    let value: Code.Expr;
    if (plan.body.kind === 'json') {
      b.use('koaJson');
      value = code.awaitExpr(code.call('readKoaJson', [ctx, code.id('parseJson')]));
    } else {
      // An absent text or bytes body is undefined (optional, without a media type) or empty, as on
      // express and fastify.
      b.use('koaBytes', 'bodyLimit');
      body.push(code.constDecl('bytes', code.awaitExpr(code.call('readKoaBytes', [ctx, code.id('bodyLimit')]))));
      const bytes = code.id('bytes');
      const present = plan.body.kind === 'text' ? code.dot(code.newExpr('TextDecoder'), 'decode', [bytes]) : bytes;
      const empty = plan.body.kind === 'text' ? code.str('') : code.newExpr('Uint8Array', [code.num(0)]);
      const absent = plan.body.required ? empty : code.cond(code.bin(code.dot(ctx, 'get', [code.str('content-type')]), '===', code.str('')), code.undef(), empty);
      value = code.cond(code.bin(bytes, '===', code.undef()), absent, present);
    }
    body.push(code.constDecl('body', value));
    if (schema) {
      const validation = b.validateBody(plan, schema, code.id('body'), rejects);
      body.push(...validation.statements);
      bodyArg = validation.arg;
    } else if (plan.body.kind === 'json') {
      if (plan.body.required) {
        body.push(code.ifStmt(code.bin(code.id('body'), '===', code.undef()), reply(b, 400, b.errorBody(400, 'Request body is required'))));
      }
      const type = b.bodyTypeFor(plan);
      bodyArg = code.as(code.id('body'), plan.body.required ? type : code.union([type, code.kw('undefined')]));
    } else {
      bodyArg = code.id('body');
    }
  }
  if (bodyArg) args.push(bodyArg);
  if (query) args.push(code.member(code.id('query'), 'data'));
  if (b.contextType) args.push(code.id('context'));

  const call = code.awaitExpr(code.dot(code.id('service'), plan.fn, args));
  const response = plan.response;
  const status = code.num(response.status);
  const send = (reply: Code.Expr, types: Code.Expr | undefined) => [code.exprStmt(code.call('sendReply', [ctx, reply, ...(types ? [types] : [])])), code.ret()];
  const guard = admitsReply(plan) ? [replyGuard(b, plan, send)] : [];
  if (response.kind === 'none') {
    b.use('koaEmptyResponse');
    body.push(guard.length > 0 ? code.constDecl('result', call) : code.exprStmt(call), ...b.checkResponse(plan), ...guard);
    body.push(code.exprStmt(code.call('sendKoaEmpty', [ctx, status])));
    return body;
  }
  body.push(code.constDecl('result', call), ...b.checkResponse(plan), ...guard);
  const result = code.id('result');
  if (response.kind === 'json') {
    b.use('koaJsonResponse');
    body.push(code.exprStmt(code.call('sendKoaJson', [ctx, status, result])));
    return body;
  }
  body.push(code.exprStmt(code.assign(code.member(ctx, 'status'), status)));
  const encode = b.encodeForm(plan, result);
  const form = code.id('form');
  if (encode) {
    body.push(encode, code.exprStmt(code.assign(code.member(ctx, 'type'), code.member(form, 'contentType'))));
    body.push(code.exprStmt(code.assign(code.member(ctx, 'body'), code.dot(code.id('Buffer'), 'from', [code.member(form, 'body')]))));
  } else {
    const fallback = response.kind === 'text' ? 'text/plain; charset=utf-8' : 'application/octet-stream';
    body.push(code.exprStmt(code.assign(code.member(ctx, 'type'), code.str(safeContentType(response.contentType, fallback)))));
    const payload =
      response.kind === 'text' ? result : code.dot(code.id('Buffer'), 'from', [code.member(result, 'buffer'), code.member(result, 'byteOffset'), code.member(result, 'byteLength')]);
    body.push(code.exprStmt(code.assign(code.member(ctx, 'body'), payload)));
  }
  return body;
}

/** Every method @koa/bodyparser should read a JSON body on (its default leaves out DELETE). */
const PARSED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'TRACE'];

/** `router.ts` for koa 3: `createRouter(service)` returns an @koa/router Router (`app.use(router.routes())`). */
export function buildKoaRouter(model: ApiModel, plans: OperationPlan[], options: RouterModuleOptions): Code.Module {
  const b = new RouterBuilder('koa', model, plans, options, ['Router', 'Context', 'Middleware', 'bodyParser']);
  b.use('koaErrorMiddleware');
  const registrations = b.registrationOrder().map((group) => {
    const first = group[0]!;
    // A prefix and the root route join into `/api/` (strict): `{/}` serves the bare prefix too, as on express.
    const pattern = b.routePath(first).pattern;
    return code.exprStmt(code.dot(code.id('router'), first.op.method, [code.str(pattern === '/' ? '{/}' : pattern), group.length === 1 ? handler(b, first) : sharedHandler(b, group)]));
  });
  const ctxType = b.contextType;
  const usesJson = plans.some((p) => p.body?.kind === 'json');

  const optionsMembers: Code.TMember[] = [];
  if (ctxType) {
    const returns = code.union([code.tref(ctxType), code.tref('Promise', [code.tref(ctxType)])]);
    const signature = code.tfn([code.param('ctx', code.tref('Context')), code.param('route', code.tref('RouteInfo'))], returns);
    optionsMembers.push(code.tprop('createContext', signature, { doc: 'Builds the context of each request before its body is read; throw `HttpError` to refuse the request.' }));
    b.use('routeInfo');
  }
  optionsMembers.push(code.tprop('prefix', code.kw('string'), { optional: true, doc: "Path prefix of every route (`'/api'`)." }));
  optionsMembers.push(code.tprop('bodyLimit', code.kw('number'), { optional: true, doc: 'Largest request body in bytes that the router reads; larger ones get 413.\n@default 1048576' }));
  optionsMembers.push(
    code.tprop('onError', code.tfn([code.param('error', code.kw('unknown')), code.param('ctx', code.tref('Context'))], code.kw('void')), {
      optional: true,
      doc: 'Called with every error the router answers with 500 (the response never carries it).\n@default console.error',
    }),
  );
  optionsMembers.push(errorBodyOption());
  const errorTypes = routerErrorTypes(b, 422);
  const optionsType = ctxType ? code.tref('RouterOptions', [code.tref(ctxType)]) : code.tref('RouterOptions');
  const optionsInterface = code.iface('RouterOptions', optionsMembers, { exported: true, doc: 'Options of `createRouter`.', ...(ctxType ? { typeParams: [{ name: ctxType }] } : {}) });

  const fnBody: Code.Stmt[] = [];
  if (usesJson) b.use('bodyLimit');
  if (b.snippets.has('bodyLimit')) fnBody.push(code.constDecl('bodyLimit', code.bin(code.member(code.id('options'), 'bodyLimit'), '??', code.id('DEFAULT_BODY_LIMIT'))));
  if (usesJson) {
    const parserOptions = code.obj([
      code.prop('enableTypes', code.arr([code.str('json')])),
      code.prop('jsonStrict', code.bool(false)),
      code.prop('jsonLimit', code.id('bodyLimit')),
      code.prop('parsedMethods', code.arr(PARSED_METHODS.map(code.str))),
      code.prop('detectJSON', code.arrow([code.param('request')], code.call('isJsonType', [code.dot(code.id('request'), 'get', [code.str('content-type')])]))),
    ]);
    fnBody.push(code.constDecl('parseJson', code.call('bodyParser', [parserOptions])));
  }
  const prefix = code.cond(code.bin(code.member(code.id('options'), 'prefix'), '===', code.undef()), code.obj([]), code.obj([code.prop('prefix', code.member(code.id('options'), 'prefix'))]));
  fnBody.push(code.constDecl('router', code.newExpr('Router', [code.obj([code.prop('sensitive', code.bool(true)), code.prop('strict', code.bool(true)), code.spread(prefix)])])));
  const onError = code.bin(code.member(code.id('options'), 'onError'), '??', code.arrow([code.param('failure', code.kw('unknown'))], code.dot(code.id('console'), 'error', [code.id('failure')])));
  fnBody.push(code.exprStmt(code.dot(code.id('router'), 'use', [code.call('answerKoaErrors', [onError, b.errors])])));
  fnBody.push(...registrations);
  // With errorBody, a request no route matched (path or method) gets its 404; without, it goes on as before.
  b.use('koaJsonResponse');
  const notFound = code.arrow([code.param('ctx')], [code.exprStmt(code.call('sendKoaJson', [ctx, code.num(404), b.errorBody(404, 'Not Found')]))]);
  fnBody.push(code.ifStmt(code.bin(b.errors, '!==', code.undef()), [code.exprStmt(code.dot(code.id('router'), 'all', [code.str('{/*path}'), notFound]))]));
  fnBody.push(code.ret(code.id('router')));
  const params = [code.param(plans.length > 0 ? 'service' : '_service', b.serviceType()), ctxType ? code.param('options', optionsType) : code.param('options', optionsType, { default: code.obj([]) })];
  const createRouter = code.fn('createRouter', params, fnBody, {
    exported: true,
    returnType: code.tref('Router'),
    doc: [
      'An @koa/router Router serving every operation of the spec with `service`',
      "(`app.use(createRouter(service, { prefix: '/api' }).routes())`). It reads bodies itself (JSON with",
      "@koa/bodyparser) unless a parser such as `bodyParser()` ran before it, and answers errors raised",
      'inside it with a JSON body.',
    ].join('\n'),
    ...(ctxType ? { typeParams: [{ name: ctxType }] } : {}),
  });

  const imports: Code.Stmt[] = [
    code.importFrom('koa', ['Context', 'Middleware'], { typeOnly: true }),
    { k: 'import', from: '@koa/router', default: 'Router', names: [] },
    ...(usesJson ? [code.importFrom('@koa/bodyparser', ['bodyParser'])] : []),
    ...b.importStatements(),
  ];
  return { header: options.header, body: [...imports, ...b.snippetStatements(), ...errorTypes, optionsInterface, ...b.constants, createRouter] };
}
