/**
 * The fast formatting path: prints the code tree straight to prettier's document format, with the
 * layout decisions of prettier's own estree printer, so that printing the doc gives the text
 * `prettier.format(printModuleSource(module))` gives, without parsing.
 *
 * A module is printed statement by statement (top-level statements do not influence each other's
 * layout). A statement this printer does not support, and every `raw` statement, is returned as
 * source for the caller to format with prettier. Prettier is not idempotent on some layouts (an
 * object it expands keeps expanded the next time); the caller's "format until stable" loop is
 * reproduced by re-printing with the objects the previous pass expanded.
 */
import type { Builders, Doc } from '../format/doc.js';
import { type PrinterSemantics, printDoc } from '../format/doc-printer.js';
import { lineComment } from '../emit/escape.js';
import type * as A from './ast.js';
import { blankLineBetween } from './layout.js';
import { type FormatOptions, type PrintContext } from './print-doc-context.js';
import { printArray } from './print-doc-array.js';
import { printAssignment } from './print-doc-assign.js';
import { printBinaryish } from './print-doc-binary.js';
import { printCallExpression } from './print-doc-call.js';
import { inheritLabel, printComments } from './print-doc-comments.js';
import {
  printAwait,
  printBinaryCast,
  printIdentifier,
  printLiteral,
  printMemberExpression,
  printNonNull,
  printRest,
  printSpread,
  printTSTypeAnnotation,
  printUnary,
} from './print-doc-expr.js';
import { printArrowFunction, printAssignmentPattern, printFunction, printMethod } from './print-doc-functions.js';
import { printPropertyKey } from './print-doc-literals.js';
import { Unsupported, lowerTopLevel, newProgram, prologueLength } from './print-doc-lower.js';
import type * as N from './print-doc-nodes.js';
import { printBody, printObjectExpression, printTypeLiteral } from './print-doc-object.js';
import { needsParens } from './print-doc-parens.js';
import {
  printBlock,
  printCatch,
  printClassProperty,
  printExportAll,
  printExportNamed,
  printExpressionStatement,
  printForOf,
  printIf,
  printImport,
  printInterfaceOrClass,
  printReturnOrThrow,
  printSpecifier,
  printTry,
  printTypeAlias,
  printVariableDeclaration,
  printVariableDeclarator,
} from './print-doc-statements.js';
import { printTemplateElement, printTemplateLiteral } from './print-doc-template.js';
import { printFunctionType, printIndexSignature, printIntersectionType, printMethodSignature, printPropertySignature, printTypeParameter, printTypeParameters, printUnionType } from './print-doc-types.js';
import { printTernary } from './print-doc-ternary.js';

export { Unsupported };

export interface DocPrintEnvironment {
  options: FormatOptions;
  builders: Builders;
  semantics: PrinterSemantics;
  /** Display width of non-ASCII text (the prettier instance's `getStringWidth`). */
  stringWidth: (text: string) => number;
  /** Line terminator for the output. */
  eol: string;
  /** The file is not `.ts` (`.mts`, `.cts`): prettier keeps `<T,>` on arrow functions there. */
  tsxLike: boolean;
  /** Whether prettier writes a non-ASCII string key bare (known for the module's keys). */
  unquotable?: ((key: string) => boolean | undefined) | undefined;
}

/** A top-level piece of the output: printed text, or source prettier must format. */
export type ModulePiece = { kind: 'text'; text: string } | { kind: 'prettier'; source: string; reason: string };

export interface PrintedModule {
  /** The header comment line, or undefined when the module needs prettier as a whole. */
  header: string;
  pieces: ModulePiece[];
  /** Per piece after the first: an empty line separates it from the previous one. */
  blankBefore: boolean[];
}

/**
 * Prints what it can of a module. Returns undefined when the module as a whole must be formatted
 * by prettier (a header prettier would read as a directive, or an empty body).
 */
/** Non-ASCII property keys of a module (prettier may write some of them bare). */
export function nonAsciiKeys(module: A.Module): Set<string> {
  const keys = new Set<string>();
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const node = value as { k?: string; key?: unknown };
    if ((node.k === 'prop' || node.k === 'method' || node.k === 'tprop' || node.k === 'tmethod') && typeof node.key === 'string' && /[^\x00-\x7F]/.test(node.key)) keys.add(node.key);
    for (const child of Object.values(value)) if (child && typeof child === 'object') visit(child);
  };
  visit(module.body);
  return keys;
}

export function printModuleDoc(module: A.Module, env: DocPrintEnvironment, sourceOf: (stmt: A.Stmt) => string): PrintedModule | undefined {
  const header = lineComment(module.header).trimEnd();
  if (/^\/\/\s*prettier-ignore\s*$/.test(header) || module.body.length === 0) return undefined;
  if (module.body.some((stmt) => stmt.k === 'raw' && stmt.text.trim() === '')) return undefined;
  const program = newProgram();
  const prologue = prologueLength(module.body);
  const pieces = module.body.map((stmt, i): ModulePiece => {
    if (stmt.k === 'raw') return { kind: 'prettier', source: sourceOf(stmt), reason: 'raw statement' };
    try {
      return { kind: 'text', text: printStatementStable(stmt, program, i, env, i < prologue) };
    } catch (error) {
      if (error instanceof Unsupported) return { kind: 'prettier', source: sourceOf(stmt), reason: error.message };
      throw error;
    }
  });
  const blankBefore = module.body.map((stmt, i) => i > 0 && blankLineBetween(module.body[i - 1]!, stmt));
  return { header, pieces, blankBefore };
}

