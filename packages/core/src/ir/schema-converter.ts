import type { OpenApiDialect } from '../load/load-spec.js';
import { mergeAllOf } from './merge-all-of.js';
import { childPointer, LocalRefs, normalizePointer, parsePointer } from './pointer.js';
import type { SpecReader } from './reader.js';
import { describe } from './reader.js';
import { checkMappingTargets } from './discriminator-mapping.js';
import { discriminatorValue } from './discriminator-value.js';
import type {
  ArrayNode,
  DiscriminatorValue,
  EnumNode,
  JsonValue,
  NumberNode,
  ObjectNode,
  ObjectProperty,
  PatternProperty,
  SchemaBase,
  SchemaNode,
  StringNode,
  TupleNode,
  UnionNode,
} from './types.js';
import { withBase, withBaseInPlace } from './schema-nodes.js';

/** Keys that annotate a `$ref` without constraining it further. */
const REF_ANNOTATIONS = new Set([
  '$ref', 'description', 'title', 'summary', 'nullable', 'deprecated', 'readOnly', 'writeOnly',
  'default', 'example', 'examples', '$comment', '$id', '$schema', 'discriminator', 'xml', 'externalDocs',
]);

export interface NamedEntry {
  key: string;
  sourceName: string;
  pointer: string;
  raw: unknown;
  isComponent: boolean;
  state: 'pending' | 'building' | 'done';
  node?: SchemaNode;
}

export interface PendingDiscriminator {
  union: UnionNode;
  propertyName: string;
  /** Mapping value → normalised target pointer (or bare schema name). */
  mapping: [string, string][];
  pointer: string;
}

/**
 * Converts raw OpenAPI schemas into IR nodes. Component schemas become named entries built on
 * demand (so that `allOf` can merge a parent into a child in any order); refs to other places are
 * inlined, and promoted to named entries when they turn out to be recursive.
 */
export class SchemaConverter {
  readonly named = new Map<string, NamedEntry>();
  private readonly keyByPointer = new Map<string, string>();
  private readonly inlineInProgress = new Map<string, { promoted?: string }>();
  private readonly inlineCache = new Map<string, SchemaNode>();
  /** Unions whose discriminators are resolved once every schema is built (public for `model-memo.ts`, which replays them). */
  readonly pendingDiscriminators: PendingDiscriminator[] = [];
  private readonly building: NamedEntry[] = [];
  /** The document's local `$ref`s, each resolved once. */
  readonly refs: LocalRefs;

  constructor(
    readonly reader: SpecReader,
    readonly document: Record<string, unknown>,
    readonly dialect: OpenApiDialect,
  ) {
    this.refs = new LocalRefs(document);
    const components = reader.optionalObject(document['components'], '#/components', 'components');
    const schemas = reader.optionalObject(components?.['schemas'], '#/components/schemas', 'components.schemas');
    for (const [name, raw] of Object.entries(schemas ?? {})) {
      const pointer = childPointer('#/components/schemas', name);
      this.addEntry({ key: name, sourceName: name, pointer, raw, isComponent: true, state: 'pending' });
    }
  }

  private addEntry(entry: NamedEntry): void {
    this.named.set(entry.key, entry);
    this.keyByPointer.set(entry.pointer, entry.key);
  }

  /** Builds every named schema, including those promoted while building others. */
  buildAll(): void {
    for (const key of this.named.keys()) this.ensureNamed(key);
    for (const pending of this.pendingDiscriminators) this.resolveDiscriminator(pending);
  }

  /** The built node of a named schema; `undefined` while it is being built (a cycle). */
  ensureNamed(key: string): SchemaNode | undefined {
    const entry = this.named.get(key);
    if (!entry) return undefined;
    if (entry.state === 'done') return entry.node;
    if (entry.state === 'building') return undefined;
    entry.state = 'building';
    this.building.push(entry);
    try {
      entry.node = this.convert(entry.raw, entry.pointer);
    } finally {
      this.building.pop();
    }
    entry.state = 'done';
    return entry.node;
  }

