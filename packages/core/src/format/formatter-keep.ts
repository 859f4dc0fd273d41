/**
 * What a session (watch mode) keeps of the formatter of an output directory from one run to the
 * next. Each run makes a formatter of its own, so that it reads the prettier config again (an
 * edit of `.prettierrc`, `.editorconfig` or the `prettier` key of `package.json` is seen) and
 * tells its own warnings to that run; what is kept is keyed by the options it was made with, so
 * a changed config finds nothing of the old one.
 */
import { resolvePrettier, stderrWarning, type PrettierInstance } from './prettier-instance.js';
import { createStatementMemo, type StatementMemo } from './statement-memo.js';

export interface FormatterKeep {
  /** The prettier resolved from the output directory on the first run, and what it warned then. */
  prettier?: Promise<{ instance: PrettierInstance; warnings: string[] }>;
  /** Each file's printed statements, keyed by code tree and options. */
  statements: StatementMemo;
  /** Statements prettier formatted, keyed by options and source. */
  formatted: Map<string, Promise<string>>;
  /** Whether prettier writes a non-ASCII key bare (a question of its version alone). */
  bareKeys: Map<string, boolean>;
}

export function createFormatterKeep(): FormatterKeep {
  return { statements: createStatementMemo(), formatted: new Map(), bareKeys: new Map() };
}

/** The kept prettier instance (resolved on first use); its warnings are told to this run's `warn`. */
export async function keptPrettier(keep: FormatterKeep, outputDir: string, warn: ((message: string) => void) | undefined): Promise<PrettierInstance> {
  keep.prettier ??= (async () => {
    const warnings: string[] = [];
    const instance = await resolvePrettier(outputDir, { warn: (message) => warnings.push(message) });
    return { instance, warnings };
  })();
  const { instance, warnings } = await keep.prettier;
  warnings.forEach(warn ?? stderrWarning);
  return instance;
}
