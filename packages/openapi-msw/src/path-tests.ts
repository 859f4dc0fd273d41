import { code as c, type Code, type Operation, type SchemaNode } from '@specwright/core';
import { routePattern } from './routes.js';

/**
 * Operations whose paths differ only in parameter names (loket.nl's
 * `/payslips/{payrollrunId}` and `/payslips/{year}`) share one MSW route. OpenAPI calls such paths
 * identical, yet real servers tell the requests apart by the parameters' values; so the handler
 * of every such operation but the first declines (returns undefined) a request whose path
 * parameters cannot be its own, and the next handler of the route takes it. The first in spec
 * order keeps every other request, as the generated servers do.
 */

/** Value shapes a path parameter's schema can rule on. */
const SHAPES = {
  integer: '^-?\\d+$',
  number: '^-?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?$',
  boolean: '^(true|false)$',
  uuid: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  date: '^\\d{4}-\\d{2}-\\d{2}$',
} as const;

/**
 * Tests (expressions over the resolver's `info`) that a request's path parameters fit the
 * operation's parameter schemas, for the parameters whose schemas say what their values look like.
 */
export function pathParamTests(operation: Operation, resolve: (key: string) => SchemaNode | undefined): Code.Expr[] {
  const templates = [...operation.urlPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const { params: routeNames } = routePattern(operation.urlPath);
  const parts = operation.urlPath.split(/(\{[^}]+\})/);
  const tests: Code.Expr[] = [];
  templates.forEach((template, i) => {
    // A parameter right after another (`{id}{ext}`) is not in the route: its text is the first's.
    if (parts[2 * i] === '' && i > 0) return;
    const parameter = operation.pathParams.find((p) => p.name === template);
    if (!parameter) return;
    const value = c.call('String', [c.index(c.member(c.id('info'), 'params'), c.str(routeNames[i]!))]);
    const test = valueTest(parameter.schema, resolve, value);
    if (test) tests.push(test);
  });
  return tests;
}

function valueTest(schema: SchemaNode, resolve: (key: string) => SchemaNode | undefined, value: Code.Expr): Code.Expr | undefined {
  let node: SchemaNode | undefined = schema;
  for (let hops = 0; node?.kind === 'ref' && hops < 64; hops++) node = resolve(node.key);
  const shape = (source: string) => c.dot(c.newExpr('RegExp', [c.str(source)]), 'test', [value]);
  switch (node?.kind) {
    case 'number':
      return shape(node.integer || /^int(32|64)$/i.test(node.format ?? '') ? SHAPES.integer : SHAPES.number);
    case 'boolean':
      return shape(SHAPES.boolean);
    case 'string':
      if (node.format === 'uuid') return shape(SHAPES.uuid);
      if (node.format === 'date') return shape(SHAPES.date);
      return undefined;
    case 'enum':
      if (node.values.some((v) => typeof v === 'object')) return undefined;
      return c.dot(c.arr(node.values.map((v) => c.str(String(v)))), 'includes', [value]);
    default:
      return undefined;
  }
}
