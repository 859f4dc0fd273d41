/** Type annotations: unions, intersections, type arguments and parameters, members, function types. */
import type { Doc } from '../format/doc.js';
import { type AnyNode, type PrintContext, hasComment, isObjectType, isSimpleType, isUnionType, shouldPrintComma } from './print-doc-context.js';
import { isTestCall } from './print-doc-call.js';
import { printOptionalToken, printTypeAnnotationProperty } from './print-doc-expr.js';
import { printFunctionParameters, shouldGroupFunctionParameters } from './print-doc-functions.js';
import { printPropertyKey } from './print-doc-literals.js';
import type * as N from './print-doc-nodes.js';
import { printTypeMemberSeparator } from './print-doc-object.js';
import { needsParens } from './print-doc-parens.js';

/** `Foo | null`, `{...} | undefined`: one object or reference with only null/void beside it. */
export function shouldHugUnion(node: N.TSUnionType): boolean {
  if (node.types.some((t) => hasComment(t))) return false;
  const object = node.types.find((t) => t.type === 'TSTypeLiteral' || t.type === 'TSTypeReference');
  if (!object) return false;
  return node.types.every((t) => t === object || t.type === 'TSVoidKeyword' || t.type === 'TSNullKeyword');
}

/** Types that keep `<...>` on one line when they are the only argument (prettier's `shouldHugType`). */
function shouldHugType(node: AnyNode): boolean {
  if (isSimpleType(node) || isObjectType(node)) return true;
  return isUnionType(node) && shouldHugUnion(node);
}

function shouldIndentUnion(node: N.TSUnionType): boolean {
  const { field: key, parent } = node;
  if (key === 'elementTypes' && parent?.type === 'TSTupleType') return false;
  if (key === 'params' && parent?.type === 'TSTypeParameterInstantiation') return false;
  return true;
}

export function printUnionType(node: N.TSUnionType, ctx: PrintContext, args?: N.PrintArgs): Doc {
  const { b } = ctx;
  if (shouldHugUnion(node)) return b.join(' | ', node.types.map((t) => ctx.print(t)));
  const members = b.group(node.types.map((t, i) => [i === 0 ? b.ifBreak('| ') : [b.line, '| '], b.align(2, ctx.print(t))]));
  if (needsParens(node, ctx.options)) return b.group([b.indent([b.softline, members]), b.softline]);
  if (node.field === 'elementTypes' && node.parent?.type === 'TSTupleType' && node.parent.elementTypes.length > 1) {
    return b.group([b.indent([b.ifBreak(['(', b.softline]), members]), b.softline, b.ifBreak(')')]);
  }
  return args?.assignmentLayout === 'break-after-operator' || !shouldIndentUnion(node) ? members : b.group(b.indent([b.softline, members]));
}

export function printIntersectionType(node: N.TSUnionType, ctx: PrintContext): Doc {
  const { b, options } = ctx;
  let wasIndented = false;
  const parts = node.types.map((t, i) => {
    const doc = ctx.print(t);
    if (i === 0) return doc;
    const isObject = isObjectType(t);
    const previousIsObject = isObjectType(node.types[i - 1]);
    if (previousIsObject && isObject) return [' & ', wasIndented ? b.indent(doc) : doc];
    if (!previousIsObject && !isObject) return options.experimentalOperatorPosition === 'start' ? b.indent([b.line, '& ', doc]) : b.indent([' &', b.line, doc]);
    if (i > 1) wasIndented = true;
    return [' & ', i > 1 ? b.indent(doc) : doc];
  });
  return b.group(parts);
}

