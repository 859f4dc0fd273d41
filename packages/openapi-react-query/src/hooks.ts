import { code as b, type ApiModel, type Code, type NameRegistry, type NameScope, type Operation } from '@specwright/core';
import { declaredOptional, planHooks, type ClientArg, type HooksOptions, type HooksPlan, type KeyEntry, type MutationPlan, type QueryPlan, type ResourcePlan } from './plan.js';
import { ImportTable, ModuleScope, localScope } from './scope.js';

export const TANSTACK = '@tanstack/react-query';
export const CLIENT_MODULE = './client.js';

const TANSTACK_VALUES = ['useQuery', 'useSuspenseQuery', 'useInfiniteQuery', 'useSuspenseInfiniteQuery', 'useMutation', 'useQueryClient'];
const TANSTACK_TYPES = [
  'QueryClient',
  'InfiniteData',
  'UseQueryOptions',
  'UseQueryResult',
  'UseSuspenseQueryOptions',
  'UseSuspenseQueryResult',
  'UseInfiniteQueryOptions',
  'UseInfiniteQueryResult',
  'UseSuspenseInfiniteQueryOptions',
  'UseSuspenseInfiniteQueryResult',
  'UseMutationOptions',
  'UseMutationResult',
];

/** What one run produces besides the code: the plan (for tests and docs) and warnings. */
export interface HooksModule {
  module: Code.Module;
  plan: HooksPlan;
  warnings: string[];
}

type Variant = 'query' | 'suspense' | 'infinite' | 'suspenseInfinite';

/** The TanStack hook, options and result types behind each kind of query hook. */
const QUERY_VARIANTS = {
  query: { tanstackHook: 'useQuery', optionsType: 'UseQueryOptions', resultType: 'UseQueryResult', suspense: false, infinite: false },
  suspense: { tanstackHook: 'useSuspenseQuery', optionsType: 'UseSuspenseQueryOptions', resultType: 'UseSuspenseQueryResult', suspense: true, infinite: false },
  infinite: { tanstackHook: 'useInfiniteQuery', optionsType: 'UseInfiniteQueryOptions', resultType: 'UseInfiniteQueryResult', suspense: false, infinite: true },
  suspenseInfinite: {
    tanstackHook: 'useSuspenseInfiniteQuery',
    optionsType: 'UseSuspenseInfiniteQueryOptions',
    resultType: 'UseSuspenseInfiniteQueryResult',
    suspense: true,
    infinite: true,
  },
} as const satisfies Record<Variant, { tanstackHook: string; optionsType: string; resultType: string; suspense: boolean; infinite: boolean }>;

function queryHookName(op: QueryPlan, variant: Variant): string {
  const name = { query: op.hook, suspense: op.suspenseHook, infinite: op.infinite?.hook, suspenseInfinite: op.infinite?.suspenseHook }[variant];
  if (name === undefined) throw new Error(`internal: no ${variant} hook planned for ${op.op.key}`);
  return name;
}

/** Seed point 5: `id != null && (options.enabled ?? true)`; spread after it, a caller's `enabled` replaces it. */
function enabledGuard(pathLocals: string[], optionsName: string, optionsOptional: boolean): Code.Expr {
  const present = pathLocals.map((name) => b.bin(b.id(name), '!=', b.nul()));
  const callerEnabled = b.bin(b.member(b.id(optionsName), 'enabled', optionsOptional), '??', b.bool(true));
  return [...present, callerEnabled].reduce((left, right) => b.bin(left, '&&', right));
}

