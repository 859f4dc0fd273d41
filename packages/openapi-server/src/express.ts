import { code, type ApiModel, type Code } from '@specwright/core';
import { selectorCount, type OperationPlan } from './plan.js';
import { admitsReply, replyGuard } from './reply-emit.js';
import { RouterBuilder, safeContentType, type RouterModuleOptions } from './router-common.js';
import { errorBodyOption, routerErrorTypes } from './router-errors.js';

const req = code.id('req');
const res = code.id('res');

/** `res.status(n).json(payload); return;` */
export function reply(status: number, payload: Code.Expr): Code.Stmt[] {
  return [code.exprStmt(code.dot(code.dot(res, 'status', [code.num(status)]), 'json', [payload])), code.ret()];
}

function handler(b: RouterBuilder, plan: OperationPlan): Code.Expr {
  const params = [code.param(usesRequest(b, plan) ? 'req' : '_req', code.tref('Request')), code.param('res', code.tref('Response'))];
  return code.arrow(params, handlerBody(b, plan), { async: true, returnType: code.tref('Promise', [code.kw('void')]) });
}

function usesRequest(b: RouterBuilder, plan: OperationPlan): boolean {
  return b.routePath(plan).params.length > 0 || b.contextType !== undefined || plan.query !== undefined || plan.body !== undefined;
}

/**
 * One handler for operations sharing a route: the first whose selectors the request carries
 * answers; without one, the request goes on as if the route did not exist.
 */
function sharedHandler(b: RouterBuilder, group: OperationPlan[]): Code.Expr {
  const header = code.arrow([code.param('name')], code.dot(req, 'get', [code.id('name')]));
  const body = b.dispatch(group, (plan) => b.selects(plan, code.member(req, 'url'), header), (plan) => [...handlerBody(b, plan), code.ret()], [code.exprStmt(code.call('next'))]);
  const params = [code.param('req', code.tref('Request')), code.param('res', code.tref('Response'))];
  // Without an operation free of selectors, a request that carries none goes on to the next route.
  if (group.every((plan) => selectorCount(plan) > 0)) params.push(code.param('next', code.tref('NextFunction')));
  return code.arrow(params, body, { async: true, returnType: code.tref('Promise', [code.kw('void')]) });
}

function handlerBody(b: RouterBuilder, plan: OperationPlan): Code.Stmt[] {
  const route = b.routePath(plan);
  const body: Code.Stmt[] = [];
  const args: Code.Expr[] = [];
  // A route name without spec parameters (a static segment matched by pattern) is not read.
  if (route.params.length > 0) {
    body.push(code.constDecl('params', code.as(code.member(req, 'params'), b.paramsType(route))));
    args.push(...b.pathArgs(route, code.id('params')));
  }
  // The context comes first: authorization runs before the body is read (DECISIONS).
  if (b.contextType) body.push(code.constDecl('context', code.awaitExpr(code.dot(code.id('options'), 'createContext', [req, b.routeInfo(plan)]))));

  const query = b.parseQuery(plan, code.member(req, 'url'));
  if (query) {
    b.use('toIssues');
    body.push(code.constDecl('query', query));
    const issues = code.call('toIssues', [code.member(code.member(code.id('query'), 'error'), 'issues')]);
    body.push(code.ifStmt(code.not(code.member(code.id('query'), 'success')), reply(400, b.errorBody(400, 'Invalid query parameters', issues))));
  }

  if (plan.body) b.use('bodyLimit');
  const bodyArg = readBody(b, plan, body, (parser) => code.id(parser), (status, payload) => reply(status, payload()));
  if (bodyArg) args.push(bodyArg);
  if (query) args.push(code.member(code.id('query'), 'data'));
  if (b.contextType) args.push(code.id('context'));

  const call = code.awaitExpr(code.dot(code.id('service'), plan.fn, args));
  const response = plan.response;
  const status = code.dot(res, 'status', [code.num(response.status)]);
  const send = (reply: Code.Expr, types: Code.Expr | undefined) => [code.exprStmt(code.call('sendReply', [res, reply, ...(types ? [types] : [])])), code.ret()];
  const guard = admitsReply(plan) ? [replyGuard(b, plan, send)] : [];
  if (response.kind === 'none') {
    body.push(guard.length > 0 ? code.constDecl('result', call) : code.exprStmt(call), ...b.checkResponse(plan), ...guard);
    body.push(code.exprStmt(code.dot(status, 'end')));
  } else {
    body.push(code.constDecl('result', call), ...b.checkResponse(plan), ...guard);
    const result = code.id('result');
    const encode = b.encodeForm(plan, result);
    const form = code.id('form');
    if (response.kind === 'json') body.push(code.exprStmt(code.dot(status, 'json', [result])));
    else if (encode) {
      const typed = code.dot(status, 'type', [code.member(form, 'contentType')]);
      body.push(encode, code.exprStmt(code.dot(typed, 'send', [code.dot(code.id('Buffer'), 'from', [code.member(form, 'body')])])));
    } else {
      const fallback = response.kind === 'text' ? 'text/plain; charset=utf-8' : 'application/octet-stream';
      const typed = code.dot(status, 'type', [code.str(safeContentType(response.contentType, fallback))]);
      const payload =
        response.kind === 'text'
          ? result
          : code.dot(code.id('Buffer'), 'from', [code.member(result, 'buffer'), code.member(result, 'byteOffset'), code.member(result, 'byteLength')]);
      body.push(code.exprStmt(code.dot(typed, 'send', [payload])));
    }
  }
  return body;
}

