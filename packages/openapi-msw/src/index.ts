export { command } from './command.js';
export { generateHandlers, generate, generateFileFromModel, loadConfig, loadConfigs, HANDLERS_FILE } from './generate.js';
export type { HandlerGenOptions, GeneratedFile, GenerateResult } from './generate.js';
export { configSchema, configSpec, CONFIG_KEYS, DEFAULTS } from './config.js';
export type { MswConfig, ResolvedMswConfig } from './config.js';
export { buildHandlersModule, noResponsesWarning, planResponse, REFERENCE_DATE } from './handlers.js';
export type { HandlerModuleOptions, ResponsePlan } from './handlers.js';
export { MockBuilder, seededMockStatements } from './mock-values.js';
export type { MockOptions } from './mock-values.js';
