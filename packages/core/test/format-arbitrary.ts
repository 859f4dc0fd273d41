/** fast-check arbitraries of code trees for the differential formatting tests (bounded size). */
import fc from 'fast-check';
import type * as A from '../src/code/ast.js';
import * as c from '../src/code/build.js';

const NAMES = ['a', 'z', 'x1', 'id', 'value', 'data', 'Pet', 'schema', '$', '_', 'response', 'PetSchema', 'createPetRequestBody', 'someVeryLongIdentifierNameForWidth', 'T', 'await2', 'undefined'];
const PATHS = ['z.object', 'z.string', 'z.array', 'z.union', 'foo.bar.baz', 'this.client', 'Promise.all', 'JSON.stringify', 'fetch', 'encodeURIComponent', 'Object.entries', 'config.headers'];
const METHODS = ['optional', 'nullable', 'min', 'max', 'int', 'default', 'describe', 'regex', 'strict', 'passthrough', 'then', 'map', 'filter', 'parse', 'safeParse', 'superRefine', 'catch', 'json'];
const STRINGS = [
  '',
  'a',
  "it's",
  'say "hi"',
  'both \' and "',
  'a `tick`',
  '${notATemplate}',
  'multi\nline',
  'tab\there',
  'naïve 日本語',
  'emoji 🎉 wide',
  'back\\slash',
  'a\u2028b',
  'control \u0001',
  '/api/v1/pets/{petId}',
  'application/json',
  'a fairly long string that goes on and on to reach the print width',
  '*/ end comment',
];
const KEYS = ['id', 'name', 'tag', 'x-rate-limit', '200', 'a b', '', '__proto__', 'default', 'class', 'someLongPropertyNameForWidth', 'café', '$ref', '1a'];
const TYPE_NAMES = ['Pet', 'Record', 'Array', 'Promise', 'Partial', 'z.infer', 'Foo.Bar', 'T', 'RequestConfig', 'SomeRatherLongTypeNameForWidthChecks'];

const name = fc.constantFrom(...NAMES);
const key = fc.constantFrom(...KEYS);
const text = fc.constantFrom(...STRINGS);
const number = fc.oneof(fc.integer({ min: -1000, max: 100000 }), fc.constantFrom(0, 0.5, -0.25, 1e21, 1.5e-7, 3.14159, 10000000000));

export interface TreeArbitraries {
  expr: fc.Arbitrary<A.Expr>;
  type: fc.Arbitrary<A.Type>;
  stmt: fc.Arbitrary<A.Stmt>;
  module: fc.Arbitrary<A.Module>;
}