type Breakable = N.ObjectExpression | N.TSTypeLiteral;

/** Prints one statement, re-printing while prettier would expand more objects on a second pass. */
function printStatementStable(stmt: A.Stmt, program: N.Program, index: number, env: DocPrintEnvironment, inPrologue: boolean): string {
  const node = lowerTopLevel(stmt, program, index, [], inPrologue);
  let preserved = new Set<Breakable>();
  collectPreserved(node, preserved);
  let text = printOnce(node, env);
  for (let round = 1; round <= 3; round++) {
    if (env.options.objectWrap !== 'preserve') return text.text;
    const broken = new Set([...text.brokenMarks].filter((mark): mark is Breakable => isBreakable(mark)));
    if (sameSet(broken, preserved)) return text.text;
    for (const object of preserved) object.preservedBreak = false;
    for (const object of broken) object.preservedBreak = true;
    preserved = broken;
    const next = printOnce(node, env);
    if (next.text === text.text) return text.text;
    text = next;
  }
  return text.text;
}

function isBreakable(mark: object): mark is Breakable {
  const type = (mark as { type?: string }).type;
  return type === 'ObjectExpression' || type === 'TSTypeLiteral';
}

function sameSet<T>(a: Set<T>, b: Set<T>): boolean {
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}

/** Objects and type literals that start expanded in the source. */
function collectPreserved(node: N.ENode, into: Set<Breakable>): void {
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const current = value as N.ENode;
    if ((current.type === 'ObjectExpression' || current.type === 'TSTypeLiteral') && current.preservedBreak) into.add(current);
    for (const [key, child] of Object.entries(current)) {
      if (key !== 'parent' && key !== 'comments' && child && typeof child === 'object') visit(child);
    }
  };
  visit(node);
}

function printOnce(node: N.Statement, env: DocPrintEnvironment) {
  const ctx = createContext(env);
  const doc = ctx.print(node);
  return printDoc(doc, ctx.printOptions);
}

function createContext(env: DocPrintEnvironment): PrintContext {
  const cache = new Map<N.ENode, Doc>();
  const printOptions = {
    printWidth: env.options.printWidth,
    tabWidth: env.options.tabWidth,
    useTabs: env.options.useTabs,
    eol: env.eol,
    semantics: env.semantics,
    stringWidth: env.stringWidth,
  };
  const ctx: PrintContext = {
    options: env.options,
    b: env.builders,
    width: (text) => (/[^\x20-\x7F]/.test(text) ? env.stringWidth(text) : text.length),
    unquotable: (key) => {
      const known = env.unquotable?.(key);
      if (known === undefined) throw new Unsupported(`non-ASCII key ${key}`);
      return known;
    },
    printOptions,
    tsxLike: env.tsxLike,
    print(node, args) {
      if (!args) {
        const cached = cache.get(node);
        if (cached !== undefined) return cached;
      }
      let doc = printWithoutComments(node, ctx, args);
      if (!isClassMember(node) && needsParens(node, ctx.options)) doc = inheritLabel(doc, (inner) => ['(', inner, ')']);
      if (node.comments && node.comments.length > 0) doc = printComments(node, doc, ctx);
      if (!args) cache.set(node, doc);
      return doc;
    },
  };
  return ctx;
}

const isClassMember = (node: N.ENode) => node.type === 'PropertyDefinition' || node.type === 'MethodDefinition';

