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
import type { Align, Doc, Fill, Group, Line } from './doc.js';

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
}

const BREAK = 1;
const FLAT = 2;
type Mode = typeof BREAK | typeof FLAT;

interface Indentation {
  value: string;
  length: number;
  queue: IndentPart[];
  root: Indentation | undefined;
}
type IndentPart = { kind: 'indent' } | { kind: 'spaces'; n: number } | { kind: 'string'; text: string };

const ROOT: Indentation = { value: '', length: 0, queue: [], root: undefined };
const INDENT_PART: IndentPart = { kind: 'indent' };
const FILL_OFFSET = Symbol('fill offset');
type OffsetFill = Fill & { [FILL_OFFSET]?: number };

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
  /** The printer may write it directly: no group ids to record, no fill, no line breaks in text. */
  writable: boolean;
}

const SUMMARY = Symbol('flat summary');
const FORCED = Symbol('forced break');
type Analyzed = { [SUMMARY]?: FlatSummary | null; [FORCED]?: boolean };
const EMPTY: FlatSummary = { hasText: false, leadingSpace: false, trailingSpace: false, anySpace: false, innerWidth: 0, totalWidth: 0, writable: true };
const SPACE: FlatSummary = { hasText: false, leadingSpace: true, trailingSpace: true, anySpace: true, innerWidth: 0, totalWidth: 1, writable: true };

class DocPrinter {
  private readonly width: number;
  private readonly groupModes = new Map<symbol, Mode>();
  private readonly brokenMarks = new Set<object>();
  private readonly indentCache = new Map<Indentation, Indentation>();
  // Command stack as three parallel arrays (indentation, mode, doc).
  private readonly cmdIndent: Indentation[] = [];
  private readonly cmdMode: Mode[] = [];
  private readonly cmdDoc: Doc[] = [];
  private readonly out: string[] = [];
  private pos = 0;
  private lineSuffixes: { indent: Indentation; mode: Mode; doc: Doc }[] = [];
  private shouldRemeasure = false;
  private readonly fitsModes: Mode[] = [];
  private readonly fitsDocs: Doc[] = [];

  constructor(private readonly options: PrintOptions) {
    this.width = options.printWidth;
  }

  /** The flat summary of a doc, or null when its flat printing depends on the printer's state. */
  private summaryOf(doc: Doc): FlatSummary | null {
    if (typeof doc === 'string') return this.stringSummary(doc);
    if (!Array.isArray(doc)) {
      if (doc.type === 'line') return doc.hard ? null : doc.soft ? EMPTY : SPACE;
      // Only ever inside a broken group, or a conditional group's state: walked, not summarised.
      if (doc.type === 'break-parent') return null;
    }
    const memo = doc as Analyzed;
    if (memo[SUMMARY] === undefined) this.analyze(doc);
    return memo[SUMMARY]!;
  }

  /**
   * A group is broken when built so or when it holds a forced break (a break-parent, or a broken
   * group) outside any conditional group: prettier's `propagateBreaks`, computed when first
   * needed instead of over the whole doc up front.
   */
  private isBroken(group: Group): boolean {
    if (group.break) return true;
    const memo = group as Group & Analyzed;
    if (memo[SUMMARY] === undefined) this.analyze(group);
    return Boolean(group.break);
  }

  private stringSummary(text: string): FlatSummary {
    if (text === '') return EMPTY;
    const width = this.textWidth(text);
    return { hasText: true, leadingSpace: false, trailingSpace: false, anySpace: false, innerWidth: width, totalWidth: width, writable: !text.includes('\n') && !text.includes('\r') };
  }