/** Builds `hooks.ts`: key factories, then the hooks of every operation in spec order. */
export function buildHooksModule(model: ApiModel, names: NameRegistry, options: HooksOptions, header: string): HooksModule {
  const scope = new ModuleScope();
  const plan = planHooks(model, names, options, scope);
  const tanstack = new ImportTable(scope);
  const client = new ImportTable(scope);
  client.declare('ApiError');
  for (const op of plan.operations) client.declare(op.names.fn);
  for (const name of [...TANSTACK_VALUES, ...TANSTACK_TYPES]) tanstack.declare(name);

  const emitter = new Emitter(tanstack, client);
  const body: Code.Stmt[] = [];
  for (const resource of plan.resources) if (resource.factory) body.push(emitter.keyFactory(resource));
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
  const tanstackNames = importNames(tanstack, TANSTACK_TYPES);
  if (tanstackNames.length > 0) imports.push(b.importFrom(TANSTACK, tanstackNames));
  const clientNames = importNames(client, ['ApiError']);
  if (clientNames.length > 0) imports.push(b.importFrom(CLIENT_MODULE, clientNames));
  // A module without imports or exports is a script; `export {}` keeps an empty spec's file a module.
  if (body.length === 0) body.push(b.raw('export {};'));
  return { module: { header, body: [...imports, ...body] }, plan, warnings: plan.warnings };
}

class Emitter {
  constructor(
    private readonly tanstack: ImportTable,
    private readonly client: ImportTable,
  ) {}

  /** Locals of a function emitted for an operation: they avoid every module name it refers to. */
  private locals(op: QueryPlan | MutationPlan): NameScope {
    const referenced = [...this.tanstack.locals(), this.client.local('ApiError'), this.client.local(op.names.fn)];
    if (op.resource.factory) referenced.push(op.resource.factory);
    if (op.kind === 'mutation' && op.variablesType) referenced.push(op.variablesType);
    return localScope(referenced);
  }

  // Types derived from the client function (seed point 2: no type is declared twice).

  private fn(op: { names: { fn: string } }): string {
    return this.client.use(op.names.fn);
  }

  private argType(op: QueryPlan | MutationPlan, arg: ClientArg): Code.Type {
    return b.tindexed(b.tref('Parameters', [b.ttypeof(this.fn(op))]), b.tlit(arg.index));
  }

  /** The awaited return type of the client function; for queries, `undefined` made `null` (see `QueryPlan.empty`). */
  private dataType(op: QueryPlan | MutationPlan): Code.Type {
    const returned = b.tref('Awaited', [b.tref('ReturnType', [b.ttypeof(this.fn(op))])]);
    if (op.kind === 'mutation' || op.empty === 'none') return returned;
    if (op.empty === 'void') return b.kw('null');
    return b.union([b.tref('Exclude', [returned, b.kw('undefined')]), b.kw('null')]);
  }

  private errorType(): Code.Type {
    return b.tref(this.client.use('ApiError'));
  }

  private keyType(resource: ResourcePlan, entry: KeyEntry): Code.Type {
    return b.tref('ReturnType', [b.ttypeof(`${resource.factory}.${entry.property}`)]);
  }

  private t(name: string, args?: Code.Type[]): Code.Type {
    return b.tref(this.tanstack.use(name), args);
  }

  private pageParamType(op: QueryPlan, query: ClientArg): Code.Type {
    const queryObject = b.tref('NonNullable', [this.argType(op, query)]);
    const pageParam = op.infinite!.pageParam;
    if (pageParam === undefined) return b.tref('Partial', [queryObject]);
    return b.tref('NonNullable', [b.tindexed(queryObject, b.tlit(pageParam))]);
  }

  /** `export const petKeys = { all: () => ['pets'] as const, list: (params?) => [...] as const }` */
  keyFactory(resource: ResourcePlan): Code.Stmt {
    const props: Code.ObjectMember[] = [b.prop('all', b.arrow([], constTuple([b.str(resource.name)])))];
    for (const entry of resource.entries) {
      const locals = this.locals(entry.query);
      const { params, values } = this.argParams(entry.query, locals, { widen: false });
      const items: Code.Expr[] = [b.str(resource.name)];
      if (entry.label !== undefined) items.push(b.str(entry.label));
      const query = values.at(-1);
      const queryArg = entry.query.args.at(-1)?.role === 'query';
      if (entry.infinite && queryArg) items.push(...values.slice(0, -1), b.str('infinite'), query!);
      else items.push(...values);
      props.push(b.prop(entry.property, b.arrow(params, constTuple(items))));
    }
    return b.constDecl(resource.factory, b.obj(props), { exported: true, doc: `Query keys of the resource \`${resource.name}\`.` });
  }

