/**
 * Drift of the user-owned schema file: a schema of it that is not built on its generated base
 * (`ContactRequestBase`) is compared with the spec on every run, property by property (added to
 * the spec, removed from it, of another type). The file is read, never run: a static read needs no
 * TypeScript loader, runs none of the user's code (nor what it imports) at generation time, and
 * works before the generated files it imports exist. It recognises what the bootstrap wrote and
 * what people write by hand (`z.object({...})` and its chains, classic or mini); a schema it
 * cannot follow is named in a plain warning instead.
 */
import { type ApiModel, type AstNode, childPointer, type DeclarationNames, type ParsedModule, type SchemaNode } from '@specwright/core';
import { createContext, type EmitContext } from './context.js';
import { createClientNames } from './names.js';
import { baseName } from './schema-bases.js';

/** What the run reports: differences (`--check` fails on them) and schemas it could not compare. */
export interface UserSchemaDrift {
  drift: string[];
  notes: string[];
}

/** A user schema the file should export, with what the spec says of it. */
interface Expected {
  names: DeclarationNames;
  node: SchemaNode;
  pointer: string;
}

/** The coarse type of a value: what the spec and the file must agree on. */
type Kind = { ref: string } | 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object' | 'enum' | 'unknown';

type Shape = { k: 'base'; name: string } | { k: 'object'; props: Map<string, AstNode | undefined>; complete: boolean } | { k: 'unknown' };

/** Deeper than this, an expression is not followed (a hostile file cannot exhaust the stack). */
const MAX_DEPTH = 48;

/** `userSchemaDrift` for the other generators (openapi-server reads the same file). */
export function userSchemaDriftOf(model: ApiModel, parsed: ParsedModule, file: string): UserSchemaDrift {
  return userSchemaDrift(createContext(model, createClientNames(model)), parsed, file);
}

export function userSchemaDrift(context: EmitContext, parsed: ParsedModule, file: string): UserSchemaDrift {
  const expected: Expected[] = [
    ...context.order.ordered.map((s) => ({ names: context.names.schema(s.key), node: s.schema, pointer: s.pointer })),
    ...context.declarations.filter((d) => d.role === 'body').map((d) => ({ names: d.names, node: d.node, pointer: childPointer(d.operation.pointer, 'requestBody') })),
  ];
  const reader = new FileReader(parsed.body, expected);
  const byType = new Map(context.model.schemas.map((s) => [context.names.schema(s.key).type, s.schema]));
  const out: UserSchemaDrift = { drift: [], notes: [] };
  for (const item of expected) {
    const init = reader.exportedInit(item.names.schema);
    if (init === undefined) continue; // not exported as a value: resolveUserSchemas warns
    const spec = specObject(context, item.node);
    let shape: Shape;
    try {
      shape = reader.shapeOf(init, 0);
    } catch {
      shape = { k: 'unknown' };
    }
    if (shape.k === 'base') continue; // built on a base: the spec's properties flow through
    const schema = item.names.schema;
    const where = `${file}: ${schema} (${item.pointer})`;
    if (shape.k === 'unknown') {
      if (spec) out.notes.push(`${where} is not built on ${baseName(item.names)} and is not a z.object(...) this run can read: it is not compared with the spec`);
      continue;
    }
    if (!spec) {
      out.drift.push(`${where}: the spec's schema is no longer an object (${resolvedNode(context, item.node)?.kind ?? 'unknown'}), the file's is (build ${schema} on ${baseName(item.names)}, see openapi-zod-ts's README)`);
      continue;
    }
    const hint = `(build ${schema} on ${baseName(item.names)}, see openapi-zod-ts's README)`;
    for (const property of spec.properties) {
      if (property.name === '__proto__') continue; // never emitted: zod neither reads nor writes it
      if (!shape.props.has(property.name)) {
        if (shape.complete) out.drift.push(`${where}: property "${property.name}" is in the spec but not in the file ${hint}`);
        continue;
      }
      const value = shape.props.get(property.name);
      const fileKind = value === undefined ? 'unknown' : safeKind(() => reader.kindOf(value, 0));
      const specSide = specKind(context, property.schema);
      if (!sameKind(context, byType, reader, specSide, fileKind)) {
        out.drift.push(`${where}: property "${property.name}" is ${kindText(specSide)} in the spec but ${kindText(fileKind)} in the file ${hint}`);
      }
    }
    const declared = new Set(spec.properties.map((p) => p.name));
    for (const name of shape.props.keys()) {
      if (!declared.has(name)) out.drift.push(`${where}: property "${name}" is in the file but no longer in the spec ${hint}`);
    }
  }
  return out;
}

