/** When prettier wraps a node in parentheses (prettier's `needsParens`, for the node kinds here). */
import { type AnyNode, type FormatOptions, findAncestor, hasComment, isBinaryCastExpression, startsWith } from './print-doc-context.js';
import type * as N from './print-doc-nodes.js';

const PRECEDENCE = new Map<string, number>(
  [['|>'], ['??'], ['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '===', '!=', '!=='], ['<', '>', '<=', '>=', 'in', 'instanceof'], ['>>', '<<', '>>>'], ['+', '-'], ['*', '/', '%'], ['**']].flatMap(
    (ops, i) => ops.map((op) => [op, i] as const),
  ),
);

export const precedenceOf = (operator: string): number => PRECEDENCE.get(operator)!;

const EQUALITY = new Set(['==', '!=', '===', '!==']);
const MULTIPLICATIVE = new Set(['*', '/', '%']);
const BITSHIFT = new Set(['>>', '>>>', '<<']);

/** `a op1 b op2 c` prints without parentheses around `a op1 b` (prettier's `shouldFlatten`). */
export function shouldFlatten(parentOp: string, nodeOp: string): boolean {
  if (precedenceOf(nodeOp) !== precedenceOf(parentOp)) return false;
  if (parentOp === '**') return false;
  if (EQUALITY.has(parentOp) && EQUALITY.has(nodeOp)) return false;
  if ((nodeOp === '%' && MULTIPLICATIVE.has(parentOp)) || (parentOp === '%' && MULTIPLICATIVE.has(nodeOp))) return false;
  if (nodeOp !== parentOp && MULTIPLICATIVE.has(nodeOp) && MULTIPLICATIVE.has(parentOp)) return false;
  if (BITSHIFT.has(parentOp) && BITSHIFT.has(nodeOp)) return false;
  return true;
}

const isBitwiseOperator = (op: string) => BITSHIFT.has(op) || op === '|' || op === '^' || op === '&';

const TYPE_KEYWORDS_NEEDING_PARENS = new Set(['await', 'interface', 'module', 'using', 'yield', 'let', 'component', 'hook', 'type']);

// Predicates made once, not on every call (needsParens is asked for every node printed).
const isExpressionStatement = (node: AnyNode) => node.type === 'ExpressionStatement';
const isArrowFunction = (node: AnyNode) => node.type === 'ArrowFunctionExpression';

function identifierNeedsParens(node: N.Identifier): boolean {
  // Only these names may need them: the others are answered here, since the closures below make
  // every call of their function allocate a context for `node`.
  if (!node.parent || !TYPE_KEYWORDS_NEEDING_PARENS.has(node.name)) return false;
  return keywordIdentifierNeedsParens(node);
}

function keywordIdentifierNeedsParens(node: N.Identifier): boolean {
  const { field: key, parent } = node;
  if (!parent) return false;
  const statementStart = (ancestor: AnyNode | undefined) => ancestor?.type === 'ExpressionStatement' && startsWith(ancestor.expression, (n) => n === node);
  if (node.name === 'let' && key === 'object' && parent.type === 'MemberExpression' && parent.computed && !parent.optional) {
    if (statementStart(findAncestor(node, (n) => n.type === 'ExpressionStatement'))) return true;
  }
  if (node.name === 'await' && statementStart(findAncestor(node, (n) => n.type === 'ExpressionStatement'))) return true;
  if (key === 'expression' && isBinaryCastExpression(parent) && TYPE_KEYWORDS_NEEDING_PARENS.has(node.name)) {
    return findAncestor(node, (n) => !isBinaryCastExpression(n))?.type === 'ExpressionStatement';
  }
  return false;
}

/**
 * An object at the start of a statement or of an arrow's expression body. Apart from
 * `needsParens`: its closures capture `node`, which makes each call allocate a context.
 */
function objectNeedsParens(node: N.ObjectExpression): boolean {
  const statement = findAncestor(node, isExpressionStatement);
  if (statement?.type === 'ExpressionStatement' && startsWith(statement.expression, (n) => n === node)) return true;
  const arrow = findAncestor(node, isArrowFunction);
  if (arrow?.type === 'ArrowFunctionExpression') {
    const body = arrow.body;
    if (body.type !== 'AssignmentExpression' && body.type !== 'BlockStatement' && startsWith(body, (n) => n === node)) return true;
  }
  return false;
}

export function needsParens(node: AnyNode, options: FormatOptions): boolean {
  switch (node.type) {
    case 'Identifier':
      return identifierNeedsParens(node);
    // The most frequent kinds that the checks below never wrap (none is in their switch, nor
    // stripped to another kind), answered at once: this is asked for every node printed.
    case 'TSTypeAnnotation':
    case 'TSTypeReference':
    case 'TSPropertySignature':
    case 'Property':
    case 'MemberExpression':
    case 'CallExpression':
    case 'TSStringKeyword':
    case 'TSTypeParameterInstantiation':
    case 'TSUndefinedKeyword':
    case 'TSLiteralType':
      return false;
    default:
      break;
  }
  const { parent, field: key } = node;
  if (!parent) return false;
  switch (node.type) {
    case 'ObjectExpression':
      if (objectNeedsParens(node)) return true;
      break;
    default:
      break;
  }
  if (parent.type === 'ClassDeclaration' && key === 'superClass') {
    const inner = stripChainLike(node);
    if (
      [
        'ArrowFunctionExpression',
        'AssignmentExpression',
        'AwaitExpression',
        'BinaryExpression',
        'ConditionalExpression',
        'LogicalExpression',
        'NewExpression',
        'ObjectExpression',
        'UnaryExpression',
      ].includes(inner.type)
    )
      return true;
  }
  switch (node.type) {
    case 'UnaryExpression':
      switch (parent.type) {
        case 'UnaryExpression':
          return node.operator === parent.operator && (node.operator === '+' || node.operator === '-');
        case 'MemberExpression':
          return key === 'object';
        case 'NewExpression':
        case 'CallExpression':
          return key === 'callee';
        case 'BinaryExpression':
          if (key === 'left' && (parent.operator === 'in' || parent.operator === 'instanceof')) return true;
          return key === 'left' && parent.operator === '**';
        case 'TSNonNullExpression':
          return true;
        default:
          return false;
      }
    case 'BinaryExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'LogicalExpression':
      return binaryLikeNeedsParens(node, parent, key);
    case 'AwaitExpression':
      switch (parent.type) {
        case 'UnaryExpression':
        case 'LogicalExpression':
        case 'SpreadElement':
        case 'TSAsExpression':
        case 'TSSatisfiesExpression':
        case 'TSNonNullExpression':
          return true;
        case 'MemberExpression':
          return key === 'object';
        case 'NewExpression':
        case 'CallExpression':
          return key === 'callee';
        case 'ConditionalExpression':
          return key === 'test';
        case 'BinaryExpression':
          return true;
        default:
          return false;
      }
    case 'TSFunctionType':
      if (key === 'typeAnnotation' && parent.type === 'TSTypeAnnotation' && parent.field === 'returnType' && parent.parent?.type === 'ArrowFunctionExpression') return true;
      if (parent.type === 'TSUnionType' || parent.type === 'TSIntersectionType') return true;
      return typeOperatorParent(parent, key);
    case 'TSUnionType':
    case 'TSIntersectionType':
      if (parent.type === 'TSUnionType' || parent.type === 'TSIntersectionType') return true;
      return typeOperatorParent(parent, key);
    case 'TSTypeOperator':
      return typeOperatorParent(parent, key);
    case 'TSTypeQuery':
      return (key === 'objectType' && parent.type === 'TSIndexedAccessType') || (key === 'elementType' && parent.type === 'TSArrayType');
    case 'StringLiteral':
      // A string statement that is not a directive keeps parentheses, so it does not become one.
      return parent.type === 'ExpressionStatement' && (parent.parent?.type === 'Program' || parent.parent?.type === 'BlockStatement');
    case 'NumericLiteral':
      return key === 'object' && parent.type === 'MemberExpression';
    case 'AssignmentExpression':
      return !(
        (key === 'expression' && parent.type === 'ExpressionStatement') ||
        parent.type === 'AssignmentExpression'
      );
    case 'ConditionalExpression':
      switch (parent.type) {
        case 'UnaryExpression':
        case 'SpreadElement':
        case 'BinaryExpression':
        case 'LogicalExpression':
        case 'AwaitExpression':
        case 'TSAsExpression':
        case 'TSSatisfiesExpression':
        case 'TSNonNullExpression':
          return true;
        case 'NewExpression':
        case 'CallExpression':
          return key === 'callee';
        case 'ConditionalExpression':
          return options.experimentalTernaries ? false : key === 'test';
        case 'MemberExpression':
          return key === 'object';
        default:
          return false;
      }
    case 'ArrowFunctionExpression':
      switch (parent.type) {
        case 'BinaryExpression':
          return true;
        case 'NewExpression':
        case 'CallExpression':
          return key === 'callee';
        case 'MemberExpression':
          return key === 'object';
        case 'TSAsExpression':
        case 'TSSatisfiesExpression':
        case 'TSNonNullExpression':
        case 'UnaryExpression':
        case 'LogicalExpression':
        case 'AwaitExpression':
          return true;
        case 'ConditionalExpression':
          return key === 'test';
        default:
          return false;
      }
    default:
      return false;
  }
}

function stripChainLike(node: AnyNode): AnyNode {
  let current = node;
  while (current.type === 'ChainExpression' || current.type === 'TSNonNullExpression') current = current.expression;
  return current;
}

function typeOperatorParent(parent: AnyNode, key: string): boolean {
  return (
    parent.type === 'TSArrayType' ||
    parent.type === 'TSOptionalType' ||
    parent.type === 'TSRestType' ||
    (key === 'objectType' && parent.type === 'TSIndexedAccessType') ||
    parent.type === 'TSTypeOperator'
  );
}

function binaryLikeNeedsParens(node: N.BinaryExpression | N.TSAsExpression, parent: AnyNode, key: string): boolean {
  switch (parent.type) {
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return !isBinaryCastExpression(node);
    case 'ConditionalExpression':
      return isBinaryCastExpression(node) || (node.type === 'LogicalExpression' && node.operator === '??');
    case 'CallExpression':
    case 'NewExpression':
      return key === 'callee';
    case 'ClassDeclaration':
      return key === 'superClass';
    case 'SpreadElement':
    case 'AwaitExpression':
    case 'TSNonNullExpression':
      return true;
    case 'UnaryExpression':
      return !hasComment(node);
    case 'MemberExpression':
      return key === 'object';
    case 'AssignmentExpression':
      return key === 'left' && isBinaryCastExpression(node);
    case 'LogicalExpression':
      if (node.type === 'LogicalExpression') return parent.operator !== node.operator;
    // falls through
    case 'BinaryExpression': {
      if (!('operator' in node)) return true;
      const nodeOp = node.operator;
      const parentOp = (parent as N.BinaryExpression).operator;
      const nodePrecedence = precedenceOf(nodeOp);
      const parentPrecedence = precedenceOf(parentOp);
      return (
        parentPrecedence > nodePrecedence ||
        (key === 'right' && parentPrecedence === nodePrecedence) ||
        (parentPrecedence === nodePrecedence && !shouldFlatten(parentOp, nodeOp)) ||
        (parentPrecedence < nodePrecedence && nodeOp === '%' && (parentOp === '+' || parentOp === '-')) ||
        isBitwiseOperator(parentOp)
      );
    }
    default:
      return false;
  }
}
