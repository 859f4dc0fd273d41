// Errors
export { SpecwrightError, UsageError, ConfigError, SpecError, isUserError, underConfigKey } from './errors.js';
export type { ErrorCode, Location } from './errors.js';

// Loading and the intermediate representation
export { loadSpecFile, checkSpec, locateInSource, modelInSource } from './load/load-spec.js';
export type { LoadedSpec, LoadOptions, OpenApiDialect } from './load/load-spec.js';
export type { SourceConfig } from './load/source-policy.js';
export { DocumentCache } from './load/document-cache.js';
export { loadModel, modelFromDocument } from './load/load-model.js';
export { buildModel, mediaKind } from './ir/build-model.js';
export type { BuildModelOptions } from './ir/build-model.js';
export { ModelMemo } from './ir/model-memo.js';
export type { MemoStats } from './ir/model-memo.js';
export { describesText } from './ir/response-media.js';
export type * from './ir/types.js';
export { isNullable } from './ir/schema-nodes.js';
export { disjointIntersection, jsonTypes } from './ir/json-types.js';
export type { JsonType } from './ir/json-types.js';
export { WRITABLE_SUFFIX } from './ir/visibility.js';
export { childPointer, escapeSegment, parsePointer, resolvePointer } from './ir/pointer.js';
export { successResponses, successStatus, flattenSecurity, requestSelectors, routeShape } from './ir/queries.js';
export type { RequestSelectors } from './ir/queries.js';
export { declaredResponses, errorResponses, responseForStatus } from './ir/declared-responses.js';
export type { DeclaredResponse, StatusMatch } from './ir/declared-responses.js';
export { splitPathKey } from './ir/path-key.js';
export { isStyledPathParam, pathItemSeparator, pathStylePrefix, routedUrlPath, styleShape } from './ir/parameter-style.js';

// Naming
export { splitWords, camelCase, pascalCase, upperFirst } from './naming/case.js';
export { isAsciiIdentifier, isReservedWord, isReservedTypeName, safeIdentifier } from './naming/identifiers.js';
export { operationBaseName, resourceName, stripApiVersionPrefix } from './naming/operation-name.js';
export { NameRegistry, NameScope, GLOBAL_TYPE_NAMES, GLOBAL_VALUE_NAMES, LOCAL_PARAMETER_NAMES } from './naming/registry.js';
export type { DeclarationNames, OperationNames, ReservedNames } from './naming/registry.js';

// Code tree, printing, escaping
export type * as Code from './code/ast.js';
export * as code from './code/build.js';
export { printModuleSource, printStatementSource, printExpr, printType } from './code/print-source.js';
export { stringLiteral, templateChunk, propertyKey, isIdentifierName, commentLines, jsDoc, blockComment, lineComment } from './emit/escape.js';

// Formatting and output
export { createFormatter } from './format/formatter.js';
export { createFormatterKeep } from './format/formatter-keep.js';
export type { FormatterKeep } from './format/formatter-keep.js';
export { createWorkerPool } from './format/fast-worker-pool.js';
export type { WorkerPool } from './format/fast-worker-pool.js';
export type { Formatter } from './format/formatter.js';
export { resolvePrettier } from './format/prettier-instance.js';
export { PROVEN_PRETTIER_VERSIONS } from './format/fast-path.js';
export type { PrettierInstance, ResolveOptions } from './format/prettier-instance.js';
export { writeOutputs, diffOutputs, checkDistinctOutputs } from './output/write-files.js';
export { generateProjectFiles } from './cli/run-projects.js';
export type { ProjectsRun } from './cli/run-projects.js';
export { fileOnTheWay, realPath } from './output/output-paths.js';
export { importSpecifier } from './output/import-specifier.js';
export type { OutputFile, OwnedFile, WriteResult } from './output/write-files.js';

// Config and command line
export { isProjectsConfig, loadConfigFile, parseConfig, SOURCE_CONFIG_HELP, SOURCE_CONFIG_KEYS } from './config/load-config.js';
export type { ConfigSpec, LoadedConfig } from './config/load-config.js';
export { runCommand, main, usage, printWarnings, reportError } from './cli/run-command.js';
export type { CommandDefinition, CommandIO, ModelRunContext, RunContext, ServeDefinition, ServeOptions, Serving } from './cli/run-command.js';
export { importModule } from './import-module.js';
export { version } from './version.js';

// Reading user-owned source files
export { parseExports, parseModule, readModule, readModuleExports } from './source/exported-names.js';
export type { AstNode, ModuleExports, ParsedModule } from './source/exported-names.js';
export { selectOperations, parseFilterConfig, hasFilter, FILTER_CONFIG_KEYS, FILTER_CONFIG_HELP, type FilterConfig, type OperationSelector } from './ir/filters.js';