function safeKind(read: () => Kind): Kind {
  try {
    return read();
  } catch {
    return 'unknown';
  }
}

/** A schema through its references. */
function resolvedNode(context: EmitContext, node: SchemaNode): SchemaNode | undefined {
  let current: SchemaNode | undefined = node;
  for (let depth = 0; current?.kind === 'ref' && depth < MAX_DEPTH; depth++) current = context.schemaByKey.get(current.key)?.schema;
  return current;
}

/** The spec's object for a schema (through references), or undefined when it is not an object. */
function specObject(context: EmitContext, node: SchemaNode): Extract<SchemaNode, { kind: 'object' }> | undefined {
  const current = resolvedNode(context, node);
  return current?.kind === 'object' ? current : undefined;
}

function specKind(context: EmitContext, node: SchemaNode): Kind {
  switch (node.kind) {
    case 'ref':
      return { ref: context.names.schema(node.key).type };
    case 'string':
      return node.binary ? 'unknown' : 'string';
    case 'number':
      return node.integer ? 'integer' : 'number';
    case 'boolean':
    case 'null':
    case 'array':
    case 'object':
    case 'enum':
      return node.kind;
    case 'tuple':
      return 'array';
    default:
      return 'unknown'; // unions, intersections, {}: not compared
  }
}

/** The kind a reference stands for (a named schema's own kind), or the kind itself. */
function resolved(context: EmitContext, byType: Map<string, SchemaNode>, kind: Kind, depth = 0): Kind {
  if (typeof kind === 'string' || depth > MAX_DEPTH) return kind;
  const node = byType.get(kind.ref);
  return node ? resolved(context, byType, specKind(context, node), depth + 1) : 'unknown';
}

function sameKind(context: EmitContext, byType: Map<string, SchemaNode>, reader: FileReader, spec: Kind, file: Kind): boolean {
  if (file === 'unknown' || spec === 'unknown') return true;
  if (typeof spec !== 'string' && typeof file !== 'string') return spec.ref === file.ref || !reader.isUserSchemaType(file.ref);
  const a = resolved(context, byType, spec);
  const b = resolved(context, byType, file);
  return a === 'unknown' || b === 'unknown' || a === b;
}