  /**
   * Parameters for the client arguments of an operation (hooks and key factories alike), named
   * so that none shadows a module-level name.
   */
  private argParams(op: QueryPlan | MutationPlan, locals: NameScope, options: { widen: boolean; required?: boolean }) {
    const params: Code.Param[] = [];
    const values: Code.Ident[] = [];
    const pathLocals: string[] = [];
    op.args.forEach((arg, i) => {
      const name = locals.claim(arg.name);
      let type = this.argType(op, arg);
      if (arg.role === 'path' && options.widen) type = b.union([type, b.kw('undefined'), b.kw('null')]);
      const optional = !options.required && declaredOptional(op.args, i);
      params.push(b.param(name, type, { optional }));
      values.push(b.id(name));
      if (arg.role === 'path') pathLocals.push(name);
    });
    return { params, values, pathLocals };
  }

  queryHook(op: QueryPlan, variant: Variant): Code.Stmt {
    const { tanstackHook, optionsType, resultType, suspense, infinite } = QUERY_VARIANTS[variant];
    const locals = this.locals(op);
    const guarded = !suspense && op.shape === 'detail';
    // Infinite hooks take required options (initialPageParam, getNextPageParam), so every argument before them is required.
    const { params, values, pathLocals } = this.argParams(op, locals, { widen: guarded, required: infinite });
    const names = { options: locals.claim('options'), queryClient: locals.claim('queryClient'), context: locals.claim('context') };

    const entry = infinite ? op.infinite!.key : op.key;
    const data = this.dataType(op);
    const error = this.errorType();
    const pageParam = infinite ? this.pageParamType(op, op.args.find((a) => a.role === 'query')!) : undefined;
    const typeArgs: Code.Type[] = [data, error, b.tref('TData'), this.keyType(op.resource, entry), ...(pageParam ? [pageParam] : [])];

    // Path parameters are asserted present: the enabled guard holds the query back until they are.
    const args = values.map((value, i) => (guarded && op.args[i]!.role === 'path' ? b.nonNull(value) : value));
    const props: Code.ObjectMember[] = [
      b.prop('queryKey', b.call(b.member(b.id(op.resource.factory), entry.property), args)),
      b.prop('queryFn', this.queryFn(op, args, infinite, names.context, locals)),
      b.prop('staleTime', b.num(op.resource.staleTime)),
      b.prop('gcTime', b.num(op.resource.gcTime)),
    ];
    if (guarded) props.push(b.prop('enabled', enabledGuard(pathLocals, names.options, !infinite)));
    props.push(b.spread(b.id(names.options)));

    const fnParams: Code.Param[] = [
      ...params,
      b.param(names.options, b.tref('Omit', [this.t(optionsType, typeArgs), b.union([b.tlit('queryKey'), b.tlit('queryFn')])]), { optional: !infinite }),
      b.param(names.queryClient, this.t('QueryClient'), { optional: true }),
    ];
    const call = b.call(this.tanstack.use(tanstackHook), [b.obj(props), b.id(names.queryClient)], typeArgs);
    return b.fn(queryHookName(op, variant), fnParams, [b.ret(call)], {
      exported: true,
      typeParams: [{ name: 'TData', default: infinite ? this.t('InfiniteData', [data, pageParam!]) : data }],
      returnType: this.t(resultType, [b.tref('TData'), error]),
      doc: hookDoc(op.op, variant),
    });
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
    const queryClientName = locals.claim('queryClient');
    const variablesName = locals.claim('variables');

    let variables: Code.Type = b.kw('void');
    if (op.variablesType) {
      out.push(b.typeAlias(op.variablesType, this.variablesType(op), { exported: true, doc: `Variables of \`${op.hook}\` (the arguments of \`${op.names.fn}\`).` }));
      variables = b.tref(op.variablesType);
    }
    const data = this.dataType(op);
    const error = this.errorType();
    const typeArgs: Code.Type[] = [data, error, variables, b.tref('TOnMutateResult')];

    const callArgs = this.mutationCallArgs(op, b.id(variablesName));
    const mutationFn = b.arrow(op.variables.kind === 'void' ? [] : [b.param(variablesName)], b.call(this.fn(op), callArgs));
    const props: Code.ObjectMember[] = [b.prop('mutationFn', mutationFn), b.spread(b.id(optionsName))];
    const statements: Code.Stmt[] = [];
    if (op.invalidate) {
      const clientName = locals.claim('client');
      const argsName = locals.claim('args');
      statements.push(b.constDecl(clientName, b.call(this.tanstack.use('useQueryClient'), [b.id(queryClientName)])));
      const factory = b.id(op.resource.factory);
      const invalidate = (key: Code.Expr, options?: Code.Expr) => b.dot(b.id(clientName), 'invalidateQueries', [b.obj([b.prop('queryKey', key)]), ...(options ? [options] : [])]);
      const keys: Code.Expr[] = [invalidate(b.call(b.member(factory, 'all')))];
      const detail = op.invalidate.detail;
      if (detail) {
        const received = b.index(b.id(argsName), b.num(1));
        const ids = op.args.filter((a) => a.role === 'path').map((a) => (op.variables.kind === 'object' ? b.member(received, a.name) : received));
        // all() has just started the refetch of this detail: join it instead of cancelling it for a second one.
        keys.push(invalidate(b.call(b.member(factory, detail.property), ids), b.obj([b.prop('cancelRefetch', b.bool(false))])));
      }
      // Seed point 10: invalidate first, then the caller's onSuccess with every argument it was given.
      const onSuccess = b.arrow(
        [b.param(argsName, undefined, { rest: true })],
        [
          b.exprStmt(b.awaitExpr(keys.length === 1 ? keys[0]! : b.dot(b.id('Promise'), 'all', [b.arr(keys)]))),
          b.exprStmt(b.awaitExpr({ k: 'call', callee: b.member(b.id(optionsName), 'onSuccess', true), args: [b.spread(b.id(argsName))], optional: true })),
        ],
        { async: true },
      );
      props.push(b.prop('onSuccess', onSuccess));
    }
    statements.push(b.ret(b.call(this.tanstack.use('useMutation'), [b.obj(props), b.id(queryClientName)], typeArgs)));

    const optionsType = b.tref('Omit', [this.t('UseMutationOptions', typeArgs), b.tlit('mutationFn')]);
    out.push(
      b.fn(op.hook, [b.param(optionsName, optionsType, { optional: true }), b.param(queryClientName, this.t('QueryClient'), { optional: true })], statements, {
        exported: true,
        typeParams: [{ name: 'TOnMutateResult', default: b.kw('unknown') }],
        returnType: this.t('UseMutationResult', typeArgs),
        doc: hookDoc(op.op, 'mutation'),
      }),
    );
    return out;
  }

