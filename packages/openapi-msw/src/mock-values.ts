import {
  NameScope,
  code as c,
  disjointIntersection,
  pascalCase,
  safeIdentifier,
  type ApiModel,
  type ArrayNode,
  type Code,
  type EnumNode,
  type IntersectionNode,
  type NamedSchema,
  type ObjectNode,
  type Operation,
  type PatternProperty,
  type RefNode,
  type SchemaNode,
  type StringNode,
  type TupleNode,
  type UnionNode,
} from '@specwright/core';
import { DISJOINT_TEXT, impossibleString, impossibleText } from './impossible-values.js';
import { MockDescriber } from './mock-descriptions.js';
import { numberExpr } from './numbers.js';
import { UnsupportedPattern, fitLength, lengthBounds, parsePattern, type PatternNode } from './pattern.js';
import { patternExpr } from './pattern-expr.js';
import { HELPER_NAMES, HELPERS, type HelperName } from './runtime-helpers.js';
import { formatRule, type FormatRule } from './string-formats.js';
import { clientFormatCheck, searchStrings } from './string-search.js';

/**
 * Schema → an expression that builds a matching value at request time with faker (seed: value
 * mapping table, allOf/anyOf/oneOf rules, depth counter).
 *
 * Depth: resolving a `ref` and resolving a union or intersection each count one level; past
 * `depthCap` the value is cut with the comment `depth cap reached`. A `ref` back to a schema on
 * the current path is cut with `circular ref: depth cap reached`. A cut value becomes `null` where
 * the schema allows null; otherwise the nearest container that can do without it drops it (an
 * optional property is left out, an array with no `minItems` is empty, a union takes its next
 * variant), so the data stays valid for its schema. Only when nothing can give way is the
 * comment's `null` emitted as the seed describes.
 *
 * Named schemas become functions (`mockPet()`), shared by every use whose result does not depend
 * on where it is used: the value of a schema depends only on the part of the current path inside
 * its own cycle, and on the depth only when the cap is reached inside it.
 *
 * Size: every value carries an estimate of the JSON values it produces. An object keeps its
 * required properties and takes its optional ones, cheapest first, while it stays within
 * `MOCK_SIZE_BUDGET`; the rest are left out. Without it a spec whose entities link to each other
 * (Microsoft Graph) answers a single request with megabytes of nested mock data.
 */

/** The JSON values an object's mock may hold before its optional properties are left out. */
export const MOCK_SIZE_BUDGET = 400;

export type CutReason = 'circular' | 'depth' | 'never';

export interface Cut {
  ok: false;
  reason: CutReason;
  /** For a string schema that admits no value: what its pattern and bounds exclude. */
  detail?: string;
}

/** `size`: how many JSON values the expression produces (arrays count their items). */
export type Result = { ok: true; expr: Code.Expr; size: number } | Cut;

export interface MockOptions {
  maxArrayItems: number;
  depthCap: number;
  /** Response bodies (and factories by default) built from descriptions with variety (issue 35). */
  variety?: boolean | undefined;
  /** The client's schema types, which type the described factories (else they return `unknown`). */
  schemaTypes?: SchemaTypesModule | undefined;
}

/**
 * The client's `schema-types.ts` (openapi-zod-ts), found with the config's `types_dir`:
 * described factories have no generated value to infer their type from, and writing their types into `handlers.ts` would more than double GitHub's.
 */
export interface SchemaTypesModule {
  /** Import specifier from the output directory (`../client/schema-types.js`). */
  specifier: string;
  /**
   * The exported type of a named schema, by key; `undefined` when the file lacks it (a described
   * factory then returns `unknown`; a `seeded` one, generated, its seeded value's type).
   */
  typeName: (key: string, seeded?: boolean) => string | undefined;
  /**
   * The exported type of an operation's declared response body by status key (`'200'`, `'4XX'`,
   * `'default'`): the one the client's function and its `<Op>Errors` use; `undefined` when the
   * file lacks it or the status has no schema.
   */
  responseType?: ((operation: Operation, status: string) => string | undefined) | undefined;
}

/** The namespace `handlers.ts` imports the client's schema types under. */
export const SCHEMA_TYPES_NAMESPACE = 'ClientSchemaTypes';

/** One generated mock function: a named schema under one relevant path. */
interface MockFunction {
  key: string;
  /** The schemas of its cycle that are being resolved around it (empty outside cycles). */
  context: string[];
  /** Every call of the function shares this node; it is named when the function is emitted. */
  ident: Code.Ident;
  /** Position among the functions in the order of their first call (the order they are emitted in). */
  order?: number;
  result: Result;
  /** Deepest level the body reaches, counted from the level of the ref that calls it. */
  reach: number;
}

interface Frame {
  depth: number;
  cap: number;
  /** Keys of the named schemas being resolved, outermost first. */
  path: readonly string[];
  /** The deepest level reached so far by the current function body (for `MockFunction.reach`). */
  deepest: { level: number };
}

const COMMENTS: Record<CutReason, string> = {
  circular: 'circular ref: depth cap reached',
  depth: 'depth cap reached',
  never: 'no value is valid here',
};

/** `null` with the reason as a comment: what the seed emits at a cut. */
export function cutNull(reason: CutReason): Code.Expr {
  return c.commented(c.nul(), COMMENTS[reason]);
}

const ok = (expr: Code.Expr, size = 1): Result => ({ ok: true, expr, size });
const cut = (reason: CutReason): Cut => ({ ok: false, reason });
const faker = (method: string, args: (Code.Expr | Code.Spread)[] = []) => c.call(c.path(`faker.${method}`), args);

/** Words of the lorem list run from 1 to 14 characters: a plain word fits these bounds. */
const WORD_LENGTH = { min: 1, max: 14 };

/** A pattern to generate strings from: the schema's own, or one describing a format's values. */
interface PatternSource {
  pattern: string;
  flags: '' | 'u';
  /** How warnings name it: `pattern "^[a-z]+$"` or `format "ipv4"`. */
  subject: string;
}

function lengthText(node: StringNode): string {
  return `${node.minLength ?? 0}..${node.maxLength ?? '∞'}`;
}

type Generators = { [K in SchemaNode['kind']]: (node: Extract<SchemaNode, { kind: K }>, frame: Frame) => Result };

/**
 * The statements a module of mock values starts with, once its values are built: faker seeded
 * with `seed` (English, then the base locale), the helpers and the mock functions they call.
 */
