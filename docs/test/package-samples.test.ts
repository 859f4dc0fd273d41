import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generateFromFile } from '@specwright/cli';
import { STRICT_COMPILER_OPTIONS, repoRoot, tempProject, typecheck, type TempProject } from '@specwright/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, DEFAULT_SPEC, allReadmeSamples, missingExcerptLines, readmeSamples, type ReadmeSample } from './readme-samples.js';

/**
 * Issue 38: every ts/tsx sample of the package READMEs (the docs site's package pages) is compiled
 * strict (TypeScript 7) in a project generated from the spec and config it is about (bookshop with
 * every generator unless an HTML comment before it says otherwise, see CONTRIBUTING.md); an excerpt
 * of generated code must be in the generated file; the samples that are test files run with
 * vitest (while tsc runs). One generated project per spec and config, one compiler run per set of
 * compiler options.
 */
const samples = allReadmeSamples();

interface Project {
  dir: string;
  spec: string;
  config: Record<string, unknown>;
  compilerOptions: Record<string, unknown>;
  samples: ReadmeSample[];
}

const where = (sample: ReadmeSample) => `packages/${sample.pkg}/README.md:${sample.line}`;
const written = (project: Project) => project.samples.filter((sample) => sample.options.generated === undefined);

/**
 * The projects the samples need, each with the samples written into it or excerpted from it. A
 * sample goes to the first project of its spec and config whose files do not hold its file yet
 * (two READMEs may both show `src/server.ts`), else to a new one.
 */
function plan(root: string): Project[] {
  const projects: Project[] = [];
  const bySetup = new Map<string, Project[]>();
  for (const sample of samples) {
    if (sample.options.fragment !== undefined) continue;
    const spec = sample.options.spec ?? DEFAULT_SPEC;
    const compilerOptions = sample.options.compilerOptions ?? {};
    const configs = sample.options.config ?? DEFAULT_CONFIG;
    for (const config of Array.isArray(configs) ? configs : [configs]) {
      const key = JSON.stringify([spec, config, compilerOptions]);
      const slots = bySetup.get(key) ?? [];
      bySetup.set(key, slots);
      const takes = (project: Project) => sample.options.generated !== undefined || !written(project).some((other) => other.file === sample.file);
      let project = slots.find(takes);
      if (project === undefined) {
        project = { dir: join(root, `p${projects.length + 1}`), spec, config, compilerOptions, samples: [] };
        slots.push(project);
        projects.push(project);
      }
      project.samples.push(sample);
    }
  }
  return projects;
}


/** Globals the samples may take for granted: vitest's (`it`, `expect`) and Vite's `import.meta.env`. */
const AMBIENT = `/// <reference types="vitest/globals" />
/// <reference types="vite/client" />
`;

/**
 * Test files (not samples) that run samples which are not tests: openapi-server's hono server, with
 * `serve` stubbed to hand over its fetch handler instead of taking a port, answers as its service
 * says; openapi-zod-ts's client calls reach the project's MSW handlers (and the invalid pet is
 * not sent); form-errors' sample maps the user-owned schema's issue to its field.
 */
