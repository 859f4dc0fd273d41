/**
 * IR schema nodes → zod v4 expressions and the TypeScript types of their parsed values. Both are
 * dispatch tables with one small function per kind, kept side by side so that they agree: every
 * generated schema is annotated with its type, and the compiler checks that they do.
 */
import { code as c, type Code, type EnumNode, type JsonValue, type ObjectNode, type DiscriminatorValue, type ObjectProperty, type PatternProperty, type SchemaKind, type SchemaNode, type StringNode } from '@specwright/core';
import { refsOf } from './schema-graph.js';

/**
 * Which zod API the schemas are written for: `classic` (`import * as z from 'zod'`, methods such as
 * `z.string().min(1).optional()`) or `mini` (`zod/mini`, functions only:
 * `z.optional(z.string().check(z.minLength(1)))`), whose bundles keep only the checks they use.
 */
export type ZodVariant = 'classic' | 'mini';

/** The module zod is imported from for a variant. */
export const ZOD_MODULE: Record<ZodVariant, string> = { classic: 'zod', mini: 'zod/mini' };

/**
 * The zod import of a generated module: the namespace form, `import * as z from 'zod'` or
 * `'zod/mini'` (DECISIONS). esbuild drops unused functions of a namespace import, but keeps all
 * of zod reached through the package's exported `z` object; Rollup/rolldown and webpack drop
 * them either way.
 */
export function zodImport(variant: ZodVariant): Code.Stmt {
  return { k: 'import', from: ZOD_MODULE[variant], namespace: 'z' };
}

/** How references to named schemas are written; decided by the module being emitted. */
export interface SchemaScope {
  /** The zod API the expressions use. */
  variant: ZodVariant;
  /** The zod expression for a named schema (its const, or a lazy reference in a cycle). */
  zodRef(key: string): Code.Expr;
  /** The type of a named schema's parsed value. */
  typeRef(key: string): Code.Type;
  /** The node of a named schema, to look through references. */
  resolve(key: string): SchemaNode | undefined;
}

type ByKind<R> = { [K in SchemaKind]: (node: Extract<SchemaNode, { kind: K }>, scope: SchemaScope) => R };

/** `z.name(args)`; `name` is one identifier (the member is built directly: this runs for every schema node). */
const z = (name: string, args: (Code.Expr | Code.Spread)[] = []) => c.call(c.member(c.id('z'), name), args);

/**
 * `x.optional()` / `x.nullable()`, or `z.optional(x)` in zod/mini (wrappers are functions there).
 * An optional nullable is `x.nullish()` / `z.nullish(x)`: zod builds exactly
 * `optional(nullable(x))` from it, in 12 fewer bytes per use once minified.
 */
function wrap(schema: Code.Expr, wrapper: 'optional' | 'nullable', scope: SchemaScope): Code.Expr {
  const nullable = wrapper === 'optional' ? nullableInner(schema, scope) : undefined;
  if (nullable) return scope.variant === 'mini' ? z('nullish', [nullable]) : c.dot(nullable, 'nullish');
  return scope.variant === 'mini' ? z(wrapper, [schema]) : c.dot(schema, wrapper);
}

/** `x` of `x.nullable()` (classic) or of `z.nullable(x)` (mini), as `wrap` writes them. */
function nullableInner(schema: Code.Expr, scope: SchemaScope): Code.Expr | undefined {
  if (schema.k !== 'call' || schema.callee.k !== 'member' || schema.callee.property !== 'nullable') return undefined;
  if (scope.variant === 'mini') {
    const [inner] = schema.args;
    return schema.callee.object.k === 'ident' && schema.callee.object.name === 'z' && schema.args.length === 1 && inner?.k !== 'spread' ? inner : undefined;
  }
  return schema.args.length === 0 ? schema.callee.object : undefined;
}

/**
 * A check: classic's method (`.min(1)`), or zod/mini's `.check(z.minLength(1))`, where checks in
 * a row share one `.check(...)` call.
 */
