/**
 * Prints the code tree as plain, valid TypeScript. Layout is left to prettier, which reparses
 * this text; the printer only has to be correct (parentheses, escaping), not pretty.
 */
import { blockComment, isIdentifierName, jsDoc, lineComment, propertyKey, stringLiteral, templateChunk } from '../emit/escape.js';
import type * as A from './ast.js';
import { blankLineBetween } from './layout.js';
import { precedence, needsParensAsOperand } from './precedence.js';

export function printModuleSource(module: A.Module): string {
  const out: string[] = [lineComment(module.header), ''];
  module.body.forEach((stmt, i) => {
    const previous = module.body[i - 1];
    if (previous && blankLineBetween(previous, stmt)) out.push('');
    out.push(printStatement(stmt, ''));
  });
  return `${out.join('\n')}\n`;
}

/** One top-level statement as source (used by the fast path for statements it formats with prettier). */
export function printStatementSource(stmt: A.Stmt): string {
  return `${printStatement(stmt, '')}\n`;
}

const INDENT = '  ';

function withDoc(doc: string | undefined, indent: string, text: string): string {
  const comment = doc ? jsDoc(doc, indent) : '';
  return comment ? `${comment}\n${text}` : text;
}

function printStatement(stmt: A.Stmt, indent: string): string {
  switch (stmt.k) {
    case 'import':
      return indent + printImport(stmt);
    case 'exportFrom': {
      const type = stmt.typeOnly ? 'type ' : '';
      const what = stmt.names ? `{ ${stmt.names.map(printImportName).join(', ')} }` : '*';
      return `${indent}export ${type}${what} from ${stringLiteral(stmt.from)};`;
    }
    case 'var': {
      const type = stmt.type ? `: ${printType(stmt.type)}` : '';
      const init = stmt.init ? ` = ${printExpr(stmt.init, indent)}` : '';
      return withDoc(stmt.doc, indent, `${indent}${exported(stmt)}${stmt.kind} ${stmt.name}${type}${init};`);
    }
    case 'typeAlias':
      return withDoc(stmt.doc, indent, `${indent}${exported(stmt)}type ${stmt.name}${printTypeParams(stmt.typeParams)} = ${printType(stmt.type)};`);
    case 'interface': {
      const ext = stmt.extends ? ` extends ${stmt.extends.map(printType).join(', ')}` : '';
      const head = `${indent}${exported(stmt)}interface ${stmt.name}${printTypeParams(stmt.typeParams)}${ext} {`;
      const members = stmt.members.map((m) => printTypeMember(m, indent + INDENT));
      return withDoc(stmt.doc, indent, [head, ...members, `${indent}}`].join('\n'));
    }
    case 'function': {
      const head = `${indent}${exported(stmt)}${stmt.async ? 'async ' : ''}function ${stmt.name}${printTypeParams(stmt.typeParams)}(${printParams(stmt.params)})${returnType(stmt.returnType)} `;
      return withDoc(stmt.doc, indent, head + printBlock(stmt.body, indent));
    }
    case 'class': {
      const ext = stmt.extends ? ` extends ${printOperand(stmt.extends, 20, indent)}` : '';
      const members = stmt.members.map((m) => printClassMember(m, indent + INDENT));
      return withDoc(stmt.doc, indent, [`${indent}${exported(stmt)}class ${stmt.name}${ext} {`, ...members, `${indent}}`].join('\n'));
    }
    case 'return':
      return stmt.expr ? `${indent}return ${printExpr(stmt.expr, indent)};` : `${indent}return;`;
    case 'if': {
      let text = `${indent}if (${printExpr(stmt.test, indent)}) ${printBlock(stmt.then, indent)}`;
      if (stmt.else) {
        const only = stmt.else.length === 1 ? stmt.else[0] : undefined;
        text += only?.k === 'if' ? ` else ${printStatement(only, indent).trimStart()}` : ` else ${printBlock(stmt.else, indent)}`;
      }
      return text;
    }
    case 'throw':
      return `${indent}throw ${printExpr(stmt.expr, indent)};`;
    case 'expr': {
      const text = printExpr(stmt.expr, indent);
      return `${indent}${startsAmbiguously(stmt.expr) ? `(${text})` : text};`;
    }
    case 'forOf':
      return `${indent}for (const ${stmt.name} of ${printExpr(stmt.iterable, indent)}) ${printBlock(stmt.body, indent)}`;
    case 'try': {
      const param = stmt.catchParam ? ` (${stmt.catchParam})` : '';
      return `${indent}try ${printBlock(stmt.block, indent)} catch${param} ${printBlock(stmt.handler, indent)}`;
    }
    case 'raw':
      return stmt.text
        .trim()
        .split('\n')
        .map((line) => (line.length > 0 ? indent + line : line))
        .join('\n');
  }
}