/** A body parser of express, created once per router. */
function parserDecl(name: string, kind: 'json' | 'text' | 'raw'): Code.Stmt {
  // The request parameter is typed by express's options (node's IncomingMessage).
  const type = kind === 'json' ? code.arrow([code.param('request')], code.call('isJsonType', [code.index(code.member(code.id('request'), 'headers'), code.str('content-type'))])) : code.arrow([], code.bool(true));
  const props = [code.prop('limit', code.id('bodyLimit')), code.prop('type', type)];
  if (kind === 'json') props.splice(1, 0, code.prop('strict', code.bool(false)));
  return code.constDecl(name, code.dot(code.id('express'), kind, [code.obj(props)]));
}

/** `router.ts` for express 5: `createRouter(service)` returns a Router to mount under any prefix. */
export function buildExpressRouter(model: ApiModel, plans: OperationPlan[], options: RouterModuleOptions): Code.Module {
  const b = new RouterBuilder('express', model, plans, options, ['express', 'NextFunction', 'Request', 'Response', 'Router']);
  b.use('expressErrors', 'expressParserErrors');
  const registrations = b.registrationOrder().map((group) => {
    const first = group[0]!;
    return code.exprStmt(code.dot(code.id('router'), first.op.method, [code.str(b.routePath(first).pattern), group.length === 1 ? handler(b, first) : sharedHandler(b, group)]));
  });
  const ctx = b.contextType;
  const kinds = new Set(plans.map((p) => p.body?.kind));

  const optionsMembers: Code.TMember[] = [];
  if (ctx) {
    const returns = code.union([code.tref(ctx), code.tref('Promise', [code.tref(ctx)])]);
    const signature = code.tfn([code.param('req', code.tref('Request')), code.param('route', code.tref('RouteInfo'))], returns);
    optionsMembers.push(code.tprop('createContext', signature, { doc: 'Builds the context of each request before its body is read; throw `HttpError` to refuse the request.' }));
    b.use('routeInfo');
  }
  optionsMembers.push(code.tprop('bodyLimit', code.kw('number'), { optional: true, doc: 'Largest request body in bytes that the router parses itself; larger ones get 413.\n@default 1048576' }));
  optionsMembers.push(
    code.tprop('onError', code.tfn([code.param('error', code.kw('unknown')), code.param('req', code.tref('Request'))], code.kw('void')), {
      optional: true,
      doc: 'Called with every error the router answers with 500 (the response never carries it).\n@default console.error',
    }),
  );
  optionsMembers.push(errorBodyOption());
  const errorTypes = routerErrorTypes(b, 422);
  const optionsType = ctx ? code.tref('RouterOptions', [code.tref(ctx)]) : code.tref('RouterOptions');
  const optionsInterface = code.iface('RouterOptions', optionsMembers, { exported: true, doc: 'Options of `createRouter`.', ...(ctx ? { typeParams: [{ name: ctx }] } : {}) });

  const fnBody: Code.Stmt[] = [];
  if (b.snippets.has('bodyLimit')) fnBody.push(code.constDecl('bodyLimit', code.bin(code.member(code.id('options'), 'bodyLimit'), '??', code.id('DEFAULT_BODY_LIMIT'))));
  if (kinds.has('json')) fnBody.push(parserDecl('parseJson', 'json'));
  if (kinds.has('text')) fnBody.push(parserDecl('parseText', 'text'));
  if (kinds.has('bytes')) fnBody.push(parserDecl('parseBytes', 'raw'));
  fnBody.push(code.constDecl('router', code.dot(code.id('express'), 'Router', [code.obj([code.prop('caseSensitive', code.bool(true)), code.prop('strict', code.bool(true))])])));
  fnBody.push(...registrations);
  const errorHandler = code.arrow(
    [code.param('error', code.kw('unknown')), code.param('req', code.tref('Request')), code.param('res', code.tref('Response')), code.param('next', code.tref('NextFunction'))],
    [
      code.ifStmt(code.member(res, 'headersSent'), [code.exprStmt(code.call('next', [code.id('error')])), code.ret()]),
      code.constDecl('answer', code.call('errorResponse', [code.id('error'), b.errors])),
      code.ifStmt(code.bin(code.member(code.id('answer'), 'status'), '>=', code.num(500)), [
        code.exprStmt(code.call(code.bin(code.member(code.id('options'), 'onError'), '??', code.arrow([code.param('failure', code.kw('unknown'))], code.dot(code.id('console'), 'error', [code.id('failure')]))), [code.id('error'), req])),
      ]),
      code.exprStmt(code.dot(code.dot(res, 'status', [code.member(code.id('answer'), 'status')]), 'json', [code.member(code.id('answer'), 'body')])),
    ],
  );
  // With errorBody, a request no route matched gets its 404; without, it goes on as before.
  const notFound = code.arrow([code.param('_req', code.tref('Request')), code.param('res', code.tref('Response'))], [code.exprStmt(code.dot(code.dot(res, 'status', [code.num(404)]), 'json', [b.errorBody(404, 'Not Found')]))]);
  fnBody.push(code.ifStmt(code.bin(b.errors, '!==', code.undef()), [code.exprStmt(code.dot(code.id('router'), 'use', [notFound]))]));
  fnBody.push(code.exprStmt(code.dot(code.id('router'), 'use', [errorHandler])));
  fnBody.push(code.ret(code.id('router')));
  const params = [code.param(plans.length > 0 ? 'service' : '_service', b.serviceType()), ctx ? code.param('options', optionsType) : code.param('options', optionsType, { default: code.obj([]) })];
  const createRouter = code.fn('createRouter', params, fnBody, {
    exported: true,
    returnType: code.tref('Router'),
    doc: [
      'An express Router serving every operation of the spec with `service`; mount it under any prefix',
      "(`app.use('/api', createRouter(service))`). It parses JSON bodies itself unless a parser such as",
      '`express.json()` ran before it (follow that parser with `bodyParserErrors`), and answers errors',
      'raised inside it with a JSON body.',
    ].join('\n'),
    ...(ctx ? { typeParams: [{ name: ctx }] } : {}),
  });

  const typeNames = ['NextFunction', 'Request', 'Response', 'Router'];
  const imports: Code.Stmt[] = [
    { k: 'import', from: 'express', default: 'express', names: typeNames.map((name) => ({ name, typeOnly: true })) },
    ...b.importStatements(),
  ];
  return { header: options.header, body: [...imports, ...b.snippetStatements(), ...errorTypes, optionsInterface, ...b.constants, createRouter] };
}