function check(schema: Code.Expr, scope: SchemaScope, method: string, miniCheck: string, args: Code.Expr[]): Code.Expr {
  if (scope.variant !== 'mini') return c.dot(schema, method, args);
  const made = z(miniCheck, args);
  if (schema.k === 'call' && schema.callee.k === 'member' && schema.callee.property === 'check') return { ...schema, args: [...schema.args, made] };
  return c.dot(schema, 'check', [made]);
}

// ---------------------------------------------------------------------------------------------
// zod

const zodByKind: ByKind<Code.Expr> = {
  ref: (node, scope) => scope.zodRef(node.key),
  object: zodObject,
  array: (node, scope) => {
    let out: Code.Expr = z('array', [zodSchema(node.items, scope)]);
    if (node.minItems !== undefined) out = check(out, scope, 'min', 'minLength', [c.num(node.minItems)]);
    if (node.maxItems !== undefined) out = check(out, scope, 'max', 'maxLength', [c.num(node.maxItems)]);
    // Primitive items are equal when identical (other items are compared before parsing: `inputChecks`).
    if (node.uniqueItems && isPrimitive(node.items, scope)) {
      const items = c.id('items');
      const unique = c.bin(c.member(c.newExpr('Set', [items]), 'size'), '===', c.member(items, 'length'));
      out = check(out, scope, 'refine', 'refine', [c.arrow([c.param('items')], unique), c.obj([c.prop('message', c.str('Items must be unique'))])]);
    }
    return out;
  },
  tuple: (node, scope) => {
    const required = node.minItems ?? node.items.length;
    const items = node.items.map((item, i) => (i >= required ? wrap(zodSchema(item, scope), 'optional', scope) : zodSchema(item, scope)));
    const args: Code.Expr[] = [c.arr(items)];
    if (node.rest !== false) args.push(zodSchema(node.rest, scope));
    let out: Code.Expr = z('tuple', args);
    if (node.rest !== false && node.maxItems !== undefined) out = refineCount(out, scope, 'items', c.member(c.id('items'), 'length'), '<=', node.maxItems, `At most ${node.maxItems} items`);
    return out;
  },
  string: zodString,
  number: (node, scope) => {
    let out: Code.Expr = node.integer ? z('int') : z('number');
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = node;
    if (exclusiveMinimum !== undefined) out = check(out, scope, 'gt', 'gt', [c.num(exclusiveMinimum)]);
    if (minimum !== undefined && !(exclusiveMinimum !== undefined && exclusiveMinimum >= minimum)) out = check(out, scope, 'min', 'gte', [c.num(minimum)]);
    if (exclusiveMaximum !== undefined) out = check(out, scope, 'lt', 'lt', [c.num(exclusiveMaximum)]);
    if (maximum !== undefined && !(exclusiveMaximum !== undefined && exclusiveMaximum <= maximum)) out = check(out, scope, 'max', 'lte', [c.num(maximum)]);
    if (node.multipleOf !== undefined && !(node.integer && node.multipleOf === 1)) out = check(out, scope, 'multipleOf', 'multipleOf', [c.num(node.multipleOf)]);
    return out;
  },
  boolean: () => z('boolean'),
  null: () => z('null'),
  enum: (node) => {
    if (node.values.length === 1) return z('literal', [c.json(node.values[0])]);
    if (!node.isConst && node.values.every((v) => typeof v === 'string')) return z('enum', [c.arr(node.values.map((v) => c.str(v as string)))]);
    return z('literal', [c.arr(node.values.map((v) => c.json(v)))]);
  },
  union: zodUnion,
  intersection: (node, scope) => {
    const [first, ...rest] = node.members.map((member) => zodSchema(member, scope));
    return rest.reduce<Code.Expr>((acc, member) => (scope.variant === 'mini' ? z('intersection', [acc, member]) : c.dot(acc, 'and', [member])), first ?? z('unknown'));
  },
  unknown: () => z('unknown'),
  never: () => z('never'),
};

