/**
 * A small typed tree of TypeScript code. Emitters build it; printers turn it into text (plain
 * source for prettier, or prettier's document format directly). Spec text only ever enters as
 * string values, property keys, comments and identifiers made by the naming module, so the
 * printers can escape each in its own context.
 */

export type Expr =
  | Ident
  | StringLit
  | NumberLit
  | BooleanLit
  | NullLit
  | TemplateLit
  | ArrayLit
  | ObjectLit
  | Member
  | Index
  | Call
  | New
  | Arrow
  | Unary
  | Binary
  | Conditional
  | Await
  | AsExpr
  | NonNull
  | Assign
  | Commented;

/** An identifier or a dotted path of identifiers (`z`, `z.string`); always a safe name. */
export interface Ident {
  k: 'ident';
  name: string;
}
export interface StringLit {
  k: 'string';
  value: string;
}
export interface NumberLit {
  k: 'number';
  value: number;
}
export interface BooleanLit {
  k: 'boolean';
  value: boolean;
}
export interface NullLit {
  k: 'null';
}
/** `quasis` are cooked text (escaped by printers); there is one more quasi than expressions. */
export interface TemplateLit {
  k: 'template';
  quasis: string[];
  exprs: Expr[];
}
export interface ArrayLit {
  k: 'array';
  items: (Expr | Spread)[];
}
export interface Spread {
  k: 'spread';
  expr: Expr;
}
export interface ObjectLit {
  k: 'object';
  props: ObjectMember[];
}
export type ObjectMember = PropertyAssign | Spread | ObjectMethod;
export interface PropertyAssign {
  k: 'prop';
  /** The key as text; printed bare when it is an identifier name, quoted otherwise. */
  key: string;
  value: Expr;
  /** `{ a }` instead of `{ a: a }`; only valid when value is `ident` of the same name. */
  shorthand?: boolean;
}
/** `get key() { ... }` or `key(params) { ... }` inside an object literal. */
export interface ObjectMethod {
  k: 'method';
  kind: 'get' | 'method';
  key: string;
  params: Param[];
  returnType?: Type;
  body: Stmt[];
  async?: boolean;
}
export interface Member {
  k: 'member';
  object: Expr;
  /** Identifier name of the property (`a.b`). */
  property: string;
  optional?: boolean;
}
export interface Index {
  k: 'index';
  object: Expr;
  index: Expr;
  optional?: boolean;
}
export interface Call {
  k: 'call';
  callee: Expr;
  args: (Expr | Spread)[];
  typeArgs?: Type[];
  optional?: boolean;
  /**
   * Printed with a leading `/* @__PURE__ *\/`: bundlers may drop the call when its result is
   * unused (how generated schemas stay tree-shakeable).
   */
  pure?: boolean;
}
export interface New {
  k: 'new';
  callee: Expr;
  args: (Expr | Spread)[];
  typeArgs?: Type[];
}
export interface Param {
  name: string;
  type?: Type;
  optional?: boolean;
  default?: Expr;
  rest?: boolean;
}
export interface Arrow {
  k: 'arrow';
  params: Param[];
  /** An expression body, or a block. */
  body: Expr | Stmt[];
  async?: boolean;
  returnType?: Type;
  typeParams?: TypeParam[];
}
export interface Unary {
  k: 'unary';
  op: '!' | '-' | '+' | 'typeof' | 'void';
  arg: Expr;
}
export type BinaryOp =
  | '+' | '-' | '*' | '/' | '%' | '**'
  | '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>='
  | '&&' | '||' | '??' | 'instanceof' | 'in';
export interface Binary {
  k: 'binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
}
export interface Conditional {
  k: 'cond';
  test: Expr;
  then: Expr;
  else: Expr;
}
export interface Await {
  k: 'await';
  expr: Expr;
}
export interface AsExpr {
  k: 'as';
  expr: Expr;
  type: Type;
  /** `satisfies` instead of `as`. */
  satisfies?: boolean;
}
export interface NonNull {
  k: 'nonNull';
  expr: Expr;
}
export interface Assign {
  k: 'assign';
  op: '=' | '??=' | '||=' | '+=';
  target: Expr;
  value: Expr;
}
/** An expression followed by a block comment (`null /* depth cap reached *\/`). */
export interface Commented {
  k: 'commented';
  expr: Expr;
  comment: string;
}

export type Type =
  | TRef
  | TKeyword
  | TLiteral
  | TObject
  | TUnion
  | TIntersection
  | TArray
  | TTuple
  | TTypeof
  | TIndexed
  | TKeyof
  | TFunction;

