/**
 * Prettier's document format (the objects `prettier.doc.builders` makes), typed with the fields the
 * printers read. Docs built here are printed by `doc-printer.ts` or by prettier's own printer.
 */

export type Doc = string | Doc[] | DocCommand;

export type DocCommand = Align | BreakParent | Cursor | Fill | Group | IfBreak | Indent | IndentIfBreak | Label | Line | LineSuffix | LineSuffixBoundary | Trim;

export interface Align {
  type: 'align';
  contents: Doc;
  n: number | string | { type: 'root' };
}
export interface BreakParent {
  type: 'break-parent';
}
export interface Cursor {
  type: 'cursor';
}
export interface Fill {
  type: 'fill';
  parts: Doc[];
}
export interface Group {
  type: 'group';
  id?: symbol | undefined;
  contents: Doc;
  break: boolean | 'propagated';
  expandedStates?: Doc[] | undefined;
}
export interface IfBreak {
  type: 'if-break';
  breakContents: Doc;
  flatContents: Doc;
  groupId?: symbol | undefined;
}
export interface Indent {
  type: 'indent';
  contents: Doc;
}
export interface IndentIfBreak {
  type: 'indent-if-break';
  contents: Doc;
  groupId?: symbol | undefined;
  negate?: boolean | undefined;
}
export interface Label {
  type: 'label';
  label: unknown;
  contents: Doc;
}
export interface Line {
  type: 'line';
  soft?: boolean | undefined;
  hard?: boolean | undefined;
  literal?: boolean | undefined;
  /**
   * Specwright's own mark, ignored by prettier: the printer reports when this line is printed as a
   * line break (used to learn which object literals a pass printed expanded).
   */
  track?: object | undefined;
}
export interface LineSuffix {
  type: 'line-suffix';
  contents: Doc;
}
export interface LineSuffixBoundary {
  type: 'line-suffix-boundary';
}
export interface Trim {
  type: 'trim';
}

/** The builders of a prettier instance (`prettier.doc.builders`), typed with the fields above. */
export interface Builders {
  line: Line;
  softline: Line;
  hardline: Doc;
  literalline: Doc;
  hardlineWithoutBreakParent: Line;
  breakParent: BreakParent;
  lineSuffixBoundary: LineSuffixBoundary;
  group(doc: Doc, options?: { shouldBreak?: boolean | undefined; id?: symbol | undefined }): Group;
  conditionalGroup(states: Doc[], options?: { shouldBreak?: boolean | undefined }): Group;
  indent(doc: Doc): Indent;
  align(n: Align['n'], doc: Doc): Align;
  ifBreak(breakContents: Doc, flatContents?: Doc, options?: { groupId?: symbol | undefined }): IfBreak;
  indentIfBreak(doc: Doc, options: { groupId: symbol; negate?: boolean | undefined }): IndentIfBreak;
  lineSuffix(doc: Doc): LineSuffix;
  join(separator: Doc, docs: Doc[]): Doc[];
  label(label: unknown, doc: Doc): Doc;
  fill(parts: Doc[]): Fill;
  markAsRoot(doc: Doc): Align;
  dedentToRoot(doc: Doc): Align;
}

/**
 * Marks a conditional group that only chooses how far a call's arguments break (prettier's
 * argument hugging). Once an object inside it broke, a later pass that keeps the object expanded
 * makes the same choice (see `printStable`); other conditional groups, member chains, may not.
 */
const HUGGING = Symbol('hugging');
type HuggingMark = { [HUGGING]?: true };

export function hugging(group: Group): Group {
  (group as Group & HuggingMark)[HUGGING] = true;
  return group;
}

export function isHugging(group: Group): boolean {
  return (group as Group & HuggingMark)[HUGGING] === true;
}

/** The type of a doc, or undefined for something that is not one. */
export function docType(doc: Doc): DocCommand['type'] | 'string' | 'array' {
  if (typeof doc === 'string') return 'string';
  if (Array.isArray(doc)) return 'array';
  return doc.type;
}

/** `willBreak` of a group, remembered on the group (docs live for one formatting run). */
const WILL_BREAK = Symbol('will break');
type BreakMemo = { [WILL_BREAK]?: boolean | undefined };

/** Where the doc printer keeps what it learned of a doc (`doc-printer.ts`: its flat analysis). */
export const ANALYSIS = Symbol('flat analysis');
type AnalysisSlot = { [ANALYSIS]?: unknown };

const memoBuilders = new WeakMap<Builders, Builders>();

/**
 * A prettier instance's builders, with the commands the printers memoize on (groups, indents) made
 * with those memos' slots already in them: a property added to an object later costs it a new
 * backing store, and a run on GitHub's spec builds some 480,000 groups and indents. The objects
 * are prettier's otherwise, field for field; prettier's own printer ignores the symbol keys. One
 * builders object per instance, so each call site of a builder keeps calling the same function.
 */