const HARNESSES: { of: (sample: ReadmeSample) => boolean; file: string; code: string }[] = [
  {
    of: (sample) => sample.pkg === 'openapi-server' && sample.file === 'server.ts' && sample.code.includes("from '@hono/node-server'"),
    file: 'harness/hono-server.test.ts',
    code: `import { serve } from '@hono/node-server';
import { expect, it, vi } from 'vitest';

vi.mock('@hono/node-server', () => ({ serve: vi.fn() }));

it("the README's hono server answers with the README's service", async () => {
  await import('../server.js');
  const { fetch } = vi.mocked(serve).mock.calls[0]![0];
  const call = (path: string, init: RequestInit = {}) => fetch(new Request(\`http://localhost:3003/api\${path}\`, init));
  const post = (path: string, body: unknown, token?: string) =>
    call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: \`Bearer \${token}\` } : {}) }, body: JSON.stringify(body) });
  const login = await post('/login', { username: 'ada', password: 'secret' });
  expect(await login.json()).toEqual({ token: 'ada', user: { id: 'ada', name: 'user-ada' } });
  expect(login.status).toBe(200);
  expect(await (await call('/me', { headers: { authorization: 'Bearer ada' } })).json()).toEqual({ id: 'ada', name: 'user-ada' });
  expect((await call('/me')).status).toBe(401);
  expect(await (await post('/contact', { method: 'phone', phone: '555', message: 'hi' }, 'ada')).json()).toEqual({ accepted: true, method: 'phone' });
  const spam = await post('/contact', { method: 'phone', phone: '555', message: 'spam' }, 'ada');
  expect(spam.status).toBe(422);
  expect(await spam.json()).toMatchObject({ message: 'Looks like spam' });
  // A body that fails the spec's schema never reaches the service.
  expect((await post('/contact', { method: 'phone', message: '' }, 'ada')).status).toBe(422);
});
`,
  },
  {
    of: (sample) => sample.pkg === 'openapi-zod-ts' && sample.file === 'src/pets.ts',
    file: 'harness/pets.test.ts',
    code: `import { setupServer } from 'msw/node';
import { expect, it, vi } from 'vitest';
import { handlers } from '../src/mocks/handlers.js';

it("openapi-zod-ts's client sample lists pets from the mocks and refuses the invalid pet before sending it", async () => {
  const server = setupServer(...handlers);
  const sent: string[] = [];
  server.events.on('request:start', ({ request }) => void sent.push(\`\${request.method} \${request.url}\`));
  server.listen({ onUnhandledRequest: 'error' });
  Object.assign(globalThis, { session: { token: 'secret' } });
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await import('../src/pets.js');
  } finally {
    server.close();
  }
  expect(sent).toEqual(['GET https://petstore.example.com/v1/pets?limit=20&tag=dog&tag=small']);
  expect(log).toHaveBeenCalledTimes(1);
  expect(log.mock.calls[0]![0]).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['name'] })]));
});
`,
  },
  {
    of: (sample) => sample.pkg === 'form-errors' && sample.file === 'src/contact-form.ts',
    file: 'harness/contact-form.test.ts',
    code: `import { fieldErrorMap } from '@specwright/form-errors';
import { expect, it, vi } from 'vitest';

vi.mock('@specwright/form-errors', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@specwright/form-errors')>();
  return { ...actual, fieldErrorMap: vi.fn(actual.fieldErrorMap) };
});

it("form-errors' sample maps the user-owned schema's issue to its field, nothing sent", async () => {
  const fetch = vi.spyOn(globalThis, 'fetch');
  await import('../src/contact-form.js');
  expect(vi.mocked(fieldErrorMap).mock.results[0]?.value).toEqual({ email: 'Email is required when method is email' });
  expect(fetch).not.toHaveBeenCalled();
});
`,
  },
];

/** tsc's messages with each place in a sample (`../p1/src/core-1.ts(3,31)`) as the README's line. */
function inReadmes(output: string, origin: Map<string, ReadmeSample>): string {
  return output.replace(/\.\.\/(p\d+\/[^(\s]+)\((\d+),(\d+)\)/g, (place, file: string, line: string, column: string) => {
    const sample = origin.get(file);
    if (sample === undefined) return place;
    const hidden = sample.options.prelude === undefined ? 0 : sample.options.prelude.split('\n').length;
    return `packages/${sample.pkg}/README.md:${sample.line + Number(line) - hidden}:${column} (${file})`;
  });
}

/** Runs the samples that are test files, and the harnesses, with vitest in another process. */
function runTests(root: TempProject, projects: Project[]): Promise<{ tests: string[]; status: number | null; output: string }> {
  const tests = projects.flatMap((project) => written(project).filter((sample) => /\.test\.tsx?$/.test(sample.file)).map((sample) => relative(root.dir, join(project.dir, sample.file))));
  for (const harness of HARNESSES) {
    const project = projects.find((candidate) => candidate.samples.some(harness.of));
    if (project === undefined) throw new Error(`no README sample for ${harness.file}`);
    tests.push(relative(root.dir, root.write(join(relative(root.dir, project.dir), harness.file), harness.code)));
  }
  root.write('vitest.config.ts', `import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({ test: { globals: true, pool: 'threads' } });\n`);
  const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
  // The outer run's VITEST_* variables would make the inner vitest think it is a worker.
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'))), NO_COLOR: '1', FORCE_COLOR: '0' };
  // Its output goes to a file: tsc's spawnSync blocks this process meanwhile, and would leave a pipe unread.
  const log = join(root.dir, 'vitest.log');
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, [vitest, 'run', '--root', root.dir, ...tests], { cwd: root.dir, env, stdio: ['ignore', fd, fd], timeout: 150_000 });
  closeSync(fd);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (status) => resolve({ tests, status, output: readFileSync(log, 'utf8') }));
  });
}

