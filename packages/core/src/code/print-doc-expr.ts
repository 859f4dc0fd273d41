/** Expression printers that need no layout search: names, literals, members, operators. */
import type { Doc } from '../format/doc.js';
import { type AnyNode, type PrintContext, hasComment, isCallExpression, isMemberExpression, stripChain } from './print-doc-context.js';
import { printNumber, printString } from './print-doc-literals.js';
import type * as N from './print-doc-nodes.js';

/** `?.` or `?` for optional calls, members and parameters (prettier's `printOptionalToken`). */
export function printOptionalToken(node: AnyNode): Doc {
  if (!('optional' in node) || !node.optional) return '';
  if (node.type === 'Identifier' && node.field === 'key') return '';
  if (node.type === 'CallExpression' || (node.type === 'MemberExpression' && node.computed)) return '?.';
  return '?';
}

/** `: T` after a name, or ` => T` for a function type's return (prettier's `printTypeAnnotationProperty`). */
export function printTypeAnnotationProperty(node: AnyNode, ctx: PrintContext, property: 'typeAnnotation' | 'returnType' = 'typeAnnotation'): Doc {
  const annotation = (node as unknown as Record<string, N.TSTypeAnnotation | undefined>)[property];
  if (!annotation) return '';
  const separator = annotationSeparator(annotation);
  return separator === '=>' || (separator === ':' && hasComment(annotation, 2)) ? [' ', ctx.print(annotation)] : ctx.print(annotation);
}

function annotationSeparator(annotation: N.TSTypeAnnotation): string {
  const parent = annotation.parent;
  if ((annotation.field === 'returnType' || annotation.field === 'typeAnnotation') && parent?.type === 'TSFunctionType') return '=>';
  return ':';
}

export function printTSTypeAnnotation(node: N.TSTypeAnnotation, ctx: PrintContext): Doc {
  return [annotationSeparator(node), ' ', ctx.print(node.typeAnnotation)];
}

export function printIdentifier(node: N.Identifier, ctx: PrintContext): Doc {
  const optional = printOptionalToken(node);
  const annotation = printTypeAnnotationProperty(node, ctx);
  // Most identifiers are a bare name: the name prints the same as a list holding it and two empty
  // strings, without a list for the printer to allocate and analyze (GitHub's output: 245,000).
  return optional === '' && annotation === '' ? node.name : [node.name, optional, annotation];
}

export function printLiteral(node: N.StringLiteral | N.NumericLiteral | N.BooleanLiteral | N.NullLiteral, ctx: PrintContext): Doc {
  switch (node.type) {
    case 'StringLiteral':
      return printString(node.raw, ctx);
    case 'NumericLiteral':
      return printNumber(node.raw);
    case 'BooleanLiteral':
      return String(node.value);
    case 'NullLiteral':
      return 'null';
  }
}

/** `.name`, `?.name`, `[key]` (prettier's `printMemberLookup`). */
export function printMemberLookup(node: N.MemberExpression, ctx: PrintContext): Doc {
  const property = ctx.print(node.property);
  const optional = printOptionalToken(node);
  if (!node.computed) return [optional, '.', property];
  if (node.property.type === 'NumericLiteral') return [optional, '[', property, ']'];
  const { b } = ctx;
  return b.group([optional, '[', b.indent([b.softline, property]), b.softline, ']']);
}

function leadsToNewCallee(node: N.MemberExpression): boolean {
  let current: AnyNode = node;
  for (let parent = node.parent; parent; parent = parent.parent) {
    const continues = (parent.type === 'MemberExpression' && parent.object === current) || (parent.type === 'TSNonNullExpression' && parent.expression === current);
    if (!continues) return parent.type === 'NewExpression' && parent.callee === current;
    current = parent;
  }
  return false;
}

