import { version, type CommandDefinition } from '@specwright/core';
import { CONFIG_HELP, configSpec, type ReactQueryConfig } from './config.js';
import { COMMAND, generate } from './generate.js';

/** The `openapi-react-query` command, run by the core's harness. */
export const command: CommandDefinition<ReactQueryConfig> = {
  name: COMMAND,
  version,
  summary: 'writes hooks.ts (TanStack Query v5 hooks and key factories) and test-utils.ts beside the openapi-zod-ts client',
  configHelp: CONFIG_HELP,
  config: configSpec,
  generate,
};