/** The zod schema of a node (nullable included; optionality belongs to the containing object). */
export function zodSchema(node: SchemaNode, scope: SchemaScope): Code.Expr {
  const base = (zodByKind[node.kind] as (n: SchemaNode, s: SchemaScope) => Code.Expr)(node, scope);
  const out = node.nullable && node.kind !== 'null' && node.kind !== 'unknown' ? wrap(base, 'nullable', scope) : base;
  const checks = inputChecks(node, scope);
  if (checks.length === 0) return out;
  const before = checks.reduce<Code.Expr>((acc, [test, message]) => check(acc, scope, 'refine', 'refine', [test, c.obj([c.prop('message', c.str(message))])]), z('unknown'));
  return scope.variant === 'mini' ? z('pipe', [before, out]) : c.dot(before, 'pipe', [out]);
}

const NO_CHECKS: readonly [Code.Expr, string][] = [];

/**
 * Checks that must see the value as it came, before parsing strips undeclared keys (a refinement
 * sees the parsed value): `not` (the value must fail each of its schemas) and uniqueItems of
 * items that are not primitives (compared as JSON values). They run in a pipe before the schema:
 * `z.unknown().refine(...).pipe(schema)`, which encodes as it parses and keeps the schema's type.
 */
function inputChecks(node: SchemaNode, scope: SchemaScope): readonly [Code.Expr, string][] {
  // Asked of every node; most have neither.
  if (node.not === undefined && node.kind !== 'array') return NO_CHECKS;
  const checks: [Code.Expr, string][] = [];
  for (const not of node.not ?? []) {
    const matches = c.member(c.dot(zodSchema(not, scope), 'safeParse', [c.id('value')]), 'success');
    checks.push([c.arrow([c.param('value')], c.not(matches)), 'Must not match the schema in "not"']);
  }
  if (node.kind === 'array' && node.uniqueItems && !isPrimitive(node.items, scope)) {
    // Not an array: left to the schema to refuse.
    const value = c.id('value');
    const unique = c.bin(
      c.not(c.call(c.path('Array.isArray'), [value])),
      '||',
      c.bin(c.member(c.newExpr('Set', [c.dot(value, 'map', [canonicalJson()])]), 'size'), '===', c.member(value, 'length')),
    );
    checks.push([c.arrow([c.param('value')], unique), 'Items must be unique']);
  }
  return checks;
}

/**
 * The properties that are emitted. zod cannot validate a key named `__proto__` (it skips it, for
 * prototype safety) and never copies it to its output, so the type leaves it out too.
 */
export function emittedProperties(node: ObjectNode): ObjectProperty[] {
  return node.properties.filter((p) => p.name !== '__proto__');
}

/** `.refine((value) => <count> <op> n, { message })`: bounds zod has no method for. */
function refineCount(schema: Code.Expr, scope: SchemaScope, param: string, count: Code.Expr, op: '<=' | '>=', bound: number, message: string): Code.Expr {
  return check(schema, scope, 'refine', 'refine', [c.arrow([c.param(param)], c.bin(count, op, c.num(bound))), c.obj([c.prop('message', c.str(message))])]);
}

function zodObject(node: ObjectNode, scope: SchemaScope): Code.Expr {
  let out = zodObjectShape(node, scope);
  const keys = c.member(c.call(c.path('Object.keys'), [c.id('value')]), 'length');
  if (node.minProperties !== undefined && node.minProperties > 0) out = refineCount(out, scope, 'value', keys, '>=', node.minProperties, `At least ${node.minProperties} properties`);
  if (node.maxProperties !== undefined) out = refineCount(out, scope, 'value', keys, '<=', node.maxProperties, `At most ${node.maxProperties} properties`);
  return out;
}

function zodObjectShape(node: ObjectNode, scope: SchemaScope): Code.Expr {
  if (node.patternProperties && node.patternProperties.length > 0) return zodPatternObject(node, node.patternProperties, scope);
  const additional = node.additionalProperties;
  const properties = emittedProperties(node);
  if (properties.length === 0) {
    if (additional === false) return z('strictObject', [c.obj([])]);
    const values = typeof additional === 'object' ? zodSchema(additional, scope) : z('unknown');
    return z('record', [z('string'), values]);
  }
  const shape = c.obj(properties.map((property) => c.prop(property.name, zodProperty(property, scope))));
  if (additional === true) return z('looseObject', [shape]);
  if (additional === false) return z('strictObject', [shape]);
  if (typeof additional === 'object') {
    const rest = zodSchema(additional, scope);
    return scope.variant === 'mini' ? z('catchall', [z('object', [shape]), rest]) : c.dot(z('object', [shape]), 'catchall', [rest]);
  }
  return z('object', [shape]);
}

