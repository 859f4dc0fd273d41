/**
 * The code tree in the shape prettier's TypeScript parser gives to the text that
 * `print-source.ts` prints: ESTree node types and keys, parent links, and the attached comments.
 * The doc printers follow prettier's estree printer, so they read the same shapes it reads.
 */
import type { Doc } from '../format/doc.js';

export interface EComment {
  block: boolean;
  /** Text between the comment delimiters (`* doc ` for `/** doc *\/`). */
  value: string;
  leading: boolean;
  trailing: boolean;
  /** A line break right before the comment (it starts its line). */
  newlineBefore: boolean;
  /** A line break right after the comment. */
  newlineAfter: boolean;
  /** An empty line follows the comment. */
  blankLineAfter: boolean;
}

interface Base {
  parent: ENode | null;
  /** The property of the parent that holds this node (prettier's `path.key`). */
  field: string;
  /** Position in the parent's list, or -1. */
  index: number;
  comments?: EComment[] | undefined;
  /** The doc printed without arguments, kept between passes (prettier's per-node cache). */
  printed?: Doc | undefined;
  /** On a top-level statement: it holds a logical chain the next pass reads differently. */
  reassociate?: boolean | undefined;
  /** On a block of `LARGE_BLOCK` statements or more, and on each node above it up to its top-level statement. */
  largeBlock?: boolean | undefined;
}

export interface Identifier extends Base {
  type: 'Identifier';
  name: string;
  typeAnnotation?: TSTypeAnnotation | undefined;
  optional?: boolean | undefined;
}
export interface ThisExpression extends Base {
  type: 'ThisExpression';
}
export interface Super extends Base {
  type: 'Super';
}
export interface StringLiteral extends Base {
  type: 'StringLiteral';
  value: string;
  /** The literal as written in the source (with its quotes). */
  raw: string;
}
export interface NumericLiteral extends Base {
  type: 'NumericLiteral';
  value: number;
  raw: string;
}
export interface BooleanLiteral extends Base {
  type: 'BooleanLiteral';
  value: boolean;
}
export interface NullLiteral extends Base {
  type: 'NullLiteral';
}
export interface TemplateLiteral extends Base {
  type: 'TemplateLiteral';
  quasis: TemplateElement[];
  expressions: Expression[];
  /** Per expression: the source has a line break inside its `${}`. */
  newlineInInterpolation: boolean[];
}
export interface TemplateElement extends Base {
  type: 'TemplateElement';
  raw: string;
}
export interface ArrayExpression extends Base {
  type: 'ArrayExpression';
  elements: (Expression | SpreadElement)[];
}
export interface ObjectExpression extends Base {
  type: 'ObjectExpression';
  properties: (Property | SpreadElement)[];
  /** A line break between `{` and the first property in the text being formatted. */
  preservedBreak: boolean;
}
export interface Property extends Base {
  type: 'Property';
  key: Identifier | StringLiteral;
  value: Expression | FunctionExpression;
  /** `["__proto__"]: x`. */
  computed: boolean;
  shorthand: boolean;
  method: boolean;
  kind: 'init' | 'get';
}
export interface FunctionExpression extends Base {
  type: 'FunctionExpression';
  params: Param[];
  body: BlockStatement;
  async: boolean;
  returnType?: TSTypeAnnotation | undefined;
  typeParameters?: TSTypeParameterDeclaration | undefined;
}
export interface SpreadElement extends Base {
  type: 'SpreadElement';
  argument: Expression;
}
export interface MemberExpression extends Base {
  type: 'MemberExpression';
  object: Expression;
  property: Expression;
  computed: boolean;
  optional: boolean;
}
export interface CallExpression extends Base {
  type: 'CallExpression';
  callee: Expression;
  arguments: (Expression | SpreadElement)[];
  typeArguments?: TSTypeParameterInstantiation | undefined;
  optional: boolean;
}
export interface NewExpression extends Base {
  type: 'NewExpression';
  callee: Expression;
  arguments: (Expression | SpreadElement)[];
  typeArguments?: TSTypeParameterInstantiation | undefined;
}
export interface ChainExpression extends Base {
  type: 'ChainExpression';
  expression: MemberExpression | CallExpression;
}
export interface ArrowFunctionExpression extends Base {
  type: 'ArrowFunctionExpression';
  params: Param[];
  body: Expression | BlockStatement;
  async: boolean;
  returnType?: TSTypeAnnotation | undefined;
  typeParameters?: TSTypeParameterDeclaration | undefined;
}
export interface UnaryExpression extends Base {
  type: 'UnaryExpression';
  operator: '!' | '-' | '+' | 'typeof' | 'void';
  argument: Expression;
}
export interface BinaryExpression extends Base {
  type: 'BinaryExpression' | 'LogicalExpression';
  operator: string;
  left: Expression;
  right: Expression;
}
export interface ConditionalExpression extends Base {
  type: 'ConditionalExpression';
  test: Expression;
  consequent: Expression;
  alternate: Expression;
}
export interface AwaitExpression extends Base {
  type: 'AwaitExpression';
  argument: Expression;
}
export interface TSAsExpression extends Base {
  type: 'TSAsExpression' | 'TSSatisfiesExpression';
  expression: Expression;
  typeAnnotation: TypeNode;
}
export interface TSNonNullExpression extends Base {
  type: 'TSNonNullExpression';
  expression: Expression;
}
export interface AssignmentExpression extends Base {
  type: 'AssignmentExpression';
  operator: string;
  left: Expression;
  right: Expression;
}
export interface AssignmentPattern extends Base {
  type: 'AssignmentPattern';
  left: Identifier;
  right: Expression;
}
export interface RestElement extends Base {
  type: 'RestElement';
  argument: Identifier;
  typeAnnotation?: TSTypeAnnotation | undefined;
}

