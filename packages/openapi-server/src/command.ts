import { version, type CommandDefinition } from '@specwright/core';
import { CONFIG_HELP, configSpec, type ServerConfig } from './config.js';
import { COMMAND, generate } from './generate.js';

/** The `openapi-server` command, run by the core's harness. */
export const command: CommandDefinition<ServerConfig> = {
  name: COMMAND,
  version,
  summary: 'writes service.ts (the service interface) and router.ts (hono, express, fastify, koa or nestjs) beside the openapi-zod-ts output',
  configHelp: CONFIG_HELP,
  config: configSpec,
  generate,
  // The user schema file is read for validation; an output here must not overwrite it.
  ownedFiles: (config) => (config.input_schema === undefined ? [] : [{ path: config.input_schema, key: 'input_schema' }]),
};
