/**
 * When the fast path may format a file: a prettier version it was proven against, no plugins, the
 * typescript parser, and only option values it implements. Anything else is formatted by prettier.
 */
import type { DocPrintEnvironment } from '../code/print-doc.js';
import type { FormatOptions } from '../code/print-doc-context.js';
import { type Builders, withMemoSlots } from './doc.js';
import type { PrinterSemantics } from './doc-printer.js';
import type { PrettierInstance } from './prettier-instance.js';

/**
 * The prettier versions the fast path may take, exactly those that test/format-versions.test.ts
 * proves it against (each is a pinned devDependency alias `prettier-<version>` of the workspace).
 * Any other version, even a patch release in between, is formatted by plain prettier.
 */
export const PROVEN_PRETTIER_VERSIONS: readonly string[] = ['3.9.0', '3.9.5', '3.9.10', '3.10.0', '3.10.1'];

/** Options that change nothing in TypeScript output (JSX, HTML, Markdown, Vue, embedded code). */
const IRRELEVANT = new Set([
  '$schema',
  'filepath',
  'bracketSameLine',
  'jsxBracketSameLine',
  'jsxSingleQuote',
  'singleAttributePerLine',
  'htmlWhitespaceSensitivity',
  'vueIndentScriptAndStyle',
  'proseWrap',
  'embeddedLanguageFormatting',
  'checkIgnorePragma',
]);

type Check = (value: unknown) => boolean;
const oneOf =
  (...values: unknown[]): Check =>
  (value) =>
    values.includes(value);
const isBoolean: Check = (value) => typeof value === 'boolean';
const isPositiveInteger: Check = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

const IMPLEMENTED: Record<keyof FormatOptions | 'endOfLine', Check> = {
  printWidth: isPositiveInteger,
  tabWidth: isPositiveInteger,
  useTabs: isBoolean,
  semi: isBoolean,
  singleQuote: isBoolean,
  quoteProps: oneOf('as-needed', 'consistent', 'preserve'),
  trailingComma: oneOf('all', 'es5', 'none'),
  bracketSpacing: isBoolean,
  objectWrap: oneOf('preserve', 'collapse'),
  arrowParens: oneOf('always', 'avoid'),
  experimentalTernaries: isBoolean,
  experimentalOperatorPosition: oneOf('start', 'end'),
  endOfLine: oneOf('lf', 'crlf', 'cr', 'auto'),
};

/** Options that must keep their default for the fast path. */
const DEFAULT_ONLY: Record<string, unknown[]> = {
  parser: ['typescript'],
  plugins: [],
  insertPragma: [false],
  requirePragma: [false],
  rangeStart: [0],
  rangeEnd: [Number.POSITIVE_INFINITY, null],
  cursorOffset: [-1],
};

const DEFAULTS: FormatOptions = {
  printWidth: 80,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  quoteProps: 'as-needed',
  trailingComma: 'all',
  bracketSpacing: true,
  objectWrap: 'preserve',
  arrowParens: 'always',
  experimentalTernaries: false,
  experimentalOperatorPosition: 'end',
};

const EOL: Record<string, string> = { lf: '\n', crlf: '\r\n', cr: '\r', auto: '\n' };

export type FastPathSetup = { ok: true; env: DocPrintEnvironment } | { ok: false; reason: string };

/**
 * How the doc printer of every proven version behaves: test/doc-printer-versions.test.ts prints
 * docs that tell the semantics apart with each version's own `printDocToString`.
 */
export const PROVEN_SEMANTICS: PrinterSemantics = { pendingSpaceInFits: true, lastStateTriedFlat: false };

export function fastPathSetup(instance: PrettierInstance, resolved: Record<string, unknown>, filePath: string): FastPathSetup {
  if (!PROVEN_PRETTIER_VERSIONS.includes(instance.version)) return { ok: false, reason: `prettier ${instance.version} is not proven for the fast path` };
  if (!/\.(?:ts|mts|cts)$/.test(filePath)) return { ok: false, reason: 'not a TypeScript file' };
  const options: Record<string, unknown> = { ...DEFAULTS, endOfLine: 'lf' };
  for (const [key, value] of Object.entries(resolved)) {
    if (value === undefined || IRRELEVANT.has(key)) continue;
    if (key in DEFAULT_ONLY) {
      const allowed = DEFAULT_ONLY[key]!;
      const isDefault = Array.isArray(value) ? value.length === 0 && allowed.length === 0 : allowed.includes(value);
      if (!isDefault) return { ok: false, reason: `option ${key} is not supported by the fast path` };
      continue;
    }
    const check = (IMPLEMENTED as Record<string, Check | undefined>)[key];
    if (!check) return { ok: false, reason: `unknown option ${key}` };
    if (!check(value)) return { ok: false, reason: `option ${key}: ${JSON.stringify(value)} is not supported by the fast path` };
    options[key] = value;
  }
  const { endOfLine, ...format } = options as unknown as FormatOptions & { endOfLine: string };
  const builders = withMemoSlots((instance.prettier as unknown as { doc: { builders: Builders } }).doc.builders);
  const getStringWidth = (instance.prettier as unknown as { util: { getStringWidth(text: string): number } }).util.getStringWidth;
  return {
    ok: true,
    env: {
      options: format,
      builders,
      semantics: PROVEN_SEMANTICS,
      stringWidth: getStringWidth,
      eol: EOL[endOfLine]!,
      tsxLike: !/\.ts$/.test(filePath),
      canonicalRaw: (Object.keys(DEFAULTS) as (keyof FormatOptions)[]).every((key) => format[key] === DEFAULTS[key]),
    },
  };
}
