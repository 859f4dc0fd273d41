/**
 * The `errorBody` option of `createRouter` (issue 34): the body of each error the router answers by
 * itself, typed by what the operations declare for those statuses.
 */
import { code, responseForStatus, type Code } from '@specwright/core';
import type { RouterBuilder } from './router-common.js';

/**
 * Statuses a router answers by itself: a request that fails validation (400, 422), `createContext`'s
 * refusal (401), a route it does not serve (404), a body too large (413) or of another media type (415).
 */
export const ROUTER_ERROR_STATUSES = [400, 401, 404, 413, 415, 422] as const;

/**
 * The JSON body types the operations declare for a status (its code, else its range, else
 * `default`; core's rule), each once, in operation order. Text and bytes bodies do not count: the
 * router's own answers are JSON.
 */
function declaredBodies(b: RouterBuilder, status: number): Code.Type[] {
  const names = new Set<string>();
  for (const plan of b.plans) {
    const declared = responseForStatus(plan.op, status);
    const declaration = declared && plan.names.responses.get(declared.status);
    if (!declaration || declared.response.contents[0]?.kind !== 'json') continue;
    names.add(b.schemaTypes.use(declaration.type));
  }
  return [...names].map((name) => code.tref(name));
}

/**
 * `export interface RouterErrorBodies { 400: ...; 401: ...; ... }` and `RouterErrorBody`, the union
 * the `errorBody` option returns. A status no operation declares a JSON body for keeps the body the
 * router sends without the option: `ErrorBody`, or `{ error, issues }` for the 422 of hono, express
 * and koa (`validation`: the status a body that fails its schema gets).
 */
export function routerErrorTypes(b: RouterBuilder, validation: 400 | 422): Code.Stmt[] {
  b.use('routerErrors');
  const invalid = code.tobj([code.tprop('error', code.kw('string')), code.tprop('issues', code.tarray(code.tref('Issue')))]);
  const members = ROUTER_ERROR_STATUSES.map((status) => {
    const bodies = declaredBodies(b, status);
    const seed = status === 422 && validation === 422 ? invalid : code.tref('ErrorBody');
    return code.tprop(String(status), code.union(bodies.length > 0 ? bodies : [seed]));
  });
  const bodies = code.iface('RouterErrorBodies', members, {
    exported: true,
    doc: [
      'The body each status the router answers by itself takes: what the operations declare for it',
      '(a union where they differ), else `ErrorBody`. `errorBody` of `createRouter` builds them.',
    ].join('\n'),
  });
  const union = code.typeAlias('RouterErrorBody', code.tindexed(code.tref('RouterErrorBodies'), code.tkeyof(code.tref('RouterErrorBodies'))), {
    exported: true,
    doc: 'What `errorBody` returns: one of `RouterErrorBodies`.',
  });
  return [bodies, union];
}

/** The option's member of `RouterOptions` (`ApiModuleOptions` on NestJS). */
export function errorBodyOption(): Code.TMember {
  return code.tprop('errorBody', code.tfn([code.param('error', code.tref('RouterError'))], code.tref('RouterErrorBody')), {
    optional: true,
    doc: [
      "Builds the JSON body of every error the router answers by itself (a request that fails validation,",
      'a body it cannot read, an `HttpError` thrown by `createContext` or the service, a route it does not',
      'serve), typed by what the spec declares for those statuses (`RouterErrorBodies`).',
      '@default `{ statusCode, error, message }` (plus `issues`), and `{ error, issues }` for a 422',
    ].join('\n'),
  });
}
