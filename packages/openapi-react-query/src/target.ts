/** The TanStack Query adapters `hooks.ts` can be written for (the `target` config key). */
export const TARGETS = ['react', 'vue', 'svelte', 'solid', 'swr', 'angular'] as const;
export type Target = (typeof TARGETS)[number];

/**
 * How the hook's inputs reach the adapter: `plain` values (React re-runs the hook on every render);
 * Vue's `MaybeRefOrGetter` inputs read with `toValue` inside an options getter; Solid accessors and
 * Svelte 5 functions called inside the options function, so every read is tracked.
 */
export type InputStyle = 'plain' | 'vue' | 'accessor';

export type AdapterName =
  | 'query'
  | 'suspense'
  | 'infinite'
  | 'suspenseInfinite'
  | 'mutation'
  | 'queryClient'
  | 'QueryClient'
  | 'queryOptions'
  | 'suspenseOptions'
  | 'infiniteOptions'
  | 'suspenseInfiniteOptions'
  | 'queryResult'
  | 'suspenseResult'
  | 'infiniteResult'
  | 'suspenseInfiniteResult'
  | 'mutationOptions'
  | 'mutationResult'
  | 'injectQueryOptions'
  | 'injectInfiniteOptions'
  | 'injectMutationOptions';

/** One adapter package: the names it exports for each part a hook uses. */
export interface Adapter {
  target: Target;
  package: string;
  /** Prefix of every hook name: `use` (`useGetMe`), or `create` / `inject` where the adapter's own functions are named so. */
  prefix: 'use' | 'create' | 'inject';
  inputs: InputStyle;
  /** The adapter's export for each part; an absent suspense part means the adapter has no suspense hooks. */
  names: Partial<Record<AdapterName, string>>;
  /** Why `suspense: true` cannot be honoured, for the config error; absent when it can. */
  noSuspense?: string;
  /** Vue's option types hold a `TQueryData` parameter after `TData`, which the others derive. */
  queryDataParam: boolean;
  /** Solid's query option types are accessors (the options object is their return type). */
  accessorOptionTypes?: boolean;
  /** The framework's own module and the names hooks import from it (Vue's `toValue`, Angular's `inject`). */
  framework?: { module: string; values: string[]; types: string[] };
  /**
   * Angular: the last parameter is the adapter's `Inject*Options` (an `injector`), not a query
   * client, and a mutation finds its client there or through `inject(QueryClient)`.
   */
  injectorParam?: boolean;
}

const REACT: Adapter = {
  target: 'react',
  package: '@tanstack/react-query',
  prefix: 'use',
  inputs: 'plain',
  queryDataParam: false,
  names: {
    query: 'useQuery',
    suspense: 'useSuspenseQuery',
    infinite: 'useInfiniteQuery',
    suspenseInfinite: 'useSuspenseInfiniteQuery',
    mutation: 'useMutation',
    queryClient: 'useQueryClient',
    QueryClient: 'QueryClient',
    queryOptions: 'UseQueryOptions',
    queryResult: 'UseQueryResult',
    suspenseOptions: 'UseSuspenseQueryOptions',
    suspenseResult: 'UseSuspenseQueryResult',
    infiniteOptions: 'UseInfiniteQueryOptions',
    infiniteResult: 'UseInfiniteQueryResult',
    suspenseInfiniteOptions: 'UseSuspenseInfiniteQueryOptions',
    suspenseInfiniteResult: 'UseSuspenseInfiniteQueryResult',
    mutationOptions: 'UseMutationOptions',
    mutationResult: 'UseMutationResult',
  },
};

/**
 * `@tanstack/vue-query` 5: composables take `MaybeRefOrGetter` options; suspense is `await
 * query.suspense()` in an async `setup()` under `<Suspense>`, so the suspense variants are async
 * composables over `useQuery`/`useInfiniteQuery` whose data is defined once they resolve.
 */
const VUE: Adapter = {
  target: 'vue',
  package: '@tanstack/vue-query',
  prefix: 'use',
  inputs: 'vue',
  queryDataParam: true,
  framework: { module: 'vue', values: ['toValue'], types: ['MaybeRefOrGetter', 'Ref'] },
  names: {
    query: 'useQuery',
    suspense: 'useQuery',
    infinite: 'useInfiniteQuery',
    suspenseInfinite: 'useInfiniteQuery',
    mutation: 'useMutation',
    queryClient: 'useQueryClient',
    QueryClient: 'QueryClient',
    queryOptions: 'QueryOptions',
    suspenseOptions: 'QueryOptions',
    queryResult: 'UseQueryReturnType',
    suspenseResult: 'UseQueryDefinedReturnType',
    infiniteOptions: 'InfiniteQueryObserverOptions',
    suspenseInfiniteOptions: 'InfiniteQueryObserverOptions',
    infiniteResult: 'UseInfiniteQueryReturnType',
    suspenseInfiniteResult: 'UseInfiniteQueryReturnType',
    mutationOptions: 'MutationOptions',
    mutationResult: 'UseMutationReturnType',
  },
};

