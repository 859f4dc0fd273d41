import { code as b, type ApiModel, type Code, type NameRegistry, type NameScope, type Operation } from '@specwright/core';
import { declaredOptional, planHooks, type ClientArg, type HooksOptions, type HooksPlan, type KeyEntry, type MutationPlan, type QueryPlan, type ResourcePlan } from './plan.js';
import { ImportTable, ModuleScope, localScope, outerNames } from './scope.js';
import { ADAPTERS, VALUE_PARTS, type Adapter, type AdapterName } from './target.js';

export const CLIENT_MODULE = './client.js';

/** The adapter's type exports, in import order (`QueryClient` and `InfiniteData` first, as React had them). */
const TYPE_PARTS = [
  'QueryClient',
  'queryOptions',
  'queryResult',
  'suspenseOptions',
  'suspenseResult',
  'infiniteOptions',
  'infiniteResult',
  'suspenseInfiniteOptions',
  'suspenseInfiniteResult',
  'mutationOptions',
  'mutationResult',
  'injectQueryOptions',
  'injectInfiniteOptions',
  'injectMutationOptions',
] as const satisfies AdapterName[];

function adapterImports(adapter: Adapter): { values: string[]; types: string[] } {
  const names = (parts: readonly AdapterName[]) => [...new Set(parts.flatMap((part) => adapter.names[part] ?? []))];
  // Angular's QueryClient is a value (the injection token), so no QueryClient type leads the list.
  const [queryClient, ...rest] = adapter.names.QueryClient === undefined ? [] : names(TYPE_PARTS);
  return { values: names(VALUE_PARTS), types: queryClient === undefined ? ['InfiniteData', ...names(TYPE_PARTS)] : [queryClient, 'InfiniteData', ...rest] };
}

/** What one run produces besides the code: the plan (for tests and docs) and warnings. */
export interface HooksModule {
  module: Code.Module;
  plan: HooksPlan;
  warnings: string[];
}

type Variant = 'query' | 'suspense' | 'infinite' | 'suspenseInfinite';

/** The adapter's hook, options and result types behind each kind of query hook. */
const QUERY_VARIANTS = {
  query: { hook: 'query', optionsType: 'queryOptions', resultType: 'queryResult', suspense: false, infinite: false },
  suspense: { hook: 'suspense', optionsType: 'suspenseOptions', resultType: 'suspenseResult', suspense: true, infinite: false },
  infinite: { hook: 'infinite', optionsType: 'infiniteOptions', resultType: 'infiniteResult', suspense: false, infinite: true },
  suspenseInfinite: { hook: 'suspenseInfinite', optionsType: 'suspenseInfiniteOptions', resultType: 'suspenseInfiniteResult', suspense: true, infinite: true },
} as const satisfies Record<Variant, { hook: AdapterName; optionsType: AdapterName; resultType: AdapterName; suspense: boolean; infinite: boolean }>;

function queryHookName(op: QueryPlan, variant: Variant): string {
  const name = { query: op.hook, suspense: op.suspenseHook, infinite: op.infinite?.hook, suspenseInfinite: op.infinite?.suspenseHook }[variant];
  if (name === undefined) throw new Error(`internal: no ${variant} hook planned for ${op.op.key}`);
  return name;
}

/** Seed point 5: `id != null && (options.enabled ?? true)`; spread after it, a caller's `enabled` replaces it. */
function enabledGuard(pathValues: Code.Expr[], options: Code.Expr, optionsOptional: boolean): Code.Expr {
  const present = pathValues.map((value) => b.bin(value, '!=', b.nul()));
  const callerEnabled = b.bin(b.member(options, 'enabled', optionsOptional), '??', b.bool(true));
  return [...present, callerEnabled].reduce((left, right) => b.bin(left, '&&', right));
}