export function seededMockStatements(mocks: MockBuilder, seed: number): Code.Stmt[] {
  return [
    c.importFrom('@faker-js/faker', ['Faker', 'base', 'en']),
    c.constDecl('faker', c.newExpr('Faker', [c.obj([c.prop('locale', c.arr([c.id('en'), c.id('base')]))])])),
    c.exprStmt(c.call(c.path('faker.seed'), [c.num(seed)])),
    ...mocks.helpers().map((name) => c.canonicalRaw(HELPERS[name])),
    ...mocks.declarations(),
  ];
}

export class MockBuilder {
  private readonly schemas = new Map<string, NamedSchema>();
  private readonly component = new Map<string, number>();
  private readonly functions = new Map<string, MockFunction>();
  /** Functions in the order of their first call. */
  private readonly called: MockFunction[] = [];
  /** The ident of each function, to find the calls in a value. */
  private readonly byIdent = new Map<Code.Ident, MockFunction>();
  /** The response values built so far: the roots of what is emitted. */
  private readonly roots: Code.Expr[] = [];
  /** Helpers called somewhere, reached or not (a helper's name is only its own ident's name). */
  private readonly usedHelpers = new Set<HelperName>();
  /** What the responses reach; computed once they are all built. */
  private readonly reached = { functions: new Set<MockFunction>(), helpers: new Set<string>(), walked: 0 };
  /** Strings found at generation time that satisfy a pattern, a checked format and the bounds, per all four (and patternProperties keys). */
  private readonly pools = new Map<string, string[]>();
  /** Whether a pattern with length bounds admits no string, per all three. */
  private readonly proofs = new Map<string, boolean>();
  private readonly names: NameScope;
  /** The exported factory of each named schema (issue 35), by key: its mock function outside any cycle. */
  private readonly factoryFns = new Map<string, MockFunction>();
  /** Every factory's schema, in schema order. */
  private readonly factoryOrder: string[] = [];
  /** Every factory's schema and the response bodies with variety, described (created on first use). */
  private describerState: MockDescriber | undefined;
  readonly warnings: string[] = [];
  /** Nodes with `not` already named in a warning. */
  private readonly warnedNot = new WeakSet<SchemaNode>();

  constructor(
    model: ApiModel,
    private readonly options: MockOptions,
    reservedNames: readonly string[],
  ) {
    for (const schema of model.schemas) this.schemas.set(schema.key, schema);
    this.component = stronglyConnected(model.schemas);
    this.names = new NameScope([...reservedNames, ...HELPER_NAMES]);
  }

  /** The value of a response body: top level, depth 0, empty path; with `variety`, built from its description. */
  response(schema: SchemaNode): Code.Expr {
    const value = this.root(this.top(schema));
    // The generated value stays: it types the body (and stands in where the description is cut).
    if (this.options.variety) return c.call('mswVaried', [c.arrow([], value), c.num(this.describer().addResponse(schema))]);
    return value;
  }

  private describer(): MockDescriber {
    this.describerState ??= new MockDescriber(this.schemas, {
      maxArrayItems: this.options.maxArrayItems,
      leaf: (node) => this.root(c.arrow([], this.top(node))),
      admitsNone: (node) => this.admitsNone(node),
      tag: (node, index) => {
        const tag = this.discriminatorValue(node, index);
        return tag !== undefined && this.isObjectLike(node.variants[index]!) ? { value: tag } : undefined;
      },
    });
    return this.describerState;
  }

  /**
   * The value of a path parameter: a response value, drawn again while its text would be empty,
   * `.` or `..` (`mockPathValue`), which the client refuses.
   */
  pathValue(schema: SchemaNode): Code.Expr {
    // A union's value follows the seed's pick; its other members are the fallbacks (Graph's
    // `anyOf: [enum, object]`, whose pick is `{}`, empty in the simple style).
    const named = schema.kind === 'ref' ? this.schemas.get(schema.key)?.schema : undefined;
    const resolved = named ?? schema;
    const members = resolved.kind === 'union' ? resolved.variants : [];
    const makes = [schema, ...members].map((node) => c.arrow([], this.top(node)));
    return this.root(c.call(c.id(this.helper('mockPathValue')), makes));
  }

  private top(schema: SchemaNode): Code.Expr {
    const result = this.gen(schema, { depth: 0, cap: this.options.depthCap, path: [], deepest: { level: 0 } });
    return result.ok ? result.expr : cutNull(result.reason);
  }

  private root(expr: Code.Expr): Code.Expr {
    this.roots.push(expr);
    return expr;
  }

  /**
   * Why no valid value of the schema exists, when none does at its top level (a required part
   * admits none, nothing gives way): the pattern and bounds of the string schema that admits no
   * value, or `no value is valid here`. Nothing is emitted for it.
   */
  noValue(schema: SchemaNode): string | undefined {
    const result = this.gen(schema, { depth: 0, cap: this.options.depthCap, path: [], deepest: { level: 0 } });
    return !result.ok && result.reason === 'never' ? (result.detail ?? COMMENTS.never) : undefined;
  }

  /**
   * A factory for every named schema (issue 35; writable variants are request shapes and get
   * none), exported as `mock<Name>(overrides?)`: the generated mock function outside any cycle
   * where a response already reaches it or `typed` names it (request bodies, whose resolvers are
   * typed by their factory), else a description built at run time (see
   * `MockDescriber`), so that schemas no response uses cost a few bytes each, not their code.
   * Every factory's schema is described, for `{ variety: true }`.
   */
  addFactories(typed: ReadonlySet<string> = new Set()): void {
    const { functions } = this.reach();
    for (const schema of this.schemas.values()) {
      if (schema.variant === 'writable') continue;
      this.factoryOrder.push(schema.key);
      // Every factory's schema is described: `{ variety: true }` builds from it.
      this.describer().add(schema.key);
      const fn = typed.has(schema.key) ? this.mockFunction(schema.key, []) : this.functions.get(JSON.stringify([schema.key]));
      if (!fn || !(functions.has(fn) || typed.has(schema.key)) || !fn.result.ok) {
        continue;
      }
      this.factoryFns.set(schema.key, fn);
      this.root(c.call(this.call(fn)));
    }
  }

  /** The exported factory of a named schema, once `declarations()` has named them (generated ones only: described ones are untyped). */
  factoryName(key: string): string | undefined {
    return this.factoryFns.get(key)?.ident.name || undefined;
  }

  /** Whether any factory is declared. */
  hasFactories(): boolean {
    return this.factoryOrder.length > 0;
  }

