/**
 * What every doc printer shares: the resolved options, prettier's doc builders, the print function
 * (with prettier's per-node cache) and structural questions about nodes that prettier's estree
 * printer asks through its AST path.
 */
import type { Builders, Doc } from '../format/doc.js';
import type { PrintOptions } from '../format/doc-printer.js';
import type * as N from './print-doc-nodes.js';

/** The prettier options that shape TypeScript output, with prettier's defaults applied. */
export interface FormatOptions {
  printWidth: number;
  tabWidth: number;
  useTabs: boolean;
  semi: boolean;
  singleQuote: boolean;
  quoteProps: 'as-needed' | 'consistent' | 'preserve';
  trailingComma: 'all' | 'es5' | 'none';
  bracketSpacing: boolean;
  objectWrap: 'preserve' | 'collapse';
  arrowParens: 'always' | 'avoid';
  experimentalTernaries: boolean;
  experimentalOperatorPosition: 'start' | 'end';
}

export interface PrintContext {
  options: FormatOptions;
  b: Builders;
  /** Prints a node with its comments and parentheses (prettier's `print(path, args)`). */
  print(node: N.ENode, args?: N.PrintArgs): Doc;
  /** Display width of text (prettier's `getStringWidth`). */
  width(text: string): number;
  /** Whether a non-ASCII string key may be written bare. */
  unquotable(key: string): boolean;
  /** Options of the doc printer (used to print template literal parts flat). */
  printOptions: PrintOptions;
  /** The file is not `.ts` (prettier keeps `<T,>` on arrow functions there). */
  tsxLike: boolean;
  /**
   * Tells that a layout decision found no break in the docs of this node (prettier's
   * `willBreak`): an object in it that breaks on this pass may change the decision on the next.
   */
  foundNoBreak(node: N.ENode | null | undefined): void;
}

export type AnyNode = N.ENode;

// Structural predicates, named after prettier's utils.

export const isCallExpression = (node: AnyNode | null | undefined): node is N.CallExpression => node?.type === 'CallExpression';
export const isMemberExpression = (node: AnyNode | null | undefined): node is N.MemberExpression => node?.type === 'MemberExpression';
export const isCallLikeExpression = (node: AnyNode | null | undefined): node is N.CallExpression | N.NewExpression =>
  node?.type === 'CallExpression' || node?.type === 'NewExpression';
export const isObjectOrRecordExpression = (node: AnyNode | null | undefined): node is N.ObjectExpression => node?.type === 'ObjectExpression';
export const isArrayOrTupleExpression = (node: AnyNode | null | undefined): node is N.ArrayExpression => node?.type === 'ArrayExpression';
export const isBinaryish = (node: AnyNode | null | undefined): node is N.BinaryExpression =>
  node?.type === 'BinaryExpression' || node?.type === 'LogicalExpression';
export const isBinaryCastExpression = (node: AnyNode | null | undefined): node is N.TSAsExpression =>
  node?.type === 'TSAsExpression' || node?.type === 'TSSatisfiesExpression';
export const isFunctionOrArrowExpression = (node: AnyNode | null | undefined): node is N.ArrowFunctionExpression | N.FunctionExpression =>
  node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';
export const isUnionType = (node: AnyNode | null | undefined): node is N.TSUnionType => node?.type === 'TSUnionType';
export const isIntersectionType = (node: AnyNode | null | undefined): node is N.TSUnionType => node?.type === 'TSIntersectionType';
export const isObjectType = (node: AnyNode | null | undefined): node is N.TSTypeLiteral => node?.type === 'TSTypeLiteral';
export const isStringLiteral = (node: AnyNode | null | undefined): node is N.StringLiteral => node?.type === 'StringLiteral';
export const isNumericLiteral = (node: AnyNode | null | undefined): node is N.NumericLiteral => node?.type === 'NumericLiteral';
export const isLiteral = (node: AnyNode | null | undefined): boolean =>
  node?.type === 'StringLiteral' || node?.type === 'NumericLiteral' || node?.type === 'BooleanLiteral' || node?.type === 'NullLiteral';
export const isNullishCoalescing = (node: AnyNode): boolean => node.type === 'LogicalExpression' && node.operator === '??';
export const isMemberish = (node: AnyNode): boolean => node.type === 'MemberExpression';
export const isTSTypeKeyword = (node: AnyNode): boolean => node.type.startsWith('TS') && node.type.endsWith('Keyword');

