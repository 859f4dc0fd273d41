/** Comments around a node, as prettier's `printComments` prints the ones it attached. */
import type { Doc } from '../format/doc.js';
import type { PrintContext } from './print-doc-context.js';
import type * as N from './print-doc-nodes.js';

/** A JSDoc-style block whose every line starts with `*` is re-indented line by line. */
function indentableLines(comment: N.EComment): string[] | undefined {
  if (!comment.block || !comment.value.includes('\n')) return undefined;
  const lines = `*${comment.value}*`.split('\n').map((line) => line.trimStart());
  return lines.every((line) => line.startsWith('*')) ? lines : undefined;
}

export function printComment(comment: N.EComment, ctx: PrintContext): Doc {
  const { b } = ctx;
  if (!comment.block) return `//${comment.value}`.trimEnd();
  const lines = indentableLines(comment);
  if (lines) {
    return [
      '/',
      lines.map((line, i) => {
        if (i === 0) return [line.trimEnd(), b.hardline];
        if (i === lines.length - 1) return [' ', line];
        return [' ', line.trimEnd(), b.hardline];
      }),
      '/',
    ];
  }
  const parts = comment.value.split('\n');
  return ['/*', parts.length === 1 ? comment.value : b.join(b.literalline, parts), '*/'];
}

function printLeadingComment(comment: N.EComment, ctx: PrintContext): Doc {
  const { b } = ctx;
  const parts: Doc[] = [printComment(comment, ctx)];
  if (comment.block) parts.push(comment.newlineAfter ? (comment.newlineBefore ? b.hardline : b.line) : ' ');
  else parts.push(b.hardline);
  if (comment.blankLineAfter) parts.push(b.hardline);
  return parts;
}

interface TrailingState {
  doc: Doc;
  isBlock: boolean;
  hasLineSuffix: boolean;
}

function printTrailingComment(comment: N.EComment, ctx: PrintContext, previous: TrailingState | undefined): TrailingState {
  const { b } = ctx;
  const printed = printComment(comment, ctx);
  if ((previous?.hasLineSuffix && !previous.isBlock) || comment.newlineBefore) {
    return { doc: b.lineSuffix([b.hardline, printed]), isBlock: comment.block, hasLineSuffix: true };
  }
  if (!comment.block || previous?.hasLineSuffix) return { doc: [b.lineSuffix([' ', printed]), b.breakParent], isBlock: comment.block, hasLineSuffix: true };
  return { doc: [' ', printed], isBlock: comment.block, hasLineSuffix: false };
}

export function printLeadingComments(node: N.ENode, ctx: PrintContext): Doc[] {
  return (node.comments ?? []).filter((c) => c.leading).map((c) => printLeadingComment(c, ctx));
}

export function printTrailingComments(node: N.ENode, ctx: PrintContext): Doc[] {
  const docs: Doc[] = [];
  let previous: TrailingState | undefined;
  for (const comment of node.comments ?? []) {
    if (!comment.trailing) continue;
    previous = printTrailingComment(comment, ctx, previous);
    docs.push(previous.doc);
  }
  return docs;
}

/** `[leading comments, doc, trailing comments]`, keeping the doc's label. */
export function printComments(node: N.ENode, doc: Doc, ctx: PrintContext): Doc {
  const leading = printLeadingComments(node, ctx);
  const trailing = printTrailingComments(node, ctx);
  if (leading.length === 0 && trailing.length === 0) return doc;
  return inheritLabel(doc, (contents) => [leading.length > 0 ? leading : '', contents, trailing.length > 0 ? trailing : '']);
}

export function inheritLabel(doc: Doc, fn: (doc: Doc) => Doc): Doc {
  if (typeof doc === 'object' && !Array.isArray(doc) && doc.type === 'label') return { ...doc, contents: fn(doc.contents) };
  return fn(doc);
}
