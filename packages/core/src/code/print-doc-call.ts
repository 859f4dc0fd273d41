/** Calls and their argument lists, including prettier's first/last argument hugging. */
import { type Doc, hugging, removeLines, willBreak } from '../format/doc.js';
import {
  type AnyNode,
  type PrintContext,
  CommentFlags,
  hasComment,
  isArrayOrTupleExpression,
  isBinaryCastExpression,
  isBinaryish,
  isCallExpression,
  isFunctionOrArrowExpression,
  isObjectOrRecordExpression,
  isSimpleType,
  isStringLiteral,
  shouldPrintComma,
  stripChain,
} from './print-doc-context.js';
import type * as N from './print-doc-nodes.js';

/** Thrown while printing a hugged argument that cannot be hugged (prettier's `ArgExpansionBailout`). */
export class ArgExpansionBailout extends Error {
  override readonly name = 'ArgExpansionBailout';
}

const TEST_CALLEES = [
  'it',
  'it.only',
  'it.skip',
  'describe',
  'describe.only',
  'describe.skip',
  'test',
  'test.only',
  'test.skip',
  'test.fixme',
  'test.step',
  'test.describe',
  'test.describe.only',
  'test.describe.skip',
  'test.describe.fixme',
  'test.describe.parallel',
  'test.describe.parallel.only',
  'test.describe.serial',
  'test.describe.serial.only',
  'skip',
  'xit',
  'xdescribe',
  'xtest',
  'fit',
  'fdescribe',
  'ftest',
];

/** `node` is the dotted name `dotted` (`test.describe.only`). */
function isNodeMatching(node: AnyNode, dotted: string): boolean {
  const names = dotted.split('.');
  let current: AnyNode = node;
  for (let i = names.length - 1; i >= 0; i--) {
    const name = names[i]!;
    if (i === 0) return current.type === 'Identifier' && current.name === name;
    if (current.type === 'MemberExpression' && !current.optional && !current.computed && current.property.type === 'Identifier' && current.property.name === name) {
      current = current.object;
      continue;
    }
    return false;
  }
  return false;
}

const isAngularTestWrapper = (node: AnyNode): boolean =>
  isCallExpression(node) && node.callee.type === 'Identifier' && ['async', 'inject', 'fakeAsync', 'waitForAsync'].includes(node.callee.name);

const isUnitTestSetIdentifier = (node: AnyNode): boolean =>
  node.type === 'Identifier' && ['beforeEach', 'beforeAll', 'afterEach', 'afterAll'].includes(node.name);

/** `it("does", () => {...})` and friends keep their arguments on the first line (prettier's `isTestCall`). */
export function isTestCall(node: AnyNode | null, parent?: AnyNode | null): boolean {
  if (node?.type !== 'CallExpression' || node.optional) return false;
  const args = node.arguments;
  if (args.some((arg) => hasComment(arg))) return false;
  if (args.length === 1) {
    if (isAngularTestWrapper(node) && parent && isTestCall(parent)) return isFunctionOrArrowExpression(args[0]);
    if (isUnitTestSetIdentifier(node.callee)) return isAngularTestWrapper(args[0]!);
  } else if ((args.length === 2 || args.length === 3) && (args[0]!.type === 'TemplateLiteral' || isStringLiteral(args[0])) && TEST_CALLEES.some((name) => isNodeMatching(node.callee, name))) {
    if (args[2] && args[2].type !== 'NumericLiteral') return false;
    const second = args[1]!;
    const functionLike = args.length === 2 ? isFunctionOrArrowExpression(second) : second.type === 'ArrowFunctionExpression' && second.body.type === 'BlockStatement' && second.params.length <= 1;
    return functionLike || isAngularTestWrapper(second);
  }
  return false;
}

/** A template literal argument with a line break in its text (printed right after `(`). */
export function isTemplateOnItsOwnLine(node: AnyNode): boolean {
  return node.type === 'TemplateLiteral' && node.quasis.some((q) => q.raw.includes('\n'));
}

/** This call is the callee of a call with fewer (but some) arguments: `a(b, c)(d)`. */
export function isCalleeOfShorterCall(node: AnyNode): boolean {
  const { parent, field: key } = node;
  return key === 'callee' && isCallExpression(node) && isCallExpression(parent) && parent.arguments.length > 0 && node.arguments.length > parent.arguments.length;
}

