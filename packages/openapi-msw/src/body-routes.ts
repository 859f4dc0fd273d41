import { isStyledPathParam, routedUrlPath, routeShape, type ApiModel, type Operation } from '@specwright/core';
import { compareSpecificity, routePattern } from './routes.js';

/** Where the mock server checks a request body, in the order `handlers.ts` matches its routes. */
export interface BodyRoute {
  /** Lower case, as MSW's `http.<method>`. */
  method: string;
  /** The MSW route pattern after the base URL (`/books/:id`). */
  pattern: string;
  /** The export of the schemas module that a JSON body must pass; none: the body is not checked. */
  schema?: string | undefined;
  /** A request without a body is refused only when the spec requires one. */
  required: boolean;
}

/**
 * The routes of the handlers' operations with the schema of each one's JSON request body
 * (`bodySchema` names it, for an operation with one). Operations that share a route (told apart
 * by query or header selectors) are not checked: the server could pick the wrong one's schema.
 */
export function bodyRoutes(model: ApiModel, bodySchema: (operation: Operation) => string | undefined): BodyRoute[] {
  const operations = model.operations.filter((op) => op.responses.length > 0);
  const shared = new Map<string, number>();
  for (const op of operations) shared.set(routeShape(op), (shared.get(routeShape(op)) ?? 0) + 1);
  const routed = new Map(operations.map((op) => [op, routedUrlPath(model, op)]));
  const ordered = [...operations].sort((a, b) => compareSpecificity(routed.get(a)!, routed.get(b)!));
  return ordered.map((op) => {
    const labels = new Set(op.pathParams.filter((p) => isStyledPathParam(p) && p.style === 'label').map((p) => p.name));
    const json = op.requestBody?.contents[0]?.kind === 'json';
    const schema = json && shared.get(routeShape(op)) === 1 ? bodySchema(op) : undefined;
    return { method: op.method, pattern: routePattern(routed.get(op)!, labels).pattern, schema, required: op.requestBody?.required ?? false };
  });
}
