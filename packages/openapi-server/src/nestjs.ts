import { code, type ApiModel, type Code } from '@specwright/core';
import { selectorCount, type OperationPlan } from './plan.js';
import { readBody, reply } from './express.js';
import { admitsReply, replyGuard } from './reply-emit.js';
import { RouterBuilder, safeContentType, type RouterModuleOptions } from './router-common.js';
import { errorBodyOption, routerErrorTypes } from './router-errors.js';
import type { SnippetId } from './runtime.js';
import { NEST_SNIPPET_NAMES, nestSnippetClosure, nestSnippetText, type NestSnippetId } from './runtime-nest.js';

const api = code.id('api');
const req = code.id('req');
const res = code.id('res');

/** Names the handlers use locally, besides the routers' own. */
const NEST_LOCAL_NAMES = ['api', 'ApiModuleOptions', 'ApiController', 'express', 'NextFunction', 'Request', 'Response', 'Reflector', 'APP_FILTER'];

/** `@nestjs/common` names the module imports, values then types. */
const COMMON_VALUES = ['Catch', 'Controller', 'HttpException', 'Inject', 'Module', 'Next', 'NotFoundException', 'Req', 'RequestMapping', 'RequestMethod', 'Res', 'SetMetadata', 'UseFilters', 'UseGuards'];
const COMMON_TYPES = ['ArgumentsHost', 'CanActivate', 'DynamicModule', 'ExceptionFilter', 'ModuleMetadata', 'Provider', 'Type'];
/** What the context guard and decorator import besides. */
const CONTEXT_VALUES = ['Injectable', 'createParamDecorator'];
const CONTEXT_TYPES = ['ExecutionContext'];

/**
 * Nest strips a route's trailing slash, and express (not strict by default) lets `/items` answer
 * `/items/`: an empty optional group (`/items/{}`) keeps the slash, and such a route is registered
 * before the one without it.
 */
function nestPattern(pattern: string): string {
  return pattern.length > 1 && pattern.endsWith('/') ? `${pattern}{}` : pattern;
}

/** Routes in registration order, each one ending in `/` moved before its twin without the slash. */
function nestOrder(b: RouterBuilder): OperationPlan[][] {
  const groups = b.registrationOrder();
  const key = (group: OperationPlan[]) => `${group[0]!.op.method} ${b.routePath(group[0]!).pattern}`;
  for (let i = 0; i < groups.length; i++) {
    const k = key(groups[i]!);
    if (!k.endsWith('/') || k.endsWith(' /')) continue;
    const twin = groups.findIndex((group) => key(group) === k.slice(0, -1));
    if (twin !== -1 && twin < i) groups.splice(twin, 0, ...groups.splice(i, 1));
  }
  return groups;
}

/** How a handler gets its context: the guard's (a parameter), or built in the handler (a route shared by operations). */
type ContextSource = 'param' | 'build';

/** The handler of one route: `async (api, req, res, context, next) => { ... }`, trailing unused parameters left out. */
function handler(b: RouterBuilder, plan: OperationPlan): Code.Expr {
  const params = [code.param('api'), code.param(usesRequest(b, plan) ? 'req' : '_req'), code.param('res')];
  if (b.contextType) params.push(code.param('context'));
  return code.arrow(params, handlerBody(b, plan, 'param'), { async: true });
}

function usesRequest(b: RouterBuilder, plan: OperationPlan): boolean {
  return b.routePath(plan).params.length > 0 || plan.query !== undefined || plan.body !== undefined;
}

/**
 * One handler for operations sharing a route: the first whose selectors the request carries
 * answers, with the context built for that operation; without one, the request goes on.
 */
function sharedHandler(b: RouterBuilder, group: OperationPlan[]): Code.Expr {
  const header = code.arrow([code.param('name')], code.dot(req, 'get', [code.id('name')]));
  const body = b.dispatch(group, (plan) => b.selects(plan, code.member(req, 'url'), header), (plan) => [...handlerBody(b, plan, 'build'), code.ret()], [code.exprStmt(code.call('next'))]);
  const params = [code.param('api'), code.param('req'), code.param('res')];
  if (group.every((plan) => selectorCount(plan) > 0)) params.push(code.param('_context'), code.param('next'));
  return code.arrow(params, body, { async: true });
}

