/** Statements and declarations: blocks, control flow, variables, imports and exports, classes. */
import type { Doc } from '../format/doc.js';
import { type AnyNode, type PrintContext, hasComment, isBinaryish, isMemberExpression, shouldPrintComma } from './print-doc-context.js';
import { printAssignment } from './print-doc-assign.js';
import { printTypeAnnotationProperty } from './print-doc-expr.js';
import { printPropertyKey } from './print-doc-literals.js';
import type * as N from './print-doc-nodes.js';
import { Unsupported } from './print-doc-lower.js';
import { needsParens } from './print-doc-parens.js';

const semi = (ctx: PrintContext): string => (ctx.options.semi ? ';' : '');

export function printBlock(node: N.BlockStatement, ctx: PrintContext): Doc {
  const { b } = ctx;
  if (node.body.length > 0) return ['{', b.indent([b.hardline, printStatementSequence(node.body, ctx)]), b.hardline, '}'];
  const parent = node.parent;
  const keepsEmpty =
    parent?.type === 'ArrowFunctionExpression' ||
    parent?.type === 'FunctionExpression' ||
    parent?.type === 'FunctionDeclaration' ||
    parent?.type === 'CatchClause';
  return keepsEmpty ? ['{', '}'] : ['{', b.hardline, '}'];
}

export function printStatementSequence(statements: N.Statement[], ctx: PrintContext): Doc {
  const { b } = ctx;
  const parts: Doc[] = [];
  statements.forEach((statement, i) => {
    parts.push(ctx.print(statement));
    if (i < statements.length - 1) parts.push(b.hardline);
  });
  return parts;
}

/** With `semi: false`, a statement starting with one of these gets a leading `;`. */
function expressionNeedsASIProtection(node: AnyNode, ctx: PrintContext): boolean {
  switch (node.type) {
    case 'ArrayExpression':
    case 'TemplateLiteral':
      return true;
    case 'ArrowFunctionExpression':
      if (!(ctx.options.arrowParens === 'avoid' && arrowPrintsWithoutParens(node))) return true;
      break;
    case 'UnaryExpression':
      if (node.operator === '+' || node.operator === '-') return true;
      break;
    default:
      break;
  }
  if (needsParens(node, ctx.options)) return true;
  switch (node.type) {
    case 'BinaryExpression':
    case 'LogicalExpression':
    case 'AssignmentExpression':
      return expressionNeedsASIProtection(node.left, ctx);
    case 'MemberExpression':
      return expressionNeedsASIProtection(node.object, ctx);
    case 'CallExpression':
      return expressionNeedsASIProtection(node.callee, ctx);
    case 'ConditionalExpression':
      return expressionNeedsASIProtection(node.test, ctx);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'ChainExpression':
      return expressionNeedsASIProtection(node.expression, ctx);
    default:
      return false;
  }
}

function arrowPrintsWithoutParens(node: N.ArrowFunctionExpression): boolean {
  if (node.params.length !== 1 || node.typeParameters || hasComment(node, 8)) return false;
  const [param] = node.params as [N.Param];
  return param.type === 'Identifier' && !param.typeAnnotation && !hasComment(param) && !param.optional && !node.returnType;
}

export function printExpressionStatement(node: N.ExpressionStatement, ctx: PrintContext): Doc {
  const parts: Doc[] = [ctx.print(node.expression)];
  const inBody = node.field === 'body' && (node.parent?.type === 'Program' || node.parent?.type === 'BlockStatement');
  if (!ctx.options.semi && inBody && expressionNeedsASIProtection(node.expression, ctx)) parts.unshift(';');
  else if (ctx.options.semi) parts.push(';');
  // Prettier's experimental ternaries put a broken test in parentheses that its ASI guard does not
  // see: its next format reads the statement as a call of the one before. Prettier formats the
  // module, to that text.
  else if (inBody && node.index > 0 && ctx.options.experimentalTernaries && node.expression.type === 'ConditionalExpression') {
    throw new Unsupported('a ternary statement after another, without semicolons', true);
  }
  return parts;
}

export function printVariableDeclaration(node: N.VariableDeclaration, ctx: PrintContext): Doc {
  const { b } = ctx;
  const inForOf = node.field === 'left' && node.parent?.type === 'ForOfStatement';
  const printed = node.declarations.map((d) => ctx.print(d));
  const first = printed.length === 1 && !hasComment(node.declarations[0]) ? printed[0]! : b.indent(printed[0]!);
  const hasInit = node.declarations.some((d) => d.init);
  return b.group([
    node.kind,
    [' ', first],
    b.indent(printed.slice(1).map((d) => [',', hasInit && !inForOf ? b.hardline : b.line, d])),
    inForOf ? '' : semi(ctx),
  ]);
}

