/**
 * Turns the code tree into the ESTree shape prettier's TypeScript parser gives to the text
 * `print-source.ts` prints for it (dotted names become member chains, optional chains get their
 * `ChainExpression`, negative numbers become unary minus, nested unions flatten, comments are
 * attached where prettier attaches them). Anything whose parse is not certain throws
 * `Unsupported`, and the statement is formatted by prettier instead.
 */
import { commentLines, isIdentifierName, stringLiteral, templateChunk } from '../emit/escape.js';
import type * as A from './ast.js';
import type * as N from './print-doc-nodes.js';
import { printExpr } from './print-source.js';

export class Unsupported extends Error {
  override readonly name = 'Unsupported';
  /** Prettier's output for the statement depends on the rest of the module: format it all with prettier. */
  readonly wholeModule: boolean;
  constructor(what: string, wholeModule = false) {
    super(what);
    this.wholeModule = wholeModule;
  }
}

const unsupported = (what: string): never => {
  throw new Unsupported(what);
};

/** An identifier name prettier prints as is (no `\u` escapes, no keywords in odd places). */
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;
/** The ASCII names among them, tested first: a Unicode property class costs more per name. */
const ASCII_IDENTIFIER = /^[A-Za-z$_][A-Za-z0-9$_]*$/;

/**
 * Where a node goes is passed down as three arguments (`parent`, `field`, `index`) that each node
 * literal spells out: not as a slot object (one more allocation per node: GitHub's spec lowers
 * 745,000 nodes), nor spread into the literal (V8 copies a spread through a builtin, about 4x the
 * cost of the literal). Each literal also holds `printed: undefined`, the slot of the printer's
 * per-node cache: set later on an object without it, it cost every node a backing store.
 */
type Parent = N.ENode | null;

/**
 * A child's place in the literal of one of the most frequent nodes, filled once the child is
 * lowered: a field the literal holds costs nothing later, one added later a backing store.
 */
const HOLE = null as never;

/** A string expression statement: a directive (`"use strict";`) at the start of a body. */
export function isStringStatement(stmt: A.Stmt): boolean {
  return stmt.k === 'expr' && (stmt.expr.k === 'string' || (stmt.expr.k === 'commented' && stmt.expr.expr.k === 'string'));
}

/** How many statements at the start of a body are directives. */
export function prologueLength(body: A.Stmt[]): number {
  let count = 0;
  while (count < body.length && isStringStatement(body[count]!)) count++;
  return count;
}

/** Lowers one top-level statement; `leading` comments go before it (header, doc). */
export function lowerTopLevel(stmt: A.Stmt, program: N.Program, index: number, leading: N.EComment[], inPrologue = false): N.Statement {
  const node = lowerStatement(stmt, program, 'body', index, inPrologue);
  if (leading.length > 0) node.comments = [...leading, ...(node.comments ?? [])];
  return node;
}

export function newProgram(): N.Program {
  return { type: 'Program', parent: null, field: '', index: -1, body: [] };
}

/** The leading comment of a JSDoc block on its own line, or undefined for empty text. */
export function docComment(text: string | undefined): N.EComment | undefined {
  if (!text) return undefined;
  const lines = commentLines(text);
  if (lines.length === 0) return undefined;
  const value = lines.length === 1 ? `* ${lines[0]} ` : `*\n${lines.map((line) => (line === '' ? ' *' : ` * ${line}`)).join('\n')}\n `;
  return { block: true, value, leading: true, trailing: false, newlineBefore: true, newlineAfter: true, blankLineAfter: false };
}

function withDoc<T extends N.ENode>(node: T, doc: string | undefined): T {
  const comment = docComment(doc);
  if (comment) node.comments = [comment, ...(node.comments ?? [])];
  return node;
}

function identifier(name: string, parent: Parent, field: string, index = -1): N.Identifier {
  if (!ASCII_IDENTIFIER.test(name) && !IDENTIFIER.test(name)) unsupported(`identifier ${name}`);
  return { type: 'Identifier', name, parent, field, index, printed: undefined };
}

function stringNode(value: string, parent: Parent, field: string, index = -1): N.StringLiteral {
  return { type: 'StringLiteral', value, raw: stringLiteral(value), parent, field, index, printed: undefined };
}

/** A property key as print-source writes it: bare when an identifier name, else a string. */
function keyNode(key: string, parent: Parent, field: string, index = -1): N.Identifier | N.StringLiteral {
  return isIdentifierName(key) ? identifier(key, parent, field, index) : stringNode(key, parent, field, index);
}

/** `a.b.c` as nested member expressions (or `this`, `super` at the root). */
function dottedPath(name: string, parent: Parent, field: string, index = -1): N.Expression {
  // Most names have no dot: no split (it allocates an array per name).
  if (!name.includes('.') && name !== 'this' && name !== 'super') return identifier(name, parent, field, index);
  const parts = name.split('.');
  const build = (count: number, parent: Parent, field: string, index: number): N.Expression => {
    if (count === 1) {
      const first = parts[0]!;
      if (first === 'this') return { type: 'ThisExpression', parent, field, index, printed: undefined };
      if (first === 'super') return { type: 'Super', parent, field, index, printed: undefined };
      return identifier(first, parent, field, index);
    }
    const node = { type: 'MemberExpression', computed: false, optional: false, object: HOLE, property: HOLE, parent, field, index, printed: undefined } as N.MemberExpression;
    node.object = build(count - 1, node, 'object', -1);
    node.property = identifier(parts[count - 1]!, node, 'property');
    return node;
  };
  return build(parts.length, parent, field, index);
}

function qualifiedName(name: string, parent: Parent, field: string, index = -1): N.Identifier | N.TSQualifiedName {
  if (!name.includes('.')) return identifier(name, parent, field, index);
  const parts = name.split('.');
  const build = (count: number, parent: Parent, field: string, index: number): N.Identifier | N.TSQualifiedName => {
    if (count === 1) return identifier(parts[0]!, parent, field, index);
    const node = { type: 'TSQualifiedName', parent, field, index, printed: undefined } as N.TSQualifiedName;
    node.left = build(count - 1, node, 'left', -1);
    node.right = identifier(parts[count - 1]!, node, 'right');
    return node;
  };
  return build(parts.length, parent, field, index);
}

