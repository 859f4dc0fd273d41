import { ADAPTERS, type Target } from './target.js';
import { camelCase, pascalCase, resourceName, safeIdentifier, successResponses, NameScope, type ApiModel, type NameRegistry, type Operation, type OperationNames, type SchemaKind, type SchemaNode } from '@specwright/core';

/** The options of one run (the config keys in camelCase). */
export interface HooksOptions {
  /** `staleTime` of every query hook, in ms. @default 0 */
  staleTime: number;
  /** `gcTime` of every query hook, in ms. @default 300000 */
  gcTime: number;
  /** Also emit `useSuspense<Name>` beside every query hook. @default false */
  suspense: boolean;
  /** Mutations invalidate their resource's queries on success (seed point 10). @default false */
  autoInvalidate: boolean;
  /**
   * `'auto'`: infinite hooks where a pagination parameter is recognised; `true`: also every list GET
   * with a query, paged by a partial query object (one without a query has nothing to page). @default 'auto'
   */
  infiniteQuery: boolean | 'auto';
  /** Per resource name (first static path segment), stale and gc time replacing the global ones. @default {} */
  overrides: Record<string, { stale_time?: number | undefined; gc_time?: number | undefined }>;
  /** The TanStack Query adapter the hooks are written for. @default 'react' */
  target: Target;
}

export const DEFAULT_HOOKS_OPTIONS: HooksOptions = {
  staleTime: 0,
  gcTime: 300_000,
  suspense: false,
  autoInvalidate: false,
  infiniteQuery: 'auto',
  overrides: {},
  target: 'react',
};

/** One argument of a client function (`config` excluded), in the client's order (DECISIONS). */
export interface ClientArg {
  role: 'path' | 'body' | 'query';
  /** Position in the client function's parameters. */
  index: number;
  /** Preferred local name: the client's identifier for a path parameter, `body`, `params`. */
  name: string;
  /** Whether a caller may leave it out (a path parameter never can). */
  optional: boolean;
}

/** An entry of a key factory (`list`, `detail`, `getPetById`, `listInfinite` ...). */
export interface KeyEntry {
  /** Property name in the factory object. */
  property: string;
  /**
   * The module-level key function the property holds (`petKeysList`): hooks call it rather than
   * the factory object, so an app that imports one hook bundles only that hook's key function.
   */
  fn: string;
  /**
   * The string after the resource: `'list'` or an operation name, unique in the
   * resource, so keys of two labelled entries always differ in it (see `planKeyEntries`).
   * Undefined for the seed's `detail(id)` = `[resource, id]` of a resource's one detail GET.
   */
  label: string | undefined;
  /** Infinite queries keep separate cache entries: `'infinite'` goes before the query object. */
  infinite: boolean;
  query: QueryPlan;
}

export interface InfinitePlan {
  hook: string;
  suspenseHook?: string;
  key: KeyEntry;
  /** The query parameter fed from `pageParam`; none means the page param is a partial query object. */
  pageParam?: string;
}

export interface QueryPlan {
  kind: 'query';
  op: Operation;
  names: OperationNames;
  resource: ResourcePlan;
  /** List GET (no path parameters) or detail GET (DECISIONS). */
  shape: 'list' | 'detail';
  /**
   * TanStack Query rejects `undefined` as query data; `'void'`: no 2xx response has a body (data
   * is `null`); `'some'`: some have one (`undefined` becomes `null`); `'none'`: data is never undefined.
   */
  empty: 'none' | 'some' | 'void';
  args: ClientArg[];
  hook: string;
  suspenseHook?: string;
  key: KeyEntry;
  infinite?: InfinitePlan;
}

/** Variables of a mutation (seed point 6, extended for the shapes it leaves open). */
export type VariablesShape =
  | { kind: 'void' }
  /** The body alone (create-style), or a lone path parameter (delete-style). */
  | { kind: 'single'; arg: ClientArg }
  /** `{ <pathParam>..., body?, params? }` for anything else. */
  | { kind: 'object'; args: ClientArg[] };

export interface MutationPlan {
  kind: 'mutation';
  op: Operation;
  names: OperationNames;
  resource: ResourcePlan;
  args: ClientArg[];
  hook: string;
  variables: VariablesShape;
  /** Exported `<Pascal>Variables` type, unless the variables are void. */
  variablesType?: string;
  /** With `auto_invalidate`, only for resources having a GET (seed point 10). */
  invalidate?: { detail?: KeyEntry };
}

