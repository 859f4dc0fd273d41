import { type CommandDefinition, version } from '@specwright/core';
import { CONFIG_HELP, type ZodTsConfig, zodTsConfigSpec } from './config.js';
import { generate } from './generate.js';

/** The `openapi-zod-ts` command, run by the core's command-line harness. */
export const zodTsCommand: CommandDefinition<ZodTsConfig> = {
  name: 'openapi-zod-ts',
  version,
  summary: 'writes zod v4 schemas, types and a typed fetch client (schema-types.ts, client.ts, client-config.ts, index.ts)',
  configHelp: CONFIG_HELP,
  config: zodTsConfigSpec,
  generate: (config, context) => generate(config, { warn: context.warn, drift: context.drift, configFile: context.configFile }),
  // The user schema file: created once by the run, then the user's (another project's output must not write it).
  ownedFiles: (config) => (config.input_schema === undefined ? [] : [{ path: config.input_schema, key: 'input_schema' }]),
};