function exported(decl: { exported?: boolean }): string {
  return decl.exported ? 'export ' : '';
}

function printImport(stmt: A.Import): string {
  const type = stmt.typeOnly ? 'type ' : '';
  const parts: string[] = [];
  if (stmt.default) parts.push(stmt.default);
  if (stmt.namespace) parts.push(`* as ${stmt.namespace}`);
  if (stmt.names && stmt.names.length > 0) parts.push(`{ ${stmt.names.map(printImportName).join(', ')} }`);
  return `import ${type}${parts.join(', ')} from ${stringLiteral(stmt.from)};`;
}

function printImportName(name: A.ImportName): string {
  return `${name.typeOnly ? 'type ' : ''}${name.name}${name.alias ? ` as ${name.alias}` : ''}`;
}

function printBlock(body: A.Stmt[], indent: string): string {
  if (body.length === 0) return '{}';
  return ['{', ...body.map((s) => printStatement(s, indent + INDENT)), `${indent}}`].join('\n');
}

function printClassMember(member: A.ClassMember, indent: string): string {
  if (member.k === 'classProp') {
    const mods = `${member.override ? 'override ' : ''}${member.readonly ? 'readonly ' : ''}`;
    const type = member.type ? `: ${printType(member.type)}` : '';
    const init = member.init ? ` = ${printExpr(member.init, indent)}` : '';
    return withDoc(member.doc, indent, `${indent}${mods}${member.name}${type}${init};`);
  }
  const head = `${indent}${member.async ? 'async ' : ''}${member.name}(${printParams(member.params)})${returnType(member.returnType)} `;
  return withDoc(member.doc, indent, head + printBlock(member.body, indent));
}

function returnType(type: A.Type | undefined): string {
  return type ? `: ${printType(type)}` : '';
}

function printParams(params: A.Param[]): string {
  return params.map(printParam).join(', ');
}

function printParam(p: A.Param): string {
  const type = p.type ? `: ${printType(p.type)}` : '';
  const value = p.default ? ` = ${printExpr(p.default, '')}` : '';
  return `${p.rest ? '...' : ''}${p.name}${p.optional ? '?' : ''}${type}${value}`;
}

function printTypeParams(params: A.TypeParam[] | undefined): string {
  if (!params || params.length === 0) return '';
  return `<${params
    .map((p) => `${p.name}${p.constraint ? ` extends ${printType(p.constraint)}` : ''}${p.default ? ` = ${printType(p.default)}` : ''}`)
    .join(', ')}>`;
}

/** Object literals and `function` at the start of a statement would parse as something else. */
function startsAmbiguously(expr: A.Expr): boolean {
  switch (expr.k) {
    case 'object':
      return true;
    case 'member':
    case 'index':
      return startsAmbiguously(expr.object);
    case 'nonNull':
      return startsAmbiguously(expr.expr);
    case 'call':
      return startsAmbiguously(expr.callee);
    case 'binary':
      return startsAmbiguously(expr.left);
    case 'assign':
      return startsAmbiguously(expr.target);
    case 'cond':
      return startsAmbiguously(expr.test);
    case 'as':
    case 'commented':
      return startsAmbiguously(expr.expr);
    default:
      return false;
  }
}

/** The object of a member access: `(5).x`, since `5.x` reads the dot as a decimal point. */
function printObject(expr: A.Expr, indent: string): string {
  return expr.k === 'number' ? `(${printExpr(expr, indent)})` : printOperand(expr, 20, indent);
}

