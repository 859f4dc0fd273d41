import { join } from 'node:path';
import { version, type CommandDefinition } from '@specwright/core';
import { CONFIG_HELP, configSpec, type ResolvedMswConfig } from './config.js';
import { generateFile, HANDLERS_FILE } from './generate.js';
import { startMockServer } from './mock-server.js';

/** The `openapi-msw` command, run by the core's harness. */
export const command: CommandDefinition<ResolvedMswConfig> = {
  name: 'openapi-msw',
  version,
  summary: 'writes handlers.ts, MSW v2 request handlers with seeded fake data, from an OpenAPI document',
  configHelp: CONFIG_HELP,
  config: configSpec,
  async generate(config, context) {
    const { file, warnings } = await generateFile(config);
    for (const warning of warnings) context.warn(warning);
    return [file];
  },
  serve: {
    summary: 'then serve handlers.ts over HTTP (a mock server; Prefer: code=<status> picks a declared status)',
    start: (config, options) => startMockServer({ handlersFile: join(config.output, HANDLERS_FILE), port: options.port, host: options.host, cors: options.cors, log: options.log, reload: options.reload }),
  },
};