/**
 * Runs the request's body parser (found at `parserAt(name)`) and checks the body: the service's
 * body argument. NestJS on platform-express reads bodies the same way.
 */
export function readBody(
  b: RouterBuilder,
  plan: OperationPlan,
  body: Code.Stmt[],
  parserAt: (name: string) => Code.Expr,
  refuse: (status: number, payload: () => Code.Expr) => Code.Stmt[],
): Code.Expr | undefined {
  if (!plan.body) return undefined;
  let bodyArg: Code.Expr | undefined;
  b.use('expressMiddleware');
  const parser = plan.body.kind === 'json' ? 'parseJson' : plan.body.kind === 'text' ? 'parseText' : 'parseBytes';
  body.push(code.exprStmt(code.awaitExpr(code.call('runMiddleware', [parserAt(parser), req, res]))));
  const schema = b.bodySchemaFor(plan);
  const value = code.member(req, 'body');
  if (plan.body.kind === 'json') {
    b.use('expressBody');
    body.push(code.ifStmt(code.not(code.call('checkJsonBody', [req, res, b.errors])), [code.ret()]));
    if (schema) {
      const validation = b.validateBody(plan, schema, value, refuse);
      body.push(...validation.statements);
      bodyArg = validation.arg;
    } else {
      if (plan.body.required) {
        body.push(code.ifStmt(code.bin(value, '===', code.undef()), reply(400, b.errorBody(400, 'Request body is required'))));
      }
      const type = b.bodyTypeFor(plan);
      bodyArg = code.as(value, plan.body.required ? type : code.union([type, code.kw('undefined')]));
    }
  } else {
    // The parsers leave req.body undefined when the request has no bytes: an optional body
    // without a media type is absent (undefined); with one (an urlencoded form without fields)
    // and a required body, it is empty (as on fastify and hono).
    const text = plan.body.kind === 'text';
    const test = text ? code.bin(code.unary('typeof', value), '===', code.str('string')) : code.bin(value, 'instanceof', code.id('Uint8Array'));
    const empty = text ? code.str('') : code.newExpr('Uint8Array', [code.num(0)]);
    if (!plan.body.required) b.use('expressHasBody');
    const untyped = code.bin(code.index(code.member(req, 'headers'), code.str('content-type')), '===', code.undef());
    const read = plan.body.required ? code.cond(test, value, empty) : code.cond(code.bin(code.call('hasBody', [req]), '&&', test), value, code.cond(untyped, code.undef(), empty));
    if (schema) {
      body.push(code.constDecl('body', read));
      const validation = b.validateBody(plan, schema, code.id('body'), refuse);
      body.push(...validation.statements);
      bodyArg = validation.arg;
    } else {
      bodyArg = read;
    }
  }
  return bodyArg;
}