/** `@tanstack/svelte-query` 6 (Svelte 5 runes): `create*` functions over options functions; no suspense. */
const SVELTE: Adapter = {
  target: 'svelte',
  package: '@tanstack/svelte-query',
  prefix: 'create',
  inputs: 'accessor',
  queryDataParam: false,
  noSuspense: '@tanstack/svelte-query has no suspense hooks',
  names: {
    query: 'createQuery',
    infinite: 'createInfiniteQuery',
    mutation: 'createMutation',
    queryClient: 'useQueryClient',
    QueryClient: 'QueryClient',
    queryOptions: 'CreateQueryOptions',
    queryResult: 'CreateQueryResult',
    infiniteOptions: 'CreateInfiniteQueryOptions',
    infiniteResult: 'CreateInfiniteQueryResult',
    mutationOptions: 'CreateMutationOptions',
    mutationResult: 'CreateMutationResult',
  },
};

/**
 * `@tanstack/solid-query` 5: `use*` over accessors (`createQuery` is its alias). Reading `data`
 * inside `<Suspense>` suspends any query already; no hook makes data non-undefined, so there are no
 * suspense variants.
 */
const SOLID: Adapter = {
  target: 'solid',
  package: '@tanstack/solid-query',
  prefix: 'use',
  inputs: 'accessor',
  queryDataParam: false,
  accessorOptionTypes: true,
  noSuspense: '@tanstack/solid-query has no suspense hooks (any query suspends under <Suspense> when its data is read)',
  names: {
    query: 'useQuery',
    infinite: 'useInfiniteQuery',
    mutation: 'useMutation',
    queryClient: 'useQueryClient',
    QueryClient: 'QueryClient',
    // Its useQuery and useInfiniteQuery have no overload for the general option types, only these.
    queryOptions: 'UndefinedInitialDataOptions',
    queryResult: 'UseQueryResult',
    infiniteOptions: 'UndefinedInitialDataInfiniteOptions',
    infiniteResult: 'UseInfiniteQueryResult',
    mutationOptions: 'MutationOptions',
    mutationResult: 'UseMutationResult',
  },
};

/**
 * SWR 2 (not a TanStack adapter): `useSWR`, `useSWRMutation` and `useSWRInfinite` over the same
 * key factories; `swr.ts` writes its hooks, and no TanStack name is imported.
 */
const SWR: Adapter = { target: 'swr', package: 'swr', prefix: 'use', inputs: 'plain', queryDataParam: false, names: {} };

/**
 * `@tanstack/angular-query-experimental` 5 (Angular's signals): `inject*` functions over options
 * functions, called in an injection context; inputs are functions (a signal is one), read inside
 * the options function so a change re-runs it. The last parameter is the adapter's own
 * `{ injector }` option. Angular has no suspense.
 */
const ANGULAR: Adapter = {
  target: 'angular',
  package: '@tanstack/angular-query-experimental',
  prefix: 'inject',
  inputs: 'accessor',
  queryDataParam: false,
  framework: { module: '@angular/core', values: ['inject'], types: [] },
  injectorParam: true,
  noSuspense: '@tanstack/angular-query-experimental has no suspense hooks (Angular has no suspense; use @defer or the isPending signal)',
  names: {
    query: 'injectQuery',
    infinite: 'injectInfiniteQuery',
    mutation: 'injectMutation',
    // The injection token of the client, a value here: mutations `inject(QueryClient)` to invalidate.
    queryClient: 'QueryClient',
    queryOptions: 'CreateQueryOptions',
    queryResult: 'CreateQueryResult',
    infiniteOptions: 'CreateInfiniteQueryOptions',
    infiniteResult: 'CreateInfiniteQueryResult',
    mutationOptions: 'CreateMutationOptions',
    mutationResult: 'CreateMutationResult',
    injectQueryOptions: 'InjectQueryOptions',
    injectInfiniteOptions: 'InjectInfiniteQueryOptions',
    injectMutationOptions: 'InjectMutationOptions',
  },
};

export const ADAPTERS: Record<Target, Adapter> = { react: REACT, vue: VUE, svelte: SVELTE, solid: SOLID, swr: SWR, angular: ANGULAR };

/** Value exports (the rest are types, imported with `import type`). */
export const VALUE_PARTS: AdapterName[] = ['query', 'suspense', 'infinite', 'suspenseInfinite', 'mutation', 'queryClient'];
