/** String and number literals and property keys, as prettier prints them. */
import type { Doc } from '../format/doc.js';
import type { PrintContext } from './print-doc-context.js';
import type * as N from './print-doc-nodes.js';

/** The quote prettier encloses a string in: the preferred one unless it needs more escapes. */
function preferredQuote(content: string, singleQuote: boolean): '"' | "'" {
  const preferred = singleQuote ? "'" : '"';
  const alternate = singleQuote ? '"' : "'";
  const preferredCode = preferred.charCodeAt(0);
  const alternateCode = alternate.charCodeAt(0);
  let preferredCount = 0;
  let alternateCount = 0;
  // By code unit, not code point: a quote is never half of a surrogate pair, and iterating code
  // points costs several times more on long strings (a module's embedded JSON text).
  for (let i = 0; i < content.length; i++) {
    const code = content.charCodeAt(i);
    if (code === preferredCode) preferredCount++;
    else if (code === alternateCode) alternateCount++;
  }
  return preferredCount > alternateCount ? alternate : preferred;
}

/**
 * Re-encloses raw string content: escaped other quotes lose the backslash, bare enclosing quotes
 * gain one (prettier's `makeString`). A loop over code units, not a replace with a callback: a
 * module's embedded JSON text holds tens of thousands of quotes.
 */
function makeString(content: string, enclosing: '"' | "'"): string {
  const other = enclosing === '"' ? "'" : '"';
  const enclosingCode = enclosing.charCodeAt(0);
  const otherCode = other.charCodeAt(0);
  let body = '';
  let from = 0;
  for (let i = 0; i < content.length; i++) {
    const code = content.charCodeAt(i);
    if (code === BACKSLASH) {
      const next = content.charCodeAt(i + 1);
      if (next === otherCode) {
        body += content.slice(from, i) + other;
        from = i + 2;
      }
      // An escaped quote or backslash stays as it is, and is not read again.
      if (next === otherCode || next === enclosingCode || next === BACKSLASH) i++;
    } else if (code === enclosingCode) {
      body += content.slice(from, i) + '\\' + enclosing;
      from = i + 1;
    }
  }
  return enclosing + body + content.slice(from) + enclosing;
}

const BACKSLASH = 92;

/** A string literal from its raw source text (prettier's `printString`). */
export function printString(raw: string, ctx: PrintContext): string {
  const content = raw.slice(1, -1);
  const quote = preferredQuote(content, ctx.options.singleQuote);
  return raw.charAt(0) === quote ? raw : makeString(content, quote);
}

/** A number literal from its raw source text (prettier's `printNumber`). */
export function printNumber(raw: string): string {
  if (raw.length === 1) return raw;
  return raw
    .toLowerCase()
    .replace(/^([+-]?[\d.]+e)(?:\+|(-))?0*(?=\d)/, '$1$2')
    .replace(/^([+-]?[\d.]+)e[+-]?0+$/, '$1')
    .replace(/^([+-])?\./, '$10.')
    .replace(/(\.\d+?)0+(?=e|$)/, '$1')
    .replace(/\.(?=e|$)/, '');
}

type Keyed = N.Property | N.TSPropertySignature | N.TSMethodSignature | N.PropertyDefinition | N.MethodDefinition;

/** Per object (or type literal, class body): does some key need quotes? Cached on the node. */
const QUOTE_NEEDED = Symbol('quote needed');
type QuoteMemo = { [QUOTE_NEEDED]?: boolean };

/** A string key prettier may write bare (prettier's `isStringPropSafelyCoercedToKey`-like check). */
function canUnquote(node: Keyed, ctx: PrintContext): boolean {
  const key = node.key;
  if (key.type !== 'StringLiteral' || ('computed' in node && node.computed)) return false;
  if (printString(key.raw, ctx).slice(1, -1) !== key.value) return false;
  if (node.type === 'TSMethodSignature' && key.value === 'new') return false;
  if (node.type === 'PropertyDefinition') return false;
  if (/^[$A-Z_a-z][$\w]*$/.test(key.value)) return true;
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7F]*$/.test(key.value)) return false;
  return ctx.unquotable(key.value);
}

/** Some sibling key must stay quoted (decides `quoteProps: "consistent"`). */
function siblingNeedsQuotes(node: Keyed, ctx: PrintContext): boolean {
  const parent = node.parent! as N.ENode & QuoteMemo;
  let known = parent[QUOTE_NEEDED];
  if (known === undefined) {
    const list = (parent as unknown as Record<string, unknown>)[node.field];
    const members = (Array.isArray(list) ? list : []) as N.ENode[];
    known = members.some((member) => {
      if (!('key' in member)) return false;
      const keyed = member as Keyed;
      if ('computed' in keyed && keyed.computed) return false;
      return keyed.key.type === 'StringLiteral' && !canUnquote(keyed, ctx);
    });
    parent[QUOTE_NEEDED] = known;
  }
  return known;
}

/** A member's key: bare, quoted, or computed, per `quoteProps` (prettier's `printPropertyKey`). */
export function printPropertyKey(node: Keyed, ctx: PrintContext): Doc {
  const { key } = node;
  if ('computed' in node && node.computed) return ['[', ctx.print(key), ']'];
  const { quoteProps } = ctx.options;
  if (quoteProps === 'consistent' && key.type === 'Identifier' && siblingNeedsQuotes(node, ctx)) {
    return printString(JSON.stringify(key.name), ctx);
  }
  if ((quoteProps === 'as-needed' || (quoteProps === 'consistent' && !siblingNeedsQuotes(node, ctx))) && canUnquote(node, ctx)) {
    return (key as N.StringLiteral).value;
  }
  return ctx.print(key);
}
