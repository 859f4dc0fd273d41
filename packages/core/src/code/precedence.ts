import type { BinaryOp, Expr } from './ast.js';

const BINARY: Record<BinaryOp, number> = {
  '**': 14,
  '*': 13, '/': 13, '%': 13,
  '+': 12, '-': 12,
  '<': 10, '<=': 10, '>': 10, '>=': 10, instanceof: 10, in: 10,
  '==': 9, '!=': 9, '===': 9, '!==': 9,
  '&&': 5,
  '||': 4, '??': 4,
};

/** Binding strength of an expression: 20 for primaries and member/call chains, 2 for arrows. */
export function precedence(expr: Expr): number {
  switch (expr.k) {
    case 'unary':
    case 'await':
      return 15;
    case 'as':
      return 11;
    case 'binary':
      return BINARY[expr.op];
    case 'cond':
      return 3;
    case 'arrow':
    case 'assign':
      return 2;
    case 'commented':
      return precedence(expr.expr);
    case 'call':
      // The leading annotation belongs to this call only: as an operand it keeps parentheses.
      return expr.pure ? 19 : 20;
    default:
      return 20;
  }
}

/**
 * `??` may not mix with `&&` / `||` without parentheses; `**` binds to the right, and its left
 * side may not be a unary or `await` expression (`(-x) ** 2`).
 */
export function needsParensAsOperand(operand: Expr, op: BinaryOp, side: 'left' | 'right'): boolean {
  if (op === '**' && side === 'left' && (operand.k === 'unary' || operand.k === 'await')) return true;
  if (operand.k !== 'binary') return false;
  const mixesNullish = (op === '??') !== (operand.op === '??') && (op === '??' || operand.op === '??') && (BINARY[op] <= 5 && BINARY[operand.op] <= 5);
  if (mixesNullish) return true;
  if (op === '**' && side === 'left') return true;
  return false;
}
