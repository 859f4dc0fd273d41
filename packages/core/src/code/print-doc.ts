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
import { printStatementSource } from './print-source.js';
import { type FormatOptions, type PrintContext } from './print-doc-context.js';
import { printArray } from './print-doc-array.js';
import { printAssignment } from './print-doc-assign.js';
import { printBinaryish } from './print-doc-binary.js';
import { printCallExpression } from './print-doc-call-expression.js';
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
import { KEYWORDS, LARGE_BLOCK, Unsupported, childNodes, lowerTopLevel, newProgram, prologueLength, reassociateLogicalChains } from './print-doc-lower.js';

export { prologueLength };
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
  /**
   * The options are prettier's defaults (any line end): raw statements marked canonical are written
   * as they are, their line ends made `eol`, instead of going to prettier.
   */
  canonicalRaw?: boolean | undefined;
}

/** A top-level piece of the output: printed text, or source prettier must format. */
export type ModulePiece =
  | { kind: 'text'; text: string }
  /** `wholeModule`: prettier's output for it depends on the rest of the module. */
  | { kind: 'prettier'; source: string; reason: string; wholeModule?: boolean }
  /** Needs prettier's answer about a key (see `UnknownKey`), then `retry()`. */
  | { kind: 'key'; key: string; retry: () => ModulePiece };

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
/**
 * A non-ASCII property key the fast path must ask prettier about (whether its identifier table
 * lets the key go bare); the statement is printed again once the answer is known.
 */
export class UnknownKey extends Unsupported {
  constructor(readonly key: string) {
    super(`non-ASCII key ${key}`);
  }
}

/**
 * The module as a whole goes to prettier: a header prettier reads as `prettier-ignore`, no
 * statements, empty raw code, or raw code the next statement continues.
 */
export function printsAsWhole(module: A.Module): boolean {
  const header = lineComment(module.header).trimEnd();
  return (
    /^\/\/\s*prettier-ignore\s*$/.test(header) ||
    module.body.length === 0 ||
    module.body.some((stmt, i) => stmt.k === 'raw' && (stmt.text.trim() === '' || continuedBy(stmt.text, module.body[i + 1])))
  );
}

/** Comments and white space at the start of source. */
const LEADING_COMMENTS = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/;

/** Source from its first code: leading comments and white space left out. */
function firstCode(source: string): string {
  return source.slice(LEADING_COMMENTS.exec(source)![0].length);
}