export interface ResourcePlan {
  /** The first static path segment after `/api/v{n}` (`root` when there is none). */
  name: string;
  /** Identifier of the key factory (`petKeys`); empty for a resource without a GET, which has none. */
  factory: string;
  /** The module-level function behind the factory's `all()` (`petKeysAll`), which mutations invalidate. */
  allFn: string;
  staleTime: number;
  gcTime: number;
  queries: QueryPlan[];
  mutations: MutationPlan[];
  entries: KeyEntry[];
}

export interface HooksPlan {
  resources: ResourcePlan[];
  /** Every operation's plan, in spec order. */
  operations: (QueryPlan | MutationPlan)[];
  warnings: string[];
}

/** Query parameter names that `infinite_query: 'auto'` treats as pagination (DECISIONS). */
export const PAGINATION_PARAMETERS = ['page', 'cursor', 'offset', 'after', 'pagetoken', 'nexttoken', 'startingafter', 'skip'];

export function isPaginationParameter(name: string): boolean {
  return PAGINATION_PARAMETERS.includes(name.toLowerCase().replace(/[_-]/g, ''));
}

/** `tasks` → `task`, `categories` → `category`, `boxes` → `box`; `status`, `me` stay. */
export function singular(word: string): string {
  if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/i.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/i.test(word) || word.length < 3) return word;
  if (/s$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The client function's arguments (`openapi-zod-ts` contract): path parameters in path order,
 * then the body (whenever the operation declares a request body content, with or without a
 * schema), then the query object (optional unless a query parameter is required), then
 * `config`, which the hooks fill themselves.
 */
export function clientArgs(op: Operation, names: OperationNames): ClientArg[] {
  const args: ClientArg[] = names.pathParams.map((name, index) => ({ role: 'path', index, name, optional: false }));
  if (op.requestBody?.contents[0]) args.push({ role: 'body', index: args.length, name: 'body', optional: !op.requestBody?.required });
  if (names.query) args.push({ role: 'query', index: args.length, name: 'params', optional: !op.queryParams.some((p) => p.required) });
  return args;
}

/** A parameter may be declared optional only when every one after it is optional too. */
export function declaredOptional(args: ClientArg[], index: number): boolean {
  return args.slice(index).every((arg) => arg.optional);
}

/** A schema without its documentation, to compare what it accepts. */
function schemaShape(schema: SchemaNode | undefined): string {
  const docs = new Set(['description', 'title', 'examples', 'deprecated']);
  return JSON.stringify(schema ?? null, (key, value: unknown) => (docs.has(key) ? undefined : value));
}

/** Per kind: whether a node admits a value besides `null`, given the same question for its children. */
const HOLDS_VALUE: { [K in SchemaKind]: (node: Extract<SchemaNode, { kind: K }>, holds: (child: SchemaNode) => boolean) => boolean } = {
  ref: () => true, // resolved by `holdsValue`
  object: () => true,
  array: () => true,
  tuple: () => true,
  string: () => true,
  number: () => true,
  boolean: () => true,
  null: () => false,
  enum: (node) => node.values.length > 0,
  union: (node, holds) => node.variants.some(holds),
  intersection: (node, holds) => node.members.every(holds),
  unknown: () => true,
  never: () => false,
};

/**
 * Whether a schema admits a value besides `null` (`type: 'null'`, `false` and `not: {}` admit
 * none). Through references; a reference back into itself is taken to admit one.
 */
function holdsValue(node: SchemaNode, schemas: ReadonlyMap<string, SchemaNode>, seen: ReadonlySet<string> = new Set()): boolean {
  if (node.kind === 'ref') {
    const target = schemas.get(node.key);
    return target === undefined || seen.has(node.key) || holdsValue(target, schemas, new Set([...seen, node.key]));
  }
  const check = HOLDS_VALUE[node.kind] as (node: SchemaNode, holds: (child: SchemaNode) => boolean) => boolean;
  return check(node, (child) => holdsValue(child, schemas, seen));
}

function samePath(a: string, b: string): boolean {
  const shape = (path: string) => path.replace(/\{[^}]*\}/g, '{}');
  return shape(a) === shape(b);
}

/**
 * Decides every name and shape of `hooks.ts` before any code is built. Exported names are claimed
 * first (hooks in spec order, then their variants, then key factories and variables types), so a
 * spec change in one place never renames an unrelated hook.
 */
