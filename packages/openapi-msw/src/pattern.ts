/**
 * Regular expressions (a schema's `pattern`) → a tree of string generators, resolved at
 * generation time. faker's `fromRegExp` knows no anchors, groups or `\d`, which real patterns use
 * all the time, so the pattern is parsed here and emitted as plain faker calls instead.
 *
 * Supported: literals and escapes, `.`, classes (ranges, negation, `\d\w\s` and their negations),
 * groups (capturing, non-capturing, named), alternation, quantifiers (greedy and lazy), and the
 * assertions: `^ $` and negative lookaheads are kept as `assert` nodes, which generate nothing
 * (generated text is one whole match) but let `admitsNoString` prove a pattern empty; `\b \B` and
 * other lookarounds are dropped (the text is then checked against the pattern). Back-references
 * make the pattern unsupported.
 */

export type PatternNode =
  | { t: 'lit'; text: string }
  /**
   * `chars`: what to draw from. `dot`: the set is `.` (any character but a line terminator).
   * `wide`: the pattern's set holds more than `chars` (a negated class, `\s`, a long range).
   */
  | { t: 'set'; chars: string[]; dot?: true; wide?: true }
  | { t: 'seq'; items: PatternNode[] }
  | { t: 'alt'; options: PatternNode[] }
  | { t: 'rep'; item: PatternNode; min: number; max: number }
  /** An assertion, matching no text: `^`, `$`, or a negative lookahead `(?!inner)`. */
  | { t: 'assert'; kind: 'start' | 'end' }
  | { t: 'assert'; kind: 'not-ahead'; inner: PatternNode };

export class UnsupportedPattern extends Error {}

const DIGITS = chars('0', '9');
const WORD = [...chars('a', 'z'), ...chars('A', 'Z'), ...DIGITS, '_'];
const SPACE = [' '];
/** What `.` and negated classes draw from: printable ASCII. */
const PRINTABLE = chars(' ', '~');
/** At most this many characters are kept from one range, so a wide range stays a short literal. */
const MAX_RANGE = 96;
/** Further pools for negated classes that exclude all of printable ASCII. */
const LATIN = range(0xc0, 0xff);
const CJK = range(0x4e00, 0x4e5f);
/** Quantifiers without an upper bound repeat at most this many times beyond their minimum. */
export const OPEN_REPEAT = 8;

function chars(from: string, to: string): string[] {
  const out: string[] = [];
  for (let c = from.codePointAt(0)!; c <= to.codePointAt(0)!; c++) out.push(String.fromCodePoint(c));
  return out;
}

function range(from: number, to: number): string[] {
  const out: string[] = [];
  for (let c = from; c <= to && out.length < MAX_RANGE; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    out.push(String.fromCodePoint(c));
  }
  return out;
}

export interface ParsedPattern {
  tree: PatternNode;
  /**
   * True when the tree leaves out a condition of the pattern (a lookaround, a word boundary): the
   * generated text then has to be checked against the pattern itself.
   */
  approximate: boolean;
}

