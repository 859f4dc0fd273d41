import { join } from 'node:path';
import { loadModel, modelFromDocument, printModuleSource, type ApiModel } from '@specwright/core';
import { fixture } from '@specwright/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateModules, isPaginationParameter, singular, type HooksOptions, type HooksPlan, type MutationPlan, type QueryPlan } from '../src/index.js';

const own = (name: string) => join(import.meta.dirname, 'fixtures', name);

function plan(model: ApiModel, options: Partial<HooksOptions> = {}): HooksPlan {
  return generateModules(model, options).plan;
}

function query(p: HooksPlan, name: string): QueryPlan {
  const found = p.operations.find((o) => o.op.name === name);
  if (found?.kind !== 'query') throw new Error(`no query ${name}`);
  return found;
}

function mutation(p: HooksPlan, name: string): MutationPlan {
  const found = p.operations.find((o) => o.op.name === name);
  if (found?.kind !== 'mutation') throw new Error(`no mutation ${name}`);
  return found;
}

/** What a variables shape reads like in the README: `body`, `taskId`, `{ taskId, body }`, `void`. */
function variables(m: MutationPlan): string {
  const shape = m.variables;
  if (shape.kind === 'void') return 'void';
  if (shape.kind === 'single') return shape.arg.name;
  return `{ ${shape.args.map((a) => `${a.name}${a.optional ? '?' : ''}`).join(', ')} }`;
}

