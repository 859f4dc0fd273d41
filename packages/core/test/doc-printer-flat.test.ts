/**
 * Docs the fast path's doc printer measures and writes flat in one step (their flat summary),
 * against the `printDocToString` of every proven prettier version:
 * - line-suffix boundaries: such a doc is summarised only while no line suffix is pending, so
 *   these cases put a pending suffix in front of one (where the boundary must break the line) and
 *   leave it out (where the doc is measured and written at once), in groups, `fits` and flat mode;
 * - group ids: a doc written at once records its groups as flat for if-breaks after it, and an
 *   indent-if-break of a group not printed yet prints nothing, as when walked.
 */
import { describe, expect, it } from 'vitest';
import type { Builders, Doc } from '../src/format/doc.js';
import { printDoc } from '../src/format/doc-printer.js';
import { PROVEN_PRETTIER_VERSIONS, PROVEN_SEMANTICS } from '../src/format/fast-path.js';

interface PrettierDoc {
  builders: Builders & { conditionalGroup(states: Doc[]): Doc };
  printer: { printDocToString(doc: Doc, options: { printWidth: number; tabWidth: number; useTabs: boolean }): { formatted: string } };
}

const WIDTH = 12;

/** A call's callee and arguments as the printer writes them: `f` + boundary + `(a, b)`. */
const call = (b: PrettierDoc['builders'], callee: string, args: string[]): Doc =>
  b.group([callee, b.lineSuffixBoundary, '(', b.indent([b.softline, ...args.flatMap((arg, i) => (i === 0 ? [arg] : [',', b.line, arg]))]), b.softline, ')']);

/** `left = right` as prettier's "fluid" layout prints it: the break after `=` is a group of its own. */
const assignment = (b: PrettierDoc['builders'], left: string, right: Doc): Doc => {
  const groupId = Symbol('assignment');
  return b.group([b.group(left), ' =', b.group(b.indent(b.line), { id: groupId }), b.lineSuffixBoundary, b.indentIfBreak(right, { groupId })]);
};

const CASES: [string, (b: PrettierDoc['builders']) => Doc][] = [
  ['boundary with no pending suffix, fits', (b) => [call(b, 'f', ['a', 'b']), ';', b.hardline]],
  ['boundary with no pending suffix, too wide', (b) => [call(b, 'fn', ['alpha', 'beta']), ';', b.hardline]],
  ['suffix pending before a group with a boundary', (b) => [b.group(['x', b.lineSuffix(' // c')]), call(b, 'f', ['a']), b.hardline]],
  ['suffix pending in flat mode', (b) => [b.group(['x', b.lineSuffix(' // c'), ' ', call(b, 'f', ['a'])]), b.hardline]],
  ['suffix met while measuring, boundary after it', (b) => [b.group(['a', b.lineSuffix('//x'), b.line, call(b, 'g', ['b'])]), b.hardline]],
  ['boundary in the rest after a group', (b) => [b.group(['a', b.lineSuffix('//x')]), b.group(['b', b.line, 'c']), call(b, 'h', ['d']), b.hardline]],
  ['nested boundaries in a conditional group', (b) => [b.conditionalGroup([[call(b, 'f', [call(b, 'g', ['a'])] as never)], [call(b, 'f', ['b'])]]), b.lineSuffix(' // t'), ';', b.hardline]],
  ['suffix then boundaries in a fill', (b) => [b.lineSuffix(' // c'), b.fill(['ab', b.line, call(b, 'k', ['c']) as never, b.line, 'de']), b.hardline]],
  ['fluid assignment that fits', (b) => [assignment(b, 'a', call(b, 'f', ['b'])), b.hardline]],
  ['fluid assignment that breaks', (b) => [assignment(b, 'abc', call(b, 'fn', ['alpha', 'beta'])), b.hardline]],
  ['fluid assignments in a broken object', (b) => [b.group(['{', b.indent([b.line, assignment(b, 'a', 'b'), ',', b.line, assignment(b, 'cd', call(b, 'f', ['x']))]), b.line, '}'], { shouldBreak: true }), b.hardline]],
  ['if-break after a group written flat', (b) => {
    const id = Symbol('g');
    return [b.group(['a', b.group(['b', b.line, 'c'], { id })]), b.ifBreak('X', 'Y', { groupId: id }), b.hardline];
  }],
  ['indent-if-break before its group', (b) => {
    const id = Symbol('g');
    return [b.group(['a', b.indentIfBreak('lost', { groupId: id }), 'b']), b.group('c', { id }), ';', b.hardline];
  }],
  ['indent-if-break before its group, then a group measured', (b) => {
    const id = Symbol('g');
    return [b.group(['a', b.indentIfBreak('lost', { groupId: id }), 'b']), b.group(['cd', b.line, 'ef', b.line, 'gh'], { id }), b.hardline];
  }],
];

const print = (doc: Doc) => printDoc(doc, { printWidth: WIDTH, tabWidth: 2, useTabs: false, eol: '\n', semantics: PROVEN_SEMANTICS, stringWidth: (text) => text.length }).text;

describe('docs written flat at once, as every proven prettier version prints them', () => {
  for (const version of PROVEN_PRETTIER_VERSIONS) {
    it.each(CASES)(`prettier ${version}: %s`, async (_name, build) => {
      const prettierDoc = (await import(`prettier-${version}/doc`)) as PrettierDoc;
      const expected = prettierDoc.printer.printDocToString(build(prettierDoc.builders), { printWidth: WIDTH, tabWidth: 2, useTabs: false }).formatted;
      expect(print(build(prettierDoc.builders))).toBe(expected);
    });
  }

  it('breaks the line at a boundary when a comment is pending, and only then', async () => {
    const { builders: b } = (await import(`prettier-${PROVEN_PRETTIER_VERSIONS[0]}/doc`)) as PrettierDoc;
    // The comment goes out at the boundary after the callee, and the group does not fit past it.
    expect(print([b.group(['x', b.lineSuffix(' // c')]), call(b, 'f', ['a']), b.hardline])).toBe('xf // c\n(\n  a\n)\n');
    expect(print([b.group(['x']), call(b, 'f', ['a']), b.hardline])).toBe('xf(a)\n');
  });

  it('records the groups of a doc written at once, and leaves out an indent-if-break of a later group', async () => {
    const { builders: b } = (await import(`prettier-${PROVEN_PRETTIER_VERSIONS[0]}/doc`)) as PrettierDoc;
    const id = Symbol('g');
    expect(print([b.group(['a', b.group(['b', b.line, 'c'], { id })]), b.ifBreak('X', 'Y', { groupId: id }), b.hardline])).toBe('ab cY\n');
    const later = Symbol('g');
    expect(print([b.group(['a', b.indentIfBreak('lost', { groupId: later }), 'b']), b.group('c', { id: later }), ';', b.hardline])).toBe('abc;\n');
  });
});
