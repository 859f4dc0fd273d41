import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.js';

/** The strict flag set of DECISIONS for generated code. */
export const STRICT_COMPILER_OPTIONS = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noEmit: true,
  skipLibCheck: true,
  target: 'ES2022',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  jsx: 'react-jsx',
} as const;

export type Resolution = 'bundler' | 'nodenext';

/** A non-default prettier config, so that tests prove the consumer's config is honoured. */
export const CONSUMER_PRETTIER_CONFIG = {
  singleQuote: true,
  semi: false,
  printWidth: 100,
  tabWidth: 4,
  trailingComma: 'es5',
  bracketSpacing: false,
  arrowParens: 'avoid',
} as const;

export interface TempProject {
  dir: string;
  /** Writes a file relative to the project. */
  write(relative: string, content: string): string;
  /** Writes tsconfig.json with the strict flag set for a module resolution. */
  tsconfig(resolution: Resolution, include?: string[]): string;
}

/**
 * A folder under `<repo>/.tmp/` (so imports of zod, msw, hono ... resolve to the workspace's
 * pinned versions), marked as an ES module package.
 */
export function tempProject(prefix: string, options: { prettier?: object | false } = {}): TempProject {
  const base = join(repoRoot, '.tmp');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, `${prefix}-`));
  const project: TempProject = {
    dir,
    write(relative, content) {
      const path = join(dir, relative);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, content);
      return path;
    },
    tsconfig(resolution, include = ['**/*.ts', '**/*.tsx']) {
      const module = resolution === 'nodenext' ? { module: 'NodeNext', moduleResolution: 'NodeNext' } : { module: 'ESNext', moduleResolution: 'Bundler' };
      const config = { compilerOptions: { ...STRICT_COMPILER_OPTIONS, ...module }, include };
      return project.write('tsconfig.json', `${JSON.stringify(config, null, 2)}\n`);
    },
  };
  project.write('package.json', `${JSON.stringify({ name: prefix.replace(/[^a-z0-9-]/g, '-'), private: true, type: 'module' }, null, 2)}\n`);
  if (options.prettier !== false) project.write('.prettierrc.json', `${JSON.stringify(options.prettier ?? CONSUMER_PRETTIER_CONFIG, null, 2)}\n`);
  return project;
}
