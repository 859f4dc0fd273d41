import { code as b, type ApiModel, type Code, type NameRegistry } from '@specwright/core';
import { Emitter, type HooksModule } from './hooks.js';
import { DEFAULT_HOOKS_OPTIONS, planHooks, type HooksOptions, type MutationPlan, type QueryPlan } from './plan.js';
import { ImportTable, ModuleScope } from './scope.js';
import { ADAPTERS } from './target.js';

const CLIENT_MODULE = './client.js';
const SWR_VALUES = ['useSWR', 'useSWRConfig'];
const SWR_TYPES = ['SWRConfiguration', 'SWRResponse'];
const MUTATION_VALUES = ['useSWRMutation'];
const MUTATION_TYPES = ['SWRMutationConfiguration', 'SWRMutationResponse'];
const INFINITE_VALUES = ['useSWRInfinite'];
const INFINITE_TYPES = ['SWRInfiniteConfiguration', 'SWRInfiniteResponse'];

/**
 * Builds `hooks.ts` for SWR 2: the key factories of the TanStack targets (the same keys), then per
 * GET a `useSWR` hook (its suspense variant and `useSWRInfinite` where the plan has them) and per
 * mutation a `useSWRMutation` hook.
 */
export function buildSwrModule(model: ApiModel, names: NameRegistry, options: HooksOptions, header: string): HooksModule {
  const scope = new ModuleScope();
  const plan = planHooks(model, names, options, scope);
  const swr = new ImportTable(scope);
  const mutation = new ImportTable(scope);
  const infinite = new ImportTable(scope);
  const client = new ImportTable(scope);
  client.declare('ApiError');
  for (const op of plan.operations) client.declare(op.names.fn);
  // The declared error maps, as in hooks.ts: `ApiError<GetBookErrors>` (issue 34).
  for (const op of plan.operations) if (op.names.errors !== undefined) client.declare(op.names.errors);
  for (const name of [...SWR_VALUES, ...SWR_TYPES]) swr.declare(name);
  for (const name of [...MUTATION_VALUES, ...MUTATION_TYPES]) mutation.declare(name);
  for (const name of [...INFINITE_VALUES, ...INFINITE_TYPES]) infinite.declare(name);
  const keyPrefix = plan.operations.some((op) => op.kind === 'mutation' && op.invalidate) ? scope.claim('startsWithKey') : undefined;

  const emitter = new SwrEmitter(swr, mutation, infinite, client, keyPrefix);
  const body: Code.Stmt[] = [];
  for (const resource of plan.resources) if (resource.factory) body.push(...emitter.keyFactory(resource));
  if (keyPrefix) body.push(keyPrefixFn(keyPrefix));
  for (const op of plan.operations) {
    if (op.kind === 'query') {
      body.push(emitter.swrQuery(op, false));
      if (op.suspenseHook) body.push(emitter.swrQuery(op, true));
      if (op.infinite) body.push(emitter.swrInfinite(op));
    } else {
      body.push(...emitter.swrMutation(op));
    }
  }

  const imports: Code.Stmt[] = [];
  const importNames = (table: ImportTable, typeNames: string[]) =>
    table.used().map((i) => ({ name: i.name, ...(i.local !== i.name ? { alias: i.local } : {}), ...(typeNames.includes(i.name) ? { typeOnly: true } : {}) }));
  const add = (from: string, table: ImportTable, types: string[], defaultName?: string) => {
    const used = importNames(table, types);
    const fallback = defaultName ? used.find((n) => n.name === defaultName) : undefined;
    const rest = used.filter((n) => n !== fallback);
    if (fallback) imports.push({ k: 'import', from, default: fallback.alias ?? fallback.name, names: rest });
    else if (rest.length > 0) imports.push(b.importFrom(from, rest));
  };
  add(ADAPTERS.swr.package, swr, SWR_TYPES, 'useSWR');
  add('swr/mutation', mutation, MUTATION_TYPES, 'useSWRMutation');
  add('swr/infinite', infinite, INFINITE_TYPES, 'useSWRInfinite');
  add(CLIENT_MODULE, client, ['ApiError', ...plan.operations.flatMap((op) => (op.names.errors === undefined ? [] : [op.names.errors]))]);
  if (body.length === 0) body.push(b.canonicalRaw('export {};'));
  const warnings = [...plan.warnings];
  const gcTimes = Object.entries(options.overrides).filter(([, o]) => o.gc_time !== undefined).map(([name]) => `overrides.${name}.gc_time`);
  if (options.gcTime !== DEFAULT_HOOKS_OPTIONS.gcTime) gcTimes.unshift('gc_time');
  if (gcTimes.length > 0) warnings.push(`${gcTimes.join(', ')}: not honoured by target "swr" (SWR keeps cache entries until its cache provider drops them)`);
  return { module: { header, body: [...imports, ...body] }, plan, warnings };
}