/** Builds `hooks.ts`: key factories, then the hooks of every operation in spec order. */
export function buildHooksModule(model: ApiModel, names: NameRegistry, options: HooksOptions, header: string): HooksModule {
  const adapter = ADAPTERS[options.target];
  const scope = new ModuleScope();
  const plan = planHooks(model, names, options, scope);
  const tanstack = new ImportTable(scope);
  const client = new ImportTable(scope);
  const framework = new ImportTable(scope);
  client.declare('ApiError');
  for (const op of plan.operations) client.declare(op.names.fn);
  const errorMaps = plan.operations.flatMap((op) => (op.names.errors === undefined ? [] : [op.names.errors]));
  for (const name of errorMaps) client.declare(name);
  const adapterNames = adapterImports(adapter);
  for (const name of [...adapterNames.values, ...adapterNames.types]) tanstack.declare(name);
  const frameworkNames = adapter.framework ? [...adapter.framework.values, ...adapter.framework.types] : [];
  for (const name of frameworkNames) framework.declare(name);

  const emitter = new Emitter(adapter, tanstack, client, framework);
  const body: Code.Stmt[] = [];
  for (const resource of plan.resources) if (resource.factory) body.push(...emitter.keyFactory(resource));
  for (const op of plan.operations) {
    if (op.kind === 'query') {
      body.push(emitter.queryHook(op, 'query'));
      if (op.suspenseHook) body.push(emitter.queryHook(op, 'suspense'));
      if (op.infinite) {
        body.push(emitter.queryHook(op, 'infinite'));
        if (op.infinite.suspenseHook) body.push(emitter.queryHook(op, 'suspenseInfinite'));
      }
    } else {
      body.push(...emitter.mutationHook(op));
    }
  }

  const imports: Code.Stmt[] = [];
  const importNames = (table: ImportTable, typeNames: string[]) =>
    table.used().map((i) => ({ name: i.name, ...(i.local !== i.name ? { alias: i.local } : {}), ...(typeNames.includes(i.name) ? { typeOnly: true } : {}) }));
  const tanstackNames = importNames(tanstack, adapterNames.types);
  if (tanstackNames.length > 0) imports.push(b.importFrom(adapter.package, tanstackNames));
  const frameworkImports = importNames(framework, adapter.framework?.types ?? []);
  if (adapter.framework && frameworkImports.length > 0) imports.push(b.importFrom(adapter.framework.module, frameworkImports));
  const clientNames = importNames(client, ['ApiError', ...errorMaps]);
  if (clientNames.length > 0) imports.push(b.importFrom(CLIENT_MODULE, clientNames));
  // A module without imports or exports is a script; `export {}` keeps an empty spec's file a module.
  if (body.length === 0) body.push(b.canonicalRaw('export {};'));
  return { module: { header, body: [...imports, ...body] }, plan, warnings: plan.warnings };
}

/** The code of `hooks.ts` per TanStack adapter; `swr.ts` extends it for SWR (same key factories and types). */
export class Emitter {
  private readonly namesByResource = new Map<ResourcePlan, ReadonlySet<string>>();

  constructor(
    private readonly adapter: Adapter,
    protected readonly tanstack: ImportTable,
    protected readonly client: ImportTable,
    private readonly framework: ImportTable,
  ) {}

  /** Locals of a function emitted for an operation: they avoid every module name it refers to. */
  protected locals(op: QueryPlan | MutationPlan): NameScope {
    const referenced = [this.client.local(op.names.fn)];
    if (op.kind === 'mutation' && op.variablesType) referenced.push(op.variablesType);
    return localScope(referenced, this.resourceNames(op.resource));
  }

  /**
   * The module names every function of a resource refers to, gathered once per resource: GitHub's
   * `repos` has 284 key entries, which each of its hooks' scopes copied.
   */
  private resourceNames(resource: ResourcePlan): ReadonlySet<string> {
    let names = this.namesByResource.get(resource);
    if (!names) {
      const referenced = [...this.tanstack.locals(), ...this.framework.locals(), this.client.local('ApiError')];
      if (resource.factory) referenced.push(resource.factory, resource.allFn, ...resource.entries.map((entry) => entry.fn));
      names = outerNames(referenced);
      this.namesByResource.set(resource, names);
    }
    return names;
  }