export function planHooks(model: ApiModel, names: NameRegistry, options: HooksOptions, scope: { claim(base: string): string }): HooksPlan {
  const warnings: string[] = [];
  const resources = new Map<string, ResourcePlan>();
  const resourceOf = (op: Operation): ResourcePlan => {
    const name = resourceName(op.urlPath) ?? 'root';
    let resource = resources.get(name);
    if (!resource) {
      const override = Object.hasOwn(options.overrides, name) ? options.overrides[name] : undefined;
      resource = {
        name,
        factory: '',
        allFn: '',
        staleTime: override?.stale_time ?? options.staleTime,
        gcTime: override?.gc_time ?? options.gcTime,
        queries: [],
        mutations: [],
        entries: [],
      };
      resources.set(name, resource);
    }
    return resource;
  };

  const prefix = ADAPTERS[options.target].prefix;
  const operations: (QueryPlan | MutationPlan)[] = [];
  for (const op of model.operations) {
    const opNames = names.operation(op);
    const resource = resourceOf(op);
    const args = clientArgs(op, opNames);
    const hook = scope.claim(`${prefix}${opNames.pascal}`);
    if (op.method === 'get') {
      const plan = { kind: 'query', op, names: opNames, resource, shape: op.pathParams.length > 0 ? 'detail' : 'list', empty: emptyResponses(op), args, hook } as QueryPlan;
      resource.queries.push(plan);
      operations.push(plan);
    } else {
      const plan: MutationPlan = { kind: 'mutation', op, names: opNames, resource, args, hook, variables: variablesShape(args) };
      resource.mutations.push(plan);
      operations.push(plan);
    }
  }

  // Variants after every primary hook: an operation named `suspenseGetMe` keeps `useSuspenseGetMe`.
  const withoutPaging: string[] = [];
  const nullPaging: string[] = [];
  const schemas = new Map(model.schemas.map((s) => [s.key, s.schema]));
  for (const plan of operations) {
    if (plan.kind !== 'query') continue;
    if (options.suspense) plan.suspenseHook = scope.claim(`${prefix}Suspense${plan.names.pascal}`);
    const query = plan.args.find((a) => a.role === 'query');
    const recognised = plan.op.queryParams.filter((p) => isPaginationParameter(p.name));
    const pageParam = recognised.find((p) => holdsValue(p.schema, schemas));
    // A recognised parameter admitting no value besides null can carry no page (its page param
    // type would be `never`); the operation is not paged by a partial query object instead either.
    const unpageable = recognised.length > 0 && pageParam === undefined;
    if (unpageable && options.infiniteQuery === true) nullPaging.push(`${plan.op.name} (${recognised.map((p) => p.name).join(', ')})`);
    const wanted =
      !unpageable && (options.infiniteQuery === true ? query !== undefined && (pageParam !== undefined || plan.shape === 'list') : options.infiniteQuery === 'auto' && pageParam !== undefined);
    // `true` pages a list GET without a recognised name through its query object; one without a
    // query has nothing a page param could change (every page would be the first), so it is named.
    if (options.infiniteQuery === true && plan.shape === 'list' && !query) withoutPaging.push(plan.op.name);
    if (wanted) {
      const infinite = { hook: scope.claim(`${prefix}${plan.names.pascal}Infinite`) } as InfinitePlan;
      if (options.suspense) infinite.suspenseHook = scope.claim(`${prefix}Suspense${plan.names.pascal}Infinite`);
      if (pageParam) infinite.pageParam = pageParam.name;
      plan.infinite = infinite;
    }
  }
  if (withoutPaging.length > 0) {
    warnings.push(`infinite_query: true: no infinite hook for list operations without query parameters to page with: ${withoutPaging.join(', ')}`);
  }
  if (nullPaging.length > 0) {
    warnings.push(`infinite_query: true: no infinite hook for operations whose pagination parameter admits no value besides null: ${nullPaging.join(', ')}`);
  }

  // Keys identify queries: a resource without a GET has none, so it gets no factory.
  for (const resource of resources.values()) {
    if (resource.queries.length === 0) continue;
    const base = safeIdentifier(singular(camelCase(resource.name)), 'resource');
    resource.factory = scope.claim(`${base}Keys`);
    planKeyEntries(resource);
  }

  for (const plan of operations) {
    if (plan.kind !== 'mutation') continue;
    if (plan.variables.kind !== 'void') plan.variablesType = scope.claim(`${plan.names.pascal}Variables`);
    if (options.autoInvalidate && plan.resource.queries.length > 0) {
      plan.invalidate = {};
      if (plan.op.method === 'put' || plan.op.method === 'patch') {
        const detail = detailKeyFor(plan);
        if (detail) plan.invalidate.detail = detail;
      }
    }
  }

  // Key functions are module-private: they claim after every exported name.
  for (const resource of resources.values()) {
    if (resource.factory === '') continue;
    resource.allFn = scope.claim(`${resource.factory}All`);
    for (const entry of resource.entries) entry.fn = scope.claim(safeIdentifier(`${resource.factory}${pascalCase(entry.property)}`, 'key'));
  }

  for (const name of Object.keys(options.overrides)) {
    if (!resources.has(name)) {
      const known = [...resources.keys()];
      warnings.push(`overrides: the spec has no resource "${name}" (resources: ${known.length > 0 ? known.join(', ') : 'none'})`);
    }
  }
  return { resources: [...resources.values()], operations, warnings };
}