/** `<A, B>` for type arguments and type parameters. */
export function printTypeParameters(node: N.TSTypeParameterInstantiation | N.TSTypeParameterDeclaration, ctx: PrintContext): Doc {
  const { b, options } = ctx;
  const params = node.params as AnyNode[];
  const grandparent = node.parent?.parent ?? null;
  const isParameterInstantiationOfArrowDeclarator =
    !(params.length === 1 && isObjectType(params[0])) &&
    node.parent?.parent?.type === 'TSTypeAnnotation' &&
    node.parent.parent.field === 'typeAnnotation' &&
    node.parent.parent.parent?.type === 'Identifier' &&
    node.parent.parent.parent.parent?.type === 'VariableDeclarator' &&
    node.parent.parent.parent.parent.init?.type === 'ArrowFunctionExpression';
  if (params.length === 0) return ['<', '>'];
  if (!isParameterInstantiationOfArrowDeclarator && (isTestCall(grandparent) || (params.length === 1 && shouldHugType(params[0]!)))) {
    return ['<', b.join(', ', params.map((p) => ctx.print(p))), '>'];
  }
  const trailing = node.type === 'TSTypeParameterInstantiation' ? '' : isTsxLikeSingleParameter(node, ctx) ? ',' : shouldPrintComma(options) ? b.ifBreak(',') : '';
  return b.group(['<', b.indent([b.softline, b.join([',', b.line], params.map((p) => ctx.print(p)))]), trailing, b.softline, '>']);
}

/** `<T,>(...) => ...` in files that are not `.ts` keeps its comma. */
function isTsxLikeSingleParameter(node: N.TSTypeParameterDeclaration, ctx: PrintContext): boolean {
  return node.params.length === 1 && !node.params[0]!.constraint && node.parent?.type === 'ArrowFunctionExpression' && ctx.tsxLike;
}

export function printTypeParameter(node: N.TSTypeParameter, ctx: PrintContext): Doc {
  const { b } = ctx;
  const parts: Doc[] = [ctx.print(node.name)];
  if (node.constraint) {
    const id = Symbol('constraint');
    parts.push(' extends', b.group(b.indent(b.line), { id }), b.lineSuffixBoundary, b.indentIfBreak(ctx.print(node.constraint), { groupId: id }));
  }
  if (node.default) {
    const id = Symbol('default');
    parts.push(' =', b.group(b.indent(b.line), { id }), b.lineSuffixBoundary, b.indentIfBreak(ctx.print(node.default), { groupId: id }));
  }
  return b.group(parts);
}

export function printPropertySignature(node: N.TSPropertySignature, ctx: PrintContext): Doc {
  const { b } = ctx;
  return [b.group([node.readonly ? 'readonly ' : '', printPropertyKey(node, ctx), node.optional ? '?' : '', printTypeAnnotationProperty(node, ctx)]), printTypeMemberSeparator(node, ctx)];
}

export function printIndexSignature(node: N.TSIndexSignature, ctx: PrintContext): Doc {
  const { b, options } = ctx;
  const trailing = node.parameters.length > 1 && shouldPrintComma(options) ? b.ifBreak(',') : '';
  const params = b.group([b.indent([b.softline, b.join([', ', b.softline], node.parameters.map((p) => ctx.print(p)))]), trailing, b.softline]);
  return [b.group(['[', params, ']', printTypeAnnotationProperty(node, ctx)]), printTypeMemberSeparator(node, ctx)];
}

export function printMethodSignature(node: N.TSMethodSignature, ctx: PrintContext): Doc {
  const { b } = ctx;
  const parts: Doc[] = [printPropertyKey(node, ctx), printOptionalToken(node)];
  const params = printFunctionParameters(node, ctx, false, true);
  const returnType = printTypeAnnotationProperty(node, ctx, 'returnType');
  parts.push(shouldGroupFunctionParameters(node, returnType, ctx) ? b.group(params) : params);
  parts.push(b.group(returnType));
  return [b.group(parts), printTypeMemberSeparator(node, ctx)];
}

export function printFunctionType(node: N.TSFunctionType, ctx: PrintContext): Doc {
  const { b } = ctx;
  let params = printFunctionParameters(node, ctx, false, true);
  const returnType = [printTypeAnnotationProperty(node, ctx, 'returnType')];
  if (shouldGroupFunctionParameters(node, returnType, ctx)) params = b.group(params);
  return b.group([params, returnType]);
}
