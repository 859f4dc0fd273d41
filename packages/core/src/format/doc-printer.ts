/**
 * Prints prettier's document format to text with the semantics of prettier's own
 * `printDocToString` (breaks propagated to enclosing groups, groups printed flat when they fit,
 * conditional groups trying their states in order, fills, line suffixes, indentation by spaces or
 * tabs, trailing whitespace trimmed at line breaks). It differs in two ways: it reports the marked
 * lines (`Line.track`) it printed as line breaks, and it has no cursor support.
 *
 * Why a copy and not prettier's exported `doc.printer.printDocToString`: with `objectWrap:
 * "preserve"` (prettier's default since 3.5) an object stays expanded on the next format when its
 * first line broke, so the fast path must learn which objects the printer broke and print again
 * (`printStatementStable`). Prettier's printer returns only the text and cursor offsets; finding
 * the broken objects in that text would mean parsing it, the cost the fast path exists to avoid.
 * `test/doc-printer-versions.test.ts` compares this printer with each proven version's own.
 *
 * The few places where prettier 3 versions differ are flags of `PrinterSemantics`.
 */
import { ANALYSIS, type Align, type Doc, type DocCommand, type Fill, type Group, type Line, isHugging } from './doc.js';

export interface PrinterSemantics {
  /** A flat `line` in `fits` counts only when text follows it (every proven version). */
  pendingSpaceInFits: boolean;
  /**
   * A conditional group tries its last state flat before printing it expanded (older prettier;
   * none of the proven versions: 3.9.0 to 3.10.1 print the last state in break mode).
   */
  lastStateTriedFlat: boolean;
}

export interface PrintOptions {
  printWidth: number;
  tabWidth: number;
  useTabs: boolean;
  /** The line terminator written for every line break. */
  eol: string;
  semantics: PrinterSemantics;
  /** Display width of text that is not printable ASCII (prettier's `getStringWidth`). */
  stringWidth: (text: string) => number;
}

export interface PrintResult {
  text: string;
  /** `track` values of the marked lines printed as line breaks. */
  brokenMarks: Set<object>;
  /**
   * Those of `brokenMarks` printed inside a conditional group other than argument hugging, or
   * inside a fill: where a later pass breaks more, such a group may choose another state.
   */
  unsettledMarks: Set<object>;
}

const BREAK = 1;
const FLAT = 2;
type Mode = typeof BREAK | typeof FLAT;

interface Indentation {
  value: string;
  length: number;
  queue: IndentPart[];
  root: Indentation | undefined;
  /** This indentation one level deeper, once made. */
  indented: Indentation | undefined;
  /** The line terminator then this indentation, once written (the root is per terminator). */
  lineStart: string | undefined;
}

const indentation = (value: string, length: number, queue: IndentPart[], root: Indentation | undefined): Indentation => ({ value, length, queue, root, indented: undefined, lineStart: undefined });
type IndentPart = { kind: 'indent' } | { kind: 'spaces'; n: number } | { kind: 'string'; text: string };

const INDENT_PART: IndentPart = { kind: 'indent' };
/**
 * Pushed below the contents of a conditional group or fill (see `unsettledMarks`): popped when
 * they are printed. `fits` ignores it, as any command of an unknown type.
 */
const REGION_END = { type: 'region-end' } as unknown as DocCommand;
const FILL_OFFSET = Symbol('fill offset');
type OffsetFill = Fill & { [FILL_OFFSET]?: number };

/** Spaces and tabs ending a text that ended in `trailing` of them, once `added` is written after it. */
function trailingAfter(trailing: number, added: string): number {
  let end = added.length;
  while (end > 0) {
    const code = added.charCodeAt(end - 1);
    if (code !== 32 && code !== 9) return added.length - end;
    end--;
  }
  return trailing + added.length;
}

const hasLineBreak = (text: string): boolean => text.includes('\n') || text.includes('\r');

export function printDoc(doc: Doc, options: PrintOptions): PrintResult {
  return new DocPrinter(options).print(doc);
}

/**
 * What a doc amounts to when printed flat, for docs whose flat printing depends on nothing else
 * (no broken group, hard line, line suffix, trim, or if-break on another group's mode). `fits`
 * then measures the doc in one step instead of walking it, and the printer writes it directly:
 * the same results as walking it, computed once per doc.
 */
