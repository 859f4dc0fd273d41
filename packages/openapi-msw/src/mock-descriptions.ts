import type { ArrayNode, NamedSchema, ObjectNode, SchemaNode, TupleNode, UnionNode } from '@specwright/core';

/**
 * Compact descriptions of schemas, built into values at run time by `mswBuild` (issue 35): the
 * factories of schemas that no response reaches use them instead of generated code, so that a
 * spec with hundreds of such schemas (GitHub's webhook payloads) does not add megabytes of faker
 * calls to `handlers.ts`; every factory (and, under `variety`, every answer) builds its varied
 * values from them. Scalars other than booleans and enums are "leaves": generated code
 * (`mswLeaves[n]`), shared by every equal schema, so strings keep their formats, patterns and
 * bounds exactly as the generated mock functions do. A shape the runtime does not build (an
 * intersection, `patternProperties`) is a leaf too.
 *
 * A description is JSON: `null` (the value null), a number (a leaf), or an array whose first
 * element says what it is: `["r", key]` a named schema, `["?", d]` null where `d` is cut,
 * `["?", d, 1]` null unless variety is asked for (the spec lists null first: seed rules 7 and 9),
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
  /** Whether a string schema admits no value. */
  admitsNone: (node: SchemaNode & { kind: 'string' }) => boolean;
  /** The discriminator value a union's variant carries, where it is object-like. */
  tag: (node: UnionNode, index: number) => { value: unknown } | undefined;
}


/** First token of an interned description's key: what it is. */
const KIND = { o: 3, m: 4, a: 5, t: 6, u: 7, e: 8, k: 9 } as const;

/** One interned description: its key (numbers), its id, and how many times an equal one was built. */
interface Interned {
  tokens: number[];
  desc: readonly unknown[];
  uses: number;
}

export class MockDescriber {
  /** The described named schemas, by key. */
  readonly schemas: Record<string, Description> = {};
  /** Described response bodies (with `variety`), by index. */
  readonly responses: Description[] = [];
  /** The leaves' generated code, in index order. */
  readonly leaves: unknown[] = [];
  private readonly leafIndex = new Map<string, number>();
  private readonly nodeLeaves = new Map<SchemaNode, number>();
  private readonly plainStrings = new Map<string | undefined, number>();
  private readonly plainIntegers = new Map<string | undefined, number>();
  private readonly plainNumbers = new Map<string | undefined, number>();
  private readonly pending: string[] = [];
  /**
   * Equal descriptions are interned by a key of small numbers (their parts' ids, and `atoms` for
   * names and values), hashed: GitHub's spec repeats its inline objects thousands of times, and
   * numbers hash and compare much faster than the texts they stand for.
   */
  private readonly buckets = new Map<number, Interned[]>();
  private readonly interned: Interned[] = [];
  private readonly ids = new Map<readonly unknown[], number>();
  private readonly atoms = new Map<unknown, number>();
  private readonly stack: unknown[] = [];
  private readonly nullable = new Map<Description, Interned>();
  private readonly nullFirst = new Map<Description, Interned>();
  private readonly refs = new Map<string, Interned>();
  private readonly constants = new Map<string, Interned>();

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

  /** Describes a schema of a response body (and the schemas it refers to): its index in `responses`. */
  addResponse(node: SchemaNode): number {
    const index = this.responses.push(this.node(node)) - 1;
    for (let next = this.pending.pop(); next !== undefined; next = this.pending.pop()) {
      this.schemas[next] = this.node(this.named.get(next)!.schema);
    }
    return index;
  }

  private want(key: string): void {
    if (key in this.schemas || !this.named.has(key)) return;
    this.schemas[key] = null;
    this.pending.push(key);
  }

  private node(node: SchemaNode): Description {
    const described = this.bare(node);
    if (!node.nullable) return described;
    // Seed rules 7 and 9: null where the spec lists it first (the value stands by for variety).
    if (node.nullFirst) return this.internBy(this.nullFirst, described, () => ['?', described, 1]);
    return this.internBy(this.nullable, described, () => ['?', described]);
  }

  /** A number standing for a description: -1 null, -2 - n the n-th leaf, else its interned id. */
  private idOf(desc: Description): number {
    if (desc === null) return -1;
    if (typeof desc === 'number') return -2 - desc;
    return this.ids.get(desc)!;
  }

  /** A number standing for a name or a JSON value (equal primitives share one). */
  private atom(value: unknown): number {
    let atom = this.atoms.get(value);
    if (atom === undefined) this.atoms.set(value, (atom = this.atoms.size));
    return atom;
  }