export function printCallArguments(node: N.CallExpression | N.NewExpression, ctx: PrintContext): Doc {
  const { b, options } = ctx;
  const args = node.arguments;
  if (args.length === 0) return b.group(['(', ')']);
  if (isReactHookCallWithDepsArray(args)) return ['(', ...args.flatMap((arg, i) => (i === args.length - 1 ? [ctx.print(arg)] : [ctx.print(arg), ', '])), ')'];
  const lastIndex = args.length - 1;
  const printed: Doc[] = args.map((arg, i) => (i === lastIndex ? ctx.print(arg) : [ctx.print(arg), ',', b.line]));
  const trailingComma = shouldPrintComma(options, 'all') ? b.ifBreak(',') : '';
  const allArgsBrokenOut = () => b.group(['(', b.indent([b.line, ...printed]), trailingComma, b.line, ')'], { shouldBreak: true });
  if (isFunctionComposition(args)) return allArgsBrokenOut();

  if (shouldGroupFirst(args)) {
    const rest = printed.slice(1);
    if (rest.some(willBreak)) return allArgsBrokenOut();
    let first: Doc;
    try {
      first = ctx.print(args[0]!, { expandFirstArg: true });
    } catch (error) {
      if (error instanceof ArgExpansionBailout) return allArgsBrokenOut();
      throw error;
    }
    if (willBreak(first)) return [b.breakParent, hugging(b.conditionalGroup([['(', b.group(first, { shouldBreak: true }), ', ', ...rest, ')'], allArgsBrokenOut()]))];
    return hugging(b.conditionalGroup([['(', first, ', ', ...rest, ')'], ['(', b.group(first, { shouldBreak: true }), ', ', ...rest, ')'], allArgsBrokenOut()]));
  }

  if (shouldGroupLast(args, ctx)) {
    const head = printed.slice(0, -1);
    if (head.some(willBreak)) return allArgsBrokenOut();
    let last: Doc;
    try {
      last = ctx.print(args[lastIndex]!, { expandLastArg: true });
    } catch (error) {
      if (error instanceof ArgExpansionBailout) return allArgsBrokenOut();
      throw error;
    }
    if (willBreak(last)) return [b.breakParent, hugging(b.conditionalGroup([['(', ...head, b.group(last, { shouldBreak: true }), ')'], allArgsBrokenOut()]))];
    return hugging(b.conditionalGroup([['(', ...head, last, ')'], ['(', ...head, b.group(last, { shouldBreak: true }), ')'], allArgsBrokenOut()]));
  }

  const contents: Doc = ['(', b.indent([b.softline, ...printed]), trailingComma, b.softline, ')'];
  if (isCalleeOfShorterCall(node)) return contents;
  return b.group(contents, { shouldBreak: printed.some(willBreak) });
}

function isReactHookCallWithDepsArray(args: AnyNode[]): boolean {
  const check = (index: number) => {
    const fn = args[index]!;
    const deps = args[index + 1]!;
    return fn.type === 'ArrowFunctionExpression' && fn.params.length === 0 && fn.body.type === 'BlockStatement' && deps.type === 'ArrayExpression' && args.every((arg) => !hasComment(arg));
  };
  if (args.length === 2) return check(0);
  if (args.length === 3) return args[0]!.type === 'Identifier' && check(1);
  return false;
}

function isFunctionComposition(args: AnyNode[]): boolean {
  if (args.length <= 1) return false;
  let functions = 0;
  for (const arg of args) {
    if (isFunctionOrArrowExpression(arg)) {
      functions += 1;
      if (functions > 1) return true;
    } else {
      const inner = stripChain(arg);
      if (isCallExpression(inner) && inner.arguments.some(isFunctionOrArrowExpression)) return true;
    }
  }
  return false;
}

/** Prettier's `couldExpandArg`: an argument that can hug the parentheses. */
export function couldExpandArg(arg: AnyNode, arrowChainRecursion = false): boolean {
  if (isObjectOrRecordExpression(arg) && (arg.properties.length > 0 || hasComment(arg))) return true;
  if (isArrayOrTupleExpression(arg) && (arg.elements.length > 0 || hasComment(arg))) return true;
  if (isBinaryCastExpression(arg)) return couldExpandArg(arg.expression);
  if (arg.type === 'FunctionExpression') return true;
  if (arg.type === 'ArrowFunctionExpression') {
    const body = arg.body;
    return (
      body.type === 'BlockStatement' ||
      isObjectOrRecordExpression(body) ||
      isArrayOrTupleExpression(body) ||
      (body.type === 'ArrowFunctionExpression' && couldExpandArg(body, true)) ||
      (!arrowChainRecursion && (body.type === 'ConditionalExpression' || isCallExpression(stripChain(body))))
    );
  }
  return false;
}

