import { createFormatterKeep, type FormatterKeep } from '@specwright/core';
import { createSpecKeep, type SpecKeep } from './project-model.js';

/**
 * What a watch session keeps from one run to the next. Per output directory: the prettier instance
 * and the printed and formatted statements (keyed by code tree or text and the options, so an
 * unchanged declaration is not printed or formatted again); each run's formatters read the
 * prettier config afresh and warn to that run. Per spec: the parsed `$ref` files and the converted
 * schemas (`project-model.ts`). Never module state: each session (a `--watch`, a Vite server) owns one.
 */
export interface GenerateSession {
  formatters: Map<string, FormatterKeep>;
  specs: Map<string, SpecKeep>;
}

export function createSession(): GenerateSession {
  return { formatters: new Map(), specs: new Map() };
}

/** What `session` keeps for the spec `input` (made on first use); nothing without a session. */
export function specKeepOf(session: GenerateSession | undefined, input: string): SpecKeep | undefined {
  if (!session) return undefined;
  let keep = session.specs.get(input);
  if (!keep) session.specs.set(input, (keep = createSpecKeep()));
  return keep;
}

/** What `session` keeps for the formatter of `outputDir` (made on first use); nothing without a session. */
export function formatterKeepOf(session: GenerateSession | undefined, outputDir: string): FormatterKeep | undefined {
  if (!session) return undefined;
  let keep = session.formatters.get(outputDir);
  if (!keep) session.formatters.set(outputDir, (keep = createFormatterKeep()));
  return keep;
}
