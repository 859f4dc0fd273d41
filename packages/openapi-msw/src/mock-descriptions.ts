import type { ArrayNode, NamedSchema, ObjectNode, SchemaNode, TupleNode, UnionNode } from '@specwright/core';

/**
 * Compact descriptions of schemas, built into values at run time by `mswBuild` (issue 35): the
 * factories of schemas that no response reaches use them instead of generated code, so that a
 * spec with hundreds of such schemas (GitHub's webhook payloads) does not add megabytes of faker
 * calls to `handlers.ts`. Scalars other than booleans and enums are "leaves": generated code
 * (`mswLeaves[n]`), shared by every equal schema, so strings keep their formats, patterns and
 * bounds exactly as the generated mock functions do. A shape the runtime does not build (an
 * intersection, `patternProperties`) is a leaf too.
 *
 * A description is JSON: `null` (the value null), a number (a leaf), or an array whose first
 * element says what it is: `["r", key]` a named schema, `["?", d]` null where `d` is cut,
 * `["o", [[name, d, required]...], minProperties]`, `["m", d, count, minProperties]` a map,
 * `["a", d, count, minItems, unique]`, `["t", [d...]]`, `["u", [[d] | [d, tag]...], property]`,
 * `["e", values]`, `["k", value]`, `["b"]`, `["n"]` (no value), and `["s", i]`: the i-th shared
 * description, where equal descriptions (GitHub repeats its inline objects across webhooks) are
 * written once.
 */
export type Description = null | number | readonly unknown[];

export interface DescriberOptions {
  maxArrayItems: number;
  /** The generated code of a leaf, at top level (it registers what it calls). */
  leaf: (node: SchemaNode) => unknown;
  /** Whether a named schema has a generated factory. */
  generated: (key: string) => boolean;
  /** Whether a string schema admits no value. */
  admitsNone: (node: SchemaNode & { kind: 'string' }) => boolean;
  /** The discriminator value a union's variant carries, where it is object-like. */
  tag: (node: UnionNode, index: number) => { value: unknown } | undefined;
}


export class MockDescriber {
  /** The described named schemas, by key. */
  readonly schemas: Record<string, Description> = {};
  /** The leaves' generated code, in index order. */
  readonly leaves: unknown[] = [];
  private readonly leafIndex = new Map<string, number>();
  private readonly nodeLeaves = new Map<SchemaNode, number>();
  private readonly pending: string[] = [];
  /** Each interned description's id, and how many times an equal one was built. */
  private readonly ids = new Map<readonly unknown[], number>();
  private readonly interned = new Map<string, { desc: readonly unknown[]; uses: number }>();

  constructor(
    private readonly named: ReadonlyMap<string, NamedSchema>,
    private readonly options: DescriberOptions,
  ) {}

  /** Describes a named schema and every schema it refers to. */
  add(key: string): void {
    this.want(key);
    for (let next = this.pending.pop(); next !== undefined; next = this.pending.pop()) {
      this.schemas[next] = this.node(this.named.get(next)!.schema);
    }
  }

  private want(key: string): void {
    if (key in this.schemas || !this.named.has(key)) return;
    this.schemas[key] = null;
    this.pending.push(key);
  }

  private node(node: SchemaNode): Description {
    // Seed rules 7 and 9: null where the spec lists it first.
    if (node.nullable && node.nullFirst) return null;
    const described = this.bare(node);
    return node.nullable ? this.intern(`?${this.idOf(described)}`, ['?', described]) : described;
  }

  /** A short text standing for a description: interned arrays by their id. */
  private idOf(desc: unknown): string {
    if (!Array.isArray(desc)) return JSON.stringify(desc);
    const id = this.ids.get(desc);
    return id === undefined ? JSON.stringify(desc) : `#${id}`;
  }

  /**
   * One description for equal ones, by `key` (built from its parts' ids, so that its length does
   * not grow with the depth), counted: those built more than once are shared.
   */
  private intern(key: string, desc: readonly unknown[]): readonly unknown[] {
    const known = this.interned.get(key);
    if (known) {
      known.uses++;
      return known.desc;
    }
    this.ids.set(desc, this.interned.size);
    this.interned.set(key, { desc, uses: 1 });
    return desc;
  }

  /**
   * The JSON text of every description; equal ones built more than once (and not tiny) are
   * written once, in `shared`, and referred to as `["s", i]`. Call it once: it replaces the shared
   * parts of the descriptions in place.
   */
  json(depthCap: number): string {
    const refs = new Map<unknown, unknown>();
    const table: unknown[] = [];
    for (const { desc, uses } of this.interned.values()) {
      if (uses > 1 && desc.some((item) => Array.isArray(item))) refs.set(desc, ['s', table.push(desc) - 1]);
    }
    const ref = (desc: unknown): unknown => refs.get(desc) ?? desc;
    for (const { desc } of this.interned.values()) {
      const parts = desc as unknown[];
      if (parts[0] === 'o') for (const entry of parts[1] as unknown[][]) entry[1] = ref(entry[1]);
      else if (parts[0] === 'u') for (const entry of parts[1] as unknown[][]) entry[0] = ref(entry[0]);
      else if (parts[0] === 't') parts[1] = (parts[1] as unknown[]).map(ref);
      else if (parts[0] === '?' || parts[0] === 'm' || parts[0] === 'a') parts[1] = ref(parts[1]);
    }
    const schemas = Object.fromEntries(Object.entries(this.schemas).map(([key, desc]) => [key, ref(desc)]));
    return JSON.stringify({ depthCap, shared: table, schemas });
  }

