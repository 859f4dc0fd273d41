import { NameScope, code, declaredResponses, pathItemSeparator, routedUrlPath, styleShape, type ApiModel, type Code, type ModuleExports } from '@specwright/core';
import { ImportList } from './imports.js';
import { enumValues, routeGroups, selectorCount, type OperationPlan, type QueryFieldPlan, type QueryShape } from './plan.js';
import { parsePath, routePath, type PathPart, type RoutePath, type RouterFramework } from './route-path.js';
import { SNIPPET_NAMES, snippetTexts, type SnippetId } from './runtime.js';
import { SERVICE_INTERFACE } from './service.js';

export interface RouterModuleOptions {
  header: string;
  /** Import specifier of `schema-types.ts` (`./schema-types.js`). */
  schemaTypes: string;
  /** Import specifier of `service.ts` (`./service.js`). */
  service: string;
  contextType?: string | undefined;
  /**
   * The user-owned schema file (second pass): its import specifier and exports. Bodies whose
   * `<BodyType>Schema` it exports are validated with that schema.
   */
  inputSchema?: { specifier: string; exports: ModuleExports } | undefined;
  /** `validate_responses`: each answer of the service is parsed with its status's declared schema. */
  validateResponses?: boolean | undefined;
}

/** Names the router functions use locally; module-level declarations never take them. */
const LOCAL_NAMES = ['answer', 'app', 'router', 'instance', 'service', '_service', '_options', 'options', 'bodyLimit', 'limits', 'contexts', 'contextHook', 'c', 'req', 'res', 'request', 'reply', 'next', 'error', 'context', 'query', 'body', 'input', 'result', 'form', 'params', 'value', 'parseJson', 'parseText', 'parseBytes', 'z'];

/** Exported API names of every router. */
export const ROUTER_EXPORTS = ['createRouter', 'RouterOptions', 'RouterErrorBodies', 'RouterErrorBody'];

/** The content type a text or bytes response is sent with (a header value must be printable ASCII). */
export function safeContentType(contentType: string | undefined, fallback: string): string {
  return contentType !== undefined && /^[\x21-\x7e][\x20-\x7e]*$/.test(contentType) ? contentType : fallback;
}

/**
 * What every router emitter shares: the module scope, imports of schemas and types, module-level
 * constants (route infos, query fields, segment patterns), and the runtime snippets used.
 */
export class RouterBuilder {
  readonly scope: NameScope;
  readonly schemaValues: ImportList;
  readonly schemaTypes: ImportList;
  readonly constants: Code.Stmt[] = [];
  readonly snippets = new Set<SnippetId>();
  readonly service: string;
  /** Namespace the user-owned schema file is imported as, when it is used. */
  private inputNamespace: string | undefined;
  private readonly routeConsts = new Map<string, string>();

  constructor(
    readonly framework: RouterFramework,
    readonly model: ApiModel,
    readonly plans: OperationPlan[],
    readonly options: RouterModuleOptions,
    frameworkNames: string[],
  ) {
    this.scope = new NameScope([...SNIPPET_NAMES, ...LOCAL_NAMES, ...ROUTER_EXPORTS, ...frameworkNames, ...(options.contextType ? [options.contextType] : [])]);
    this.service = this.scope.claim(SERVICE_INTERFACE);
    this.schemaValues = new ImportList(options.schemaTypes, this.scope, false);
    this.schemaTypes = new ImportList(options.schemaTypes, this.scope, true);
  }

  /** The `errorBody` option as a handler reaches it (NestJS: through the controller's state). */
  errors: Code.Expr = code.member(code.id('options'), 'errorBody');

  /** `routerErrorBody(<errorBody option>, status, message, issues?)`: an error body the router builds itself. */
  errorBody(status: number, message: string, issues?: Code.Expr): Code.Expr {
    this.use('routerErrors');
    return code.call('routerErrorBody', [this.errors, code.num(status), code.str(message), ...(issues ? [issues] : [])]);
  }