export function withMemoSlots(builders: Builders): Builders {
  let made = memoBuilders.get(builders);
  if (made) return made;
  const group = (contents: Doc, shouldBreak: boolean | undefined, id: symbol | undefined, expandedStates: Doc[] | undefined): Group & BreakMemo & AnalysisSlot => ({
    type: 'group',
    id,
    contents,
    break: Boolean(shouldBreak),
    expandedStates,
    [WILL_BREAK]: undefined,
    [ANALYSIS]: undefined,
  });
  made = {
    ...builders,
    group: (contents, options) => group(contents, options?.shouldBreak, options?.id, undefined),
    conditionalGroup: (states, options) => group(states[0]!, options?.shouldBreak, undefined, states),
    indent: (contents): Indent & AnalysisSlot => ({ type: 'indent', contents, [ANALYSIS]: undefined }),
  };
  memoBuilders.set(builders, made);
  return made;
}

/**
 * True when the doc holds a broken group, a hard line or a break-parent (prettier's `willBreak`;
 * like it, a conditional group is judged by its first state).
 */
export function willBreak(doc: Doc): boolean {
  if (typeof doc === 'string') return false;
  if (Array.isArray(doc)) {
    for (const part of doc) if (willBreak(part)) return true;
    return false;
  }
  switch (doc.type) {
    case 'group': {
      if (doc.break) return true;
      const memo = doc as Group & BreakMemo;
      if (memo[WILL_BREAK] === undefined) memo[WILL_BREAK] = willBreak(doc.contents);
      return memo[WILL_BREAK];
    }
    case 'line':
      return doc.hard === true;
    case 'break-parent':
      return true;
    case 'fill':
      return willBreak(doc.parts);
    case 'if-break':
      return willBreak(doc.breakContents) || willBreak(doc.flatContents);
    case 'indent':
    case 'align':
    case 'indent-if-break':
    case 'label':
    case 'line-suffix':
      return willBreak(doc.contents);
    default:
      return false;
  }
}

/** True when the doc contains any line (prettier's `canBreak`). */
export function canBreak(doc: Doc): boolean {
  if (typeof doc === 'string') return false;
  if (Array.isArray(doc)) return doc.some(canBreak);
  switch (doc.type) {
    case 'line':
      return true;
    case 'group':
      return canBreak(doc.contents);
    case 'fill':
      return doc.parts.some(canBreak);
    case 'if-break':
      return canBreak(doc.breakContents) || canBreak(doc.flatContents);
    case 'indent':
    case 'align':
    case 'indent-if-break':
    case 'label':
    case 'line-suffix':
      return canBreak(doc.contents);
    default:
      return false;
  }
}

/** A command's copy with other contents: what the printers remembered of the original is not copied. */
const changed = <T extends DocCommand>(doc: T, contents: Partial<T>): T => ({ ...doc, ...contents, [WILL_BREAK]: undefined, [ANALYSIS]: undefined });

/** Prettier's `removeLines`: soft lines vanish, lines become spaces, if-breaks take their flat side. */
export function removeLines(doc: Doc): Doc {
  if (typeof doc === 'string') return doc;
  if (Array.isArray(doc)) return doc.map(removeLines);
  switch (doc.type) {
    case 'line':
      return doc.hard ? doc : doc.soft ? '' : ' ';
    case 'if-break':
      return removeLines(doc.flatContents);
    case 'group': {
      if (doc.expandedStates) {
        const states = doc.expandedStates.map(removeLines);
        return changed(doc, { contents: states[0]!, expandedStates: states });
      }
      return changed(doc, { contents: removeLines(doc.contents) });
    }
    case 'fill':
      return changed(doc, { parts: doc.parts.map(removeLines) });
    case 'indent':
    case 'align':
    case 'indent-if-break':
    case 'label':
    case 'line-suffix':
      return changed(doc, { contents: removeLines(doc.contents) });
    default:
      return doc;
  }
}

/**
 * The doc as one string when prettier's `cleanDoc` would reduce it to a string (strings joined,
 * empty wrappers dropped), else undefined.
 */
export function plainText(doc: Doc): string | undefined {
  if (typeof doc === 'string') return doc;
  if (Array.isArray(doc)) {
    let text = '';
    for (const part of doc) {
      const inner = plainText(part);
      if (inner === undefined) return undefined;
      text += inner;
    }
    return text;
  }
  const empty = (inner: Doc): boolean => plainText(inner) === '';
  switch (doc.type) {
    case 'group':
      return !doc.expandedStates && !doc.id && !doc.break && empty(doc.contents) ? '' : undefined;
    case 'indent':
    case 'align':
    case 'indent-if-break':
    case 'line-suffix':
      return empty(doc.contents) ? '' : undefined;
    case 'fill':
      return doc.parts.every(empty) ? '' : undefined;
    case 'if-break':
      return empty(doc.breakContents) && empty(doc.flatContents) ? '' : undefined;
    default:
      return undefined;
  }
}