interface FlatSummary {
  /** The doc holds a forced break for its enclosing group (only an if-break's break side can). */
  forced: boolean;
  /** The doc prints some text. */
  hasText: boolean;
  /** A (non-soft) line comes before the first text / after the last text / anywhere. */
  leadingSpace: boolean;
  trailingSpace: boolean;
  anySpace: boolean;
  /** Width from the first text to the last, one column per run of lines between texts. */
  innerWidth: number;
  /** Width of everything, one column per line. */
  totalWidth: number;
  /** The printer may write it directly: no fill, no line breaks in text. */
  writable: boolean;
  /**
   * It holds a line-suffix boundary: printed flat it is nothing, unless a line suffix is pending
   * (a comment from before it), when the boundary breaks the line. So the summary stands only
   * while no line suffix is pending.
   */
  boundary: boolean;
}

/**
 * What analysing a doc found, kept on the doc under one key (one property added per doc, not
 * two: each added property costs the doc a new backing store): its summary, or for a doc with
 * none whether it holds a forced break.
 */
type Analysis = FlatSummary | typeof FREE | typeof FORCED;
const FREE = 0;
const FORCED = 1;
type Analyzed = { [ANALYSIS]?: Analysis };
const EMPTY: FlatSummary = { forced: false, hasText: false, leadingSpace: false, trailingSpace: false, anySpace: false, innerWidth: 0, totalWidth: 0, writable: true, boundary: false };
const SPACE: FlatSummary = { forced: false, hasText: false, leadingSpace: true, trailingSpace: true, anySpace: true, innerWidth: 0, totalWidth: 1, writable: true, boundary: false };
const BOUNDARY: FlatSummary = { ...EMPTY, boundary: true };

/** Summaries narrower than this are made once per printer (see `flat`). */
const INTERNED_WIDTH = 128;

const summaryIn = (analysis: Analysis): FlatSummary | null => (typeof analysis === 'object' ? analysis : null);
const forcedIn = (analysis: Analysis): boolean => (typeof analysis === 'object' ? analysis.forced : analysis === FORCED);

/**
 * Summaries of narrow docs, one per distinct value. Summaries are immutable and few are distinct
 * (GitHub's output: 2,247 among 930,000 lists), so they are made once, not once per list, where
 * each lived as long as its docs and was copied by every scavenge meanwhile. Interning, not state:
 * what is printed does not depend on which object holds a value. Kept in arrays, by the flags and
 * then by the two widths: a Map lookup per list was a twentieth of the printer's time.
 */
const INTERNED: ((FlatSummary | undefined)[] | undefined)[] = new Array(64).fill(undefined);

/**
 * The root indentation per `useTabs`, `tabWidth` and line terminator, from which each level's
 * indentation is made once (`Indentation.indented`), not once per printer (16,000 printers for
 * GitHub's output). The same kind of interning: indentations are immutable values of the options.
 */
const ROOTS = new Map<string, Indentation>();

function rootIndentation(useTabs: boolean, tabWidth: number, eol: string): Indentation {
  const key = `${useTabs}:${tabWidth}:${eol}`;
  let root = ROOTS.get(key);
  if (!root) {
    root = indentation('', 0, [], undefined);
    ROOTS.set(key, root);
  }
  return root;
}

class DocPrinter {
  private readonly width: number;
  private readonly groupModes = new Map<symbol, Mode>();
  private readonly brokenMarks = new Set<object>();
  private readonly unsettledMarks = new Set<object>();
  /** Conditional groups (not hugging) and fills whose contents are being printed. */
  private unsettledDepth = 0;
  private readonly root: Indentation;
  // Command stack as three parallel arrays (indentation, mode, doc).
  private readonly cmdIndent: Indentation[] = [];
  private readonly cmdMode: Mode[] = [];
  private readonly cmdDoc: Doc[] = [];
  private readonly out: string[] = [];
  /** The column, less the widths of the `unmeasuredCount` first texts of `unmeasured` (see `column`). */
  private pos = 0;
  private readonly unmeasured: string[] = [];
  private unmeasuredCount = 0;
  private lineSuffixes: { indent: Indentation; mode: Mode; doc: Doc }[] = [];
  private shouldRemeasure = false;
  private readonly fitsModes: Mode[] = [];
  private readonly fitsDocs: Doc[] = [];

  constructor(private readonly options: PrintOptions) {
    this.width = options.printWidth;
    this.root = rootIndentation(options.useTabs, options.tabWidth, options.eol);
  }

