/**
 * Query keys as TanStack Query compares them, for every key shape the generator writes
 * (fixtures/hooks-keys.yaml): seed rule 7's shapes as written; two queries share a cache entry only
 * where the one detail GET's id equals another key's label (the rule's known cost), and `all()`
 * still reaches every query of its resource. Then pagination parameters that admit no
 * value besides null (fixtures/hooks-null-page.yaml): no infinite hook, for every target. The
 * generated files are compiled under the strict flags with their type tests (`.types/`); the hooks
 * of both fixtures are rendered in `render.test.tsx`.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadModel } from '@specwright/core';
import { tempProject, typecheck, type TempProject } from '@specwright/testing';
import { QueryClient, hashKey, type QueryKey } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateModules, type HooksOptions, type HooksPlan } from '../src/index.js';
import { generateInto } from './support/generated-project.js';

const own = (name: string) => join(import.meta.dirname, 'fixtures', name);
const typeTests = (name: string) => join(import.meta.dirname, '.types', name);

const KEYS_HOOKS = { suspense: true, auto_invalidate: true, infinite_query: true };
const KEYS_OPTIONS: Partial<HooksOptions> = { suspense: true, autoInvalidate: true, infiniteQuery: true };
/** The QA tester's matrix: every target, suspense where the adapter has it. */
const NULL_PAGE_OUTPUTS = [
  { out: 'null-react', hooks: { suspense: true, infinite_query: true }, types: 'hooks-null-page.test-d.ts' },
  { out: 'null-react-auto', hooks: { suspense: true, infinite_query: 'auto' } },
  { out: 'null-vue', hooks: { target: 'vue', suspense: true, infinite_query: true } },
  { out: 'null-svelte', hooks: { target: 'svelte', infinite_query: true } },
  { out: 'null-solid', hooks: { target: 'solid', infinite_query: true } },
  { out: 'null-angular', hooks: { target: 'angular', infinite_query: true } },
];

let project: TempProject;
beforeAll(() => {
  project = tempProject('rq-keys');
  const keys = generateInto(project, own('hooks-keys.yaml'), 'src/keys', { hooks: KEYS_HOOKS });
  copyFileSync(typeTests('hooks-keys.test-d.ts'), join(keys, 'hooks-keys.test-d.ts'));
  for (const o of NULL_PAGE_OUTPUTS) {
    const out = generateInto(project, own('hooks-null-page.yaml'), join('src', o.out), { hooks: o.hooks });
    if (o.types) copyFileSync(typeTests(o.types), join(out, o.types));
  }
});

it('compiles every output with its type tests under TypeScript 7, the strict flags and bundler resolution', () => {
  project.tsconfig('bundler');
  const result = typecheck(project.dir, '7');
  expect(result.stdout + result.stderr).toBe('');
  expect(result.code).toBe(0);
});

/** One key the generated factories build: the entry it came from and its arguments. */
interface BuiltKey {
  resource: string;
  /** `pageKeys.detail`, unique per entry (infinite entries are entries of their own). */
  entry: string;
  /** The entry and its arguments: what the query's cache entry must hold. */
  id: string;
  key: QueryKey;
  /** Built by the one detail GET (`[resource, id, ...]`) with an id equal to another key's label. */
  labelId: boolean;
}

/**
 * Every entry of every factory, called with every combination of adversarial values: each path
 * parameter takes every label and resource name a key holds (and `'infinite'`, `1`), the query
 * object `undefined`, `{}` or `{ page: 1 }`. Arities come from the plan; the functions are the
 * generated ones.
 */