/** Parses an ECMAScript pattern; throws `UnsupportedPattern` for what it cannot generate. */
export function parsePattern(source: string, unicode: boolean): ParsedPattern {
  let pos = 0;
  let approximate = false;
  const peek = () => source[pos];
  const fail = (what: string, at = pos): never => {
    throw new UnsupportedPattern(`${what} at position ${at}`);
  };

  const disjunction = (): PatternNode => {
    const options = [alternative()];
    while (peek() === '|') {
      pos++;
      options.push(alternative());
    }
    return options.length === 1 ? options[0]! : { t: 'alt', options };
  };

  const alternative = (): PatternNode => {
    const items: PatternNode[] = [];
    while (pos < source.length && peek() !== '|' && peek() !== ')') {
      const atom = term();
      // An assertion with a quantifier may match or not: it is dropped.
      if (atom?.t === 'assert') {
        if (!skipQuantifier()) items.push(atom);
      } else if (atom) items.push(quantified(atom));
      else skipQuantifier();
    }
    return items.length === 1 ? items[0]! : { t: 'seq', items };
  };

  /** An atom, or undefined for an assertion that generates nothing. */
  const term = (): PatternNode | undefined => {
    const c = source[pos++]!;
    switch (c) {
      case '^':
        return { t: 'assert', kind: 'start' };
      case '$':
        return { t: 'assert', kind: 'end' };
      case '.':
        return { t: 'set', chars: WORD.filter((ch) => ch !== '_'), dot: true };
      case '[':
        return charClass();
      case '(':
        return group();
      case '\\':
        return escape(false);
      case '*':
      case '+':
      case '?':
        return fail('nothing to repeat');
      case '{':
        if (unicode || /^\d+(,\d*)?\}/.test(source.slice(pos))) return fail('nothing to repeat');
        return { t: 'lit', text: c };
      default: {
        if (unicode) {
          const cp = source.codePointAt(pos - 1)!;
          if (cp > 0xffff) {
            pos++;
            return { t: 'lit', text: String.fromCodePoint(cp) };
          }
        }
        return { t: 'lit', text: c };
      }
    }
  };

  /** A group; a lookaround generates nothing (the caller checks the text against the pattern). */
  const group = (): PatternNode | undefined => {
    let lookaround = false;
    let negatedAhead = false;
    if (peek() === '?') {
      const next = source[pos + 1];
      if (next === ':') pos += 2;
      else if (next === '=' || next === '!') {
        lookaround = true;
        negatedAhead = next === '!';
        pos += 2;
      } else if (next === '<' && (source[pos + 2] === '=' || source[pos + 2] === '!')) {
        lookaround = true;
        pos += 3;
      } else if (next === '<') {
        const end = source.indexOf('>', pos);
        if (end < 0) fail('unterminated group name');
        pos = end + 1;
      } else fail('group modifier');
    }
    const inner = disjunction();
    if (source[pos++] !== ')') fail('unterminated group');
    if (lookaround) {
      approximate = true;
      return negatedAhead ? { t: 'assert', kind: 'not-ahead', inner } : undefined;
    }
    return inner;
  };

  /** A quantifier after an assertion repeats nothing; whether there was one. */
  const skipQuantifier = (): boolean => {
    const match = /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/.exec(source.slice(pos));
    if (match) pos += match[0].length;
    return match !== null;
  };

  const quantified = (atom: PatternNode): PatternNode => {
    let min: number;
    let max: number;
    const c = peek();
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(pos));
      if (!match) return atom;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
      pos += match[0].length - 1;
    } else return atom;
    pos++;
    if (peek() === '?') pos++;
    return quantified({ t: 'rep', item: atom, min, max });
  };

  /** An escape after `\`; inside a class `\b` is a backspace. */
  const escape = (inClass: boolean): PatternNode | undefined => {
    const start = pos - 1;
    const c = source[pos++];
    if (c === undefined) return fail('trailing backslash');
    switch (c) {
      case 'd':
        return { t: 'set', chars: DIGITS };
      case 'D':
        return { t: 'set', chars: PRINTABLE.filter((ch) => !DIGITS.includes(ch)), wide: true };
      case 'w':
        return { t: 'set', chars: WORD };
      case 'W':
        return { t: 'set', chars: PRINTABLE.filter((ch) => !WORD.includes(ch)), wide: true };
      case 's':
        return { t: 'set', chars: SPACE, wide: true };
      case 'S':
        return { t: 'set', chars: PRINTABLE.filter((ch) => ch !== ' '), wide: true };
      case 'b':
        if (inClass) return { t: 'lit', text: '\b' };
        approximate = true;
        return undefined;
      case 'B':
        if (inClass) return fail('\\B in a class');
        approximate = true;
        return undefined;
      case 't':
        return { t: 'lit', text: '\t' };
      case 'n':
        return { t: 'lit', text: '\n' };
      case 'r':
        return { t: 'lit', text: '\r' };
      case 'v':
        return { t: 'lit', text: '\v' };
      case 'f':
        return { t: 'lit', text: '\f' };
      case '0':
        if (/\d/.test(peek() ?? '')) return fail('octal escape', start);
        return { t: 'lit', text: '\0' };
      case 'c': {
        const letter = peek();
        if (letter && /[A-Za-z]/.test(letter)) {
          pos++;
          return { t: 'lit', text: String.fromCharCode(letter.charCodeAt(0) % 32) };
        }
        return { t: 'lit', text: '\\c' };
      }
      case 'x': {
        const hex = /^[0-9A-Fa-f]{2}/.exec(source.slice(pos));
        if (!hex) return { t: 'lit', text: 'x' };
        pos += 2;
        return { t: 'lit', text: String.fromCharCode(parseInt(hex[0], 16)) };
      }
      case 'u': {
        const braced = unicode ? /^\{([0-9A-Fa-f]+)\}/.exec(source.slice(pos)) : null;
        if (braced) {
          pos += braced[0].length;
          return { t: 'lit', text: String.fromCodePoint(parseInt(braced[1]!, 16)) };
        }
        const hex = /^[0-9A-Fa-f]{4}/.exec(source.slice(pos));
        if (!hex) return { t: 'lit', text: 'u' };
        pos += 4;
        return { t: 'lit', text: String.fromCharCode(parseInt(hex[0], 16)) };
      }
      case 'p':
      case 'P': {
        if (!unicode) return { t: 'lit', text: c };
        const name = /^\{([^}]*)\}/.exec(source.slice(pos));
        if (!name) return fail('unicode property escape');
        pos += name[0].length;
        const set = propertySet(name[1]!);
        if (!set) return fail(`unicode property ${name[1]}`);
        return { t: 'set', chars: c === 'p' ? set : PRINTABLE.filter((ch) => !set.includes(ch)), wide: true };
      }
      case 'k':
        if (unicode || /<[^>]+>/.test(source.slice(pos))) return fail('back-reference', start);
        return { t: 'lit', text: c };
      default:
        if (/[1-9]/.test(c)) return fail(inClass ? 'octal escape' : 'back-reference', start);
        return { t: 'lit', text: c };
    }
  };

  /** One class member: a single character, or the characters of a class escape (`\d`). */
  const classAtom = (): { char?: string; set?: string[]; wide?: boolean } => {
    const c = source[pos++];
    if (c === undefined) return fail('unterminated class');
    if (c !== '\\') {
      if (unicode) {
        const cp = source.codePointAt(pos - 1)!;
        if (cp > 0xffff) pos++;
        return { char: String.fromCodePoint(cp) };
      }
      return { char: c };
    }
    const node = escape(true);
    if (!node) return { set: [] };
    return node.t === 'set' ? { set: node.chars, wide: node.wide === true } : node.t === 'lit' ? { char: node.text } : fail('class escape');
  };

  const charClass = (): PatternNode => {
    const negated = peek() === '^';
    if (negated) pos++;
    const singles = new Set<string>();
    const ranges: [number, number][] = [];
    let wide = negated;
    while (peek() !== ']') {
      if (pos >= source.length) fail('unterminated class');
      const first = classAtom();
      // `a-z` is a range; `\s-_` (a class escape before the dash) is three members.
      if (first.char !== undefined && peek() === '-' && source[pos + 1] !== ']' && source[pos + 1] !== undefined) {
        pos++;
        const last = classAtom();
        if (last.char === undefined) {
          for (const ch of [first.char, '-', ...last.set!]) singles.add(ch);
          wide ||= last.wide === true;
          continue;
        }
        const from = first.char.codePointAt(0)!;
        const to = last.char.codePointAt(0)!;
        if (to < from) fail('range out of order');
        ranges.push([from, to]);
        wide ||= to - from >= MAX_RANGE;
        continue;
      }
      wide ||= first.wide === true;
      for (const ch of first.char !== undefined ? [first.char] : first.set!) singles.add(ch);
    }
    pos++;
    if (negated) {
      const excluded = (ch: string) => singles.has(ch) || ranges.some(([from, to]) => ch.codePointAt(0)! >= from && ch.codePointAt(0)! <= to);
      const list = [PRINTABLE, LATIN, CJK].map((pool) => pool.filter((ch) => !excluded(ch))).find((l) => l.length > 0);
      if (!list) return fail('a class that excludes every character it could draw from');
      return { t: 'set', chars: list, wide: true };
    }
    const list = new Set(singles);
    for (const [from, to] of ranges) for (const ch of range(from, to)) list.add(ch);
    if (list.size === 0) fail('an empty class');
    return wide ? { t: 'set', chars: [...list], wide } : { t: 'set', chars: [...list] };
  };

  const tree = disjunction();
  if (pos < source.length) fail('unbalanced parenthesis');
  return { tree, approximate };
}