  /** One description for equal ones (equal `tokens`), counted: those built more than once are shared. */
  private intern(tokens: number[], build: () => readonly unknown[]): readonly unknown[] {
    let hash = HASH_START;
    for (const token of tokens) hash = mix(hash, token);
    const bucket = this.bucket(hash);
    for (const known of bucket) {
      if (sameTokens(known.tokens, tokens)) {
        known.uses++;
        return known.desc;
      }
    }
    return this.store(bucket, tokens, build());
  }

  /** `intern` for descriptions told apart by one key (a ref's name, the value a null wraps). */
  private internBy<K>(map: Map<K, Interned>, key: K, build: () => readonly unknown[]): readonly unknown[] {
    const known = map.get(key);
    if (known !== undefined) {
      known.uses++;
      return known.desc;
    }
    const desc = this.store(undefined, [], build());
    map.set(key, this.interned[this.interned.length - 1]!);
    return desc;
  }

  private bucket(hash: number): Interned[] {
    let bucket = this.buckets.get(hash);
    if (bucket === undefined) this.buckets.set(hash, (bucket = []));
    return bucket;
  }

  /** A new description (`tokens` empty where the bucket's entries are compared by their parts). */
  private store(bucket: Interned[] | undefined, tokens: number[], desc: readonly unknown[]): readonly unknown[] {
    const entry = { tokens, desc, uses: 1 };
    this.ids.set(desc, this.interned.length);
    this.interned.push(entry);
    bucket?.push(entry);
    return desc;
  }

  /**
   * The JSON text of every description; equal ones built more than once (and not tiny) are
   * written once, in `shared`, and referred to as `["s", i]`. Call it once: it replaces the shared
   * parts of the descriptions in place.
   */
  json(depthCap: number, variety: boolean): string {
    const refs = new Map<unknown, unknown>();
    const table: unknown[] = [];
    for (const { desc, uses } of this.interned) {
      if (uses > 1 && desc.some((item) => Array.isArray(item))) refs.set(desc, ['s', table.push(desc) - 1]);
    }
    const ref = (desc: unknown): unknown => refs.get(desc) ?? desc;
    for (const { desc } of this.interned) {
      const parts = desc as unknown[];
      if (parts[0] === 'o') for (const entry of parts[1] as unknown[][]) entry[1] = ref(entry[1]);
      else if (parts[0] === 'u') for (const entry of parts[1] as unknown[][]) entry[0] = ref(entry[0]);
      else if (parts[0] === 't') parts[1] = (parts[1] as unknown[]).map(ref);
      else if (parts[0] === '?' || parts[0] === 'm' || parts[0] === 'a') parts[1] = ref(parts[1]);
    }
    const schemas = Object.fromEntries(Object.entries(this.schemas).map(([key, desc]) => [key, ref(desc)]));
    return JSON.stringify({ depthCap, variety, shared: table, schemas, responses: this.responses.map(ref) });
  }

