/** Functions, methods, arrow functions (and arrow chains) and parameter lists. */
import { type Doc, removeLines, willBreak } from '../format/doc.js';
import {
  type AnyNode,
  type PrintContext,
  hasComment,
  hasLeadingOwnLineComment,
  isArrayOrTupleExpression,
  isBinaryish,
  isCallExpression,
  isCallLikeExpression,
  isObjectOrRecordExpression,
  isObjectType,
  shouldPrintComma,
  startsWith,
} from './print-doc-context.js';
import { ArgExpansionBailout, isTemplateOnItsOwnLine, isTestCall } from './print-doc-call.js';
import { printLeadingComments, printTrailingComments } from './print-doc-comments.js';
import { printTypeAnnotationProperty } from './print-doc-expr.js';
import { printPropertyKey } from './print-doc-literals.js';
import type * as N from './print-doc-nodes.js';

type FunctionLike = N.ArrowFunctionExpression | N.FunctionExpression | N.FunctionDeclaration | N.TSFunctionType | N.TSMethodSignature;

/** A single parameter whose type is an object literal type hugs the parentheses. */
export function shouldHugTheOnlyFunctionParameter(node: FunctionLike): boolean {
  if (node.params.length !== 1) return false;
  const [param] = node.params as [N.Param];
  return !hasComment(param) && param.type === 'Identifier' && param.typeAnnotation !== undefined && isObjectType(param.typeAnnotation.typeAnnotation);
}

/** `const f = hoc(a)((props) => {...})` keeps its parameters on one line (prettier's `isDecoratedFunction`-like match). */
function isHocArrowBody(node: FunctionLike): boolean {
  if (node.type !== 'ArrowFunctionExpression' || node.body.type !== 'BlockStatement') return false;
  const call = node.parent;
  if (!isCallExpression(call) || node.field !== 'arguments' || call.arguments.length !== 1 || !isCallExpression(call.callee)) return false;
  const innerCallee = call.callee.callee;
  const simpleCallee =
    innerCallee.type === 'Identifier' || (innerCallee.type === 'MemberExpression' && !innerCallee.computed && innerCallee.object.type === 'Identifier' && innerCallee.property.type === 'Identifier');
  if (!simpleCallee) return false;
  const holder = call.parent;
  if (!(holder?.type === 'VariableDeclarator' && call.field === 'init')) return false;
  const declaration = holder.parent;
  return declaration?.type !== 'VariableDeclaration' || (declaration.kind === 'const' && declaration.declarations.length === 1);
}

export function printFunctionParameters(node: FunctionLike, ctx: PrintContext, expandArg = false, printTypeParams = false): Doc {
  const { b, options } = ctx;
  const typeParamsDoc: Doc = printTypeParams && 'typeParameters' in node && node.typeParameters ? ctx.print(node.typeParameters) : '';
  const params = node.params;
  if (params.length === 0) return [typeParamsDoc, '(', ')'];
  const testCall = isTestCall(node.parent);
  const hug = shouldHugTheOnlyFunctionParameter(node);
  const printed: Doc[] = [];
  params.forEach((param, i) => {
    printed.push(ctx.print(param));
    if (i < params.length - 1) {
      printed.push(',');
      printed.push(testCall || hug ? ' ' : b.line);
    }
  });
  if (expandArg && !isHocArrowBody(node)) {
    if (willBreak(typeParamsDoc) || willBreak(printed)) throw new ArgExpansionBailout();
    if ('typeParameters' in node) ctx.foundNoBreak(node.typeParameters);
    for (const param of params) ctx.foundNoBreak(param);
    return b.group([removeLines(typeParamsDoc), '(', removeLines(printed), ')']);
  }
  if (hug || testCall) return [typeParamsDoc, '(', ...printed, ')'];
  const hasRest = params[params.length - 1]!.type === 'RestElement';
  return [typeParamsDoc, '(', b.indent([b.softline, ...printed]), !hasRest && shouldPrintComma(options, 'all') ? b.ifBreak(',') : '', b.softline, ')'];
}

export function printReturnType(node: FunctionLike, ctx: PrintContext): Doc {
  return [printTypeAnnotationProperty(node, ctx, 'returnType')];
}

/** Parameters get their own group when the return type is an object type (or breaks). */
export function shouldGroupFunctionParameters(node: FunctionLike, returnTypeDoc: Doc, ctx: PrintContext): boolean {
  const returnType = node.returnType?.typeAnnotation;
  if (!returnType) return false;
  const typeParams = 'typeParameters' in node ? node.typeParameters?.params : undefined;
  if (typeParams) {
    if (typeParams.length > 1) return false;
    if (typeParams.length === 1 && (typeParams[0]!.constraint || typeParams[0]!.default)) return false;
  }
  if (node.params.length !== 1) return false;
  if (isObjectType(returnType) || willBreak(returnTypeDoc)) return true;
  ctx.foundNoBreak(node.returnType);
  return false;
}