describe('the code samples of the package READMEs', () => {
  let root: TempProject;
  let projects: Project[];
  /** The vitest run of the samples that are tests, started once the projects exist: it runs while tsc checks. */
  let inner: Promise<{ tests: string[]; status: number | null; output: string }>;
  /** Each file the samples were written to (from the root), and the sample. */
  const origin = new Map<string, ReadmeSample>();

  beforeAll(async () => {
    root = tempProject('readme-samples', { prettier: false });
    projects = plan(root.dir);
    root.write('ambient.d.ts', AMBIENT);
    for (const project of projects) {
      const at = (file: string) => join(relative(root.dir, project.dir), file);
      root.write(at('specwright.config.json'), JSON.stringify({ input_openapi: join(repoRoot, project.spec), ...project.config }, null, 2));
      // Written before generating: a sample may be the user-owned schema file the generator reads.
      for (const sample of written(project)) {
        root.write(at(sample.file), `${sample.options.prelude ? `${sample.options.prelude}\n` : ''}${sample.code}`);
        origin.set(at(sample.file), sample);
      }
      try {
        await generateFromFile(join(project.dir, 'specwright.config.json'), { mode: 'write', warn: () => {} });
      } catch (error) {
        throw new Error(`the project of ${project.samples.map(where).join(', ')} (${project.spec}) does not generate: ${(error as Error).message}`);
      }
    }
    inner = runTests(root, projects);
    inner.catch(() => {}); // awaited by its test
  });

  it('finds every ts/tsx fence of every README, indented ones too', () => {
    const packages = join(repoRoot, 'packages');
    for (const pkg of readdirSync(packages)) {
      let text: string;
      try {
        text = readFileSync(join(packages, pkg, 'README.md'), 'utf8');
      } catch {
        continue;
      }
      expect(readmeSamples(pkg, text).length, pkg).toBe(text.match(/^\s*```(ts|tsx|typescript)\b/gm)?.length ?? 0);
    }
  });

  it('a sample that is not compiled says why, and no two samples of a project share a file (none overwrites another)', () => {
    for (const sample of samples) {
      if (sample.options.fragment !== undefined) expect(sample.options.fragment.trim().length, `${where(sample)}: a fragment states its reason`).toBeGreaterThan(10);
    }
    // Fragments are the exception: code the docs show should be code that works.
    expect(samples.filter((sample) => sample.options.fragment !== undefined).length).toBeLessThanOrEqual(Math.ceil(samples.length / 8));
    for (const project of projects) {
      const files = written(project).map((sample) => sample.file);
      expect(new Set(files).size, `${project.dir}: ${files.join(', ')}`).toBe(files.length);
    }
  });

  it('every excerpt of generated code is what the generator writes', () => {
    for (const project of projects) {
      for (const sample of project.samples.filter((candidate) => candidate.options.generated !== undefined)) {
        const generated = readFileSync(join(project.dir, sample.options.generated!), 'utf8');
        expect(missingExcerptLines(sample.code, generated), `${where(sample)}: lines not in ${sample.options.generated} of ${project.spec}`).toEqual([]);
      }
    }
  });

  it('every other sample compiles under the strict flag set (TypeScript 7)', () => {
    const groups = new Map<string, Project[]>();
    for (const project of projects) {
      const key = JSON.stringify(project.compilerOptions);
      groups.set(key, [...(groups.get(key) ?? []), project]);
    }
    for (const [key, members] of groups) {
      const dir = join(root.dir, `tsc-${[...groups.keys()].indexOf(key) + 1}`);
      const files = ['ambient.d.ts', ...members.flatMap((project) => written(project).map((sample) => relative(root.dir, join(project.dir, sample.file))))];
      // A sample may name a value it does not use (`const page = await listPets()`): unused names are the generated code's rule, not a sample's.
      const compilerOptions = { ...STRICT_COMPILER_OPTIONS, noUnusedLocals: false, noUnusedParameters: false, module: 'ESNext', moduleResolution: 'Bundler', ...(JSON.parse(key) as object) };
      root.write(join(relative(root.dir, dir), 'tsconfig.json'), JSON.stringify({ compilerOptions, files: files.map((file) => join('..', file)) }, null, 2));
      const result = typecheck(dir, '7');
      expect(inReadmes(`${result.stdout}${result.stderr}`, origin)).toBe('');
      expect(result.code).toBe(0);
    }
  });

  it('the samples that are tests pass, and the server, client and form-errors samples do what their READMEs say, run with vitest', async () => {
    const { tests, status, output } = await inner;
    expect(tests.length).toBeGreaterThan(HARNESSES.length);
    expect(output).toMatch(new RegExp(`Test Files\\s+${tests.length} passed`));
    expect(status).toBe(0);
  });
});