  /** The named schema whose own definition is at `pointer`, when it is being built. */
  namedBuiltAt(pointer: string): NamedEntry | undefined {
    const top = this.building[this.building.length - 1];
    return top?.pointer === pointer ? top : undefined;
  }

  rawOf(key: string): unknown {
    return this.named.get(key)?.raw;
  }

  convert(raw: unknown, pointer: string): SchemaNode {
    if (raw === true || raw === undefined) return { kind: 'unknown', nullable: false };
    if (raw === false) return { kind: 'never', nullable: false };
    if (!this.reader.isObject(raw)) {
      this.reader.fail(pointer, `a schema must be an object or a boolean, found ${describe(raw)}`);
    }
    if ('$ref' in raw) return this.convertRef(raw, pointer);
    return this.convertSchema(raw, pointer);
  }

  private convertRef(raw: Record<string, unknown>, pointer: string): SchemaNode {
    const ref = raw['$ref'];
    if (typeof ref !== 'string') this.reader.fail(childPointer(pointer, '$ref'), `$ref must be a string, found ${describe(ref)}`);
    const hasConstraints = Object.keys(raw).some((key) => !REF_ANNOTATIONS.has(key) && !key.startsWith('x-'));
    if (hasConstraints) {
      // 3.1 allows keywords beside $ref; they apply together, as allOf would.
      const { $ref: _ref, allOf, ...rest } = raw;
      const members = [{ $ref: ref }, ...(Array.isArray(allOf) ? allOf : [])];
      return this.convertSchema({ ...rest, allOf: members }, pointer);
    }
    const base = this.readBase(raw, pointer);
    const target = this.refs.normalize(ref);
    if (target === undefined) {
      this.reader.fail(childPointer(pointer, '$ref'), `$ref "${ref}" is not a local reference and could not be bundled`);
    }
    const key = this.keyByPointer.get(target);
    if (key !== undefined) return withBase({ kind: 'ref', key, nullable: false }, base);
    return withBase(this.convertInlineRef(target, ref, pointer), base);
  }

  private convertInlineRef(target: string, ref: string, pointer: string): SchemaNode {
    const cached = this.inlineCache.get(target);
    if (cached) return cached;
    const progress = this.inlineInProgress.get(target);
    if (progress) {
      // A recursive reference to a schema outside components: give it a name so it can recur.
      progress.promoted ??= this.promote(target);
      return { kind: 'ref', key: progress.promoted, nullable: false };
    }
    const resolved = this.refs.resolve(target);
    if (resolved === undefined) this.reader.fail(childPointer(pointer, '$ref'), `$ref "${ref}" does not resolve to anything in the document`);
    const state: { promoted?: string } = {};
    this.inlineInProgress.set(target, state);
    let node: SchemaNode;
    try {
      node = this.convert(resolved, target);
    } finally {
      this.inlineInProgress.delete(target);
    }
    if (state.promoted !== undefined) {
      const entry = this.named.get(state.promoted)!;
      entry.node = node;
      entry.state = 'done';
      node = { kind: 'ref', key: state.promoted, nullable: false };
    }
    this.inlineCache.set(target, node);
    return node;
  }

  private promote(target: string): string {
    const segments = parsePointer(target) ?? [];
    const generic = /^(schema|items|properties|content|additionalProperties|allOf|anyOf|oneOf|not|\d+|[^/]+\/[^/]+)$/;
    const name = [...segments].reverse().find((segment) => !generic.test(segment)) ?? 'Schema';
    let key = name;
    for (let n = 2; this.named.has(key); n++) key = `${name}${n}`;
    this.addEntry({ key, sourceName: key, pointer: target, raw: this.refs.resolve(target), isComponent: false, state: 'building' });
    return key;
  }

