/**
 * The fast path's doc printer against the `printDocToString` of every proven prettier version
 * (the root's devDependency aliases `prettier-<version>`), on docs that tell the printer
 * semantics apart: each case prints differently when its flag of `PROVEN_SEMANTICS` is flipped,
 * so a version that behaved otherwise would fail here.
 */
import { describe, expect, it } from 'vitest';
import type { Builders, Doc } from '../src/format/doc.js';
import { type PrinterSemantics, printDoc } from '../src/format/doc-printer.js';
import { PROVEN_PRETTIER_VERSIONS, PROVEN_SEMANTICS } from '../src/format/fast-path.js';

interface PrettierDoc {
  builders: Builders & { conditionalGroup(states: Doc[]): Doc };
  printer: { printDocToString(doc: Doc, options: { printWidth: number; tabWidth: number; useTabs: boolean }): { formatted: string } };
}

const WIDTH = 8;

/** Docs built with a version's own builders, and the flag each one depends on. */
const CASES: [string, keyof PrinterSemantics, (b: PrettierDoc['builders']) => Doc][] = [
  ['conditional group whose last state fits flat', 'lastStateTriedFlat', (b) => b.conditionalGroup(['a'.repeat(12), 'b'.repeat(12), ['x', b.line, 'y']])],
  ['group ending in a line at the width', 'pendingSpaceInFits', (b) => [b.group(['a'.repeat(WIDTH), b.line]), b.hardline, 'z']],
  ['group with lines and no text after them', 'pendingSpaceInFits', (b) => [b.group(['abc', b.line, 'defg', b.line, b.softline]), b.hardline]],
];

const print = (doc: Doc, semantics: PrinterSemantics) => printDoc(doc, { printWidth: WIDTH, tabWidth: 2, useTabs: false, eol: '\n', semantics, stringWidth: (text) => text.length }).text;

describe('doc printer semantics of every proven prettier version', () => {
  for (const version of PROVEN_PRETTIER_VERSIONS) {
    it.each(CASES)(`prettier ${version}: %s`, async (_name, flag, build) => {
      const prettierDoc = (await import(`prettier-${version}/doc`)) as PrettierDoc;
      const expected = prettierDoc.printer.printDocToString(build(prettierDoc.builders), { printWidth: WIDTH, tabWidth: 2, useTabs: false }).formatted;
      expect(print(build(prettierDoc.builders), PROVEN_SEMANTICS)).toBe(expected);
      // The case tells the flag apart: the other value prints something else.
      expect(print(build(prettierDoc.builders), { ...PROVEN_SEMANTICS, [flag]: !PROVEN_SEMANTICS[flag] })).not.toBe(expected);
    });
  }
});