function numberNode(value: number, parent: Parent, field: string, index = -1): N.Expression {
  if (!Number.isFinite(value)) return value < 0 ? unsupported('negative infinity literal') : identifier(String(value), parent, field, index);
  if (value < 0 || Object.is(value, -0)) {
    // print-source writes `-1` (and `0` for -0); the parser reads a unary minus.
    if (Object.is(value, -0)) return { type: 'NumericLiteral', value: 0, raw: '0', parent, field, index, printed: undefined };
    const node = { type: 'UnaryExpression', operator: '-', parent, field, index, printed: undefined } as N.UnaryExpression;
    node.argument = { type: 'NumericLiteral', value: -value, raw: String(-value), parent: node, field: 'argument', index: -1, printed: undefined };
    return node;
  }
  return { type: 'NumericLiteral', value, raw: String(value), parent, field, index, printed: undefined };
}

/** The spine of a member/call chain: does any link up to its root use `?.`? */
function chainHasOptional(expr: A.Expr): boolean {
  let current: A.Expr = expr;
  for (;;) {
    switch (current.k) {
      case 'member':
      case 'index':
        if (current.optional) return true;
        current = current.object;
        break;
      case 'call':
        if (current.optional) return true;
        current = current.callee;
        break;
      case 'nonNull':
        current = current.expr;
        break;
      default:
        return false;
    }
  }
}

const isChainLink = (expr: A.Expr) => expr.k === 'member' || expr.k === 'index' || expr.k === 'call';