  private convertSchema(raw: Record<string, unknown>, pointer: string): SchemaNode {
    const base = this.readBase(raw, pointer);
    if ('discriminator' in raw) checkMappingTargets(raw, pointer, this.reader, this.refs, (name) => this.named.get(name)?.isComponent === true);
    // `not: {}` (or `not: true`) admits no value; other `not` schemas are checked beside the rest.
    const not = raw['not'];
    if (not === true || (this.reader.isObject(not) && Object.keys(not).length === 0)) return withBase({ kind: 'never', nullable: false }, base);
    this.warnUnsupported(raw, pointer);
    const notNode = not === undefined || not === false ? undefined : this.convert(not, childPointer(pointer, 'not'));
    const own = this.convertOwn(raw, pointer);
    const allOf = this.reader.optionalArrayAt(raw, 'allOf', pointer, 'allOf');
    const oneOf = this.reader.optionalArrayAt(raw, 'oneOf', pointer, 'oneOf');
    const anyOf = this.reader.optionalArrayAt(raw, 'anyOf', pointer, 'anyOf');

    let node: SchemaNode | undefined = own;
    if (allOf && allOf.length > 0) {
      const members = allOf.map((member, i) => this.convert(member, childPointer(pointer, 'allOf', i)));
      if (own && !isBareObject(own)) members.push(own);
      node = members.length === 1 ? members[0]! : mergeAllOf(this, members, pointer);
    }
    const discriminator = this.reader.isObject(raw['discriminator']) ? raw['discriminator'] : undefined;
    const unions: SchemaNode[] = [];
    if (oneOf && oneOf.length > 0) unions.push(this.convertUnion(oneOf, true, discriminator, childPointer(pointer, 'oneOf')));
    if (anyOf && anyOf.length > 0) unions.push(this.convertUnion(anyOf, false, discriminator, childPointer(pointer, 'anyOf')));
    // Own keywords beside oneOf/anyOf apply together with the union. They are not merged here:
    // merging would resolve the variants, and a parent that lists its own children would recur.
    const members = [...(node && !isBareObject(node) && !isUnconstrained(node) ? [node] : []), ...unions.filter((u) => !isUnconstrained(u))];
    if (members.length === 0) node ??= unions[0] ?? { kind: 'unknown', nullable: false };
    else node = members.length === 1 ? members[0]! : { kind: 'intersection', members, nullable: false };
    // Most schemas are just their own keywords, a node made above for this schema alone.
    const out = node === own && !allOf?.length ? withBaseInPlace(node, base) : withBase(node, base);
    return notNode ? withNot(out, [notNode]) : out;
  }

  /** JSON Schema keywords no generator enforces: said once each, never dropped silently. */
  private warnUnsupported(raw: Record<string, unknown>, pointer: string): void {
    // Most schemas carry none: one pass over their keys is cheaper than a lookup per keyword.
    let carries = false;
    for (const key in raw) {
      if (UNSUPPORTED_KEYWORD_SET.has(key)) {
        carries = true;
        break;
      }
    }
    if (!carries) return;
    for (const keyword of UNSUPPORTED_KEYWORDS) {
      if (raw[keyword] !== undefined) this.reader.warn(childPointer(pointer, keyword), `${keyword} is not enforced; values are not checked against it`);
    }
  }

