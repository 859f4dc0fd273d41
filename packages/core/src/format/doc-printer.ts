/**
 * Prints prettier's document format to text with the semantics of prettier's own
 * `printDocToString` (breaks propagated to enclosing groups, groups printed flat when they fit,
 * conditional groups trying their states in order, fills, line suffixes, indentation by spaces or
 * tabs, trailing whitespace trimmed at line breaks). It differs in two ways: it reports the marked
 * lines (`Line.track`) it printed as line breaks, and it has no cursor support.
 *
 * The few places where prettier 3 versions differ are flags of `PrinterSemantics`.
 */
import type { Align, Doc, Fill, Group, Line } from './doc.js';

export interface PrinterSemantics {
  /** 3.7+: a flat `line` in `fits` counts only when text follows it. */
  pendingSpaceInFits: boolean;
  /** Up to 3.9: a conditional group tries its last state flat before printing it expanded. */
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
const NON_ASCII = /[^\x20-\x7F]/;
const FILL_OFFSET = Symbol('fill offset');
type OffsetFill = Fill & { [FILL_OFFSET]?: number };

export function printDoc(doc: Doc, options: PrintOptions): PrintResult {
  propagateBreaks(doc);
  return new DocPrinter(options).print(doc);
}

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

  constructor(private readonly options: PrintOptions) {
    this.width = options.printWidth;
  }

  private textWidth(text: string): number {
    return NON_ASCII.test(text) ? this.options.stringWidth(text) : text.length;
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
      chosenMode = group.break ? BREAK : FLAT;
      chosenDoc = group.contents;
    } else {
      this.shouldRemeasure = false;
      const remaining = this.width - this.pos;
      const hasLineSuffix = this.lineSuffixes.length > 0;
      if (!group.break && this.fits(FLAT, group.contents, remaining, hasLineSuffix, false, true)) {
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
        if (!group.break) {
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
  private fits(mode: Mode, doc: Doc, width: number, hasLineSuffix: boolean, mustBeFlat: boolean, withRest: boolean): boolean {
    if (width === Number.POSITIVE_INFINITY) return true;
    const pendingSemantics = this.options.semantics.pendingSpaceInFits;
    let restIndex = withRest ? this.cmdDoc.length : 0;
    const modes: Mode[] = [mode];
    const docs: Doc[] = [doc];
    let pendingSpace = false;
    let text = '';
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
          const trimmed = text.replace(/[ \t]+$/, '');
          width += text.length - trimmed.length;
          text = trimmed;
          break;
        }
        case 'group': {
          if (mustBeFlat && current.break) return false;
          const groupMode = current.break ? BREAK : currentMode;
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

/**
 * Marks every group that contains a forced break (hard line or break-parent) as broken, as
 * prettier does before printing. Conditional groups stop the propagation but their states are
 * visited.
 */
export function propagateBreaks(doc: Doc): void {
  const visited = new Set<Group>();
  const groupStack: Group[] = [];
  const breakParentGroup = () => {
    const parent = groupStack[groupStack.length - 1];
    if (parent && !parent.expandedStates && !parent.break) parent.break = 'propagated';
  };
  const EXIT = {};
  const stack: (Doc | typeof EXIT)[] = [doc];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current === EXIT) {
      const group = groupStack.pop()!;
      if (group.break) breakParentGroup();
      continue;
    }
    const item = current as Doc;
    if (typeof item === 'string') continue;
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push(item[i]!);
      continue;
    }
    switch (item.type) {
      case 'break-parent':
        breakParentGroup();
        break;
      case 'line':
        break;
      case 'group': {
        groupStack.push(item);
        stack.push(EXIT);
        if (visited.has(item)) break;
        visited.add(item);
        const children = item.expandedStates ?? [item.contents];
        for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
        break;
      }
      case 'fill':
        for (let i = item.parts.length - 1; i >= 0; i--) stack.push(item.parts[i]!);
        break;
      case 'if-break':
        stack.push(item.flatContents, item.breakContents);
        break;
      case 'indent':
      case 'align':
      case 'indent-if-break':
      case 'label':
      case 'line-suffix':
        stack.push(item.contents);
        break;
      default:
        break;
    }
  }
}
