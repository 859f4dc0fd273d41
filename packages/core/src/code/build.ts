/** Short constructors for the code tree (`call(path('z.string'))`, `obj([prop('a', num(1))])`). */
import type * as A from './ast.js';

type Arg = A.Expr | A.Spread;

export const id = (name: string): A.Ident => ({ k: 'ident', name });
/** A dotted path of identifiers as nested member accesses (`z.string` → member(z, string)). */
export const path = (dotted: string): A.Expr => {
  const [first, ...rest] = dotted.split('.');
  return rest.reduce<A.Expr>((object, property) => member(object, property), id(first!));
};
export const str = (value: string): A.StringLit => ({ k: 'string', value });
export const num = (value: number): A.Expr => (value < 0 || Object.is(value, -0) ? unary('-', { k: 'number', value: -value }) : { k: 'number', value });
export const bool = (value: boolean): A.BooleanLit => ({ k: 'boolean', value });
export const nul = (): A.NullLit => ({ k: 'null' });
export const undef = (): A.Ident => id('undefined');

/** A literal for a JSON value (objects and arrays become literals of literals). */
export const json = (value: unknown): A.Expr => {
  if (value === null || value === undefined) return nul();
  if (typeof value === 'string') return str(value);
  if (typeof value === 'number') return Number.isFinite(value) ? num(value) : nul();
  if (typeof value === 'boolean') return bool(value);
  if (Array.isArray(value)) return arr(value.map(json));
  return obj(Object.entries(value as Record<string, unknown>).map(([k, v]) => prop(k, json(v))));
};

export const template = (quasis: string[], exprs: A.Expr[]): A.TemplateLit => ({ k: 'template', quasis, exprs });
export const arr = (items: Arg[]): A.ArrayLit => ({ k: 'array', items });
export const spread = (expr: A.Expr): A.Spread => ({ k: 'spread', expr });
export const obj = (props: A.ObjectMember[]): A.ObjectLit => ({ k: 'object', props });
export const prop = (key: string, value: A.Expr): A.PropertyAssign =>
  value.k === 'ident' && value.name === key ? { k: 'prop', key, value, shorthand: true } : { k: 'prop', key, value };
export const getter = (key: string, body: A.Stmt[], returnType?: A.Type): A.ObjectMethod =>
  returnType ? { k: 'method', kind: 'get', key, params: [], body, returnType } : { k: 'method', kind: 'get', key, params: [], body };

export const member = (object: A.Expr, property: string, optional = false): A.Member =>
  optional ? { k: 'member', object, property, optional } : { k: 'member', object, property };
export const index = (object: A.Expr, key: A.Expr): A.Index => ({ k: 'index', object, index: key });
export const call = (callee: A.Expr | string, args: Arg[] = [], typeArgs?: A.Type[]): A.Call => {
  const node: A.Call = { k: 'call', callee: typeof callee === 'string' ? path(callee) : callee, args };
  if (typeArgs && typeArgs.length > 0) node.typeArgs = typeArgs;
  return node;
};
/** `object.method(args)`: the building block of method chains. */
export const dot = (object: A.Expr, method: string, args: Arg[] = [], typeArgs?: A.Type[]): A.Call => call(member(object, method), args, typeArgs);
export const newExpr = (callee: A.Expr | string, args: Arg[] = []): A.New => ({ k: 'new', callee: typeof callee === 'string' ? path(callee) : callee, args });
export const arrow = (params: A.Param[], body: A.Expr | A.Stmt[], options: { async?: boolean; returnType?: A.Type } = {}): A.Arrow => {
  const node: A.Arrow = { k: 'arrow', params, body };
  if (options.async) node.async = true;
  if (options.returnType) node.returnType = options.returnType;
  return node;
};
/**
 * `/* @__PURE__ *\/ (() => expr)()`: the value of `expr`, computed by a call that bundlers drop,
 * with everything `expr` references, when nothing uses the result. One annotation per value,
 * where it survives prettier: an annotation in front of a chain (`z.object(...).nullable()`)
 * covers only the outer call, and prettier moves one placed inside the chain.
 */