  /** The schema's own type keywords (no composition), or undefined when it has none. */
  private convertOwn(raw: Record<string, unknown>, pointer: string): SchemaNode | undefined {
    const typeValue = raw['type'];
    let types: string[] | undefined;
    if (typeof typeValue === 'string') types = [typeValue];
    else if (Array.isArray(typeValue)) types = typeValue.filter((t): t is string => typeof t === 'string');
    else if (typeValue !== undefined) this.reader.warn(childPointer(pointer, 'type'), `type must be a string or an array, found ${describe(typeValue)}; ignored`);
    const nullable = types?.includes('null') ?? false;
    const nonNull = types?.filter((t) => t !== 'null');
    // The seed's mocks use only a type array's first element: `['null', 'string']` mocks null.
    const nullFirst = nullable && types?.[0] === 'null' ? { nullFirst: true as const } : {};

    // A type that excludes null (`type: string`, not 3.0 `nullable`) overrides a null enum value.
    const nullAllowed = types === undefined || nullable || raw['nullable'] === true;
    if ('const' in raw) return this.convertEnum([raw['const']], true, nullable, nullAllowed, pointer);
    if (raw['enum'] !== undefined) {
      const values = this.reader.array(raw['enum'], childPointer(pointer, 'enum'), 'enum');
      if (values.length > 0) return this.convertEnum(values, false, nullable, nullAllowed, pointer);
    }
    if (nonNull !== undefined && nonNull.length === 0) {
      return types && types.length > 0 ? { kind: 'null', nullable: false } : undefined;
    }
    const effective = nonNull ?? inferTypes(raw);
    if (effective.length === 0) return this.convertUntyped(raw, pointer);
    const nodes = effective.map((type) => this.convertTyped(type, raw, pointer));
    const node: SchemaNode = nodes.length === 1 ? nodes[0]! : { kind: 'union', variants: nodes, exclusive: false, nullable: false };
    return nullable ? { ...node, nullable: true, ...nullFirst } : node;
  }

  /**
   * A schema without `type` whose keywords constrain some types (`maxLength`, `maximum`...):
   * JSON Schema applies each keyword to values of its own type and lets every other value pass,
   * so it is the union of each JSON type with the keywords that concern it, constrained ones
   * first (mocks take the first). Without such keywords, undefined (any value).
   */
  private convertUntyped(raw: Record<string, unknown>, pointer: string): SchemaNode | undefined {
    const constrained = JSON_TYPES.filter((type) => TYPE_KEYWORDS[type].some((keyword) => raw[keyword] !== undefined));
    if (constrained.length === 0) return undefined;
    const types = [...constrained, ...JSON_TYPES.filter((type) => !constrained.includes(type))];
    return { kind: 'union', variants: types.map((type) => this.convertTyped(type, raw, pointer)), exclusive: false, nullable: true };
  }

