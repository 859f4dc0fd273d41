import type { ZodVariant } from '@specwright/openapi-zod-ts';
import type { AgreementResult } from './agreement.js';
import type { PrettierResult, TscResult } from './checks.js';
import type { GeneratorError, GeneratorId } from './generate.js';
import type { CorpusSpec } from './select.js';

/** What the pool hands a worker (argv[2], JSON). */
export interface WorkerJob {
  spec: CorpusSpec;
  /** The temporary project (under `<repo>/.tmp/`). */
  projectDir: string;
  /** TypeScript versions to check with, in order. */
  tsc: string[];
  /** Bound of one tsc run (0: none; the spec's own bound still applies). */
  tscTimeoutMs: number;
  /** Keep the project even when every check passes. */
  keep: boolean;
  /** Run the in-process agreement check (`--no-agreement` leaves it out). */
  agreement: boolean;
  /** Run `openapi-zod-ts` with `input_schema` (every other spec of the run list). */
  inputSchema: boolean;
  /** `openapi-zod-ts`'s `zod_variant` (see `alternateVariant`). */
  variant: ZodVariant;
  /** Reuse the checks of byte-identical output from earlier runs (`--resume`, see `CheckCache`). */
  reuse: boolean;
  /** Where the reused checks are kept (`--check-cache`; default `.tmp/corpus-check-cache`). */
  checkCache?: string;
}

export type WorkerMessage = { type: 'phase'; phase: string } | { type: 'result'; result: SpecResult };

export interface GeneratorSummary {
  generator: GeneratorId;
  ms: number;
  files: number;
  bytes: number;
  warnings: number;
  error?: GeneratorError;
}

/**
 * The record of one spec. `status`: `ok` (all generator runs succeeded; the checks say the
 * rest), `spec-error` (a clear error about the spec), `crash` (any other exception), `timeout`
 * (the spec's bound passed; `phase` says where), `died` (the worker exited without a result, for
 * example out of memory).
 */
export interface SpecResult {
  id: string;
  bytes: number;
  /** `openapi-zod-ts`'s `zod_variant` in this run. */
  variant?: ZodVariant;
  status: 'ok' | 'spec-error' | 'crash' | 'timeout' | 'died';
  /** Wall time of the whole spec. */
  ms: number;
  phase?: string;
  /** The generator run that failed first (or `load`), as the CLI would report it. */
  error?: GeneratorError & { generator: GeneratorId | 'load' };
  loadMs?: number;
  operations?: number;
  schemas?: number;
  modelWarnings?: number;
  generators?: GeneratorSummary[];
  /** The slowest command as the CLI runs it: loading the spec plus one generator run. */
  generateMs?: number;
  /** Peak RSS of the worker after the generator runs (one process, one load). */
  rssMiB?: number;
  tsc?: TscResult[];
  prettier?: PrettierResult;
  agreement?: AgreementResult & { counts: { mocks: number; fastify: number; hono: number }; ms: number; reused?: boolean };
  agreementError?: string;
  /** Fingerprint of the generators that produced this record (see `fingerprint()`). */
  fingerprint?: string;
}