export function printVariableDeclarator(node: N.VariableDeclarator, ctx: PrintContext): Doc {
  return printAssignment(node, ctx, ctx.print(node.id), ' =', node.init);
}

/** The argument of `return` / `throw`: binary expressions get optional parentheses. */
function printReturnArgument(node: N.ReturnStatement, ctx: PrintContext): Doc {
  const { b } = ctx;
  const argument = node.argument;
  if (!argument) return '';
  const printed = ctx.print(argument);
  if (isBinaryish(argument) || (ctx.options.experimentalTernaries && argument.type === 'ConditionalExpression' && (argument.consequent.type === 'ConditionalExpression' || argument.alternate.type === 'ConditionalExpression'))) {
    return [' ', b.group([b.ifBreak('('), b.indent([b.softline, printed]), b.softline, b.ifBreak(')')])];
  }
  return [' ', printed];
}

export function printReturnOrThrow(node: N.ReturnStatement, ctx: PrintContext): Doc {
  return [node.type === 'ReturnStatement' ? 'return' : 'throw', printReturnArgument(node, ctx), semi(ctx)];
}

/** `if (test)` with the test indented when it breaks, unless it is `!(a && b)`-like. */
function printTest(node: N.IfStatement, ctx: PrintContext): Doc {
  const { b } = ctx;
  const printed = ctx.print(node.test);
  const test = node.test;
  let inner: AnyNode | undefined;
  if (!hasComment(test) && test.type === 'UnaryExpression' && test.operator === '!') {
    inner = test.argument;
    if (inner.type === 'UnaryExpression' && inner.operator === '!') inner = inner.argument;
  }
  if (inner?.type === 'LogicalExpression') return printed;
  return b.group([b.indent([b.softline, printed]), b.softline]);
}

function printClause(node: N.BlockStatement | N.IfStatement, ctx: PrintContext): Doc {
  return [' ', ctx.print(node)];
}

export function printIf(node: N.IfStatement, ctx: PrintContext): Doc {
  const { b } = ctx;
  const head = b.group(['if (', printTest(node, ctx), ')', printClause(node.consequent, ctx)]);
  if (!node.alternate) return head;
  return [head, ' ', 'else', b.group(printClause(node.alternate, ctx))];
}

export function printForOf(node: N.ForOfStatement, ctx: PrintContext): Doc {
  const { b } = ctx;
  return b.group(['for', ' (', ctx.print(node.left), b.align(1, b.lineSuffixBoundary), ' ', 'of', ' ', ctx.print(node.right), ')', printClause(node.body, ctx)]);
}

export function printTry(node: N.TryStatement, ctx: PrintContext): Doc {
  return ['try ', ctx.print(node.block), ' ', ctx.print(node.handler)];
}

export function printCatch(node: N.CatchClause, ctx: PrintContext): Doc {
  if (!node.param) return ['catch ', ctx.print(node.body)];
  return ['catch ', ['(', ctx.print(node.param), ') '], ctx.print(node.body)];
}

function printSpecifiers(specifiers: (N.ImportSpecifierNode | N.ExportSpecifier)[], ctx: PrintContext): Doc {
  const { b, options } = ctx;
  const standalone: Doc[] = [];
  const grouped: Doc[] = [];
  for (const specifier of specifiers) {
    if (specifier.type === 'ImportDefaultSpecifier' || specifier.type === 'ImportNamespaceSpecifier') standalone.push(ctx.print(specifier));
    else grouped.push(ctx.print(specifier));
  }
  const parts: Doc[] = [' ', b.join(', ', standalone)];
  if (grouped.length > 0) {
    if (standalone.length > 0) parts.push(', ');
    const spacing = options.bracketSpacing ? b.line : b.softline;
    if (grouped.length > 1 || standalone.length > 0 || specifiers.some((s) => hasComment(s))) {
      parts.push(b.group(['{', b.indent([spacing, b.join([',', b.line], grouped)]), shouldPrintComma(options) ? b.ifBreak(',') : '', spacing, '}']));
    } else {
      parts.push(['{', options.bracketSpacing ? ' ' : '', ...grouped, options.bracketSpacing ? ' ' : '', '}']);
    }
  }
  return parts;
}

export function printImport(node: N.ImportDeclaration, ctx: PrintContext): Doc {
  return ['import', node.importKind === 'type' ? ' type' : '', printSpecifiers(node.specifiers, ctx), ' from', ' ', ctx.print(node.source), semi(ctx)];
}