  private convertEnum(values: unknown[], isConst: boolean, nullable: boolean, nullAllowed: boolean, pointer: string): SchemaNode {
    const kept: EnumNode['values'] = [];
    let hasNull = nullable;
    const keyword = isConst ? 'const' : 'enum';
    for (const value of values) {
      if (value === null && !nullAllowed) {
        this.reader.warn(childPointer(pointer, keyword), `null is listed but the type does not allow null; null is rejected`);
      } else if (value === null) hasNull = true;
      else if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
        if (!kept.includes(value)) kept.push(value);
      } else {
        this.reader.warn(childPointer(pointer, keyword), `only string, number, boolean and null enum values are supported; ${describe(value)} ignored`);
      }
    }
    if (kept.length === 0) return hasNull ? { kind: 'null', nullable: false } : { kind: 'unknown', nullable: false };
    return { kind: 'enum', values: kept, isConst, nullable: hasNull };
  }

  private convertTyped(type: string, raw: Record<string, unknown>, pointer: string): SchemaNode {
    const r = this.reader;
    const at = (key: string) => childPointer(pointer, key);
    switch (type) {
      case 'string':
      case 'file': {
        const node: StringNode = { kind: 'string', nullable: false };
        const minLength = r.lenientNumberAt(raw, 'minLength', pointer);
        const maxLength = r.lenientNumberAt(raw, 'maxLength', pointer);
        if (minLength !== undefined && minLength >= 0) node.minLength = Math.floor(minLength);
        if (maxLength !== undefined && maxLength >= 0) node.maxLength = Math.floor(maxLength);
        const pattern = r.lenientStringAt(raw, 'pattern', pointer);
        if (pattern !== undefined) {
          const flags = patternFlags(pattern);
          if (flags === undefined) r.warn(at('pattern'), 'the pattern is not a valid ECMAScript regular expression; ignored');
          else {
            node.pattern = pattern;
            node.patternFlags = flags;
          }
        }
        const format = r.lenientStringAt(raw, 'format', pointer);
        if (type === 'file' || format === 'binary' || typeof raw['contentMediaType'] === 'string') node.binary = true;
        return node;
      }
      case 'integer':
      case 'number': {
        const node: NumberNode = { kind: 'number', integer: type === 'integer', nullable: false };
        const minimum = r.lenientNumberAt(raw, 'minimum', pointer);
        const maximum = r.lenientNumberAt(raw, 'maximum', pointer);
        const multipleOf = r.lenientNumberAt(raw, 'multipleOf', pointer);
        if (minimum !== undefined) node.minimum = minimum;
        if (maximum !== undefined) node.maximum = maximum;
        if (multipleOf !== undefined && multipleOf > 0) node.multipleOf = multipleOf;
        applyExclusive(node, 'Minimum', raw, r, pointer);
        applyExclusive(node, 'Maximum', raw, r, pointer);
        return node;
      }
      case 'boolean':
        return { kind: 'boolean', nullable: false };
      case 'null':
        return { kind: 'null', nullable: false };
      case 'object':
        return this.convertObject(raw, pointer);
      case 'array':
        return this.convertArray(raw, pointer);
      default:
        r.warn(at('type'), `unknown type "${type}"; treated as any value`);
        return { kind: 'unknown', nullable: false };
    }
  }

  private convertObject(raw: Record<string, unknown>, pointer: string): ObjectNode {
    const r = this.reader;
    const propsRaw = r.optionalObjectAt(raw, 'properties', pointer, 'properties') ?? {};
    const requiredRaw = Array.isArray(raw['required']) ? raw['required'] : [];
    const required = new Set(requiredRaw.filter((name): name is string => typeof name === 'string'));
    const properties: ObjectProperty[] = [];
    for (const [name, propRaw] of Object.entries(propsRaw)) {
      const propPointer = childPointer(pointer, 'properties', name);
      properties.push({
        name,
        schema: this.convert(propRaw, propPointer),
        required: required.has(name),
        readOnly: this.flag(propRaw, 'readOnly'),
        writeOnly: this.flag(propRaw, 'writeOnly'),
      });
    }
    for (const name of required) {
      // A required key without a definition must still be present; its value is unconstrained.
      if (!Object.hasOwn(propsRaw, name)) properties.push({ name, schema: { kind: 'unknown', nullable: false }, required: true, readOnly: false, writeOnly: false });
    }
    const node: ObjectNode = { kind: 'object', properties, additionalProperties: undefined, nullable: false };
    const additional = raw['additionalProperties'];
    if (additional === true || additional === false) node.additionalProperties = additional;
    else if (r.isObject(additional)) {
      node.additionalProperties = Object.keys(additional).length === 0 ? true : this.convert(additional, childPointer(pointer, 'additionalProperties'));
    }
    if (raw['patternProperties'] !== undefined) {
      const patternProperties = this.patternProperties(raw['patternProperties'], childPointer(pointer, 'patternProperties'));
      if (patternProperties.length > 0) node.patternProperties = patternProperties;
    }
    if (raw['propertyNames'] !== undefined) {
      r.warn(childPointer(pointer, 'propertyNames'), 'propertyNames is not enforced; keys are not checked against it');
    }
    const minProperties = r.lenientNumberAt(raw, 'minProperties', pointer);
    const maxProperties = r.lenientNumberAt(raw, 'maxProperties', pointer);
    if (minProperties !== undefined && minProperties >= 0) node.minProperties = Math.floor(minProperties);
    if (maxProperties !== undefined && maxProperties >= 0) node.maxProperties = Math.floor(maxProperties);
    return node;
  }

  private patternProperties(raw: unknown, pointer: string): PatternProperty[] {
    const entries = this.reader.optionalObject(raw, pointer, 'patternProperties') ?? {};
    const out: PatternProperty[] = [];
    for (const [pattern, value] of Object.entries(entries)) {
      const at = childPointer(pointer, pattern);
      const flags = patternFlags(pattern);
      if (flags === undefined) {
        this.reader.warn(at, 'the pattern is not a valid ECMAScript regular expression; keys matching it are not checked');
        continue;
      }
      out.push({ pattern, flags, schema: this.convert(value, at) });
    }
    return out;
  }

  /** readOnly / writeOnly on a property, looking through a `$ref`. */
  private flag(raw: unknown, key: 'readOnly' | 'writeOnly'): boolean {
    if (!this.reader.isObject(raw)) return false;
    if (raw[key] === true) return true;
    if (typeof raw['$ref'] === 'string') {
      const target = this.refs.resolve(raw['$ref']);
      return this.reader.isObject(target) && target[key] === true;
    }
    return false;
  }

  private convertArray(raw: Record<string, unknown>, pointer: string): ArrayNode | TupleNode {
    const r = this.reader;
    const minItems = r.lenientNumberAt(raw, 'minItems', pointer);
    const maxItems = r.lenientNumberAt(raw, 'maxItems', pointer);
    const bounds: { minItems?: number; maxItems?: number } = {};
    if (minItems !== undefined && minItems >= 0) bounds.minItems = Math.floor(minItems);
    if (maxItems !== undefined && maxItems >= 0) bounds.maxItems = Math.floor(maxItems);
    const items = raw['items'];
    const prefix = Array.isArray(raw['prefixItems']) ? raw['prefixItems'] : Array.isArray(items) ? items : undefined;
    if (prefix) {
      const restRaw = Array.isArray(raw['prefixItems']) ? items : raw['additionalItems'];
      const rest = restRaw === false ? false : this.convert(restRaw, childPointer(pointer, Array.isArray(raw['prefixItems']) ? 'items' : 'additionalItems'));
      const itemsKey = Array.isArray(raw['prefixItems']) ? 'prefixItems' : 'items';
      return {
        kind: 'tuple',
        items: prefix.map((item, i) => this.convert(item, childPointer(pointer, itemsKey, i))),
        rest,
        nullable: false,
        ...bounds,
      };
    }
    const node: ArrayNode = { kind: 'array', items: this.convert(items, childPointer(pointer, 'items')), nullable: false, ...bounds };
    if (raw['uniqueItems'] === true) node.uniqueItems = true;
    return node;
  }

  private convertUnion(list: unknown[], exclusive: boolean, discriminator: Record<string, unknown> | undefined, pointer: string): SchemaNode {
    const converted = list.map((variant, i) => this.convert(variant, childPointer(pointer, i)));
    let nullable = false;
    const variants: SchemaNode[] = [];
    for (const variant of converted) {
      if (variant.kind === 'null') {
        nullable = true;
        continue;
      }
      if (variant.nullable) nullable = true;
      // Any value matches an unconstrained variant, so the union accepts anything.
      if (isUnconstrained(variant)) return { kind: 'unknown', nullable: false };
      if (variant.kind === 'ref' && variants.some((v) => v.kind === 'ref' && v.key === variant.key && v.nullable === variant.nullable)) continue;
      variants.push(variant);
    }
    if (variants.length === 0) return { kind: 'null', nullable: false };
    // The seed's mocks take the first member that is not a $ref: where that is null, they mock null.
    const firstInline = list.findIndex((member) => !(this.reader.isObject(member) && '$ref' in member));
    const nullFirst = firstInline >= 0 && converted[firstInline]!.kind === 'null' ? { nullFirst: true as const } : {};
    if (variants.length === 1) return nullable ? { ...variants[0]!, nullable: true, ...nullFirst } : variants[0]!;
    const union: UnionNode = { kind: 'union', variants, exclusive, nullable, ...nullFirst };
    const propertyName = discriminator?.['propertyName'];
    if (typeof propertyName === 'string') {
      const mappingRaw = this.reader.isObject(discriminator?.['mapping']) ? discriminator['mapping'] : {};
      const mapping: [string, string][] = [];
      for (const [value, target] of Object.entries(mappingRaw)) {
        if (typeof target === 'string') mapping.push([value, normalizePointer(target) ?? target]);
      }
      this.pendingDiscriminators.push({ union, propertyName, mapping, pointer });
    }
    return union;
  }

  /** Runs after every named schema is built, so variants can be inspected without cycles. */
  private resolveDiscriminator(pending: PendingDiscriminator): void {
    const values: DiscriminatorValue[][] = [];
    for (const variant of pending.union.variants) {
      const found = this.discriminatorValues(variant, pending);
      if (found.length === 0) return;
      values.push(found);
    }
    pending.union.discriminator = { propertyName: pending.propertyName, values };
  }

  private discriminatorValues(variant: SchemaNode, pending: PendingDiscriminator): DiscriminatorValue[] {
    if (variant.kind === 'ref') {
      const entry = this.named.get(variant.key);
      const declaredSchema = propertySchema(entry?.node, pending.propertyName, this);
      const property = declaredSchema?.kind === 'ref' ? this.named.get(declaredSchema.key)?.node : declaredSchema;
      const explicit = pending.mapping
        .filter(([, target]) => target === entry?.pointer || target === entry?.sourceName)
        .map(([value]) => discriminatorValue(value, property));
      if (explicit.length > 0) return explicit;
      const declared = propertyValues(entry?.node, pending.propertyName, this);
      if (declared.length > 0) return declared;
      return entry ? [discriminatorValue(entry.sourceName, property)] : [];
    }
    return propertyValues(variant, pending.propertyName, this);
  }

  private readBase(raw: Record<string, unknown>, pointer: string): Partial<SchemaBase> {
    const r = this.reader;
    const base: Partial<SchemaBase> = {};
    if (raw['nullable'] === true) base.nullable = true;
    const title = typeof raw['title'] === 'string' ? raw['title'] : undefined;
    const description = typeof raw['description'] === 'string' ? raw['description'] : undefined;
    if (title !== undefined) base.title = title;
    if (description !== undefined) base.description = description;
    if (raw['deprecated'] === true) base.deprecated = true;
    if ('default' in raw && raw['default'] !== undefined) base.default = { value: toJson(raw['default']) };
    const examples: JsonValue[] = [];
    if (raw['example'] !== undefined) examples.push(toJson(raw['example']));
    if (Array.isArray(raw['examples'])) for (const example of raw['examples']) examples.push(toJson(example));
    if (examples.length > 0) base.examples = examples;
    const format = r.lenientStringAt(raw, 'format', pointer);
    if (format !== undefined) base.format = format;
    return base;
  }
}