  /** The flat summary of a doc, or null when its flat printing depends on the printer's state. */
  private summaryOf(doc: Doc): FlatSummary | null {
    if (typeof doc === 'string') return this.stringSummary(doc);
    if (!Array.isArray(doc)) {
      if (doc.type === 'line') return doc.hard ? null : doc.soft ? EMPTY : SPACE;
      // Only ever inside a broken group, or a conditional group's state: walked, not summarised.
      if (doc.type === 'break-parent') return null;
    }
    return summaryIn(this.analysisOf(doc));
  }

  /**
   * A group is broken when built so or when it holds a forced break (a break-parent, or a broken
   * group) outside any conditional group: prettier's `propagateBreaks`, computed when first
   * needed instead of over the whole doc up front.
   */
  private isBroken(group: Group): boolean {
    if (group.break) return true;
    if ((group as Group & Analyzed)[ANALYSIS] === undefined) this.analyze(group);
    return Boolean(group.break);
  }

  private stringSummary(text: string): FlatSummary {
    if (text === '') return EMPTY;
    const width = this.textWidth(text);
    return this.flat(true, false, false, false, width, width, this.lastTextPlain || !hasLineBreak(text), false);
  }

  /** Whether a doc holds a forced break for its enclosing group; records its flat summary. */
  private analyze(doc: Doc): boolean {
    if (typeof doc === 'string') return false;
    if (!Array.isArray(doc)) {
      if (doc.type === 'line') return false;
      if (doc.type === 'break-parent') return true;
    }
    return forcedIn(this.analysisOf(doc));
  }

  /** The analysis of an array or a command other than a line or break-parent, computed once. */
  private analysisOf(doc: Doc[] | DocCommand): Analysis {
    const memo = doc as Analyzed;
    let analysis = memo[ANALYSIS];
    if (analysis === undefined) {
      analysis = Array.isArray(doc) ? this.analyzeList(doc) : this.analyzeCommand(doc);
      memo[ANALYSIS] = analysis;
    }
    return analysis;
  }

  private analyzeCommand(doc: DocCommand): Analysis {
    switch (doc.type) {
      case 'group': {
        // A conditional group keeps the breaks of its states (their groups are marked when met).
        if (!doc.expandedStates && this.analyze(doc.contents) && !doc.break) doc.break = 'propagated';
        if (doc.break) return FORCED;
        const inner = this.summaryOf(doc.contents);
        if (!inner) return FREE;
        // A conditional group's contents may hold a forced if-break: not the group's own break.
        if (inner.forced) return this.flat(inner.hasText, inner.leadingSpace, inner.trailingSpace, inner.anySpace, inner.innerWidth, inner.totalWidth, inner.writable, inner.boundary);
        return inner;
      }
      case 'fill': {
        const parts = this.analyzeList(doc.parts);
        if (typeof parts !== 'object') return parts;
        return (doc as OffsetFill)[FILL_OFFSET] ? FREE : this.unwritable(parts);
      }
      case 'indent':
      case 'align':
      case 'label':
        return this.analysisOfDoc(doc.contents);
      case 'indent-if-break':
        return this.analysisOfDoc(doc.contents);
      case 'if-break': {
        const a = this.analyze(doc.breakContents);
        const b = this.analyze(doc.flatContents);
        const forced = a || b;
        const summary = doc.groupId ? null : this.summaryOf(doc.flatContents);
        if (!summary) return forced ? FORCED : FREE;
        return forced && !summary.forced ? { ...summary, forced: true } : summary;
      }
      case 'line-suffix':
        return this.analyze(doc.contents) ? FORCED : FREE;
      case 'cursor':
        return EMPTY;
      case 'line-suffix-boundary':
        return BOUNDARY;
      default:
        return FREE;
    }
  }

  /** The analysis of any doc (a wrapper has the same as its contents). */
  private analysisOfDoc(contents: Doc): Analysis {
    if (typeof contents === 'string') return this.stringSummary(contents);
    if (!Array.isArray(contents)) {
      if (contents.type === 'line') return contents.hard ? FREE : contents.soft ? EMPTY : SPACE;
      if (contents.type === 'break-parent') return FORCED;
    }
    return this.analysisOf(contents);
  }

