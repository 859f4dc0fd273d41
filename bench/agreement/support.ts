import { mkdtempSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '@specwright/testing';
import type { ZodVariant } from '@specwright/openapi-zod-ts';
import { tally, type SpecOutcome } from '../../scripts/agreement/roundtrip.js';
import { alternateVariant } from '../../scripts/corpus/generate.js';

/** A fresh folder per spec: node caches the generated modules by URL. */
export function projectFolder(prefix: string): string {
  const base = join(repoRoot, '.tmp');
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, `agreement-${prefix}-`));
}

/** The `zod_variant` `pnpm agreement` gives a spec by default (half of the specs are mini). */
export function variantOf(spec: string): ZodVariant {
  return alternateVariant(relative(repoRoot, spec));
}

/** The failures of an outcome, one line each, for a readable assertion. */
export function failures(outcome: SpecOutcome): string[] {
  return outcome.operations.filter((o) => o.status === 'failed').map((o) => `${o.operation}: ${o.reasons.join(' | ')}`);
}

/** Skips without a generation-time warning that names what was left out. */
export function silentSkips(outcome: SpecOutcome): string[] {
  return outcome.operations
    .filter((o) => o.status === 'skipped')
    .filter((o) => {
      const subject = /"([^"]+)"/.exec(o.reasons[0]!)?.[1] ?? o.operation;
      return !outcome.warnings.some((w) => w.includes(subject));
    })
    .map((o) => `${o.operation}: ${o.reasons[0]}`);
}

export { tally };
