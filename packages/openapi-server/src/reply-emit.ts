/**
 * The router side of `reply()` (issue 34): after the service call, a reply is sent with its status,
 * headers and the declared media type of that status (core's rule: code, then range, then default).
 */
import { code, declaredResponses, type Code } from '@specwright/core';
import type { OperationPlan } from './plan.js';
import type { RouterBuilder } from './router-common.js';
import { safeContentType } from './router-common.js';

/** Whether the service method may return a reply: it does for every operation that declares a response. */
export function admitsReply(plan: OperationPlan): boolean {
  return plan.op.responses.length > 0;
}

/**
 * `{ "409": "text/plain", default: "application/json" }`, a module constant, when the operation
 * declares a body that is not JSON; undefined when every reply is JSON.
 */
function replyTypes(b: RouterBuilder, plan: OperationPlan): Code.Expr | undefined {
  // Most operations answer only JSON (or nothing): no table, nothing to build.
  if (declaredResponses(plan.op).every((r) => (r.response.contents[0]?.kind ?? 'json') === 'json')) return undefined;
  const declared = declaredResponses(plan.op).flatMap((r) => {
    const content = r.response.contents[0];
    return content ? [{ status: r.status, contentType: content.contentType, json: content.kind === 'json' }] : [];
  });
  if (declared.every((r) => r.json)) return undefined;
  const name = b.scope.claim(`${plan.fn}ReplyTypes`);
  const fallback = (json: boolean) => (json ? 'application/json; charset=utf-8' : 'application/octet-stream');
  const table = code.obj(declared.map((r) => code.prop(r.status, code.str(safeContentType(r.contentType, fallback(r.json))))));
  b.constants.push(code.constDecl(name, table));
  return code.id(name);
}

/** Each router's snippet that sends a reply. */
const REPLY_SNIPPET = { hono: 'honoReply', express: 'expressReply', fastify: 'fastifyReply', koa: 'koaReply' } as const;

/** The router's reply snippet, and the operation's media-type table if it needs one: once per operation. */
export function useReply(b: RouterBuilder, plan: OperationPlan): Code.Expr | undefined {
  b.use(REPLY_SNIPPET[b.framework]);
  return replyTypes(b, plan);
}

/** `if (isReply(result)) return <send>;`: `send` gets the reply and the media-type table, if any. */
export function replyGuard(b: RouterBuilder, plan: OperationPlan, send: (reply: Code.Expr, types: Code.Expr | undefined) => Code.Stmt[]): Code.Stmt {
  const types = useReply(b, plan);
  const result = code.id('result');
  return code.ifStmt(code.call('isReply', [result]), send(result, types));
}
