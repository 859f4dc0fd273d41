/**
 * The whole pipeline on one random spec (generation, then agreement), and the checks that are
 * cheaper in a batch (one tsc project, one prettier pass over many specs).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { modelFromDocument } from '@specwright/core';
import fc from 'fast-check';
import { checkAgreement } from './agreement.js';
import { prettierCheck, typecheck, type TscVersion } from './checks.js';
import { initProject, runGenerators, strictTsconfig, writeFiles } from './generate.js';
import { specArbitrary } from './spec-arbitrary.js';

const repoRoot = join(import.meta.dirname, '..', '..');

export interface FuzzCase {
  dir: string;
  spec: unknown;
  /** Generated files, relative to `dir`. */
  files: string[];
}

/** Generates everything for `spec` into `dir` and checks agreement; returns the problems found. */
export async function generateCase(spec: unknown, dir: string): Promise<{ problems: string[]; files: string[]; stats: { operations: number; mockResponses: number } }> {
  const problems: string[] = [];
  const stats = { operations: 0, mockResponses: 0 };
  initProject(dir);
  writeFileSync(join(dir, 'spec.json'), `${JSON.stringify(spec, null, 2)}\n`);
  let model;
  try {
    model = modelFromDocument(spec, 'spec.json');
  } catch (error) {
    return { problems: [`load: ${(error as Error).message}`], files: [], stats };
  }
  stats.operations = model.operations.length;
  const runs = await runGenerators(model, dir);
  for (const run of runs) if (run.error) problems.push(`${run.generator}: ${run.error.kind} ${run.error.code}: ${run.error.message}`);
  if (problems.length > 0) return { problems, files: [], stats };
  const files = runs.flatMap((r) => r.files);
  writeFiles(files);
  const agreement = await checkAgreement(model, dir);
  stats.mockResponses = agreement.mocks.responses;
  if (agreement.mocks.loadError) problems.push(`mocks: ${agreement.mocks.loadError}`);
  for (const f of agreement.mocks.failures) problems.push(`mock ${f.operation}: ${f.problem} ${f.schema ?? ''} ${JSON.stringify(f.issues ?? f.message)}`);
  for (const framework of ['fastify', 'hono'] as const) {
    const r = agreement[framework];
    if (r.loadError) problems.push(`${framework} router: ${r.loadError}`);
    for (const f of r.failures) problems.push(`${framework} ${f.operation}: ${f.problem}: ${f.message}`);
  }
  return { problems, files: files.map((f) => relative(dir, f.path)), stats };
}

/**
 * One tsc project over every case under `root` (cases are `root/<name>/src/**`), with the strict
 * flag set; the diagnostics of each case, keyed by its folder.
 */
export async function compileCases(root: string, cases: FuzzCase[], version: TscVersion): Promise<Map<string, string[]>> {
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'package.json'), `${JSON.stringify({ name: 'corpus-fuzz', private: true, type: 'module' }, null, 2)}\n`);
  writeFileSync(join(root, 'tsconfig.json'), strictTsconfig(cases.map((c) => `${relative(root, c.dir)}/src/**/*.ts`)));
  const result = await typecheck(root, version, 200);
  const byCase = new Map<string, string[]>();
  if (result.failure) byCase.set('*', [result.failure]);
  for (const line of result.first) {
    const owner = cases.find((c) => line.startsWith(`${relative(root, c.dir)}/`));
    const key = owner ? owner.dir : '*';
    byCase.set(key, [...(byCase.get(key) ?? []), line]);
  }
  if (result.errors > result.first.length) byCase.set('*', [...(byCase.get('*') ?? []), `... ${result.errors - result.first.length} more errors`]);
  return byCase;
}

/** `prettier --check` of every case's files; the failing ones per case. */
export async function prettierCases(cases: FuzzCase[]): Promise<Map<string, string[]>> {
  const failing = new Map<string, string[]>();
  for (const c of cases) {
    const { failing: files } = await prettierCheck(c.dir, c.files);
    if (files.length > 0) failing.set(c.dir, files);
  }
  return failing;
}

export interface PipelineFuzzOptions {
  seed: number;
  runs: number;
  /** TypeScript versions for the batch compile. @default ['7'] */
  tsc?: TscVersion[];
  /** Keep the generated projects (for a look at a failure). */
  keep?: boolean;
}

/**
 * `runs` random valid specs through the whole pipeline; throws (fast-check's report with the
 * counterexample, or the compile and prettier findings per spec) on the first problem.
 */
export async function fuzzPipeline(options: PipelineFuzzOptions): Promise<{ cases: number; operations: number; mockResponses: number; root: string }> {
  const base = join(repoRoot, '.tmp');
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, 'corpus-fuzz-'));
  const cases: FuzzCase[] = [];
  let operations = 0;
  let mockResponses = 0;
  await fc.assert(
    fc.asyncProperty(specArbitrary(), async (spec) => {
      const dir = join(root, `case-${cases.length}`);
      const { problems, files, stats } = await generateCase(spec, dir);
      cases.push({ dir, spec, files });
      operations += stats.operations;
      mockResponses += stats.mockResponses;
      if (problems.length > 0) throw new Error(`${dir}:\n${problems.join('\n')}`);
    }),
    { seed: options.seed, numRuns: options.runs, endOnFailure: true },
  );
  const findings: string[] = [];
  for (const version of options.tsc ?? ['7']) {
    for (const [dir, errors] of await compileCases(root, cases, version)) findings.push(`tsc ${version} ${dir}:\n  ${errors.join('\n  ')}`);
  }
  for (const [dir, files] of await prettierCases(cases)) findings.push(`prettier --check ${dir}: ${files.join(', ')}`);
  if (findings.length > 0) throw new Error(`${findings.join('\n')}\n(each case's spec is its spec.json)`);
  if (!options.keep) rmSync(root, { recursive: true, force: true });
  return { cases: cases.length, operations, mockResponses, root };
}