  get contextType(): string | undefined {
    return this.options.contextType;
  }

  use(...ids: SnippetId[]): void {
    for (const id of ids) this.snippets.add(id);
  }

  /** `Service` or `Service<AuthContext>`. */
  serviceType(): Code.Type {
    return code.tref(this.service, this.contextType ? [code.tref(this.contextType)] : undefined);
  }

  /** The user's schema for a body the router validates, when the schema file exports `<BodyType>Schema`. */
  inputSchemaFor(plan: OperationPlan): Code.Expr | undefined {
    const input = this.options.inputSchema;
    const declaration = plan.body?.declaration;
    if (!input || !declaration) return undefined;
    const name = `${declaration.type}Schema`;
    if (!input.exports.values.has(name)) return undefined;
    this.inputNamespace ??= this.scope.claim('inputSchemas');
    return code.member(code.id(this.inputNamespace), name);
  }

  /**
   * The schema a body is validated with: the user's `<BodyType>Schema` (input_schema), else the
   * generated one of `schema-types.ts`; none for a body without a schema or one read as bytes.
   */
  bodySchemaFor(plan: OperationPlan): Code.Expr | undefined {
    const declaration = plan.body?.declaration;
    if (!declaration) return undefined;
    return this.inputSchemaFor(plan) ?? code.id(this.schemaValues.use(declaration.schema));
  }

  /**
   * Validation of a body (seed: request validation 1-2, hono and express):
   * `const input = <Schema>.safeParse(value)`, then `reject(422 payload)` on failure. An optional
   * body is validated only when sent (it is undefined when absent).
   * Returns the statements and the argument the service gets.
   */
  validateBody(plan: OperationPlan, schema: Code.Expr, value: Code.Expr, reject: (status: number, payload: () => Code.Expr) => Code.Stmt[]): { statements: Code.Stmt[]; arg: Code.Expr } {
    const body = plan.body!;
    this.use('toIssues');
    const parse = code.dot(schema, 'safeParse', [value]);
    const input = code.id('input');
    const issues = code.call('toIssues', [code.member(code.nonNull(code.member(input, 'error')), 'issues')]);
    // Built only when the router sends it (NestJS answers 400 with its own body).
    const payload = () => {
      this.use('invalidBody');
      return code.call('invalidBody', [this.errors, issues]);
    };
    const failed = body.required ? code.not(code.member(input, 'success')) : code.bin(input, '&&', code.not(code.member(input, 'success')));
    const statements = [code.constDecl('input', body.required ? parse : code.cond(code.bin(value, '===', code.undef()), code.undef(), parse)), code.ifStmt(failed, reject(422, payload))];
    return { statements, arg: code.member(input, 'data', !body.required) };
  }

  /**
   * `validate_responses`: `checkResponse(<fn>ResponseSchemas, operationId, result, status);` after
   * the service call, with a module constant of each declared status's JSON schema (null for a
   * status without one, so its range does not take it). None without the option or a JSON schema.
   */
  checkResponse(plan: OperationPlan): Code.Stmt[] {
    if (!this.options.validateResponses) return [];
    const entries = declaredResponses(plan.op).map((r) => {
      const declaration = plan.names.responses.get(r.status);
      const json = r.response.contents[0]?.kind === 'json' && declaration !== undefined;
      return code.prop(r.status, json ? code.id(this.schemaValues.use(declaration.schema)) : code.nul());
    });
    if (!entries.some((e) => e.value.k !== 'null')) return [];
    this.use('responseCheck');
    const name = this.scope.claim(`${plan.fn}ResponseSchemas`);
    this.constants.push(code.constDecl(name, code.obj(entries), { type: code.tref('Record', [code.kw('string'), code.tref('ResponseSchema')]) }));
    return [code.exprStmt(code.call('checkResponse', [code.id(name), code.str(plan.operationId), code.id('result'), code.num(plan.response.status)]))];
  }