function emptyResponses(op: Operation): QueryPlan['empty'] {
  const success = successResponses(op);
  const withBody = success.filter((r) => r.contents.length > 0).length;
  if (withBody === 0) return 'void';
  return withBody < success.length ? 'some' : 'none';
}

function variablesShape(args: ClientArg[]): VariablesShape {
  if (args.length === 0) return { kind: 'void' };
  if (args.length === 1 && args[0]!.role !== 'query') return { kind: 'single', arg: args[0]! };
  return { kind: 'object', args };
}

/**
 * Seed point 7: `all()` is `[resource]`, `list(params?)` `[resource, 'list', params]`, `detail(id)`
 * `[resource, id]`; detail keys are `[resource, operationName, id]` when a resource has more than one
 * detail GET. List GETs follow the same rule, so two list GETs of one resource never share a cache entry.
 *
 * Every other key is `[resource, label, ...path values, ('infinite',) query?]`, and labels are
 * unique in a resource: keys of two labelled entries differ at index 1 whatever the values, an
 * entry's plain and infinite keys differ in length, and `all()` alone has length 1. The one detail
 * GET has no label, as the seed writes it, whatever its id's type: so a string id equal to another
 * key's label (`detail('list')`) is that key or a prefix of it, the known cost of the seed's shape.
 */
function planKeyEntries(resource: ResourcePlan): void {
  const props = new NameScope(['all']);
  const labels = new NameScope();
  const lists = resource.queries.filter((q) => q.shape === 'list');
  const details = resource.queries.filter((q) => q.shape === 'detail');
  const entries: KeyEntry[] = [];
  const add = (query: QueryPlan, property: string) => {
    // The one detail GET's label is still claimed, so a named entry beside it takes `detail2`.
    const label = labels.claim(property);
    const plain = query.shape === 'detail' && details.length === 1;
    const entry: KeyEntry = { property: props.claim(property), fn: '', label: plain ? undefined : label, infinite: false, query };
    query.key = entry;
    entries.push(entry);
  };
  // The fixed labels first: an operation named `list` or `detail` steps aside for them.
  if (lists.length === 1) add(lists[0]!, 'list');
  if (details.length === 1) add(details[0]!, 'detail');
  for (const query of resource.queries) {
    const named = query.shape === 'list' ? lists.length > 1 : details.length > 1;
    if (named) add(query, query.op.name);
  }
  // Entries in spec order of their operations, infinite ones right after their query's entry.
  entries.sort((a, b) => resource.queries.indexOf(a.query) - resource.queries.indexOf(b.query));
  resource.entries = [];
  for (const entry of entries) {
    resource.entries.push(entry);
    const infinite = entry.query.infinite;
    if (infinite) {
      const key: KeyEntry = { ...entry, property: props.claim(`${entry.property}Infinite`), infinite: true };
      infinite.key = key;
      resource.entries.push(key);
    }
  }
}

/**
 * `detail(id)` of seed point 10: the key of the GET on the update's path, when it takes the path
 * parameters alone and they have the same schemas as the update's (a spec may type `{id}` as a
 * string in one and an integer in the other; the key factory takes the GET's type).
 */
function detailKeyFor(plan: MutationPlan): KeyEntry | undefined {
  const query = plan.resource.queries.find((q) => q.shape === 'detail' && samePath(q.op.urlPath, plan.op.urlPath));
  if (!query) return undefined;
  if (query.op.pathParams.some((p, i) => schemaShape(p.schema) !== schemaShape(plan.op.pathParams[i]?.schema))) return undefined;
  // A key holding a query object as well would match only the queries fetched without one; `all()`
  // already covers them, so only a key of the path alone is worth invalidating on its own.
  if (query.args.some((a) => a.role !== 'path')) return undefined;
  return query.key;
}
