import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './paths.js';
import { listFiles, typecheck, type RunResult } from './run.js';
import { STRICT_COMPILER_OPTIONS, tempProject, type TempProject } from './temp-project.js';

const { strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, verbatimModuleSyntax, isolatedModules, noUnusedLocals, noUnusedParameters, noEmit } = STRICT_COMPILER_OPTIONS;
/** The checking flags of DECISIONS' set, forced on top of an app's own tsconfig (its module settings stay). */
const STRICT_FLAGS = { strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, verbatimModuleSyntax, isolatedModules, noUnusedLocals, noUnusedParameters, noEmit };

/**
 * An example app (`examples/<name>`) compiled whole: vitest and vite strip types and `pnpm start`
 * compiles only the server, so its tests compile `sources` (paths under the app) against the
 * generated code with the strict flags forced on top of the app's tsconfig.
 */
export function exampleTypecheck(name: string, sources: string[]) {
  const app = join(repoRoot, 'examples', name);

  /** A project whose tsconfig extends the app's and includes its sources plus `extra` files. */
  const project = (extra: Record<string, string> = {}): TempProject => {
    const temp = tempProject(`${name}-typecheck`, { prettier: false });
    for (const [file, content] of Object.entries(extra)) temp.write(file, content);
    const config = { extends: join(app, 'tsconfig.json'), compilerOptions: STRICT_FLAGS, include: [...sources.map((path) => join(app, path)), ...Object.keys(extra)] };
    temp.write('tsconfig.json', `${JSON.stringify(config, null, 2)}\n`);
    return temp;
  };

  return {
    app,
    project,
    /** The app's own .ts/.tsx files under src/ and test/, and those of them the project leaves out. */
    coverage(): { own: string[]; missing: string[] } {
      const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
      const listed = spawnSync(process.execPath, [tsc, '-p', project().dir, '--listFilesOnly'], { encoding: 'utf8' }).stdout.split('\n');
      const own = ['src', 'test'].flatMap((dir) => listFiles(join(app, dir)).map((file) => join(app, dir, file))).filter((file) => /\.tsx?$/.test(file));
      return { own, missing: own.filter((file) => !listed.includes(file)) };
    },
    /** The import path of the app's generated schema types from a file of a temporary project. */
    generatedImport(): string {
      // Temporary projects live one level under <repo>/.tmp.
      return relative(join(repoRoot, '.tmp', 'project'), join(app, 'src', 'generated', 'schema-types.js'));
    },
    /** TypeScript 5.9 on the app plus `broken.ts`: the result and its `error TS` lines. */
    checkWith(broken: string): { result: RunResult; diagnostics: string[] } {
      const result = typecheck(project({ 'broken.ts': broken }).dir, '5.9');
      return { result, diagnostics: result.stdout.split('\n').filter((line) => /error TS\d+/.test(line)) };
    },
  };
}

/**
 * Compiles an example's server (`tsconfig.server.json`) into a fresh folder under the app's
 * `.tmp/`, as `pnpm start` does; throws with tsc's output when it does not compile.
 */
export function compileExampleServer(name: string): string {
  const app = join(repoRoot, 'examples', name);
  mkdirSync(join(app, '.tmp'), { recursive: true });
  const outDir = mkdtempSync(join(app, '.tmp', 'server-'));
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const build = spawnSync(process.execPath, [tsc, '-p', join(app, 'tsconfig.server.json'), '--outDir', outDir], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the server does not compile:\n${build.stdout}${build.stderr}`);
  return outDir;
}
