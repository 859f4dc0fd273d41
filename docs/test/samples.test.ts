import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STRICT_COMPILER_OPTIONS, fixture, repoRoot, runCommandLine, tempProject, typecheck, type TempProject } from '@specwright/testing';

/**
 * Issue 38: every ts/tsx sample of the hand-written docs pages is written into a project generated
 * from the spec the samples are about (fixtures/specs/bookshop.yaml) with the config of
 * getting-started, compiled strict (TypeScript 7); then vitest runs the testing recipe, and test
 * files that call getting-started's server, client and mock samples and the Next.js route handler.
 * The package pages are generated from the package READMEs, whose samples package-samples.test.ts checks.
 */
const DOCS = join(repoRoot, 'docs');
const SPEC = fixture('bookshop.yaml');
/** A fenced block whose language is ts or tsx (`typescript` too). */
const FENCE = /^```(ts|tsx|typescript)\s*\n([\s\S]*?)^```\s*$/gm;
/** A first-line comment naming the sample's file: `// src/server.ts`. */
const FILE_COMMENT = /^\/\/ ((?:[\w.@[\]-]+\/)*[\w.@[\]-]+\.tsx?)\s*$/;

interface Sample {
  page: string;
  index: number;
  code: string;
  /** Where the sample is written in the project. */
  file: string;
}