export function printMemberExpression(node: N.MemberExpression, ctx: PrintContext): Doc {
  const { b } = ctx;
  const objectDoc = ctx.print(node.object);
  const lookup = printMemberLookup(node, ctx);
  let firstNonMember: AnyNode | null = node.parent;
  while (firstNonMember && (firstNonMember.type === 'MemberExpression' || firstNonMember.type === 'TSNonNullExpression')) firstNonMember = firstNonMember.parent;
  let firstNonChain: AnyNode | null = node.parent;
  while (firstNonChain && (firstNonChain.type === 'ChainExpression' || firstNonChain.type === 'TSNonNullExpression')) firstNonChain = firstNonChain.parent;
  const label = labelOf(objectDoc);
  const object = stripChain(node.object);
  const flat =
    (firstNonMember?.type === 'AssignmentExpression' && firstNonMember.left.type !== 'Identifier') ||
    leadsToNewCallee(node) ||
    node.computed ||
    (node.object.type === 'Identifier' && node.property.type === 'Identifier' && !isMemberExpression(firstNonChain)) ||
    ((firstNonChain?.type === 'AssignmentExpression' || firstNonChain?.type === 'VariableDeclarator') &&
      ((isCallExpression(object) && object.arguments.length > 0) || isMemberChainLabel(label)));
  const doc: Doc = [objectDoc, b.lineSuffixBoundary, flat ? lookup : b.group(b.indent([b.softline, lookup]))];
  return label ? b.label(label, doc) : doc;
}

export function labelOf(doc: Doc): unknown {
  return typeof doc === 'object' && !Array.isArray(doc) && doc.type === 'label' ? doc.label : undefined;
}

export const isMemberChainLabel = (label: unknown): boolean => typeof label === 'object' && label !== null && (label as { memberChain?: boolean }).memberChain === true;

export function printUnary(node: N.UnaryExpression, ctx: PrintContext): Doc {
  const { b } = ctx;
  const parts: Doc[] = [node.operator];
  if (/[a-z]$/.test(node.operator)) parts.push(' ');
  const argument = ctx.print(node.argument);
  if (hasComment(node.argument)) parts.push(b.group(['(', b.indent([b.softline, argument]), b.softline, ')']));
  else parts.push(argument);
  return parts;
}

export function printAwait(node: N.AwaitExpression, ctx: PrintContext): Doc {
  const { b } = ctx;
  let parts: Doc = ['await', ' ', ctx.print(node.argument)];
  const { parent } = node;
  if ((isCallExpression(parent) && parent.callee === node) || (isMemberExpression(parent) && parent.object === node)) {
    parts = [b.indent([b.softline, ...parts]), b.softline];
    let ancestor: AnyNode | null = node.parent;
    while (ancestor && ancestor.type !== 'AwaitExpression' && ancestor.type !== 'BlockStatement') ancestor = ancestor.parent;
    const insideAwait = ancestor?.type === 'AwaitExpression' && startsWithNode(ancestor.argument, node);
    if (!insideAwait) return b.group(parts);
  }
  return parts;
}

function startsWithNode(root: AnyNode, target: AnyNode): boolean {
  let current: AnyNode = root;
  for (;;) {
    if (current === target) return true;
    switch (current.type) {
      case 'BinaryExpression':
      case 'LogicalExpression':
      case 'AssignmentExpression':
        current = current.left;
        break;
      case 'MemberExpression':
        current = current.object;
        break;
      case 'CallExpression':
        current = current.callee;
        break;
      case 'ConditionalExpression':
        current = current.test;
        break;
      case 'ChainExpression':
      case 'TSNonNullExpression':
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
        current = current.expression;
        break;
      default:
        return false;
    }
  }
}

export function printSpread(node: N.SpreadElement, ctx: PrintContext): Doc {
  return ['...', ctx.print(node.argument)];
}

export function printRest(node: N.RestElement, ctx: PrintContext): Doc {
  return ['...', ctx.print(node.argument), printTypeAnnotationProperty(node, ctx)];
}

/** `x as T`, `x satisfies T`. */
export function printBinaryCast(node: N.TSAsExpression, ctx: PrintContext): Doc {
  const { b } = ctx;
  const parts: Doc[] = [ctx.print(node.expression), ' ', node.type === 'TSSatisfiesExpression' ? 'satisfies' : 'as', ' ', ctx.print(node.typeAnnotation)];
  const { parent, field: key } = node;
  if ((key === 'callee' && (parent?.type === 'CallExpression' || parent?.type === 'NewExpression')) || (key === 'object' && isMemberExpression(parent))) {
    return b.group([b.indent([b.softline, ...parts]), b.softline]);
  }
  return parts;
}

export function printNonNull(node: N.TSNonNullExpression, ctx: PrintContext): Doc {
  return [ctx.print(node.expression), '!'];
}