  /** Whether `declarations()` emitted a generated factory (they call `mswFactory`; described ones do not). */
  hasGeneratedFactories(): boolean {
    return this.generatedFactories;
  }

  private generatedFactories = false;

  /** Whether the module holds descriptions (`mswBuild` and what calls it). */
  hasDescribed(): boolean {
    return this.describerState !== undefined;
  }

  /**
   * Mock functions to declare, in first-use order: those the responses call, directly or through
   * each other (a function built for a property that the size budget left out is not emitted).
   * Names are given here, in that order, so that they do not depend on the functions left out;
   * factories claim theirs first, in schema order, so that `mockPet` is Pet's factory. The
   * descriptions and their factories come last.
   */
  declarations(): Code.Stmt[] {
    const { functions } = this.reach();
    const emitted = this.called.filter((fn) => functions.has(fn));
    const factories = new Set(this.factoryFns.values());
    const describedNames = new Map<string, string>();
    for (const key of this.factoryOrder) {
      const fn = this.factoryFns.get(key);
      if (fn) fn.ident.name = this.names.claim(this.baseName(fn.key));
      else describedNames.set(key, this.names.claim(this.baseName(key)));
    }
    for (const fn of emitted) if (!factories.has(fn)) fn.ident.name = this.names.claim(this.baseName(fn.key));
    this.generatedFactories = emitted.some((fn) => factories.has(fn));
    const statements: Code.Stmt[] = emitted.map((fn) => {
      const schema = this.schemas.get(fn.key)!;
      const inside = fn.context.map((key) => this.schemas.get(key)!.sourceName).join(' > ');
      const value = (fn.result as { expr: Code.Expr }).expr;
      if (factories.has(fn)) {
        const doc = `Seeded mock data for ${schema.sourceName}; \`overrides\` (a deep partial) are merged in, arrays replaced; \`{ variety }\` varies it.`;
        // Typed with the client's type where it is known: the seeded value must be assignable to it.
        const type = this.clientType(fn.key, true);
        const factory = { ...c.call('mswFactory', [c.str(fn.key), c.arrow([], value)], type ? [type] : undefined), pure: true };
        return c.constDecl(fn.ident.name, factory, { exported: true, doc });
      }
      const doc = `Mock data for ${schema.sourceName}${inside ? `, inside ${inside}` : ''}.`;
      return c.fn(fn.ident.name, [], [c.ret(value)], { doc });
    });
    if (this.describerState) statements.push(...this.describedDeclarations(this.describerState, describedNames));
    return statements;
  }

  /** The leaves, the descriptions (one JSON text) and the factories built from them. */
  private describedDeclarations(describer: MockDescriber, names: Map<string, string>): Code.Stmt[] {
    const text = describer.json(this.options.depthCap, this.options.variety === true);
    const type = c.tobj([
      c.tprop('depthCap', c.kw('number')),
      c.tprop('variety', c.kw('boolean')),
      c.tprop('shared', c.tarray(c.kw('unknown'))),
      c.tprop('schemas', c.tref('Record', [c.kw('string'), c.kw('unknown')])),
      c.tprop('responses', c.tarray(c.kw('unknown'))),
    ]);
    return [
      c.constDecl('mswLeaves', c.arr(describer.leaves as Code.Expr[]), { type: c.tarray(c.tfn([], c.kw('unknown'))), doc: 'Generated values of the described schemas\' scalars.' }),
      c.constDecl('mswDescriptions', c.pureCall(c.path('JSON.parse'), [c.str(text)]), { type, doc: 'The named schemas (and, with variety, the response bodies), described for `mswBuild`.' }),
      ...[...names].map(([key, name]) =>
        c.constDecl(name, this.describedFactory(key), {
          exported: true,
          doc: `Seeded mock data for ${this.schemas.get(key)!.sourceName}, built at run time; \`overrides\` (a deep partial) are merged in, arrays replaced; \`{ variety }\` varies it.`,
        }),
      ),
    ];
  }

  /** `mswDescribed("Pet")`, typed with the client's type where it is known: `as MockFactory<ClientSchemaTypes.Pet>`. */
  private describedFactory(key: string): Code.Expr {
    const factory = c.pureCall('mswDescribed', [c.str(key)]);
    const type = this.clientType(key);
    return type ? c.as(factory, c.tref('MockFactory', [type])) : factory;
  }

  /** `ClientSchemaTypes.Pet`: the client's type of a named schema, where `types_dir` gives it. */
  private clientType(key: string, seeded = false): Code.Type | undefined {
    const type = this.options.schemaTypes?.typeName(key, seeded);
    if (type === undefined) return undefined;
    this.usesClientTypes = true;
    return c.tref(`${SCHEMA_TYPES_NAMESPACE}.${type}`);
  }

  /** `ClientSchemaTypes.GetPetResponse`: the client's type of an operation's response body by status key, where `types_dir` gives it. */
  responseClientType(operation: Operation, status: string): Code.Type | undefined {
    const type = this.options.schemaTypes?.responseType?.(operation, status);
    if (type === undefined) return undefined;
    this.usesClientTypes = true;
    return c.tref(`${SCHEMA_TYPES_NAMESPACE}.${type}`);
  }

  /**
   * The factory of `key`, when `expr` calls it with no arguments: its name, and whether it is typed
   * with the client's type of that schema.
   */
  calledFactory(expr: Code.Expr | Code.Stmt[], key: string): { ident: Code.Expr; typed: boolean } | undefined {
    const fn = this.factoryFns.get(key);
    if (fn === undefined || Array.isArray(expr) || expr.k !== 'call' || expr.args.length > 0 || expr.callee !== fn.ident) return undefined;
    return { ident: fn.ident, typed: this.options.schemaTypes?.typeName(key, true) !== undefined };
  }

  /** Whether a factory or an answer is typed with the client's schema types (`handlers.ts` then imports them). */
  typesDescribed(): boolean {
    return this.usesClientTypes;
  }

  private usesClientTypes = false;

  /** Helper functions that the responses and the declared functions call. */
  helpers(): HelperName[] {
    const { helpers } = this.reach();
    return HELPER_NAMES.filter((name) => helpers.has(name));
  }

