import type { Module } from '../code/ast.js';
import { type ModulePiece, blankLines, printStatements, printsAsWhole, prologueLength, startsWithString } from '../code/print-doc.js';
import { lineComment } from '../emit/escape.js';
import { createWorkerPool, splitPoint, type WorkerPool } from './fast-worker-pool.js';
import { stringLiteral } from '../emit/escape.js';
import { printModuleSource, printStatementSource } from '../code/print-source.js';
import { fastPathSetup } from './fast-path.js';
import { formatUntilStable } from './format-stable.js';
import { optionsError, prettierConfigError } from './prettier-config-error.js';
import { keptPrettier, type FormatterKeep } from './formatter-keep.js';
import { resolvePrettier, type PrettierInstance } from './prettier-instance.js';
import { type SettledPiece, createStatementMemo } from './statement-memo.js';

/** Separates statements formatted together by prettier (a line comment on its own line). */
const SPLIT_MARKER = 'specwright-split-f3a9c2e1';

/** How a module was formatted (for tests and benchmarks). */
export interface FormatReport {
  /** `fast`: printed from the code tree (some statements possibly by prettier); `prettier`: the whole text. */
  path: 'fast' | 'prettier';
  /** Why the whole module went to prettier. */
  reason?: string | undefined;
  /** Top-level statements formatted by prettier on the fast path (raw code, unsupported shapes). */
  prettierStatements: number;
  /** The reasons of those statements that are not raw code. */
  unsupported: string[];
  /** Top-level statements whose pieces were kept from the last call for the file (`reuse`). */
  reusedStatements?: number;
}

export interface Formatter {
  readonly prettier: PrettierInstance;
  /** Formats a generated module for the file it will be written to. */
  formatModule(module: Module, filePath: string): Promise<string>;
  /** `formatModule`, also telling which path formatted the module. */
  formatModuleWithReport(module: Module, filePath: string): Promise<{ text: string; report: FormatReport }>;
  /** Formats TypeScript source for the file it will be written to. */
  formatSource(source: string, filePath: string): Promise<string>;
}

export interface FormatterOptions {
  /** Print modules straight to prettier's document format where proven (default true). */
  fastPath?: boolean;
  /**
   * Print large modules on two threads on the fast path: `true` starts a worker for this
   * formatter, a pool (`createWorkerPool()`) is shared with other formatters of the run. Off by
   * default: starting a worker costs a prettier load and a JIT warm-up on the other core, which
   * only pays off for large specs (`specwright` turns it on for one run of a large spec).
   * @default false
   */
  parallel?: boolean | WorkerPool | undefined;
  /**
   * Told when the project's prettier cannot be used (not version 3).
   * @default a line on stderr
   */
  warn?: ((message: string) => void) | undefined;
  /**
   * Keep each file's printed statements from one call to the next (a watch session): a statement
   * whose code tree did not change is not printed again. Costs a hash of every statement. The
   * formatter reads the prettier config once: a session that outlives config edits uses `keep`.
   * @default false
   */
  reuse?: boolean | undefined;
  /**
   * What a session keeps between its runs' formatters (`createFormatterKeep()`): prettier and the
   * printed and formatted statements. Each formatter reads the prettier config afresh; one made
   * with `keep` keeps each file's printed statements, as `reuse`, in the session's keep.
   * @default none
   */
  keep?: FormatterKeep | undefined;
}

/** Modules with at least this many statements are split between two threads. */
const PARALLEL_MIN_STATEMENTS = 300;
/** The worker's share of the first split module (it starts later than the calling thread). */
const WORKER_SHARE = 0.45;
/** Bounds of the share learned from the threads' speeds. */
const MIN_SHARE = 0.2;
const MAX_SHARE = 0.6;

/**
 * Formats with the prettier config that applies to each file's path. Prettier is not always
 * idempotent, so text is formatted until `check` passes (DECISIONS). Modules take the fast path
 * (`code/print-doc.ts`) when the prettier version and options are ones it is proven against; its
 * output is the same text.
 */
