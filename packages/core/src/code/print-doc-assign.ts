/**
 * `left = right`-like constructs (variable declarators, assignments, properties, class fields, type
 * aliases) and prettier's choice of where such a line may break (prettier's `printAssignment`).
 */
import { type Doc, canBreak, plainText, willBreak } from '../format/doc.js';
import {
  type AnyNode,
  type PrintContext,
  CommentFlags,
  hasComment,
  hasLeadingOwnLineComment,
  isBinaryish,
  isCallExpression,
  isIntersectionType,
  isMemberExpression,
  isObjectType,
  isStringLiteral,
  isUnionType,
} from './print-doc-context.js';
import { isMemberChainLabel, labelOf } from './print-doc-expr.js';
import type * as N from './print-doc-nodes.js';
import { printString } from './print-doc-literals.js';
import { shouldHugUnion } from './print-doc-types.js';

export type AssignmentLayout =
  | 'break-after-operator'
  | 'never-break-after-operator'
  | 'fluid'
  | 'break-lhs'
  | 'chain'
  | 'chain-tail'
  | 'chain-tail-arrow-chain'
  | 'only-left';

export function printAssignment(node: AnyNode, ctx: PrintContext, leftDoc: Doc, operator: Doc, right: AnyNode | null | undefined): Doc {
  const { b } = ctx;
  const layout = chooseLayout(node, ctx, leftDoc, right);
  const rightDoc = right ? ctx.print(right, { assignmentLayout: layout }) : '';
  switch (layout) {
    case 'break-after-operator':
      return b.group([b.group(leftDoc), operator, b.group(b.indent([b.line, rightDoc]))]);
    case 'never-break-after-operator':
      return b.group([b.group(leftDoc), operator, ' ', rightDoc]);
    case 'fluid': {
      const groupId = Symbol('assignment');
      return b.group([b.group(leftDoc), operator, b.group(b.indent(b.line), { id: groupId }), b.lineSuffixBoundary, b.indentIfBreak(rightDoc, { groupId })]);
    }
    case 'break-lhs':
      return b.group([leftDoc, operator, ' ', b.group(rightDoc)]);
    case 'chain':
      return [b.group(leftDoc), operator, b.line, rightDoc];
    case 'chain-tail':
      return [b.group(leftDoc), operator, b.indent([b.line, rightDoc])];
    case 'chain-tail-arrow-chain':
      return [b.group(leftDoc), operator, rightDoc];
    case 'only-left':
      return leftDoc;
  }
}

const isAssignment = (node: AnyNode | null | undefined): node is N.AssignmentExpression => node?.type === 'AssignmentExpression';
const isAssignmentOrDeclarator = (node: AnyNode | null | undefined) => isAssignment(node) || node?.type === 'VariableDeclarator';

function chooseLayout(node: AnyNode, ctx: PrintContext, leftDoc: Doc, right: AnyNode | null | undefined): AssignmentLayout {
  if (!right) return 'only-left';
  const isTail = !isAssignment(right);
  const { parent } = node;
  const grandparent = parent?.parent;
  if (isAssignment(node) && isAssignmentOrDeclarator(parent) && (!isTail || (grandparent?.type !== 'ExpressionStatement' && grandparent?.type !== 'VariableDeclaration'))) {
    if (!isTail) return 'chain';
    return right.type === 'ArrowFunctionExpression' && right.body.type === 'ArrowFunctionExpression' ? 'chain-tail-arrow-chain' : 'chain-tail';
  }
  if ((!isTail && isAssignment((right as N.AssignmentExpression).right)) || (isUnionType(right) && !shouldHugUnion(right)) || hasLeadingOwnLineComment(right) || hasComment(right, CommentFlags.Leading, isIndentableBlockComment)) {
    return 'break-after-operator';
  }
  if (isCallExpression(right) && right.callee.type === 'Identifier' && right.callee.name === 'require') return 'never-break-after-operator';
  const leftMayBreak = canBreak(leftDoc);
  if (isComplexTypeAnnotation(node) || (node.type === 'VariableDeclarator' && node.init?.type === 'ArrowFunctionExpression' && leftMayBreak)) return 'break-lhs';
  const hasShortKey = isObjectPropertyKeyShort(node, leftDoc, ctx);
  if (shouldBreakAfterOperator(right, ctx, hasShortKey)) return 'break-after-operator';
  if (isComplexTypeAliasParams(node)) return 'break-lhs';
  if (!leftMayBreak && (hasShortKey || right.type === 'TemplateLiteral' || right.type === 'BooleanLiteral' || right.type === 'NumericLiteral')) return 'never-break-after-operator';
  return 'fluid';
}

function isIndentableBlockComment(comment: N.EComment): boolean {
  if (!comment.block || !comment.value.includes('\n')) return false;
  return `*${comment.value}*`.split('\n').every((line) => line.trimStart().startsWith('*'));
}

/** `a: 1` with a key shorter than the indentation plus a few columns. */
function isObjectPropertyKeyShort(node: AnyNode, leftDoc: Doc, ctx: PrintContext): boolean {
  if (node.type !== 'Property' || node.method || node.kind !== 'init') return false;
  const text = plainText(leftDoc);
  return text !== undefined && ctx.width(text) < ctx.options.tabWidth + 3;
}