function enumerateKeys(plan: HooksPlan, hooks: Record<string, Record<string, (...args: unknown[]) => QueryKey>>): BuiltKey[] {
  const resources = plan.resources.filter((r) => r.factory !== '');
  const pathValues: unknown[] = [...new Set([...resources.flatMap((r) => [r.name, ...r.entries.flatMap((e) => e.label ?? [])]), 'infinite', 'all']), 1];
  const queryValues: unknown[] = [undefined, {}, { page: 1 }];
  const keys: BuiltKey[] = [];
  for (const resource of resources) {
    const factory = hooks[resource.factory]!;
    keys.push({ resource: resource.name, entry: `${resource.factory}.all`, id: `${resource.factory}.all()`, key: factory['all']!(), labelId: false });
    const labels = new Set(resource.entries.map((e) => e.label));
    for (const entry of resource.entries) {
      let combos: unknown[][] = [[]];
      // A number parameter takes numbers: its type admits no label (the factory's type forbids a string).
      const valuesOf = (arg: (typeof entry.query.args)[number], i: number) =>
        arg.role === 'query' ? queryValues : entry.query.op.pathParams[i]?.schema.kind === 'number' ? [1, 2] : pathValues;
      entry.query.args.forEach((arg, i) => (combos = combos.flatMap((c) => valuesOf(arg, i).map((v) => [...c, v]))));
      const name = `${resource.factory}.${entry.property}`;
      for (const args of combos) {
        const id = `${name}(${args.map((a) => JSON.stringify(a) ?? 'undefined').join(', ')})`;
        keys.push({ resource: resource.name, entry: name, id, key: factory[entry.property]!(...args), labelId: entry.label === undefined && labels.has(args[0] as string) });
      }
    }
  }
  return keys;
}