export async function createFormatter(outputDir: string, formatterOptions: FormatterOptions = {}): Promise<Formatter> {
  const { keep } = formatterOptions;
  const instance = keep ? await keptPrettier(keep, outputDir, formatterOptions.warn) : await resolvePrettier(outputDir, { warn: formatterOptions.warn });
  const { prettier } = instance;
  // The config as it is now: prettier's own cache keeps what an earlier formatter in this process
  // read (a watch session's last run, an earlier `generate()`). Cleared rather than bypassed: a
  // run's files then share one search per directory (GitHub's 9 files: 5 ms of CPU, not 30).
  await prettier.clearConfigCache();
  const configs = new Map<string, Promise<Record<string, unknown>>>();
  const pool = formatterOptions.parallel === true ? createWorkerPool() : formatterOptions.parallel || undefined;
  // The worker's share of the next split module, from how fast each thread printed the last one.
  let workerShare = WORKER_SHARE;
  // Per run: formatted statements (raw code repeats across files) keyed by options and source.
  const statementCache = keep?.formatted ?? new Map<string, Promise<string>>();
  const memo = keep?.statements ?? (formatterOptions.reuse === true ? createStatementMemo() : undefined);
  // Per run: does prettier write this non-ASCII key bare? (Its identifier table, asked once.)
  const bareKeys = keep?.bareKeys ?? new Map<string, boolean>();
  const learnKey = async (key: string) => {
    if (bareKeys.has(key)) return;
    const probe = await prettier.format(`({ ${stringLiteral(key)}: 0 });`, { parser: 'typescript', quoteProps: 'as-needed' });
    bareKeys.set(key, probe.startsWith(`({ ${key}:`));
  };

  const optionsFor = (filePath: string) => {
    let options = configs.get(filePath);
    if (!options) {
      options = prettier
        .resolveConfig(filePath, { editorconfig: true })
        // The output is TypeScript: a `parser` of the config (for the project's JavaScript, say)
        // does not apply, on the fast path and prettier's alike.
        .then((found) => ({ ...(found ?? {}), parser: 'typescript', filepath: filePath }))
        .catch(async (error: unknown) => {
          throw await prettierConfigError(prettier, filePath, error);
        });
      configs.set(filePath, options);
    }
    return options;
  };

  const formatSource = async (source: string, filePath: string): Promise<string> => {
    const options = { ...(await optionsFor(filePath)), filepath: filePath };
    // With a worker, prettier's parser is loaded and run there, off this thread; on any failure
    // (no worker, options that do not travel, a syntax error) this thread formats, and throws
    // prettier's own error.
    const remote = pool ? await pool.format({ source, options, outputDir }) : undefined;
    if (remote !== undefined) return remote;
    try {
      return await formatUntilStable(prettier, source, options);
    } catch (error) {
      // Options prettier rejects are the user's config error; a text it rejects is our bug.
      throw (await optionsError(prettier, options, filePath)) ?? error;
    }
  };

  /**
   * Formats top-level statements with prettier: those not already formatted in this run go to
   * prettier in one text, separated by marker comments (top-level statements do not influence
   * each other's layout), which costs one parse instead of one per statement.
   */
  const formatStatements = async (sources: string[], filePath: string, optionsKey: string): Promise<string[]> => {
    const keyOf = (source: string) => `${optionsKey}\u0000${source}`;
    const missing = [...new Set(sources.filter((source) => !statementCache.has(keyOf(source))))];
    const separable = missing.length > 1 && missing.every((source) => !source.includes(SPLIT_MARKER)) && !missing.slice(1).some((source) => startsWithString(source));
    const alone = (source: string) => formatSource(source, filePath);
    if (separable) {
      const batch = formatSource(missing.map((source, i) => (i === 0 ? source : `// ${SPLIT_MARKER}\n\n${source}`)).join('\n\n'), filePath).then(
        (text) => text.split(new RegExp(`(?:\\r?\\n|\\r)*// ${SPLIT_MARKER}(?:\\r?\\n|\\r)+`)),
        () => undefined,
      );
      // A statement prettier rejects fails the batch: then each is formatted alone (and only it fails).
      missing.forEach((source, i) => statementCache.set(keyOf(source), batch.then((parts) => (parts?.length === missing.length ? parts[i]! : alone(source)))));
    } else for (const source of missing) statementCache.set(keyOf(source), alone(source));
    const results = sources.map((source) => statementCache.get(keyOf(source))!);
    // A rejection is not kept: the next module asks prettier again (and gets the same error).
    results.forEach((result, i) => result.catch(() => statementCache.delete(keyOf(sources[i]!))));
    return Promise.all(results);
  };

  const formatModuleWithReport = async (module: Module, filePath: string): Promise<{ text: string; report: FormatReport }> => {
    const whole = async (reason: string) => ({
      text: await formatSource(printModuleSource(module), filePath),
      report: { path: 'prettier' as const, reason, prettierStatements: 0, unsupported: [] },
    });
    if (formatterOptions.fastPath === false) return whole('fast path disabled');
    const resolved = await optionsFor(filePath);
    const setup = fastPathSetup(instance, resolved, filePath);
    if (!setup.ok) return whole(setup.reason);
    if (printsAsWhole(module)) return whole('module shape');
    const env = { ...setup.env, unquotable: (key: string) => bareKeys.get(key) };
    const { body } = module;
    const prologue = prologueLength(body);
    const print = (statements: typeof body, offset: number) => printStatements(statements, offset, prologue, env, printStatementSource);
    const optionsKey = `${JSON.stringify({ ...resolved, filepath: undefined })}${filePath.slice(filePath.lastIndexOf('.'))}`;
    const recalled = memo?.recall(filePath, optionsKey, body, prologue);
    let pieces: ModulePiece[];
    if (recalled && recalled.known.some((piece) => piece !== undefined)) {
      // Statements print one by one: only those not kept from the last call are printed.
      pieces = body.map((stmt, i) => recalled.known[i] ?? print([stmt], i)[0]!);
    } else if (pool && body.length >= PARALLEL_MIN_STATEMENTS) {
      const split = splitPoint(body, workerShare);
      const tail = body.slice(split);
      const remote = pool.print({ statements: tail, start: split, prologue, resolved, filePath, outputDir, bareKeys: [...bareKeys] });
      const started = performance.now();
      const head = print(body.slice(0, split), 0);
      const headMs = performance.now() - started;
      const printedTail = await remote;
      if (printedTail && printedTail.ms > 0 && headMs > 0) {
        const [mainRate, workerRate] = [split / headMs, tail.length / printedTail.ms];
        // Halfway to the measured balance: one module printed while the other thread was
        // descheduled (a loaded machine) does not swing the next split to a bound.
        workerShare = Math.min(MAX_SHARE, Math.max(MIN_SHARE, (workerShare + workerRate / (mainRate + workerRate)) / 2));
      }
      pieces = [
        ...head,
        ...(printedTail?.pieces.map((piece, i): ModulePiece => (piece.kind === 'key' ? { kind: 'key', key: piece.key, retry: () => print([tail[i]!], split + i)[0]! } : piece)) ??
          print(tail, split)),
      ];
    } else pieces = print(body, 0);
    const printed = { header: lineComment(module.header).trimEnd(), pieces, blankBefore: blankLines(module) };
    const { eol } = setup.env;
    for (const [i, first] of printed.pieces.entries()) {
      let piece: ModulePiece = first;
      while (piece.kind === 'key') {
        await learnKey(piece.key);
        piece = piece.retry();
      }
      printed.pieces[i] = piece;
    }
    if (recalled) memo?.keep(filePath, optionsKey, recalled.keys, printed.pieces as SettledPiece[]);
    const reparsed = printed.pieces.find((piece) => piece.kind === 'prettier' && piece.wholeModule === true);
    if (reparsed?.kind === 'prettier') return whole(reparsed.reason);
    const sources = printed.pieces.flatMap((piece) => (piece.kind === 'prettier' ? [piece.source] : []));
    // A string statement is a directive only at the start of a file: such pieces are not batched.
    if (printed.pieces.some((piece, i) => piece.kind === 'prettier' && i > 0 && startsWithString(piece.source))) return whole('string statement after the start');
    const formattedSources = await formatStatements(sources, filePath, optionsKey);
    let next = 0;
    const texts = printed.pieces.map((piece) => {
      if (piece.kind === 'text') return piece.text;
      const formatted = formattedSources[next++]!;
      return formatted.endsWith(eol) ? formatted.slice(0, -eol.length) : formatted;
    });
    let text = printed.header + eol + eol;
    texts.forEach((piece, i) => {
      if (i > 0) text += printed.blankBefore[i] ? eol + eol : eol;
      text += piece;
    });
    text += eol;
    const fallbacks = printed.pieces.filter((piece) => piece.kind === 'prettier');
    return {
      text,
      report: {
        path: 'fast',
        prettierStatements: fallbacks.length,
        unsupported: fallbacks.flatMap((piece) => (piece.kind === 'prettier' && piece.reason !== 'raw statement' ? [piece.reason] : [])),
        ...(recalled ? { reusedStatements: recalled.known.filter((piece) => piece !== undefined).length } : {}),
      },
    };
  };

  return {
    prettier: instance,
    formatSource,
    formatModuleWithReport,
    formatModule: async (module, filePath) => (await formatModuleWithReport(module, filePath)).text,
  };
}
