/** Binary and logical expressions, flattened per precedence level (prettier's `printBinaryishExpression`). */
import type { Doc } from '../format/doc.js';
import { type AnyNode, type PrintContext, CommentFlags, hasComment, isBinaryish, isMemberExpression } from './print-doc-context.js';
import { shouldInlineLogicalExpression } from './print-doc-assign.js';
import type * as N from './print-doc-nodes.js';
import { shouldFlatten } from './print-doc-parens.js';

/** Inside `if (...)`-like parentheses. */
function isInsideParenthesis(node: AnyNode): boolean {
  const { parent, field: key } = node;
  return key !== 'body' && parent?.type === 'IfStatement';
}

/** A logical chain whose last operand is an inline object or array. */
function shouldNotIndent(node: AnyNode): boolean {
  if (node.type !== 'LogicalExpression' || !shouldInlineLogicalExpression(node)) return false;
  if (isBinaryish(node.left) && shouldFlatten(node.operator, node.left.operator)) return shouldNotIndent(node.left);
  return true;
}

export function printBinaryish(node: N.BinaryExpression, ctx: PrintContext): Doc {
  const { b } = ctx;
  const { parent, field: key } = node;
  const grandparent = parent?.parent;
  const insideParens = isInsideParenthesis(node);
  const parts = printBinaryishExpressions(node, ctx, false, insideParens);
  if (insideParens) return parts;
  if ((key === 'callee' && (parent?.type === 'CallExpression' || parent?.type === 'NewExpression')) || (parent?.type === 'UnaryExpression' && !hasComment(node)) || (isMemberExpression(parent) && !parent.computed)) {
    return b.group([b.indent([b.softline, ...parts]), b.softline]);
  }
  const shouldNotIndentParts =
    (key === 'argument' && (parent?.type === 'ReturnStatement' || parent?.type === 'ThrowStatement' || parent?.type === 'UnaryExpression')) ||
    (parent?.type === 'ArrowFunctionExpression' && parent.body === node) ||
    (parent?.type === 'ConditionalExpression' && grandparent?.type !== 'ReturnStatement' && grandparent?.type !== 'ThrowStatement' && grandparent?.type !== 'CallExpression' && grandparent?.type !== 'NewExpression') ||
    parent?.type === 'TemplateLiteral' ||
    (key === 'arguments' && parent?.type === 'CallExpression' && !parent.optional && parent.arguments.length === 1 && parent.callee.type === 'Identifier' && parent.callee.name === 'Boolean');
  const shouldIndentIfInlining = parent?.type === 'AssignmentExpression' || parent?.type === 'VariableDeclarator' || parent?.type === 'PropertyDefinition' || (parent?.type === 'Property' && !parent.method && parent.kind === 'init');
  if (shouldNotIndentParts || shouldNotIndent(node) || (!shouldInlineLogicalExpression(node) && shouldIndentIfInlining)) return b.group(parts);
  const groupIndex = parts.findIndex((part) => typeof part === 'object' && !Array.isArray(part) && part.type === 'group');
  const head = parts.slice(0, groupIndex === -1 ? 1 : groupIndex + 1);
  const rest = parts.slice(head.length);
  return b.group([...head, b.indent(rest)], { id: Symbol('logicalChain') });
}

/** The operands and operators of a same-precedence chain, innermost first. */
function printBinaryishExpressions(node: AnyNode, ctx: PrintContext, isNested: boolean, insideParens: boolean): Doc[] {
  const { b } = ctx;
  if (!isBinaryish(node)) return [b.group(ctx.print(node))];
  const chain: N.BinaryExpression[] = [node];
  let current: N.BinaryExpression = node;
  while (isBinaryish(current.left) && shouldFlatten(current.operator, current.left.operator)) {
    current = current.left;
    chain.unshift(current);
  }
  let parts: Doc[] = [];
  chain.forEach((link, i) => {
    parts = printBinaryLink(link, ctx, parts, isNested || i !== chain.length - 1, insideParens);
  });
  return parts;
}

function printBinaryLink(node: N.BinaryExpression, ctx: PrintContext, parts: Doc[], isNested: boolean, insideParens: boolean): Doc[] {
  const { b, options } = ctx;
  void isNested;
  if (parts.length === 0) parts.push(b.group(ctx.print(node.left)));
  const shouldInline = shouldInlineLogicalExpression(node);
  let right: Doc;
  if (shouldInline) right = [node.operator, ' ', ctx.print(node.right)];
  else if (options.experimentalOperatorPosition === 'start') right = [b.line, node.operator, ' ', ctx.print(node.right)];
  else right = ['', node.operator, b.line, ctx.print(node.right)];
  const { parent } = node;
  const shouldBreak = hasComment(node.left, CommentFlags.Trailing | CommentFlags.Line);
  const shouldGroup = shouldBreak || (!(insideParens && node.type === 'LogicalExpression') && parent?.type !== node.type && node.left.type !== node.type && node.right.type !== node.type);
  if (shouldGroup) right = b.group(right, { shouldBreak });
  if (options.experimentalOperatorPosition === 'start') parts.push(shouldInline ? ' ' : '', right);
  else parts.push(' ', right);
  return parts;
}