/**
 * An object with `patternProperties`: extra keys are kept (`catchall` of every schema an extra key
 * may have), then each key is checked against the schemas of the patterns it matches (a declared
 * property too, as JSON Schema has it), or, when it matches none and is not declared, against
 * `additionalProperties` (`false`: the key is refused).
 */
function zodPatternObject(node: ObjectNode, patterns: PatternProperty[], scope: SchemaScope): Code.Expr {
  const additional = node.additionalProperties;
  const properties = emittedProperties(node);
  const shape = c.obj(properties.map((property) => c.prop(property.name, zodProperty(property, scope))));
  const extras = extraValueNodes(node, patterns);
  const catchall = extras.some((n) => n.kind === 'unknown') ? z('unknown') : extras.length === 1 ? zodSchema(extras[0]!, scope) : z('union', [c.arr(extras.map((n) => zodSchema(n, scope)))]);
  const pairs = patterns.map((p) => c.arr([c.newExpr('RegExp', p.flags ? [c.str(p.pattern), c.str(p.flags)] : [c.str(p.pattern)]), zodSchema(p.schema, scope)]));
  const schemaType = c.tref(scope.variant === 'mini' ? 'z.ZodMiniType' : 'z.ZodType');
  const pairType = c.tarray(c.ttuple([{ type: c.tref('RegExp') }, { type: schemaType }]));
  const unmatched =
    additional === false
      ? 'ctx.addIssue({ code: "custom", path: [key], message: `Unrecognized key: "${key}"` });'
      : typeof additional === 'object'
        ? 'matching.push(rest);'
        : 'continue;';
  const body: Code.Stmt[] = [
    c.constDecl('known', c.arr(properties.map((p) => c.str(p.name))), { type: c.tarray(c.kw('string')) }),
    c.constDecl('patterns', c.arr(pairs), { type: pairType }),
    ...(typeof additional === 'object' ? [c.constDecl('rest', zodSchema(additional, scope), { type: schemaType })] : []),
    c.raw(
      [
        'for (const key of Object.keys(value)) {',
        '  const matching = patterns.filter(([pattern]) => pattern.test(key)).map(([, schema]) => schema);',
        '  if (known.includes(key) && matching.length === 0) continue;',
        `  if (matching.length === 0) ${unmatched}`,
        '  for (const schema of matching) {',
        '    for (const issue of schema.safeParse(value[key]).error?.issues ?? []) ctx.addIssue({ code: "custom", path: [key, ...issue.path], message: issue.message });',
        '  }',
        '}',
      ].join('\n'),
    ),
  ];
  const refine = c.arrow([c.param('value'), c.param('ctx')], body);
  if (scope.variant === 'mini') return c.dot(z('catchall', [z('object', [shape]), catchall]), 'check', [z('superRefine', [refine])]);
  return c.dot(c.dot(z('object', [shape]), 'catchall', [catchall]), 'superRefine', [refine]);
}

/** The schemas a key outside `properties` may have: its patterns' and `additionalProperties`. */
const UNKNOWN: SchemaNode = { kind: 'unknown', nullable: false };

function extraValueNodes(node: ObjectNode, patterns: PatternProperty[]): SchemaNode[] {
  const additional = node.additionalProperties;
  const rest: SchemaNode[] = additional === false ? [] : typeof additional === 'object' ? [additional] : [UNKNOWN];
  return [...patterns.map((p) => p.schema), ...rest];
}

function zodProperty(property: ObjectProperty, scope: SchemaScope): Code.Expr {
  const schema = zodSchema(property.schema, scope);
  return property.required ? schema : wrap(schema, 'optional', scope);
}