  // Types derived from the client function (seed point 2: no type is declared twice).

  protected fn(op: { names: { fn: string } }): string {
    return this.client.use(op.names.fn);
  }

  protected argType(op: QueryPlan | MutationPlan, arg: ClientArg): Code.Type {
    return b.tindexed(b.tref('Parameters', [b.ttypeof(this.fn(op))]), b.tlit(arg.index));
  }

  /** The awaited return type of the client function; for queries, `undefined` made `null` (see `QueryPlan.empty`). */
  protected dataType(op: QueryPlan | MutationPlan): Code.Type {
    const returned = b.tref('Awaited', [b.tref('ReturnType', [b.ttypeof(this.fn(op))])]);
    if (op.kind === 'mutation' || op.empty === 'none') return returned;
    if (op.empty === 'void') return b.kw('null');
    return b.union([b.tref('Exclude', [returned, b.kw('undefined')]), b.kw('null')]);
  }

  /** `ApiError<GetBookErrors>` when the operation declares errors (so `error.is(404)` narrows), else `ApiError`. */
  protected errorType(op: QueryPlan | MutationPlan): Code.Type {
    const errors = op.names.errors;
    const apiError = this.client.use('ApiError');
    return errors === undefined ? b.tref(apiError) : b.tref(apiError, [b.tref(this.client.use(errors))]);
  }

  protected keyType(entry: KeyEntry): Code.Type {
    return b.tref('ReturnType', [b.ttypeof(entry.fn)]);
  }

  private t(name: string, args?: Code.Type[]): Code.Type {
    return b.tref(this.tanstack.use(name), args);
  }

  /** The adapter's export for a part (the config rejects `suspense` where the adapter has none). */
  private name(part: AdapterName): string {
    const name = this.adapter.names[part];
    if (name === undefined) throw new Error(`internal: ${this.adapter.package} has no ${part}`);
    return name;
  }

  /** The type of a hook input: the value itself, a Vue `MaybeRefOrGetter` or a function returning it. */
  private input(type: Code.Type): Code.Type {
    if (this.adapter.inputs === 'vue') return b.tref(this.framework.use('MaybeRefOrGetter'), [type]);
    if (this.adapter.inputs === 'accessor') return b.tfn([], type);
    return type;
  }

  /** Reads a hook input where the adapter tracks it (inside the options function). */
  private read(name: string, optional: boolean): Code.Expr {
    if (this.adapter.inputs === 'vue') return b.call(this.framework.use('toValue'), [b.id(name)]);
    if (this.adapter.inputs === 'accessor') return optional ? { k: 'call', callee: b.id(name), args: [], optional: true } : b.call(b.id(name));
    return b.id(name);
  }

  private optionsType(part: AdapterName, args: Code.Type[]): Code.Type {
    const type = this.t(this.name(part), args);
    return this.adapter.accessorOptionTypes ? b.tref('ReturnType', [type]) : type;
  }

  /**
   * The adapter's `QueryClient` parameter: the client itself, or for Solid and Svelte a function
   * returning it; Angular's `Inject*Options` of the hook's kind (`part`).
   */
  private queryClientType(part: 'injectQueryOptions' | 'injectInfiniteOptions' | 'injectMutationOptions'): Code.Type {
    if (this.adapter.injectorParam) return this.t(this.name(part));
    const type = this.t(this.name('QueryClient'));
    return this.adapter.inputs === 'accessor' ? b.tfn([], type) : type;
  }

  /** The name of that parameter: `queryClient`, Angular's `injectOptions`. */
  private queryClientName(locals: NameScope): string {
    return locals.claim(this.adapter.injectorParam ? 'injectOptions' : 'queryClient');
  }

  /**
   * The options argument of an adapter call: the object, or a function returning it where options
   * are reactive. That function reads each input once into a local (`reads`), so the key and the
   * `queryFn` built together use the same value: a `queryFn` reading the input when it runs would
   * fetch a later id under an earlier id's key.
   */
  private optionsArg(props: Code.ObjectMember[], reads: Code.Stmt[] = []): Code.Expr {
    if (this.adapter.inputs === 'plain') return b.obj(props);
    return b.arrow([], reads.length === 0 ? b.obj(props) : [...reads, b.ret(b.obj(props))]);
  }

