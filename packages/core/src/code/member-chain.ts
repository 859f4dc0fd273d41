/**
 * Method chains (`z.object({...}).strict().optional()`), printed on one line when they fit and as
 * one call per line otherwise (prettier's `printMemberChain`).
 */
import { type Doc, willBreak } from '../format/doc.js';
import { type AnyNode, type PrintContext, CommentFlags, hasComment, isCallExpression, isFunctionOrArrowExpression, isMemberExpression } from './print-doc-context.js';
import { isCalleeOfShorterCall, isSimpleCallArgument, printCallArguments } from './print-doc-call.js';
import { printComments } from './print-doc-comments.js';
import { printMemberLookup, printOptionalToken } from './print-doc-expr.js';
import type * as N from './print-doc-nodes.js';
import { needsParens } from './print-doc-parens.js';

interface PrintedNode {
  node: AnyNode;
  printed: Doc;
}

/** A call's part after its callee: `?.`, type arguments, arguments. */
const callTail = (call: N.CallExpression, ctx: PrintContext): Doc => [printOptionalToken(call), call.typeArguments ? ctx.print(call.typeArguments) : '', printCallArguments(call, ctx)];

export function printMemberChain(node: N.CallExpression, ctx: PrintContext): Doc {
  const { b, options } = ctx;
  const parent = node.parent?.type === 'ChainExpression' ? node.parent.parent : node.parent;
  const isExpressionStatement = parent?.type === 'ExpressionStatement';

  // The most common chain, `name.method(args)`: two groups, printed on one line (what the general
  // grouping below gives for it, without building it).
  const callee = node.callee;
  if (isMemberExpression(callee) && !(callee.computed && callee.property.type === 'NumericLiteral') && !hasComment(callee)) {
    const head = callee.object;
    const continues = isCallExpression(head) || isMemberExpression(head) || head.type === 'ChainExpression' || head.type === 'TSNonNullExpression';
    if (!continues && !hasComment(head)) {
      const oneLine: Doc = [[ctx.print(head)], [printMemberLookup(callee, ctx), callTail(node, ctx)]];
      return isCalleeOfShorterCall(node) ? oneLine : b.group(oneLine);
    }
  }

  const printedNodes: PrintedNode[] = [];
  const collect = (current: AnyNode): void => {
    if (isCallExpression(current) && (isMemberExpression(current.callee) || isCallExpression(current.callee)) && !needsParens(current, options)) {
      printedNodes.unshift({ node: current, printed: [printComments(current, callTail(current, ctx), ctx), ''] });
      collect(current.callee);
    } else if (isMemberExpression(current) && !needsParens(current, options)) {
      printedNodes.unshift({ node: current, printed: printComments(current, printMemberLookup(current, ctx), ctx) });
      collect(current.object);
    } else if (current.type === 'ChainExpression' && !needsParens(current, options)) {
      collect(current.expression);
    } else if (current.type === 'TSNonNullExpression' && !needsParens(current, options)) {
      printedNodes.unshift({ node: current, printed: printComments(current, '!', ctx) });
      collect(current.expression);
    } else {
      printedNodes.unshift({ node: current, printed: ctx.print(current) });
    }
  };

  printedNodes.unshift({ node, printed: callTail(node, ctx) });
  collect(node.callee);

  // The head: the first node, then calls, non-null assertions and numeric lookups right after it
  // (`a()()`, `a[0]`); for a name, also the properties before the first call (`a.b.c()`).
  const groups: PrintedNode[][] = [];
  let current: PrintedNode[] = [printedNodes[0]!];
  let i = 1;
  for (; i < printedNodes.length; ++i) {
    const n = printedNodes[i]!.node;
    if (n.type === 'TSNonNullExpression' || isCallExpression(n) || (isMemberExpression(n) && n.computed && n.property.type === 'NumericLiteral')) current.push(printedNodes[i]!);
    else break;
  }
  if (!isCallExpression(printedNodes[0]!.node)) {
    for (; i + 1 < printedNodes.length; ++i) {
      if (isMemberExpression(printedNodes[i]!.node) && isMemberExpression(printedNodes[i + 1]!.node)) current.push(printedNodes[i]!);
      else break;
    }
  }
  groups.push(current);
  current = [];
  let hasSeenCall = false;
  for (; i < printedNodes.length; ++i) {
    const item = printedNodes[i]!;
    const n = item.node;
    if (hasSeenCall && isMemberExpression(n)) {
      if (n.computed && n.property.type === 'NumericLiteral') {
        current.push(item);
        continue;
      }
      groups.push(current);
      current = [];
      hasSeenCall = false;
    }
    if (isCallExpression(n)) hasSeenCall = true;
    current.push(item);
    if (hasComment(n, CommentFlags.Trailing) && printedNodes[i + 1]?.node.type !== 'TSNonNullExpression') {
      groups.push(current);
      current = [];
      hasSeenCall = false;
    }
  }
  if (current.length > 0) groups.push(current);

  const isFactory = (name: string) => /^[A-Z]|^[$_]+$/.test(name);
  const isShort = (name: string) => name.length <= options.tabWidth;
  const shouldNotWrap = (all: PrintedNode[][]): boolean => {
    const hasComputed = (all[1]?.[0]?.node as N.MemberExpression | undefined)?.computed === true;
    if (all[0]!.length === 1) {
      const first = all[0]![0]!.node;
      return (
        (first.type === 'ThisExpression' || (first.type === 'Identifier' && (isFactory(first.name) || (isExpressionStatement && isShort(first.name)) || hasComputed))) &&
        !hasComment(first, CommentFlags.Trailing)
      );
    }
    const last = all[0]![all[0]!.length - 1]!.node;
    return isMemberExpression(last) && last.property.type === 'Identifier' && (isFactory(last.property.name) || hasComputed);
  };
  const shouldMerge = groups.length >= 2 && !hasComment(groups[1]![0]!.node) && shouldNotWrap(groups);

  const printGroup = (group: PrintedNode[]): Doc[] => group.map((item) => item.printed);
  const printIndentedGroup = (list: PrintedNode[][]): Doc => (list.length === 0 ? '' : b.indent([b.hardline, b.join(b.hardline, list.map(printGroup))]));

  const printedGroups = groups.map(printGroup);
  const oneLine: Doc = printedGroups;
  const cutoff = shouldMerge ? 3 : 2;
  const flat = groups.flat();
  const nodeHasComment =
    flat.slice(1, -1).some((item) => hasComment(item.node, CommentFlags.Leading)) ||
    flat.slice(0, -1).some((item) => hasComment(item.node, CommentFlags.Trailing)) ||
    (groups[cutoff] !== undefined && hasComment(groups[cutoff]![0]!.node, CommentFlags.Leading));

  if (groups.length <= cutoff && !nodeHasComment) return isCalleeOfShorterCall(node) ? oneLine : b.group(oneLine);

  const expanded: Doc = [printGroup(groups[0]!), shouldMerge ? groups.slice(1, 2).map(printGroup) : '', printIndentedGroup(groups.slice(shouldMerge ? 2 : 1))];
  const callExpressions = printedNodes.map((item) => item.node).filter(isCallExpression);

  const lastGroupWillBreakAndOtherCallsAreFunctionArguments = () => {
    const lastGroup = groups[groups.length - 1]!;
    const lastNode = lastGroup[lastGroup.length - 1]!.node;
    const lastPrinted = printedGroups[printedGroups.length - 1]!;
    return isCallExpression(lastNode) && willBreak(lastPrinted) && callExpressions.slice(0, -1).some((call) => call.arguments.some(isFunctionOrArrowExpression));
  };

  let result: Doc;
  if (
    nodeHasComment ||
    (callExpressions.length > 2 && callExpressions.some((call) => !call.arguments.every((arg) => isSimpleCallArgument(arg)))) ||
    printedGroups.slice(0, -1).some(willBreak) ||
    lastGroupWillBreakAndOtherCallsAreFunctionArguments()
  ) {
    result = b.group(expanded);
  } else {
    result = [willBreak(oneLine) ? b.breakParent : '', b.conditionalGroup([oneLine, expanded])];
  }
  return b.label({ memberChain: true }, result);
}
