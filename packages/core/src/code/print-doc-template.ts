/** Template literals (prettier's `printTemplateLiteral`): text kept as written, `${}` never wrapped. */
import type { Doc } from '../format/doc.js';
import { printDoc } from '../format/doc-printer.js';
import { type PrintContext, hasComment, isBinaryCastExpression, isBinaryish, isMemberExpression, stripChain } from './print-doc-context.js';
import type * as N from './print-doc-nodes.js';

/** Columns of indentation of the last line of a quasi (tabs to the next tab stop). */
function indentSize(text: string, tabWidth: number): number {
  const lastNewline = text.lastIndexOf('\n');
  if (lastNewline === -1) return 0;
  const leading = /^[\t ]*/.exec(text.slice(lastNewline + 1))![0];
  let size = 0;
  for (const char of leading) size = char === '\t' ? size + tabWidth - (size % tabWidth) : size + 1;
  return size;
}

function addAlignment(doc: Doc, size: number, ctx: PrintContext): Doc {
  const { b } = ctx;
  const { tabWidth } = ctx.options;
  let aligned = doc;
  if (size > 0) {
    for (let i = 0; i < Math.floor(size / tabWidth); ++i) aligned = b.indent(aligned);
    aligned = b.align(size % tabWidth, aligned);
    aligned = b.align(Number.NEGATIVE_INFINITY, aligned);
  }
  return aligned;
}

export function printTemplateLiteral(node: N.TemplateLiteral, ctx: PrintContext): Doc {
  const { b } = ctx;
  const { tabWidth } = ctx.options;
  let previousIndent = 0;
  const quasiInfo = node.quasis.map((quasi) => {
    const size = quasi.raw.includes('\n') ? indentSize(quasi.raw, tabWidth) : previousIndent;
    previousIndent = size;
    return { indentSize: size, text: quasi.raw };
  });
  const expressions = node.expressions.map((expression, i) => {
    let printed = ctx.print(expression);
    let hasNewline = node.newlineInInterpolation[i] === true;
    if (!hasNewline) {
      const flat = printDoc(printed, { ...ctx.printOptions, printWidth: Number.POSITIVE_INFINITY, eol: '\n' }).text;
      if (flat.includes('\n')) hasNewline = true;
      else printed = flat;
    }
    if (
      hasNewline &&
      (hasComment(expression) ||
        expression.type === 'Identifier' ||
        isMemberExpression(stripChain(expression)) ||
        expression.type === 'ConditionalExpression' ||
        isBinaryCastExpression(expression) ||
        isBinaryish(expression))
    ) {
      printed = [b.indent([b.softline, printed]), b.softline];
    }
    const { indentSize: size, text } = quasiInfo[i]!;
    printed = size === 0 && text.endsWith('\n') ? b.align(Number.NEGATIVE_INFINITY, printed) : addAlignment(printed, size, ctx);
    return b.group(['${', printed, b.lineSuffixBoundary, '}']);
  });
  const parts: Doc[] = [b.lineSuffixBoundary, '`'];
  node.quasis.forEach((quasi, i) => {
    parts.push(printTemplateElement(quasi, ctx));
    if (i < expressions.length) parts.push(expressions[i]!);
  });
  parts.push('`');
  return parts;
}

export function printTemplateElement(node: N.TemplateElement, ctx: PrintContext): Doc {
  return ctx.b.join(ctx.b.literalline, node.raw.split('\n'));
}