  /** A local holding an input read once (`taskIdValue`), or the input itself where inputs are plain values. */
  private readOnce(name: string, optional: boolean, locals: NameScope, reads: Code.Stmt[]): Code.Expr {
    if (this.adapter.inputs === 'plain') return b.id(name);
    const local = locals.claim(`${name}Value`);
    reads.push(b.constDecl(local, this.read(name, optional)));
    return b.id(local);
  }

  protected pageParamType(op: QueryPlan, query: ClientArg): Code.Type {
    const queryObject = b.tref('NonNullable', [this.argType(op, query)]);
    const pageParam = op.infinite!.pageParam;
    if (pageParam === undefined) return b.tref('Partial', [queryObject]);
    return b.tref('NonNullable', [b.tindexed(queryObject, b.tlit(pageParam))]);
  }

  /**
   * `const petKeysList = (params?) => ['pets', 'list', params] as const` for every key (the
   * operation's name, or nothing for the one detail GET, in place of `'list'`: see `planKeyEntries`), then
   * `export const petKeys = { all: petKeysAll, list: petKeysList }`. Hooks call the functions, and
   * the object holds only references (a pure value): an app importing one hook bundles that hook's
   * key function, not its resource's whole factory.
   */
  keyFactory(resource: ResourcePlan): Code.Stmt[] {
    const out: Code.Stmt[] = [b.constDecl(resource.allFn, b.arrow([], constTuple([b.str(resource.name)])))];
    const props: Code.ObjectMember[] = [b.prop('all', b.id(resource.allFn))];
    for (const entry of resource.entries) {
      const locals = this.locals(entry.query);
      const { params, values } = this.argParams(entry.query, locals, { widen: false });
      const items: Code.Expr[] = [b.str(resource.name), ...(entry.label === undefined ? [] : [b.str(entry.label)])];
      const query = values.at(-1);
      const queryArg = entry.query.args.at(-1)?.role === 'query';
      if (entry.infinite && queryArg) items.push(...values.slice(0, -1), b.str('infinite'), query!);
      else items.push(...values);
      out.push(b.constDecl(entry.fn, b.arrow(params, constTuple(items))));
      props.push(b.prop(entry.property, b.id(entry.fn)));
    }
    out.push(b.constDecl(resource.factory, b.obj(props), { exported: true, doc: `Query keys of the resource \`${resource.name}\`.` }));
    return out;
  }

  /**
   * Parameters for the client arguments of an operation (hooks and key factories alike), named
   * so that none shadows a module-level name.
   */
  protected argParams(op: QueryPlan | MutationPlan, locals: NameScope, options: { widen: boolean; required?: boolean; reads?: Code.Stmt[] }) {
    const params: Code.Param[] = [];
    const values: Code.Expr[] = [];
    const pathValues: Code.Expr[] = [];
    op.args.forEach((arg, i) => {
      const name = locals.claim(arg.name);
      let type = this.argType(op, arg);
      if (arg.role === 'path' && options.widen) type = b.union([type, b.kw('undefined'), b.kw('null')]);
      const optional = !options.required && declaredOptional(op.args, i);
      params.push(b.param(name, options.reads ? this.input(type) : type, { optional }));
    });
    // Hook inputs are read once each, after every parameter has claimed its name.
    const reads = options.reads;
    for (const [i, param] of params.entries()) {
      const value = reads ? this.readOnce(param.name, param.optional === true, locals, reads) : b.id(param.name);
      values.push(value);
      if (op.args[i]!.role === 'path') pathValues.push(value);
    }
    return { params, values, pathValues };
  }

