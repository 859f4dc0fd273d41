/**
 * Braced member lists: object literals, type literals, interface and class bodies (prettier's
 * `printObject` and `printClassBody`), with their member separators.
 */
import type { Doc, Line } from '../format/doc.js';
import { type AnyNode, type PrintContext, isObjectType, shouldPrintComma } from './print-doc-context.js';
import { shouldHugTheOnlyFunctionParameter } from './print-doc-functions.js';
import type * as N from './print-doc-nodes.js';

/** A `line` whose printing as a line break the printer reports (see `Line.track`). */
function trackedLine(ctx: PrintContext, soft: boolean, track: object): Line {
  return { ...(soft ? ctx.b.softline : ctx.b.line), track };
}

export function printObjectExpression(node: N.ObjectExpression, ctx: PrintContext): Doc {
  const { b, options } = ctx;
  const shouldBreak = options.objectWrap === 'preserve' && node.properties.length > 0 && node.preservedBreak;
  if (node.properties.length === 0) return b.group(['{', '}']);
  const parts: Doc[] = [];
  let separator: Doc[] = [];
  for (const property of node.properties) {
    parts.push([...separator, ctx.print(property)]);
    separator = [',', b.line];
  }
  const line = trackedLine(ctx, !options.bracketSpacing, node);
  const closing = options.bracketSpacing ? b.line : b.softline;
  return b.group(['{', b.indent([line, ...parts]), shouldPrintComma(options) ? b.ifBreak(',') : '', closing, '}'], { shouldBreak });
}

/** `: { ... }` of the only parameter hugs the parameter list: the literal is not grouped. */
function isHuggedParameterType(node: N.TSTypeLiteral): boolean {
  const annotation = node.parent;
  if (annotation?.type !== 'TSTypeAnnotation' || node.field !== 'typeAnnotation' || annotation.field !== 'typeAnnotation') return false;
  const param = annotation.parent;
  const fn = param?.parent;
  if (param?.type !== 'Identifier' || param.field !== 'params' || !fn) return false;
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression' && fn.type !== 'FunctionDeclaration' && fn.type !== 'TSFunctionType' && fn.type !== 'TSMethodSignature') return false;
  return shouldHugTheOnlyFunctionParameter(fn);
}

export function printTypeLiteral(node: N.TSTypeLiteral, ctx: PrintContext): Doc {
  const { b, options } = ctx;
  if (node.members.length === 0) return '{}';
  const parts: Doc[] = [];
  node.members.forEach((member, i) => {
    parts.push(ctx.print(member));
    if (i < node.members.length - 1) parts.push(b.line);
  });
  const shouldBreak = options.objectWrap === 'preserve' && node.preservedBreak;
  const opening = trackedLine(ctx, !options.bracketSpacing, node);
  const closing = options.bracketSpacing ? b.line : b.softline;
  const doc: Doc = ['{', b.indent([opening, ...parts]), closing, '}'];
  return isHuggedParameterType(node) ? doc : b.group(doc, { shouldBreak });
}

/** Interface and class bodies: one member per line. */
export function printBody(node: N.TSInterfaceBody | N.ClassBody, ctx: PrintContext): Doc {
  const { b, options } = ctx;
  const members = node.body as AnyNode[];
  if (members.length === 0) return '{}';
  const parts: Doc[] = [];
  members.forEach((member, i) => {
    parts.push(ctx.print(member));
    const next = members[i + 1];
    if (!options.semi && node.type === 'ClassBody' && classPropertyNeedsSemicolon(member, next)) parts.push(';');
    if (next) parts.push(b.hardline);
  });
  return ['{', [b.indent([b.hardline, parts]), b.hardline], '}'];
}

/** Without semicolons, a class field before some members needs one (prettier's ASI guard). */
function classPropertyNeedsSemicolon(node: AnyNode, next: AnyNode | undefined): boolean {
  if (node.type !== 'PropertyDefinition') return false;
  const name = node.key.name;
  if (!node.value && !node.typeAnnotation && (name === 'static' || name === 'get' || name === 'set')) return true;
  if (!next) return false;
  if (next.type === 'PropertyDefinition' && next.readonly) return false;
  if ((next.type === 'PropertyDefinition' || next.type === 'MethodDefinition') && (next.key.name === 'in' || next.key.name === 'instanceof')) return true;
  return false;
}

/** The separator after a type member: `;` in bodies, `;` or if-break in type literals. */
export function printTypeMemberSeparator(node: N.TypeMember, ctx: PrintContext): Doc {
  const { b, options } = ctx;
  const { parent } = node;
  if (parent?.type === 'TSInterfaceBody') return options.semi ? ';' : '';
  if (isObjectType(parent)) {
    const isLast = parent.members[parent.members.length - 1] === node;
    if (isLast) return options.semi ? b.ifBreak(';') : '';
    return options.semi ? ';' : b.ifBreak('', ';');
  }
  return '';
}