/** `function name(...) {...}` (also function expressions outside methods). */
export function printFunction(node: N.FunctionDeclaration | N.FunctionExpression, ctx: PrintContext, args?: N.PrintArgs): Doc {
  if (node.type === 'FunctionExpression' && node.field === 'value' && (node.parent?.type === 'MethodDefinition' || node.parent?.type === 'Property')) {
    return printMethodValue(node, ctx);
  }
  const { b } = ctx;
  let expandArg = false;
  if (node.type === 'FunctionExpression' && args?.expandLastArg) {
    const { parent } = node;
    if (isCallExpression(parent) && (parent.arguments.length > 1 || node.params.every((p) => p.type === 'Identifier' && !p.typeAnnotation))) expandArg = true;
  }
  const params = printFunctionParameters(node, ctx, expandArg);
  const returnType = printReturnType(node, ctx);
  const grouped = shouldGroupFunctionParameters(node, returnType, ctx);
  return [
    node.async ? 'async ' : '',
    'function',
    ' ',
    node.type === 'FunctionDeclaration' ? ctx.print(node.id) : '',
    node.typeParameters ? ctx.print(node.typeParameters) : '',
    b.group([grouped ? b.group(params) : params, returnType]),
    ' ',
    ctx.print(node.body),
  ];
}

/** The `(params): T {...}` part of a method (prettier's `printMethodValue`). */
export function printMethodValue(node: N.FunctionExpression, ctx: PrintContext): Doc {
  const { b } = ctx;
  const params = printFunctionParameters(node, ctx);
  const returnType = printReturnType(node, ctx);
  const grouped = shouldGroupFunctionParameters(node, returnType, ctx);
  return [node.typeParameters ? ctx.print(node.typeParameters) : '', b.group([grouped ? b.group(params) : params, returnType]), ' ', ctx.print(node.body)];
}

/** Object methods, getters and class methods (prettier's `printMethod`). */
export function printMethod(node: N.Property | N.MethodDefinition, ctx: PrintContext): Doc {
  const value = node.value as N.FunctionExpression;
  const parts: Doc[] = [];
  if (node.type === 'Property' && node.kind === 'get') parts.push('get ');
  else if (value.async) parts.push('async ');
  parts.push(printPropertyKey(node, ctx), ctx.print(value));
  return parts;
}

function shouldPrintParamsWithoutParens(node: N.ArrowFunctionExpression, ctx: PrintContext): boolean {
  if (ctx.options.arrowParens !== 'avoid') return false;
  if (node.params.length !== 1 || node.typeParameters || hasComment(node, 8)) return false;
  const [param] = node.params as [N.Param];
  return param.type === 'Identifier' && !param.typeAnnotation && !hasComment(param) && !param.optional && !node.returnType;
}

export function printArrowSignature(node: N.ArrowFunctionExpression, ctx: PrintContext, args?: N.PrintArgs): Doc {
  const { b } = ctx;
  const parts: Doc[] = [];
  if (node.async) parts.push('async ');
  if (shouldPrintParamsWithoutParens(node, ctx)) parts.push(ctx.print(node.params[0]!));
  else {
    const expandArg = args?.expandLastArg === true || args?.expandFirstArg === true;
    let returnType = printReturnType(node, ctx);
    if (expandArg) {
      if (willBreak(returnType)) throw new ArgExpansionBailout();
      ctx.foundNoBreak(node.returnType);
      returnType = b.group(removeLines(returnType));
    }
    parts.push(b.group([printFunctionParameters(node, ctx, expandArg, true), returnType]));
  }
  return parts;
}

/** A conditional body not starting with an object gets optional parentheses. */
function shouldAddParensIfNotBreak(node: AnyNode): boolean {
  return node.type === 'ConditionalExpression' && !startsWith(node, (n) => n.type === 'ObjectExpression');
}

/** Bodies that stay right after `=>` even when they break. */
function mayBreakAfterShortPrefix(body: AnyNode): boolean {
  return isArrayOrTupleExpression(body) || isObjectOrRecordExpression(body) || body.type === 'ArrowFunctionExpression' || body.type === 'BlockStatement' || isTemplateOnItsOwnLine(body);
}