  queryHook(op: QueryPlan, variant: Variant): Code.Stmt {
    const { hook, optionsType, resultType, suspense, infinite } = QUERY_VARIANTS[variant];
    const locals = this.locals(op);
    const guarded = !suspense && op.shape === 'detail';
    // Infinite hooks take required options (initialPageParam, getNextPageParam), so every argument before them is required.
    const reads: Code.Stmt[] = [];
    const { params, values, pathValues } = this.argParams(op, locals, { widen: guarded, required: infinite, reads });
    const names = { options: locals.claim('options'), queryClient: this.queryClientName(locals), context: locals.claim('context') };
    // Vue's suspense variants wait for the query (`await query.suspense()`), so they need a local for it.
    const awaited = suspense && this.adapter.inputs === 'vue';
    const queryName = awaited ? locals.claim('query') : '';
    const resultName = awaited ? locals.claim('result') : '';

    const entry = infinite ? op.infinite!.key : op.key;
    const data = this.dataType(op);
    const error = this.errorType(op);
    const pageParam = infinite ? this.pageParamType(op, op.args.find((a) => a.role === 'query')!) : undefined;
    const key = this.keyType(entry);
    const typeArgs: Code.Type[] = [data, error, b.tref('TData'), key, ...(pageParam ? [pageParam] : [])];
    const optionsTypeArgs = this.adapter.queryDataParam && !infinite ? [data, error, b.tref('TData'), data, key] : typeArgs;

    // Path parameters are asserted present: the enabled guard holds the query back until they are.
    const args = values.map((value, i) => (guarded && op.args[i]!.role === 'path' ? b.nonNull(value) : value));
    const callerOptions = this.readOnce(names.options, !infinite, locals, reads);
    const props: Code.ObjectMember[] = [
      b.prop('queryKey', b.call(b.id(entry.fn), args)),
      b.prop('queryFn', this.queryFn(op, args, infinite, names.context, locals)),
      b.prop('staleTime', b.num(op.resource.staleTime)),
      b.prop('gcTime', b.num(op.resource.gcTime)),
    ];
    if (guarded) props.push(b.prop('enabled', enabledGuard(pathValues, callerOptions, !infinite)));
    props.push(b.spread(callerOptions));

    const omitted = ['queryKey', 'queryFn', ...(awaited ? ['enabled', 'throwOnError', 'placeholderData'] : [])];
    const fnParams: Code.Param[] = [
      ...params,
      b.param(names.options, this.input(b.tref('Omit', [this.optionsType(optionsType, optionsTypeArgs), b.union(omitted.map((k) => b.tlit(k)))])), { optional: !infinite }),
      b.param(names.queryClient, this.queryClientType(infinite ? 'injectInfiniteOptions' : 'injectQueryOptions'), { optional: true }),
    ];
    const call = b.call(this.tanstack.use(this.name(hook)), [this.optionsArg(props, reads), b.id(names.queryClient)], typeArgs);
    const typeParams = [{ name: 'TData', default: infinite ? this.t('InfiniteData', [data, pageParam!]) : data }];
    const doc = hookDoc(op.op, variant, this.adapter.inputs === 'vue');
    if (!awaited) {
      return b.fn(queryHookName(op, variant), fnParams, [b.ret(call)], { exported: true, typeParams, returnType: this.t(this.name(resultType), [b.tref('TData'), error]), doc });
    }
    // `suspense()` resolves with the first result; an error is thrown to the component's error handling
    // (`onErrorCaptured`), as React's suspense hooks throw to an error boundary, so the data is there after it.
    const returned = infinite
      ? b.intersection([b.tref('Omit', [this.t(this.name(resultType), [b.tref('TData'), error]), b.tlit('data')]), b.tobj([b.tprop('data', b.tref(this.framework.use('Ref'), [b.tref('TData')]))])])
      : this.t(this.name(resultType), [b.tref('TData'), error]);
    return b.fn(
      queryHookName(op, variant),
      fnParams,
      [
        b.constDecl(queryName, call),
        b.constDecl(resultName, b.awaitExpr(b.dot(b.id(queryName), 'suspense'))),
        b.ifStmt(b.member(b.id(resultName), 'isError'), [b.throwStmt(b.member(b.id(resultName), 'error'))]),
        b.ret(b.as(b.id(queryName), returned)),
      ],
      { exported: true, async: true, typeParams, returnType: b.tref('Promise', [returned]), doc },
    );
  }