  /** The mock functions and helpers that the responses reach, through the functions they call. */
  private reach(): { functions: Set<MockFunction>; helpers: Set<string> } {
    // Incremental: what was reached stays reached, so only roots added since are walked.
    const state = this.reached;
    const { functions, helpers } = state;
    // No set of the nodes seen: a value's code is a tree (its shared parts are the mock
    // functions, walked once), and a set of every node costs more than the walk.
    const walk = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      if (Array.isArray(node)) {
        for (const item of node) walk(item);
        return;
      }
      const kind = (node as { k?: string }).k;
      if (kind === 'ident') {
        const fn = this.byIdent.get(node as Code.Ident);
        if (fn) {
          if (!functions.has(fn)) functions.add(fn), walk((fn.result as { expr: Code.Expr }).expr);
        } else if (this.usedHelpers.has((node as Code.Ident).name as HelperName)) helpers.add((node as Code.Ident).name);
        return;
      }
      // The kinds mock values are made of, read directly (a generic walk of every key costs more).
      const n = node as Record<string, unknown>;
      switch (kind) {
        case 'string':
        case 'number':
        case 'boolean':
        case 'null':
          return;
        case 'call':
        case 'new':
          walk(n['callee']);
          for (const arg of n['args'] as unknown[]) walk(arg);
          return;
        case 'member':
          walk(n['object']);
          return;
        case 'object':
          for (const prop of n['props'] as Record<string, unknown>[]) walk(prop['k'] === 'prop' ? prop['value'] : prop);
          return;
        case 'array':
          for (const item of n['items'] as unknown[]) walk(item);
          return;
        case 'arrow':
          walk(n['body']);
          return;
        case 'spread':
        case 'commented':
          walk(n['expr']);
          return;
        default:
          for (const key in node) walk(n[key]);
      }
    };
    for (; state.walked < this.roots.length; state.walked++) walk(this.roots[state.walked]);
    return state;
  }

  private helper(name: HelperName): string {
    this.usedHelpers.add(name);
    return name;
  }

  private gen(node: SchemaNode, frame: Frame): Result {
    if (node.not && !this.warnedNot.has(node)) {
      // Mock values are built from the schema's own keywords; `not` only refuses values.
      this.warnedNot.add(node);
      const where = frame.path.at(-1);
      this.warnings.push(`not is not honoured by mock data${where === undefined ? '' : ` (in schema ${JSON.stringify(where)})`}: a mock value may match the schema it excludes`);
    }
    // Seed rules 7 and 9: a type array's first element, a union's first member that is not a $ref.
    if (node.nullable && node.nullFirst) return ok(c.nul());
    const result = (this.generators[node.kind] as (n: SchemaNode, f: Frame) => Result)(node, frame);
    if (!result.ok && node.nullable) return ok(cutNull(result.reason));
    return result;
  }

  /** One level deeper (ref, union, intersection), or undefined past the cap. */
  private descend(frame: Frame, key?: string): Frame | undefined {
    const depth = frame.depth + 1;
    if (depth > frame.cap) return undefined;
    if (depth > frame.deepest.level) frame.deepest.level = depth;
    return { ...frame, depth, path: key === undefined ? frame.path : [...frame.path, key] };
  }

  private readonly generators: Generators = {
    ref: (node, frame) => this.ref(node, frame),
    object: (node, frame) => this.object(node, frame),
    array: (node, frame) => this.array(node, frame),
    tuple: (node, frame) => this.tuple(node, frame),
    string: (node) => (this.admitsNone(node) ? { ok: false, reason: 'never', detail: impossibleText(node) } : ok(this.string(node))),
    number: (node) => ok(numberExpr(node)),
    boolean: () => ok(faker('datatype.boolean')),
    null: () => ok(c.nul()),
    enum: (node) => ok(enumExpr(node)),
    union: (node, frame) => this.union(node, frame),
    intersection: (node, frame) => this.intersection(node, frame),
    unknown: () => ok(c.nul()),
    never: () => cut('never'),
  };

  private ref(node: RefNode, frame: Frame): Result {
    if (frame.path.includes(node.key)) return cut('circular');
    const inner = this.descend(frame, node.key);
    if (!inner) return cut('depth');
    const fn = this.mockFunction(node.key, frame.path);
    if (inner.depth + fn.reach <= frame.cap) {
      if (inner.depth + fn.reach > frame.deepest.level) frame.deepest.level = inner.depth + fn.reach;
      if (!fn.result.ok) return fn.result;
      return ok(c.call(this.call(fn)), fn.result.size);
    }
    // The cap is reached inside this schema at this depth: resolved in place.
    return this.gen(this.schemas.get(node.key)!.schema, inner);
  }

  /** The shared function of a named schema under the part of `path` inside its cycle. */
  private mockFunction(key: string, path: readonly string[]): MockFunction {
    const component = this.component.get(key);
    const relevant = path.filter((k) => this.component.get(k) === component);
    const memo = JSON.stringify([key, ...relevant]);
    let fn = this.functions.get(memo);
    if (!fn) {
      const frame: Frame = { depth: 0, cap: Infinity, path: [...relevant, key], deepest: { level: 0 } };
      const result = this.gen(this.schemas.get(key)!.schema, frame);
      fn = { key, context: relevant, ident: c.id(''), result, reach: frame.deepest.level };
      this.functions.set(memo, fn);
      this.byIdent.set(fn.ident, fn);
    }
    return fn;
  }

  /** The callee of a call of `fn`, recording the order of first calls. */
  private call(fn: MockFunction): Code.Ident {
    if (fn.order === undefined) {
      fn.order = this.called.length;
      this.called.push(fn);
    }
    return fn.ident;
  }

  private baseName(key: string): string {
    const schema = this.schemas.get(key)!;
    // ASCII only, like every other emitted identifier; the doc comment keeps the spec's name.
    const ascii = pascalCase(schema.sourceName).replace(/[^A-Za-z0-9_$]/g, '');
    return safeIdentifier(`mock${ascii || 'Schema'}`, 'mockSchema');
  }

  private object(node: ObjectNode, frame: Frame): Result {
    const optionalRoom = node.maxProperties === undefined ? Infinity : node.maxProperties - node.properties.filter((p) => p.required).length;
    let optionalTaken = 0;
    const parts = new Map<string, Part>();
    for (const property of node.properties) {
      if (!property.required) {
        if (optionalTaken >= optionalRoom) continue;
        optionalTaken++;
      }
      parts.set(property.name, { schema: property.schema, required: property.required, value: this.gen(property.schema, frame) });
    }
    const minimum = node.minProperties ?? 0;
    const built = buildObject(parts, minimum);
    if (!built.ok) return built;
    const { members, present } = built;
    let size = built.size;

    const additional = node.additionalProperties;
    if (node.patternProperties && node.patternProperties.length > 0) {
      // Keys the patterns allow, with their values; `additionalProperties` never applies to them.
      const entries = this.patternEntries(node, node.patternProperties, present, size, frame);
      members.push(...entries.members);
      return ok(c.obj(members), size + entries.size);
    }
    if (node.properties.length === 0 && additional !== undefined && typeof additional !== 'boolean') {
      // A map: entries under random keys.
      const count = clampCount(this.options.maxArrayItems, node.minProperties, node.maxProperties);
      const value = this.gen(additional, frame);
      if (!value.ok) return minimum === 0 ? ok(c.commented(c.obj([]), COMMENTS[value.reason])) : value;
      return ok(c.call(c.id(this.helper('mockRecord')), [c.num(count), c.arrow([], value.expr)]), 1 + count * value.size);
    }
    if (present < minimum && additional !== false) {
      // More entries than declared properties are required: extra ones under random keys.
      const value = additional === undefined || additional === true ? ok(faker('lorem.word')) : this.gen(additional, frame);
      if (!value.ok) return value;
      members.unshift(c.spread(c.call(c.id(this.helper('mockRecord')), [c.num(minimum - present), c.arrow([], value.expr)])));
      size += (minimum - present) * value.size;
    }
    return ok(c.obj(members), size);
  }

  /**
   * Entries under keys that match the object's `patternProperties` (repro 03), with values of
   * the pattern's schema: one per pattern, or `max_array_items` for an object without declared
   * properties (a map), within `minProperties`/`maxProperties` and the size budget. The keys are
   * found at generation time: each matches its pattern and no other, and is no declared property,
   * so no value has to satisfy two schemas and `additionalProperties: false` never applies.
   */
  private patternEntries(node: ObjectNode, patterns: PatternProperty[], present: number, size: number, frame: Frame): { members: Code.ObjectMember[]; size: number } {
    const room = (node.maxProperties ?? Infinity) - present;
    const needed = Math.max(0, (node.minProperties ?? 0) - present);
    const count = Math.min(room, Math.max(needed, node.properties.length === 0 ? this.options.maxArrayItems : patterns.length));
    const taken = new Set(node.properties.map((p) => p.name));
    const regexes = patterns.map((entry) => new RegExp(entry.pattern, patternFlagsOf(entry.pattern)));
    const candidates = patterns.map((entry, i) => {
      const value = this.gen(entry.schema, frame);
      const only = (key: string) => regexes[i]!.test(key) && regexes.every((other, j) => j === i || !other.test(key));
      if (!value.ok) return { value, keys: [] };
      // The same patterns give the same keys: searched once per run.
      const memo = JSON.stringify(['patternProperties', i, ...patterns.map((p) => p.pattern)]);
      const keys = this.pools.get(memo) ?? this.patternKeys(entry.pattern, only);
      this.pools.set(memo, keys);
      return { value, keys };
    });
    const members: Code.ObjectMember[] = [];
    let added = 0;
    let extra = 0;
    for (let progressed = true; progressed && added < count; ) {
      progressed = false;
      for (const { value, keys } of candidates) {
        if (added >= count || !value.ok) continue;
        const key = keys.find((k) => !taken.has(k));
        if (key === undefined) continue;
        if (added >= needed && size + extra + value.size > MOCK_SIZE_BUDGET) continue;
        taken.add(key);
        members.push(c.prop(key, value.expr));
        extra += value.size;
        added++;
        progressed = true;
      }
    }
    if (added < needed) this.warnings.push(`no ${needed} keys found that match the patternProperties ${patterns.map((p) => JSON.stringify(p.pattern)).join(', ')} one at a time; mock objects may have fewer properties than minProperties`);
    return { members, size: extra };
  }

  /** Keys that pass `accepts`, found at generation time from the pattern (and with digits appended or prepended, as unanchored patterns allow). */
  private patternKeys(pattern: string, accepts: (key: string) => boolean): string[] {
    let tree: PatternNode;
    try {
      // Fitted (with no bounds) so that open repeats have an upper bound to sample.
      tree = fitLength(parsePattern(pattern, patternFlagsOf(pattern) === 'u').tree, undefined, undefined);
    } catch (error) {
      if (!(error instanceof UnsupportedPattern)) throw error;
      this.warnings.push(`patternProperties pattern ${JSON.stringify(pattern)} is not supported for mock data (${error.message}); no keys are generated for it`);
      return [];
    }
    const found = searchStrings(tree, accepts, `patternProperties:${pattern}`);
    const keys = new Set(found);
    for (const base of found) {
      for (let n = 1; n <= this.options.maxArrayItems; n++) for (const key of [`${base}${n}`, `${n}${base}`]) if (accepts(key)) keys.add(key);
    }
    if (keys.size === 0) this.warnings.push(`no key found that matches patternProperties pattern ${JSON.stringify(pattern)} alone; no keys are generated for it`);
    return [...keys];
  }

  private array(node: ArrayNode, frame: Frame): Result {
    let count = clampCount(this.options.maxArrayItems, node.minItems, node.maxItems);
    const item = this.gen(node.items, frame);
    if (!item.ok) return (node.minItems ?? 0) === 0 ? ok(c.commented(c.arr([]), COMMENTS[item.reason])) : item;
    const make = c.arrow([], item.expr);
    if (node.uniqueItems) {
      const distinct = distinctValues(node.items, this.schemas);
      if (distinct !== undefined) count = Math.min(count, Math.max(distinct, node.minItems ?? 0));
      return ok(c.call(c.id(this.helper('mockUnique')), [c.num(count), make]), 1 + count * item.size);
    }
    return ok(c.call(c.path('Array.from'), [c.obj([c.prop('length', c.num(count))]), make]), 1 + count * item.size);
  }

  private tuple(node: TupleNode, frame: Frame): Result {
    const items: Code.Expr[] = [];
    let size = 1;
    for (const item of node.items) {
      const value = this.gen(item, frame);
      if (!value.ok) return value;
      items.push(value.expr);
      size += value.size;
    }
    const missing = (node.minItems ?? 0) - items.length;
    if (missing > 0 && node.rest !== false) {
      const value = this.gen(node.rest, frame);
      if (!value.ok) return value;
      for (let i = 0; i < missing; i++) items.push(value.expr);
      size += missing * value.size;
    }
    return ok(c.arr(items), size);
  }

  /** Whether the string schema provably admits no value (memoized: one proof per pattern and bounds). */
  admitsNone(node: StringNode): boolean {
    if (node.pattern === undefined) return false;
    const key = JSON.stringify(['impossible', node.pattern, node.patternFlags, node.minLength, node.maxLength]);
    let known = this.proofs.get(key);
    if (known === undefined) this.proofs.set(key, (known = impossibleString(node)));
    return known;
  }

  private string(node: StringNode): Code.Expr {
    if (node.pattern !== undefined) {
      const patterned = this.patternString(node, { pattern: node.pattern, flags: node.patternFlags ?? '', subject: `pattern ${JSON.stringify(node.pattern)}` });
      if (patterned) return patterned;
    }
    const rule = node.format === undefined ? undefined : formatRule(node.format);
    if (rule) return this.formatString(node, rule);
    const { minLength, maxLength } = node;
    if ((minLength ?? 0) <= WORD_LENGTH.min && (maxLength ?? Infinity) >= WORD_LENGTH.max) return faker('lorem.word');
    const args = [c.num(minLength ?? 0)];
    if (maxLength !== undefined) args.push(c.num(maxLength));
    return c.call(c.id(this.helper('mockText')), args);
  }

  /**
   * A value of the format that also keeps to `minLength`/`maxLength` (the client checks both): the
   * plain value when its lengths fit, else one built to a fitting length, else one of the format's
   * pattern fitted to the bounds; the plain value, with a warning, when the format has none.
   */
  private formatString(node: StringNode, rule: FormatRule): Code.Expr {
    const bounds = { min: node.minLength ?? 0, max: node.maxLength ?? Infinity };
    if (bounds.min <= rule.length.min && bounds.max >= rule.length.max) return rule.value();
    const sized = bounds.min <= bounds.max ? rule.sized?.(bounds, (name) => this.helper(name)) : undefined;
    if (sized) return sized;
    const subject = `format ${JSON.stringify(node.format)}`;
    if (rule.pattern !== undefined) {
      const patterned = this.patternString(node, { pattern: `^(?:${rule.pattern})$`, flags: '', subject });
      if (patterned) return patterned;
    } else {
      this.warnings.push(`no mock string of ${subject} has length ${lengthText(node)} (the schema admits no value); mock strings fail it`);
    }
    return rule.value();
  }

  /**
   * A string that matches a pattern (the schema's, or a format's), keeps to the length bounds and
   * passes the format check of the client: built at request time from the parsed pattern, or
   * picked from values found at generation time where the tree cannot promise a match (a format
   * the client checks, a lookaround). A request-time value that cannot be promised is checked
   * and retried, falling back to a value found at generation time: a value that fails the schema
   * is emitted only when none was found, and then with a warning.
   */
  private patternString(node: StringNode, source: PatternSource): Code.Expr | undefined {
    let parsed;
    try {
      parsed = parsePattern(source.pattern, source.flags === 'u');
    } catch (error) {
      if (!(error instanceof UnsupportedPattern)) throw error;
      this.warnings.push(`${source.subject} is not supported for mock data (${error.message}); mock strings may not match it`);
      return undefined;
    }
    const fitted = fitLength(parsed.tree, node.minLength, node.maxLength);
    const formatCheck = clientFormatCheck(node.format);
    // What the tree cannot express (a format the client checks, a lookaround) is searched for at
    // generation time; run-time retries find rare matches too seldom.
    if (formatCheck || parsed.approximate) {
      const pool = this.searchPool(node, source, parsed.tree, fitted);
      if (pool.length > 0) return pool.length === 1 ? c.str(pool[0]!) : faker('helpers.arrayElement', [c.arr(pool.map((text) => c.str(text)))]);
    }
    const expr = patternExpr(fitted, { repeat: () => this.helper('mockRepeat') });
    const bounds = lengthBounds(fitted);
    // What the tree cannot promise is checked at run time, retrying a few times.
    const text = c.id('text');
    const checks: Code.Expr[] = [];
    if (node.minLength !== undefined && bounds.min < node.minLength) checks.push(c.bin(c.member(text, 'length'), '>=', c.num(node.minLength)));
    if (node.maxLength !== undefined && bounds.max > node.maxLength) checks.push(c.bin(c.member(text, 'length'), '<=', c.num(node.maxLength)));
    if (parsed.approximate) {
      const flags = source.flags ? [c.str(source.flags)] : [];
      checks.push(c.dot(c.newExpr('RegExp', [c.str(source.pattern), ...flags]), 'test', [text]));
    }
    if (checks.length === 0) return expr;
    const fits = checks.reduce((all, check) => c.bin(all, '&&', check));
    const fallback = this.searchPool(node, source, parsed.tree, fitted)[0];
    const args: Code.Expr[] = [c.arrow([], expr), c.arrow([c.param('text')], fits)];
    if (fallback !== undefined) args.push(c.str(fallback));
    return c.call(c.id(this.helper('mockFit')), args);
  }

  /**
   * A few values found at generation time that match the pattern, fit the length bounds and pass
   * the format the client checks; empty, with a warning, when none turns up (the warning shows a
   * value of other lengths when the pattern has one: the bounds, not the search, exclude it).
   */
  private searchPool(node: StringNode, source: PatternSource, tree: PatternNode, fitted: PatternNode): string[] {
    const formatCheck = clientFormatCheck(node.format);
    const key = JSON.stringify([source.pattern, source.flags, formatCheck ? node.format : undefined, node.minLength, node.maxLength]);
    let pool = this.pools.get(key);
    if (pool !== undefined) return pool;
    const regex = new RegExp(source.pattern, source.flags);
    const valid = (text: string) => regex.test(text) && (formatCheck?.safeParse(text).success ?? true);
    const fits = (text: string) => text.length >= (node.minLength ?? 0) && text.length <= (node.maxLength ?? Infinity);
    pool = searchStrings(fitted, (text) => fits(text) && valid(text), key);
    this.pools.set(key, pool);
    if (pool.length === 0) {
      const bounded = node.minLength !== undefined || node.maxLength !== undefined;
      const what = [formatCheck && !source.subject.startsWith('format') ? `format ${JSON.stringify(node.format)}` : '', bounded ? `length ${lengthText(node)}` : ''].filter(Boolean);
      const outside = bounded ? searchStrings(fitLength(tree, undefined, undefined), valid, key)[0] : undefined;
      const isFormat = source.subject.startsWith('format');
      const example = outside === undefined ? '' : `; ${isFormat ? 'the format has values' : 'it matches strings'} of other lengths, such as ${JSON.stringify(outside)}`;
      this.warnings.push(
        `no mock string found that ${isFormat ? 'is of' : 'matches'} ${source.subject}${what.length > 0 ? ` with ${what.join(' and ')}` : ''}${example} (the schema may admit no value); mock strings may fail it`,
      );
    }
    return pool;
  }

  private union(node: UnionNode, frame: Frame): Result {
    const inner = this.descend(frame);
    if (!inner) return cut('depth');
    // The others stand by for when the seed's choice cannot be generated here.
    let first: Result | undefined;
    for (const index of variantOrder(node)) {
      const variant = node.variants[index]!;
      const value = this.gen(variant, inner);
      if (value.ok) {
        const tag = this.discriminatorValue(node, index);
        if (tag === undefined || !this.isObjectLike(variant)) return value;
        return ok(c.obj([c.spread(value.expr), c.prop(node.discriminator!.propertyName, c.json(tag))]), value.size + 1);
      }
      first ??= value;
    }
    return first!;
  }

  private intersection(node: IntersectionNode, frame: Frame): Result {
    // Members that share no JSON type (an array that must also be an object): no value is valid.
    if (disjointIntersection(node, this.schemas)) return { ok: false, reason: 'never', detail: DISJOINT_TEXT };
    const inner = this.descend(frame);
    if (!inner) return cut('depth');
    // Objects (through refs and chosen union variants) merge property by property, so that the
    // member that says the most about a property gives its value.
    const merged = this.mergeParts(node.members, inner);
    if (merged) {
      if (!merged.ok) return merged;
      const built = buildObject(merged.parts);
      return built.ok ? ok(c.obj(built.members), built.size) : built;
    }
    const values: { expr: Code.Expr; size: number }[] = [];
    for (const member of node.members) {
      // A member's null (seed rules 7 and 9) would fail the other members.
      const value = this.gen(member.nullFirst ? { ...member, nullable: false } : member, inner);
      if (!value.ok) return value;
      values.push(value);
    }
    // A constant or an enum says the most; objects merge; otherwise the first member stands.
    const enumIndex = node.members.findIndex((m) => this.resolve(m)?.kind === 'enum');
    if (enumIndex >= 0) return ok(values[enumIndex]!.expr, values[enumIndex]!.size);
    if (node.members.every((m) => this.isObjectLike(m))) return ok(c.obj(values.map((v) => c.spread(v.expr))), values.reduce((n, v) => n + v.size, 0));
    return ok(values[0]!.expr, values[0]!.size);
  }

  /** Merged properties of members that are all objects, or undefined when one is not. */
  private mergeParts(members: readonly SchemaNode[], frame: Frame): PartsResult | undefined {
    const parts = new Map<string, Part>();
    for (const member of members) {
      const own = this.objectParts(member, frame);
      if (!own) return undefined;
      if (!own.ok) return own;
      for (const [name, part] of own.parts) {
        const existing = parts.get(name);
        if (!existing) parts.set(name, part);
        else {
          const winner = moreSpecific(existing.schema, part.schema) === existing.schema ? existing : part;
          parts.set(name, { ...winner, required: existing.required || part.required });
        }
      }
    }
    return { ok: true, parts };
  }

  /** The properties of an object-shaped member with their values (refs and unions resolved here). */
  private objectParts(node: SchemaNode, frame: Frame): PartsResult | undefined {
    switch (node.kind) {
      case 'object': {
        if (node.properties.length === 0 && typeof node.additionalProperties === 'object') return undefined;
        const parts = new Map<string, Part>();
        for (const property of node.properties) parts.set(property.name, { schema: property.schema, required: property.required, value: this.gen(property.schema, frame) });
        return { ok: true, parts };
      }
      case 'ref': {
        if (!this.isObjectLike(node)) return undefined;
        if (frame.path.includes(node.key)) return cut('circular');
        const inner = this.descend(frame, node.key);
        if (!inner) return cut('depth');
        return this.objectParts(this.schemas.get(node.key)!.schema, inner);
      }
      case 'intersection': {
        const inner = this.descend(frame);
        if (!inner) return cut('depth');
        return this.mergeParts(node.members, inner);
      }
      case 'union': {
        if (!this.isObjectLike(node)) return undefined;
        const inner = this.descend(frame);
        if (!inner) return cut('depth');
        let first: PartsResult | undefined;
        for (const index of variantOrder(node)) {
          const parts = this.objectParts(node.variants[index]!, inner);
          if (!parts) return undefined;
          if (parts.ok) {
            const tag = this.discriminatorValue(node, index);
            if (tag !== undefined) {
              const schema: SchemaNode = { kind: 'enum', values: [tag], isConst: true, nullable: false };
              parts.parts.set(node.discriminator!.propertyName, { schema, required: true, value: ok(c.json(tag)) });
            }
            return parts;
          }
          first ??= parts;
        }
        return first;
      }
      default:
        return undefined;
    }
  }

  /**
   * The discriminator value that selects a variant, typed as the variant's property is: mapping
   * keys are strings, so a boolean or numeric property (repro 02) takes `false` or `1` for the
   * key `"False"` or `"1"`, and a property the variant pins to non-string values keeps its own.
   */
  private discriminatorValue(node: UnionNode, index: number): EnumNode['values'][number] | undefined {
    const tag: EnumNode['values'][number] | undefined = node.discriminator?.values[index]?.[0];
    if (typeof tag !== 'string') return tag;
    const property = this.propertySchema(node.variants[index]!, node.discriminator!.propertyName);
    const resolved = property && this.resolve(property);
    const lower = tag.toLowerCase();
    switch (resolved?.kind) {
      case 'enum': {
        const own = resolved.values.find((v) => String(v) === tag) ?? resolved.values.find((v) => String(v).toLowerCase() === lower);
        if (own !== undefined) return own;
        return resolved.values.every((v) => typeof v !== 'string') ? resolved.values[0] : tag;
      }
      case 'boolean':
        return lower === 'true' ? true : lower === 'false' ? false : tag;
      case 'number': {
        const number = Number(tag);
        return tag.trim() !== '' && Number.isFinite(number) && (!resolved.integer || Number.isInteger(number)) ? number : tag;
      }
      default:
        return tag;
    }
  }

  /** The schema of a property of an object-shaped node (through refs and allOf members). */
  private propertySchema(node: SchemaNode, name: string, hops = 0): SchemaNode | undefined {
    const resolved = hops > 32 ? undefined : this.resolve(node);
    if (resolved?.kind === 'object') return resolved.properties.find((p) => p.name === name)?.schema;
    if (resolved?.kind === 'intersection') {
      for (const member of resolved.members) {
        const found = this.propertySchema(member, name, hops + 1);
        if (found) return found;
      }
    }
    return undefined;
  }

  /** The node behind refs (undefined for a ref cycle). */
  private resolve(node: SchemaNode): SchemaNode | undefined {
    let current = node;
    for (let hops = 0; current.kind === 'ref'; hops++) {
      if (hops > 64) return undefined;
      current = this.schemas.get(current.key)!.schema;
    }
    return current;
  }

  private isObjectLike(node: SchemaNode, seen = new Set<SchemaNode>()): boolean {
    const resolved = this.resolve(node);
    if (!resolved || seen.has(resolved)) return false;
    seen.add(resolved);
    switch (resolved.kind) {
      case 'object':
        return true;
      case 'union':
        return resolved.variants.every((v) => this.isObjectLike(v, seen));
      case 'intersection':
        return resolved.members.every((m) => this.isObjectLike(m, seen));
      default:
        return false;
    }
  }
}

