import { code as c, type Code } from '@specwright/core';
import type { PatternNode } from './pattern.js';

/** The helpers a pattern expression may call; the caller emits them when used. */
export interface PatternHelpers {
  /** `mockRepeat(min, max, make)`: `make()` repeated a random number of times, joined. */
  repeat(): string;
}

const faker = (method: string, args: (Code.Expr | Code.Spread)[] = []) => c.call(c.path(`faker.${method}`), args);

/** A generated-at-request-time expression producing text that the pattern tree matches. */
export function patternExpr(node: PatternNode, helpers: PatternHelpers): Code.Expr {
  switch (node.t) {
    case 'assert':
      return c.str('');
    case 'lit':
      return c.str(node.text);
    case 'set':
      return node.chars.length === 1 ? c.str(node.chars[0]!) : faker('string.fromCharacters', [c.str(node.chars.join(''))]);
    case 'rep':
      return repeatExpr(node, helpers);
    case 'seq':
      return sequenceExpr(node.items, helpers);
    case 'alt': {
      if (node.options.every((o) => o.t === 'lit')) {
        return faker('helpers.arrayElement', [c.arr(node.options.map((o) => c.str((o as { text: string }).text)))]);
      }
      return c.call(faker('helpers.arrayElement', [c.arr(node.options.map((o) => c.arrow([], patternExpr(o, helpers))))]));
    }
  }
}

function repeatExpr(node: Extract<PatternNode, { t: 'rep' }>, helpers: PatternHelpers): Code.Expr {
  const { item, min, max } = node;
  if (max === 0) return c.str('');
  if (min === 1 && max === 1) return patternExpr(item, helpers);
  const count = min === max ? c.num(min) : c.obj([c.prop('min', c.num(min)), c.prop('max', c.num(max))]);
  if (item.t === 'set') return faker('string.fromCharacters', [c.str(item.chars.join('')), count]);
  if (item.t === 'lit' && min === max) return c.str(item.text.repeat(min));
  return c.call(c.id(helpers.repeat()), [c.num(min), c.num(max), c.arrow([], patternExpr(item, helpers))]);
}

/** Adjacent literals are joined; one part is returned as is, several become a template literal. */
function sequenceExpr(items: PatternNode[], helpers: PatternHelpers): Code.Expr {
  const parts: (string | Code.Expr)[] = [];
  for (const item of items) {
    const expr = patternExpr(item, helpers);
    const last = parts[parts.length - 1];
    if (expr.k === 'string' && typeof last === 'string') parts[parts.length - 1] = last + expr.value;
    else parts.push(expr.k === 'string' ? expr.value : expr);
  }
  if (parts.length === 0) return c.str('');
  if (parts.length === 1) return typeof parts[0] === 'string' ? c.str(parts[0]) : parts[0]!;
  const quasis: string[] = [''];
  const exprs: Code.Expr[] = [];
  for (const part of parts) {
    if (typeof part === 'string') quasis[quasis.length - 1] += part;
    else {
      exprs.push(part);
      quasis.push('');
    }
  }
  return c.template(quasis, exprs);
}