  /**
   * `(context) => fn(...args, { signal: context.signal })`; infinite hooks set the page parameter
   * of the query object from `context.pageParam`; data the client may resolve to `undefined`
   * becomes `null`, which TanStack accepts.
   */
  private queryFn(op: QueryPlan, args: Code.Expr[], infinite: boolean, contextName: string, locals: NameScope): Code.Expr {
    const context = b.id(contextName);
    const callArgs = args.map((value, i) => {
      if (!infinite || op.args[i]!.role !== 'query') return value;
      const page = b.member(context, 'pageParam');
      const pageName = op.infinite!.pageParam;
      return b.obj([b.spread(value), pageName === undefined ? b.spread(page) : b.prop(pageName, page)]);
    });
    let fetch: Code.Expr = b.call(this.fn(op), [...callArgs, b.obj([b.prop('signal', b.member(context, 'signal'))])]);
    if (op.empty === 'void') fetch = b.dot(fetch, 'then', [b.arrow([], b.nul())]);
    if (op.empty === 'some') {
      const dataName = locals.claim('data');
      fetch = b.dot(fetch, 'then', [b.arrow([b.param(dataName)], b.bin(b.id(dataName), '??', b.nul()))]);
    }
    return b.arrow([b.param(contextName)], fetch);
  }

  mutationHook(op: MutationPlan): Code.Stmt[] {
    const out: Code.Stmt[] = [];
    const locals = this.locals(op);
    const optionsName = locals.claim('options');
    const queryClientName = this.queryClientName(locals);
    const variablesName = locals.claim('variables');

    let variables: Code.Type = b.kw('void');
    if (op.variablesType) {
      out.push(b.typeAlias(op.variablesType, this.variablesType(op), { exported: true, doc: `Variables of \`${op.hook}\` (the arguments of \`${op.names.fn}\`).` }));
      variables = b.tref(op.variablesType);
    }
    const data = this.dataType(op);
    const error = this.errorType(op);
    const typeArgs: Code.Type[] = [data, error, variables, b.tref('TOnMutateResult')];

    const callArgs = this.mutationCallArgs(op, b.id(variablesName));
    const mutationFn = b.arrow(op.variables.kind === 'void' ? [] : [b.param(variablesName)], b.call(this.fn(op), callArgs));
    const callerOptions = this.read(optionsName, true);
    const props: Code.ObjectMember[] = [b.prop('mutationFn', mutationFn), b.spread(callerOptions)];
    const statements: Code.Stmt[] = [];
    if (op.invalidate) {
      const clientName = locals.claim('client');
      const argsName = locals.claim('args');
      statements.push(b.constDecl(clientName, this.useQueryClient(queryClientName)));
      const invalidate = (key: Code.Expr, options?: Code.Expr) => b.dot(b.id(clientName), 'invalidateQueries', [b.obj([b.prop('queryKey', key)]), ...(options ? [options] : [])]);
      const keys: Code.Expr[] = [invalidate(b.call(b.id(op.resource.allFn)))];
      const detail = op.invalidate.detail;
      if (detail) {
        const received = b.index(b.id(argsName), b.num(1));
        const ids = op.args.filter((a) => a.role === 'path').map((a) => (op.variables.kind === 'object' ? b.member(received, a.name) : received));
        // all() has just started the refetch of this detail: join it instead of cancelling it for a second one.
        keys.push(invalidate(b.call(b.id(detail.fn), ids), b.obj([b.prop('cancelRefetch', b.bool(false))])));
      }
      // Seed point 10: invalidate first, then the caller's onSuccess with every argument it was given.
      const onSuccess = b.arrow(
        [b.param(argsName, undefined, { rest: true })],
        [
          b.exprStmt(b.awaitExpr(keys.length === 1 ? keys[0]! : b.dot(b.id('Promise'), 'all', [b.arr(keys)]))),
          b.exprStmt(b.awaitExpr({ k: 'call', callee: b.member(callerOptions, 'onSuccess', true), args: [b.spread(b.id(argsName))], optional: true })),
        ],
        { async: true },
      );
      props.push(b.prop('onSuccess', onSuccess));
    }
    statements.push(b.ret(b.call(this.tanstack.use(this.name('mutation')), [this.optionsArg(props), b.id(queryClientName)], typeArgs)));

    const optionsType = this.input(b.tref('Omit', [this.t(this.name('mutationOptions'), typeArgs), b.tlit('mutationFn')]));
    out.push(
      b.fn(op.hook, [b.param(optionsName, optionsType, { optional: true }), b.param(queryClientName, this.queryClientType('injectMutationOptions'), { optional: true })], statements, {
        exported: true,
        typeParams: [{ name: 'TOnMutateResult', default: b.kw('unknown') }],
        returnType: this.t(this.name('mutationResult'), typeArgs),
        doc: hookDoc(op.op, 'mutation', false),
      }),
    );
    return out;
  }