  private variablesType(op: MutationPlan): Code.Type {
    const shape = op.variables;
    if (shape.kind === 'single') return this.argType(op, shape.arg);
    if (shape.kind === 'object') {
      return b.tobj(shape.args.map((arg) => b.tprop(arg.name, this.argType(op, arg), { optional: arg.optional })));
    }
    return b.kw('void');
  }

  private mutationCallArgs(op: MutationPlan, variables: Code.Expr): Code.Expr[] {
    const shape = op.variables;
    if (shape.kind === 'void') return [];
    if (shape.kind === 'single') return [variables];
    return shape.args.map((arg) => b.member(variables, arg.name));
  }
}

function constTuple(items: Code.Expr[]): Code.Expr {
  return b.as(b.arr(items), b.tref('const'));
}

function hookDoc(op: Operation, variant: Variant | 'mutation'): string {
  const lines: string[] = [];
  if (op.summary) lines.push(op.summary.split(/\r\n?|\n/)[0]!, '');
  const what = {
    query: 'Query hook',
    suspense: 'Suspense query hook (data is never undefined)',
    infinite: 'Infinite query hook (pass `initialPageParam` and `getNextPageParam` in the options)',
    suspenseInfinite: 'Suspense infinite query hook (pass `initialPageParam` and `getNextPageParam` in the options)',
    mutation: 'Mutation hook',
  }[variant];
  lines.push(`${what} for \`${op.method.toUpperCase()} ${op.path}\`.`);
  if (op.deprecated) lines.push('@deprecated The operation is deprecated.');
  return lines.join('\n');
}
