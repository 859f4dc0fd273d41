/**
 * The Vue, Svelte, Solid and Angular outputs as their users get them: written by the command line
 * beside the openapi-zod-ts client, formatted, and compiled with the strict flags against the pinned
 * adapters (`@tanstack/vue-query` 5, `@tanstack/svelte-query` 6, `@tanstack/solid-query` 5,
 * `@tanstack/angular-query-experimental` 5 with Angular 22). The
 * hooks are plain `.ts` (no runes, no JSX), so plain `tsc` is the compiler their users run too:
 * TypeScript 7 compiles every spec under both resolutions; TypeScript 5.9 compiles the edge spec
 * (every hook kind, the type tests, the README example) once, which halves the CPU of running
 * both versions on everything. The README's Vue and Svelte components are compiled by the
 * compilers of their file types, `vue-tsc` and `svelte-check`, under the same flags.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, prettierUnformatted, repoRoot, tempProject, typecheck, type Resolution, type RunResult, type TempProject } from '@specwright/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { runGenerator } from './support/generated-project.js';

const own = (name: string) => join(import.meta.dirname, 'fixtures', name);
const EVERYTHING = { auto_invalidate: true, infinite_query: true, stale_time: 1000, gc_time: 60_000, overrides: { pets: { stale_time: 5 } } };
const TARGETS = [
  { target: 'vue', suspense: true },
  { target: 'svelte', suspense: false },
  { target: 'solid', suspense: false },
  { target: 'angular', suspense: false },
] as const;
const SPECS = [
  { name: 'auth-lab', spec: own('auth-lab.yaml'), all: false },
  { name: 'edge', spec: own('hooks-edge.yaml'), all: true },
  { name: 'petstore', spec: fixture('petstore-3.1.yaml'), all: true },
  { name: 'features', spec: fixture('features-3.1.yaml'), all: true },
  { name: 'hostile', spec: fixture('hostile.yaml'), all: true },
];

/** The README's component for a target: the `lang` block after "<label>" under "## Vue, Svelte and Solid", importing `./api/hooks.js`. */
function readmeExample(label: string, lang: string): string {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const section = readme.split('\n## Vue, Svelte and Solid\n')[1]?.split('\n## ')[0]?.split(`\n${label}\n`)[1] ?? '';
  const block = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(section)?.[1];
  if (!block?.includes("from './api/hooks.js'")) throw new Error(`README.md: no ${lang} block importing ./api/hooks.js after "${label}" under "## Vue, Svelte and Solid"`);
  return block.replaceAll("'./api/", "'./edge/");
}

/** The README's Angular component: the first `ts` block under "## Angular", importing `./api/hooks.js`. */
function angularReadmeExample(): string {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const block = /\n## Angular\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block?.includes("from './api/hooks.js'")) throw new Error('README.md: no ts block importing ./api/hooks.js under "## Angular"');
  return block.replaceAll("'./api/", "'./edge/");
}

