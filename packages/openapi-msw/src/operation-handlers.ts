import { NameScope, code as c, declaredResponses, responseForStatus, safeIdentifier, type Code, type Operation, type SchemaNode } from '@specwright/core';
import { planForResponse, resolved, type ResponsePlan } from './handlers.js';
import type { MockBuilder } from './mock-values.js';
import { routePattern } from './routes.js';

/**
 * Per-operation handlers (issue 35): every declared status of an operation answers from one table,
 * `<op>Answers`, keyed by status code. The default handler of `createHandlers()` answers its seed
 * status from it (or the status a `Prefer: code=<status>` header asks for); `<op>Handler(override)`
 * answers the status, body, headers... the override asks for.
 */

/** The names one operation adds to the module. */
export interface OperationNames {
  handler: string;
  answers: string;
}

/** Names of the per-operation handlers and answer tables, claimed in operation order. */
export function operationNames(operations: readonly Operation[], reserved: readonly string[]): Map<string, OperationNames> {
  const scope = new NameScope(reserved);
  const handlers = operations.map((op) => scope.claim(safeIdentifier(`${op.name}Handler`, 'operationHandler')));
  return new Map(operations.map((op, i) => [op.key, { handler: handlers[i]!, answers: scope.claim(safeIdentifier(`${op.name}Answers`, 'operationAnswers')) }]));
}

/** One operation's answers: the table's declaration and the status its default handler answers. */
export interface OperationAnswers {
  declaration: Code.Stmt;
  /** The seed's status (`planResponse`). */
  status: number;
  plans: ResponsePlan[];
  /** Types the JSON answers with the client's types, once the factories are known (`typeAnswers`). */
  typeAnswers: () => void;
}

/**
 * `const <op>Answers = { 200: () => mockPet(), 404: () => mockError(), 204: null }`: the seed's
 * answer under its status, then every other declared response under its representative code (a
 * range or `default` that has none is left out: no code selects it).
 */
export function operationAnswers(operation: Operation, seedPlan: ResponsePlan, name: string, mocks: MockBuilder, resolve: (key: string) => SchemaNode | undefined): OperationAnswers {
  const plans = new Map<number, ResponsePlan>([[seedPlan.status, seedPlan]]);
  for (const declared of declaredResponses(operation)) {
    const code = declared.representative;
    if (code === undefined || plans.has(code)) continue;
    plans.set(code, planForResponse(declared.response, code, resolve));
  }
  const texts = new Map<number, SchemaNode>();
  for (const declared of declaredResponses(operation)) {
    const code = declared.representative;
    const media = declared.response.contents[0];
    // Beside the seed's answer (an empty body, rule 5), a text status answers a mock string, so
    // that a declared schema such as `minLength: 1` holds for what a test asks for.
    if (code === undefined || code === seedPlan.status || texts.has(code) || plans.get(code)?.kind !== 'non-json') continue;
    if (media?.kind === 'text' && media.schema && resolved(media.schema, resolve)?.kind === 'string') texts.set(code, media.schema);
  }
  const json: { answer: Code.Arrow; plan: ResponsePlan & { kind: 'json' }; prop: Code.PropertyAssign }[] = [];
  const props = [...plans].map(([status, plan]) => {
    const text = texts.get(status);
    const answer = text && plan.kind === 'non-json' ? textAnswer(text, plan.contentType, status, mocks) : answerExpr(plan, mocks);
    const prop = c.prop(String(status), answer);
    if (plan.kind === 'json' && answer.k === 'arrow') json.push({ answer, plan, prop });
    return prop;
  });
  // With the client's types (`types_dir`), a JSON answer returns the type the client gives that
  // status's body (its function's result, or `<Op>Errors`), so an override's `body` is typed from
  // the spec, not from the seeded value. A factory called bare is the answer itself (an answer is
  // called with no arguments), when it is so typed or there is no type to give.
  const typeAnswers = () => {
    for (const { answer, plan, prop } of json) {
      const key = responseForStatus(operation, plan.status)?.status;
      const type = key === undefined ? undefined : mocks.responseClientType(operation, key);
      const factory = plan.schema.kind === 'ref' && !plan.schema.nullable ? mocks.calledFactory(answer.body, plan.schema.key) : undefined;
      if (factory && (type === undefined || factory.typed)) prop.value = factory.ident;
      else if (type !== undefined) answer.returnType = type;
    }
  };
  return {
    declaration: c.constDecl(name, c.obj(props)),
    status: seedPlan.status,
    plans: [...plans.values()],
    typeAnswers,
  };
}