/** Sample characters of the common Unicode properties (`\p{L}`, `\p{Lu}`, `\p{N}`...). */
function propertySet(name: string): string[] | undefined {
  const value = name.includes('=') ? name.slice(name.indexOf('=') + 1) : name;
  switch (value) {
    case 'L':
    case 'Letter':
    case 'Alphabetic':
    case 'Alpha':
    case 'Latin':
    case 'Latn':
      return [...chars('a', 'z'), ...chars('A', 'Z')];
    case 'Lu':
    case 'Uppercase_Letter':
    case 'Uppercase':
      return chars('A', 'Z');
    case 'Ll':
    case 'Lowercase_Letter':
    case 'Lowercase':
      return chars('a', 'z');
    case 'N':
    case 'Number':
    case 'Nd':
    case 'Decimal_Number':
    case 'digit':
      return DIGITS;
    case 'P':
    case 'Punctuation':
      return ['.', ',', '!', '?', '-', ':', ';'];
    case 'S':
    case 'Symbol':
      return ['$', '+', '<', '=', '>', '^', '|', '~'];
    case 'Z':
    case 'Separator':
    case 'Zs':
    case 'Space_Separator':
    case 'White_Space':
      return [' '];
    case 'M':
    case 'Mark':
    case 'Mn':
      return ['\u0301', '\u0308'];
    case 'C':
    case 'Other':
    case 'Cc':
    case 'Control':
      return ['\u0007'];
    case 'ASCII':
    case 'Any':
      return PRINTABLE;
    default:
      return undefined;
  }
}