interface Part {
  schema: SchemaNode;
  required: boolean;
  value: Result;
}

type PartsResult = { ok: true; parts: Map<string, Part> } | Cut;

/**
 * The members of an object with these parts, in their order: every required property (a cut one
 * cuts the object), and the optional ones that fit `MOCK_SIZE_BUDGET`, cheapest first (ties in
 * order), or as many as `minProperties` asks for. An optional property that was cut stays, as
 * `undefined` with the reason.
 */
function buildObject(parts: Map<string, Part>, minProperties = 0): { ok: true; members: Code.ObjectMember[]; present: number; size: number } | Cut {
  let size = 1;
  for (const part of parts.values()) {
    if (!part.required) continue;
    if (!part.value.ok) return part.value;
    size += part.value.size;
  }
  const optional = [...parts.values()].filter((part) => !part.required && part.value.ok);
  const taken = new Set<Part>();
  let count = [...parts.values()].filter((part) => part.required).length;
  for (const part of optional.sort((a, b) => sizeOf(a) - sizeOf(b))) {
    if (size + sizeOf(part) > MOCK_SIZE_BUDGET && count >= minProperties) break;
    count++;
    size += sizeOf(part);
    taken.add(part);
  }
  const members: Code.ObjectMember[] = [];
  let present = 0;
  for (const [name, part] of parts) {
    if (part.value.ok && (part.required || taken.has(part))) {
      members.push(c.prop(name, part.value.expr));
      present++;
    } else if (!part.value.ok) members.push(c.prop(name, c.commented(c.undef(), COMMENTS[part.value.reason])));
  }
  return { ok: true, members, present, size };
}