/** Values a discriminator property can take in a (resolved) variant: const, enum or default. */
function propertyValues(node: SchemaNode | undefined, propertyName: string, converter: SchemaConverter): DiscriminatorValue[] {
  const schema = propertySchema(node, propertyName, converter);
  if (!schema) return [];
  if (schema.kind === 'enum') return schema.values;
  const value = schema.default?.value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [value];
  return [];
}

/** The schema of a property in a (resolved) variant, looking through refs and `allOf` members. */
function propertySchema(node: SchemaNode | undefined, propertyName: string, converter: SchemaConverter, depth = 0): SchemaNode | undefined {
  if (!node || depth > 32) return undefined;
  if (node.kind === 'ref') return propertySchema(converter.named.get(node.key)?.node, propertyName, converter, depth + 1);
  if (node.kind === 'intersection') {
    for (const member of node.members) {
      const found = propertySchema(member, propertyName, converter, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (node.kind !== 'object') return undefined;
  return node.properties.find((p) => p.name === propertyName)?.schema;
}

/** The JSON types an untyped schema's keywords can concern, and those keywords. */
const JSON_TYPES = ['string', 'number', 'array', 'object', 'boolean'] as const;
const TYPE_KEYWORDS: Record<(typeof JSON_TYPES)[number], string[]> = {
  string: ['minLength', 'maxLength', 'pattern'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['minItems', 'maxItems', 'uniqueItems'],
  object: ['minProperties', 'maxProperties'],
  boolean: [],
};

/** Validation keywords of JSON Schema that OpenAPI documents may carry but no schema enforces. */
const UNSUPPORTED_KEYWORDS = [
  'if', 'then', 'else', 'contains', 'minContains', 'maxContains', 'dependentRequired', 'dependentSchemas',
  'dependencies', 'unevaluatedProperties', 'unevaluatedItems', '$dynamicRef', '$recursiveRef',
];
const UNSUPPORTED_KEYWORD_SET: ReadonlySet<string> = new Set(UNSUPPORTED_KEYWORDS);

/** A node that also refuses every value matching one of `not` (kept beside the node's own). */
export function withNot(node: SchemaNode, not: SchemaNode[]): SchemaNode {
  if (not.length === 0) return node;
  return { ...node, not: [...(node.not ?? []), ...not] };
}

/** `{}`: any value, with no `not` beside it. */
export function isUnconstrained(node: SchemaNode): boolean {
  return node.kind === 'unknown' && node.not === undefined;
}

function inferTypes(raw: Record<string, unknown>): string[] {
  // OpenAPI usage (not JSON Schema's): object keywords without `type` describe an object.
  if ('properties' in raw || 'additionalProperties' in raw || 'patternProperties' in raw || (Array.isArray(raw['required']) && raw['required'].length > 0)) return ['object'];
  if ('items' in raw || 'prefixItems' in raw) return ['array'];
  return [];
}

/** An object that says nothing beyond `type: object`. */
export function isBareObject(node: SchemaNode): boolean {
  return node.kind === 'object' && node.properties.length === 0 && node.additionalProperties === undefined && !node.nullable && node.not === undefined;
}

function applyExclusive(node: NumberNode, which: 'Minimum' | 'Maximum', raw: Record<string, unknown>, reader: SpecReader, pointer: string): void {
  const inclusiveKey = which === 'Minimum' ? 'minimum' : 'maximum';
  const exclusiveKey = which === 'Minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum';
  const value = raw[exclusiveKey];
  if (value === true) {
    // 3.0: a boolean that makes the inclusive bound exclusive.
    const bound = node[inclusiveKey];
    if (bound !== undefined) {
      node[exclusiveKey] = bound;
      delete node[inclusiveKey];
    }
    return;
  }
  if (value === false || value === undefined) return;
  const bound = reader.lenientNumber(value, childPointer(pointer, exclusiveKey));
  if (bound !== undefined) node[exclusiveKey] = bound;
}

/** The flag a pattern compiles with: `'u'` preferred, `''` when only legacy syntax works. */
export function patternFlags(pattern: string): '' | 'u' | undefined {
  try {
    new RegExp(pattern, 'u');
    return 'u';
  } catch {
    try {
      new RegExp(pattern);
      return '';
    } catch {
      return undefined;
    }
  }
}

/** A JSON-safe copy (drops functions, turns dates into strings); values from YAML can be odd. */
function toJson(value: unknown, seen = new WeakSet<object>()): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object' || seen.has(value)) return null;
  seen.add(value);
  let out: JsonValue;
  if (Array.isArray(value)) out = value.map((item) => toJson(item, seen));
  else {
    const record: Record<string, JsonValue> = {};
    for (const [key, inner] of Object.entries(value)) if (inner !== undefined) record[key] = toJson(inner, seen);
    out = record;
  }
  seen.delete(value);
  return out;
}