/** Lowers an expression; `inChain` when it is the object or callee of a chain link. */
export function lowerExpr(expr: A.Expr, parent: Parent, field: string, index = -1, inChain = false): N.Expression {
  if (!inChain && isChainLink(expr) && chainHasOptional(expr)) {
    const chain = { type: 'ChainExpression', parent, field, index, printed: undefined } as N.ChainExpression;
    chain.expression = lowerExpr(expr, chain, 'expression', -1, true) as N.MemberExpression | N.CallExpression;
    return chain;
  }
  switch (expr.k) {
    case 'ident':
      return dottedPath(expr.name, parent, field, index);
    case 'string':
      return stringNode(expr.value, parent, field, index);
    case 'number':
      return numberNode(expr.value, parent, field, index);
    case 'boolean':
      return { type: 'BooleanLiteral', value: expr.value, parent, field, index, printed: undefined };
    case 'null':
      return { type: 'NullLiteral', parent, field, index, printed: undefined };
    case 'template': {
      if (expr.quasis.length !== expr.exprs.length + 1) unsupported('template shape');
      const node = { type: 'TemplateLiteral', parent, field, index, printed: undefined } as N.TemplateLiteral;
      node.quasis = expr.quasis.map((quasi, i) => ({ type: 'TemplateElement', raw: templateChunk(quasi), parent: node, field: 'quasis', index: i, printed: undefined }));
      node.expressions = expr.exprs.map((inner, i) => lowerExpr(inner, node, 'expressions', i));
      node.newlineInInterpolation = expr.exprs.map((inner) => printExpr(inner, '').includes('\n'));
      return node;
    }
    case 'array': {
      const node = { type: 'ArrayExpression', parent, field, index, printed: undefined } as N.ArrayExpression;
      node.elements = expr.items.map((item, i) => lowerArg(item, node, 'elements', i));
      attachTrailingInList(node.elements, expr.items);
      return node;
    }
    case 'object': {
      const node = { type: 'ObjectExpression', preservedBreak: false, properties: HOLE, parent, field, index, printed: undefined } as N.ObjectExpression;
      node.properties = expr.props.map((member, i) => lowerObjectMember(member, node, 'properties', i));
      return node;
    }
    case 'member': {
      const computed = !isIdentifierName(expr.property);
      const node = { type: 'MemberExpression', optional: expr.optional === true, object: HOLE, computed, property: HOLE, parent, field, index, printed: undefined } as N.MemberExpression;
      node.object = lowerOperand(expr.object, node, 'object');
      node.property = computed ? stringNode(expr.property, node, 'property') : identifier(expr.property, node, 'property');
      return node;
    }
    case 'index': {
      const node = { type: 'MemberExpression', optional: expr.optional === true, computed: true, object: HOLE, property: HOLE, parent, field, index, printed: undefined } as N.MemberExpression;
      node.object = lowerOperand(expr.object, node, 'object');
      node.property = lowerExpr(plain(expr.index), node, 'property');
      return node;
    }
    case 'call': {
      const node = { type: 'CallExpression', optional: expr.optional === true, callee: HOLE, arguments: HOLE, parent, field, index, printed: undefined } as N.CallExpression;
      node.callee = lowerOperand(expr.callee, node, 'callee');
      if (expr.typeArgs && expr.typeArgs.length > 0) node.typeArguments = typeArguments(expr.typeArgs, node, 'typeArguments');
      node.arguments = expr.args.map((arg, i) => lowerArg(arg, node, 'arguments', i));
      attachTrailingInList(node.arguments, expr.args);
      if (expr.pure) {
        // Prettier keeps a leading block comment before the call; inside a chain it would move it.
        if (inChain) unsupported('pure annotation inside a chain');
        node.comments = [{ block: true, value: ' @__PURE__ ', leading: true, trailing: false, newlineBefore: false, newlineAfter: false, blankLineAfter: false }];
      }
      return node;
    }
    case 'new': {
      if (!isPlainPath(expr.callee)) unsupported('new with a computed callee');
      const node = { type: 'NewExpression', parent, field, index, printed: undefined } as N.NewExpression;
      node.callee = lowerExpr(expr.callee, node, 'callee');
      if (expr.typeArgs && expr.typeArgs.length > 0) node.typeArguments = typeArguments(expr.typeArgs, node, 'typeArguments');
      node.arguments = expr.args.map((arg, i) => lowerArg(arg, node, 'arguments', i));
      attachTrailingInList(node.arguments, expr.args);
      return node;
    }
    case 'arrow': {
      const node = { type: 'ArrowFunctionExpression', async: expr.async === true, parent, field, index, printed: undefined } as N.ArrowFunctionExpression;
      if (expr.typeParams && expr.typeParams.length > 0) node.typeParameters = typeParameters(expr.typeParams, node, 'typeParameters');
      node.params = expr.params.map((p, i) => lowerParam(p, node, 'params', i));
      if (expr.returnType) node.returnType = annotation(expr.returnType, node, 'returnType');
      node.body = Array.isArray(expr.body) ? block(expr.body, node, 'body') : lowerExpr(plain(expr.body), node, 'body');
      if (!Array.isArray(expr.body) && expr.body.k === 'commented') unsupported('comment after an arrow body');
      return node;
    }
    case 'unary': {
      const node = { type: 'UnaryExpression', operator: expr.op, parent, field, index, printed: undefined } as N.UnaryExpression;
      node.argument = lowerExpr(plain(expr.arg), node, 'argument');
      return node;
    }
    case 'binary': {
      if ((expr.op === '**' && expr.left.k === 'unary') || expr.left.k === 'await' && expr.op === '**') unsupported('unary operand of **');
      if (['<', '<=', '>', '>=', 'instanceof', 'in'].includes(expr.op) && plain(expr.right).k === 'as') unsupported('type assertion right of a relational operator');
      const logical = expr.op === '&&' || expr.op === '||' || expr.op === '??';
      const node = { type: logical ? 'LogicalExpression' : 'BinaryExpression', operator: expr.op, parent, field, index, printed: undefined } as N.BinaryExpression;
      node.left = lowerExpr(plain(expr.left), node, 'left');
      node.right = lowerExpr(plain(expr.right), node, 'right');
      if (logical && node.right.type === 'LogicalExpression' && node.right.operator === expr.op) markReassociation(node);
      return node;
    }
    case 'cond': {
      const node = { type: 'ConditionalExpression', parent, field, index, printed: undefined } as N.ConditionalExpression;
      node.test = lowerExpr(plain(expr.test), node, 'test');
      node.consequent = lowerExpr(plain(expr.then), node, 'consequent');
      node.alternate = lowerExpr(plain(expr.else), node, 'alternate');
      return node;
    }
    case 'await': {
      if (!checkAwaitContext(parent, field) && !AWAIT_OPERAND_START.test(printExpr(expr, '').slice('await '.length, 'await '.length + 1))) {
        // TypeScript first reads a top-level `await [`, `await (`, `await {`... as an identifier,
        // then re-parses the statement; prettier's output then repeats or loses later text.
        throw new Unsupported('top-level await re-parsed by TypeScript', true);
      }
      if (startsWithObject(expr.expr)) unsupported('await of an object literal');
      const node = { type: 'AwaitExpression', parent, field, index, printed: undefined } as N.AwaitExpression;
      node.argument = lowerExpr(plain(expr.expr), node, 'argument');
      return node;
    }
    case 'as': {
      const node = { type: expr.satisfies ? 'TSSatisfiesExpression' : 'TSAsExpression', parent, field, index, printed: undefined } as N.TSAsExpression;
      node.expression = lowerExpr(plain(expr.expr), node, 'expression');
      node.typeAnnotation = lowerType(expr.type, node, 'typeAnnotation');
      return node;
    }
    case 'nonNull': {
      if (chainHasOptional(expr.expr)) unsupported('non-null assertion on an optional chain');
      const node = { type: 'TSNonNullExpression', parent, field, index, printed: undefined } as N.TSNonNullExpression;
      node.expression = lowerOperand(expr.expr, node, 'expression');
      return node;
    }
    case 'assign': {
      const node = { type: 'AssignmentExpression', operator: expr.op, parent, field, index, printed: undefined } as N.AssignmentExpression;
      node.left = lowerExpr(plain(expr.target), node, 'left');
      node.right = lowerExpr(plain(expr.value), node, 'right');
      return node;
    }
    case 'commented':
      return unsupported('comment in this position');
  }
}

/**
 * What TypeScript reads at once as the operand of a top-level `await`: an identifier, keyword or
 * literal on the same line.
 */