/** The hand-written pages: everything under docs/ but the generated package pages and the site's own folders. */
function handWrittenPages(dir = DOCS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['packages', 'public', 'test', 'node_modules', '.vitepress'].includes(entry.name) ? [] : handWrittenPages(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The ts/tsx blocks of a page, each at the file its first-line comment names (else `src/<page>-<n>.ts[x]`). */
function extractSamples(page: string, markdown: string): Sample[] {
  return [...markdown.matchAll(FENCE)].map((match, index) => {
    const code = match[2]!;
    const named = FILE_COMMENT.exec(code.split('\n', 1)[0]!);
    const fallback = `src/${page.replace(/\.md$/, '').replace(/[^\w]+/g, '-')}-${index + 1}.${match[1] === 'tsx' ? 'tsx' : 'ts'}`;
    return { page, index, code, file: named?.[1] ?? fallback };
  });
}

const pages = handWrittenPages();
const samples = pages.flatMap((path) => extractSamples(relative(DOCS, path), readFileSync(path, 'utf8')));

/** The config of getting-started (its json block), plus the hooks the testing recipe uses. */
function gettingStartedConfig(): Record<string, unknown> {
  const page = readFileSync(join(DOCS, 'getting-started.md'), 'utf8');
  const json = /^```json\s*\n([\s\S]*?)^```/m.exec(page)?.[1];
  if (json === undefined) throw new Error('getting-started.md has no json config block');
  return { ...(JSON.parse(json) as Record<string, unknown>), react_query: {} };
}

/**
 * Test files (not samples) that run getting-started's samples: the server answers as its Service
 * says, and the client sample, with the mock server sample listening, gets a parsed book.
 */
const HARNESS: Record<string, string> = {
  'harness/server.test.ts': `import { expect, it } from 'vitest';
import { app } from '../src/server.js';

it('serves the Service of getting-started', async () => {
  const found = await app.request('/api/books/42');
  expect(found.status).toBe(200);
  expect(await found.json()).toEqual({ id: '42', title: 'Dune' });
  const missing = await app.request('/api/books/7');
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ message: 'No book 7' });
  const created = await app.request('/api/books', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Emma' }) });
  expect(created.status).toBe(201);
  expect(await (await app.request('/api/books')).json()).toEqual([{ id: '42', title: 'Dune' }, { id: '2', title: 'Emma' }]);
  const invalid = await app.request('/api/books', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: '' }) });
  expect(invalid.status).toBe(422);
});
`,
  'harness/next.test.ts': `import { expect, it } from 'vitest';
import { GET } from '../app/api/[[...route]]/route.js';

it('the Next.js route handler answers from the router', async () => {
  const response = await GET(new Request('http://localhost:3000/api/books/42'));
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ id: '42', title: 'Dune' });
});
`,
  // Next.js resolves its `@/` alias (tsconfig paths) itself; vitest needs it spelled out.
  'vitest.config.ts': `import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({ resolve: { alias: { '@/': fileURLToPath(new URL('./src/', import.meta.url)) } } });
`,
  'harness/client.test.ts': `// @vitest-environment jsdom
import { expect, it, vi } from 'vitest';

it('the client sample gets a parsed book from the mock server sample', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  await import('../src/mock-server.js');
  await import('../src/main.js');
  expect(log).toHaveBeenCalledTimes(1);
  expect(typeof log.mock.calls[0]?.[0]).toBe('string');
});
`,
};

describe('the code samples of the docs', () => {
  let project: TempProject;

  beforeAll(() => {
    project = tempProject('docs-samples');
    project.write('openapi.yaml', readFileSync(SPEC, 'utf8'));
    project.write('specwright.config.json', JSON.stringify(gettingStartedConfig(), null, 2));
    const generated = runCommandLine('specwright', 'specwright', [], project.dir);
    if (generated.code !== 0) throw new Error(`specwright exited ${generated.code}:\n${generated.stderr}`);
    for (const sample of samples) project.write(sample.file, sample.code);
    // Next.js' default alias (`@/` is `src/`), which the Next.js recipe imports through.
    const compilerOptions = { ...STRICT_COMPILER_OPTIONS, module: 'ESNext', moduleResolution: 'Bundler', paths: { '@/*': ['./src/*'] } };
    project.write('tsconfig.json', JSON.stringify({ compilerOptions, files: samples.map((sample) => sample.file) }, null, 2));
  });

  it('finds the samples of getting-started and the recipes, each in its own file', () => {
    const where = (page: string) => samples.filter((sample) => sample.page === page).length;
    expect(where('getting-started.md')).toBe(3);
    expect(where(join('recipes', 'testing.md'))).toBe(1);
    expect(where(join('recipes', 'nextjs-hono.md'))).toBe(1);
    // Every ts/tsx fence is found: one inside a list item (indented) would otherwise be skipped.
    for (const path of pages) expect(samples.filter((sample) => sample.page === relative(DOCS, path)).length, path).toBe(readFileSync(path, 'utf8').match(/^\s*```(ts|tsx|typescript)\b/gm)?.length ?? 0);
    // No two samples share a file (one would overwrite the other).
    expect(new Set(samples.map((sample) => sample.file)).size).toBe(samples.length);
  });

  it('the getting-started config writes what the page says it writes', () => {
    for (const file of ['src/api/client.ts', 'src/api/service.ts', 'src/api/router.ts', 'src/mocks/handlers.ts']) expect(existsSync(join(project.dir, file)), file).toBe(true);
  });

  it('every sample compiles under the strict flag set (TypeScript 7)', () => {
    const result = typecheck(project.dir, '7');
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.code).toBe(0);
  });

  it('the testing recipe passes, and the client, server and mock samples do what the page says, run with vitest', () => {
    const recipe = samples.find((sample) => sample.page === join('recipes', 'testing.md'))!;
    for (const [file, code] of Object.entries(HARNESS)) project.write(file, code);
    const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
    // The outer run's VITEST_* variables would make the inner vitest think it is a worker.
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'))), NO_COLOR: '1', FORCE_COLOR: '0' };
    const files = [recipe.file, ...Object.keys(HARNESS).filter((file) => file.endsWith('.test.ts'))];
    const run = spawnSync(process.execPath, [vitest, 'run', '--root', project.dir, ...files], { cwd: project.dir, encoding: 'utf8', env, timeout: 120_000 });
    expect(`${run.stdout}${run.stderr}`).toMatch(new RegExp(`Test Files\\s+${files.length} passed`));
    expect(run.status).toBe(0);
  });
});