  private bare(node: SchemaNode): Description {
    switch (node.kind) {
      case 'ref':
        if (!this.named.has(node.key)) return null;
        // A schema with a generated factory is called, not described again.
        if (this.options.generated(node.key)) return this.leaf(node);
        this.want(node.key);
        return this.intern(`r${node.key}`, ['r', node.key]);
      case 'object':
        return this.object(node);
      case 'array':
        return this.array(node);
      case 'tuple':
        return this.tuple(node);
      case 'string':
        return this.options.admitsNone(node) ? this.intern('n', ['n']) : this.leaf(node);
      case 'number':
        return this.leaf(node);
      case 'boolean':
        return this.intern('b', ['b']);
      case 'enum':
        return node.isConst ? this.intern(`k${JSON.stringify(node.values[0])}`, ['k', node.values[0]]) : this.intern(`e${JSON.stringify(node.values)}`, ['e', node.values]);
      case 'union':
        return this.union(node);
      case 'never':
        return this.intern('n', ['n']);
      case 'null':
      case 'unknown':
        return null;
      default:
        return this.fallback(node);
    }
  }

  private object(node: ObjectNode): Description {
    const additional = node.additionalProperties;
    const minimum = node.minProperties ?? 0;
    if ((node.patternProperties?.length ?? 0) > 0) return this.fallback(node);
    if (node.properties.length === 0 && typeof additional === 'object') {
      const count = clamp(this.options.maxArrayItems, node.minProperties, node.maxProperties);
      const value = this.node(additional);
      return this.intern(`m${this.idOf(value)},${count},${minimum}`, ['m', value, count, minimum]);
    }
    if (node.properties.length < minimum && additional !== false) return this.fallback(node);
    const room = node.maxProperties === undefined ? Infinity : node.maxProperties - node.properties.filter((p) => p.required).length;
    let optional = 0;
    const properties: unknown[] = [];
    let key = `o${minimum}`;
    for (const property of node.properties) {
      if (!property.required && optional++ >= room) continue;
      const value = this.node(property.schema);
      const required = property.required ? 1 : 0;
      properties.push([property.name, value, required]);
      key += `,${property.name.length}:${property.name}${this.idOf(value)}:${required}`;
    }
    return this.intern(key, ['o', properties, minimum]);
  }

  private array(node: ArrayNode): Description {
    let count = clamp(this.options.maxArrayItems, node.minItems, node.maxItems);
    if (node.uniqueItems) {
      const items = node.items.kind === 'ref' ? this.named.get(node.items.key)?.schema : node.items;
      const distinct = items?.kind === 'enum' ? items.values.length : items?.kind === 'boolean' ? 2 : undefined;
      if (distinct !== undefined) count = Math.min(count, Math.max(distinct, node.minItems ?? 0));
    }
    const items = this.node(node.items);
    const unique = node.uniqueItems ? 1 : 0;
    return this.intern(`a${this.idOf(items)},${count},${node.minItems ?? 0},${unique}`, ['a', items, count, node.minItems ?? 0, unique]);
  }

  private tuple(node: TupleNode): Description {
    const items = node.items.map((item) => this.node(item));
    const rest = node.rest;
    if (rest !== false) for (let i = items.length; i < (node.minItems ?? 0); i++) items.push(this.node(rest));
    return this.intern(`t${items.map((item) => this.idOf(item)).join(',')}`, ['t', items]);
  }

  /** Seed order (the first member that is not a `$ref`, then the others), each with its tag. */
  private union(node: UnionNode): Description {
    const order = [...node.variants.keys()].sort((a, b) => Number(node.variants[a]!.kind === 'ref') - Number(node.variants[b]!.kind === 'ref') || a - b);
    let key = `u${JSON.stringify(node.discriminator?.propertyName ?? null)}`;
    const variants = order.map((index) => {
      const described = this.node(node.variants[index]!);
      const tag = this.options.tag(node, index);
      key += `,${this.idOf(described)}${tag === undefined ? '' : `=${JSON.stringify(tag.value)}`}`;
      return tag === undefined ? [described] : [described, tag.value];
    });
    return this.intern(key, ['u', variants, node.discriminator?.propertyName ?? null]);
  }

  private leaf(node: SchemaNode): number {
    const key = leafKey(node);
    let index = this.leafIndex.get(key);
    if (index === undefined) {
      index = this.leaves.push(this.options.leaf(plain(node))) - 1;
      this.leafIndex.set(key, index);
    }
    return index;
  }

  /** Generated code for the whole node (shapes the runtime does not build). */
  private fallback(node: SchemaNode): number {
    let index = this.nodeLeaves.get(node);
    if (index === undefined) {
      index = this.leaves.push(this.options.leaf(plain(node))) - 1;
      this.nodeLeaves.set(node, index);
    }
    return index;
  }
}

/** `max_array_items` raised to the minimum, capped by the maximum. */
function clamp(preferred: number, minimum: number | undefined, maximum: number | undefined): number {
  const count = Math.max(preferred, minimum ?? 0);
  return maximum === undefined ? count : Math.min(count, maximum);
}

/** The node without its null (the description wraps it). */
function plain(node: SchemaNode): SchemaNode {
  const { nullFirst, ...rest } = node;
  return nullFirst === undefined && !node.nullable ? node : ({ ...rest, nullable: false } as SchemaNode);
}

/** What a string or number's generated value depends on: equal leaves share one function. */
function leafKey(node: SchemaNode): string {
  switch (node.kind) {
    case 'string':
      return `s${node.format}|${node.pattern?.length}:${node.pattern}|${node.patternFlags}|${node.minLength}|${node.maxLength}|${node.binary}`;
    case 'number':
      return `n${node.format}|${node.integer}|${node.minimum}|${node.maximum}|${node.exclusiveMinimum}|${node.exclusiveMaximum}|${node.multipleOf}`;
    case 'ref':
      return `r${node.key}`;
    default:
      return JSON.stringify(node);
  }
}