  private bare(node: SchemaNode): Description {
    switch (node.kind) {
      case 'ref':
        if (!this.named.has(node.key)) return null;
        this.want(node.key);
        return this.internBy(this.refs, node.key, () => ['r', node.key]);
      case 'object':
        return this.object(node);
      case 'array':
        return this.array(node);
      case 'tuple':
        return this.tuple(node);
      case 'string':
        // Most strings have neither a pattern nor bounds: looked up by format alone.
        if (node.pattern === undefined && node.minLength === undefined && node.maxLength === undefined && node.binary === undefined) return this.plainLeaf(this.plainStrings, node.format, node);
        return this.options.admitsNone(node) ? this.internBy(this.constants, 'n', () => ['n']) : this.leaf(node);
      case 'number':
        if (node.minimum === undefined && node.maximum === undefined && node.exclusiveMinimum === undefined && node.exclusiveMaximum === undefined && node.multipleOf === undefined) {
          return this.plainLeaf(node.integer ? this.plainIntegers : this.plainNumbers, node.format, node);
        }
        return this.leaf(node);
      case 'boolean':
        return this.internBy(this.constants, 'b', () => ['b']);
      case 'enum': {
        const values = node.values;
        if (node.isConst) return this.intern([KIND.k, this.atom(values[0])], () => ['k', values[0]]);
        return this.intern([KIND.e, ...values.map((value) => this.atom(value))], () => ['e', values]);
      }
      case 'union':
        return this.union(node);
      case 'never':
        return this.internBy(this.constants, 'n', () => ['n']);
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
      return this.intern([KIND.m, this.idOf(value), count, minimum], () => ['m', value, count, minimum]);
    }
    if (node.properties.length < minimum && additional !== false) return this.fallback(node);
    const room = node.maxProperties === undefined ? Infinity : node.maxProperties - node.properties.filter((p) => p.required).length;
    // The parts go on a shared stack, so that an object equal to one described before (most of
    // GitHub's) allocates nothing.
    const stack = this.stack;
    const base = stack.length;
    let optional = 0;
    let hash = mix(mix(HASH_START, KIND.o), minimum);
    for (const property of node.properties) {
      if (!property.required && optional++ >= room) continue;
      const value = this.node(property.schema);
      const required = property.required ? 1 : 0;
      stack.push(property, value);
      hash = mix(mix(mix(hash, this.atom(property.name)), this.idOf(value)), required);
    }
    const count = (stack.length - base) / 2;
    const bucket = this.bucket(hash);
    for (const known of bucket) {
      const desc = known.desc;
      if (desc[0] !== 'o' || desc[2] !== minimum) continue;
      const entries = desc[1] as [string, Description, number][];
      if (entries.length !== count) continue;
      let same = true;
      for (let i = 0; same && i < count; i++) {
        const entry = entries[i]!;
        const property = stack[base + 2 * i] as ObjectNode['properties'][number];
        same = entry[0] === property.name && entry[1] === stack[base + 2 * i + 1] && entry[2] === (property.required ? 1 : 0);
      }
      if (same) {
        stack.length = base;
        known.uses++;
        return desc;
      }
    }
    const properties: [string, Description, number][] = [];
    for (let i = base; i < stack.length; i += 2) {
      const property = stack[i] as ObjectNode['properties'][number];
      properties.push([property.name, stack[i + 1] as Description, property.required ? 1 : 0]);
    }
    stack.length = base;
    return this.store(bucket, [], ['o', properties, minimum]);
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
    const minimum = node.minItems ?? 0;
    return this.intern([KIND.a, this.idOf(items), count, minimum, unique], () => ['a', items, count, minimum, unique]);
  }

  private tuple(node: TupleNode): Description {
    const items = node.items.map((item) => this.node(item));
    const rest = node.rest;
    if (rest !== false) for (let i = items.length; i < (node.minItems ?? 0); i++) items.push(this.node(rest));
    return this.intern([KIND.t, ...items.map((item) => this.idOf(item))], () => ['t', items]);
  }

  /** Seed order (the first member that is not a `$ref`, then the others), each with its tag. */
  private union(node: UnionNode): Description {
    const order = [...node.variants.keys()].sort((a, b) => Number(node.variants[a]!.kind === 'ref') - Number(node.variants[b]!.kind === 'ref') || a - b);
    const property = node.discriminator?.propertyName ?? null;
    const tokens: number[] = [KIND.u, property === null ? -1 : this.atom(property)];
    const variants = order.map((index) => {
      const described = this.node(node.variants[index]!);
      const tag = this.options.tag(node, index);
      tokens.push(this.idOf(described), tag === undefined ? -1 : this.atom(tag.value));
      return tag === undefined ? [described] : [described, tag.value];
    });
    return this.intern(tokens, () => ['u', variants, property]);
  }

  /** The leaf of a string or number without bounds, by its format. */
  private plainLeaf(leaves: Map<string | undefined, number>, format: string | undefined, node: SchemaNode): number {
    let index = leaves.get(format);
    if (index === undefined) leaves.set(format, (index = this.leaf(node)));
    return index;
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

const HASH_START = 0x811c9dc5;
const mix = (hash: number, token: number): number => Math.imul(hash ^ token, 16777619);

function sameTokens(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
      // Most strings have no bounds: a short key.
      if (node.pattern === undefined && node.minLength === undefined && node.maxLength === undefined && node.binary === undefined) return `S${node.format}`;
      return `s${node.format}|${node.pattern?.length}:${node.pattern}|${node.patternFlags}|${node.minLength}|${node.maxLength}|${node.binary}`;
    case 'number':
      if (node.minimum === undefined && node.maximum === undefined && node.exclusiveMinimum === undefined && node.exclusiveMaximum === undefined && node.multipleOf === undefined) return `N${node.format}|${node.integer}`;
      return `n${node.format}|${node.integer}|${node.minimum}|${node.maximum}|${node.exclusiveMinimum}|${node.exclusiveMaximum}|${node.multipleOf}`;
    case 'ref':
      return `r${node.key}`;
    default:
      return JSON.stringify(node);
  }
}
