import { version, type CommandDefinition } from '@specwright/core';
import { CONFIG_HELP, configSpec, type ResolvedMswConfig } from './config.js';
import { generateFile } from './generate.js';

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
};