const sizeOf = (part: Part): number => (part.value.ok ? part.value.size : 0);

/** Seed: the first member that is not a $ref, else the first $ref; the others in spec order. */
function variantOrder(node: UnionNode): number[] {
  return [...node.variants.keys()].sort((a, b) => Number(node.variants[a]!.kind === 'ref') - Number(node.variants[b]!.kind === 'ref') || a - b);
}

/** Of two schemas for one property, the one that says more (as the IR's allOf merge decides). */
function moreSpecific(a: SchemaNode, b: SchemaNode): SchemaNode {
  if (b.kind === 'unknown') return a;
  if (a.kind === 'unknown') return b;
  if (a.kind === 'enum' && b.kind !== 'enum') return a;
  return b;
}

/** The flag a pattern compiles with (the loader keeps only patterns that compile): `u` where it can. */
function patternFlagsOf(pattern: string): '' | 'u' {
  try {
    new RegExp(pattern, 'u');
    return 'u';
  } catch {
    return '';
  }
}

/** `max_array_items` raised to the minimum, capped by the maximum. */
function clampCount(preferred: number, minimum: number | undefined, maximum: number | undefined): number {
  let count = Math.max(preferred, minimum ?? 0);
  if (maximum !== undefined) count = Math.min(count, maximum);
  return count;
}