/** `(key) => Array.isArray(key) && prefix.every(...)`: the filter `mutate` revalidates a resource's keys with. */
function keyPrefixFn(name: string): Code.Stmt {
  const key = b.id('key');
  const every = b.dot(b.id('prefix'), 'every', [b.arrow([b.param('part'), b.param('index')], b.dot(b.id('Object'), 'is', [b.index(key, b.id('index')), b.id('part')]))]);
  const test = b.arrow([b.param('key', b.kw('unknown'))], b.bin(b.dot(b.id('Array'), 'isArray', [key]), '&&', every));
  return b.fn(name, [b.param('prefix', b.tref('ReadonlyArray', [b.kw('unknown')]))], [b.ret(test)], {
    returnType: b.tfn([b.param('key', b.kw('unknown'))], b.kw('boolean')),
    doc: 'Matches every cache key that starts with `prefix` (a key factory\'s `all()`), for `mutate`.',
  });
}

class SwrEmitter extends Emitter {
  constructor(
    private readonly swr: ImportTable,
    private readonly mutationImports: ImportTable,
    private readonly infiniteImports: ImportTable,
    client: ImportTable,
    private readonly keyPrefix: string | undefined,
  ) {
    super(ADAPTERS.swr, swr, client, new ImportTable(new ModuleScope()));
  }

  /** The client call, its `undefined` made `null` as on the TanStack targets (see `QueryPlan.empty`). */
  private fetch(op: QueryPlan, args: Code.Expr[], locals: ReturnType<Emitter['locals']>): Code.Expr {
    let fetch: Code.Expr = b.call(this.fn(op), args);
    if (op.empty === 'void') fetch = b.dot(fetch, 'then', [b.arrow([], b.nul())]);
    if (op.empty === 'some') {
      const dataName = locals.claim('data');
      fetch = b.dot(fetch, 'then', [b.arrow([b.param(dataName)], b.bin(b.id(dataName), '??', b.nul()))]);
    }
    return fetch;
  }

  /** `stale_time` is SWR's `dedupingInterval` (a key fetched that recently is not fetched again); 0 keeps SWR's default. */
  private timing(op: QueryPlan): Code.ObjectMember[] {
    return op.resource.staleTime > 0 ? [b.prop('dedupingInterval', b.num(op.resource.staleTime))] : [];
  }