  /**
   * The query client a mutation invalidates: the one passed in, else the provider's (Vue's
   * `useQueryClient` takes an id, not a client); Angular's from the given injector, else `inject(QueryClient)`.
   */
  private useQueryClient(queryClientName: string): Code.Expr {
    const use = this.tanstack.use(this.name('queryClient'));
    if (this.adapter.injectorParam) {
      const injector = b.member(b.id(queryClientName), 'injector', true);
      const fromInjector = b.call(b.member(injector, 'get', true), [b.id(use)]);
      return b.bin(fromInjector, '??', b.call(this.framework.use('inject'), [b.id(use)]));
    }
    if (this.adapter.inputs === 'vue') return b.bin(b.id(queryClientName), '??', b.call(use));
    if (this.adapter.inputs === 'accessor') return b.call(use, [{ k: 'call', callee: b.id(queryClientName), args: [], optional: true }]);
    return b.call(use, [b.id(queryClientName)]);
  }

  protected variablesType(op: MutationPlan): Code.Type {
    const shape = op.variables;
    if (shape.kind === 'single') return this.argType(op, shape.arg);
    if (shape.kind === 'object') {
      return b.tobj(shape.args.map((arg) => b.tprop(arg.name, this.argType(op, arg), { optional: arg.optional })));
    }
    return b.kw('void');
  }

  protected mutationCallArgs(op: MutationPlan, variables: Code.Expr): Code.Expr[] {
    const shape = op.variables;
    if (shape.kind === 'void') return [];
    if (shape.kind === 'single') return [variables];
    return shape.args.map((arg) => b.member(variables, arg.name));
  }
}

function constTuple(items: Code.Expr[]): Code.Expr {
  return b.as(b.arr(items), b.tref('const'));
}

function hookDoc(op: Operation, variant: Variant | 'mutation', awaited: boolean): string {
  const lines: string[] = [];
  if (op.summary) lines.push(op.summary.split(/\r\n?|\n/)[0]!, '');
  const what = {
    query: 'Query hook',
    suspense: awaited ? 'Suspense query hook (`await` it in an async `setup()` under `<Suspense>`; data is then defined)' : 'Suspense query hook (data is never undefined)',
    infinite: 'Infinite query hook (pass `initialPageParam` and `getNextPageParam` in the options)',
    suspenseInfinite: awaited
      ? 'Suspense infinite query hook (`await` it in an async `setup()` under `<Suspense>`; pass `initialPageParam` and `getNextPageParam` in the options)'
      : 'Suspense infinite query hook (pass `initialPageParam` and `getNextPageParam` in the options)',
    mutation: 'Mutation hook',
  }[variant];
  lines.push(`${what} for \`${op.method.toUpperCase()} ${op.path}\`.`);
  if (op.deprecated) lines.push('@deprecated The operation is deprecated.');
  return lines.join('\n');
}