/** Runs a compiler's command-line script (`vue-tsc`, `svelte-check`) from the workspace's node_modules. */
function runBin(script: string, args: string[], cwd: string): RunResult {
  const result = spawnSync(process.execPath, [join(repoRoot, 'node_modules', script), ...args], { cwd, encoding: 'utf8', timeout: 300_000 });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** svelte-check's machine output: its ERROR and WARNING lines (the others are START and the COMPLETED count). */
const svelteDiagnostics = (result: RunResult): RunResult => ({ ...result, stdout: result.stdout.split('\n').filter((line) => /^\d+ (ERROR|WARNING) /.test(line)).join('\n') });

/** Per target, the README example's file and the compiler of that file type (Solid's tsx is plain `tsc`, with the others' `.ts`). */
const README_EXAMPLES = {
  vue: { file: 'src/ReadmeExample.vue', source: () => readmeExample('Vue (`<script setup lang="ts">`):', 'vue'), check: (dir: string) => runBin('vue-tsc/bin/vue-tsc.js', ['-p', dir, '--noEmit', '--pretty', 'false'], dir) },
  svelte: {
    file: 'src/ReadmeExample.svelte',
    source: () => readmeExample('Svelte 5:', 'svelte'),
    check: (dir: string) => svelteDiagnostics(runBin('svelte-check/bin/svelte-check', ['--workspace', dir, '--tsconfig', join(dir, 'tsconfig.json'), '--output', 'machine', '--fail-on-warnings', '--no-color'], dir)),
  },
  solid: { file: 'src/readme-example.tsx', source: () => `/** @jsxImportSource solid-js */\n${readmeExample('Solid:', 'tsx')}`, check: undefined },
  // Its decorator compiles as a standard decorator under TypeScript 7 and with `experimentalDecorators` (the Angular CLI's setting) under 5.9.
  angular: { file: 'src/task-button.ts', source: angularReadmeExample, check: undefined },
} as const;

/** The edge spec's hooks, their type tests and the README example: every hook kind, in the fewest files. */
const REPRESENTATIVE = (target: keyof typeof README_EXAMPLES) => ['src/edge/**/*.ts', ...(README_EXAMPLES[target].check ? [] : [README_EXAMPLES[target].file])];

/**
 * openapi-zod-ts's client of each spec, written by its command line once into a project of its own
 * (the same consumer prettier config, a sibling folder) and copied beside every target's hooks:
 * it names no target, and was the same bytes written four times.
 */
let clients: TempProject | undefined;
function clientsProject(): TempProject {
  if (!clients) {
    const project = tempProject('rq-targets-clients');
    for (const s of SPECS) runGenerator(project, 'openapi-zod-ts', { input_openapi: s.spec, output: join(project.dir, 'src', s.name) }, `src-${s.name}.zod-ts`);
    clients = project;
  }
  return clients;
}

describe.each(TARGETS)('target $target', ({ target, suspense }) => {
  let project: TempProject;
  beforeAll(() => {
    project = tempProject(`rq-${target}`);
    const client = clientsProject();
    for (const s of SPECS) {
      const hooks = s.all ? { ...EVERYTHING, suspense, target } : { target };
      // The client first, as the seed's run order has it; then openapi-react-query writes the hooks beside it.
      const out = join(project.dir, 'src', s.name);
      cpSync(join(client.dir, 'src', s.name), out, { recursive: true });
      runGenerator(project, 'openapi-react-query', { input_openapi: s.spec, output: out, ...hooks }, `src-${s.name}.react-query`);
      // The target's type tests (.types/README.md), beside the hooks of the edge fixture.
      if (s.name === 'edge') copyFileSync(join(import.meta.dirname, '.types', `hooks-edge.${target}.test-d.ts`), join(out, `hooks-edge.${target}.test-d.ts`));
    }
    // Compiled as written, beside the hooks of the edge fixture.
    project.write(README_EXAMPLES[target].file, README_EXAMPLES[target].source());
  });

  it.each<Resolution>(['bundler', 'nodenext'])('compiles every spec with its type tests under TypeScript 7, the strict flags and %s resolution', (resolution) => {
    project.tsconfig(resolution);
    const result = typecheck(project.dir, '7');
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('compiles the edge spec with its type tests under TypeScript 5.9, the strict flags and nodenext resolution', () => {
    const config = project.tsconfig('nodenext', REPRESENTATIVE(target));
    if (target === 'angular') {
      const json = JSON.parse(readFileSync(config, 'utf8')) as { compilerOptions: object };
      project.write('tsconfig.json', JSON.stringify({ ...json, compilerOptions: { ...json.compilerOptions, experimentalDecorators: true } }));
    }
    const result = typecheck(project.dir, '5.9');
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  const check = README_EXAMPLES[target].check;
  if (check) {
    it(`compiles the README's ${target} component with its file type's compiler under the strict flags`, () => {
      // The example alone: its imports bring in the hooks it uses.
      project.tsconfig('bundler', [README_EXAMPLES[target].file]);
      const result = check(project.dir);
      expect(result.stdout + result.stderr).toBe('');
      expect(result.code).toBe(0);
    });
  }

  it("is formatted under the consumer's prettier config", async () => {
    const files = SPECS.flatMap((s) => ['hooks.ts', 'test-utils.ts'].map((f) => join(project.dir, 'src', s.name, f)));
    expect(await prettierUnformatted(files)).toEqual([]);
  });

  it("imports the adapter's package, not React's", () => {
    const hooks = readFileSync(join(project.dir, 'src/edge/hooks.ts'), 'utf8');
    expect(hooks).toContain(target === 'angular' ? "from '@tanstack/angular-query-experimental'" : `from '@tanstack/${target}-query'`);
    expect(hooks).not.toMatch(/from '(react|@tanstack\/react-query)'/);
  });
});
