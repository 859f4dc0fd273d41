/**
 * Differential testing of the fast formatting path: the same module formatted by the fast path
 * and by plain prettier (`prettier.format(printModuleSource(module))` until stable), byte for byte.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSUMER_PRETTIER_CONFIG } from '@specwright/testing';
import type { Module } from '../src/code/ast.js';
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
  /** Take the fast path with that prettier version even if it is not proven. */
  trustPrettierVersion?: boolean;
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
      return { file, fast: await createFormatter(dir, { trustPrettierVersion: options.trustPrettierVersion === true }), prettier: await createFormatter(dir, { fastPath: false }) };
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