export type Expression =
  | Identifier
  | ThisExpression
  | Super
  | StringLiteral
  | NumericLiteral
  | BooleanLiteral
  | NullLiteral
  | TemplateLiteral
  | ArrayExpression
  | ObjectExpression
  | MemberExpression
  | CallExpression
  | NewExpression
  | ChainExpression
  | ArrowFunctionExpression
  | UnaryExpression
  | BinaryExpression
  | ConditionalExpression
  | AwaitExpression
  | TSAsExpression
  | TSNonNullExpression
  | AssignmentExpression;

export type Param = Identifier | AssignmentPattern | RestElement;

// Types

export interface TSTypeAnnotation extends Base {
  type: 'TSTypeAnnotation';
  typeAnnotation: TypeNode;
}
export interface TSTypeReference extends Base {
  type: 'TSTypeReference';
  typeName: Identifier | TSQualifiedName;
  typeArguments?: TSTypeParameterInstantiation | undefined;
}
export interface TSQualifiedName extends Base {
  type: 'TSQualifiedName';
  left: Identifier | TSQualifiedName;
  right: Identifier;
}
export interface TSKeyword extends Base {
  type:
    | 'TSStringKeyword'
    | 'TSNumberKeyword'
    | 'TSBooleanKeyword'
    | 'TSUnknownKeyword'
    | 'TSNeverKeyword'
    | 'TSNullKeyword'
    | 'TSUndefinedKeyword'
    | 'TSVoidKeyword'
    | 'TSAnyKeyword'
    | 'TSObjectKeyword'
    | 'TSBigIntKeyword';
}
export interface TSLiteralType extends Base {
  type: 'TSLiteralType';
  literal: StringLiteral | NumericLiteral | BooleanLiteral | UnaryExpression;
}
export interface TSTypeLiteral extends Base {
  type: 'TSTypeLiteral';
  members: TypeMember[];
  /** A line break between `{` and the first member in the text being formatted. */
  preservedBreak: boolean;
}
export interface TSPropertySignature extends Base {
  type: 'TSPropertySignature';
  key: Identifier | StringLiteral;
  optional: boolean;
  readonly: boolean;
  typeAnnotation: TSTypeAnnotation;
}
export interface TSIndexSignature extends Base {
  type: 'TSIndexSignature';
  parameters: Identifier[];
  typeAnnotation: TSTypeAnnotation;
}
export interface TSMethodSignature extends Base {
  type: 'TSMethodSignature';
  key: Identifier | StringLiteral;
  params: Param[];
  returnType: TSTypeAnnotation;
  typeParameters?: TSTypeParameterDeclaration | undefined;
}
export type TypeMember = TSPropertySignature | TSIndexSignature | TSMethodSignature;
export interface TSUnionType extends Base {
  type: 'TSUnionType' | 'TSIntersectionType';
  types: TypeNode[];
}
export interface TSArrayType extends Base {
  type: 'TSArrayType';
  elementType: TypeNode;
}
export interface TSTupleType extends Base {
  type: 'TSTupleType';
  elementTypes: TypeNode[];
}
export interface TSOptionalType extends Base {
  type: 'TSOptionalType' | 'TSRestType';
  typeAnnotation: TypeNode;
}
export interface TSTypeQuery extends Base {
  type: 'TSTypeQuery';
  exprName: Identifier | TSQualifiedName;
}
export interface TSIndexedAccessType extends Base {
  type: 'TSIndexedAccessType';
  objectType: TypeNode;
  indexType: TypeNode;
}
export interface TSTypeOperator extends Base {
  type: 'TSTypeOperator';
  operator: 'keyof';
  typeAnnotation: TypeNode;
}
export interface TSFunctionType extends Base {
  type: 'TSFunctionType';
  params: Param[];
  returnType: TSTypeAnnotation;
}
export interface TSTypeParameterDeclaration extends Base {
  type: 'TSTypeParameterDeclaration';
  params: TSTypeParameter[];
}
export interface TSTypeParameterInstantiation extends Base {
  type: 'TSTypeParameterInstantiation';
  params: TypeNode[];
}
export interface TSTypeParameter extends Base {
  type: 'TSTypeParameter';
  name: Identifier;
  constraint?: TypeNode | undefined;
  default?: TypeNode | undefined;
}