/** Source whose first code is a string literal (a directive at the start of a file or body). */
export function startsWithString(source: string): boolean {
  return /^['"]/.test(firstCode(source));
}

/**
 * Raw text not ending in `;` before a statement starting with `(`, `[`, `` ` ``, `+`, `-`, `/` or
 * `<`: no semicolon is inserted between them, so the module's text reads them as one statement
 * (`n += 1` then `` `a` `` is a tagged template), and prettier prints that.
 */
function continuedBy(text: string, next: A.Stmt | undefined): boolean {
  if (!next || text.trimEnd().endsWith(';')) return false;
  const source = printStatementSource(next);
  return /^[([`+\-/<]/.test(firstCode(source));
}

/**
 * Prints statements of a module body, the first being the body's statement `offset` (each on
 * its own: their layouts do not depend on each other). `prologue` is how many statements at the
 * start of the whole body are directives.
 */
export function printStatements(statements: A.Stmt[], offset: number, prologue: number, env: DocPrintEnvironment, sourceOf: (stmt: A.Stmt) => string): ModulePiece[] {
  const program = newProgram();
  const printPiece = (stmt: A.Stmt, i: number): ModulePiece => {
    if (stmt.k === 'raw') {
      if (stmt.canonical && env.canonicalRaw && writesAsIs(stmt.text)) return { kind: 'text', text: env.eol === '\n' ? stmt.text : stmt.text.replaceAll('\n', env.eol) };
      const source = sourceOf(stmt);
      return { kind: 'prettier', source, reason: 'raw statement', ...(mayReparseAwait(source) ? { wholeModule: true } : {}) };
    }
    try {
      return { kind: 'text', text: printStatementStable(stmt, program, i, env, i < prologue) };
    } catch (error) {
      if (error instanceof UnknownKey) return { kind: 'key', key: error.key, retry: () => printPiece(stmt, i) };
      if (error instanceof Unsupported) return { kind: 'prettier', source: sourceOf(stmt), reason: error.message, ...(error.wholeModule ? { wholeModule: true } : {}) };
      throw error;
    }
  };
  return statements.map((stmt, i) => printPiece(stmt, offset + i));
}

/**
 * Canonical text is proven alone at the start of a file: text starting with a string (a directive
 * there, an expression later) or holding a top-level `await` (see below) may print otherwise in a module.
 */
function writesAsIs(text: string): boolean {
  return !startsWithString(text) && !mayReparseAwait(text);
}

/**
 * A raw statement that may hold a top-level `await` TypeScript re-parses (see the lowering of
 * `await`): its operand does not start with a word or literal, and the text has no async function.
 */
function mayReparseAwait(source: string): boolean {
  return /\bawait\s*[^\p{ID_Continue}$'"\s]/u.test(source) && !/\basync\b/.test(source);
}

export function printModuleDoc(module: A.Module, env: DocPrintEnvironment, sourceOf: (stmt: A.Stmt) => string): PrintedModule | undefined {
  if (printsAsWhole(module)) return undefined;
  const pieces = printStatements(module.body, 0, prologueLength(module.body), env, sourceOf);
  return { header: lineComment(module.header).trimEnd(), pieces, blankBefore: blankLines(module) };
}

export function blankLines(module: A.Module): boolean[] {
  return module.body.map((stmt, i) => i > 0 && blankLineBetween(module.body[i - 1]!, stmt));
}

type Breakable = N.ObjectExpression | N.TSTypeLiteral;

/**
 * Prints one statement, re-printing while prettier would expand more objects on its next pass.
 * A statement holding a large block (a router's thousands of routes are one function) is printed
 * a part at a time, so that the docs of only one part are alive at once.
 */
function printStatementStable(stmt: A.Stmt, program: N.Program, index: number, env: DocPrintEnvironment, inPrologue: boolean): string {
  const node = lowerTopLevel(stmt, program, index, [], inPrologue);
  if (!node.largeBlock || node.reassociate) return printStable(node, env, 0);
  try {
    return printInParts(node, env, 0);
  } catch (error) {
    if (!(error instanceof CannotSplit)) throw error;
    // The parts left marks on the tree (expanded objects): the statement is printed afresh.
    return printStable(lowerTopLevel(stmt, program, index, [], inPrologue), env, 0);
  }
}

/** The placeholder statement's layout did not show where the block's statements go. */
class CannotSplit extends Error {}

const PLACEHOLDER = 'specwright_block_f3a9c2e1';

/**
 * Prints `node` (its first line `levels` indents deep) with the first large block's statements
 * printed one at a time: the rest of the node is printed with one placeholder statement in that
 * block, and each statement replaces it in turn. A block's statements are separated by hard lines,
 * so their layouts do not depend on each other nor on the code around the block; the placeholder
 * keeps the block non-empty, so the code around it prints as it would. A printed statement's docs
 * are released before the next one is printed.
 */
function printInParts(node: N.ENode, env: DocPrintEnvironment, levels: number): string {
  const block = firstLargeBlock(node);
  if (!block) return printStable(node, env, levels);
  const statements: (N.Statement | undefined)[] = block.body;
  const placeholder = { type: 'ExpressionStatement', parent: block, field: 'body', index: 0 } as N.ExpressionStatement;
  placeholder.expression = { type: 'Identifier', name: PLACEHOLDER, parent: placeholder, field: 'expression', index: -1 };
  block.body = [placeholder];
  const outer = printInParts(node, env, levels);
  const { eol, options } = env;
  const at = outer.indexOf(PLACEHOLDER);
  const lineStart = outer.lastIndexOf(eol, at) + eol.length;
  const lineEnd = outer.indexOf(eol, at) === -1 ? outer.length : outer.indexOf(eol, at);
  const indentation = outer.slice(lineStart, at);
  const depth = options.useTabs ? (/^\t*$/.test(indentation) ? indentation.length : -1) : /^ *$/.test(indentation) && indentation.length % options.tabWidth === 0 ? indentation.length / options.tabWidth : -1;
  const placed = at > 0 && lineStart >= eol.length && depth >= 0 && outer.indexOf(PLACEHOLDER, at + 1) === -1 && outer.slice(at + PLACEHOLDER.length, lineEnd) === (options.semi ? ';' : '');
  if (!placed) throw new CannotSplit();
  let text = outer.slice(0, lineStart);
  statements.forEach((statement, i) => {
    if (i > 0) text += eol;
    text += printInParts(statement!, env, depth);
    statements[i] = undefined;
  });
  return text + outer.slice(lineEnd);
}

/** The outermost block of `LARGE_BLOCK` statements or more in the node, in source order. */
function firstLargeBlock(node: N.ENode): N.BlockStatement | undefined {
  if (!node.largeBlock) return undefined;
  if (node.type === 'BlockStatement' && node.body.length >= LARGE_BLOCK) return node;
  for (const child of childNodes(node)) {
    const found = firstLargeBlock(child);
    if (found) return found;
  }
  return undefined;
}

/**
 * Prints a node `levels` indents deep (its first line too), re-printing while prettier would expand
 * more objects on its next pass. Docs are kept between passes: only the objects whose expansion
 * changed, and their ancestors, are printed again.
 */
function printStable(node: N.ENode, env: DocPrintEnvironment, levels: number): string {
  let preserved = new Set<Breakable>();
  // Nodes in which a layout decision found no break (read after the first pass: `settledAfterOnePass`).
  const noBreakFound = new Set<N.ENode>();
  const ctx = createContext(
    env,
    (object) => preserved.add(object),
    (found) => {
      if (found) noBreakFound.add(found);
    },
  );
  const b = env.builders;
  const print = () => {
    if (levels === 0) return printDoc(ctx.print(node), ctx.printOptions);
    let doc: Doc = [b.hardline, ctx.print(node)];
    for (let i = 0; i < levels; i++) doc = b.indent(doc);
    const printed = printDoc(doc, ctx.printOptions);
    return { ...printed, text: printed.text.slice(env.eol.length) };
  };
  let result = print();
  const invalidate = (changed: N.ENode) => {
    for (let current: N.ENode | null = changed; current; current = current.parent) current.printed = undefined;
  };
  for (let round = 1; round <= 3; round++) {
    // What the next pass reads differently: logical chains, and objects expanded or not.
    const reassociated = round === 1 && node.reassociate ? reassociateLogicalChains(node as N.Statement) : [];
    const broken = new Set<Breakable>();
    if (env.options.objectWrap === 'preserve') for (const mark of result.brokenMarks) if (isBreakable(mark)) broken.add(mark);
    const changed = env.options.objectWrap === 'preserve' ? [...preserved].filter((object) => !broken.has(object)).concat([...broken].filter((object) => !preserved.has(object))) : [];
    if (changed.length === 0 && reassociated.length === 0) return result.text;
    if (round === 1 && reassociated.length === 0 && settledAfterOnePass(node, changed, broken, result.unsettledMarks, noBreakFound)) return result.text;
    for (const object of changed) {
      object.preservedBreak = broken.has(object);
      invalidate(object);
    }
    for (const link of reassociated) invalidate(link);
    if (env.options.objectWrap === 'preserve') preserved = broken;
    const next = print();
    if (next.text === result.text) return result.text;
    result = next;
  }
  return result.text;
}

/**
 * Whether the next pass, which keeps the objects the first one broke expanded, is sure to print
 * the same text, so that it need not run (on GitHub's spec it re-printed 5,411 of 13,787
 * statements, always to the same text). It is when every changed object newly broke, outside any
 * conditional group other than argument hugging and any fill (`unsettled`), and no layout decision
 * found no break in a node holding it (`noBreakFound`). Then the docs of the next pass differ only
 * in those objects' groups being broken, in breaks that a decision propagates as prettier's
 * `propagateBreaks` would, and in hugging groups losing the all-flat state the first pass already
 * rejected; and each group enclosing such an object already printed broken, since a group that
 * fits is printed flat with all it holds. So every group, fill and hugging choice is made alike.
 */
function settledAfterOnePass(root: N.ENode, changed: Breakable[], broken: Set<Breakable>, unsettled: Set<object>, noBreakFound: Set<N.ENode>): boolean {
  for (const object of changed) {
    if (!broken.has(object) || unsettled.has(object)) return false;
    for (let current: N.ENode | null = object; current; current = current.parent) {
      if (noBreakFound.has(current)) return false;
      if (current === root) break;
    }
  }
  return true;
}

function isBreakable(mark: object): mark is Breakable {
  const type = (mark as { type?: string }).type;
  return type === 'ObjectExpression' || type === 'TSTypeLiteral';
}

/** Whether text is printable ASCII only (its width is its length). */
function isPlainAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7f) return false;
  }
  return true;
}

function createContext(env: DocPrintEnvironment, notePreserved: (object: Breakable) => void, foundNoBreak: (node: N.ENode | null | undefined) => void): PrintContext {
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
    width: (text) => (isPlainAscii(text) ? text.length : env.stringWidth(text)),
    unquotable: (key) => {
      const known = env.unquotable?.(key);
      if (known === undefined) throw new UnknownKey(key);
      return known;
    },
    printOptions,
    tsxLike: env.tsxLike,
    foundNoBreak,
    print(node, inputArgs) {
      // Only these printers read the arguments: for the others a print with arguments is the
      // same doc as without, so it shares the cache.
      const args = inputArgs && ARGS_READERS.has(node.type) ? inputArgs : undefined;
      if (!args && node.printed !== undefined) return node.printed;
      if ((node.type === 'ObjectExpression' || node.type === 'TSTypeLiteral') && node.preservedBreak) notePreserved(node);
      let doc = printWithoutComments(node, ctx, args);
      if (!isClassMember(node) && needsParens(node, ctx.options)) doc = inheritLabel(doc, (inner) => ['(', inner, ')']);
      if (node.comments && node.comments.length > 0) doc = printComments(node, doc, ctx);
      if (!args) node.printed = doc;
      return doc;
    },
  };
  return ctx;
}

const ARGS_READERS = new Set<N.ENode['type']>(['ArrowFunctionExpression', 'FunctionExpression', 'TSUnionType', 'ConditionalExpression']);

const isClassMember = (node: N.ENode) => node.type === 'PropertyDefinition' || node.type === 'MethodDefinition';

/** A keyword type's text (`TSStringKeyword`: `string`), read rather than sliced from the kind in each call. */
const KEYWORD_TEXT = Object.fromEntries(Object.entries(KEYWORDS).map(([text, kind]) => [kind, text])) as Record<N.TSKeyword['type'], string>;

function printWithoutComments(node: N.ENode, ctx: PrintContext, args: N.PrintArgs | undefined): Doc {
  // V8 tests a switch on strings case by case: the cases come in the order a large spec's output
  // meets them (GitHub's: a quarter of the nodes are identifiers, then type annotations...).
  switch (node.type) {
    case 'Identifier':
      return printIdentifier(node, ctx);
    case 'TSTypeAnnotation':
      return printTSTypeAnnotation(node, ctx);
    case 'TSTypeReference':
      // Without type arguments, the name alone (as `printIdentifier`): no list around it.
      return node.typeArguments ? [ctx.print(node.typeName), ctx.print(node.typeArguments)] : ctx.print(node.typeName);
    case 'TSPropertySignature':
      return printPropertySignature(node, ctx);
    case 'Property':
      if (node.method || node.kind === 'get') return printMethod(node, ctx);
      if (node.shorthand) return ctx.print(node.value);
      return printAssignment(node, ctx, printPropertyKey(node, ctx), ':', node.value);
    case 'MemberExpression':
      return printMemberExpression(node, ctx);
    case 'CallExpression':
    case 'NewExpression':
      return printCallExpression(node, ctx);
    case 'TSStringKeyword':
    case 'TSUndefinedKeyword':
    case 'TSNullKeyword':
    case 'TSNumberKeyword':
    case 'TSBooleanKeyword':
    case 'TSUnknownKeyword':
    case 'TSVoidKeyword':
    case 'TSNeverKeyword':
    case 'TSAnyKeyword':
    case 'TSObjectKeyword':
    case 'TSBigIntKeyword':
      return KEYWORD_TEXT[node.type];
    case 'TSUnionType':
      return printUnionType(node, ctx, args);
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
    case 'NullLiteral':
      return printLiteral(node, ctx);
    case 'TSTypeParameterInstantiation':
    case 'TSTypeParameterDeclaration':
      return printTypeParameters(node, ctx);
    case 'TSLiteralType':
      return ctx.print(node.literal);
    case 'ObjectExpression':
      return printObjectExpression(node, ctx);
    case 'TSTypeQuery':
      return ['typeof ', ctx.print(node.exprName)];
    case 'ArrowFunctionExpression':
      return printArrowFunction(node, ctx, args);
    case 'TSIndexedAccessType':
      return [ctx.print(node.objectType), '[', ctx.print(node.indexType), ']'];
    case 'VariableDeclaration':
      return printVariableDeclaration(node, ctx);
    case 'VariableDeclarator':
      return printVariableDeclarator(node, ctx);
    case 'ExportNamedDeclaration':
      return printExportNamed(node, ctx);
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
    case 'ExportSpecifier':
      return printSpecifier(node, ctx);
    case 'TSTypeLiteral':
      return printTypeLiteral(node, ctx);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return printBinaryCast(node, ctx);
    case 'BlockStatement':
      return printBlock(node, ctx);
    case 'ReturnStatement':
    case 'ThrowStatement':
      return printReturnOrThrow(node, ctx);
    case 'TSQualifiedName':
      return [ctx.print(node.left), '.', ctx.print(node.right)];
    case 'ArrayExpression':
      return printArray(node, ctx);
    case 'TSNonNullExpression':
      return printNonNull(node, ctx);
    case 'FunctionDeclaration':
      return printFunction(node, ctx);
    case 'BinaryExpression':
    case 'LogicalExpression':
      return printBinaryish(node, ctx);
    case 'TSTypeAliasDeclaration':
      return printTypeAlias(node, ctx);
    case 'TemplateLiteral':
      return printTemplateLiteral(node, ctx);
    case 'SpreadElement':
      return printSpread(node, ctx);
    case 'ExpressionStatement':
      return printExpressionStatement(node, ctx);
    case 'TSTypeParameter':
      return printTypeParameter(node, ctx);
    case 'TSArrayType':
      return [ctx.print(node.elementType), '[]'];
    case 'UnaryExpression':
      return printUnary(node, ctx);
    case 'TSMethodSignature':
      return printMethodSignature(node, ctx);
    case 'AwaitExpression':
      return printAwait(node, ctx);
    case 'ConditionalExpression':
      return printTernary(node, ctx, args);
    case 'IfStatement':
      return printIf(node, ctx);
    case 'ChainExpression':
      return ctx.print(node.expression);
    case 'ImportDeclaration':
      return printImport(node, ctx);
    case 'ThisExpression':
      return 'this';
    case 'Super':
      return 'super';
    case 'TemplateElement':
      return printTemplateElement(node, ctx);
    case 'FunctionExpression':
      return printFunction(node, ctx, args);
    case 'RestElement':
      return printRest(node, ctx);
    case 'AssignmentPattern':
      return printAssignmentPattern(node, ctx);
    case 'AssignmentExpression':
      return printAssignment(node, ctx, ctx.print(node.left), [' ', node.operator], node.right);
    case 'TSIndexSignature':
      return printIndexSignature(node, ctx);
    case 'TSIntersectionType':
      return printIntersectionType(node, ctx);
    case 'TSTupleType':
      return printArray(node, ctx);
    case 'TSOptionalType':
      return [ctx.print(node.typeAnnotation), '?'];
    case 'TSRestType':
      return ['...', ctx.print(node.typeAnnotation)];
    case 'TSTypeOperator':
      return [node.operator, ' ', ctx.print(node.typeAnnotation)];
    case 'TSFunctionType':
      return printFunctionType(node, ctx);
    case 'Program':
      throw new Unsupported('program printed as a node');
    case 'ExportAllDeclaration':
      return printExportAll(node, ctx);
    case 'TSInterfaceDeclaration':
    case 'ClassDeclaration':
      return printInterfaceOrClass(node, ctx);
    case 'TSInterfaceHeritage':
      return [ctx.print(node.expression), node.typeArguments ? ctx.print(node.typeArguments) : ''];
    case 'TSInterfaceBody':
    case 'ClassBody':
      return printBody(node, ctx);
    case 'PropertyDefinition':
      return printClassProperty(node, ctx);
    case 'MethodDefinition':
      return printMethod(node, ctx);
    case 'ForOfStatement':
      return printForOf(node, ctx);
    case 'TryStatement':
      return printTry(node, ctx);
    case 'CatchClause':
      return printCatch(node, ctx);
  }
}