/**
 * String formats, validated where real APIs keep to them. `uri` is not checked: real responses
 * carry empty strings and relative references there (GitHub's `homepage`). Date-times accept any
 * RFC 3339 offset and local times. UUIDs accept any 8-4-4-4-12 hex shape (`z.guid`), since
 * servers and test data often ignore the RFC variant bits. E-mail addresses are checked with the
 * HTML5 rule (what `<input type="email">` accepts), which allows local domains.
 */
const FORMATS: Record<string, () => Code.Expr> = {
  'date-time': () => c.call(c.path('z.iso.datetime'), [c.obj([c.prop('offset', c.bool(true)), c.prop('local', c.bool(true))])]),
  date: () => c.call(c.path('z.iso.date')),
  email: () => z('email', [c.obj([c.prop('pattern', c.path('z.regexes.html5Email'))])]),
  uuid: () => z('guid'),
  ipv4: () => z('ipv4'),
  ipv6: () => z('ipv6'),
};

function zodString(node: StringNode, scope: SchemaScope): Code.Expr {
  if (node.binary) return z('instanceof', [c.id('Blob')]);
  const format = node.format !== undefined && Object.hasOwn(FORMATS, node.format) ? FORMATS[node.format]! : undefined;
  let out: Code.Expr = format ? format() : z('string');
  if (node.minLength !== undefined && node.minLength > 0) out = check(out, scope, 'min', 'minLength', [c.num(node.minLength)]);
  if (node.maxLength !== undefined) out = check(out, scope, 'max', 'maxLength', [c.num(node.maxLength)]);
  if (node.pattern !== undefined) {
    const args: Code.Expr[] = [c.str(node.pattern)];
    if (node.patternFlags) args.push(c.str(node.patternFlags));
    out = check(out, scope, 'regex', 'regex', [c.newExpr('RegExp', args)]);
  }
  return out;
}

/**
 * `(item) => JSON.stringify(item, sortKeys)`: JSON text that two items share exactly when they
 * are equal as JSON values (objects compared whatever the order of their keys).
 */
function canonicalJson(): Code.Expr {
  const v = c.id('v');
  const isRecord = c.bin(c.bin(c.bin(v, '!==', c.nul()), '&&', c.bin(c.unary('typeof', v), '===', c.str('object'))), '&&', c.not(c.call(c.path('Array.isArray'), [v])));
  const byKey = c.arrow([c.param('x'), c.param('y')], c.cond(c.bin(c.index(c.id('x'), c.num(0)), '<', c.index(c.id('y'), c.num(0))), c.num(-1), c.num(1)));
  const sorted = c.call(c.path('Object.fromEntries'), [c.dot(c.call(c.path('Object.entries'), [v]), 'sort', [byKey])]);
  const replacer = c.arrow([c.param('_key'), c.param('v')], c.cond(isRecord, sorted, v));
  return c.arrow([c.param('item')], c.call(c.path('JSON.stringify'), [c.id('item'), replacer]));
}

function isPrimitive(node: SchemaNode, scope: SchemaScope): boolean {
  const target = node.kind === 'ref' ? scope.resolve(node.key) : node;
  return target !== undefined && (target.kind === 'string' || target.kind === 'number' || target.kind === 'boolean' || target.kind === 'enum') && !(target.kind === 'string' && target.binary);
}

// ---------------------------------------------------------------------------------------------
// Unions that keep every member's keys

/**
 * `anyOf` / `oneOf`. `z.union` returns the output of the first member that parses, so where two
 * members can take the same object, the keys only the others declare would be stripped. Such a
 * union is intersected with each member or "anything" (`z.union([M, z.object({}), z.unknown()])`):
 * zod's intersection merges the outputs, so the result holds every key of every member that
 * parses, while the plain union still decides validity and reports its issues. It is made of zod
 * schemas alone, so it encodes (fastify's serializer) as it parses, and its output type is the
 * union's own (`unknown` is neutral in an intersection).
 */