function printWithoutComments(node: N.ENode, ctx: PrintContext, args: N.PrintArgs | undefined): Doc {
  switch (node.type) {
    // Expressions
    case 'Identifier':
      return printIdentifier(node, ctx);
    case 'ThisExpression':
      return 'this';
    case 'Super':
      return 'super';
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
    case 'NullLiteral':
      return printLiteral(node, ctx);
    case 'TemplateLiteral':
      return printTemplateLiteral(node, ctx);
    case 'TemplateElement':
      return printTemplateElement(node, ctx);
    case 'ArrayExpression':
      return printArray(node, ctx);
    case 'ObjectExpression':
      return printObjectExpression(node, ctx);
    case 'Property':
      if (node.method || node.kind === 'get') return printMethod(node, ctx);
      if (node.shorthand) return ctx.print(node.value);
      return printAssignment(node, ctx, printPropertyKey(node, ctx), ':', node.value);
    case 'FunctionExpression':
      return printFunction(node, ctx, args);
    case 'SpreadElement':
      return printSpread(node, ctx);
    case 'RestElement':
      return printRest(node, ctx);
    case 'AssignmentPattern':
      return printAssignmentPattern(node, ctx);
    case 'MemberExpression':
      return printMemberExpression(node, ctx);
    case 'CallExpression':
    case 'NewExpression':
      return printCallExpression(node, ctx);
    case 'ChainExpression':
      return ctx.print(node.expression);
    case 'ArrowFunctionExpression':
      return printArrowFunction(node, ctx, args);
    case 'UnaryExpression':
      return printUnary(node, ctx);
    case 'BinaryExpression':
    case 'LogicalExpression':
      return printBinaryish(node, ctx);
    case 'ConditionalExpression':
      return printTernary(node, ctx);
    case 'AwaitExpression':
      return printAwait(node, ctx);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return printBinaryCast(node, ctx);
    case 'TSNonNullExpression':
      return printNonNull(node, ctx);
    case 'AssignmentExpression':
      return printAssignment(node, ctx, ctx.print(node.left), [' ', node.operator], node.right);
    // Types
    case 'TSTypeAnnotation':
      return printTSTypeAnnotation(node, ctx);
    case 'TSTypeReference':
      return [ctx.print(node.typeName), node.typeArguments ? ctx.print(node.typeArguments) : ''];
    case 'TSQualifiedName':
      return [ctx.print(node.left), '.', ctx.print(node.right)];
    case 'TSStringKeyword':
    case 'TSNumberKeyword':
    case 'TSBooleanKeyword':
    case 'TSUnknownKeyword':
    case 'TSNeverKeyword':
    case 'TSNullKeyword':
    case 'TSUndefinedKeyword':
    case 'TSVoidKeyword':
    case 'TSAnyKeyword':
    case 'TSObjectKeyword':
    case 'TSBigIntKeyword':
      return node.type.slice(2, -7).toLowerCase();
    case 'TSLiteralType':
      return ctx.print(node.literal);
    case 'TSTypeLiteral':
      return printTypeLiteral(node, ctx);
    case 'TSPropertySignature':
      return printPropertySignature(node, ctx);
    case 'TSIndexSignature':
      return printIndexSignature(node, ctx);
    case 'TSMethodSignature':
      return printMethodSignature(node, ctx);
    case 'TSUnionType':
      return printUnionType(node, ctx, args);
    case 'TSIntersectionType':
      return printIntersectionType(node, ctx);
    case 'TSArrayType':
      return [ctx.print(node.elementType), '[]'];
    case 'TSTupleType':
      return printArray(node, ctx);
    case 'TSOptionalType':
      return [ctx.print(node.typeAnnotation), '?'];
    case 'TSRestType':
      return ['...', ctx.print(node.typeAnnotation)];
    case 'TSTypeQuery':
      return ['typeof ', ctx.print(node.exprName)];
    case 'TSIndexedAccessType':
      return [ctx.print(node.objectType), '[', ctx.print(node.indexType), ']'];
    case 'TSTypeOperator':
      return [node.operator, ' ', ctx.print(node.typeAnnotation)];
    case 'TSFunctionType':
      return printFunctionType(node, ctx);
    case 'TSTypeParameterDeclaration':
    case 'TSTypeParameterInstantiation':
      return printTypeParameters(node, ctx);
    case 'TSTypeParameter':
      return printTypeParameter(node, ctx);
    // Statements
    case 'Program':
      throw new Unsupported('program printed as a node');
    case 'ImportDeclaration':
      return printImport(node, ctx);
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
    case 'ExportSpecifier':
      return printSpecifier(node, ctx);
    case 'ExportAllDeclaration':
      return printExportAll(node, ctx);
    case 'ExportNamedDeclaration':
      return printExportNamed(node, ctx);
    case 'VariableDeclaration':
      return printVariableDeclaration(node, ctx);
    case 'VariableDeclarator':
      return printVariableDeclarator(node, ctx);
    case 'TSTypeAliasDeclaration':
      return printTypeAlias(node, ctx);
    case 'TSInterfaceDeclaration':
    case 'ClassDeclaration':
      return printInterfaceOrClass(node, ctx);
    case 'TSInterfaceHeritage':
      return [ctx.print(node.expression), node.typeArguments ? ctx.print(node.typeArguments) : ''];
    case 'TSInterfaceBody':
    case 'ClassBody':
      return printBody(node, ctx);
    case 'FunctionDeclaration':
      return printFunction(node, ctx);
    case 'PropertyDefinition':
      return printClassProperty(node, ctx);
    case 'MethodDefinition':
      return printMethod(node, ctx);
    case 'BlockStatement':
      return printBlock(node, ctx);
    case 'ReturnStatement':
    case 'ThrowStatement':
      return printReturnOrThrow(node, ctx);
    case 'IfStatement':
      return printIf(node, ctx);
    case 'ExpressionStatement':
      return printExpressionStatement(node, ctx);
    case 'ForOfStatement':
      return printForOf(node, ctx);
    case 'TryStatement':
      return printTry(node, ctx);
    case 'CatchClause':
      return printCatch(node, ctx);
  }
}