export type TypeNode =
  | TSTypeReference
  | TSKeyword
  | TSLiteralType
  | TSTypeLiteral
  | TSUnionType
  | TSArrayType
  | TSTupleType
  | TSOptionalType
  | TSTypeQuery
  | TSIndexedAccessType
  | TSTypeOperator
  | TSFunctionType;

// Statements

export interface Program extends Base {
  type: 'Program';
  body: Statement[];
}
export interface ImportDeclaration extends Base {
  type: 'ImportDeclaration';
  specifiers: ImportSpecifierNode[];
  source: StringLiteral;
  importKind: 'type' | 'value';
}
export interface ImportSpecifier extends Base {
  type: 'ImportSpecifier';
  imported: Identifier;
  local: Identifier;
  importKind: 'type' | 'value';
  /** `a as a`: written with an alias even though the names are equal. */
  aliased: boolean;
}
export interface ImportDefaultSpecifier extends Base {
  type: 'ImportDefaultSpecifier' | 'ImportNamespaceSpecifier';
  local: Identifier;
}
export type ImportSpecifierNode = ImportSpecifier | ImportDefaultSpecifier;
export interface ExportAllDeclaration extends Base {
  type: 'ExportAllDeclaration';
  source: StringLiteral;
  exportKind: 'type' | 'value';
}
export interface ExportNamedDeclaration extends Base {
  type: 'ExportNamedDeclaration';
  declaration: Declaration | null;
  specifiers: ExportSpecifier[];
  source: StringLiteral | null;
  exportKind: 'type' | 'value';
}
export interface ExportSpecifier extends Base {
  type: 'ExportSpecifier';
  local: Identifier;
  exported: Identifier;
  exportKind: 'type' | 'value';
  aliased: boolean;
}
export interface VariableDeclaration extends Base {
  type: 'VariableDeclaration';
  kind: 'const' | 'let';
  declarations: VariableDeclarator[];
}
export interface VariableDeclarator extends Base {
  type: 'VariableDeclarator';
  id: Identifier;
  init: Expression | null;
}
export interface TSTypeAliasDeclaration extends Base {
  type: 'TSTypeAliasDeclaration';
  id: Identifier;
  typeParameters?: TSTypeParameterDeclaration | undefined;
  typeAnnotation: TypeNode;
}
export interface TSInterfaceDeclaration extends Base {
  type: 'TSInterfaceDeclaration';
  id: Identifier;
  typeParameters?: TSTypeParameterDeclaration | undefined;
  extends: TSInterfaceHeritage[];
  body: TSInterfaceBody;
}
export interface TSInterfaceHeritage extends Base {
  type: 'TSInterfaceHeritage';
  expression: Expression;
  typeArguments?: TSTypeParameterInstantiation | undefined;
}
export interface TSInterfaceBody extends Base {
  type: 'TSInterfaceBody';
  body: TypeMember[];
}
export interface FunctionDeclaration extends Base {
  type: 'FunctionDeclaration';
  id: Identifier;
  params: Param[];
  body: BlockStatement;
  async: boolean;
  returnType?: TSTypeAnnotation | undefined;
  typeParameters?: TSTypeParameterDeclaration | undefined;
}
export interface ClassDeclaration extends Base {
  type: 'ClassDeclaration';
  id: Identifier;
  superClass: Expression | null;
  body: ClassBody;
}
export interface ClassBody extends Base {
  type: 'ClassBody';
  body: (PropertyDefinition | MethodDefinition)[];
}
export interface PropertyDefinition extends Base {
  type: 'PropertyDefinition';
  key: Identifier;
  value: Expression | null;
  typeAnnotation?: TSTypeAnnotation | undefined;
  readonly: boolean;
  override: boolean;
}
export interface MethodDefinition extends Base {
  type: 'MethodDefinition';
  key: Identifier;
  value: FunctionExpression;
  kind: 'constructor' | 'method';
}
export interface BlockStatement extends Base {
  type: 'BlockStatement';
  body: Statement[];
}
export interface ReturnStatement extends Base {
  type: 'ReturnStatement' | 'ThrowStatement';
  argument: Expression | null;
}
export interface IfStatement extends Base {
  type: 'IfStatement';
  test: Expression;
  consequent: BlockStatement;
  alternate: BlockStatement | IfStatement | null;
}
export interface ExpressionStatement extends Base {
  type: 'ExpressionStatement';
  expression: Expression;
}
export interface ForOfStatement extends Base {
  type: 'ForOfStatement';
  left: VariableDeclaration;
  right: Expression;
  body: BlockStatement;
}
export interface TryStatement extends Base {
  type: 'TryStatement';
  block: BlockStatement;
  handler: CatchClause;
}
export interface CatchClause extends Base {
  type: 'CatchClause';
  param: Identifier | null;
  body: BlockStatement;
}

