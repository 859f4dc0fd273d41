export { generate, generateFromFile, generateProjects } from './generate.js';
export type { GenerateOptions, GenerateResult } from './generate.js';
export { configSpec, resolveProject, CONFIG_KEYS, SECTIONS } from './config.js';
export type { Section, SpecwrightConfigInput, SpecwrightProject, SpecwrightProjectInput } from './config.js';
export { runProject, createSession } from './run-project.js';
export type { GenerateSession, ProjectOutput, ProjectRunOptions } from './run-project.js';
export { command } from './command.js';
export { watch } from './watch.js';
export { differ, fingerprints } from './fingerprints.js';
