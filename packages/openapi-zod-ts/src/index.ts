export { generate, generateFromConfig, generateFromModel, emitModules, GENERATED_FILES } from './generate.js';
export type { GenerateOptions, PlannedModule } from './generate.js';
export type { SchemaTyping } from './context.js';
export type { ZodVariant } from './schema-emit.js';
export { zodTsConfigSchema, zodTsConfigSpec, ZOD_TS_CONFIG_KEYS } from './config.js';
export type { ZodTsConfig, ZodTsConfigInput } from './config.js';
export { zodTsCommand } from './command.js';
export { createClientNames, CLIENT_TYPE_NAMES, CLIENT_VALUE_NAMES } from './names.js';
export { queryObject } from './declarations.js';