describe('query keys (fixtures/hooks-keys.yaml: every key shape, operations named list, detail, infinite, all)', () => {
  type Factory = Record<string, (...args: unknown[]) => QueryKey>;
  let hooks: Record<string, Factory>;
  let keys: BuiltKey[];
  beforeAll(async () => {
    hooks = (await import(join(project.dir, 'src/keys/hooks.ts'))) as Record<string, Factory>;
    keys = enumerateKeys(generateModules(await loadModel(own('hooks-keys.yaml')), KEYS_OPTIONS).plan, hooks);
  });
  const key = (factory: string, entry: string, ...args: unknown[]) => hooks[factory]![entry]!(...args);

  // Seed, hooks rule 7: "`all()` gives `[resource]`; `list(params?)` gives `[resource, 'list', params]`;
  // `detail(id)` gives `[resource, id]`. When a resource has more than one GET with path parameters,
  // detail keys are instead named by operation id and have the form `[resource, operationName, id]`".
  it('give the shapes of seed rule 7 as written, a string id beside list() included', () => {
    expect(key('taskKeys', 'all')).toStrictEqual(['tasks']);
    expect(key('taskKeys', 'list', { status: 'open' })).toStrictEqual(['tasks', 'list', { status: 'open' }]);
    expect(key('taskKeys', 'list')).toStrictEqual(['tasks', 'list', undefined]);
    expect(key('taskKeys', 'detail', 'abc')).toStrictEqual(['tasks', 'abc']);
    expect(key('tagKeys', 'detail', 7)).toStrictEqual(['tags', 7]);
    // A list GET without a query has no params to key (seed rule 13's `meKeys.list()` beside `useGetMe(options?)`).
    expect(key('pageKeys', 'list')).toStrictEqual(['pages', 'list']);
    expect(key('pageKeys', 'detail', 'a')).toStrictEqual(['pages', 'a']);
    // Five detail GETs: each key is named by its operation.
    expect(key('itemKeys', 'getItem', 'i')).toStrictEqual(['items', 'getItem', 'i']);
    expect(key('itemKeys', 'getItemPart', 'i', 'p', { page: 2 })).toStrictEqual(['items', 'getItemPart', 'i', 'p', { page: 2 }]);
  });

  it("never give two queries the same cache entry, whatever the argument values, but for a detail id equal to another key's label", () => {
    // Every shape is there: all, list without and with a query, detail, named lists and details, infinite ones.
    expect(new Set(keys.map((k) => k.entry)).size).toBe(30);
    expect(keys.length).toBeGreaterThan(1000);
    const byHash = new Map<string, BuiltKey[]>();
    for (const k of keys) byHash.set(hashKey(k.key), [...(byHash.get(hashKey(k.key)) ?? []), k]);
    const shared = [...byHash.values()].filter((same) => same.length > 1);
    expect(shared.filter((same) => !same.some((k) => k.labelId)).slice(0, 5).map((same) => same.map((k) => k.id))).toEqual([]);
    // The seed's cost is there: `detail('list')` is `list()`'s key.
    expect(shared.map((same) => same.map((k) => k.id))).toContainEqual(['pageKeys.list()', 'pageKeys.detail("list")']);
    // The same through a real query cache: each other key finds its own data.
    const distinct = keys.filter((k) => !k.labelId);
    const queryClient = new QueryClient();
    for (const k of distinct) queryClient.setQueryData(k.key, k.id);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(distinct.length);
    expect(distinct.filter((k) => queryClient.getQueryData(k.key) !== k.id).slice(0, 5)).toEqual([]);
  });

  it("let all() reach every query of its resource, and no other key reach a query of another entry but through a detail id equal to a label", () => {
    const queryClient = new QueryClient();
    for (const k of keys) queryClient.setQueryData(k.key, k);
    const cache = queryClient.getQueryCache();
    const reached = (queryKey: QueryKey) => cache.findAll({ queryKey }).map((q) => q.state.data as BuiltKey);
    for (const k of keys.filter((key) => key.key.length === 1)) {
      // Keys that share an entry leave the data of the last one set: compare by entry.
      const all = new Set(keys.filter((q) => q.resource === k.resource).map((q) => hashKey(q.key)));
      expect(reached(k.key).map((q) => hashKey(q.key)).sort(), k.id).toEqual([...all].sort());
    }
    const strays = keys.filter((k) => k.key.length > 1 && !k.labelId).flatMap((k) => reached(k.key).filter((q) => q.entry !== k.entry && !q.labelId).map((q) => `${k.id} reaches ${q.id}`));
    expect(strays.slice(0, 5)).toEqual([]);
  });

  // The known cost of seed rule 7's `detail(id)` = `[resource, id]`: keys match by prefix, so a string
  // id equal to another key's label is that key, or a prefix of it that invalidates (refetches, removes) it.
  it("make detail('list') list()'s cache entry and a prefix of list(params), as the seed's shapes must", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(key('pageKeys', 'list'), [{ slug: 'a' }]);
    expect(queryClient.getQueryData(key('pageKeys', 'detail', 'list'))).toStrictEqual([{ slug: 'a' }]);
    queryClient.setQueryData(key('taskKeys', 'list', { status: 'open' }), ['t1']);
    queryClient.setQueryData(key('taskKeys', 'detail', 'abc'), 't2');
    const reached = (queryKey: QueryKey) => queryClient.getQueryCache().findAll({ queryKey }).map((q) => q.queryKey);
    expect(reached(key('taskKeys', 'detail', 'list'))).toStrictEqual([['tasks', 'list', { status: 'open' }]]);
    expect(reached(key('taskKeys', 'detail', 'abc'))).toStrictEqual([['tasks', 'abc']]);
  });
});

describe('pagination parameters that admit no value besides null (fixtures/hooks-null-page.yaml)', () => {
  const WARNING =
    'infinite_query: true: no infinite hook for operations whose pagination parameter admits no value besides null: listFeed (cursor), listEvents (after), listLogLines (page_token), listAudits (skip)';

  it.each<[HooksOptions['infiniteQuery'], string[], string[]]>([
    ['auto', ['listMixed page', 'listTasks page'], []],
    [true, ['listMixed page', 'listTasks page'], [WARNING]],
    [false, [], []],
  ])('infinite_query %s: infinite hooks for %j, warnings %j', async (infiniteQuery, hooks, warnings) => {
    const plan = generateModules(await loadModel(own('hooks-null-page.yaml')), { infiniteQuery }).plan;
    expect(plan.operations.flatMap((o) => (o.kind === 'query' && o.infinite ? [`${o.op.name} ${o.infinite.pageParam}`] : []))).toEqual(hooks);
    expect(plan.warnings).toEqual(warnings);
  });
});
