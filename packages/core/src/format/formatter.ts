import type { Module } from '../code/ast.js';
import { nonAsciiKeys, printModuleDoc } from '../code/print-doc.js';
import { stringLiteral } from '../emit/escape.js';
import { printModuleSource, printStatementSource } from '../code/print-source.js';
import { SpecwrightError } from '../errors.js';
import { fastPathSetup } from './fast-path.js';
import { resolvePrettier, type PrettierInstance } from './prettier-instance.js';

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
}

/**
 * Formats with the prettier config that applies to each file's path. Prettier is not always
 * idempotent, so text is formatted until `check` passes (DECISIONS). Modules take the fast path
 * (`code/print-doc.ts`) when the prettier version and options are ones it is proven against; its
 * output is the same text.
 */
export async function createFormatter(outputDir: string, formatterOptions: FormatterOptions = {}): Promise<Formatter> {
  const instance = await resolvePrettier(outputDir);
  const { prettier } = instance;
  const configs = new Map<string, Promise<Record<string, unknown>>>();
  // Per run: formatted statements (raw code repeats across files) keyed by options and source.
  const statementCache = new Map<string, Promise<string>>();
  // Per run: does prettier write this non-ASCII key bare? (Its identifier table, asked once.)
  const bareKeys = new Map<string, boolean>();
  const learnKeys = async (module: Module) => {
    for (const key of nonAsciiKeys(module)) {
      if (bareKeys.has(key)) continue;
      const probe = await prettier.format(`({ ${stringLiteral(key)}: 0 });`, { parser: 'typescript', quoteProps: 'as-needed' });
      bareKeys.set(key, probe.startsWith(`({ ${key}:`));
    }
  };

  const optionsFor = (filePath: string) => {
    let options = configs.get(filePath);
    if (!options) {
      options = prettier
        .resolveConfig(filePath, { editorconfig: true })
        .then((found) => ({ ...(found ?? {}), filepath: filePath }))
        .catch((error: unknown) => {
          throw new SpecwrightError('GENERATION_FAILED', `cannot read the prettier config: ${error instanceof Error ? error.message : String(error)}`, { file: filePath });
        });
      configs.set(filePath, options);
    }
    return options;
  };

  const formatSource = async (source: string, filePath: string): Promise<string> => {
    const options = { ...(await optionsFor(filePath)), filepath: filePath };
    let text = source;
    for (let round = 0; round < 4; round++) {
      text = await prettier.format(text, options);
      if (await prettier.check(text, options)) return text;
    }
    return text;
  };

  const formatStatement = (source: string, filePath: string, optionsKey: string): Promise<string> => {
    const key = `${optionsKey}\u0000${source}`;
    let formatted = statementCache.get(key);
    if (!formatted) {
      formatted = formatSource(source, filePath);
      statementCache.set(key, formatted);
    }
    return formatted;
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
    await learnKeys(module);
    const printed = printModuleDoc(module, { ...setup.env, unquotable: (key) => bareKeys.get(key) }, (stmt) => printStatementSource(stmt));
    if (!printed) return whole('module shape');
    const { eol } = setup.env;
    const optionsKey = `${JSON.stringify({ ...resolved, filepath: undefined })}${filePath.slice(filePath.lastIndexOf('.'))}`;
    const texts = await Promise.all(
      printed.pieces.map(async (piece) => {
        if (piece.kind === 'text') return piece.text;
        const formatted = await formatStatement(piece.source, filePath, optionsKey);
        return formatted.endsWith(eol) ? formatted.slice(0, -eol.length) : formatted;
      }),
    );
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