/** Logical expression whose right side is a non-empty object or array stays inline. */
export function shouldInlineLogicalExpression(node: AnyNode): boolean {
  if (node.type !== 'LogicalExpression') return false;
  const { right } = node;
  return (right.type === 'ObjectExpression' && right.properties.length > 0) || (right.type === 'ArrayExpression' && right.elements.length > 0);
}

function shouldBreakAfterOperator(right: AnyNode, ctx: PrintContext, hasShortKey: boolean): boolean {
  if (isBinaryish(right) && !shouldInlineLogicalExpression(right)) return true;
  if (right.type === 'ConditionalExpression') {
    if (!ctx.options.experimentalTernaries) return isBinaryish(right.test) && !shouldInlineLogicalExpression(right.test);
    return right.consequent.type === 'ConditionalExpression' || right.alternate.type === 'ConditionalExpression';
  }
  if (hasShortKey) return false;
  let node: AnyNode = right;
  for (;;) {
    if (node.type === 'UnaryExpression' || node.type === 'AwaitExpression') node = node.argument;
    else if (node.type === 'TSNonNullExpression') node = node.expression;
    else break;
  }
  return isStringLiteral(node) || isPoorlyBreakableMemberOrCallChain(node, ctx);
}

/** A short chain of calls with no or short arguments, rooted at a name (`a.b.c()`, `this.x()`). */
function isPoorlyBreakableMemberOrCallChain(node: AnyNode, ctx: PrintContext, deep = false): boolean {
  if (node.type === 'ChainExpression' || node.type === 'TSNonNullExpression') return isPoorlyBreakableMemberOrCallChain(node.expression, ctx, true);
  if (isCallExpression(node)) {
    // The call's own doc (prettier prints it again; the doc is the same, so the cached one serves).
    if (isMemberChainLabel(labelOf(ctx.print(node)))) return false;
    const args = node.arguments;
    const isPoorlyBreakableCall = args.length === 0 || (args.length === 1 && isShortCallArgument(args[0]!, ctx));
    if (!isPoorlyBreakableCall) return false;
    if (isCallExpressionWithComplexTypeArguments(node, ctx)) return false;
    return isPoorlyBreakableMemberOrCallChain(node.callee, ctx, true);
  }
  if (isMemberExpression(node)) return isPoorlyBreakableMemberOrCallChain(node.object, ctx, true);
  return deep && (node.type === 'Identifier' || node.type === 'ThisExpression');
}

/** Prettier's `isLoneShortArgument` (below a unary operator it measures strings with double quotes). */
export function isShortCallArgument(node: AnyNode, ctx: PrintContext, underUnary = false): boolean {
  if (hasComment(node)) return false;
  const threshold = ctx.options.printWidth * 0.25;
  if (node.type === 'ThisExpression' || (node.type === 'Identifier' && node.name.length <= threshold)) return true;
  if (node.type === 'UnaryExpression' && (node.operator === '-' || node.operator === '+') && node.argument.type === 'NumericLiteral' && !hasComment(node.argument)) return true;
  if (isStringLiteral(node)) {
    // Printing changes at most one character in two (an escape losing its backslash): a raw
    // text this long prints longer than the threshold, without re-quoting it.
    if ((node.raw.length - 2) / 2 + 2 > threshold) return false;
    return printString(node.raw, underUnary ? { ...ctx, options: { ...ctx.options, singleQuote: false } } : ctx).length <= threshold;
  }
  if (node.type === 'TemplateLiteral') return node.expressions.length === 0 && node.quasis[0]!.raw.length <= threshold && !node.quasis[0]!.raw.includes('\n');
  if (node.type === 'UnaryExpression') return isShortCallArgument(node.argument, ctx, true);
  if (node.type === 'CallExpression' && node.arguments.length === 0 && node.callee.type === 'Identifier') return node.callee.name.length <= threshold - 2;
  return node.type === 'NumericLiteral' || node.type === 'BooleanLiteral' || node.type === 'NullLiteral';
}

function isCallExpressionWithComplexTypeArguments(node: N.CallExpression, ctx: PrintContext): boolean {
  const params = node.typeArguments?.params;
  if (!params || params.length === 0) return false;
  if (params.length > 1) return true;
  const [only] = params as [N.TypeNode];
  if (isUnionType(only) || isIntersectionType(only) || isObjectType(only)) return true;
  if (willBreak(ctx.print(node.typeArguments!))) return true;
  ctx.foundNoBreak(node.typeArguments);
  return false;
}


/** `const x: Map<string, Set<T>> = ...` breaks on the left first. */
function isComplexTypeAnnotation(node: AnyNode): boolean {
  if (node.type !== 'VariableDeclarator') return false;
  const annotation = node.id.typeAnnotation?.typeAnnotation;
  if (!annotation || annotation.type !== 'TSTypeReference') return false;
  const args = annotation.typeArguments?.params;
  return !!args && args.length > 1 && args.some((arg) => (arg.type === 'TSTypeReference' && (arg.typeArguments?.params.length ?? 0) > 0) || false);
}

/** `type A<T extends X, U> = ...` breaks on the left first. */
function isComplexTypeAliasParams(node: AnyNode): boolean {
  if (node.type !== 'TSTypeAliasDeclaration') return false;
  const params = node.typeParameters?.params;
  return !!params && params.length > 1 && params.some((p) => p.constraint || p.default);
}