  /** Whether a doc holds a forced break for its enclosing group; records its flat summary. */
  private analyze(doc: Doc): boolean {
    if (typeof doc === 'string') return false;
    if (Array.isArray(doc)) {
      const memo = doc as Analyzed;
      if (memo[SUMMARY] === undefined) {
        const { forced, summary } = this.analyzeList(doc);
        memo[FORCED] = forced;
        memo[SUMMARY] = summary;
      }
      return memo[FORCED]!;
    }
    if (doc.type === 'line') return false;
    if (doc.type === 'break-parent') return true;
    const memo = doc as Analyzed;
    if (memo[SUMMARY] !== undefined) return memo[FORCED]!;
    let forced = false;
    let summary: FlatSummary | null;
    switch (doc.type) {
      case 'group': {
        // A conditional group keeps the breaks of its states (their groups are marked when met).
        if (!doc.expandedStates && this.analyze(doc.contents) && !doc.break) doc.break = 'propagated';
        forced = Boolean(doc.break);
        const inner = forced ? null : this.summaryOf(doc.contents);
        summary = inner && doc.id ? { ...inner, writable: false } : inner;
        break;
      }
      case 'fill': {
        const { forced: partsForced, summary: inner } = this.analyzeList(doc.parts);
        forced = partsForced;
        summary = inner && !(doc as OffsetFill)[FILL_OFFSET] ? { ...inner, writable: false } : null;
        break;
      }
      case 'indent':
      case 'align':
      case 'label':
        forced = this.analyze(doc.contents);
        summary = this.summaryOf(doc.contents);
        break;
      case 'indent-if-break': {
        forced = this.analyze(doc.contents);
        // Printed only once its group's mode is known: not written directly.
        const inner = this.summaryOf(doc.contents);
        summary = inner && doc.groupId ? { ...inner, writable: false } : inner;
        break;
      }
      case 'if-break': {
        const a = this.analyze(doc.breakContents);
        const b = this.analyze(doc.flatContents);
        forced = a || b;
        summary = doc.groupId ? null : this.summaryOf(doc.flatContents);
        break;
      }
      case 'line-suffix':
        forced = this.analyze(doc.contents);
        summary = null;
        break;
      case 'cursor':
        summary = EMPTY;
        break;
      default:
        summary = null;
    }
    memo[FORCED] = forced;
    memo[SUMMARY] = summary;
    return forced;
  }

