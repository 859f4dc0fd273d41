/** Conditional expressions (prettier's default ternary format; experimental ternaries fall back). */
import type { Doc } from '../format/doc.js';
import { type AnyNode, type PrintContext, isCallExpression, isMemberExpression } from './print-doc-context.js';
import { isShortCallArgument } from './print-doc-assign.js';
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

export function printTernary(node: N.ConditionalExpression, ctx: PrintContext, args?: N.PrintArgs): Doc {
  const { b, options } = ctx;
  if (options.experimentalTernaries) return printExperimentalTernary(node, ctx, args);
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

/**
 * At most `max` nodes below `node`, counting as prettier does: only child nodes held directly in
 * a property (nodes in lists, such as arguments or properties, are not counted).
 */
function hasFewNodes(node: AnyNode, max: number): boolean {
  let count = 0;
  const visit = (current: AnyNode): boolean => {
    for (const [key, value] of Object.entries(current)) {
      if (key === 'parent' || key === 'printed' || key === 'comments') continue;
      if (value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string') {
        count++;
        if (count > max || !visit(value as AnyNode)) return false;
      }
    }
    return count <= max;
  };
  return visit(node);
}

const ASSIGNMENT_LIKE = new Set(['AssignmentExpression', 'VariableDeclarator', 'PropertyDefinition', 'Property']);

/** `experimentalTernaries: true` (prettier's "curious ternaries"). */
export function printExperimentalTernary(node: N.ConditionalExpression, ctx: PrintContext, args: N.PrintArgs | undefined): Doc {
  const { b, options } = ctx;
  const { parent } = node;
  const consequentIsConditional = node.consequent.type === 'ConditionalExpression';
  const alternateIsConditional = node.alternate.type === 'ConditionalExpression';
  const inChain = parent?.type === 'ConditionalExpression';
  const isAlternateOfParent = inChain && parent.alternate === node;
  const isOnSameLineAsAssign = alternateIsConditional || isAlternateOfParent;
  const wideIndent = options.tabWidth > 2 || options.useTabs;
  let last: AnyNode = node;
  let ancestor: AnyNode | null = node.parent;
  while (ancestor && ancestor.type === 'ConditionalExpression' && ancestor.test !== last) {
    last = ancestor;
    ancestor = ancestor.parent;
  }
  const firstNonConditionalParent = ancestor ?? parent;
  const isAssignmentValue = args?.assignmentLayout !== undefined && args.assignmentLayout !== 'break-after-operator' && parent !== null && ASSIGNMENT_LIKE.has(parent.type);
  const isReturnValue = (parent?.type === 'ReturnStatement' || parent?.type === 'ThrowStatement') && !(consequentIsConditional || alternateIsConditional);
  const extraIndent = shouldExtraIndent(node);
  const breakClosingParen = isMemberExpression(parent) && !parent.computed;
  const dedentSpace = wideIndent ? (options.useTabs ? '\t' : ' '.repeat(options.tabWidth - 1)) : '';
  const shouldBreak = consequentIsConditional || alternateIsConditional;
  const isVerySimple = !isOnSameLineAsAssign && !inChain && isShortCallArgument(node.consequent, ctx) && hasFewNodes(node.test, 3);
  const fitsOnSameLine = isOnSameLineAsAssign || isAlternateOfParent || (inChain && hasFewNodes(node.test, 1)) || isVerySimple;
  const wrapped = (doc: Doc): Doc => [b.ifBreak('('), b.indent([b.softline, doc]), b.softline, b.ifBreak(')')];
  const testId = Symbol('test');
  const consequentId = Symbol('consequent');
  const testAndConsequentId = Symbol('test-and-consequent');
  const test = b.group([[wrapped(ctx.print(node.test)), node.test.type === 'ConditionalExpression' ? b.breakParent : ''], ' ?'], { id: testId });
  const consequent = b.indent([consequentIsConditional ? b.hardline : b.line, ctx.print(node.consequent)]);
  const testAndConsequent = fitsOnSameLine
    ? b.group([test, isOnSameLineAsAssign ? consequent : b.ifBreak(consequent, b.group(consequent, { id: consequentId }), { groupId: testId })], { id: testAndConsequentId })
    : [test, consequent];
  const alternateDoc = ctx.print(node.alternate);
  const alternate = isVerySimple ? b.ifBreak(alternateDoc, b.align(-1, wrapped(alternateDoc)), { groupId: testAndConsequentId }) : alternateDoc;
  const parts: Doc = [
    testAndConsequent,
    alternateIsConditional ? b.hardline : isVerySimple ? b.ifBreak(b.line, ' ', { groupId: testAndConsequentId }) : b.line,
    ':',
    alternateIsConditional || !wideIndent ? ' ' : fitsOnSameLine ? b.ifBreak(dedentSpace, b.ifBreak(isOnSameLineAsAssign || isVerySimple ? ' ' : dedentSpace, ' '), { groupId: testAndConsequentId }) : b.ifBreak(dedentSpace, ' '),
    alternateIsConditional ? alternate : b.group([b.indent(alternate), '']),
    breakClosingParen && !extraIndent ? b.softline : '',
    shouldBreak ? b.breakParent : '',
  ];
  if (isAssignmentValue && !shouldBreak) return b.group(b.indent([b.softline, b.group(parts)]));
  if (isAssignmentValue || isReturnValue) return b.group(b.indent(parts));
  if (extraIndent) return b.group([b.indent([b.softline, parts]), '']);
  return parent === firstNonConditionalParent ? b.group(parts) : parts;
}