  /** A module constant `<fn>Route: RouteInfo` (seed rule 3), declared once per operation. */
  routeInfo(plan: OperationPlan): Code.Expr {
    let name = this.routeConsts.get(plan.op.key);
    if (name === undefined) {
      this.use('routeInfo');
      name = this.scope.claim(`${plan.fn}Route`);
      this.routeConsts.set(plan.op.key, name);
      const props: Code.ObjectMember[] = [code.prop('operationId', code.str(plan.operationId))];
      if (plan.security) {
        props.push(code.prop('security', code.arr(plan.security.map((s) => code.obj([code.prop('scheme', code.str(s.scheme)), code.prop('scopes', code.arr(s.scopes.map(code.str)))])))));
      }
      this.constants.push(code.constDecl(name, code.obj(props), { type: code.tref('RouteInfo'), doc: `${plan.op.method.toUpperCase()} ${plan.op.path}` }));
    }
    return code.id(name);
  }

  /** A module constant listing the query parameters of an operation. */
  queryFields(plan: OperationPlan, fields: QueryFieldPlan[]): Code.Expr {
    this.use('query');
    const name = this.scope.claim(`${plan.fn}QueryFields`);
    const value = code.arr(fields.map((f) => code.arr([code.str(f.name), code.str(f.style), shapeExpr(f.shape)])));
    this.constants.push(code.constDecl(name, value, { type: code.tref('ReadonlyArray', [code.tref('QueryField')]) }));
    return code.id(name);
  }

  /** `QuerySchema.safeParse(readQuery(url, fields))`, when the operation has query parameters. */
  parseQuery(plan: OperationPlan, url: Code.Expr): Code.Expr | undefined {
    if (!plan.query) return undefined;
    const schema = code.id(this.schemaValues.use(plan.query.declaration.schema));
    const fields = code.call('readQuery', [url, this.queryFields(plan, plan.query.fields)]);
    const read = this.withDefaults(plan, fields);
    // Only a required parameter can be null when absent: an absent optional one stays undefined.
    const nullable = plan.query.fields.filter((f) => f.required && f.nullable).map((f) => code.str(f.name));
    if (nullable.length === 0) return code.dot(schema, 'safeParse', [read]);
    this.use('queryNulls');
    return code.call('withNulls', [code.arrow([code.param('value')], code.dot(schema, 'safeParse', [code.id('value')])), read, code.arr(nullable)]);
  }

  /** `withDefaults(query, <fn>QueryDefaults)` when an optional query parameter declares a `default`. */
  private withDefaults(plan: OperationPlan, query: Code.Expr): Code.Expr {
    const defaults = (plan.query?.fields ?? []).flatMap((f) => (f.default === undefined ? [] : [code.arr([code.str(f.name), code.str(f.default)])]));
    if (defaults.length === 0) return query;
    this.use('queryDefaults');
    const name = this.scope.claim(`${plan.fn}QueryDefaults`);
    const type = code.tref('ReadonlyArray', [code.tref('QueryDefault')]);
    this.constants.push(code.constDecl(name, code.arr(defaults), { type }));
    return code.call('withDefaults', [query, code.id(name)]);
  }

  private readonly routePaths = new Map<OperationPlan, RoutePath>();

  /** The route of an operation; emitters ask for it several times per operation, so it is made once. */
  routePath(plan: OperationPlan): RoutePath {
    let route = this.routePaths.get(plan);
    if (route === undefined) {
      route = this.makeRoutePath(plan);
      this.routePaths.set(plan, route);
    }
    return route;
  }

  private makeRoutePath(plan: OperationPlan): RoutePath {
    const route = routePath(
      this.framework,
      // A label or matrix parameter's prefix (`.`, `;color=`) is routed as text before it.
      routedUrlPath(this.model, plan.op),
      plan.op.pathParams.map((p) => p.name),
      plan.names.pathParams,
      plan.op.pathParams.map((p) => enumValues(this.model, p.schema)),
    );
    const separators = plan.op.pathParams.map((p) => pathItemSeparator(p, styleShape(this.model, p.schema)));
    return separators.some((s) => s !== undefined) ? { ...route, itemSeparators: separators } : route;
  }

