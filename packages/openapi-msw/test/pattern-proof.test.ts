import { describe, expect, it } from 'vitest';
import { admitsNoString } from '../src/pattern-proof.js';

/**
 * `admitsNoString` proves a string schema empty at generation time; it must never call a
 * pattern empty that some string of the bounds matches (the checker skips on its word).
 */
describe('admitsNoString', () => {
  const LINODE = '^[a-zA-Z]((?!--|__|..)[a-zA-Z0-9-_.])+$';
  const EC2 = '^arn:aws([a-z-]+)?:ec2:[a-z\\d-]+:\\d{12}:placement-group\\/^.{1,255}$';

  it('proves the corpus defects: linode.com (two-character labels only, minLength 3) and ec2 (a `^` after consumed text)', () => {
    expect(admitsNoString(LINODE, 'u', 3, 64)).toBe(true);
    expect(admitsNoString(EC2, 'u')).toBe(true);
    expect(admitsNoString('a^b', '')).toBe(true);
    expect(admitsNoString('a$b', '')).toBe(true);
    expect(admitsNoString('^a{5}$', '', 1, 3)).toBe(true);
    expect(admitsNoString('x(?!.)', '', 2)).toBe(true);
    expect(admitsNoString('^[a-z]+$', '', 4, 3)).toBe(true);
  });

  // Each with a string that matches it within the bounds.
  const SATISFIABLE: [string, '' | 'u', number | undefined, number | undefined, string][] = [
    [LINODE, 'u', undefined, undefined, 'ab'],
    [LINODE, 'u', 2, 2, 'a.'],
    ['^[a-zA-Z]((?!--|__)[a-zA-Z0-9-_])+$', 'u', 1, 32, 'my-volume'],
    ['^[a-z]+$', '', 3, 5, 'abc'],
    ['(^a|b)c', '', undefined, undefined, 'ac'],
    ['a$|b', '', undefined, undefined, 'a'],
    // `.` does not match a line terminator, which `[\s\S]` produces: the lookahead does not bound the length.
    ['x(?!.)[\\s\\S]*', '', 2, undefined, 'x\n'],
    ['^(?!.*_)[a-z_]{8,}$', '', undefined, undefined, 'abcdefgh'],
    ['^.{1,10000}$', '', 5000, 20000, 'a'.repeat(5000)],
    ['^\\d{3}(?=-)-\\d{4}$', '', undefined, undefined, '555-1234'],
    ['^(?:ab)*$', '', 0, 0, ''],
  ];

  it.each(SATISFIABLE)('keeps %s (%s, %s..%s) satisfiable: %s matches', (pattern, flags, min, max, witness) => {
    expect(new RegExp(pattern, flags).test(witness)).toBe(true);
    expect(witness.length >= (min ?? 0) && witness.length <= (max ?? Infinity)).toBe(true);
    expect(admitsNoString(pattern, flags, min, max)).toBe(false);
  });

  it('is unsure, not wrong, about what it cannot parse (a back-reference)', () => {
    expect(admitsNoString('(a)\\1', '')).toBe(false);
  });
});