function printOperand(expr: A.Expr, minimum: number, indent: string): string {
  const text = printExpr(expr, indent);
  return precedence(expr) < minimum ? `(${text})` : text;
}

export function printExpr(expr: A.Expr, indent: string): string {
  switch (expr.k) {
    case 'ident':
      return expr.name;
    case 'string':
      return stringLiteral(expr.value);
    case 'number':
      return String(expr.value);
    case 'boolean':
      return String(expr.value);
    case 'null':
      return 'null';
    case 'template': {
      let text = '`';
      expr.quasis.forEach((quasi, i) => {
        text += templateChunk(quasi);
        const inner = expr.exprs[i];
        if (inner) text += `\${${printExpr(inner, indent)}}`;
      });
      return `${text}\``;
    }
    case 'array':
      return `[${expr.items.map((item) => printArg(item, indent)).join(', ')}]`;
    case 'object':
      return expr.props.length === 0 ? '{}' : `{ ${expr.props.map((p) => printObjectMember(p, indent)).join(', ')} }`;
    case 'member': {
      const object = printObject(expr.object, indent);
      if (!isIdentifierName(expr.property)) return `${object}${expr.optional ? '?.' : ''}[${stringLiteral(expr.property)}]`;
      return `${object}${expr.optional ? '?.' : '.'}${expr.property}`;
    }
    case 'index':
      return `${printObject(expr.object, indent)}${expr.optional ? '?.' : ''}[${printExpr(expr.index, indent)}]`;
    case 'call':
      return `${expr.pure ? '/* @__PURE__ */ ' : ''}${printOperand(expr.callee, 20, indent)}${expr.optional ? '?.' : ''}${printTypeArgs(expr.typeArgs)}(${expr.args.map((a) => printArg(a, indent)).join(', ')})`;
    case 'new':
      return `new ${printOperand(expr.callee, 20, indent)}${printTypeArgs(expr.typeArgs)}(${expr.args.map((a) => printArg(a, indent)).join(', ')})`;
    case 'arrow': {
      const head = `${expr.async ? 'async ' : ''}(${printParams(expr.params)})${returnType(expr.returnType)} => `;
      if (Array.isArray(expr.body)) return head + printBlock(expr.body, indent);
      const body = printExpr(expr.body, indent);
      return head + (startsAmbiguously(expr.body) || precedence(expr.body) < 2 ? `(${body})` : body);
    }
    case 'unary': {
      const space = /^[a-z]/.test(expr.op) ? ' ' : '';
      const operand = printOperand(expr.arg, 15, indent);
      // `- -x` must not become `--x`.
      const sep = space || ((expr.op === '-' || expr.op === '+') && operand.startsWith(expr.op) ? ' ' : '');
      return `${expr.op}${sep}${operand}`;
    }
    case 'binary': {
      const own = precedence(expr);
      const left = needsParensAsOperand(expr.left, expr.op, 'left') ? `(${printExpr(expr.left, indent)})` : printOperand(expr.left, own, indent);
      const right = needsParensAsOperand(expr.right, expr.op, 'right') ? `(${printExpr(expr.right, indent)})` : printOperand(expr.right, own + 1, indent);
      return `${left} ${expr.op} ${right}`;
    }
    case 'cond':
      return `${printOperand(expr.test, 4, indent)} ? ${printOperand(expr.then, 2, indent)} : ${printOperand(expr.else, 2, indent)}`;
    case 'await':
      return `await ${printOperand(expr.expr, 15, indent)}`;
    case 'as':
      return `${printOperand(expr.expr, 15, indent)} ${expr.satisfies ? 'satisfies' : 'as'} ${printType(expr.type)}`;
    case 'nonNull':
      return `${printOperand(expr.expr, 20, indent)}!`;
    case 'assign':
      return `${printOperand(expr.target, 20, indent)} ${expr.op} ${printOperand(expr.value, 2, indent)}`;
    case 'commented':
      return `${printExpr(expr.expr, indent)} ${blockComment(expr.comment)}`;
  }
}

