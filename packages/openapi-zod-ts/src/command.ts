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
  generate: (config, context) => generate(config, { warn: context.warn, configFile: context.configFile }),
};
