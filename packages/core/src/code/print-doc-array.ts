/** Array literals and tuple types (prettier's `printArray`), numbers-only arrays as a fill. */
import type { Doc } from '../format/doc.js';
import { type AnyNode, type PrintContext, CommentFlags, hasComment, shouldPrintComma } from './print-doc-context.js';
import { isConciselyPrintedArray } from './print-doc-call.js';
import type * as N from './print-doc-nodes.js';

export function printArray(node: N.ArrayExpression | N.TSTupleType, ctx: PrintContext): Doc {
  const { b, options } = ctx;
  const elements: AnyNode[] = node.type === 'TSTupleType' ? node.elementTypes : node.elements;
  if (elements.length === 0) return b.group(['[', ']']);
  const shouldBreak =
    elements.length > 1 &&
    elements.every((element, i) => {
      if (element.type !== 'ArrayExpression' && element.type !== 'ObjectExpression') return false;
      const next = elements[i + 1];
      if (next && next.type !== element.type) return false;
      const items = element.type === 'ArrayExpression' ? element.elements : element.properties;
      return items.length > 1;
    });
  const concise = isConciselyPrintedArray(node);
  const groupId = Symbol('array');
  const trailingComma = !shouldPrintComma(options) ? '' : concise ? b.ifBreak(',', '', { groupId }) : b.ifBreak(',');
  const items: Doc = concise ? printConcisely(elements, ctx, trailingComma) : [printItems(elements, ctx), trailingComma];
  return b.group(['[', b.indent([b.softline, items]), b.softline, ']'], { shouldBreak, id: groupId });
}

function printItems(elements: AnyNode[], ctx: PrintContext): Doc[] {
  const { b } = ctx;
  const parts: Doc[] = [];
  elements.forEach((element, i) => {
    parts.push(b.group(ctx.print(element)));
    if (i < elements.length - 1) parts.push([',', b.line, '']);
  });
  return parts;
}

function printConcisely(elements: AnyNode[], ctx: PrintContext, trailingComma: Doc): Doc {
  const { b } = ctx;
  const parts: Doc[] = [];
  elements.forEach((element, i) => {
    const isLast = i === elements.length - 1;
    parts.push([ctx.print(element), isLast ? trailingComma : ',']);
    if (!isLast) parts.push(hasComment(elements[i + 1], CommentFlags.Leading | CommentFlags.Line) ? b.hardline : b.line);
  });
  return b.fill(parts);
}