function handlerBody(b: RouterBuilder, plan: OperationPlan, context: ContextSource): Code.Stmt[] {
  const route = b.routePath(plan);
  const body: Code.Stmt[] = [];
  const args: Code.Expr[] = [];
  if (route.params.length > 0) {
    body.push(code.constDecl('params', code.as(code.member(req, 'params'), b.paramsType(route))));
    args.push(...b.pathArgs(route, code.id('params')));
  }
  // The guard built the context before the handler ran; a shared route builds it first thing.
  if (b.contextType && context === 'build') body.push(code.constDecl('context', code.awaitExpr(code.dot(api, 'createContext', [req, b.routeInfo(plan)]))));

  const query = b.parseQuery(plan, code.member(req, 'url'));
  if (query) {
    b.use('toIssues');
    body.push(code.constDecl('query', query));
    const issues = code.call('toIssues', [code.member(code.member(code.id('query'), 'error'), 'issues')]);
    body.push(code.ifStmt(code.not(code.member(code.id('query'), 'success')), reply(400, b.errorBody(400, 'Invalid query parameters', issues))));
  }

  // A body that fails its schema: 400 with the issues, as Nest's ValidationPipe and fastify answer.
  const reject = (): Code.Stmt[] => {
    b.use('toIssues');
    const issues = code.call('toIssues', [code.member(code.nonNull(code.member(code.id('input'), 'error')), 'issues')]);
    return reply(400, b.errorBody(400, 'Invalid request body', issues));
  };
  const bodyArg = readBody(b, plan, body, (parser) => code.member(api, parser), reject);
  if (bodyArg) args.push(bodyArg);
  if (query) args.push(code.member(code.id('query'), 'data'));
  if (b.contextType) args.push(code.id('context'));

  const call = code.awaitExpr(code.dot(code.member(api, 'service'), plan.fn, args));
  const response = plan.response;
  const status = code.dot(res, 'status', [code.num(response.status)]);
  const send = (sent: Code.Expr, types: Code.Expr | undefined) => [code.exprStmt(code.call('sendReply', [res, sent, ...(types ? [types] : [])])), code.ret()];
  const guard = admitsReply(plan) ? [replyGuard(b, plan, send)] : [];
  if (response.kind === 'none') {
    body.push(guard.length > 0 ? code.constDecl('result', call) : code.exprStmt(call), ...b.checkResponse(plan), ...guard);
    body.push(code.exprStmt(code.dot(status, 'end')));
    return body;
  }
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
      response.kind === 'text' ? result : code.dot(code.id('Buffer'), 'from', [code.member(result, 'buffer'), code.member(result, 'byteOffset'), code.member(result, 'byteLength')]);
    body.push(code.exprStmt(code.dot(typed, 'send', [payload])));
  }
  return body;
}

/**
 * `router.ts` for NestJS 12 on platform-express: `ApiModule.forRoot({ service, createContext })`
 * declares `ApiController`, whose methods (one per route) hand every operation to the injected
 * service (API_SERVICE). Nest's decorators are applied as functions, over a table of routes.
 */
