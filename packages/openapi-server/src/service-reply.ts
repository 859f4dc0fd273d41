/**
 * `reply()` in service.ts (issue 34): a method returns its success body, or `reply(status, body,
 * init?)` for any response the operation declares. The method's return type admits exactly those
 * statuses (core's rule: an exact code, a range less the declared codes, or any for `default`).
 */
import { code, declaredResponses, type Code, type Response } from '@specwright/core';
import type { ImportList } from './imports.js';
import type { OperationPlan } from './plan.js';

/** Names service.ts declares for replies. */
export const REPLY_NAMES = ['REPLY', 'Reply', 'ReplyInit', 'reply', 'StatusRange', 'Digit', 'NumberOf'];

/** The fixed declarations of service.ts: the reply type, its range helper and `reply()`. */
export const REPLY_DECLARATIONS = `
/** The mark of a reply; routers look for \`Symbol.for("specwright.reply")\`. */
const REPLY: unique symbol = Symbol.for("specwright.reply");

/** Headers sent with a reply. */
export interface ReplyInit {
  headers?: Record<string, string>;
}

/** A response a service method answers with: any status and body its operation declares. */
export interface Reply<S extends number = number, B = unknown> {
  readonly [REPLY]: true;
  readonly status: S;
  readonly body: B;
  readonly headers: Record<string, string> | undefined;
}

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type NumberOf<T> = T extends \`\${infer N extends number}\` ? N : never;

/** The codes of a declared range: \`StatusRange<4>\` is 400 to 499. */
export type StatusRange<H extends 1 | 2 | 3 | 4 | 5> =
  NumberOf<\`\${H}\${Digit}\${Digit}\`>;

/**
 * Answers with \`status\` and \`body\` (omitted for a response without one), and \`init.headers\`:
 * \`return reply(404, { code: "missing", message: "No such book" })\`.
 */
export function reply<S extends number>(status: S): Reply<S, undefined>;
export function reply<S extends number, B>(
  status: S,
  body: B,
  init?: ReplyInit,
): Reply<S, B>;
// Two signatures: without a body, the method's return type would otherwise infer the body type.
export function reply(
  status: number,
  body?: unknown,
  init?: ReplyInit,
): Reply<number, unknown> {
  return {
    [REPLY]: true,
    status,
    body,
    headers: init?.headers,
  };
}
`;

/**
 * `Reply<404, NotFound> | Reply<Exclude<StatusRange<5>, 503>, Problem> | Reply<number, unknown>`:
 * one member per declared response; empty when the operation declares none.
 */
export function replyTypes(plan: OperationPlan, types: ImportList): Code.Type[] {
  const declared = declaredResponses(plan.op);
  const exact = declared.filter((r) => r.match === 'exact').map((r) => Number(r.status));
  return declared.flatMap((r) => {
    let status: Code.Type;
    if (r.match === 'exact') status = code.tlit(Number(r.status));
    else if (r.match === 'default') status = code.kw('number');
    else {
      const hundred = Number(r.status[0]);
      if (hundred < 1 || hundred > 5) return [];
      const range = code.tref('StatusRange', [code.tlit(hundred)]);
      const taken = exact.filter((n) => Math.floor(n / 100) === hundred);
      status = taken.length > 0 ? code.tref('Exclude', [range, code.union(taken.map((n) => code.tlit(n)))]) : range;
    }
    return [code.tref('Reply', [status, bodyType(plan, r.status, r.response, types)])];
  });
}

function bodyType(plan: OperationPlan, status: string, response: Response, types: ImportList): Code.Type {
  const content = response.contents[0];
  if (!content) return code.kw('undefined');
  const decl = plan.names.responses.get(status);
  if (decl && content.kind === 'json') return code.tref(types.use(decl.type));
  if (content.kind === 'text') return code.kw('string');
  return code.kw('unknown');
}
