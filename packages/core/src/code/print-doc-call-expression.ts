/**
 * A call or `new` expression: a member chain (`a.b().c()`) goes to the member-chain printer, any
 * other call to the argument printer. Kept apart from both, which the chain printer also uses, so
 * that no two files import each other.
 */
import type { Doc } from '../format/doc.js';
import { type PrintContext, isCallExpression, isMemberExpression } from './print-doc-context.js';
import { isTemplateOnItsOwnLine, isTestCall, printCallArguments } from './print-doc-call.js';
import { printOptionalToken } from './print-doc-expr.js';
import { printMemberChain } from './member-chain.js';
import type * as N from './print-doc-nodes.js';
import { needsParens } from './print-doc-parens.js';

export function printCallExpression(node: N.CallExpression | N.NewExpression, ctx: PrintContext): Doc {
  const { b } = ctx;
  const isNew = node.type === 'NewExpression';
  const optional = printOptionalToken(node);
  const args = node.arguments;
  const typeArgs: Doc = node.typeArguments ? [ctx.print(node.typeArguments), b.lineSuffixBoundary] : '';
  const callee: Doc = [isNew ? 'new ' : '', ctx.print(node.callee), b.lineSuffixBoundary];
  if ((args.length === 1 && isTemplateOnItsOwnLine(args[0]!)) || isTestCall(node, node.parent)) {
    return [callee, optional, typeArgs, '(', b.join(', ', args.map((arg) => ctx.print(arg))), ')'];
  }
  const calleeNode = node.callee;
  if (!isNew && isMemberExpression(calleeNode) && !needsParens(calleeNode, ctx.options)) return printMemberChain(node as N.CallExpression, ctx);
  const parts: Doc = [callee, optional, typeArgs, printCallArguments(node, ctx)];
  return isCallExpression(calleeNode) ? b.group(parts) : parts;
}