function zodUnion(node: Extract<SchemaNode, { kind: 'union' }>, scope: SchemaScope): Code.Expr {
  const variants = unionVariants(node, scope);
  const members = variants.map((variant) => zodSchema(variant, scope));
  if (node.discriminator) {
    const reason = notDiscriminable(node.discriminator.propertyName, node.variants, variants, scope);
    if (reason === undefined) return zodDiscriminatedUnion(node.discriminator.propertyName, variants, members, scope);
    return z('union', [c.commented(c.arr(members), `z.union, not z.discriminatedUnion: ${reason}`)]);
  }
  const union = z('union', [c.arr(members)]);
  if (variants.filter((variant) => mayStripKeys(variant, scope, new Set())).length < 2) return union;
  return members.reduce<Code.Expr>((acc, member) => {
    const part = z('union', [c.arr([member, z('object', [c.obj([])]), z('unknown')])]);
    return scope.variant === 'mini' ? z('intersection', [acc, part]) : c.dot(acc, 'and', [part]);
  }, union);
}

/**
 * `z.discriminatedUnion(prop, [...])`: the member is chosen by its tag, so an invalid member
 * reports issues at its own paths (`payment.last4`), not one `invalid_union` at the union. A
 * named schema's const is typed `z.ZodType<X>`, which hides the tag zod reads at run time: the
 * option says it has one.
 */
function zodDiscriminatedUnion(propertyName: string, variants: SchemaNode[], members: Code.Expr[], scope: SchemaScope): Code.Expr {
  const zodType = scope.variant === 'mini' ? 'z.ZodMiniType' : 'z.ZodType';
  const options = members.map((member, i) => {
    const variant = variants[i]!;
    if (variant.kind !== 'ref') return member;
    return c.as(member, c.intersection([c.tref(zodType, [scope.typeRef(variant.key)]), c.tref('z.core.$ZodTypeDiscriminable')]));
  });
  return z('discriminatedUnion', [c.str(propertyName), c.arr(options)]);
}

/**
 * Why zod cannot choose a member by the discriminator, or undefined when it can: every member
 * must be an object (itself, not nullable, not an intersection or a union) that requires the
 * property with literal values of its own. The reason names members by position only (it is
 * written into a comment, and spec text never is).
 */
function notDiscriminable(propertyName: string, declared: SchemaNode[], variants: SchemaNode[], scope: SchemaScope): string | undefined {
  if (propertyName === '__proto__') return 'the property cannot be read by zod';
  const seen = new Set<DiscriminatorValue>();
  for (const [i, variant] of variants.entries()) {
    const member = `member ${i + 1}`;
    const own = resolveRefs(declared[i] ?? variant, scope);
    const target = resolveRefs(variant, scope);
    if (own === undefined || target === undefined) return `${member} is not resolved`;
    if (own.nullable || target.nullable || variant.nullable) return `${member} is nullable`;
    if (own.kind === 'union') return `${member} is itself a union`;
    if (own.kind === 'intersection' || target.kind === 'intersection') return `${member} is an intersection (allOf members that do not merge into one object)`;
    if (target.kind !== 'object') return `${member} is not an object`;
    if (target.not || variant.not) return `${member} has a not (checked in a pipe before the object)`;
    const property = target.properties.find((p) => p.name === propertyName);
    if (!property?.required) return `${member} does not require the discriminator property`;
    const schema = resolveRefs(property.schema, scope);
    if (schema?.kind !== 'enum' || schema.nullable || property.schema.nullable) return `${member} does not fix the discriminator property to literal values`;
    for (const value of schema.values) {
      if (seen.has(value)) return `a discriminator value selects several members`;
      seen.add(value);
    }
  }
  return undefined;
}

function resolveRefs(node: SchemaNode, scope: SchemaScope): SchemaNode | undefined {
  let target: SchemaNode | undefined = node;
  for (let hops = 0; target?.kind === 'ref' && hops < 32; hops++) target = scope.resolve(target.key);
  return target?.kind === 'ref' ? undefined : target;
}

