/**
 * Query keys as TanStack Query compares them, for every key shape the generator writes
 * (fixtures/hooks-keys.yaml): no two queries share a cache entry whatever the argument values, and
 * `all()` still reaches every query of its resource. Then pagination parameters that admit no
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
}

/**
 * Every entry of every factory, called with every combination of adversarial values: each path
 * parameter takes every label and resource name a key holds (and `'infinite'`, `1`), the query
 * object `undefined`, `{}` or `{ page: 1 }`. Arities come from the plan; the functions are the
 * generated ones.
 */
function enumerateKeys(plan: HooksPlan, hooks: Record<string, Record<string, (...args: unknown[]) => QueryKey>>): BuiltKey[] {
  const resources = plan.resources.filter((r) => r.factory !== '');
  const pathValues: unknown[] = [...new Set([...resources.flatMap((r) => [r.name, ...r.entries.map((e) => e.label)]), 'infinite', 'all']), 1];
  const queryValues: unknown[] = [undefined, {}, { page: 1 }];
  const keys: BuiltKey[] = [];
  for (const resource of resources) {
    const factory = hooks[resource.factory]!;
    keys.push({ resource: resource.name, entry: `${resource.factory}.all`, id: `${resource.factory}.all()`, key: factory['all']!() });
    for (const entry of resource.entries) {
      let combos: unknown[][] = [[]];
      // A number parameter takes numbers: its type admits no label (the factory's type forbids a string).
      const valuesOf = (arg: (typeof entry.query.args)[number], i: number) =>
        arg.role === 'query' ? queryValues : entry.query.op.pathParams[i]?.schema.kind === 'number' ? [1, 2] : pathValues;
      entry.query.args.forEach((arg, i) => (combos = combos.flatMap((c) => valuesOf(arg, i).map((v) => [...c, v]))));
      const name = `${resource.factory}.${entry.property}`;
      for (const args of combos) keys.push({ resource: resource.name, entry: name, id: `${name}(${args.map((a) => JSON.stringify(a) ?? 'undefined').join(', ')})`, key: factory[entry.property]!(...args) });
    }
  }
  return keys;
}

describe('query keys (fixtures/hooks-keys.yaml: every key shape, operations named list, detail, infinite, all)', () => {
  let keys: BuiltKey[];
  beforeAll(async () => {
    const hooks = (await import(join(project.dir, 'src/keys/hooks.ts'))) as Record<string, Record<string, (...args: unknown[]) => QueryKey>>;
    keys = enumerateKeys(generateModules(await loadModel(own('hooks-keys.yaml')), KEYS_OPTIONS).plan, hooks);
  });

  it('never give two queries the same cache entry, whatever the argument values', () => {
    // Every shape is there: all, list without and with a query, detail, named lists and details, infinite ones.
    expect(new Set(keys.map((k) => k.entry)).size).toBe(26);
    expect(keys.length).toBeGreaterThan(1000);
    const byHash = new Map<string, string[]>();
    for (const k of keys) byHash.set(hashKey(k.key), [...(byHash.get(hashKey(k.key)) ?? []), k.id]);
    expect([...byHash.values()].filter((ids) => ids.length > 1).slice(0, 5)).toEqual([]);
    // The same through a real query cache: each key finds its own data.
    const queryClient = new QueryClient();
    for (const k of keys) queryClient.setQueryData(k.key, k.id);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(keys.length);
    expect(keys.filter((k) => queryClient.getQueryData(k.key) !== k.id).slice(0, 5)).toEqual([]);
  });

  it('let all() reach every query of its resource, and no other key reach a query of another entry', () => {
    const queryClient = new QueryClient();
    for (const k of keys) queryClient.setQueryData(k.key, k);
    const cache = queryClient.getQueryCache();
    const reached = (queryKey: QueryKey) => cache.findAll({ queryKey }).map((q) => q.state.data as BuiltKey);
    for (const k of keys.filter((key) => key.key.length === 1)) {
      expect(reached(k.key).map((q) => q.id).sort(), k.id).toEqual(keys.filter((q) => q.resource === k.resource).map((q) => q.id).sort());
    }
    const strays = keys.filter((k) => k.key.length > 1).flatMap((k) => reached(k.key).filter((q) => q.entry !== k.entry).map((q) => `${k.id} reaches ${q.id}`));
    expect(strays.slice(0, 5)).toEqual([]);
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
