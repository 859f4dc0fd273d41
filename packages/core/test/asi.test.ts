/**
 * Statements that the module's text reads as one, where no semicolon is inserted between them.
 * The reference is prettier formatting that text until stable; the fast path, which prints
 * statement by statement, leaves such a module to prettier. (Both found by the random-tree
 * property, run longer than in CI: seeds 99 and 20261124.)
 *
 * - Without semicolons and with experimental ternaries, prettier puts a broken ternary test in
 *   parentheses that its ASI guard does not see, so its next format reads the ternary statement
 *   as a call of the statement before.
 * - Raw code not ending in `;` before a statement starting with a template literal (or `(`, `[`...)
 *   continues into it.
 */
import { describe, expect, it } from 'vitest';
import type * as A from '../src/code/ast.js';
import * as c from '../src/code/build.js';
import { CONFIGS, formatBoth } from './format-harness.js';

const longTest = c.call('id', [c.bool(false), c.call('Object', [], [c.tref('Record', [c.tobj([c.tprop('', c.tlit('a `tick`')), c.tprop('x-rate-limit', c.kw('boolean'))])]), c.tlit(68676)])]);
const ternary = c.exprStmt(c.cond(longTest, c.obj([]), c.id('z')));
const module = (body: A.Stmt[]): A.Module => ({ header: 'x', body: [c.fn('PetSchema', [], body, { exported: true })] });

describe('a ternary statement without semicolons, under experimental ternaries', () => {
  it('after another statement: the module goes to prettier, whose stable text it is', async () => {
    const { fast, prettier, report } = await formatBoth(module([c.exprStmt(c.nonNull(c.arrow([], []))), ternary]), CONFIGS.ternariesTabs!);
    expect(report.path).toBe('prettier');
    expect(fast).toBe(prettier);
  });

  it('first in its block, and with semicolons: the fast path prints it', async () => {
    for (const [config, body] of [
      [CONFIGS.ternariesTabs!, [ternary]],
      [CONFIGS.ternaries!, [c.exprStmt(c.nonNull(c.arrow([], []))), ternary]],
    ] as const) {
      const { fast, prettier, report } = await formatBoth(module([...body]), config);
      expect(report.path).toBe('fast');
      expect(fast).toBe(prettier);
    }
  });
});

describe('raw code not ending in a semicolon', () => {
  const template = c.exprStmt(c.bin(c.template(['say ', ' now'], [c.id('x')]), '+', c.num(1)));
  it('before a statement starting with a template literal: the module goes to prettier, whose stable text it is', async () => {
    const { fast, prettier, report } = await formatBoth({ header: 'x', body: [c.raw('let counter = 0\ncounter += 1'), template] }, CONFIGS.default!);
    expect(report.path).toBe('prettier');
    expect(fast).toBe(prettier);
  });

  it('ending in a semicolon, or before a statement starting with a name: the fast path prints it', async () => {
    for (const body of [
      [c.raw('let counter = 0;\ncounter += 1;'), template],
      [c.raw('let counter = 0\ncounter += 1'), c.constDecl('y', c.num(1))],
    ]) {
      const { fast, prettier, report } = await formatBoth({ header: 'x', body }, CONFIGS.default!);
      expect(report.path).toBe('fast');
      expect(fast).toBe(prettier);
    }
  });
});