/** Prettier's `isSimpleType`: keywords, literals and references without type arguments. */
export function isSimpleType(node: AnyNode | null | undefined): boolean {
  if (!node) return false;
  if (isTSTypeKeyword(node) || node.type === 'TSLiteralType') return true;
  return node.type === 'TSTypeReference' && !node.typeArguments;
}

/** Unwraps chain and non-null wrappers (prettier's `skipChainExpression`-like helper). */
export function stripChain(node: AnyNode): AnyNode {
  let current = node;
  while (current.type === 'ChainExpression' || current.type === 'TSNonNullExpression') current = current.expression;
  return current;
}

export function callArguments(node: N.CallExpression | N.NewExpression): (N.Expression | N.SpreadElement)[] {
  return node.arguments;
}

export function functionParameters(node: N.ArrowFunctionExpression | N.FunctionExpression | N.FunctionDeclaration | N.TSFunctionType | N.TSMethodSignature): N.Param[] {
  return node.params;
}

// Comments

export const CommentFlags = { Leading: 2, Trailing: 4, Dangling: 8, Block: 16, Line: 32 } as const;

export function hasComment(node: AnyNode | null | undefined, flags = 0, test?: (comment: N.EComment) => boolean): boolean {
  const comments = node?.comments;
  if (!comments || comments.length === 0) return false;
  if (!flags && !test) return true;
  // A loop, not `some` with a closure: nodes with comments are asked often (GitHub's output has a
  // doc comment on most properties), and each closure was an allocation.
  for (let i = 0; i < comments.length; i++) {
    const c = comments[i]!;
    if (flags & CommentFlags.Leading && !c.leading) continue;
    if (flags & CommentFlags.Trailing && !c.trailing) continue;
    if (flags & CommentFlags.Dangling && (c.leading || c.trailing)) continue;
    if (flags & CommentFlags.Block && !c.block) continue;
    if (flags & CommentFlags.Line && c.block) continue;
    if (test && !test(c)) continue;
    return true;
  }
  return false;
}

/** Prettier's `hasLeadingOwnLineComment`: a leading comment followed by a line break. */
export function hasLeadingOwnLineComment(node: AnyNode): boolean {
  return hasComment(node, CommentFlags.Leading, endsItsLine);
}

const endsItsLine = (comment: N.EComment) => comment.newlineAfter;

/** The node whose first token starts `node` (prettier's `startsWithNoLookaheadToken` walk). */
export function startsWith(node: AnyNode, predicate: (node: AnyNode) => boolean): boolean {
  switch (node.type) {
    case 'BinaryExpression':
    case 'LogicalExpression':
    case 'AssignmentExpression':
      return startsWith(node.left, predicate);
    case 'MemberExpression':
      return startsWith(node.object, predicate);
    case 'CallExpression':
      return startsWith(node.callee, predicate);
    case 'ConditionalExpression':
      return startsWith(node.test, predicate);
    case 'ChainExpression':
    case 'TSNonNullExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return startsWith(node.expression, predicate);
    default:
      return predicate(node);
  }
}

/** The first ancestor (excluding the node) for which `predicate` holds. */
export function findAncestor(node: AnyNode, predicate: (node: AnyNode) => boolean): AnyNode | undefined {
  for (let current = node.parent; current; current = current.parent) if (predicate(current)) return current;
  return undefined;
}

/** Prettier's `path.siblings` for a node held in a list. */
export function siblings(node: AnyNode): AnyNode[] {
  const parent = node.parent as unknown as Record<string, unknown> | null;
  const list = parent?.[node.field];
  return Array.isArray(list) ? (list as AnyNode[]) : [];
}

export const isLastInList = (node: AnyNode): boolean => {
  const list = siblings(node);
  return list.length > 0 && list[list.length - 1] === node;
};

/** Trailing comma for `level` ("es5" lists, or "all" for arguments and parameters). */
export function shouldPrintComma(options: FormatOptions, level: 'es5' | 'all' = 'es5'): boolean {
  return (options.trailingComma === 'es5' && level === 'es5') || (options.trailingComma === 'all' && (level === 'all' || level === 'es5'));
}