  /** Forced break and summary of parts printed one after the other (`concat` folded in place). */
  private analyzeList(parts: Doc[]): Analysis {
    let forced = false;
    let hasText = false;
    let leadingSpace = false;
    let trailingSpace = false;
    let anySpace = false;
    let innerWidth = 0;
    let totalWidth = 0;
    let writable = true;
    let boundary = false;
    let summarizable = true;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      let partHasText: boolean;
      let partLeading: boolean;
      let partTrailing: boolean;
      let partAny: boolean;
      let partInner: number;
      if (typeof part === 'string') {
        if (!summarizable || part === '') continue;
        const width = this.textWidth(part);
        partHasText = true;
        partLeading = partTrailing = partAny = false;
        partInner = width;
        totalWidth += width;
        if (writable && !this.lastTextPlain && hasLineBreak(part)) writable = false;
      } else {
        // One lookup for both answers.
        const analysis = this.analysisOfDoc(part);
        if (forcedIn(analysis)) forced = true;
        if (!summarizable) continue;
        const summary = summaryIn(analysis);
        if (!summary) {
          summarizable = false;
          continue;
        }
        partHasText = summary.hasText;
        partLeading = summary.leadingSpace;
        partTrailing = summary.trailingSpace;
        partAny = summary.anySpace;
        partInner = summary.innerWidth;
        totalWidth += summary.totalWidth;
        if (!summary.writable) writable = false;
        if (summary.boundary) boundary = true;
      }
      if (!partHasText) {
        if (partAny) {
          if (hasText) trailingSpace = true;
          else leadingSpace = true;
          anySpace = true;
        }
        continue;
      }
      if (!hasText) {
        leadingSpace = leadingSpace || partLeading;
        innerWidth = partInner;
        hasText = true;
      } else innerWidth += (trailingSpace || partLeading ? 1 : 0) + partInner;
      trailingSpace = partTrailing;
      anySpace = anySpace || partAny;
    }
    if (!summarizable || forced) return forced ? FORCED : FREE;
    if (!hasText) return anySpace ? this.flat(false, true, true, true, 0, totalWidth, writable, boundary) : this.flat(false, false, false, false, 0, totalWidth, writable, boundary);
    return this.flat(true, leadingSpace, trailingSpace, anySpace, innerWidth, totalWidth, writable, boundary);
  }

  /** The summary with these fields (not forced), interned when narrow (see `INTERNED`). */
  private flat(hasText: boolean, leadingSpace: boolean, trailingSpace: boolean, anySpace: boolean, innerWidth: number, totalWidth: number, writable: boolean, boundary: boolean): FlatSummary {
    if (innerWidth >= INTERNED_WIDTH || totalWidth >= INTERNED_WIDTH) return { forced: false, hasText, leadingSpace, trailingSpace, anySpace, innerWidth, totalWidth, writable, boundary };
    const flags = (hasText ? 1 : 0) | (leadingSpace ? 2 : 0) | (trailingSpace ? 4 : 0) | (anySpace ? 8 : 0) | (writable ? 16 : 0) | (boundary ? 32 : 0);
    // Made at full length at once: an array filled at scattered indices would turn into a dictionary.
    const byWidth = (INTERNED[flags] ??= new Array<FlatSummary | undefined>(INTERNED_WIDTH * INTERNED_WIDTH));
    const at = innerWidth * INTERNED_WIDTH + totalWidth;
    let summary = byWidth[at];
    if (!summary) {
      summary = { forced: false, hasText, leadingSpace, trailingSpace, anySpace, innerWidth, totalWidth, writable, boundary };
      byWidth[at] = summary;
    }
    return summary;
  }

  /** The summary, not writable directly (itself when it already is not). */
  private unwritable(summary: FlatSummary): FlatSummary {
    if (!summary.writable) return summary;
    if (summary.forced) return { ...summary, writable: false };
    return this.flat(summary.hasText, summary.leadingSpace, summary.trailingSpace, summary.anySpace, summary.innerWidth, summary.totalWidth, false, summary.boundary);
  }

  /** Writes a doc printed flat when its summary is writable; returns whether it did. */
  private writtenFlat(doc: Doc): boolean {
    const summary = this.summaryOf(doc);
    if (summary === null || !summary.writable || (summary.boundary && this.lineSuffixes.length > 0)) return false;
    const dropped = this.writeFlat(doc);
    if (this.cmdDoc.length > 0) this.pos += summary.totalWidth - dropped;
    return true;
  }

  /**
   * Writes a doc printed flat (its summary is writable), as the printer would in flat mode: a
   * group's id is recorded as flat, and an indent-if-break of a group not printed yet prints
   * nothing. Returns the columns of the summary so left out.
   */
  private writeFlat(doc: Doc): number {
    if (typeof doc === 'string') {
      if (doc !== '') this.out.push(doc);
      return 0;
    }
    if (Array.isArray(doc)) {
      let dropped = 0;
      for (const part of doc) dropped += this.writeFlat(part);
      return dropped;
    }
    switch (doc.type) {
      case 'group':
        if (doc.id) this.groupModes.set(doc.id, FLAT);
        return this.writeFlat(doc.contents);
      case 'indent-if-break':
        if (doc.groupId && this.groupModes.get(doc.groupId) === undefined) return this.summaryOf(doc.contents)!.totalWidth;
        return this.writeFlat(doc.contents);
      case 'indent':
      case 'align':
      case 'label':
        return this.writeFlat(doc.contents);
      case 'if-break':
        return this.writeFlat(doc.flatContents);
      case 'line':
        if (!doc.soft) this.out.push(' ');
        return 0;
      default:
        return 0;
    }
  }

  /** Whether the last text `textWidth` measured was printable ASCII only (so holds no line break). */
  private lastTextPlain = true;

  private textWidth(text: string): number {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x20 || code > 0x7f) {
        this.lastTextPlain = false;
        return this.options.stringWidth(text);
      }
    }
    this.lastTextPlain = true;
    return text.length;
  }

  /**
   * The current column: `pos` plus the widths of the texts written since it was last known. Texts
   * are measured only when a group or fill asks (a line break first makes them irrelevant: most
   * comment lines are never measured). `pos` only adds and subtracts meanwhile, so the sum is the
   * same whenever it is taken.
   */
  private column(): number {
    for (let i = 0; i < this.unmeasuredCount; i++) this.pos += this.textWidth(this.unmeasured[i]!);
    this.unmeasuredCount = 0;
    return this.pos;
  }

  private push(indent: Indentation, mode: Mode, doc: Doc): void {
    this.cmdIndent.push(indent);
    this.cmdMode.push(mode);
    this.cmdDoc.push(doc);
  }

  print(doc: Doc): PrintResult {
    const { eol } = this.options;
    this.push(this.root, BREAK, doc);
    while (this.cmdDoc.length > 0) {
      const indent = this.cmdIndent.pop()!;
      const mode = this.cmdMode.pop()!;
      const current = this.cmdDoc.pop()!;
      if (typeof current === 'string') {
        const text = eol !== '\n' && current.includes('\n') ? current.replaceAll('\n', eol) : current;
        if (text !== '') {
          this.out.push(text);
          if (this.cmdDoc.length > 0) this.unmeasured[this.unmeasuredCount++] = text;
        }
      } else if (mode === FLAT && !this.shouldRemeasure && this.writtenFlat(current)) {
        // `writtenFlat` wrote it directly.
      } else if (Array.isArray(current)) {
        for (let i = current.length - 1; i >= 0; i--) this.push(indent, mode, current[i]!);
      } else {
        // Cases in the order GitHub's output meets them (V8 tests a switch on strings case by case).
        switch (current.type) {
          case 'line':
            this.printLine(indent, mode, current);
            break;
          case 'group':
            this.printGroup(indent, mode, current);
            break;
          case 'break-parent':
          case 'cursor':
            break;
          case 'indent':
            this.push(this.makeIndent(indent), mode, current.contents);
            break;
          case 'line-suffix-boundary':
            if (this.lineSuffixes.length > 0) this.push(indent, mode, { type: 'line', hard: true });
            break;
          case 'if-break':
          case 'indent-if-break': {
            const groupMode = current.groupId ? this.groupModes.get(current.groupId) : mode;
            if (groupMode === BREAK) {
              const contents = current.type === 'if-break' ? current.breakContents : current.negate ? current.contents : { type: 'indent' as const, contents: current.contents };
              if (contents) this.push(indent, mode, contents);
            } else if (groupMode === FLAT) {
              const contents = current.type === 'if-break' ? current.flatContents : current.negate ? { type: 'indent' as const, contents: current.contents } : current.contents;
              if (contents) this.push(indent, mode, contents);
            }
            break;
          }
          case 'align':
            this.push(this.makeAlign(indent, current), mode, current.contents);
            break;
          case 'label':
            this.push(indent, mode, current.contents);
            break;
          case 'trim':
            this.pos -= this.trim();
            break;
          case 'fill':
            this.printFill(indent, mode, current);
            break;
          case 'line-suffix':
            this.lineSuffixes.push({ indent, mode, doc: current.contents });
            break;
          default:
            if (current === REGION_END) this.unsettledDepth--;
        }
      }
      if (this.cmdDoc.length === 0 && this.lineSuffixes.length > 0) this.flushLineSuffixes();
    }
    return { text: this.out.join(''), brokenMarks: this.brokenMarks, unsettledMarks: this.unsettledMarks };
  }

  private flushLineSuffixes(): void {
    const suffixes = this.lineSuffixes;
    this.lineSuffixes = [];
    for (let i = suffixes.length - 1; i >= 0; i--) {
      const suffix = suffixes[i]!;
      this.push(suffix.indent, suffix.mode, suffix.doc);
    }
  }

  private printLine(indent: Indentation, mode: Mode, line: Line): void {
    if (mode === FLAT) {
      if (!line.hard) {
        if (!line.soft) {
          this.out.push(' ');
          this.pos += 1;
        }
        return;
      }
      this.shouldRemeasure = true;
    }
    if (this.lineSuffixes.length > 0) {
      this.push(indent, mode, line);
      this.flushLineSuffixes();
      return;
    }
    if (line.track) {
      this.brokenMarks.add(line.track);
      if (this.unsettledDepth > 0) this.unsettledMarks.add(line.track);
    }
    const { eol } = this.options;
    // The column restarts: the texts not measured on the line never need to be.
    this.unmeasuredCount = 0;
    if (line.literal) {
      this.out.push(eol);
      this.pos = 0;
      if (indent.root) {
        if (indent.root.value) this.out.push(indent.root.value);
        this.pos = indent.root.length;
      }
    } else {
      this.trim();
      indent.lineStart ??= eol + indent.value;
      this.out.push(indent.lineStart);
      this.pos = indent.length;
    }
  }

  private printGroup(indent: Indentation, mode: Mode, group: Group): void {
    let chosenMode: Mode;
    let chosenDoc: Doc;
    if (mode === FLAT && !this.shouldRemeasure) {
      chosenMode = this.isBroken(group) ? BREAK : FLAT;
      chosenDoc = group.contents;
    } else {
      this.shouldRemeasure = false;
      const remaining = this.width - this.column();
      const hasLineSuffix = this.lineSuffixes.length > 0;
      const broken = this.isBroken(group);
      if (!broken && this.fits(FLAT, group.contents, remaining, hasLineSuffix, false, true)) {
        chosenMode = FLAT;
        chosenDoc = group.contents;
      } else if (!group.expandedStates) {
        chosenMode = BREAK;
        chosenDoc = group.contents;
      } else {
        const states = group.expandedStates;
        const last = states[states.length - 1]!;
        chosenMode = BREAK;
        chosenDoc = last;
        if (!broken) {
          const end = this.options.semantics.lastStateTriedFlat ? states.length : states.length - 1;
          for (let i = 1; i < end; i++) {
            if (this.fits(FLAT, states[i]!, remaining, hasLineSuffix, false, true)) {
              chosenMode = FLAT;
              chosenDoc = states[i]!;
              break;
            }
          }
        }
      }
    }
    if (group.expandedStates && !isHugging(group)) this.enterUnsettled(indent);
    this.push(indent, chosenMode, chosenDoc);
    if (group.id) this.groupModes.set(group.id, chosenMode);
  }

  /** What is pushed next is printed in an unsettled region (see `unsettledMarks`). */
  private enterUnsettled(indent: Indentation): void {
    this.push(indent, BREAK, REGION_END);
    this.unsettledDepth++;
  }

  private printFill(indent: Indentation, mode: Mode, fill: OffsetFill): void {
    const remaining = this.width - this.column();
    const offset = fill[FILL_OFFSET] ?? 0;
    const { parts } = fill;
    const length = parts.length - offset;
    if (length === 0) return;
    const hasLineSuffix = this.lineSuffixes.length > 0;
    this.enterUnsettled(indent);
    const content = parts[offset]!;
    const contentFits = this.fits(FLAT, content, remaining, hasLineSuffix, true, false);
    if (length === 1) {
      this.push(indent, contentFits ? FLAT : BREAK, content);
      return;
    }
    const whitespace = parts[offset + 1]!;
    if (length === 2) {
      if (contentFits) {
        this.push(indent, FLAT, whitespace);
        this.push(indent, FLAT, content);
      } else {
        this.push(indent, BREAK, whitespace);
        this.push(indent, BREAK, content);
      }
      return;
    }
    const second = parts[offset + 2]!;
    const rest: OffsetFill = { ...fill, [FILL_OFFSET]: offset + 2 };
    const firstAndSecondFit = this.fits(FLAT, [content, whitespace, second], remaining, hasLineSuffix, true, false);
    this.push(indent, mode, rest);
    if (firstAndSecondFit) {
      this.push(indent, FLAT, whitespace);
      this.push(indent, FLAT, content);
    } else if (contentFits) {
      this.push(indent, BREAK, whitespace);
      this.push(indent, FLAT, content);
    } else {
      this.push(indent, BREAK, whitespace);
      this.push(indent, BREAK, content);
    }
  }

  /**
   * Whether `doc` printed in `mode` fits in `width` columns up to the next line break, continuing
   * into the pending commands when it ends first (unless `mustBeFlat`, used by fills, which checks
   * the doc alone: `withRest` false).
   */
  private useSummaries = true;

  private fitsWithoutSummaries(mode: Mode, doc: Doc, width: number, hasLineSuffix: boolean, mustBeFlat: boolean, withRest: boolean): boolean {
    this.useSummaries = false;
    try {
      return this.fits(mode, doc, width, hasLineSuffix, mustBeFlat, withRest);
    } finally {
      this.useSummaries = true;
    }
  }

  private fits(mode: Mode, doc: Doc, width: number, hasLineSuffix: boolean, mustBeFlat: boolean, withRest: boolean): boolean {
    if (width === Number.POSITIVE_INFINITY) return true;
    const initialWidth = width;
    const initialLineSuffix = hasLineSuffix;
    const pendingSemantics = this.options.semantics.pendingSpaceInFits;
    let restIndex = withRest ? this.cmdDoc.length : 0;
    // Scratch stacks, reused by every call (fits does not nest); `top` is their height. Emptying
    // them by `length = 0` would drop their backing stores, to be grown again by every call.
    const modes = this.fitsModes;
    const docs = this.fitsDocs;
    modes[0] = mode;
    docs[0] = doc;
    let top = 1;
    let pendingSpace = false;
    // What a trim would remove: the spaces and tabs at the end of the text so far (the text
    // itself is not kept: building it cost more than all else `fits` does).
    let trailing = 0;
    // False once a summarised doc was measured (its text is not kept): a later trim then needs
    // the full walk.
    let textKnown = true;
    while (width >= 0) {
      if (top === 0) {
        if (restIndex === 0) return true;
        restIndex--;
        modes[top] = this.cmdMode[restIndex]!;
        docs[top++] = this.cmdDoc[restIndex]!;
        continue;
      }
      top--;
      const currentMode = modes[top]!;
      const current = docs[top]!;
      if (currentMode === FLAT && typeof current === 'object' && !mustBeFlat && this.useSummaries) {
        const summary = this.summaryOf(current);
        if (summary && !(summary.boundary && hasLineSuffix)) {
          textKnown = false;
          if (pendingSemantics) {
            if (summary.hasText) {
              if (pendingSpace || summary.leadingSpace) width -= 1;
              width -= summary.innerWidth;
              pendingSpace = summary.trailingSpace;
            } else if (summary.anySpace) pendingSpace = true;
          } else width -= summary.totalWidth;
          continue;
        }
      }
      if (typeof current === 'string') {
        if (pendingSemantics) {
          if (current !== '') {
            if (pendingSpace) {
              trailing++;
              width -= 1;
              pendingSpace = false;
            }
            trailing = trailingAfter(trailing, current);
            width -= this.textWidth(current);
          }
        } else {
          trailing = trailingAfter(trailing, current);
          width -= this.textWidth(current);
        }
        continue;
      }
      if (Array.isArray(current)) {
        for (let i = current.length - 1; i >= 0; i--) {
          modes[top] = currentMode;
          docs[top++] = current[i]!;
        }
        continue;
      }
      switch (current.type) {
        case 'fill': {
          const offset = (current as OffsetFill)[FILL_OFFSET] ?? 0;
          for (let i = current.parts.length - 1; i >= offset; i--) {
            modes[top] = currentMode;
            docs[top++] = current.parts[i]!;
          }
          break;
        }
        case 'indent':
        case 'align':
        case 'indent-if-break':
        case 'label':
          modes[top] = currentMode;
          docs[top++] = current.contents;
          break;
        case 'trim': {
          if (!textKnown) return this.fitsWithoutSummaries(mode, doc, initialWidth, initialLineSuffix, mustBeFlat, withRest);
          width += trailing;
          trailing = 0;
          break;
        }
        case 'group': {
          const broken = this.isBroken(current);
          if (mustBeFlat && broken) return false;
          const groupMode = broken ? BREAK : currentMode;
          const contents = current.expandedStates && groupMode === BREAK ? current.expandedStates[current.expandedStates.length - 1]! : current.contents;
          modes[top] = groupMode;
          docs[top++] = contents;
          break;
        }
        case 'if-break': {
          const groupMode = current.groupId ? (this.groupModes.get(current.groupId) ?? FLAT) : currentMode;
          const contents = groupMode === BREAK ? current.breakContents : current.flatContents;
          if (contents) {
            modes[top] = currentMode;
            docs[top++] = contents;
          }
          break;
        }
        case 'line':
          if (currentMode === BREAK || current.hard) return true;
          if (!current.soft) {
            if (pendingSemantics) pendingSpace = true;
            else {
              trailing++;
              width -= 1;
            }
          }
          break;
        case 'line-suffix':
          hasLineSuffix = true;
          break;
        case 'line-suffix-boundary':
          if (hasLineSuffix) return false;
          break;
        default:
          break;
      }
    }
    return false;
  }

  /** Removes trailing spaces and tabs from the output; returns how many were removed. */
  private trim(): number {
    let removed = 0;
    const { out } = this;
    while (out.length > 0) {
      const last = out[out.length - 1]!;
      let end = last.length;
      while (end > 0 && (last.charCodeAt(end - 1) === 32 || last.charCodeAt(end - 1) === 9)) end--;
      removed += last.length - end;
      if (end === 0) {
        out.pop();
        continue;
      }
      if (end < last.length) out[out.length - 1] = last.slice(0, end);
      break;
    }
    return removed;
  }

  private makeIndent(indent: Indentation): Indentation {
    // Kept on the indentation (made from the root for these options): no map to look up.
    indent.indented ??= this.generateIndent(indent, INDENT_PART);
    return indent.indented;
  }

  private makeAlign(indent: Indentation, align: Align): Indentation {
    const { n } = align;
    if (n === Number.NEGATIVE_INFINITY) return indent.root ?? this.root;
    if (typeof n === 'number' && n < 0) return this.generateIndent(indentation(indent.value, indent.length, indent.queue.slice(0, -1), indent.root), undefined);
    if (typeof n === 'object') return indentation(indent.value, indent.length, indent.queue, indent);
    if (!n) return indent;
    return this.generateIndent(indent, typeof n === 'string' ? { kind: 'string', text: n } : { kind: 'spaces', n });
  }

  private generateIndent(indent: Indentation, part: IndentPart | undefined): Indentation {
    const { useTabs, tabWidth } = this.options;
    const queue = part ? [...indent.queue, part] : indent.queue;
    let value = '';
    let length = 0;
    let lastTabs = 0;
    let lastSpaces = 0;
    for (const item of queue) {
      if (item.kind === 'spaces') {
        lastTabs += 1;
        lastSpaces += item.n;
        continue;
      }
      // Flush the pending alignment: as tabs when indenting with tabs, else as spaces.
      if (useTabs) {
        value += '\t'.repeat(lastTabs);
        length += tabWidth * lastTabs;
      } else {
        value += ' '.repeat(lastSpaces);
        length += lastSpaces;
      }
      lastTabs = 0;
      lastSpaces = 0;
      if (item.kind === 'indent') {
        value += useTabs ? '\t' : ' '.repeat(tabWidth);
        length += tabWidth;
      } else {
        value += item.text;
        length += item.text.length;
      }
    }
    value += ' '.repeat(lastSpaces);
    length += lastSpaces;
    return indentation(value, length, queue, indent.root);
  }
}