/** Shortest and longest text a node generates (open repeats counted with `OPEN_REPEAT`). */
export function lengthBounds(node: PatternNode, openRepeat = OPEN_REPEAT): { min: number; max: number } {
  switch (node.t) {
    case 'assert':
      return { min: 0, max: 0 };
    case 'lit':
      return { min: node.text.length, max: node.text.length };
    case 'set': {
      const lengths = node.chars.map((c) => c.length);
      return { min: Math.min(...lengths), max: Math.max(...lengths) };
    }
    case 'seq':
      return node.items.reduce(
        (sum, item) => {
          const b = lengthBounds(item, openRepeat);
          return { min: sum.min + b.min, max: sum.max + b.max };
        },
        { min: 0, max: 0 },
      );
    case 'alt': {
      const all = node.options.map((o) => lengthBounds(o, openRepeat));
      return { min: Math.min(...all.map((b) => b.min)), max: Math.max(...all.map((b) => b.max)) };
    }
    case 'rep': {
      const b = lengthBounds(node.item, openRepeat);
      const max = node.max === Infinity ? node.min + openRepeat : node.max;
      return { min: b.min * node.min, max: b.max * max };
    }
  }
}

/**
 * Adapts repeats to a length range. Repeats first grow their minimum (within their own maximum)
 * until the shortest text reaches `minLength`; then every repeat is given a finite reach (at most
 * `OPEN_REPEAT` beyond its minimum, less when the longest text would pass `maxLength`). A result
 * that still cannot fit is filtered at run time by the caller.
 */
export function fitLength(node: PatternNode, minLength: number | undefined, maxLength: number | undefined): PatternNode {
  let tree = node;
  const shortest = lengthBounds(tree).min;
  if (minLength !== undefined && shortest < minLength) tree = grow(tree, minLength - shortest);
  let reach = OPEN_REPEAT;
  if (maxLength !== undefined) while (reach > 0 && lengthBounds(limit(tree, reach)).max > maxLength) reach--;
  return limit(tree, reach);
}

/** Raises the minimum of repeats, first to last, until `missing` more characters are certain. */
function grow(node: PatternNode, missing: number): PatternNode {
  let left = missing;
  const visit = (n: PatternNode): PatternNode => {
    if (left <= 0) return n;
    switch (n.t) {
      case 'rep': {
        const unit = lengthBounds(n.item).min;
        if (unit === 0) return { ...n, item: visit(n.item) };
        const extra = Math.min(n.max - n.min, Math.ceil(left / unit));
        left -= extra * unit;
        return { ...n, min: n.min + extra };
      }
      case 'seq':
        return { ...n, items: n.items.map(visit) };
      case 'alt':
        return { ...n, options: n.options.map(visit) };
      default:
        return n;
    }
  };
  return visit(node);
}

/** Gives every repeat a finite maximum of at most its minimum plus `reach`. */
function limit(node: PatternNode, reach: number): PatternNode {
  switch (node.t) {
    case 'rep':
      return { ...node, item: limit(node.item, reach), max: Math.min(node.max, node.min + reach) };
    case 'seq':
      return { ...node, items: node.items.map((i) => limit(i, reach)) };
    case 'alt':
      return { ...node, options: node.options.map((o) => limit(o, reach)) };
    default:
      return node;
  }
}