export const pureValue = (body: A.Expr | A.Stmt[]): A.Call => ({ k: 'call', callee: arrow([], body), args: [], pure: true });
/** `/* @__PURE__ *\/ f(args)`: a call that bundlers may drop when its result is unused. */
export const pureCall = (callee: A.Expr | string, args: Arg[] = []): A.Call => ({ ...call(callee, args), pure: true });
export const param = (name: string, type?: A.Type, options: { optional?: boolean; default?: A.Expr; rest?: boolean } = {}): A.Param => {
  const p: A.Param = { name };
  if (type) p.type = type;
  if (options.optional) p.optional = true;
  if (options.default) p.default = options.default;
  if (options.rest) p.rest = true;
  return p;
};
export const unary = (op: A.Unary['op'], arg: A.Expr): A.Unary => ({ k: 'unary', op, arg });
export const not = (arg: A.Expr): A.Unary => unary('!', arg);
export const bin = (left: A.Expr, op: A.BinaryOp, right: A.Expr): A.Binary => ({ k: 'binary', op, left, right });
export const cond = (test: A.Expr, then: A.Expr, otherwise: A.Expr): A.Conditional => ({ k: 'cond', test, then, else: otherwise });
export const awaitExpr = (expr: A.Expr): A.Await => ({ k: 'await', expr });
export const as = (expr: A.Expr, type: A.Type): A.AsExpr => ({ k: 'as', expr, type });
export const satisfies = (expr: A.Expr, type: A.Type): A.AsExpr => ({ k: 'as', expr, type, satisfies: true });
export const nonNull = (expr: A.Expr): A.NonNull => ({ k: 'nonNull', expr });
export const assign = (target: A.Expr, value: A.Expr, op: A.Assign['op'] = '='): A.Assign => ({ k: 'assign', op, target, value });
export const commented = (expr: A.Expr, comment: string): A.Commented => ({ k: 'commented', expr, comment });

// Types
export const tref = (name: string, args?: A.Type[]): A.TRef => (args && args.length > 0 ? { k: 'tref', name, args } : { k: 'tref', name });
export const kw = (name: A.TKeyword['name']): A.TKeyword => ({ k: 'tkeyword', name });
export const tlit = (value: string | number | boolean): A.TLiteral => ({ k: 'tliteral', value });
export const tobj = (members: A.TMember[]): A.TObject => ({ k: 'tobject', members });
export const tprop = (key: string, type: A.Type, options: { optional?: boolean; readonly?: boolean; doc?: string | undefined } = {}): A.TProperty => {
  const p: A.TProperty = { k: 'tprop', key, type };
  if (options.optional) p.optional = true;
  if (options.readonly) p.readonly = true;
  if (options.doc) p.doc = options.doc;
  return p;
};
export const tindexsig = (keyType: A.Type, type: A.Type, keyName = 'key'): A.TIndexSignature => ({ k: 'tindexsig', keyName, keyType, type });
export const tmethod = (key: string, params: A.Param[], returnType: A.Type, doc?: string): A.TMethod =>
  doc ? { k: 'tmethod', key, params, returnType, doc } : { k: 'tmethod', key, params, returnType };
/** A union; a single member is returned as is, duplicates (by printed identity) are kept. */
export const union = (types: A.Type[]): A.Type => (types.length === 1 ? types[0]! : { k: 'tunion', types });
export const intersection = (types: A.Type[]): A.Type => (types.length === 1 ? types[0]! : { k: 'tintersection', types });
export const tarray = (elem: A.Type): A.TArray => ({ k: 'tarray', elem });
export const ttuple = (elems: A.TTupleElement[]): A.TTuple => ({ k: 'ttuple', elems });
export const ttypeof = (name: string): A.TTypeof => ({ k: 'ttypeof', name });
export const tindexed = (object: A.Type, key: A.Type): A.TIndexed => ({ k: 'tindexed', object, index: key });
export const tkeyof = (type: A.Type): A.TKeyof => ({ k: 'tkeyof', type });
export const tfn = (params: A.Param[], returnType: A.Type): A.TFunction => ({ k: 'tfunction', params, returnType });

