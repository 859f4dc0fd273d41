import { dirname } from 'node:path';
import { version, type CommandDefinition } from '@specwright/core';
import { CONFIG_HELP, configSpec, ownedFilesOf, resolveProject, type SpecwrightProject } from './config.js';
import { checkProjectMock, startProjectMock } from './mock.js';
import { runProject } from './run-project.js';
import { watch } from './watch.js';

/** The `specwright` command, run by the core's harness: the four generators from one config. */
export const command: CommandDefinition<SpecwrightProject> = {
  name: 'specwright',
  version,
  summary: 'runs openapi-zod-ts, openapi-server, openapi-react-query and openapi-msw from one config, reading the spec once',
  configHelp: CONFIG_HELP,
  config: configSpec,
  async generate(project, context) {
    const resolved = resolveProject(project, dirname(context.configFile));
    return (await runProject(resolved, { warn: context.warn, drift: context.drift, configFile: context.configFile })).files;
  },
  ownedFiles: (project, configFile) => ownedFilesOf(resolveProject(project, dirname(configFile))),
  watch: (configFile, io, options) => watch(configFile, io, options),
  // `specwright mock` (zero-config.ts runs the harness with `--serve`).
  serve: {
    label: 'specwright mock',
    summary: 'then serve the msw section\'s handlers.ts over HTTP (what `specwright mock` does)',
    check: checkProjectMock,
    start: startProjectMock,
  },
};