  swrQuery(op: QueryPlan, suspense: boolean): Code.Stmt {
    const locals = this.locals(op);
    const guarded = !suspense && op.shape === 'detail';
    const { params, values, pathValues } = this.argParams(op, locals, { widen: guarded });
    const optionsName = locals.claim('options');
    const options = b.id(optionsName);
    const data = this.dataType(op);
    const error = this.errorType(op);
    const args = values.map((value, i) => (guarded && op.args[i]!.role === 'path' ? b.nonNull(value) : value));
    const key = b.call(b.id(op.key.fn), args);
    const config = b.tref(this.swr.use('SWRConfiguration'), [data, error]);
    let keyExpr: Code.Expr = key;
    let optionsType: Code.Type = config;
    if (!suspense) {
      // Seed point 5 as SWR spells it: a null key holds the request back.
      const present = pathValues.map((value) => b.bin(value, '!=', b.nul()));
      const enabled = b.bin(b.member(options, 'enabled', true), '??', b.bool(true));
      keyExpr = b.cond([...present, enabled].reduce((left, right) => b.bin(left, '&&', right)), key, b.nul());
      optionsType = b.intersection([config, b.tobj([b.tprop('enabled', b.kw('boolean'), { optional: true, doc: 'false holds the request back (SWR gets a null key).' })])]);
    } else {
      optionsType = b.tref('Omit', [config, b.tlit('suspense')]);
    }
    const props: Code.ObjectMember[] = [...this.timing(op), b.spread(options)];
    if (suspense) props.push(b.prop('suspense', b.bool(true)));
    const call = b.call(this.swr.use('useSWR'), [keyExpr, b.arrow([], this.fetch(op, args, locals)), b.obj(props)]);
    const resultArgs: Code.Type[] = [data, error, ...(suspense ? [b.tobj([b.tprop('suspense', b.tlit(true))])] : [])];
    const name = suspense ? op.suspenseHook! : op.hook;
    const what = suspense ? 'Suspense SWR hook (`suspense: true`: data is never undefined)' : 'SWR hook';
    return b.fn(name, [...params, b.param(optionsName, optionsType, { optional: true })], [b.ret(call)], {
      exported: true,
      returnType: b.tref(this.swr.use('SWRResponse'), resultArgs),
      doc: doc(op, `${what} for \`${op.op.method.toUpperCase()} ${op.op.path}\`.`),
    });
  }

  /**
   * `useSWRInfinite`: page keys are the infinite key of the factory plus the page parameter;
   * `initialPageParam` starts, `getNextPageParam(lastPage)` gives the next (null or undefined: no more pages).
   */
  swrInfinite(op: QueryPlan): Code.Stmt {
    const plan = op.infinite!;
    const locals = this.locals(op);
    const { params, values } = this.argParams(op, locals, { widen: false, required: true });
    const optionsName = locals.claim('options');
    const options = b.id(optionsName);
    const data = this.dataType(op);
    const error = this.errorType(op);
    const queryIndex = op.args.findIndex((a) => a.role === 'query');
    const pageParam = this.pageParamType(op, op.args[queryIndex]!);
    const [indexName, previousName, nextName, keyName] = [locals.claim('index'), locals.claim('previous'), locals.claim('next'), locals.claim('key')];
    const base = b.call(b.id(plan.key.fn), values);
    const pageKey = (page: Code.Expr) => b.as(b.arr([b.spread(base), page]), b.tref('const'));
    const getKey = b.arrow(
      [b.param(indexName, b.kw('number')), b.param(previousName, b.union([data, b.kw('null')]))],
      [
        b.ifStmt(b.bin(b.id(indexName), '===', b.num(0)), [b.ret(pageKey(b.member(options, 'initialPageParam')))]),
        b.constDecl(nextName, b.cond(b.bin(b.id(previousName), '===', b.nul()), b.nul(), b.dot(options, 'getNextPageParam', [b.id(previousName)]))),
        b.ret(b.cond(b.bin(b.id(nextName), '==', b.nul()), b.nul(), pageKey(b.id(nextName)))),
      ],
    );
    const page = b.as(b.index(b.id(keyName), b.bin(b.member(b.id(keyName), 'length'), '-', b.num(1))), pageParam);
    const callArgs = values.map((value, i) => {
      if (i !== queryIndex) return value;
      return b.obj([b.spread(value), plan.pageParam === undefined ? b.spread(page) : b.prop(plan.pageParam, page)]);
    });
    const fetcher = b.arrow([b.param(keyName, b.tref('ReadonlyArray', [b.kw('unknown')]))], this.fetch(op, callArgs, locals));
    const config = b.tref(this.infiniteImports.use('SWRInfiniteConfiguration'), [data, error]);
    const extra = b.tobj([
      b.tprop('initialPageParam', pageParam, { doc: 'The page parameter of the first page.' }),
      b.tprop('getNextPageParam', b.tfn([b.param('lastPage', data)], b.union([pageParam, b.kw('null'), b.kw('undefined')])), { doc: 'The next page parameter after `lastPage`; null or undefined when it was the last.' }),
    ]);
    const props: Code.ObjectMember[] = [...this.timing(op), b.spread(options)];
    const call = b.call(this.infiniteImports.use('useSWRInfinite'), [getKey, fetcher, b.obj(props)]);
    return b.fn(plan.hook, [...params, b.param(optionsName, b.intersection([config, extra]))], [b.ret(call)], {
      exported: true,
      returnType: b.tref(this.infiniteImports.use('SWRInfiniteResponse'), [data, error]),
      doc: doc(op, `Infinite SWR hook for \`${op.op.method.toUpperCase()} ${op.op.path}\` (pass \`initialPageParam\` and \`getNextPageParam\`).`),
    });
  }