// Statements
export const importFrom = (from: string, names: (string | A.ImportName)[], options: { typeOnly?: boolean } = {}): A.Import => {
  const node: A.Import = { k: 'import', from, names: names.map((n) => (typeof n === 'string' ? { name: n } : n)) };
  if (options.typeOnly) node.typeOnly = true;
  return node;
};
export const exportAll = (from: string, options: { typeOnly?: boolean } = {}): A.ExportFrom =>
  options.typeOnly ? { k: 'exportFrom', from, typeOnly: true } : { k: 'exportFrom', from };
export const constDecl = (name: string, init: A.Expr, options: { exported?: boolean; type?: A.Type; doc?: string | undefined } = {}): A.VarDecl => {
  const node: A.VarDecl = { k: 'var', kind: 'const', name, init };
  if (options.exported) node.exported = true;
  if (options.type) node.type = options.type;
  if (options.doc) node.doc = options.doc;
  return node;
};
export const typeAlias = (name: string, type: A.Type, options: { exported?: boolean; doc?: string | undefined; typeParams?: A.TypeParam[] } = {}): A.TypeAlias => {
  const node: A.TypeAlias = { k: 'typeAlias', name, type };
  if (options.exported) node.exported = true;
  if (options.doc) node.doc = options.doc;
  if (options.typeParams && options.typeParams.length > 0) node.typeParams = options.typeParams;
  return node;
};
export const iface = (
  name: string,
  members: A.TMember[],
  options: { exported?: boolean; doc?: string | undefined; typeParams?: A.TypeParam[]; extends?: A.Type[] } = {},
): A.Interface => {
  const node: A.Interface = { k: 'interface', name, members };
  if (options.exported) node.exported = true;
  if (options.doc) node.doc = options.doc;
  if (options.typeParams && options.typeParams.length > 0) node.typeParams = options.typeParams;
  if (options.extends && options.extends.length > 0) node.extends = options.extends;
  return node;
};
export const fn = (
  name: string,
  params: A.Param[],
  body: A.Stmt[],
  options: { exported?: boolean; async?: boolean; returnType?: A.Type; doc?: string | undefined; typeParams?: A.TypeParam[] } = {},
): A.FunctionDecl => {
  const node: A.FunctionDecl = { k: 'function', name, params, body };
  if (options.exported) node.exported = true;
  if (options.async) node.async = true;
  if (options.returnType) node.returnType = options.returnType;
  if (options.doc) node.doc = options.doc;
  if (options.typeParams && options.typeParams.length > 0) node.typeParams = options.typeParams;
  return node;
};
export const ret = (expr?: A.Expr): A.Return => (expr ? { k: 'return', expr } : { k: 'return' });
export const ifStmt = (test: A.Expr, then: A.Stmt[], otherwise?: A.Stmt[]): A.If => (otherwise ? { k: 'if', test, then, else: otherwise } : { k: 'if', test, then });
export const throwStmt = (expr: A.Expr): A.Throw => ({ k: 'throw', expr });
export const exprStmt = (expr: A.Expr): A.ExprStmt => ({ k: 'expr', expr });
export const raw = (text: string): A.Raw => ({ k: 'raw', text });
/**
 * Raw top-level code already in prettier's default style: each generator's tests prove with every
 * proven prettier version that prettier prints the (trimmed) text as it is.
 */
export const canonicalRaw = (text: string): A.Raw => ({ k: 'raw', text: text.trim(), canonical: true });