/** Whether zod's output for some value of the node can lack keys of the input (an object, or one inside it). */
function mayStripKeys(node: SchemaNode, scope: SchemaScope, seen: Set<string>): boolean {
  switch (node.kind) {
    case 'ref': {
      if (seen.has(node.key)) return false;
      seen.add(node.key);
      const target = scope.resolve(node.key);
      return target !== undefined && mayStripKeys(target, scope, seen);
    }
    case 'object':
      return true;
    case 'array':
      return mayStripKeys(node.items, scope, seen);
    case 'tuple':
      return [...node.items, ...(node.rest === false ? [] : [node.rest])].some((item) => mayStripKeys(item, scope, seen));
    case 'union':
      return node.variants.some((variant) => mayStripKeys(variant, scope, seen));
    case 'intersection':
      return node.members.some((member) => mayStripKeys(member, scope, seen));
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Discriminated unions

/**
 * The variants of a union as they are emitted. With a discriminator, each variant must pin the
 * discriminator property to the values that select it, or the parsed type would not narrow (and a
 * value could parse as the wrong variant). A variant that already pins it is kept as is; an object
 * (inline or named) gets the property replaced; anything else is intersected with `{ prop: values }`.
 */
export function unionVariants(node: Extract<SchemaNode, { kind: 'union' }>, scope: SchemaScope): SchemaNode[] {
  const discriminator = node.discriminator;
  if (!discriminator) return node.variants;
  return node.variants.map((variant, i) => {
    const values = discriminator.values[i] ?? [];
    if (values.length === 0 || pinsDiscriminator(variant, discriminator.propertyName, values, scope)) return variant;
    const tag: EnumNode = { kind: 'enum', values, isConst: false, nullable: false };
    // A named object is copied with its tag pinned (not intersected with it), so that zod can
    // choose the member by its tag (`z.discriminatedUnion`).
    const object = variant.nullable ? undefined : resolveRefs(variant, scope);
    if (object?.kind === 'object' && !object.nullable) {
      const rest = object.properties.filter((p) => p.name !== discriminator.propertyName);
      const property: ObjectProperty = { name: discriminator.propertyName, schema: tag, required: true, readOnly: false, writeOnly: false };
      const at = object.properties.findIndex((p) => p.name === discriminator.propertyName);
      const properties = at === -1 ? [property, ...rest] : [...rest.slice(0, at), property, ...rest.slice(at)];
      return { ...object, properties };
    }
    const tagObject: ObjectNode = {
      kind: 'object',
      properties: [{ name: discriminator.propertyName, schema: tag, required: true, readOnly: false, writeOnly: false }],
      additionalProperties: undefined,
      nullable: false,
    };
    return { kind: 'intersection', members: [tagObject, variant], nullable: false };
  });
}

function pinsDiscriminator(variant: SchemaNode, propertyName: string, values: DiscriminatorValue[], scope: SchemaScope): boolean {
  let target: SchemaNode | undefined = variant;
  for (let hops = 0; target?.kind === 'ref' && hops < 32; hops++) target = scope.resolve(target.key);
  if (target?.kind !== 'object' || target.nullable) return false;
  const property = target.properties.find((p) => p.name === propertyName);
  if (!property?.required || property.schema.kind !== 'enum' || property.schema.nullable) return false;
  const own = property.schema.values;
  return own.length === values.length && own.every((v) => values.includes(v));
}

// ---------------------------------------------------------------------------------------------
// TypeScript types

const typeByKind: ByKind<Code.Type> = {
  ref: (node, scope) => scope.typeRef(node.key),
  object: typeObject,
  array: (node, scope) => c.tarray(typeOf(node.items, scope)),
  tuple: (node, scope) => {
    const required = node.minItems ?? node.items.length;
    const elems: Code.TTupleElement[] = node.items.map((item, i) =>
      i >= required ? { type: withUndefined(typeOf(item, scope)), optional: true } : { type: typeOf(item, scope) },
    );
    if (node.rest !== false) elems.push({ type: c.tarray(typeOf(node.rest, scope)), rest: true });
    return c.ttuple(elems);
  },
  string: (node) => (node.binary ? c.tref('Blob') : c.kw('string')),
  number: () => c.kw('number'),
  boolean: () => c.kw('boolean'),
  null: () => c.kw('null'),
  enum: (node) => c.union(node.values.map((v) => c.tlit(v))),
  union: (node, scope) => c.union(unionVariants(node, scope).map((variant) => typeOf(variant, scope))),
  intersection: (node, scope) => c.intersection(node.members.map((member) => typeOf(member, scope))),
  unknown: () => c.kw('unknown'),
  never: () => c.kw('never'),
};

/** The type of a node's parsed value (what zod's output type is for `zodSchema(node)`). */
export function typeOf(node: SchemaNode, scope: SchemaScope): Code.Type {
  const base = (typeByKind[node.kind] as (n: SchemaNode, s: SchemaScope) => Code.Type)(node, scope);
  return node.nullable && node.kind !== 'null' && node.kind !== 'unknown' ? c.union([...flatUnion(base), c.kw('null')]) : base;
}

function typeObject(node: ObjectNode, scope: SchemaScope): Code.Type {
  const additional = node.additionalProperties;
  const properties = emittedProperties(node);
  if (properties.length === 0) {
    const patterns = node.patternProperties ?? [];
    if (patterns.length === 0 && additional === false) return c.tref('Record', [c.kw('string'), c.kw('never')]);
    const values = patterns.length > 0 ? extraValueNodes(node, patterns) : [typeof additional === 'object' ? additional : UNKNOWN];
    const type = indexType([], values.map((value) => typeOf(value, scope)));
    // `type Dict = Record<string, Dict>` is a circular alias to TypeScript (TS2456); an index
    // signature is not. A map of named schemas gets one, since only they can lead back.
    return values.some((value) => refsOf(value).size > 0) ? c.tobj([c.tindexsig(c.kw('string'), type)]) : c.tref('Record', [c.kw('string'), type]);
  }
  const members: Code.TMember[] = properties.map((property) => {
    const type = typeOf(property.schema, scope);
    return c.tprop(property.name, property.required ? type : withUndefined(type), { optional: !property.required, doc: docOf(property.schema) });
  });
  if (node.patternProperties && node.patternProperties.length > 0) {
    const extras = extraValueNodes(node, node.patternProperties).map((n) => typeOf(n, scope));
    return c.tobj([...members, c.tindexsig(c.kw('string'), indexType(members, extras))]);
  }
  if (additional === true) return c.tobj([...members, c.tindexsig(c.kw('string'), c.kw('unknown'))]);
  if (typeof additional === 'object') return c.tobj([...members, c.tindexsig(c.kw('string'), indexType(members, [typeOf(additional, scope)]))]);
  return c.tobj(members);
}

/**
 * The index signature beside declared properties: it constrains them too, so it is the union of
 * their types and the extra keys' (an intersection with `{ [key: string]: X }` admits no value
 * whose declared properties are not X).
 */
function indexType(members: Code.TMember[], extras: Code.Type[]): Code.Type {
  const types = [...members.flatMap((m) => (m.k === 'tprop' ? flatUnion(m.type) : [])), ...extras.flatMap(flatUnion)];
  if (types.some((t) => t.k === 'tkeyword' && (t.name === 'unknown' || t.name === 'any'))) return c.kw('unknown');
  const seen = new Set<string>();
  return c.union(types.filter((t) => {
    const key = JSON.stringify(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }));
}

/** `T | undefined`, as zod's output type has it for optional keys and tuple elements. */
function withUndefined(type: Code.Type): Code.Type {
  if (type.k === 'tkeyword' && (type.name === 'unknown' || type.name === 'undefined')) return type;
  return c.union([...flatUnion(type), c.kw('undefined')]);
}

function flatUnion(type: Code.Type): Code.Type[] {
  return type.k === 'tunion' ? type.types : [type];
}

// ---------------------------------------------------------------------------------------------
// Documentation

/** JSDoc text for a schema: description (or title), default and deprecation. */
export function docOf(node: SchemaNode): string | undefined {
  const lines: string[] = [];
  const text = node.description ?? node.title;
  if (text !== undefined && text.trim() !== '') lines.push(text.trim());
  if (node.default !== undefined) lines.push(`@default ${defaultText(node.default.value)}`);
  if (node.deprecated) lines.push('@deprecated');
  return lines.length > 0 ? lines.join('\n') : undefined;
}

function defaultText(value: JsonValue): string {
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}