/** An array of numbers only, printed with `fill` (prettier's `isConciselyPrintedArray`). */
export function isConciselyPrintedArray(node: AnyNode): boolean {
  return (
    node.type === 'ArrayExpression' &&
    node.elements.length > 0 &&
    node.elements.every(
      (el) =>
        (el.type === 'NumericLiteral' || (isSignedNumericLiteral(el) && !hasComment((el as N.UnaryExpression).argument))) &&
        !hasComment(el, CommentFlags.Trailing | CommentFlags.Line, (c) => !c.newlineBefore),
    )
  );
}

export const isSignedNumericLiteral = (node: AnyNode): boolean =>
  node.type === 'UnaryExpression' && (node.operator === '+' || node.operator === '-') && node.argument.type === 'NumericLiteral';

function shouldGroupLast(args: AnyNode[], ctx: PrintContext): boolean {
  void ctx;
  const last = args[args.length - 1]!;
  const penultimate = args[args.length - 2];
  return (
    !hasComment(last, CommentFlags.Leading) &&
    !hasComment(last, CommentFlags.Trailing) &&
    couldExpandArg(last) &&
    (!penultimate || penultimate.type !== last.type) &&
    (args.length !== 2 || penultimate!.type !== 'ArrowFunctionExpression' || last.type !== 'ArrayExpression') &&
    !(args.length > 1 && isConciselyPrintedArray(last))
  );
}

function shouldGroupFirst(args: AnyNode[]): boolean {
  if (args.length !== 2) return false;
  const [first, second] = args as [AnyNode, AnyNode];
  return (
    !hasComment(first) &&
    (first.type === 'FunctionExpression' || (first.type === 'ArrowFunctionExpression' && first.body.type === 'BlockStatement')) &&
    second.type !== 'FunctionExpression' &&
    second.type !== 'ArrowFunctionExpression' &&
    second.type !== 'ConditionalExpression' &&
    isHopefullyShortCallArgument(second) &&
    !couldExpandArg(second)
  );
}

function isHopefullyShortCallArgument(node: AnyNode): boolean {
  if (isBinaryCastExpression(node)) {
    let type: N.TypeNode = node.typeAnnotation;
    if (type.type === 'TSArrayType') {
      type = type.elementType;
      if (type.type === 'TSArrayType') type = type.elementType;
    }
    if (type.type === 'TSTypeReference' && type.typeArguments?.params.length === 1) type = type.typeArguments.params[0]!;
    return isSimpleType(type) && isSimpleCallArgument(node.expression, 1);
  }
  if ((node.type === 'CallExpression' || node.type === 'NewExpression') && node.arguments.length > 1) return false;
  if (isBinaryish(node)) return isSimpleCallArgument(node.left, 1) && isSimpleCallArgument(node.right, 1);
  return isSimpleCallArgument(node);
}

/** Prettier's `isSimpleCallArgument`. */
export function isSimpleCallArgument(input: AnyNode, depth = 2): boolean {
  if (depth <= 0) return false;
  const node = stripChain(input);
  const simple = (child: AnyNode) => isSimpleCallArgument(child, depth - 1);
  if (node.type === 'StringLiteral' || node.type === 'NumericLiteral' || node.type === 'BooleanLiteral' || node.type === 'NullLiteral') return true;
  if (node.type === 'Identifier' || node.type === 'ThisExpression' || node.type === 'Super') return true;
  if (node.type === 'TemplateLiteral') return node.quasis.every((q) => !q.raw.includes('\n')) && node.expressions.every(simple);
  if (node.type === 'ObjectExpression') return node.properties.every((p) => p.type === 'Property' && !p.computed && (p.shorthand || (p.value && simple(p.value))));
  if (node.type === 'ArrayExpression') return node.elements.every((el) => simple(el));
  if (node.type === 'CallExpression' || node.type === 'NewExpression') {
    if (isSimpleCallArgument(node.callee, depth)) return node.arguments.length <= depth && node.arguments.every(simple);
    return false;
  }
  if (node.type === 'MemberExpression') return isSimpleCallArgument(node.object, depth) && isSimpleCallArgument(node.property, depth);
  if (node.type === 'UnaryExpression' && ['!', '-', '+', '~'].includes(node.operator)) return isSimpleCallArgument(node.argument, depth);
  return false;
}

/** Parameters printed without line breaks for hugging (used by arrow and function printers). */
export function removeParamLines(doc: Doc): Doc {
  return removeLines(doc);
}
