export { repoRoot, fixture, corpusSpec, commandScript } from './paths.js';
export { tempProject, STRICT_COMPILER_OPTIONS, CONSUMER_PRETTIER_CONFIG } from './temp-project.js';
export type { TempProject, Resolution } from './temp-project.js';
export { compileExampleServer, exampleTypecheck } from './example-typecheck.js';
export { runCommandLine, typecheck, typecheckTogether, listFiles, prettierUnformatted, pnpmCommand, freePort, waitForHttp } from './run.js';
export type { Member, RunResult, TypeScriptVersion } from './run.js';
export { notCanonical } from './canonical.js';