export function printSpecifier(node: N.ImportSpecifier | N.ImportDefaultSpecifier | N.ExportSpecifier, ctx: PrintContext): Doc {
  switch (node.type) {
    case 'ImportDefaultSpecifier':
      return ctx.print(node.local);
    case 'ImportNamespaceSpecifier':
      return ['*', ' as ', ctx.print(node.local)];
    case 'ImportSpecifier': {
      const local = node.aliased || node.local.name !== node.imported.name ? ctx.print(node.local) : '';
      return [node.importKind === 'type' ? 'type ' : '', ctx.print(node.imported), local ? ' as ' : '', local];
    }
    case 'ExportSpecifier': {
      const exported = node.aliased || node.local.name !== node.exported.name ? ctx.print(node.exported) : '';
      return [node.exportKind === 'type' ? 'type ' : '', ctx.print(node.local), exported ? ' as ' : '', exported];
    }
  }
}

export function printExportAll(node: N.ExportAllDeclaration, ctx: PrintContext): Doc {
  return ['export', node.exportKind === 'type' ? ' type' : '', ' *', ' from', ' ', ctx.print(node.source), semi(ctx)];
}

export function printExportNamed(node: N.ExportNamedDeclaration, ctx: PrintContext): Doc {
  if (node.declaration) return ['export', ' ', ctx.print(node.declaration)];
  return ['export', node.exportKind === 'type' ? ' type' : '', printSpecifiers(node.specifiers, ctx), node.source ? [' from', ' ', ctx.print(node.source)] : '', semi(ctx)];
}

export function printTypeAlias(node: N.TSTypeAliasDeclaration, ctx: PrintContext): Doc {
  const left: Doc = ['type ', ctx.print(node.id), node.typeParameters ? ctx.print(node.typeParameters) : ''];
  return [printAssignment(node, ctx, left, ' =', node.typeAnnotation), semi(ctx)];
}

/** `extends A, B` of interfaces and classes (prettier's `printHeritageClauses` and friends). */
function shouldIndentOnlyHeritageClauses(node: N.TSInterfaceDeclaration | N.ClassDeclaration): boolean {
  const heritageCount = (node.type === 'ClassDeclaration' ? (node.superClass ? 1 : 0) : 0) + (node.type === 'TSInterfaceDeclaration' ? node.extends.length : 0);
  if (hasComment(node.id, 4) || (node.type === 'ClassDeclaration' && hasComment(node.superClass)) || heritageCount > 1) return true;
  if (node.type === 'ClassDeclaration') {
    if (node.superClass) return node.parent?.type === 'AssignmentExpression' ? false : isMemberExpression(stripChainAndNonNull(node.superClass));
    return false;
  }
  const first = node.extends[0];
  return first !== undefined && isMemberExpression(first.expression) && !first.typeArguments;
}

function stripChainAndNonNull(node: AnyNode): AnyNode {
  let current = node;
  while (current.type === 'ChainExpression' || current.type === 'TSNonNullExpression') current = current.expression;
  return current;
}

export function printInterfaceOrClass(node: N.TSInterfaceDeclaration | N.ClassDeclaration, ctx: PrintContext): Doc {
  const { b } = ctx;
  const isInterface = node.type === 'TSInterfaceDeclaration';
  const parts: Doc[] = [isInterface ? 'interface' : 'class'];
  const indentOnlyHeritage = shouldIndentOnlyHeritageClauses(node);
  const head: Doc[] = [' ', ctx.print(node.id)];
  if (isInterface && node.typeParameters) head.push(ctx.print(node.typeParameters));
  const heritage: Doc[] = [];
  if (node.type === 'ClassDeclaration') {
    if (node.superClass) {
      const printed: Doc = ['extends ', ctx.print(node.superClass)];
      if (indentOnlyHeritage) heritage.push(b.line, b.group(printed));
      else heritage.push(' ', printed);
    }
  } else if (node.extends.length > 0) {
    const list = b.join([',', b.line], node.extends.map((h) => ctx.print(h)));
    if (node.extends.length === 1) {
      const clause: Doc = ['extends ', '', list];
      heritage.push(indentOnlyHeritage ? [b.line, b.group(clause)] : [' ', clause]);
    } else {
      heritage.push([b.line, '', '', 'extends', b.group(b.indent([b.line, list]))]);
    }
  }
  let groupId: symbol | undefined;
  if (indentOnlyHeritage) {
    groupId = Symbol('heritageGroup');
    parts.push(b.group([...head, b.indent(heritage)], { id: groupId }));
  } else parts.push(...head, ...heritage);
  const bodyHasMembers = node.body.body.length > 0;
  if (!isInterface && indentOnlyHeritage && bodyHasMembers) parts.push(b.ifBreak(b.hardline, ' ', { groupId }));
  else parts.push(' ');
  parts.push(ctx.print(node.body));
  return parts;
}

export function printClassProperty(node: N.PropertyDefinition, ctx: PrintContext): Doc {
  const left: Doc[] = [];
  if (node.override) left.push('override ');
  if (node.readonly) left.push('readonly ');
  left.push(printPropertyKey(node, ctx), printTypeAnnotationProperty(node, ctx));
  return [printAssignment(node, ctx, left, ' =', node.value), semi(ctx)];
}