  /** Forced break and summary of parts printed one after the other (`concat` folded in place). */
  private analyzeList(parts: Doc[]): { forced: boolean; summary: FlatSummary | null } {
    let forced = false;
    let hasText = false;
    let leadingSpace = false;
    let trailingSpace = false;
    let anySpace = false;
    let innerWidth = 0;
    let totalWidth = 0;
    let writable = true;
    let summarizable = true;
    for (const part of parts) {
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
        if (writable && (part.includes('\n') || part.includes('\r'))) writable = false;
      } else {
        if (this.analyze(part)) forced = true;
        if (!summarizable) continue;
        const summary = this.summaryOf(part);
        if (!summary) {
          summarizable = false;
          continue;
        }
        ({ hasText: partHasText, leadingSpace: partLeading, trailingSpace: partTrailing, anySpace: partAny, innerWidth: partInner } = summary);
        totalWidth += summary.totalWidth;
        if (!summary.writable) writable = false;
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
    if (!summarizable || forced) return { forced, summary: null };
    if (!hasText) return { forced, summary: anySpace ? { ...SPACE, totalWidth, writable } : totalWidth === 0 && writable ? EMPTY : { ...EMPTY, totalWidth, writable } };
    return { forced, summary: { hasText, leadingSpace, trailingSpace, anySpace, innerWidth, totalWidth, writable } };
  }

  private writableFlat(doc: Doc): boolean {
    const summary = this.summaryOf(doc);
    return summary !== null && summary.writable;
  }

  /** Writes a doc printed flat (its summary is writable). */
  private writeFlat(doc: Doc): void {
    if (typeof doc === 'string') {
      if (doc !== '') this.out.push(doc);
      return;
    }
    if (Array.isArray(doc)) {
      for (const part of doc) this.writeFlat(part);
      return;
    }
    switch (doc.type) {
      case 'group':
      case 'indent':
      case 'align':
      case 'label':
      case 'indent-if-break':
        this.writeFlat(doc.contents);
        break;
      case 'if-break':
        this.writeFlat(doc.flatContents);
        break;
      case 'line':
        if (!doc.soft) this.out.push(' ');
        break;
      default:
        break;
    }
  }

  private textWidth(text: string): number {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x20 || code > 0x7f) return this.options.stringWidth(text);
    }
    return text.length;
  }

  private push(indent: Indentation, mode: Mode, doc: Doc): void {
    this.cmdIndent.push(indent);
    this.cmdMode.push(mode);
    this.cmdDoc.push(doc);
  }

  print(doc: Doc): PrintResult {
    const { eol } = this.options;
    this.push(ROOT, BREAK, doc);
    while (this.cmdDoc.length > 0) {
      const indent = this.cmdIndent.pop()!;
      const mode = this.cmdMode.pop()!;
      const current = this.cmdDoc.pop()!;
      if (typeof current === 'string') {
        const text = eol !== '\n' && current.includes('\n') ? current.replaceAll('\n', eol) : current;
        if (text !== '') {
          this.out.push(text);
          if (this.cmdDoc.length > 0) this.pos += this.textWidth(text);
        }
      } else if (mode === FLAT && !this.shouldRemeasure && this.writableFlat(current)) {
        this.writeFlat(current);
        if (this.cmdDoc.length > 0) this.pos += this.summaryOf(current)!.totalWidth;
      } else if (Array.isArray(current)) {
        for (let i = current.length - 1; i >= 0; i--) this.push(indent, mode, current[i]!);
      } else {
        switch (current.type) {
          case 'cursor':
          case 'break-parent':
            break;
          case 'indent':
            this.push(this.makeIndent(indent), mode, current.contents);
            break;
          case 'align':
            this.push(this.makeAlign(indent, current), mode, current.contents);
            break;
          case 'trim':
            this.pos -= this.trim();
            break;
          case 'group':
            this.printGroup(indent, mode, current);
            break;
          case 'fill':
            this.printFill(indent, mode, current);
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
          case 'line-suffix':
            this.lineSuffixes.push({ indent, mode, doc: current.contents });
            break;
          case 'line-suffix-boundary':
            if (this.lineSuffixes.length > 0) this.push(indent, mode, { type: 'line', hard: true });
            break;
          case 'line':
            this.printLine(indent, mode, current);
            break;
          case 'label':
            this.push(indent, mode, current.contents);
            break;
        }
      }
      if (this.cmdDoc.length === 0 && this.lineSuffixes.length > 0) this.flushLineSuffixes();
    }
    return { text: this.out.join(''), brokenMarks: this.brokenMarks };
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
    if (line.track) this.brokenMarks.add(line.track);
    const { eol } = this.options;
    if (line.literal) {
      this.out.push(eol);
      this.pos = 0;
      if (indent.root) {
        if (indent.root.value) this.out.push(indent.root.value);
        this.pos = indent.root.length;
      }
    } else {
      this.trim();
      this.out.push(eol + indent.value);
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
      const remaining = this.width - this.pos;
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
    this.push(indent, chosenMode, chosenDoc);
    if (group.id) this.groupModes.set(group.id, chosenMode);
  }

  private printFill(indent: Indentation, mode: Mode, fill: OffsetFill): void {
    const remaining = this.width - this.pos;
    const offset = fill[FILL_OFFSET] ?? 0;
    const { parts } = fill;
    const length = parts.length - offset;
    if (length === 0) return;
    const hasLineSuffix = this.lineSuffixes.length > 0;
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
    // Scratch stacks, reused by every call (fits does not nest).
    const modes = this.fitsModes;
    const docs = this.fitsDocs;
    modes.length = 0;
    docs.length = 0;
    modes.push(mode);
    docs.push(doc);
    let pendingSpace = false;
    let text = '';
    // False once a summarised doc was measured (its text is not kept): a later trim then needs
    // the full walk.
    let textKnown = true;
    while (width >= 0) {
      if (docs.length === 0) {
        if (restIndex === 0) return true;
        restIndex--;
        modes.push(this.cmdMode[restIndex]!);
        docs.push(this.cmdDoc[restIndex]!);
        continue;
      }
      const currentMode = modes.pop()!;
      const current = docs.pop()!;
      if (currentMode === FLAT && typeof current === 'object' && !mustBeFlat && this.useSummaries) {
        const summary = this.summaryOf(current);
        if (summary) {
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
              text += ' ';
              width -= 1;
              pendingSpace = false;
            }
            text += current;
            width -= this.textWidth(current);
          }
        } else {
          text += current;
          width -= this.textWidth(current);
        }
        continue;
      }
      if (Array.isArray(current)) {
        for (let i = current.length - 1; i >= 0; i--) {
          modes.push(currentMode);
          docs.push(current[i]!);
        }
        continue;
      }
      switch (current.type) {
        case 'fill': {
          const offset = (current as OffsetFill)[FILL_OFFSET] ?? 0;
          for (let i = current.parts.length - 1; i >= offset; i--) {
            modes.push(currentMode);
            docs.push(current.parts[i]!);
          }
          break;
        }
        case 'indent':
        case 'align':
        case 'indent-if-break':
        case 'label':
          modes.push(currentMode);
          docs.push(current.contents);
          break;
        case 'trim': {
          if (!textKnown) return this.fitsWithoutSummaries(mode, doc, initialWidth, initialLineSuffix, mustBeFlat, withRest);
          const trimmed = text.replace(/[ \t]+$/, '');
          width += text.length - trimmed.length;
          text = trimmed;
          break;
        }
        case 'group': {
          const broken = this.isBroken(current);
          if (mustBeFlat && broken) return false;
          const groupMode = broken ? BREAK : currentMode;
          const contents = current.expandedStates && groupMode === BREAK ? current.expandedStates[current.expandedStates.length - 1]! : current.contents;
          modes.push(groupMode);
          docs.push(contents);
          break;
        }
        case 'if-break': {
          const groupMode = current.groupId ? (this.groupModes.get(current.groupId) ?? FLAT) : currentMode;
          const contents = groupMode === BREAK ? current.breakContents : current.flatContents;
          if (contents) {
            modes.push(currentMode);
            docs.push(contents);
          }
          break;
        }
        case 'line':
          if (currentMode === BREAK || current.hard) return true;
          if (!current.soft) {
            if (pendingSemantics) pendingSpace = true;
            else {
              text += ' ';
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
    let cached = this.indentCache.get(indent);
    if (!cached) {
      cached = this.generateIndent(indent, INDENT_PART);
      this.indentCache.set(indent, cached);
    }
    return cached;
  }

  private makeAlign(indent: Indentation, align: Align): Indentation {
    const { n } = align;
    if (n === Number.NEGATIVE_INFINITY) return indent.root ?? ROOT;
    if (typeof n === 'number' && n < 0) return this.generateIndent({ ...indent, queue: indent.queue.slice(0, -1) }, undefined);
    if (typeof n === 'object') return { ...indent, root: indent };
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
    const addTabs = (count: number) => {
      value += '\t'.repeat(count);
      length += tabWidth * count;
    };
    const addSpaces = (count: number) => {
      value += ' '.repeat(count);
      length += count;
    };
    const flushSpaces = () => {
      if (lastSpaces > 0) addSpaces(lastSpaces);
      lastTabs = 0;
      lastSpaces = 0;
    };
    const flushTabs = () => {
      if (lastTabs > 0) addTabs(lastTabs);
      lastTabs = 0;
      lastSpaces = 0;
    };
    const flush = () => (useTabs ? flushTabs() : flushSpaces());
    for (const item of queue) {
      switch (item.kind) {
        case 'indent':
          flush();
          if (useTabs) addTabs(1);
          else addSpaces(tabWidth);
          break;
        case 'string':
          flush();
          value += item.text;
          length += item.text.length;
          break;
        case 'spaces':
          lastTabs += 1;
          lastSpaces += item.n;
          break;
      }
    }
    flushSpaces();
    return { ...indent, value, length, queue };
  }
}