describe('the Auth Lab reference hooks (seed point 13)', () => {
  let model: ApiModel;
  beforeAll(async () => {
    model = await loadModel(own('auth-lab.yaml'));
  });

  it('names hooks use + PascalCase of the operation and keys meKeys with all() and list()', () => {
    const p = plan(model);
    expect(p.operations.map((o) => `${o.kind} ${o.hook}`)).toEqual(['mutation useLogin', 'query useGetMe', 'mutation useContact']);
    const me = p.resources.find((r) => r.name === 'me')!;
    expect(me.factory).toBe('meKeys');
    // login and contact have no GET, hence no queries to key.
    expect(p.resources.map((r) => [r.name, r.factory])).toEqual([
      ['login', ''],
      ['me', 'meKeys'],
      ['contact', ''],
    ]);
    expect(printModuleSource(generateModules(model).hooks).match(/export const \w+Keys/g)).toEqual(['export const meKeys']);
    expect(me.entries.map((e) => e.property)).toEqual(['list']);
    expect(variables(mutation(p, 'login'))).toBe('body');
    expect(variables(mutation(p, 'contact'))).toBe('body');
  });

  it('gives useGetMe(options?) and useLogin(options?) and nothing else to pass', () => {
    const source = printModuleSource(generateModules(model).hooks);
    expect(source).toMatch(/export function useGetMe<[^(]*>\(options\?: /);
    expect(source).toMatch(/export function useLogin<[^(]*>\(options\?: /);
    expect(source).toMatch(/export function useContact<[^(]*>\(options\?: /);
  });
});

describe('petstore', () => {
  let model: ApiModel;
  beforeAll(async () => {
    model = await loadModel(fixture('petstore-3.1.yaml'));
  });

  it('groups operations by resource, the first static segment after /api/v{n}', () => {
    const p = plan(model);
    expect(p.resources.map((r) => [r.name, r.factory])).toEqual([
      ['pets', 'petKeys'],
      ['stores', 'storeKeys'],
      ['owners', 'ownerKeys'],
      ['search', 'searchKeys'],
      ['health', 'healthKeys'],
    ]);
  });

  it('tells list GETs from detail GETs and widens only detail hooks', () => {
    const p = plan(model);
    expect(query(p, 'listPets').shape).toBe('list');
    expect(query(p, 'getPetById').shape).toBe('detail');
    expect(query(p, 'getStorePet').key.property).toBe('detail');
    expect(query(p, 'getStorePet').args.map((a) => a.name)).toEqual(['storeId', 'petId']);
    const source = printModuleSource(generateModules(model).hooks);
    expect(source).toContain('petId: Parameters<typeof getPetById>[0] | undefined | null');
    expect(source).toContain('enabled: petId != null && (options?.enabled ?? true), ...options');
    expect(source).toContain('enabled: storeId != null && petId != null && (options?.enabled ?? true), ...options');
    expect(source).toMatch(/useListPets<[^(]*>\(params\?: Parameters<typeof listPets>\[0\]/);
    expect(source).toMatch(/useSearchPets<[^(]*>\(params: Parameters<typeof searchPets>\[0\]/);
  });

  it('spreads the caller options after the generated keys', () => {
    const source = printModuleSource(generateModules(model, { staleTime: 5, gcTime: 6 }).hooks);
    expect(source).toContain('queryKey: petKeysList(params), queryFn: (context) => listPets(params, { signal: context.signal }), staleTime: 5, gcTime: 6, ...options }');
    expect(source).toContain('{ mutationFn: (variables) => createPet(variables), ...options }');
  });

  it("shapes variables per seed point 6 and this package's README", () => {
    const p = plan(model);
    expect(variables(mutation(p, 'createPet'))).toBe('body');
    expect(variables(mutation(p, 'updatePet'))).toBe('{ petId, body }');
    expect(variables(mutation(p, 'patchPet'))).toBe('{ petId, body }');
    expect(variables(mutation(p, 'deletePet'))).toBe('petId');
    expect(variables(mutation(p, 'uploadPetPhoto'))).toBe('{ petId, body? }');
  });

  it('marks deprecated operations @deprecated', () => {
    const source = printModuleSource(generateModules(model).hooks);
    expect(source).toMatch(/\* @deprecated The operation is deprecated\.\n \*\/\nexport function useDeletePet/);
    expect(source.match(/@deprecated/g)).toHaveLength(1);
  });

  it.each<[HooksOptions['infiniteQuery'], string[]]>([
    ['auto', ['listPets page', 'searchPets cursor']],
    [true, ['listPets page', 'searchPets cursor']],
    [false, []],
  ])('infinite_query %s gives infinite hooks for %j', (infiniteQuery, expected) => {
    const p = plan(model, { infiniteQuery });
    const infinite = p.operations.flatMap((o) => (o.kind === 'query' && o.infinite ? [`${o.op.name} ${o.infinite.pageParam}`] : []));
    expect(infinite).toEqual(expected);
  });

  it('warns, with infinite_query true, about list GETs without a query to page with', () => {
    expect(plan(model, { infiniteQuery: true }).warnings).toEqual([expect.stringMatching(/no infinite hook for list operations without query parameters to page with: health$/)]);
    expect(plan(model, { infiniteQuery: 'auto' }).warnings).toEqual([]);
  });

  it('feeds the page parameter from pageParam and keys infinite queries apart', () => {
    const source = printModuleSource(generateModules(model).hooks);
    expect(source).toContain('listPets({ ...params, page: context.pageParam }, { signal: context.signal })');
    expect(source).toContain('const petKeysListInfinite = (params?: Parameters<typeof listPets>[0]) => ["pets", "list", "infinite", params] as const');
    expect(source).toContain('NonNullable<NonNullable<Parameters<typeof listPets>[0]>["page"]>');
  });

  it('applies per-resource overrides of stale and gc time', () => {
    const p = plan(model, { staleTime: 1, gcTime: 2, overrides: { pets: { stale_time: 10 }, stores: { gc_time: 20 } } });
    expect(p.resources.map((r) => [r.name, r.staleTime, r.gcTime])).toEqual([
      ['pets', 10, 2],
      ['stores', 1, 20],
      ['owners', 1, 2],
      ['search', 1, 2],
      ['health', 1, 2],
    ]);
  });

  it('warns about overrides of resources the spec does not have', () => {
    expect(plan(model, { overrides: { pet: { stale_time: 1 } } }).warnings).toEqual([
      'overrides: the spec has no resource "pet" (resources: pets, stores, owners, search, health)',
    ]);
  });

  it('adds suspense variants only with suspense: true', () => {
    expect(plan(model).operations.some((o) => o.kind === 'query' && o.suspenseHook)).toBe(false);
    const p = plan(model, { suspense: true });
    expect(query(p, 'getPetById').suspenseHook).toBe('useSuspenseGetPetById');
    expect(query(p, 'listPets').infinite?.suspenseHook).toBe('useSuspenseListPetsInfinite');
  });
});

describe('edge cases', () => {
  let model: ApiModel;
  beforeAll(async () => {
    model = await loadModel(own('hooks-edge.yaml'));
  });

  it('names detail keys by operation when a resource has more than one detail GET (seed point 7), and list keys alike', () => {
    const tasks = plan(model).resources.find((r) => r.name === 'tasks')!;
    expect(tasks.factory).toBe('taskKeys');
    expect(tasks.entries.map((e) => `${e.property}:${e.label ?? ''}${e.infinite ? ':infinite' : ''}`)).toEqual([
      'listTasks:listTasks',
      'listTasksInfinite:listTasks:infinite',
      'searchTasks:searchTasks',
      'getTask:getTask',
      'getTaskHistory:getTaskHistory',
    ]);
    const source = printModuleSource(generateModules(model).hooks);
    expect(source).toContain('const taskKeysGetTask = (taskId: Parameters<typeof getTask>[0]) => ["tasks", "getTask", taskId] as const');
  });

  it('shapes the variables the seed leaves open', () => {
    const p = plan(model);
    expect(
      p.operations.filter((o): o is MutationPlan => o.kind === 'mutation').map((m) => `${m.op.name}: ${variables(m)}${m.variablesType ? ` (${m.variablesType})` : ''}`),
    ).toEqual([
      'createTask: body (CreateTaskVariables)',
      'archiveTasks: { params } (ArchiveTasksVariables)',
      'reindexTasks: void',
      'updateTask: { taskId, body } (UpdateTaskVariables)',
      'patchTask: { taskId, body } (PatchTaskVariables)',
      'deleteTask: taskId (DeleteTaskVariables)',
      'completeTask: taskId (CompleteTaskVariables)',
      'reactToComment: { taskId, commentId, body, params? } (ReactToCommentVariables)',
      'mutation: body (MutationVariables)',
      'sendWebhook: body (SendWebhookVariables)',
      'renameLabel: { labelId, body } (RenameLabelVariables)',
      'recolorLabel: { labelId, body } (RecolorLabelVariables)',
    ]);
  });

  it('invalidates only resources with a GET, and the detail key of the GET on the updated path', () => {
    const p = plan(model, { autoInvalidate: true });
    const invalidation = (name: string) => {
      const m = mutation(p, name);
      return m.invalidate ? ['all', ...(m.invalidate.detail ? [m.invalidate.detail.property] : [])] : undefined;
    };
    expect(invalidation('createTask')).toEqual(['all']);
    expect(invalidation('updateTask')).toEqual(['all', 'getTask']);
    expect(invalidation('patchTask')).toEqual(['all', 'getTask']);
    expect(invalidation('deleteTask')).toEqual(['all']);
    expect(invalidation('completeTask')).toEqual(['all']);
    // The same path parameter typed string in the PUT and integer in the GET: all() only.
    expect(invalidation('renameLabel')).toEqual(['all']);
    expect(invalidation('recolorLabel')).toEqual(['all', 'detail']);
    expect(invalidation('mutation')).toBeUndefined();
    expect(invalidation('sendWebhook')).toBeUndefined();
    expect(plan(model).operations.some((o) => o.kind === 'mutation' && o.invalidate)).toBe(false);
  });

  it("invalidates before calling the caller's onSuccess with all its arguments", () => {
    const source = printModuleSource(generateModules(model, { autoInvalidate: true }).hooks);
    expect(source).toContain(
      [
        '{ mutationFn: (variables) => updateTask(variables.taskId, variables.body), ...options, onSuccess: async (...args) => {',
        '    await Promise.all([client.invalidateQueries({ queryKey: taskKeysAll() }), client.invalidateQueries({ queryKey: taskKeysGetTask(args[1].taskId) }, { cancelRefetch: false })]);',
        '    await options?.onSuccess?.(...args);',
        '  } }',
      ].join('\n'),
    );
  });

  it('turns undefined query data into null, which TanStack Query accepts', () => {
    const p = plan(model);
    expect(['getTask', 'ping', 'getLatestDraft'].map((name) => query(p, name).empty)).toEqual(['none', 'void', 'some']);
    const source = printModuleSource(generateModules(model).hooks);
    expect(source).toContain('queryFn: (context) => ping({ signal: context.signal }).then(() => null)');
    expect(source).toContain('useQuery2<null, ApiError, TData, ReturnType<typeof pingKeysList>>');
    expect(source).toContain('queryFn: (context) => getLatestDraft({ signal: context.signal }).then((data) => data ?? null)');
    expect(source).toContain('useQuery2<Exclude<Awaited<ReturnType<typeof getLatestDraft>>, undefined> | null, ApiError, TData,');
  });

  it('gives paginated detail GETs an infinite hook with the enabled guard', () => {
    const p = plan(model);
    expect(query(p, 'listReportRows').infinite?.pageParam).toBe('offset');
    const source = printModuleSource(generateModules(model).hooks);
    expect(source).toContain('enabled: reportId != null && (options.enabled ?? true), ...options');
    expect(source).toContain('const reportKeysDetailInfinite = (reportId: Parameters<typeof listReportRows>[0], params?: Parameters<typeof listReportRows>[1]) => ["reports", reportId, "infinite", params] as const');
  });

  it.each<[HooksOptions['infiniteQuery'], string[]]>([
    ['auto', ['listTasks page_token', 'listReportRows offset']],
    [true, ['listTasks page_token', 'searchTasks (query object)', 'listReportRows offset', 'listLabels (query object)']],
    [false, []],
  ])('infinite_query %s: infinite hooks for %j', (infiniteQuery, expected) => {
    const p = plan(model, { infiniteQuery });
    expect(p.operations.flatMap((o) => (o.kind === 'query' && o.infinite ? [`${o.op.name} ${o.infinite.pageParam ?? '(query object)'}`] : []))).toEqual(expected);
  });

  it('infinite_query true: a list GET without a recognised name pages by merging pageParam over params; one without a query is named in a warning', () => {
    const p = plan(model, { infiniteQuery: true });
    expect(query(p, 'searchTasks').infinite?.hook).toBe('useSearchTasksInfinite');
    expect(query(p, 'searchTasks').infinite?.key.property).toBe('searchTasksInfinite');
    expect(p.warnings).toEqual(['infinite_query: true: no infinite hook for list operations without query parameters to page with: getMe, query, suspenseQuery, queryClient, ping, getLatestDraft']);
    const source = printModuleSource(generateModules(model, { infiniteQuery: true }).hooks);
    expect(source).toContain('queryFn: (context) => searchTasks({ ...params, ...context.pageParam }, { signal: context.signal })');
    expect(source).toContain('const taskKeysSearchTasksInfinite = (params: Parameters<typeof searchTasks>[0]) => ["tasks", "searchTasks", "infinite", params] as const');
    expect(source).toMatch(/export function useSearchTasksInfinite<TData = InfiniteData<Awaited<ReturnType<typeof searchTasks>>, Partial<NonNullable<Parameters<typeof searchTasks>\[0\]>>>>\(params: /);
  });

  // Seed point 7: "`all()` gives `[resource]`; `list(params?)` gives `[resource, 'list', params]`;
  // `detail(id)` gives `[resource, id]`."
  it('gives the one list GET and the one detail GET of a resource the plain keys of seed point 7', () => {
    const labels = plan(model).resources.find((r) => r.name === 'labels')!;
    expect(labels.entries.map((e) => `${e.property}:${e.label ?? ''}`)).toEqual(['list:list', 'detail:']);
    const source = printModuleSource(generateModules(model).hooks);
    expect(source).toContain('const labelKeysAll = () => ["labels"] as const;');
    expect(source).toContain('const labelKeysList = (params?: Parameters<typeof listLabels>[0]) => ["labels", "list", params] as const;');
    expect(source).toContain('const labelKeysDetail = (labelId: Parameters<typeof getLabel>[0]) => ["labels", labelId] as const;');
    // The exported factory only refers to the key functions, so a bundler drops it when unused.
    expect(source).toContain('export const labelKeys = { all: labelKeysAll, list: labelKeysList, detail: labelKeysDetail };');
  });

  // Seed point 7 as written: "`detail(id)` gives `[resource, id]`", a string id beside `list()` included.
  it('gives the one detail GET no label whatever its id type, and an operation named detail beside it detail2', async () => {
    const keys = await loadModel(own('hooks-keys.yaml'));
    const entries = (name: string) => plan(keys).resources.find((r) => r.name === name)!.entries.map((e) => `${e.property}:${e.label ?? ''}`);
    expect(entries('tasks')).toEqual(['list:list', 'detail:']);
    expect(entries('pages')).toEqual(['list:list', 'detail:']);
    expect(entries('docs')).toEqual(['listDocs:listDocs', 'listDocsInfinite:listDocs', 'detail2:detail2', 'detail:', 'detailInfinite:']);
    const source = printModuleSource(generateModules(keys).hooks);
    expect(source).toContain('const taskKeysDetail = (taskId: Parameters<typeof getTask>[0]) => ["tasks", taskId] as const;');
    expect(source).toContain('const pageKeysDetail = (slug: Parameters<typeof getPage>[0]) => ["pages", slug] as const;');
  });

  it('marks every hook of a deprecated GET @deprecated: query, suspense and infinite ones', () => {
    const source = printModuleSource(generateModules(model, { suspense: true }).hooks);
    for (const hook of ['useListReportRows', 'useSuspenseListReportRows', 'useListReportRowsInfinite', 'useSuspenseListReportRowsInfinite']) {
      expect(source, hook).toMatch(new RegExp(`\\* @deprecated The operation is deprecated\\.\\n \\*/\\nexport function ${hook}<`));
    }
    // And no other GET: the one more is the deprecated DELETE's mutation hook.
    expect(source.match(/@deprecated/g)).toHaveLength(5);
    expect(source).toMatch(/\* @deprecated The operation is deprecated\.\n \*\/\nexport function useDeleteTask</);
  });

  it('keeps hook names exact and aliases the TanStack imports they collide with', () => {
    const p = plan(model, { suspense: true });
    expect(query(p, 'query').hook).toBe('useQuery');
    expect(query(p, 'suspenseQuery').hook).toBe('useSuspenseQuery');
    expect(query(p, 'query').suspenseHook).toBe('useSuspenseQuery2');
    expect(query(p, 'queryClient').hook).toBe('useQueryClient');
    expect(mutation(p, 'mutation').hook).toBe('useMutation');
    const source = printModuleSource(generateModules(model, { suspense: true, autoInvalidate: true }).hooks);
    expect(source).toMatch(/^import \{ useQuery as useQuery2, useSuspenseQuery as useSuspenseQuery3, .*useMutation as useMutation2, useQueryClient as useQueryClient2,/m);
  });

  it('never lets a parameter shadow a name the function refers to', () => {
    const source = printModuleSource(generateModules(model).hooks);
    // Path parameters named shadowKeys and queryClient: the key factory keeps its name, and the
    // hook's own queryClient parameter steps aside for the path parameter that came first.
    expect(source).toContain('export function useGetShadow<');
    expect(source).toContain('(shadowKeys2: Parameters<typeof getShadow>[0] | undefined | null, queryClient: Parameters<typeof getShadow>[1] | undefined | null, options?: ');
    expect(source).toContain('queryClient2?: QueryClient): UseQueryResult<TData, ApiError>');
    expect(source).toContain('queryKey: shadowKeysDetail(shadowKeys2!, queryClient!)');
    // A module name the hook does not refer to does not rename its parameters.
    expect(source).toMatch(/export function useListTasks<[^(]*>\(params\?: [^\n]*, queryClient\?: QueryClient\)/);
  });
});

describe('hostile names', () => {
  it('builds hooks for the hostile fixture with safe names and spec text only in strings and comments', async () => {
    const model = await loadModel(fixture('hostile.yaml'));
    const p = plan(model, { suspense: true, autoInvalidate: true });
    expect(p.operations.map((o) => o.hook)).toEqual(['useGetEvilProcessExit6', 'useDelete', 'useClass', 'useDuplicate', 'useDuplicate2', 'useFetch', 'useUnicodeOp']);
    const source = printModuleSource(generateModules(model, { suspense: true, autoInvalidate: true }).hooks);
    expect(source).not.toMatch(/process\.exit\(\d\)\s*[;)]/);
    expect(source).toContain('const evilKeys = ');
  });

  it('writes a module even for a spec without operations', () => {
    const model = modelFromDocument({ openapi: '3.1.0', info: { title: 'empty', version: '1' }, paths: {} });
    const { hooks } = generateModules(model);
    expect(printModuleSource(hooks)).toBe('// Generated by openapi-react-query. Do not edit: re-run the command to update.\n\nexport {};\n');
  });
});

describe('helpers', () => {
  it.each([
    ['tasks', 'task'],
    ['categories', 'category'],
    ['boxes', 'box'],
    ['matches', 'match'],
    ['addresses', 'address'],
    ['status', 'status'],
    ['analysis', 'analysis'],
    ['me', 'me'],
    ['health', 'health'],
    ['days', 'day'],
    ['apiDocs', 'apiDoc'],
  ])('singular(%s) is %s', (word, expected) => {
    expect(singular(word)).toBe(expected);
  });

  it.each([
    ['page', true],
    ['Page', true],
    ['cursor', true],
    ['offset', true],
    ['after', true],
    ['page_token', true],
    ['pageToken', true],
    ['next-token', true],
    ['starting_after', true],
    ['skip', true],
    ['per_page', false],
    ['limit', false],
    ['pages', false],
  ])('isPaginationParameter(%s) is %s', (name, expected) => {
    expect(isPaginationParameter(name)).toBe(expected);
  });
});
