export { command } from './command.js';
export { configSchema, configSpec, CONFIG_KEYS, MAX_TIMER_MS } from './config.js';
export type { ReactQueryConfig, ReactQueryConfigInput } from './config.js';
export { generate, generateFromModel, generateModules, hooksOptions, COMMAND, HEADER, HOOKS_FILE, TEST_UTILS_FILE } from './generate.js';
export type { GeneratedModules } from './generate.js';
export { buildHooksModule } from './hooks.js';
export { buildTestUtilsModule } from './test-utils.js';
export { planHooks, clientArgs, isPaginationParameter, singular, PAGINATION_PARAMETERS, DEFAULT_HOOKS_OPTIONS } from './plan.js';
export type { HooksOptions, HooksPlan, QueryPlan, MutationPlan, ResourcePlan, KeyEntry, ClientArg, VariablesShape, InfinitePlan } from './plan.js';