  /**
   * Expressions of the path parameters, read from `params` (an object typed with the route's
   * parameter names): the framework's own parameter, or one group of a shared segment.
   */
  pathArgs(route: RoutePath, params: Code.Expr | ((routeName: string) => Code.Expr)): Code.Expr[] {
    return route.params.map((access, i) => {
      const value = typeof params === 'function' ? params(access.routeName) : code.member(params, access.routeName);
      const read = access.kind === 'direct' ? value : this.segmentParam(value, access.pattern, access.group);
      return this.simpleStyle(read, route.itemSeparators?.[i]);
    });
  }

  private segmentParam(value: Code.Expr, pattern: string, group: number): Code.Expr {
    this.use('segment');
    return code.call('segmentParam', [value, this.segmentPattern(pattern), code.num(group)]);
  }

  /** An exploded label or matrix value as the service gets every path parameter: items joined by `,`. */
  private simpleStyle(value: Code.Expr, separator: string | undefined): Code.Expr {
    if (separator === undefined) return value;
    this.use('pathItems');
    return code.call('joinPathItems', [value, code.str(separator)]);
  }

  private readonly patterns = new Map<string, string>();

  private segmentPattern(source: string): Code.Expr {
    let name = this.patterns.get(source);
    if (name === undefined) {
      name = this.scope.claim('segmentPattern');
      this.patterns.set(source, name);
      this.constants.push(code.constDecl(name, code.newExpr('RegExp', [code.str(source)])));
    }
    return code.id(name);
  }

  /** The object type of a route's parameters (`{ petId: string }`). */
  paramsType(route: RoutePath): Code.Type {
    return code.tobj(route.routeNames.map((name) => code.tprop(name, code.kw('string'))));
  }

  /** How an unvalidated body is handed to the service: its declared type, trusted. */
  bodyTypeFor(plan: OperationPlan): Code.Type {
    const body = plan.body;
    if (!body) return code.kw('undefined');
    if (body.kind === 'text') return code.kw('string');
    if (body.kind === 'bytes') return code.tref('Uint8Array');
    return body.declaration ? code.tref(this.schemaTypes.use(body.declaration.type)) : code.kw('unknown');
  }

  /**
   * For a form response: `const form = await encodeForm(result, multipart)`, whose `body` and
   * `contentType` the router sends. Undefined for other responses.
   */
  encodeForm(plan: OperationPlan, result: Code.Expr): Code.Stmt | undefined {
    const kind = plan.response.kind;
    if (kind !== 'multipart' && kind !== 'urlencoded') return undefined;
    this.use('encodeForm');
    return code.constDecl('form', code.awaitExpr(code.call('encodeForm', [result, code.bool(kind === 'multipart')])));
  }

  /** Imports of the service and the schemas, then the user's schema file (namespace). */
  importStatements(): Code.Stmt[] {
    const out: Code.Stmt[] = [code.importFrom(this.options.service, [{ name: SERVICE_INTERFACE, ...(this.service === SERVICE_INTERFACE ? {} : { alias: this.service }) }], { typeOnly: true })];
    const types = this.schemaTypes.statement();
    const values = this.schemaValues.statement();
    if (values) out.push(values);
    if (types) out.push(types);
    if (this.inputNamespace && this.options.inputSchema) out.push({ k: 'import', from: this.options.inputSchema.specifier, namespace: this.inputNamespace });
    return out;
  }

  /** Snippets the router declares itself, under the same names (see `snippetTexts`). */
  readonly replacedSnippets = new Set<SnippetId>();

  snippetStatements(): Code.Stmt[] {
    return snippetTexts(this.snippets, this.replacedSnippets).map((text) => code.canonicalRaw(text));
  }