/** A (possibly dotted) type name with optional type arguments: `Record<string, Pet>`. */
export interface TRef {
  k: 'tref';
  name: string;
  args?: Type[];
}
export interface TKeyword {
  k: 'tkeyword';
  name: 'string' | 'number' | 'boolean' | 'unknown' | 'never' | 'null' | 'undefined' | 'void' | 'any' | 'object' | 'bigint';
}
export interface TLiteral {
  k: 'tliteral';
  value: string | number | boolean;
}
export interface TObject {
  k: 'tobject';
  members: TMember[];
}
export type TMember = TProperty | TIndexSignature | TMethod;
export interface TProperty {
  k: 'tprop';
  key: string;
  type: Type;
  optional?: boolean;
  readonly?: boolean;
  doc?: string;
}
export interface TIndexSignature {
  k: 'tindexsig';
  keyName: string;
  keyType: Type;
  type: Type;
  doc?: string;
}
export interface TMethod {
  k: 'tmethod';
  key: string;
  params: Param[];
  returnType: Type;
  typeParams?: TypeParam[];
  doc?: string;
}
export interface TUnion {
  k: 'tunion';
  types: Type[];
}
export interface TIntersection {
  k: 'tintersection';
  types: Type[];
}
export interface TArray {
  k: 'tarray';
  elem: Type;
}
export interface TTuple {
  k: 'ttuple';
  elems: TTupleElement[];
}
export interface TTupleElement {
  type: Type;
  optional?: boolean;
  rest?: boolean;
}
/** `typeof name` (a dotted value path). */
export interface TTypeof {
  k: 'ttypeof';
  name: string;
}
export interface TIndexed {
  k: 'tindexed';
  object: Type;
  index: Type;
}
export interface TKeyof {
  k: 'tkeyof';
  type: Type;
}
export interface TFunction {
  k: 'tfunction';
  params: Param[];
  returnType: Type;
}
export interface TypeParam {
  name: string;
  constraint?: Type;
  default?: Type;
}

export type Stmt =
  | Import
  | ExportFrom
  | VarDecl
  | TypeAlias
  | Interface
  | FunctionDecl
  | ClassDecl
  | Return
  | If
  | Throw
  | ExprStmt
  | ForOf
  | Try
  | Raw;

export interface ImportName {
  name: string;
  alias?: string;
  typeOnly?: boolean;
}
export interface Import {
  k: 'import';
  from: string;
  names?: ImportName[];
  namespace?: string;
  default?: string;
  typeOnly?: boolean;
}
/** `export * from` (no names) or `export { a, b } from`. */
export interface ExportFrom {
  k: 'exportFrom';
  from: string;
  names?: ImportName[];
  typeOnly?: boolean;
}
interface Declaration {
  exported?: boolean;
  /** JSDoc text (plain text; printers escape it). */
  doc?: string;
}
export interface VarDecl extends Declaration {
  k: 'var';
  kind: 'const' | 'let';
  name: string;
  type?: Type;
  init?: Expr;
}
export interface TypeAlias extends Declaration {
  k: 'typeAlias';
  name: string;
  typeParams?: TypeParam[];
  type: Type;
}
export interface Interface extends Declaration {
  k: 'interface';
  name: string;
  typeParams?: TypeParam[];
  extends?: Type[];
  members: TMember[];
}
export interface FunctionDecl extends Declaration {
  k: 'function';
  name: string;
  params: Param[];
  returnType?: Type;
  typeParams?: TypeParam[];
  body: Stmt[];
  async?: boolean;
}
export interface ClassDecl extends Declaration {
  k: 'class';
  name: string;
  extends?: Expr;
  members: ClassMember[];
}
export type ClassMember = ClassProperty | ClassMethod;
export interface ClassProperty {
  k: 'classProp';
  name: string;
  type?: Type;
  init?: Expr;
  readonly?: boolean;
  override?: boolean;
  doc?: string;
}
export interface ClassMethod {
  k: 'classMethod';
  /** `constructor` for the constructor. */
  name: string;
  params: Param[];
  returnType?: Type;
  body: Stmt[];
  async?: boolean;
  doc?: string;
}
export interface Return {
  k: 'return';
  expr?: Expr;
}
export interface If {
  k: 'if';
  test: Expr;
  then: Stmt[];
  else?: Stmt[];
}
export interface Throw {
  k: 'throw';
  expr: Expr;
}
export interface ExprStmt {
  k: 'expr';
  expr: Expr;
}
export interface ForOf {
  k: 'forOf';
  name: string;
  iterable: Expr;
  body: Stmt[];
}
export interface Try {
  k: 'try';
  block: Stmt[];
  catchParam?: string;
  handler: Stmt[];
}
/** Hand-written source, inserted verbatim (fixed runtime code of a generator, never spec text). */
export interface Raw {
  k: 'raw';
  text: string;
  /**
   * The text is exactly what prettier prints for it at top level under prettier's default options
   * (`canonicalRaw`): with those options the fast path writes it as is, without prettier.
   */
  canonical?: true;
}

/** A whole generated file. */
export interface Module {
  /** First line, a `//` comment (no line breaks allowed). */
  header: string;
  body: Stmt[];
}