export type Declaration = VariableDeclaration | TSTypeAliasDeclaration | TSInterfaceDeclaration | FunctionDeclaration | ClassDeclaration;

export type Statement =
  | ImportDeclaration
  | ExportAllDeclaration
  | ExportNamedDeclaration
  | Declaration
  | BlockStatement
  | ReturnStatement
  | IfStatement
  | ExpressionStatement
  | ForOfStatement
  | TryStatement;

export type ENode =
  | Expression
  | Property
  | FunctionExpression
  | SpreadElement
  | TemplateElement
  | AssignmentPattern
  | RestElement
  | TypeNode
  | TSTypeAnnotation
  | TSQualifiedName
  | TSPropertySignature
  | TSIndexSignature
  | TSMethodSignature
  | TSTypeParameterDeclaration
  | TSTypeParameterInstantiation
  | TSTypeParameter
  | Program
  | Statement
  | ImportSpecifier
  | ImportDefaultSpecifier
  | ExportSpecifier
  | VariableDeclarator
  | TSInterfaceHeritage
  | TSInterfaceBody
  | ClassBody
  | PropertyDefinition
  | MethodDefinition
  | CatchClause;

/** Print arguments some printers pass to a child (prettier's `args`). */
export interface PrintArgs {
  expandLastArg?: boolean;
  expandFirstArg?: boolean;
  assignmentLayout?: string;
}