function enumExpr(node: EnumNode): Code.Expr {
  if (node.isConst) return c.json(node.values[0]);
  return faker('helpers.arrayElement', [c.arr(node.values.map((v) => c.json(v)))]);
}

/** How many different values a schema has, when that is small and known. */
function distinctValues(node: SchemaNode, schemas: Map<string, NamedSchema>): number | undefined {
  const resolved = node.kind === 'ref' ? schemas.get(node.key)?.schema : node;
  if (resolved?.kind === 'enum') return resolved.values.length;
  if (resolved?.kind === 'boolean') return 2;
  return undefined;
}

/** Tarjan's strongly connected components of the ref graph: key → component number. */
function stronglyConnected(schemas: readonly NamedSchema[]): Map<string, number> {
  const edges = new Map<string, string[]>();
  for (const schema of schemas) edges.set(schema.key, refsOf(schema.schema));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const component = new Map<string, number>();
  let counter = 0;
  let components = 0;

  // Iterative, so that a long chain of refs cannot overflow the call stack.
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    const work: { key: string; next: number }[] = [{ key: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const targets = edges.get(top.key) ?? [];
      if (top.next < targets.length) {
        const target = targets[top.next++]!;
        if (!edges.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ key: target, next: 0 });
        } else if (onStack.has(target)) low.set(top.key, Math.min(low.get(top.key)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.key, Math.min(low.get(parent.key)!, low.get(top.key)!));
      if (low.get(top.key) === index.get(top.key)) {
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.set(member, components);
        } while (member !== top.key);
        components++;
      }
    }
  }
  return component;
}

/** Keys of the named schemas a node refers to, anywhere inside it. */
function refsOf(node: SchemaNode): string[] {
  const out = new Set<string>();
  const visit = (n: SchemaNode): void => {
    switch (n.kind) {
      case 'ref':
        out.add(n.key);
        return;
      case 'object':
        for (const p of n.properties) visit(p.schema);
        if (typeof n.additionalProperties === 'object') visit(n.additionalProperties);
        for (const entry of n.patternProperties ?? []) visit(entry.schema);
        return;
      case 'array':
        visit(n.items);
        return;
      case 'tuple':
        n.items.forEach(visit);
        if (n.rest !== false) visit(n.rest);
        return;
      case 'union':
        n.variants.forEach(visit);
        return;
      case 'intersection':
        n.members.forEach(visit);
        return;
      default:
        return;
    }
  };
  visit(node);
  return [...out];
}