export function buildNestRouter(model: ApiModel, plans: OperationPlan[], options: RouterModuleOptions): Code.Module {
  const b = new RouterBuilder('express', model, plans, options, [...NEST_SNIPPET_NAMES, ...NEST_LOCAL_NAMES, ...COMMON_VALUES, ...COMMON_TYPES, ...CONTEXT_VALUES, ...CONTEXT_TYPES]);
  b.errors = code.member(api, 'errorBody');
  const ctx = b.contextType;
  const nest: NestSnippetId[] = ['nestHttpError', 'nestTokens', 'nestErrors', 'nestController', ctx ? 'nestModuleContext' : 'nestModule'];
  if (ctx) nest.push('nestContext');
  const routes = nestOrder(b).map((group) => {
    const first = group[0]!;
    const shared = group.length > 1;
    return code.obj([
      code.prop('name', code.str(first.fn)),
      code.prop('method', code.str(first.op.method.toUpperCase())),
      code.prop('path', code.str(nestPattern(b.routePath(first).pattern))),
      // A route serving several operations has no single RouteInfo: each gets its own context.
      code.prop('info', shared ? code.undef() : b.routeInfo(first)),
      code.prop('handle', shared ? sharedHandler(b, group) : handler(b, first)),
    ]);
  });
  const closure = nestSnippetClosure(nest);
  b.use(...(closure.needs as SnippetId[]));

  const members: Code.TMember[] = [];
  const serviceType = b.serviceType();
  members.push(
    code.tprop('service', code.union([serviceType, code.tref('Type', [serviceType])]), {
      doc: 'The implementation of the service: an object, or an injectable class that Nest instantiates (with the providers of `imports`).',
    }),
  );
  if (ctx) {
    const returns = code.union([code.tref(ctx), code.tref('Promise', [code.tref(ctx)])]);
    const signature = code.tfn([code.param('req', code.tref('Request')), code.param('route', code.tref('RouteInfo'))], returns);
    members.push(code.tprop('createContext', signature, { doc: "Builds the context of each request (ApiContextGuard), before its body is read; throw `HttpError` to refuse the request." }));
  }
  members.push(code.tprop('imports', code.tindexed(code.tref('ModuleMetadata'), code.tlit('imports')), { optional: true, doc: 'Modules whose providers a service class injects.' }));
  members.push(code.tprop('bodyLimit', code.kw('number'), { optional: true, doc: 'Largest request body in bytes that the controller parses itself; larger ones get 413.\n@default 1048576' }));
  members.push(
    code.tprop('onError', code.tfn([code.param('error', code.kw('unknown')), code.param('req', code.tref('Request'))], code.kw('void')), {
      optional: true,
      doc: 'Called with every error the controller answers with 500 (the response never carries it).\n@default console.error',
    }),
  );
  members.push(errorBodyOption());
  const errorTypes = routerErrorTypes(b, 400);
  const optionsInterface = code.iface('ApiModuleOptions', members, { exported: true, doc: 'Options of `ApiModule.forRoot`.', ...(ctx ? { typeParams: [{ name: ctx }] } : {}) });

  const tableService = ctx ? code.tref(b.service, [code.kw('unknown')]) : code.tref(b.service);
  const controllerArgs: Code.Expr[] = [code.arr(routes)];
  if (ctx) controllerArgs.push(code.id('ApiContextGuard'), code.call('ApiContext'));
  const controller = code.constDecl('ApiController', code.call('defineController', controllerArgs, [tableService]), {
    exported: true,
    doc: "The controller of every operation of the spec, each method delegating to the service (API_SERVICE); `ApiModule.forRoot` declares it.",
  });

  const values = [...COMMON_VALUES, ...(ctx ? CONTEXT_VALUES : [])].sort((x, y) => x.localeCompare(y));
  const types = [...COMMON_TYPES, ...(ctx ? CONTEXT_TYPES : [])].sort((x, y) => x.localeCompare(y));
  const imports: Code.Stmt[] = [
    code.importFrom('@nestjs/common', [...values, ...types.map((name) => ({ name, typeOnly: true }))]),
    code.importFrom('@nestjs/core', ['APP_FILTER', ...(ctx ? ['Reflector'] : [])]),
    { k: 'import', from: 'express', default: 'express', names: ['NextFunction', 'Request', 'Response'].map((name) => ({ name, typeOnly: true })) },
    ...b.importStatements(),
  ];
  const nestStatements = closure.ids.map((id) => code.canonicalRaw(nestSnippetText(id)));
  // Nest's HttpError (an HttpException, same name and constructor) stands in for the shared one,
  // which validate_responses' check throws.
  b.replacedSnippets.add('httpError');
  return { header: options.header, body: [...imports, ...b.snippetStatements(), ...nestStatements, ...errorTypes, optionsInterface, ...b.constants, controller] };
}