function kindText(kind: Kind): string {
  if (typeof kind !== 'string') return kind.ref;
  return /^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`;
}

const STRING_FNS = new Set(['string', 'email', 'url', 'httpUrl', 'uuid', 'uuidv4', 'uuidv6', 'uuidv7', 'guid', 'cuid', 'cuid2', 'ulid', 'nanoid', 'xid', 'ksuid', 'emoji', 'base64', 'base64url', 'hex', 'jwt', 'ipv4', 'ipv6', 'cidrv4', 'cidrv6', 'e164', 'hostname', 'hash', 'stringFormat']);
const NUMBER_FNS = new Set(['number', 'float32', 'float64']);
const INTEGER_FNS = new Set(['int', 'int32', 'uint32']);
const OBJECT_FNS = new Set(['object', 'strictObject', 'looseObject']);
const RECORD_FNS = new Set(['record', 'partialRecord', 'looseRecord']);
/** zod/mini functions whose first argument is the schema they wrap. */
const WRAPPERS = new Set(['optional', 'nullable', 'nullish', 'readonly', 'catchall', '_default', 'prefault', 'catch', 'nonoptional', 'exactOptional', 'partial', 'required', 'strict', 'loose']);
/** Methods after which a value is of another kind than its receiver. */
const RESHAPING = new Set(['or', 'and', 'transform', 'pipe', 'array', 'overwrite']);

/** The user file's syntax tree, as far as schemas go. */
class FileReader {
  private readonly locals = new Map<string, AstNode>();
  private readonly exported = new Map<string, string>();
  private readonly exportedAs = new Map<string, string>();
  /** Local names of `z` (a namespace or the named `z` of `zod`, `zod/mini`, `zod/v4`...). */
  private readonly zod = new Set<string>();
  /** Local names of zod functions imported by name (`import { object } from 'zod'`). */
  private readonly zodFns = new Map<string, string>();
  /** Imported bindings (local name → imported name) from other modules. */
  private readonly imported = new Map<string, string>();
  private readonly bases = new Map<string, string>();
  private readonly schemaTypes = new Map<string, string>();
  private readonly types = new Set<string>();

  constructor(body: AstNode[], expected: Expected[]) {
    for (const item of expected) {
      this.bases.set(baseName(item.names), item.names.type);
      this.schemaTypes.set(item.names.schema, item.names.type);
      this.types.add(item.names.type);
    }
    for (const statement of body) {
      if (statement.type === 'ImportDeclaration') this.readImport(statement);
      const declaration = statement.type === 'ExportNamedDeclaration' ? (statement['declaration'] as AstNode | null) : statement;
      if (declaration?.type === 'VariableDeclaration') {
        for (const declarator of declaration['declarations'] as AstNode[]) {
          const id = declarator['id'] as AstNode;
          const init = declarator['init'] as AstNode | null;
          if (id.type !== 'Identifier' || !init) continue;
          const name = id['name'] as string;
          this.locals.set(name, init);
          if (statement !== declaration) this.exported.set(name, name);
        }
      }
      if (statement.type === 'ExportNamedDeclaration' && !statement['source']) {
        for (const specifier of (statement['specifiers'] as AstNode[] | undefined) ?? []) {
          if (specifier.type !== 'ExportSpecifier') continue;
          this.exported.set(nameOf(specifier['exported'] as AstNode), nameOf(specifier['local'] as AstNode));
        }
      }
    }
    for (const [exported, local] of this.exported) if (this.schemaTypes.has(exported)) this.exportedAs.set(local, exported);
  }

  private readImport(statement: AstNode): void {
    const from = String((statement['source'] as AstNode)['value']);
    const isZod = /^zod(\/|$)/.test(from);
    for (const specifier of (statement['specifiers'] as AstNode[] | undefined) ?? []) {
      const local = nameOf(specifier['local'] as AstNode);
      if (specifier.type === 'ImportNamespaceSpecifier') {
        if (isZod) this.zod.add(local);
      } else if (specifier.type === 'ImportSpecifier') {
        const imported = nameOf(specifier['imported'] as AstNode);
        if (isZod) {
          if (imported === 'z') this.zod.add(local);
          else this.zodFns.set(local, imported);
        } else this.imported.set(local, imported);
      } else if (isZod) this.zod.add(local);
    }
  }

  /** The initializer behind an exported name (`export const X = ...` or `export { x as X }`). */
  exportedInit(name: string): AstNode | undefined {
    const local = this.exported.get(name);
    return local === undefined ? undefined : this.locals.get(local);
  }

  isUserSchemaType(type: string): boolean {
    return this.types.has(type);
  }

  shapeOf(node: AstNode, depth: number): Shape {
    if (depth > MAX_DEPTH) return { k: 'unknown' };
    const inner = unwrap(node);
    if (inner !== node) return this.shapeOf(inner, depth + 1);
    if (node.type === 'Identifier') {
      const name = node['name'] as string;
      const imported = this.imported.get(name);
      if (imported !== undefined) return this.bases.has(imported) ? { k: 'base', name: imported } : { k: 'unknown' };
      const local = this.locals.get(name);
      return local ? this.shapeOf(local, depth + 1) : { k: 'unknown' };
    }
    if (node.type !== 'CallExpression') return { k: 'unknown' };
    const args = (node['arguments'] as AstNode[]) ?? [];
    const iife = iifeBody(node);
    if (iife) return this.shapeOf(iife, depth + 1);
    const fn = this.zodFunction(node['callee'] as AstNode);
    if (fn !== undefined) {
      if (OBJECT_FNS.has(fn)) return args[0] ? this.literalShape(args[0]) : { k: 'object', props: new Map(), complete: true };
      // A map: an object that declares no property (what the bootstrap wrote for one).
      if (RECORD_FNS.has(fn)) return { k: 'object', props: new Map(), complete: true };
      if (fn === 'lazy') return args[0] ? this.shapeOf(returned(args[0]) ?? args[0], depth + 1) : { k: 'unknown' };
      if (fn === 'extend' || fn === 'safeExtend') return args[0] && args[1] ? extend(this.shapeOf(args[0], depth + 1), this.literalShape(args[1])) : { k: 'unknown' };
      if (fn === 'omit' || fn === 'pick') return args[0] && args[1] ? mask(this.shapeOf(args[0], depth + 1), args[1], fn) : { k: 'unknown' };
      if (WRAPPERS.has(fn)) return args[0] ? this.shapeOf(args[0], depth + 1) : { k: 'unknown' };
      return { k: 'unknown' };
    }
    const callee = unwrap(node['callee'] as AstNode);
    if (callee.type !== 'MemberExpression' || callee['computed']) return { k: 'unknown' };
    const method = nameOf(callee['property'] as AstNode);
    const receiver = callee['object'] as AstNode;
    if (RESHAPING.has(method)) return { k: 'unknown' };
    if (method === 'extend' || method === 'safeExtend') return args[0] ? extend(this.shapeOf(receiver, depth + 1), this.literalShape(args[0])) : { k: 'unknown' };
    if (method === 'merge') return args[0] ? extend(this.shapeOf(receiver, depth + 1), this.shapeOf(args[0], depth + 1)) : { k: 'unknown' };
    if (method === 'omit' || method === 'pick') return args[0] ? mask(this.shapeOf(receiver, depth + 1), args[0], method) : { k: 'unknown' };
    return this.shapeOf(receiver, depth + 1);
  }

  /** The properties of an object literal (`{ a: z.string(), get b() { return B; } }`). */
  private literalShape(node: AstNode): Shape {
    const literal = unwrap(node);
    if (literal.type !== 'ObjectExpression') return { k: 'unknown' };
    const props = new Map<string, AstNode | undefined>();
    let complete = true;
    for (const member of literal['properties'] as AstNode[]) {
      const key = member['key'] as AstNode | undefined;
      const name = key && !member['computed'] ? keyName(key) : undefined;
      if (name === undefined) {
        complete = false; // a spread or a computed key: the keys are not all known
        continue;
      }
      if (member.type === 'ObjectProperty' || (member.type === 'Property' && member['kind'] === 'init')) props.set(name, member['value'] as AstNode);
      else props.set(name, returned(member));
    }
    return { k: 'object', props, complete };
  }

  kindOf(node: AstNode, depth: number): Kind {
    if (depth > MAX_DEPTH) return 'unknown';
    const inner = unwrap(node);
    if (inner !== node) return this.kindOf(inner, depth + 1);
    if (node.type === 'Identifier') {
      const name = node['name'] as string;
      const imported = this.imported.get(name);
      if (imported !== undefined) {
        const type = this.bases.get(imported) ?? this.schemaTypes.get(imported);
        return type === undefined ? 'unknown' : { ref: type };
      }
      const type = this.schemaTypes.get(this.exportedName(name) ?? '');
      if (type !== undefined) return { ref: type };
      const local = this.locals.get(name);
      return local ? this.kindOf(local, depth + 1) : 'unknown';
    }
    if (node.type !== 'CallExpression') return 'unknown';
    const args = (node['arguments'] as AstNode[]) ?? [];
    const iife = iifeBody(node);
    if (iife) return this.kindOf(iife, depth + 1);
    const fn = this.zodFunction(node['callee'] as AstNode);
    if (fn !== undefined) {
      if (STRING_FNS.has(fn) || fn.startsWith('iso.')) return 'string';
      if (NUMBER_FNS.has(fn)) return 'number';
      if (INTEGER_FNS.has(fn)) return 'integer';
      if (fn === 'boolean' || fn === 'null') return fn;
      if (fn === 'array' || fn === 'tuple') return 'array';
      if (OBJECT_FNS.has(fn) || RECORD_FNS.has(fn) || fn === 'extend' || fn === 'safeExtend') return 'object';
      if (fn === 'enum' || fn === 'literal') return 'enum';
      if (fn === 'lazy') return args[0] ? this.kindOf(returned(args[0]) ?? args[0], depth + 1) : 'unknown';
      if (WRAPPERS.has(fn)) return args[0] ? this.kindOf(args[0], depth + 1) : 'unknown';
      return 'unknown';
    }
    const callee = unwrap(node['callee'] as AstNode);
    if (callee.type !== 'MemberExpression' || callee['computed']) return 'unknown';
    const method = nameOf(callee['property'] as AstNode);
    if (method === 'array') return 'array';
    if (RESHAPING.has(method)) return 'unknown';
    return this.kindOf(callee['object'] as AstNode, depth + 1);
  }

  /** The schema export a local const is (`const pet = ...; export { pet as PetSchema }`). */
  private exportedName(local: string): string | undefined {
    return this.exportedAs.get(local);
  }

  /** `z.string` → `string`, `z.iso.datetime` → `iso.datetime`, an imported `object` → `object`. */
  private zodFunction(callee: AstNode): string | undefined {
    const node = unwrap(callee);
    if (node.type === 'Identifier') return this.zodFns.get(node['name'] as string);
    if (node.type !== 'MemberExpression' || node['computed']) return undefined;
    const object = unwrap(node['object'] as AstNode);
    const property = nameOf(node['property'] as AstNode);
    if (object.type === 'Identifier' && this.zod.has(object['name'] as string)) return property;
    if (object.type === 'MemberExpression' && !object['computed']) {
      const root = unwrap(object['object'] as AstNode);
      if (root.type === 'Identifier' && this.zod.has(root['name'] as string)) return `${nameOf(object['property'] as AstNode)}.${property}`;
    }
    return undefined;
  }
}

function extend(base: Shape, added: Shape): Shape {
  if (base.k === 'base') return base;
  if (base.k !== 'object' || added.k !== 'object') return { k: 'unknown' };
  return { k: 'object', props: new Map([...base.props, ...added.props]), complete: base.complete && added.complete };
}

function mask(base: Shape, maskNode: AstNode, how: 'omit' | 'pick'): Shape {
  if (base.k !== 'object') return base;
  const literal = unwrap(maskNode);
  if (literal.type !== 'ObjectExpression') return { k: 'unknown' };
  const keys = new Set((literal['properties'] as AstNode[]).map((m) => (m['key'] ? keyName(m['key'] as AstNode) : undefined)));
  const props = new Map([...base.props].filter(([name]) => keys.has(name) === (how === 'pick')));
  return { k: 'object', props, complete: base.complete };
}

/** Parentheses, `as`, `satisfies` and `!` around an expression. */
function unwrap(node: AstNode): AstNode {
  let current = node;
  for (let i = 0; i < MAX_DEPTH; i++) {
    const next = current['expression'] as AstNode | undefined;
    if (!['ParenthesizedExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'ChainExpression', 'TSTypeAssertion'].includes(current.type) || !next) return current;
    current = next;
  }
  return current;
}

/** The body of `(() => x)()`, the form every schema is written in for tree shaking. */
function iifeBody(call: AstNode): AstNode | undefined {
  if (((call['arguments'] as AstNode[]) ?? []).length > 0) return undefined;
  const callee = unwrap(call['callee'] as AstNode);
  if (callee.type !== 'ArrowFunctionExpression' && callee.type !== 'FunctionExpression') return undefined;
  return returned(callee);
}

/** What a function returns: its expression body, or the argument of its only `return`. */
function returned(fn: AstNode): AstNode | undefined {
  const body = fn['body'] as AstNode | undefined;
  if (!body) return undefined;
  if (body.type !== 'BlockStatement') return body;
  const statements = body['body'] as AstNode[];
  const last = statements[statements.length - 1];
  return statements.length === 1 && last?.type === 'ReturnStatement' ? ((last['argument'] as AstNode | null) ?? undefined) : undefined;
}

function nameOf(node: AstNode): string {
  return String(node['name'] ?? node['value']);
}

function keyName(key: AstNode): string | undefined {
  if (key.type === 'Identifier') return key['name'] as string;
  if (key.type === 'StringLiteral' || key.type === 'NumericLiteral' || key.type === 'Literal') return String(key['value']);
  return undefined;
}