  /** Whether a request carries the selectors of an operation on a shared route (`selects(...)`). */
  selects(plan: OperationPlan, url: Code.Expr, header: Code.Expr): Code.Expr {
    this.use('selectors');
    let name = this.selectorConsts.get(plan.op.key);
    if (name === undefined) {
      name = this.scope.claim(`${plan.fn}Selectors`);
      this.selectorConsts.set(plan.op.key, name);
      const query = plan.selectors.query.map((q) => code.arr(q.value === undefined ? [code.str(q.name)] : [code.str(q.name), code.str(q.value)]));
      // Lower case: fastify's and node's header objects are keyed so (hono and express ignore case).
      const headers = plan.selectors.headers.map((h) => code.arr([code.str(h.name.toLowerCase()), code.str(h.value)]));
      const value = code.obj([code.prop('query', code.arr(query)), code.prop('headers', code.arr(headers))]);
      this.constants.push(code.constDecl(name, value, { type: code.tref('RouteSelectors'), doc: `${plan.op.method.toUpperCase()} ${plan.op.path}` }));
    }
    return code.call('selects', [url, header, code.id(name)]);
  }

  private readonly selectorConsts = new Map<string, string>();

  /**
   * A shared route's handler body: each operation's statements behind the test of its selectors,
   * the one without selectors last and untested; `otherwise` when no operation's selectors match.
   */
  dispatch(group: OperationPlan[], test: (plan: OperationPlan) => Code.Expr, body: (plan: OperationPlan) => Code.Stmt[], otherwise: Code.Stmt[]): Code.Stmt[] {
    const out: Code.Stmt[] = [];
    for (const plan of group) {
      if (selectorCount(plan) === 0) return [...out, ...body(plan)];
      out.push(code.ifStmt(test(plan), body(plan)));
    }
    return [...out, ...otherwise];
  }

  /**
   * Routes in registration order, each the operations it serves in matching order (see
   * `routeGroups`): static segments before parameters at the same depth (OpenAPI), and among
   * segments mixing text and parameters, the one with more text first: the first-match routers
   * (hono, express) would otherwise give `image(width=1,height=2)` to `image(width={width})`,
   * registered first, with the width `1,height=2` (Graph's sibling functions).
   */
  registrationOrder(): OperationPlan[][] {
    const staticLength = (parts: PathPart[]) => parts.reduce((sum, p) => sum + (p.kind === 'static' ? p.text.length : 0), 0);
    // Per segment: 0 all text, 1 mixed, 2 one parameter; then, for a mixed one, minus its text length.
    const rank = (path: string) =>
      parsePath(path).flatMap((parts) => (parts.every((p) => p.kind === 'static') ? [0, 0] : parts.some((p) => p.kind === 'static') ? [1, -staticLength(parts)] : [2, 0]));
    // Lexicographic, the shorter first on a common prefix: a total order (ending in a tie on
    // unequal lengths made it intransitive, and the sort then put a parameter before a static
    // segment: Autotask's /ResourceAttachments/{id} before /ResourceAttachments/query).
    const compare = (a: number[], b: number[]) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
      return a.length - b.length;
    };
    return routeGroups(this.plans)
      .groups.map((group, index) => ({ group, index, rank: rank(routedUrlPath(this.model, group[0]!.op)) }))
      .sort((a, b) => compare(a.rank, b.rank) || a.index - b.index)
      .map((entry) => entry.group);
  }
}

/** A query shape as a literal; property names go in pairs, never as keys (`__proto__`). */
function shapeExpr(shape: QueryShape): Code.Expr {
  const props: Code.ObjectMember[] = [];
  if (shape.scalars) props.push(code.prop('scalars', code.arr(shape.scalars.map(code.str))));
  if (shape.items) props.push(code.prop('items', shapeExpr(shape.items)));
  if (shape.props) props.push(code.prop('props', code.arr(shape.props.map(([name, prop]) => code.arr([code.str(name), shapeExpr(prop)])))));
  if (shape.rest) props.push(code.prop('rest', shapeExpr(shape.rest)));
  return code.obj(props);
}