  swrMutation(op: MutationPlan): Code.Stmt[] {
    const out: Code.Stmt[] = [];
    const locals = this.locals(op);
    const optionsName = locals.claim('options');
    const options = b.id(optionsName);
    let variables: Code.Type = b.kw('never');
    if (op.variablesType) {
      out.push(b.typeAlias(op.variablesType, this.variablesType(op), { exported: true, doc: `Variables of \`${op.hook}\` (the arguments of \`${op.names.fn}\`).` }));
      variables = b.tref(op.variablesType);
    }
    const data = this.dataType(op);
    const error = this.errorType(op);
    // A key of its own: SWR revalidates a mutation's key after it, and no query uses this one.
    const key = b.as(b.arr([b.str('mutation'), b.str(op.hook)]), b.tref('const'));
    const keyType = b.ttuple([{ type: b.tlit('mutation') }, { type: b.tlit(op.hook) }]);
    const typeArgs: Code.Type[] = [data, error, b.tref('Readonly', [keyType]), variables];
    const [keyName, fetchOptions] = [locals.claim('_key'), locals.claim('fetchOptions')];
    const fetcher =
      op.variables.kind === 'void'
        ? b.arrow([], b.call(this.fn(op), []))
        : b.arrow([b.param(keyName), b.param(fetchOptions)], b.call(this.fn(op), this.mutationCallArgs(op, b.member(b.id(fetchOptions), 'arg'))));
    const props: Code.ObjectMember[] = [b.spread(options)];
    const statements: Code.Stmt[] = [];
    if (op.invalidate && this.keyPrefix) {
      const [configName, argsName] = [locals.claim('swrConfig'), locals.claim('args')];
      statements.push(b.constDecl(configName, b.call(this.swr.use('useSWRConfig'))));
      // Seed point 10: every key of the resource (lists and details) is revalidated, then the caller's onSuccess runs.
      const revalidate = b.dot(b.id(configName), 'mutate', [b.call(this.keyPrefix, [b.call(b.id(op.resource.allFn))])]);
      const onSuccess = b.arrow(
        [b.param(argsName, undefined, { rest: true })],
        [b.exprStmt(b.awaitExpr(revalidate)), b.exprStmt({ k: 'call', callee: b.member(options, 'onSuccess', true), args: [b.spread(b.id(argsName))], optional: true })],
        { async: true },
      );
      props.push(b.prop('onSuccess', onSuccess));
    }
    statements.push(b.ret(b.call(this.mutationImports.use('useSWRMutation'), [key, fetcher, b.obj(props)])));
    out.push(
      b.fn(op.hook, [b.param(optionsName, b.tref(this.mutationImports.use('SWRMutationConfiguration'), typeArgs), { optional: true })], statements, {
        exported: true,
        returnType: b.tref(this.mutationImports.use('SWRMutationResponse'), typeArgs),
        doc: doc(op, `SWR mutation hook for \`${op.op.method.toUpperCase()} ${op.op.path}\` (\`trigger(variables)\`).`),
      }),
    );
    return out;
  }
}

function doc(op: QueryPlan | MutationPlan, what: string): string {
  const lines: string[] = [];
  if (op.op.summary) lines.push(op.op.summary.split(/\r\n?|\n/)[0]!, '');
  lines.push(what);
  if (op.op.deprecated) lines.push('@deprecated The operation is deprecated.');
  return lines.join('\n');
}