const AWAIT_OPERAND_START = /^[\p{ID_Start}$_0-9'"]$/u;

/**
 * `await` parses as an expression only in an async function or at the top level of the module;
 * elsewhere the parser reads an identifier named `await`. True inside a function.
 */
function checkAwaitContext(parent: Parent, field: string): boolean {
  for (let node = parent; node; field = node.field, node = node.parent) {
    switch (node.type) {
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
      case 'FunctionDeclaration':
        if (!node.async || field === 'params') unsupported('await outside an async function body');
        return true;
      case 'PropertyDefinition':
      case 'AssignmentPattern':
        unsupported('await in a class field or parameter default');
        break;
      default:
        break;
    }
  }
  return false;
}

function startsWithObject(expr: A.Expr): boolean {
  switch (expr.k) {
    case 'object':
      return true;
    case 'member':
    case 'index':
      return startsWithObject(expr.object);
    case 'call':
      return startsWithObject(expr.callee);
    case 'binary':
      return startsWithObject(expr.left);
    case 'as':
    case 'nonNull':
    case 'commented':
      return startsWithObject(expr.expr);
    case 'cond':
      return startsWithObject(expr.test);
    case 'assign':
      return startsWithObject(expr.target);
    default:
      return false;
  }
}

/**
 * `a || (b || c)`: prettier prints it without the parentheses, and the next formatting pass
 * reads `(a || b) || c`. The top-level statement is marked for `reassociateLogicalChains`.
 */
function markReassociation(node: N.ENode): void {
  topStatement(node).reassociate = true;
}

function topStatement(node: N.ENode): N.ENode {
  let top = node;
  while (top.parent && top.parent.type !== 'Program') top = top.parent;
  return top;
}

export const childNodes = (node: N.ENode): N.ENode[] => {
  const out: N.ENode[] = [];
  // `for in` visits the keys in `Object.entries` order (nodes are plain objects) without its pairs.
  for (const key in node) {
    const value: unknown = (node as unknown as Record<string, unknown>)[key];
    if (key === 'parent' || key === 'printed' || key === 'comments' || !value || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object' && typeof (item as { type?: unknown }).type === 'string') out.push(item as N.ENode);
    } else if (typeof (value as { type?: unknown }).type === 'string') out.push(value as N.ENode);
  }
  return out;
};

/**
 * Rebuilds same-operator logical chains left-nested, as prettier parses its own output of them
 * (it drops the parentheses of `a || (b || c)`). Returns the nodes whose docs changed.
 */
export function reassociateLogicalChains(statement: N.Statement): N.ENode[] {
  const changed: N.ENode[] = [];
  const sameChain = (node: N.ENode, operator: string): node is N.BinaryExpression => node.type === 'LogicalExpression' && node.operator === operator;
  const visit = (node: N.ENode): void => {
    if (node.type === 'LogicalExpression' && !(node.parent && sameChain(node.parent, node.operator))) {
      const operands: N.Expression[] = [];
      const links: N.BinaryExpression[] = [];
      const collect = (current: N.Expression): void => {
        if (sameChain(current, node.operator)) {
          links.push(current);
          collect(current.left);
          collect(current.right);
        } else operands.push(current);
      };
      collect(node);
      const leftNested = (() => {
        let depth = 0;
        for (let current: N.Expression = node; sameChain(current, node.operator); current = current.left) depth++;
        return depth === links.length;
      })();
      if (!leftNested) {
        // Reuse the link nodes, outermost first: link i joins the first i+2 operands.
        const outer = links[0]!;
        const ordered = [outer, ...links.slice(1)];
        let current = operands[0]!;
        for (let i = 1; i < operands.length; i++) {
          const link = i === operands.length - 1 ? outer : ordered[operands.length - 1 - i]!;
          link.left = current;
          link.right = operands[i]!;
          current.parent = link;
          current.field = 'left';
          current.index = -1;
          operands[i]!.parent = link;
          operands[i]!.field = 'right';
          operands[i]!.index = -1;
          if (link !== outer) changed.push(link);
          current = link;
        }
        changed.push(outer);
      }
      for (const operand of operands) visit(operand);
      return;
    }
    for (const child of childNodes(node)) visit(child);
  };
  visit(statement);
  return changed;
}

/** Only list positions (arguments, elements, values...) take a `commented` expression. */
function plain(expr: A.Expr): A.Expr {
  if (expr.k === 'commented') unsupported('comment in this position');
  return expr;
}

/** The object or callee of a chain link: stays in the chain; numbers need a dot to be valid. */
function lowerOperand(expr: A.Expr, parent: Parent, field: string, index = -1): N.Expression {
  const inner = plain(expr);
  if (inner.k === 'number' && Number.isInteger(inner.value) && field === 'object') unsupported('member of an integer literal');
  if (inner.k === 'template' && field === 'callee') unsupported('template literal callee');
  return lowerExpr(inner, parent, field, index, isChainLink(inner) || inner.k === 'nonNull');
}

function isPlainPath(expr: A.Expr): boolean {
  if (expr.k === 'ident') return true;
  return expr.k === 'member' && !expr.optional && isPlainPath(expr.object);
}

function lowerArg(arg: A.Expr | A.Spread, parent: Parent, field: string, index = -1): N.Expression | N.SpreadElement {
  if (arg.k === 'spread') {
    const node = { type: 'SpreadElement', parent, field, index, printed: undefined } as N.SpreadElement;
    node.argument = lowerExpr(plain(arg.expr), node, 'argument');
    return node;
  }
  return lowerExpr(arg.k === 'commented' ? plain(arg.expr) : arg, parent, field, index);
}

/** `f(x /* c *\/)`, `[x /* c *\/]`: the comment trails the element (prettier's tie-breaking). */
function attachTrailingInList(nodes: N.ENode[], items: (A.Expr | A.Spread)[]): void {
  items.forEach((item, i) => {
    if (item.k === 'commented') addTrailing(nodes[i]!, item.comment);
  });
}

function trailingBlock(text: string): N.EComment {
  const lines = commentLines(text);
  const value = ` ${lines.join(' ')} `;
  if (value.trim() === 'prettier-ignore') unsupported('prettier-ignore comment');
  return { block: true, value, leading: false, trailing: true, newlineBefore: false, newlineAfter: false, blankLineAfter: false };
}

function addTrailing(node: N.ENode, text: string): void {
  node.comments = [...(node.comments ?? []), trailingBlock(text)];
}

function lowerObjectMember(member: A.ObjectMember, parent: Parent, field: string, index = -1): N.Property | N.SpreadElement {
  switch (member.k) {
    case 'spread': {
      const node = { type: 'SpreadElement', parent, field, index, printed: undefined } as N.SpreadElement;
      const inner = member.expr;
      node.argument = lowerExpr(inner.k === 'commented' ? plain(inner.expr) : inner, node, 'argument');
      if (inner.k === 'commented') addTrailing(node, inner.comment);
      return node;
    }
    case 'prop': {
      const node = { type: 'Property', method: false, kind: 'init', shorthand: member.shorthand === true, computed: false, key: HOLE, value: HOLE, parent, field, index, printed: undefined } as N.Property;
      if (member.shorthand) {
        if (member.value.k !== 'ident' || member.value.name !== member.key) unsupported('shorthand property with another value');
        node.key = identifier(member.key, node, 'key');
        node.value = identifier(member.key, node, 'value');
        return node;
      }
      if (member.key === '__proto__') {
        node.computed = true;
        node.key = stringNode(member.key, node, 'key');
      } else node.key = keyNode(member.key, node, 'key');
      const value = member.value;
      node.value = lowerExpr(value.k === 'commented' ? plain(value.expr) : value, node, 'value');
      if (value.k === 'commented') addTrailing(node, value.comment);
      return node;
    }
    case 'method': {
      const node = { type: 'Property', method: member.kind === 'method', kind: member.kind === 'get' ? 'get' : 'init', shorthand: false, computed: false, parent, field, index, printed: undefined } as N.Property;
      node.key = keyNode(member.key, node, 'key');
      const fn = { type: 'FunctionExpression', async: member.async === true, parent: node, field: 'value', index: -1, printed: undefined } as N.FunctionExpression;
      fn.params = member.params.map((p, i) => lowerParam(p, fn, 'params', i));
      if (member.returnType) fn.returnType = annotation(member.returnType, fn, 'returnType');
      fn.body = block(member.body, fn, 'body');
      node.value = fn;
      if (member.kind === 'get' && member.async) unsupported('async getter');
      return node;
    }
  }
}

function lowerParam(param: A.Param, parent: Parent, field: string, index = -1): N.Param {
  if (param.rest) {
    if (param.default || param.optional) unsupported('rest parameter with a default');
    const node = { type: 'RestElement', parent, field, index, printed: undefined } as N.RestElement;
    node.argument = identifier(param.name, node, 'argument');
    if (param.type) node.typeAnnotation = annotation(param.type, node, 'typeAnnotation');
    return node;
  }
  if (param.default) {
    if (param.optional) unsupported('optional parameter with a default');
    const node = { type: 'AssignmentPattern', parent, field, index, printed: undefined } as N.AssignmentPattern;
    node.left = identifier(param.name, node, 'left');
    if (param.type) node.left.typeAnnotation = annotation(param.type, node.left, 'typeAnnotation');
    node.right = lowerExpr(plain(param.default), node, 'right');
    return node;
  }
  const node = identifier(param.name, parent, field, index);
  if (param.optional) node.optional = true;
  if (param.type) node.typeAnnotation = annotation(param.type, node, 'typeAnnotation');
  return node;
}

function annotation(type: A.Type, parent: Parent, field: string, index = -1): N.TSTypeAnnotation {
  const node = { type: 'TSTypeAnnotation', typeAnnotation: HOLE, parent, field, index, printed: undefined } as N.TSTypeAnnotation;
  node.typeAnnotation = lowerType(type, node, 'typeAnnotation');
  return node;
}

function typeArguments(args: A.Type[], parent: Parent, field: string, index = -1): N.TSTypeParameterInstantiation {
  const node = { type: 'TSTypeParameterInstantiation', params: HOLE, parent, field, index, printed: undefined } as N.TSTypeParameterInstantiation;
  node.params = args.map((t, i) => lowerType(t, node, 'params', i));
  return node;
}

function typeParameters(params: A.TypeParam[], parent: Parent, field: string, index = -1): N.TSTypeParameterDeclaration {
  const node = { type: 'TSTypeParameterDeclaration', parent, field, index, printed: undefined } as N.TSTypeParameterDeclaration;
  node.params = params.map((p, i) => {
    const param = { type: 'TSTypeParameter', parent: node, field: 'params', index: i, printed: undefined } as N.TSTypeParameter;
    param.name = identifier(p.name, param, 'name');
    if (p.constraint) param.constraint = lowerType(p.constraint, param, 'constraint');
    if (p.default) param.default = lowerType(p.default, param, 'default');
    return param;
  });
  return node;
}

/** The parsed node kind of each keyword type (print-doc.ts prints it back from this table). */
export const KEYWORDS: Record<A.TKeyword['name'], N.TSKeyword['type']> = {
  string: 'TSStringKeyword',
  number: 'TSNumberKeyword',
  boolean: 'TSBooleanKeyword',
  unknown: 'TSUnknownKeyword',
  never: 'TSNeverKeyword',
  null: 'TSNullKeyword',
  undefined: 'TSUndefinedKeyword',
  void: 'TSVoidKeyword',
  any: 'TSAnyKeyword',
  object: 'TSObjectKeyword',
  bigint: 'TSBigIntKeyword',
};

/**
 * Members of a union (or intersection) as parsed: nested ones of the same kind flatten. The list
 * itself when none nests (its callers only read it).
 */
function flatten(types: A.Type[], kind: 'tunion' | 'tintersection'): A.Type[] {
  let nested = false;
  for (let i = 0; i < types.length && !nested; i++) nested = types[i]!.k === kind;
  return nested ? types.flatMap((t) => (t.k === kind ? flatten(t.types, kind) : [t])) : types;
}

export function lowerType(type: A.Type, parent: Parent, field: string, index = -1): N.TypeNode {
  switch (type.k) {
    case 'tref': {
      const node = { type: 'TSTypeReference', typeName: HOLE, parent, field, index, printed: undefined } as N.TSTypeReference;
      node.typeName = qualifiedName(type.name, node, 'typeName');
      if (type.args && type.args.length > 0) node.typeArguments = typeArguments(type.args, node, 'typeArguments');
      return node;
    }
    case 'tkeyword':
      return { type: KEYWORDS[type.name], parent, field, index, printed: undefined };
    case 'tliteral': {
      const node = { type: 'TSLiteralType', literal: HOLE, parent, field, index, printed: undefined } as N.TSLiteralType;
      if (typeof type.value === 'string') node.literal = stringNode(type.value, node, 'literal');
      else if (typeof type.value === 'boolean') node.literal = { type: 'BooleanLiteral', value: type.value, parent: node, field: 'literal', index: -1, printed: undefined };
      else {
        if (!Number.isFinite(type.value)) unsupported('non-finite literal type');
        node.literal = numberNode(type.value, node, 'literal') as N.NumericLiteral | N.UnaryExpression;
      }
      return node;
    }
    case 'tobject': {
      const node = { type: 'TSTypeLiteral', preservedBreak: tobjectStartsBroken(type), parent, field, index, printed: undefined } as N.TSTypeLiteral;
      node.members = type.members.map((m, i) => lowerTypeMember(m, node, 'members', i));
      return node;
    }
    case 'tunion':
    case 'tintersection': {
      const members = flatten(type.types, type.k);
      if (members.length === 0) return unsupported('empty union');
      if (members.length === 1) return lowerType(members[0]!, parent, field, index);
      const node = { type: type.k === 'tunion' ? 'TSUnionType' : 'TSIntersectionType', types: HOLE, parent, field, index, printed: undefined } as N.TSUnionType;
      node.types = members.map((t, i) => lowerType(t, node, 'types', i));
      return node;
    }
    case 'tarray': {
      const node = { type: 'TSArrayType', parent, field, index, printed: undefined } as N.TSArrayType;
      node.elementType = lowerType(type.elem, node, 'elementType');
      return node;
    }
    case 'ttuple': {
      const node = { type: 'TSTupleType', parent, field, index, printed: undefined } as N.TSTupleType;
      node.elementTypes = type.elems.map((e, i) => {
        if (!e.rest && !e.optional) return lowerType(e.type, node, 'elementTypes', i);
        if (e.rest && e.optional) unsupported('optional rest element');
        const wrapper = { type: e.rest ? 'TSRestType' : 'TSOptionalType', parent: node, field: 'elementTypes', index: i, printed: undefined } as N.TSOptionalType;
        wrapper.typeAnnotation = lowerType(e.type, wrapper, 'typeAnnotation');
        return wrapper;
      });
      return node;
    }
    case 'ttypeof': {
      const node = { type: 'TSTypeQuery', exprName: HOLE, parent, field, index, printed: undefined } as N.TSTypeQuery;
      node.exprName = qualifiedName(type.name, node, 'exprName');
      return node;
    }
    case 'tindexed': {
      const node = { type: 'TSIndexedAccessType', parent, field, index, printed: undefined } as N.TSIndexedAccessType;
      node.objectType = lowerType(type.object, node, 'objectType');
      node.indexType = lowerType(type.index, node, 'indexType');
      return node;
    }
    case 'tkeyof': {
      const node = { type: 'TSTypeOperator', operator: 'keyof', parent, field, index, printed: undefined } as N.TSTypeOperator;
      node.typeAnnotation = lowerType(type.type, node, 'typeAnnotation');
      return node;
    }
    case 'tfunction': {
      const node = { type: 'TSFunctionType', parent, field, index, printed: undefined } as N.TSFunctionType;
      node.params = type.params.map((p, i) => {
        if (p.default) unsupported('default in a function type');
        return lowerParam(p, node, 'params', i);
      });
      node.returnType = annotation(type.returnType, node, 'returnType');
      return node;
    }
  }
}

/** print-source writes a type literal over several lines when a member has a doc comment. */
function tobjectStartsBroken(type: A.TObject): boolean {
  return type.members.some((m) => m.doc);
}

function lowerTypeMember(member: A.TMember, parent: Parent, field: string, index = -1): N.TypeMember {
  switch (member.k) {
    case 'tprop': {
      const node = { type: 'TSPropertySignature', optional: member.optional === true, readonly: member.readonly === true, key: HOLE, typeAnnotation: HOLE, parent, field, index, printed: undefined } as N.TSPropertySignature;
      node.key = keyNode(member.key, node, 'key');
      node.typeAnnotation = annotation(member.type, node, 'typeAnnotation');
      return withDoc(node, member.doc);
    }
    case 'tindexsig': {
      const node = { type: 'TSIndexSignature', parent, field, index, printed: undefined } as N.TSIndexSignature;
      const param = identifier(member.keyName, node, 'parameters', 0);
      param.typeAnnotation = annotation(member.keyType, param, 'typeAnnotation');
      node.parameters = [param];
      node.typeAnnotation = annotation(member.type, node, 'typeAnnotation');
      return withDoc(node, member.doc);
    }
    case 'tmethod': {
      const node = { type: 'TSMethodSignature', parent, field, index, printed: undefined } as N.TSMethodSignature;
      node.key = keyNode(member.key, node, 'key');
      if (member.typeParams && member.typeParams.length > 0) node.typeParameters = typeParameters(member.typeParams, node, 'typeParameters');
      node.params = member.params.map((p, i) => lowerParam(p, node, 'params', i));
      node.returnType = annotation(member.returnType, node, 'returnType');
      return withDoc(node, member.doc);
    }
  }
}

/** Blocks with this many statements or more are printed a statement at a time (see `print-doc.ts`). */
export const LARGE_BLOCK = 200;

function block(body: A.Stmt[], parent: Parent, field: string, index = -1): N.BlockStatement {
  const node = { type: 'BlockStatement', parent, field, index, printed: undefined } as N.BlockStatement;
  const prologue = prologueLength(body);
  node.body = body.map((s, i) => lowerStatement(s, node, 'body', i, i < prologue));
  // The block and each node above it, up to its top-level statement, so that a search for large
  // blocks goes down only where one is (a router's thousand routes are not walked one by one).
  if (body.length >= LARGE_BLOCK) for (let current: N.ENode | null = node; current && current.type !== 'Program'; current = current.parent) current.largeBlock = true;
  return node;
}

type Lower = (parent: Parent, field: string, index: number) => N.Declaration;

function exportWrap(decl: A.Stmt & { exported?: boolean; doc?: string }, parent: Parent, field: string, index: number, lower: Lower): N.Statement {
  if (!decl.exported) return withDoc(lower(parent, field, index), decl.doc);
  const node = { type: 'ExportNamedDeclaration', specifiers: [], source: null, exportKind: 'value', parent, field, index, printed: undefined } as unknown as N.ExportNamedDeclaration;
  node.declaration = lower(node, 'declaration', -1);
  if (node.declaration.type === 'TSTypeAliasDeclaration' || node.declaration.type === 'TSInterfaceDeclaration') node.exportKind = 'type';
  return withDoc(node, decl.doc);
}

function importName(name: A.ImportName, parent: Parent, field: string, index: number, kind: 'import' | 'export'): N.ImportSpecifier | N.ExportSpecifier {
  if (kind === 'import') {
    const node = { type: 'ImportSpecifier', importKind: name.typeOnly ? 'type' : 'value', aliased: name.alias !== undefined, parent, field, index, printed: undefined } as N.ImportSpecifier;
    node.imported = identifier(name.name, node, 'imported');
    node.local = identifier(name.alias ?? name.name, node, 'local');
    return node;
  }
  const node = { type: 'ExportSpecifier', exportKind: name.typeOnly ? 'type' : 'value', aliased: name.alias !== undefined, parent, field, index, printed: undefined } as N.ExportSpecifier;
  node.local = identifier(name.name, node, 'local');
  node.exported = identifier(name.alias ?? name.name, node, 'exported');
  return node;
}

export function lowerStatement(stmt: A.Stmt, parent: Parent, field: string, index = -1, inPrologue = false): N.Statement {
  switch (stmt.k) {
    case 'import': {
      const node = { type: 'ImportDeclaration', importKind: stmt.typeOnly ? 'type' : 'value', parent, field, index, printed: undefined } as N.ImportDeclaration;
      const specifiers: N.ImportSpecifierNode[] = [];
      if (stmt.default) specifiers.push({ type: 'ImportDefaultSpecifier', parent: node, field: 'specifiers', index: specifiers.length, printed: undefined, local: undefined as unknown as N.Identifier });
      if (stmt.namespace) specifiers.push({ type: 'ImportNamespaceSpecifier', parent: node, field: 'specifiers', index: specifiers.length, printed: undefined, local: undefined as unknown as N.Identifier });
      for (const spec of specifiers) spec.local = identifier(spec.type === 'ImportDefaultSpecifier' ? stmt.default! : stmt.namespace!, spec, 'local');
      if (stmt.default && stmt.namespace && stmt.names && stmt.names.length > 0) unsupported('import with default, namespace and names');
      if (stmt.namespace && stmt.names && stmt.names.length > 0) unsupported('import with namespace and names');
      for (const name of stmt.names ?? []) specifiers.push(importName(name, node, 'specifiers', specifiers.length, 'import') as N.ImportSpecifier);
      if (specifiers.length === 0) unsupported('import without bindings');
      node.specifiers = specifiers;
      node.source = stringNode(stmt.from, node, 'source');
      return node;
    }
    case 'exportFrom': {
      if (!stmt.names) {
        const node = { type: 'ExportAllDeclaration', exportKind: stmt.typeOnly ? 'type' : 'value', parent, field, index, printed: undefined } as N.ExportAllDeclaration;
        node.source = stringNode(stmt.from, node, 'source');
        return node;
      }
      const node = { type: 'ExportNamedDeclaration', declaration: null, exportKind: stmt.typeOnly ? 'type' : 'value', parent, field, index, printed: undefined } as N.ExportNamedDeclaration;
      node.specifiers = stmt.names.map((name, i) => importName(name, node, 'specifiers', i, 'export') as N.ExportSpecifier);
      node.source = stringNode(stmt.from, node, 'source');
      return node;
    }
    case 'var': {
      // Prettier's statement ranges stop before `;`: a comment after the value trails the statement.
      const node = exportWrap(stmt, parent, field, index, (parent, field, index) => {
        if (stmt.kind === 'const' && !stmt.init) unsupported('const without initializer');
        const node = { type: 'VariableDeclaration', kind: stmt.kind, parent, field, index, printed: undefined } as N.VariableDeclaration;
        const declarator = { type: 'VariableDeclarator', parent: node, field: 'declarations', index: 0, printed: undefined } as N.VariableDeclarator;
        declarator.id = identifier(stmt.name, declarator, 'id');
        if (stmt.type) declarator.id.typeAnnotation = annotation(stmt.type, declarator.id, 'typeAnnotation');
        const init = stmt.init;
        declarator.init = init ? lowerExpr(init.k === 'commented' ? plain(init.expr) : init, declarator, 'init') : null;
        node.declarations = [declarator];
        return node;
      });
      if (stmt.init?.k === 'commented') addTrailing(node, stmt.init.comment);
      return node;
    }
    case 'typeAlias':
      return exportWrap(stmt, parent, field, index, (parent, field, index) => {
        const node = { type: 'TSTypeAliasDeclaration', parent, field, index, printed: undefined } as N.TSTypeAliasDeclaration;
        node.id = identifier(stmt.name, node, 'id');
        if (stmt.typeParams && stmt.typeParams.length > 0) node.typeParameters = typeParameters(stmt.typeParams, node, 'typeParameters');
        node.typeAnnotation = lowerType(stmt.type, node, 'typeAnnotation');
        return node;
      });
    case 'interface':
      return exportWrap(stmt, parent, field, index, (parent, field, index) => {
        const node = { type: 'TSInterfaceDeclaration', parent, field, index, printed: undefined } as N.TSInterfaceDeclaration;
        node.id = identifier(stmt.name, node, 'id');
        if (stmt.typeParams && stmt.typeParams.length > 0) node.typeParameters = typeParameters(stmt.typeParams, node, 'typeParameters');
        node.extends = (stmt.extends ?? []).map((t, i) => {
          if (t.k !== 'tref') return unsupported('interface extending a non-reference type');
          const heritage = { type: 'TSInterfaceHeritage', parent: node, field: 'extends', index: i, printed: undefined } as N.TSInterfaceHeritage;
          heritage.expression = dottedPath(t.name, heritage, 'expression');
          if (t.args && t.args.length > 0) heritage.typeArguments = typeArguments(t.args, heritage, 'typeArguments');
          return heritage;
        });
        const body = { type: 'TSInterfaceBody', parent: node, field: 'body', index: -1, printed: undefined } as N.TSInterfaceBody;
        body.body = stmt.members.map((m, i) => lowerTypeMember(m, body, 'body', i));
        node.body = body;
        return node;
      });
    case 'function':
      return exportWrap(stmt, parent, field, index, (parent, field, index) => {
        const node = { type: 'FunctionDeclaration', async: stmt.async === true, parent, field, index, printed: undefined } as N.FunctionDeclaration;
        node.id = identifier(stmt.name, node, 'id');
        if (stmt.typeParams && stmt.typeParams.length > 0) node.typeParameters = typeParameters(stmt.typeParams, node, 'typeParameters');
        node.params = stmt.params.map((p, i) => lowerParam(p, node, 'params', i));
        if (stmt.returnType) node.returnType = annotation(stmt.returnType, node, 'returnType');
        node.body = block(stmt.body, node, 'body');
        return node;
      });
    case 'class':
      return exportWrap(stmt, parent, field, index, (parent, field, index) => {
        const node = { type: 'ClassDeclaration', parent, field, index, printed: undefined } as N.ClassDeclaration;
        node.id = identifier(stmt.name, node, 'id');
        node.superClass = stmt.extends ? lowerClassHeritage(stmt.extends, node, 'superClass') : null;
        const body = { type: 'ClassBody', parent: node, field: 'body', index: -1, printed: undefined } as N.ClassBody;
        body.body = stmt.members.map((m, i) => lowerClassMember(m, body, 'body', i));
        node.body = body;
        return node;
      });
    case 'return':
    case 'throw': {
      const node = { type: stmt.k === 'return' ? 'ReturnStatement' : 'ThrowStatement', parent, field, index, printed: undefined } as N.ReturnStatement;
      const argument = stmt.expr;
      node.argument = argument ? lowerExpr(argument.k === 'commented' ? plain(argument.expr) : argument, node, 'argument') : null;
      if (argument?.k === 'commented') addTrailing(node, argument.comment);
      return node;
    }
    case 'if': {
      const node = { type: 'IfStatement', parent, field, index, printed: undefined } as N.IfStatement;
      node.test = lowerExpr(plain(stmt.test), node, 'test');
      node.consequent = block(stmt.then, node, 'consequent');
      if (!stmt.else) node.alternate = null;
      else {
        const only = stmt.else.length === 1 ? stmt.else[0] : undefined;
        node.alternate = only?.k === 'if' ? (lowerStatement(only, node, 'alternate') as N.IfStatement) : block(stmt.else, node, 'alternate');
      }
      return node;
    }
    case 'expr': {
      const node = { type: 'ExpressionStatement', parent, field, index, printed: undefined } as N.ExpressionStatement;
      const inner = stmt.expr;
      if (inPrologue) unsupported('directive');
      node.expression = lowerExpr(inner.k === 'commented' ? plain(inner.expr) : inner, node, 'expression');
      if (inner.k === 'commented') addTrailing(node, inner.comment);
      return node;
    }
    case 'forOf': {
      const node = { type: 'ForOfStatement', parent, field, index, printed: undefined } as N.ForOfStatement;
      const left = { type: 'VariableDeclaration', kind: 'const', parent: node, field: 'left', index: -1, printed: undefined } as N.VariableDeclaration;
      const declarator = { type: 'VariableDeclarator', init: null, parent: left, field: 'declarations', index: 0, printed: undefined } as unknown as N.VariableDeclarator;
      declarator.id = identifier(stmt.name, declarator, 'id');
      left.declarations = [declarator];
      node.left = left;
      node.right = lowerExpr(plain(stmt.iterable), node, 'right');
      node.body = block(stmt.body, node, 'body');
      return node;
    }
    case 'try': {
      const node = { type: 'TryStatement', parent, field, index, printed: undefined } as N.TryStatement;
      node.block = block(stmt.block, node, 'block');
      const handler = { type: 'CatchClause', parent: node, field: 'handler', index: -1, printed: undefined } as N.CatchClause;
      handler.param = stmt.catchParam ? identifier(stmt.catchParam, handler, 'param') : null;
      handler.body = block(stmt.handler, handler, 'body');
      node.handler = handler;
      return node;
    }
    case 'raw':
      return unsupported('raw statement inside a block');
  }
}

function lowerClassHeritage(expr: A.Expr, parent: Parent, field: string, index = -1): N.Expression {
  // print-source writes the operand with member-level parentheses only.
  return lowerExpr(plain(expr), parent, field, index);
}

function lowerClassMember(member: A.ClassMember, parent: Parent, field: string, index = -1): N.PropertyDefinition | N.MethodDefinition {
  if (member.k === 'classProp') {
    const node = { type: 'PropertyDefinition', readonly: member.readonly === true, override: member.override === true, parent, field, index, printed: undefined } as N.PropertyDefinition;
    node.key = identifier(member.name, node, 'key');
    if (member.type) node.typeAnnotation = annotation(member.type, node, 'typeAnnotation');
    node.value = member.init ? lowerExpr(plain(member.init), node, 'value') : null;
    return withDoc(node, member.doc);
  }
  const node = { type: 'MethodDefinition', kind: member.name === 'constructor' ? 'constructor' : 'method', parent, field, index, printed: undefined } as N.MethodDefinition;
  node.key = identifier(member.name, node, 'key');
  const fn = { type: 'FunctionExpression', async: member.async === true, parent: node, field: 'value', index: -1, printed: undefined } as N.FunctionExpression;
  fn.params = member.params.map((p, i) => lowerParam(p, fn, 'params', i));
  if (member.returnType) fn.returnType = annotation(member.returnType, fn, 'returnType');
  fn.body = block(member.body, fn, 'body');
  node.value = fn;
  return withDoc(node, member.doc);
}