/** A text status's answer: a whole response holding a mock string of its schema. */
function textAnswer(schema: SchemaNode, contentType: string, status: number, mocks: MockBuilder): Code.Expr {
  const init = c.obj([c.prop('status', c.num(status)), c.prop('headers', c.obj([c.prop('Content-Type', c.str(contentType))]))]);
  return c.arrow([], c.newExpr(c.id('HttpResponse'), [mocks.response(schema), init]));
}

/** A table entry: a JSON body maker, an empty body's content type, or null (no body). */
function answerExpr(plan: ResponsePlan, mocks: MockBuilder): Code.Expr {
  switch (plan.kind) {
    case 'json':
      return c.arrow([], mocks.response(plan.schema));
    case 'json-null':
      return c.arrow([], c.nul());
    case 'no-body':
      return c.nul();
    case 'non-json':
      return c.str(plan.contentType);
    case 'form': {
      const files = c.arr(plan.files.map((file) => c.str(file)));
      return c.arrow([], c.call('formResponse', [mocks.response(plan.schema), files, c.bool(plan.multipart), c.num(plan.status)]));
    }
  }
}

/**
 * The JSON examples of the operation's declared responses by representative code and name
 * (`{ 200: { cat: {...} } }`), for `Prefer: example=<name>`; undefined when it has none.
 */
export function operationExamples(operation: Operation): Code.Expr | undefined {
  const byStatus: Code.ObjectMember[] = [];
  const seen = new Set<number>();
  for (const declared of declaredResponses(operation)) {
    const code = declared.representative;
    const media = declared.response.contents[0];
    if (code === undefined || seen.has(code) || media?.kind !== 'json' || !media.examples) continue;
    seen.add(code);
    byStatus.push(c.prop(String(code), c.obj(media.examples.map((example) => c.prop(example.name, c.json(example.value))))));
  }
  return byStatus.length > 0 ? c.obj(byStatus) : undefined;
}

/**
 * `export const getPetHandler = mswOperation<typeof getPetAnswers, "200", P, Q, B>(...)`: called
 * without an override it is the default handler (`createHandlers()` calls it); typed with the
 * table's statuses and bodies, the route's parameters and the operation's query parameters.
 * `tests` are the route's (selectors, trailing slash) over `info.request`; `slashOnly` says the
 * only one is the trailing slash's (the shared `mswNoTrailingSlash`).
 */
export function operationHandler(operation: Operation, names: OperationNames, status: number, pattern: string, tests: Code.Expr[], requestBody: Code.Type, slashOnly = false, examples?: Code.Expr): Code.Stmt {
  const route = routePattern(operation.urlPath);
  const params = c.tobj(route.params.map((name) => c.tprop(name, c.kw('string'))));
  const query = c.tobj(operation.queryParams.map((p) => c.tprop(p.name, c.kw('string'), { optional: true })));
  // Trailing type arguments that are their defaults (no parameters, no query, an unknown body) are left out.
  const typeArgs: Code.Type[] = [c.ttypeof(names.answers), c.tlit(String(status)), params, query, requestBody];
  const defaults = [route.params.length === 0, operation.queryParams.length === 0, requestBody.k === 'tkeyword' && requestBody.name === 'unknown'];
  while (typeArgs.length > 2 && defaults[typeArgs.length - 3]) typeArgs.pop();
  const args: Code.Expr[] = [c.str(operation.method), c.str(pattern), c.id(names.answers), c.num(status)];
  if (slashOnly) args.push(c.id('mswNoTrailingSlash'));
  else if (tests.length > 0) args.push(c.arrow([c.param('info')], tests.reduce((all, test) => c.bin(all, '&&', test))));
  if (examples) {
    if (args.length === 4) args.push(c.undef());
    args.push(examples);
  }
  return c.constDecl(names.handler, { ...c.call('mswOperation', args, typeArgs), pure: true }, {
    exported: true,
    doc: 'This operation alone, steered by `override` (see `MockOverride`).',
  });
}
