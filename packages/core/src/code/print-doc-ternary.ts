/** Conditional expressions (prettier's default ternary format; experimental ternaries fall back). */
import type { Doc } from '../format/doc.js';
import { type AnyNode, type PrintContext, isCallExpression, isMemberExpression } from './print-doc-context.js';
import { Unsupported } from './print-doc-lower.js';
import type * as N from './print-doc-nodes.js';

const RIGHT_SIDE: Record<string, string> = {
  AssignmentExpression: 'right',
  VariableDeclarator: 'init',
  ReturnStatement: 'argument',
  ThrowStatement: 'argument',
  UnaryExpression: 'argument',
  AwaitExpression: 'argument',
};

/** A conditional at the head of a member chain that is itself a right-hand side. */
function shouldExtraIndent(node: N.ConditionalExpression): boolean {
  let child: AnyNode = node;
  let holder: AnyNode | undefined;
  for (let parent = node.parent; parent && !holder; parent = parent.parent) {
    if (((parent.type === 'ChainExpression' || parent.type === 'TSNonNullExpression') && parent.expression === child) || (isCallExpression(parent) && parent.callee === child) || (isMemberExpression(parent) && parent.object === child)) {
      child = parent;
      continue;
    }
    if ((parent.type === 'NewExpression' && parent.callee === child) || ((parent.type === 'TSAsExpression' || parent.type === 'TSSatisfiesExpression') && parent.expression === child)) {
      holder = parent.parent ?? undefined;
      child = parent;
    } else holder = parent;
  }
  if (child === node || !holder) return false;
  const property = RIGHT_SIDE[holder.type];
  return property !== undefined && (holder as unknown as Record<string, unknown>)[property] === child;
}

export function printTernary(node: N.ConditionalExpression, ctx: PrintContext): Doc {
  const { b, options } = ctx;
  if (options.experimentalTernaries) throw new Unsupported('experimental ternaries');
  const { parent } = node;
  const isParentTest = parent?.type === 'ConditionalExpression' && parent.test === node;
  const forceNoIndent = parent?.type === 'ConditionalExpression' && !isParentTest;
  // The closest ancestor that is not a conditional reached through consequent/alternate.
  let last: AnyNode = node;
  let ancestor: AnyNode | null = node.parent;
  while (ancestor && ancestor.type === 'ConditionalExpression' && ancestor.test !== last) {
    last = ancestor;
    ancestor = ancestor.parent;
  }
  const firstNonConditionalParent = ancestor ?? parent;
  const branch = (child: N.Expression) => (options.useTabs ? b.indent(ctx.print(child)) : b.align(2, ctx.print(child)));
  const consequentIsConditional = node.consequent.type === 'ConditionalExpression';
  const parts: Doc = [
    b.line,
    '? ',
    consequentIsConditional ? b.ifBreak('', '(') : '',
    branch(node.consequent),
    consequentIsConditional ? b.ifBreak('', ')') : '',
    b.line,
    ': ',
    branch(node.alternate),
  ];
  const placed: Doc =
    parent?.type !== 'ConditionalExpression' || parent.alternate === node || isParentTest
      ? parts
      : options.useTabs
        ? b.align(-1, b.indent(parts))
        : b.align(Math.max(0, options.tabWidth - 2), parts);
  const maybeGroup = (doc: Doc) => (parent === firstNonConditionalParent ? b.group(doc) : doc);
  const breakClosingParen = isMemberExpression(parent) && !parent.computed;
  const extraIndent = shouldExtraIndent(node);
  const testDoc = ctx.print(node.test);
  const test = parent?.type === 'ConditionalExpression' && parent.alternate === node ? b.align(2, testDoc) : testDoc;
  const result = maybeGroup([test, forceNoIndent ? placed : b.indent(placed), breakClosingParen && !extraIndent ? b.softline : '']);
  return isParentTest || extraIndent ? b.group([b.indent([b.softline, result]), b.softline]) : result;
}
