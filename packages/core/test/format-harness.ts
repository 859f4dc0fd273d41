/**
 * Differential testing of the fast formatting path: the same module formatted by the fast path
 * and by plain prettier (`prettier.format(printModuleSource(module))` until stable), byte for byte.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSUMER_PRETTIER_CONFIG } from '@specwright/testing';
import fc from 'fast-check';
import type { Module } from '../src/code/ast.js';
import { printModuleSource } from '../src/code/print-source.js';
import { createFormatter, type FormatReport, type Formatter } from '../src/format/formatter.js';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

/** Consumer configs the fast path must reproduce. */
export const CONFIGS: Record<string, Record<string, unknown>> = {
  default: {},
  consumer: { ...CONSUMER_PRETTIER_CONFIG },
  tabs: { useTabs: true },
  tabs8: { useTabs: true, tabWidth: 8, printWidth: 60 },
  narrow: { printWidth: 40 },
  wide: { printWidth: 120 },
  consistent: { quoteProps: 'consistent', singleQuote: true },
  preserveQuotes: { quoteProps: 'preserve' },
  noTrailingComma: { trailingComma: 'none' },
  es5: { trailingComma: 'es5', tabWidth: 4 },
  noSemi: { semi: false },
  collapse: { objectWrap: 'collapse', bracketSpacing: false },
  avoidParens: { arrowParens: 'avoid', printWidth: 60 },
  operatorStart: { experimentalOperatorPosition: 'start', printWidth: 50 },
  crlf: { endOfLine: 'crlf' },
  ternaries: { experimentalTernaries: true, printWidth: 60 },
  ternariesTabs: { experimentalTernaries: true, useTabs: true, semi: false },
};

export interface Harness {
  file: string;
  fast: Formatter;
  prettier: Formatter;
}

const harnesses = new Map<string, Promise<Harness>>();

export interface HarnessOptions {
  /** Where the temp project goes (a folder whose node_modules holds another prettier version). */
  dir?: string;
  extension?: string;
}

/** Formatters (fast and plain prettier) for a file in a temp project with the given config. */
export function harness(config: Record<string, unknown>, options: HarnessOptions = {}): Promise<Harness> {
  const key = JSON.stringify([config, options]);
  let found = harnesses.get(key);
  if (!found) {
    found = (async () => {
      const base = options.dir ?? join(repoRoot, '.tmp');
      mkdirSync(base, { recursive: true });
      const dir = mkdtempSync(join(base, 'format-'));
      writeFileSync(join(dir, '.prettierrc.json'), JSON.stringify(config));
      const file = join(dir, `out${options.extension ?? '.ts'}`);
      return { file, fast: await createFormatter(dir), prettier: await createFormatter(dir, { fastPath: false }) };
    })();
    harnesses.set(key, found);
  }
  return found;
}

export interface Comparison {
  fast: string;
  prettier: string;
  report: FormatReport;
}

export async function formatBoth(module: Module, config: Record<string, unknown>, options: HarnessOptions = {}): Promise<Comparison> {
  const h = await harness(config, options);
  const prettierText = await h.prettier.formatModule(module, h.file);
  const { text, report } = await h.fast.formatModuleWithReport(module, h.file);
  return { fast: text, prettier: prettierText, report };
}

/** Plain prettier's text, or undefined when prettier rejects the source (a tree that prints invalid code). */
export async function formatWithPrettier(module: Module, config: Record<string, unknown>, options: HarnessOptions = {}): Promise<string | undefined> {
  const h = await harness(config, options);
  try {
    return await h.prettier.formatModule(module, h.file);
  } catch {
    return undefined;
  }
}

export async function formatFast(module: Module, config: Record<string, unknown>, options: HarnessOptions = {}): Promise<{ text: string; report: FormatReport }> {
  const h = await harness(config, options);
  return h.fast.formatModuleWithReport(module, h.file);
}

/**
 * The seed of the differential properties: fixed, so that a red build points at a change;
 * `FUZZ_SEED=random` tries new trees (the seed is printed), `FUZZ_SEED=<n>` replays one.
 */
export function fuzzSeed(fixed: number): number {
  const asked = process.env.FUZZ_SEED;
  if (asked === undefined || asked === '') return fixed;
  if (asked === 'random') {
    const seed = Math.floor(Math.random() * 2 ** 31);
    process.stderr.write(`FUZZ_SEED=${seed}\n`);
    return seed;
  }
  const seed = Number(asked);
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer or "random", not ${JSON.stringify(asked)}`);
  return seed;
}

/**
 * Trees whose printed source prettier may reject (the tree prints invalid code, an emitter bug
 * that the generators' tsc tests catch) before the property fails: beyond this share the
 * arbitrary no longer tests what it claims to.
 */
export const MAX_REJECTED_SHARE = 0.05;

export interface PropertyRun {
  runs: number;
  seed: number;
}

export interface PropertyCounts {
  /** Trees compared (prettier accepted their source). */
  compared: number;
  /** Trees whose source prettier rejected. */
  rejected: number;
  /** Compared trees the fast path printed (the others went to prettier whole, by design). */
  fastPath: number;
}

/**
 * fast-check's property "the fast path prints what prettier prints" over `runs` trees; returns how
 * many trees were compared, rejected by prettier and printed by the fast path. Throws on a
 * mismatch, or when prettier rejects more than `MAX_REJECTED_SHARE` of the trees.
 */
export async function assertFastEqualsPrettier(arbitrary: fc.Arbitrary<Module>, config: Record<string, unknown>, run: PropertyRun, options: HarnessOptions = {}): Promise<PropertyCounts> {
  const counts: PropertyCounts = { compared: 0, rejected: 0, fastPath: 0 };
  await fc.assert(
    fc.asyncProperty(arbitrary, async (tree) => {
      const expected = await formatWithPrettier(tree, config, options);
      if (expected === undefined) {
        counts.rejected++;
        return;
      }
      counts.compared++;
      const { text, report } = await formatFast(tree, config, options);
      if (report.path === 'fast') counts.fastPath++;
      if (text !== expected) throw new Error(`mismatch for source:\n${printModuleSource(tree)}\n--- fast\n${text}\n--- prettier\n${expected}`);
    }),
    { numRuns: run.runs, seed: run.seed, endOnFailure: true },
  );
  const total = counts.compared + counts.rejected;
  if (counts.rejected > total * MAX_REJECTED_SHARE) throw new Error(`prettier rejected ${counts.rejected} of ${total} trees (seed ${run.seed}): the tree arbitrary prints invalid code`);
  return counts;
}
