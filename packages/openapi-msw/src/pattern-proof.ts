import { parsePattern, UnsupportedPattern, type PatternNode } from './pattern.js';

/**
 * A proof, at generation time, that a string schema admits no value: no string of its length
 * bounds matches its pattern. Two spec defects in the corpus are of this kind: ec2's
 * `...placement-group\/^.{1,255}$` (a `^` after consumed characters, without the `m` flag) and
 * linode's `^[a-zA-Z]((?!--|__|..)[a-zA-Z0-9-_.])+$` (the lookahead `(?!..)` leaves two-character
 * labels only) with `minLength: 3`.
 *
 * The lengths a pattern can match are over-approximated: each state is the text consumed so far
 * and the longest the whole text may be (set by `$`, and by a negative lookahead whose pattern
 * takes any `k` characters, `(?!..)`: fewer than `k` remain). `^` keeps only states at the start.
 * Every other assertion constrains nothing, so the set can only be too large: when it holds no
 * length within the bounds, no string matches. Lengths are counted up to `LENGTH_CAP`.
 */

const LENGTH_CAP = 512;
/** Lengths counted exactly at least this far, so that `a$b` is seen to end before its `b`. */
const SHORT_TEXT = 32;
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/** Whether no string of length `minLength`..`maxLength` matches the pattern; false when unsure. */
export function admitsNoString(pattern: string, flags: '' | 'u', minLength = 0, maxLength = Infinity): boolean {
  if (minLength > maxLength) return true;
  let tree: PatternNode;
  try {
    tree = parsePattern(pattern, flags === 'u').tree;
  } catch (error) {
    if (error instanceof UnsupportedPattern) return false;
    throw error;
  }
  // Lengths from `cap` on are one state ("cap or more"); a limit from `cap` on is no limit.
  const cap = Math.min(LENGTH_CAP, Math.max(SHORT_TEXT, (Number.isFinite(maxLength) ? maxLength : minLength) + 1));
  const lengths = new Lengths(cap, flags === 'u', !producesLineTerminator(tree));
  const end = lengths.apply(tree, new Set([lengths.state(0, cap)]));
  for (const state of end) {
    const consumed = Math.floor(state / (cap + 1));
    if (consumed === cap ? maxLength >= cap : consumed >= minLength && consumed <= maxLength) return false;
  }
  return true;
}

/** Whether a text the pattern matches may hold a line terminator (then `.` is not "any character"). */
function producesLineTerminator(node: PatternNode): boolean {
  switch (node.t) {
    case 'lit':
      return LINE_TERMINATOR.test(node.text);
    case 'set':
      return node.wide === true || node.chars.some((ch) => LINE_TERMINATOR.test(ch));
    case 'seq':
      return node.items.some(producesLineTerminator);
    case 'alt':
      return node.options.some(producesLineTerminator);
    case 'rep':
      return producesLineTerminator(node.item);
    case 'assert':
      return false;
  }
}

/** How many characters a lookahead pattern takes whatever they are (`..` → 2), if it has such an option. */
function anyCharacters(node: PatternNode): number | undefined {
  const counts = (node.t === 'alt' ? node.options : [node]).map((option) => {
    const items = option.t === 'seq' ? option.items : [option];
    return items.every((item) => item.t === 'set' && item.dot === true) ? items.length : undefined;
  });
  const known = counts.filter((n): n is number => n !== undefined);
  return known.length > 0 ? Math.min(...known) : undefined;
}

/** Sets of states `consumed * (cap + 1) + limit`, both saturated at `cap`. */
class Lengths {
  private readonly cap: number;
  private readonly unicode: boolean;
  /** The text holds no line terminator: `(?!..)` means fewer than two characters remain. */
  private readonly dotIsAny: boolean;

  constructor(cap: number, unicode: boolean, dotIsAny: boolean) {
    this.cap = cap;
    this.unicode = unicode;
    this.dotIsAny = dotIsAny;
  }

  /** The state of `consumed` characters with a limit of `limit` (both saturated). */
  state(consumed: number, limit: number): number {
    return Math.min(consumed, this.cap) * (this.cap + 1) + Math.min(limit, this.cap);
  }

  private each(states: Set<number>, step: (consumed: number, limit: number, out: Set<number>) => void): Set<number> {
    const out = new Set<number>();
    for (const state of states) step(Math.floor(state / (this.cap + 1)), state % (this.cap + 1), out);
    return out;
  }

  /** Moves every state on by `length` characters, dropping those past their limit. */
  private advance(states: Set<number>, lengths: number[]): Set<number> {
    return this.each(states, (consumed, limit, out) => {
      for (const length of lengths) {
        const next = Math.min(consumed + length, this.cap);
        if (limit === this.cap || next <= limit) out.add(this.state(next, limit));
      }
    });
  }

  apply(node: PatternNode, states: Set<number>): Set<number> {
    if (states.size === 0) return states;
    switch (node.t) {
      case 'lit':
        return this.advance(states, [node.text.length]);
      case 'set': {
        // A wide set or `.` may match an astral character (two code units) under the `u` flag.
        const lengths = new Set(node.chars.map((ch) => ch.length));
        if (this.unicode && (node.wide || node.dot)) lengths.add(1).add(2);
        return this.advance(states, [...lengths]);
      }
      case 'seq':
        return node.items.reduce((current, item) => this.apply(item, current), states);
      case 'alt': {
        const out = new Set<number>();
        for (const option of node.options) for (const state of this.apply(option, states)) out.add(state);
        return out;
      }
      case 'rep':
        return this.repeat(node.item, node.min, node.max, states);
      case 'assert':
        return this.assert(node, states);
    }
  }

  private repeat(item: PatternNode, min: number, max: number, states: Set<number>): Set<number> {
    let current = states;
    for (let i = 0; i < min && current.size > 0; i++) {
      const next = this.apply(item, current);
      // A step that changes nothing changes nothing again (saturated lengths).
      if (next.size === current.size && [...next].every((s) => current.has(s))) break;
      current = next;
    }
    const all = new Set(current);
    let frontier = current;
    for (let i = min; i < max && frontier.size > 0; i++) {
      frontier = new Set([...this.apply(item, frontier)].filter((s) => !all.has(s)));
      for (const state of frontier) all.add(state);
    }
    return all;
  }

  private assert(node: Extract<PatternNode, { t: 'assert' }>, states: Set<number>): Set<number> {
    if (node.kind === 'start') {
      return this.each(states, (consumed, limit, out) => {
        if (consumed === 0) out.add(this.state(consumed, limit));
      });
    }
    let reach: number | undefined;
    if (node.kind === 'end') reach = 0;
    else if (node.kind === 'not-ahead' && this.dotIsAny) {
      const k = anyCharacters(node.inner);
      // `(?!)` (k = 0) never holds; `(?!..)`: at most one character remains.
      if (k !== undefined) reach = k - 1;
    }
    if (reach === undefined) return states;
    const extra = reach;
    return this.each(states, (consumed, limit, out) => {
      if (extra < 0) return;
      // From `cap` on, the text consumed is not known exactly: no limit is set.
      if (consumed === this.cap) return void out.add(this.state(consumed, limit));
      const bound = Math.min(limit, consumed + extra);
      out.add(this.state(consumed, bound));
    });
  }
}