export function treeArbitraries(maxDepth = 3): TreeArbitraries {
  const { expr, type, stmt, block } = fc.letrec<{ expr: A.Expr; type: A.Type; stmt: A.Stmt; block: A.Stmt[]; param: A.Param }>((tie) => {
    const expr = tie('expr');
    const type = tie('type');
    const stmt = tie('stmt');
    const block = tie('block');
    const param = tie('param');
    const arg = fc.oneof({ weight: 6, arbitrary: expr }, { weight: 1, arbitrary: expr.map((e) => c.spread(e)) });
    const small = <T>(arb: fc.Arbitrary<T>, max = 3) => fc.array(arb, { maxLength: max });
    const leafExpr = fc.oneof(
      name.map((n) => c.id(n)),
      fc.constantFrom(...PATHS).map((p) => c.path(p)),
      text.map((s) => c.str(s)),
      number.map((n) => c.num(n)),
      fc.boolean().map((b) => c.bool(b)),
      fc.constant(c.nul()),
    );
    const leafType = fc.oneof(
      fc.constantFrom('string', 'number', 'boolean', 'unknown', 'never', 'null', 'undefined', 'void', 'any', 'object', 'bigint').map((k) => c.kw(k as A.TKeyword['name'])),
      fc.constantFrom(...TYPE_NAMES).map((n) => c.tref(n)),
      fc.oneof(text, number, fc.boolean()).map((v) => c.tlit(v)),
    );
    const typeMember: fc.Arbitrary<A.TMember> = fc.oneof(
      { weight: 5, arbitrary: fc.record({ key, type, optional: fc.boolean(), readonly: fc.boolean(), doc: fc.option(text, { nil: undefined }) }).map((m) => c.tprop(m.key, m.type, m)) },
      { weight: 1, arbitrary: fc.record({ keyType: type, type }).map((m) => c.tindexsig(m.keyType, m.type)) },
      { weight: 1, arbitrary: fc.record({ key, params: small(param, 2), returnType: type, doc: fc.option(text, { nil: undefined }) }).map((m) => c.tmethod(m.key, m.params, m.returnType, m.doc)) },
    );
    return {
      param: fc
        .record({ name, type: fc.option(type, { nil: undefined }), kind: fc.constantFrom('plain', 'plain', 'optional', 'default', 'rest') })
        .chain((p) => (p.kind === 'default' ? leafExpr.map((d) => c.param(p.name, p.type, { default: d })) : fc.constant(c.param(p.name, p.type, { optional: p.kind === 'optional', rest: p.kind === 'rest' })))),
      expr: fc.oneof(
        { depthSize: 'small', maxDepth, withCrossShrink: true },
        { weight: 8, arbitrary: leafExpr },
        { weight: 2, arbitrary: fc.record({ quasis: fc.array(text, { minLength: 1, maxLength: 3 }) }).chain(({ quasis }) => fc.array(expr, { minLength: quasis.length - 1, maxLength: quasis.length - 1 }).map((exprs) => c.template(quasis, exprs))) },
        { weight: 3, arbitrary: small(arg, 4).map((items) => c.arr(items)) },
        {
          weight: 4,
          arbitrary: small(
            fc.oneof(
              { weight: 6, arbitrary: fc.record({ key, value: expr }).map((p) => c.prop(p.key, p.value)) },
              { weight: 1, arbitrary: name.map((n) => c.prop(n, c.id(n))) },
              { weight: 1, arbitrary: expr.map((e) => c.spread(e)) },
              { weight: 1, arbitrary: fc.record({ key, body: block, kind: fc.constantFrom('get' as const, 'method' as const), params: small(param, 2) }).map((m) => ({ k: 'method' as const, kind: m.kind, key: m.key, params: m.kind === 'get' ? [] : m.params, body: m.body })) },
            ),
            4,
          ).map((props) => c.obj(props)),
        },
        { weight: 3, arbitrary: fc.record({ object: expr, property: fc.oneof(name, key), optional: fc.integer({ min: 0, max: 3 }) }).map((m) => c.member(m.object, m.property, m.optional === 0)) },
        { weight: 1, arbitrary: fc.record({ object: expr, index: expr }).map((m) => c.index(m.object, m.index)) },
        { weight: 5, arbitrary: fc.record({ callee: fc.oneof(fc.constantFrom(...PATHS).map((p) => c.path(p)), expr), args: small(arg, 4), typeArgs: fc.option(small(type, 2), { nil: undefined }) }).map((m) => c.call(m.callee, m.args, m.typeArgs)) },
        { weight: 5, arbitrary: fc.record({ object: expr, method: fc.constantFrom(...METHODS), args: small(arg, 3) }).map((m) => c.dot(m.object, m.method, m.args)) },
        { weight: 1, arbitrary: fc.record({ callee: fc.constantFrom('Error', 'URL', 'Map', 'ApiError', 'URLSearchParams'), args: small(arg, 3) }).map((m) => c.newExpr(m.callee, m.args)) },
        {
          weight: 3,
          arbitrary: fc
            .record({ params: small(param, 3), body: fc.oneof(expr, block), async: fc.boolean(), returnType: fc.option(type, { nil: undefined }) })
            .map((m) => c.arrow(m.params, m.body, { async: m.async, ...(m.returnType ? { returnType: m.returnType } : {}) })),
        },
        { weight: 2, arbitrary: fc.record({ op: fc.constantFrom('!', '-', '+', 'typeof', 'void'), arg: expr }).map((m) => c.unary(m.op as A.Unary['op'], m.arg)) },
        {
          weight: 4,
          arbitrary: fc
            .record({ left: expr, op: fc.constantFrom('+', '-', '*', '/', '%', '**', '==', '!=', '===', '!==', '<', '<=', '>', '>=', '&&', '||', '??', 'instanceof', 'in'), right: expr })
            .map((m) => c.bin(m.left, m.op as A.BinaryOp, m.right)),
        },
        { weight: 2, arbitrary: fc.record({ test: expr, then: expr, else: expr }).map((m) => c.cond(m.test, m.then, m.else)) },
        { weight: 1, arbitrary: expr.filter((e) => e.k !== 'object').map((e) => c.awaitExpr(e)) },
        { weight: 2, arbitrary: fc.record({ expr, type, satisfies: fc.boolean() }).map((m) => (m.satisfies ? c.satisfies(m.expr, m.type) : c.as(m.expr, m.type))) },
        { weight: 1, arbitrary: expr.map((e) => c.nonNull(e)) },
        { weight: 1, arbitrary: fc.record({ target: fc.oneof(name.map((n) => c.id(n)), fc.constantFrom(...PATHS).map((p) => c.path(p))), value: expr, op: fc.constantFrom('=', '??=', '||=', '+=') }).map((m) => c.assign(m.target, m.value, m.op as A.Assign['op'])) },
        { weight: 1, arbitrary: fc.record({ expr, comment: fc.constantFrom('depth cap reached', 'see spec', '*/ hostile') }).map((m) => c.commented(m.expr, m.comment)) },
      ),
      type: fc.oneof(
        { depthSize: 'small', maxDepth, withCrossShrink: true },
        { weight: 8, arbitrary: leafType },
        { weight: 3, arbitrary: fc.record({ name: fc.constantFrom(...TYPE_NAMES), args: fc.array(type, { minLength: 1, maxLength: 3 }) }).map((m) => c.tref(m.name, m.args)) },
        { weight: 4, arbitrary: small(typeMember, 4).map((members) => c.tobj(members)) },
        { weight: 4, arbitrary: fc.array(type, { minLength: 2, maxLength: 5 }).map((types) => c.union(types)) },
        { weight: 2, arbitrary: fc.array(type, { minLength: 2, maxLength: 3 }).map((types) => c.intersection(types)) },
        { weight: 2, arbitrary: type.map((t) => c.tarray(t)) },
        { weight: 1, arbitrary: small(fc.record({ type, kind: fc.constantFrom('plain', 'plain', 'optional', 'rest') }).map((e) => ({ type: e.type, ...(e.kind === 'optional' ? { optional: true } : e.kind === 'rest' ? { rest: true } : {}) })), 3).map((elems) => c.ttuple(elems)) },
        { weight: 1, arbitrary: fc.constantFrom('PetSchema', 'config.headers', 'a').map((n) => c.ttypeof(n)) },
        { weight: 1, arbitrary: fc.record({ object: type, index: type }).map((m) => c.tindexed(m.object, m.index)) },
        { weight: 1, arbitrary: type.map((t) => c.tkeyof(t)) },
        { weight: 1, arbitrary: fc.record({ params: small(param, 3), returnType: type }).map((m) => c.tfn(m.params.map((p) => ({ ...p, default: undefined })).map(({ default: _d, ...p }) => p), m.returnType)) },
      ),
      block: small(stmt, 3),
      stmt: fc.oneof(
        { depthSize: 'small', maxDepth, withCrossShrink: true },
        { weight: 3, arbitrary: fc.record({ name, init: expr, type: fc.option(type, { nil: undefined }), doc: fc.option(text, { nil: undefined }) }).map((m) => c.constDecl(m.name, m.init, { ...(m.type ? { type: m.type } : {}), doc: m.doc })) },
        { weight: 2, arbitrary: fc.option(expr, { nil: undefined }).map((e) => c.ret(e)) },
        { weight: 2, arbitrary: fc.record({ test: expr, then: block, else: fc.option(block, { nil: undefined }) }).map((m) => c.ifStmt(m.test, m.then, m.else)) },
        { weight: 1, arbitrary: expr.map((e) => c.throwStmt(e)) },
        { weight: 3, arbitrary: expr.map((e) => c.exprStmt(e)) },
        { weight: 1, arbitrary: fc.record({ name, iterable: expr, body: block }).map((m) => ({ k: 'forOf' as const, ...m })) },
        { weight: 1, arbitrary: fc.record({ block, catchParam: fc.option(name, { nil: undefined }), handler: block }).map((m) => ({ k: 'try' as const, block: m.block, handler: m.handler, ...(m.catchParam ? { catchParam: m.catchParam } : {}) })) },
      ),
    };
  });

  const topLevel: fc.Arbitrary<A.Stmt> = fc.oneof(
    { weight: 1, arbitrary: fc.record({ from: fc.constantFrom('zod', './schema-types.js', '@tanstack/react-query'), names: fc.array(name, { minLength: 1, maxLength: 4 }), typeOnly: fc.boolean() }).map((m) => c.importFrom(m.from, m.names, { typeOnly: m.typeOnly })) },
    { weight: 1, arbitrary: fc.constantFrom('./client.js', './schema-types.js').map((from) => c.exportAll(from)) },
    {
      weight: 5,
      arbitrary: fc
        .record({ name, init: expr, type: fc.option(type, { nil: undefined }), doc: fc.option(text, { nil: undefined }), exported: fc.boolean() })
        .map((m) => c.constDecl(m.name, m.init, { exported: m.exported, ...(m.type ? { type: m.type } : {}), doc: m.doc })),
    },
    {
      weight: 4,
      arbitrary: fc
        .record({ name, type, doc: fc.option(text, { nil: undefined }), typeParams: fc.option(fc.array(fc.record({ name: fc.constantFrom('T', 'K', 'TData'), constraint: fc.option(type, { nil: undefined }), default: fc.option(type, { nil: undefined }) }), { minLength: 1, maxLength: 2 }), { nil: undefined }) })
        .map((m) => c.typeAlias(m.name, m.type, { exported: true, doc: m.doc, ...(m.typeParams ? { typeParams: m.typeParams.map((p) => ({ name: p.name, ...(p.constraint ? { constraint: p.constraint } : {}), ...(p.default ? { default: p.default } : {}) })) } : {}) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ name, members: fc.array(fc.record({ key, type, optional: fc.boolean(), doc: fc.option(text, { nil: undefined }) }), { maxLength: 4 }), extends: fc.option(fc.array(fc.constantFrom('Base', 'Foo.Bar').map((n) => c.tref(n)), { minLength: 1, maxLength: 2 }), { nil: undefined }) })
        .map((m) => c.iface(m.name, m.members.map((p) => c.tprop(p.key, p.type, p)), { exported: true, ...(m.extends ? { extends: m.extends } : {}) })),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({ name, params: fc.array(fc.record({ name, type: fc.option(type, { nil: undefined }), optional: fc.boolean() }), { maxLength: 4 }), body: block, async: fc.boolean(), returnType: fc.option(type, { nil: undefined }), doc: fc.option(text, { nil: undefined }) })
        .map((m) => c.fn(m.name, m.params.map((p) => c.param(p.name, p.type, { optional: p.optional })), m.body, { exported: true, async: m.async, doc: m.doc, ...(m.returnType ? { returnType: m.returnType } : {}) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          name,
          extends: fc.option(fc.constantFrom('Error', 'Base'), { nil: undefined }),
          props: fc.array(fc.record({ name, type: fc.option(type, { nil: undefined }), init: fc.option(expr, { nil: undefined }), readonly: fc.boolean(), doc: fc.option(text, { nil: undefined }) }), { maxLength: 3 }),
          methods: fc.array(fc.record({ name: fc.constantFrom('constructor', 'toJSON', 'get2'), params: fc.array(fc.record({ name, type: fc.option(type, { nil: undefined }) }), { maxLength: 2 }), body: block, async: fc.boolean() }), { maxLength: 2 }),
        })
        .map((m) => ({
          k: 'class' as const,
          name: m.name,
          exported: true,
          ...(m.extends ? { extends: c.id(m.extends) } : {}),
          members: [
            ...m.props.map((p) => ({ k: 'classProp' as const, name: p.name, readonly: p.readonly, ...(p.type ? { type: p.type } : {}), ...(p.init ? { init: p.init } : {}), ...(p.doc ? { doc: p.doc } : {}) })),
            ...m.methods.map((x) => ({ k: 'classMethod' as const, name: x.name, params: x.params.map((p) => c.param(p.name, p.type)), body: x.body, async: x.name === 'constructor' ? false : x.async })),
          ],
        })),
    },
    { weight: 2, arbitrary: stmt },
    { weight: 1, arbitrary: fc.constantFrom('const helper = (x: number) => x * 2;', 'export function noop(): void {}\n\nexport const ONE = 1;', 'let counter = 0\ncounter += 1').map((t) => c.raw(t)) },
  );

  const module = fc.record({ header: fc.constantFrom('Generated by openapi-zod-ts. Do not edit.', 'x'), body: fc.array(topLevel, { minLength: 1, maxLength: 4 }) });
  return { expr, type, stmt, module };
}