export function printArrowFunction(node: N.ArrowFunctionExpression, ctx: PrintContext, args: N.PrintArgs = {}): Doc {
  const { b } = ctx;
  const signatures: Doc[] = [];
  const bodyComments: Doc[] = [];
  let shouldBreakChain = false;
  const isChain = !args.expandLastArg && node.body.type === 'ArrowFunctionExpression';
  let current = node;
  let bodyDoc: Doc;
  let functionBody: AnyNode;
  for (;;) {
    const signature = printArrowSignature(current, ctx, args);
    if (signatures.length === 0) signatures.push(signature);
    else {
      const leading = printLeadingComments(current, ctx);
      const trailing = printTrailingComments(current, ctx);
      signatures.push([leading.length > 0 ? leading : '', signature]);
      bodyComments.unshift(trailing.length > 0 ? trailing : '');
    }
    if (isChain) {
      shouldBreakChain ||= (current.returnType !== undefined && current.params.length > 0) || current.typeParameters !== undefined || current.params.some((p) => p.type !== 'Identifier');
    }
    if (!isChain || current.body.type !== 'ArrowFunctionExpression') {
      bodyDoc = ctx.print(current.body, args);
      functionBody = current.body;
      break;
    }
    current = current.body;
  }
  const shouldPutBodyOnSameLine = !hasLeadingOwnLineComment(functionBody) && (mayBreakAfterShortPrefix(functionBody) || (!shouldBreakChain && shouldAddParensIfNotBreak(functionBody)));
  const isCallee = node.field === 'callee' && isCallLikeExpression(node.parent);
  const chainGroupId = Symbol('arrow-chain');
  const signaturesDoc = printArrowChainSignatures(node, ctx, args, signatures, shouldBreakChain);
  let shouldBreakSignatures = false;
  let shouldIndentSignatures = false;
  let shouldPrintSoftline = false;
  if (isChain && (isCallee || args.assignmentLayout)) {
    shouldIndentSignatures = true;
    shouldPrintSoftline = !hasComment(node);
    shouldBreakSignatures = args.assignmentLayout === 'chain-tail-arrow-chain' || (isCallee && !shouldPutBodyOnSameLine);
  }
  const body = printArrowBody(node, ctx, args, bodyDoc, bodyComments, functionBody, shouldPutBodyOnSameLine);
  return b.group([
    b.group(shouldIndentSignatures ? b.indent([shouldPrintSoftline ? b.softline : '', signaturesDoc]) : signaturesDoc, { shouldBreak: shouldBreakSignatures, id: chainGroupId }),
    ' =>',
    isChain ? b.indentIfBreak(body, { groupId: chainGroupId }) : b.group(body),
    isChain && isCallee ? b.ifBreak(b.softline, '', { groupId: chainGroupId }) : '',
  ]);
}

function printArrowChainSignatures(node: N.ArrowFunctionExpression, ctx: PrintContext, args: N.PrintArgs, signatures: Doc[], shouldBreak: boolean): Doc {
  const { b } = ctx;
  if (signatures.length === 1) return signatures[0]!;
  const { parent, field: key } = node;
  if ((key !== 'callee' && isCallLikeExpression(parent)) || isBinaryish(parent)) {
    return b.group([signatures[0]!, ' =>', b.indent([b.line, b.join([' =>', b.line], signatures.slice(1))])], { shouldBreak });
  }
  if ((key === 'callee' && isCallLikeExpression(parent)) || args.assignmentLayout) return b.group(b.join([' =>', b.line], signatures), { shouldBreak });
  return b.group(b.indent(b.join([' =>', b.line], signatures)), { shouldBreak });
}

function printArrowBody(
  node: N.ArrowFunctionExpression,
  ctx: PrintContext,
  args: N.PrintArgs,
  bodyDoc: Doc,
  bodyComments: Doc[],
  functionBody: AnyNode,
  shouldPutBodyOnSameLine: boolean,
): Doc {
  const { b, options } = ctx;
  const trailingComma = args.expandLastArg && shouldPrintComma(options, 'all') ? b.ifBreak(',') : '';
  const trailingSpace = args.expandLastArg && !hasComment(node) ? b.softline : '';
  if (shouldPutBodyOnSameLine && shouldAddParensIfNotBreak(functionBody)) {
    return [' ', b.group([b.ifBreak('', '('), b.indent([b.softline, bodyDoc]), b.ifBreak('', ')'), trailingComma, trailingSpace]), bodyComments];
  }
  if (shouldPutBodyOnSameLine) return [' ', bodyDoc, bodyComments];
  return [b.indent([b.line, bodyDoc, bodyComments]), trailingComma, trailingSpace];
}

export function printAssignmentPattern(node: N.AssignmentPattern, ctx: PrintContext): Doc {
  return [ctx.print(node.left), ' = ', ctx.print(node.right)];
}

