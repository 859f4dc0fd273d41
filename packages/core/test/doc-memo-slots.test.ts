/**
 * The fast path's doc builders (`withMemoSlots`): prettier's builders, with room in groups and
 * indents for what the printers remember of them. The docs must stay prettier's docs, and a copy
 * made of a doc must not carry over what was remembered of the original.
 */
import * as prettierDoc from 'prettier/doc';
import { describe, expect, it } from 'vitest';
import { type Builders, type Doc, removeLines, willBreak, withMemoSlots } from '../src/format/doc.js';
import { printDoc } from '../src/format/doc-printer.js';
import { PROVEN_SEMANTICS } from '../src/format/fast-path.js';

const prettierBuilders = prettierDoc.builders as unknown as Builders;
const b = withMemoSlots(prettierBuilders);

/** A doc using every builder `withMemoSlots` makes, in `builders`' objects. */
const sample = (builders: Builders): Doc => [
  builders.group(['call(', builders.indent([builders.softline, 'alpha,', builders.line, 'beta']), builders.softline, ')']),
  builders.hardline,
  builders.conditionalGroup([['[', 'short', ']'], ['[', builders.indent([builders.hardline, 'long']), builders.hardline, ']']]),
  builders.group('broken', { shouldBreak: true }),
  builders.hardline,
];

const options = { printWidth: 10, tabWidth: 2, useTabs: false };

describe('withMemoSlots', () => {
  it('makes one builders object per prettier instance', () => {
    expect(withMemoSlots(prettierBuilders)).toBe(b);
  });

  it("builds prettier's objects, field for field", () => {
    // JSON keeps the string-keyed fields and drops the symbol-keyed slots.
    expect(JSON.parse(JSON.stringify(sample(b)))).toEqual(JSON.parse(JSON.stringify(sample(prettierBuilders))));
    const group = b.group('x', { shouldBreak: true, id: Symbol('g') }) as unknown as Record<string, unknown>;
    expect(Object.keys(group)).toEqual(['type', 'id', 'contents', 'break', 'expandedStates']);
  });

  it("prints alike through prettier's printer and the fast path's", () => {
    const expected = prettierDoc.printer.printDocToString(sample(prettierBuilders) as never, options as never).formatted;
    expect(prettierDoc.printer.printDocToString(sample(b) as never, options as never).formatted).toBe(expected);
    expect(printDoc(sample(b), { ...options, eol: '\n', semantics: PROVEN_SEMANTICS, stringWidth: (text) => text.length }).text).toBe(expected);
  });

  it('a copy made by removeLines answers willBreak for its own contents', () => {
    // The break side holds a hard line, the flat side none: the group will break, its copy
    // without lines (the flat side taken) will not.
    const group = b.group(['a', b.ifBreak([b.hardline, 'b'], 'c')]);
    expect(willBreak(group)).toBe(true);
    const copy = removeLines(group);
    expect(willBreak(copy)).toBe(false);
    expect(prettierDoc.utils.willBreak(prettierDoc.utils.removeLines(group as never))).toBe(false);
  });
});