function printArg(arg: A.Expr | A.Spread, indent: string): string {
  return arg.k === 'spread' ? `...${printOperand(arg.expr, 2, indent)}` : printOperand(arg, 2, indent);
}

function printObjectMember(member: A.ObjectMember, indent: string): string {
  switch (member.k) {
    case 'spread':
      return `...${printOperand(member.expr, 2, indent)}`;
    case 'prop': {
      if (member.shorthand) return member.key;
      // `__proto__: x` (quoted or not) sets the prototype; a computed key makes a property.
      const key = member.key === '__proto__' ? `[${stringLiteral(member.key)}]` : propertyKey(member.key);
      return `${key}: ${printOperand(member.value, 2, indent)}`;
    }
    case 'method': {
      const prefix = member.kind === 'get' ? 'get ' : member.async ? 'async ' : '';
      return `${prefix}${propertyKey(member.key)}(${printParams(member.params)})${returnType(member.returnType)} ${printBlock(member.body, indent)}`;
    }
  }
}

function printTypeArgs(args: A.Type[] | undefined): string {
  return args && args.length > 0 ? `<${args.map(printType).join(', ')}>` : '';
}

function printTypeMember(member: A.TMember, indent: string): string {
  switch (member.k) {
    case 'tprop':
      return withDoc(member.doc, indent, `${indent}${member.readonly ? 'readonly ' : ''}${propertyKey(member.key)}${member.optional ? '?' : ''}: ${printType(member.type)};`);
    case 'tindexsig':
      return withDoc(member.doc, indent, `${indent}[${member.keyName}: ${printType(member.keyType)}]: ${printType(member.type)};`);
    case 'tmethod':
      return withDoc(member.doc, indent, `${indent}${propertyKey(member.key)}${printTypeParams(member.typeParams)}(${printParams(member.params)}): ${printType(member.returnType)};`);
  }
}

function printTypeOperand(type: A.Type, context: 'union' | 'intersection' | 'array' | 'indexed'): string {
  const text = printType(type);
  const wrap =
    type.k === 'tfunction' ||
    (type.k === 'tunion' && context !== 'union') ||
    (type.k === 'tintersection' && context !== 'intersection') ||
    ((type.k === 'tkeyof' || type.k === 'ttypeof') && (context === 'array' || context === 'indexed'));
  return wrap ? `(${text})` : text;
}

export function printType(type: A.Type): string {
  switch (type.k) {
    case 'tref':
      return `${type.name}${printTypeArgs(type.args)}`;
    case 'tkeyword':
      return type.name;
    case 'tliteral':
      return typeof type.value === 'string' ? stringLiteral(type.value) : String(type.value);
    case 'tobject':
      if (type.members.length === 0) return '{}';
      // A JSDoc on the same line as the previous member would attach to that member: one per line.
      if (type.members.some((m) => m.doc)) return `{\n${type.members.map((m) => printTypeMember(m, '')).join('\n')}\n}`;
      return `{ ${type.members.map((m) => printTypeMember(m, '').replace(/;$/, '')).join('; ')} }`;
    case 'tunion':
      return type.types.map((t) => printTypeOperand(t, 'union')).join(' | ');
    case 'tintersection':
      return type.types.map((t) => printTypeOperand(t, 'intersection')).join(' & ');
    case 'tarray':
      return `${printTypeOperand(type.elem, 'array')}[]`;
    case 'ttuple':
      // `(A | B)?` and `...(A | B)[]`: an optional or rest element of a union needs parentheses.
      return `[${type.elems.map((e) => `${e.rest ? '...' : ''}${e.optional ? printTypeOperand(e.type, 'array') : printType(e.type)}${e.optional ? '?' : ''}`).join(', ')}]`;
    case 'ttypeof':
      return `typeof ${type.name}`;
    case 'tindexed':
      return `${printTypeOperand(type.object, 'indexed')}[${printType(type.index)}]`;
    case 'tkeyof':
      return `keyof ${printTypeOperand(type.type, 'array')}`;
    case 'tfunction':
      return `(${printParams(type.params)}) => ${printType(type.returnType)}`;
  }
}
