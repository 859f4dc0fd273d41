/**
 * Reuse of converted schemas between the builds of a session (watch mode): a schema whose
 * conversion would read the same things as in the last build takes that build's nodes, and a
 * one-line edit converts only the schemas it touched.
 *
 * What a conversion reads (the reuse is sound only if this list is whole):
 * - its JSON subtree, whether each `$ref` in it names a component schema, and its targets'
 *   readOnly/writeOnly: the digest (`schema-digest.ts`);
 * - the built nodes of the schemas it merges (`allOf`, via `ensureNamed`): recorded as calls, and
 *   the schema is reused only when each of them is reused, so their nodes are the same objects;
 * - the converter's state: a schema in a cycle of merges sees a half-built one (its result depends
 *   on the order of building), and a `$ref` outside the component schemas is inlined through a
 *   cache shared by every schema and may be given a name that depends on the names taken: neither
 *   is kept, both are converted on every build.
 * What a conversion does beyond its nodes is replayed in order: its warnings, the builds of the
 * schemas it merges (with their own warnings), and the discriminators it leaves to resolve once
 * every schema is built (they read other schemas, so they are resolved again on every build).
 */
import type { LoadedSpec } from '../load/load-spec.js';
import type { PendingDiscriminator, SchemaConverter } from './schema-converter.js';
import { SchemaDigests } from './schema-digest.js';
import type { SchemaNode } from './types.js';

/** One conversion's effects: warnings and merged schemas' builds in the order they happened. */
type Effect = string | { build: string };

interface Conversion {
  /** Where the schema is (a component's pointer, or an operation schema's pointer and occurrence). */
  site: string;
  digest: string;
  node: SchemaNode;
  effects: Effect[];
  pendings: PendingDiscriminator[];
}

interface Frame {
  effects: Effect[];
  pendings: PendingDiscriminator[];
  warningsFrom: number;
  pendingsFrom: number;
  /** The result depends on more than the digest and the recorded builds: not kept. */
  unsound: boolean;
  /** A replay: its effects are already known. */
  replay: boolean;
}

export interface MemoStats {
  /** Component schemas taken from the last build. */
  reusedSchemas: number;
  /** Component schemas converted. */
  convertedSchemas: number;
  /** Operation schemas (parameters, bodies, responses) taken from the last build. */
  reusedOperationSchemas: number;
  /** Operation schemas converted. */
  convertedOperationSchemas: number;
}

/**
 * The converted schemas of a session's last successful build of one spec. Owned by the session
 * (never module state); a build that fails leaves it as it was.
 */
export class ModelMemo {
  private scope = '';
  private named = new Map<string, Conversion>();
  private operations = new Map<string, Conversion>();
  /** What the last build reused and converted. */
  lastBuild: MemoStats = { reusedSchemas: 0, convertedSchemas: 0, reusedOperationSchemas: 0, convertedOperationSchemas: 0 };

  /** Hooks a build's converter; the build calls `convertOperationSchema` and, once done, `commit`. */
  begin(converter: SchemaConverter, spec: LoadedSpec): MemoBuild {
    const scope = `${spec.file}\u0000${spec.dialect}`;
    const fresh = scope !== this.scope;
    return new MemoBuild(converter, spec.document, fresh ? new Map() : this.named, fresh ? new Map() : this.operations, (named, operations, stats) => {
      this.scope = scope;
      this.named = named;
      this.operations = operations;
      this.lastBuild = stats;
    });
  }
}

type Commit = (named: Map<string, Conversion>, operations: Map<string, Conversion>, stats: MemoStats) => void;

/** One build's use of the memo. */
export class MemoBuild {
  private readonly frames: Frame[] = [];
  private readonly nextNamed = new Map<string, Conversion>();
  private readonly nextOperations = new Map<string, Conversion>();
  /** Per component: the last build's conversion when it can be reused in this one, else null. */
  private readonly reusable = new Map<string, Conversion | null>();
  private readonly occurrences = new Map<string, number>();
  private readonly digests = new Map<string, string | undefined>();
  private readonly digest: SchemaDigests;
  private readonly stats: MemoStats = { reusedSchemas: 0, convertedSchemas: 0, reusedOperationSchemas: 0, convertedOperationSchemas: 0 };
  private readonly build: (key: string) => SchemaNode | undefined;

  constructor(
    private readonly converter: SchemaConverter,
    document: Record<string, unknown>,
    private readonly named: ReadonlyMap<string, Conversion>,
    private readonly operations: ReadonlyMap<string, Conversion>,
    private readonly onCommit: Commit,
  ) {
    const components = new Set([...converter.named.values()].filter((entry) => entry.isComponent).map((entry) => entry.key));
    this.digest = new SchemaDigests(document, components);
    this.build = converter.ensureNamed.bind(converter);
    // Every build of a named schema, by the converter itself or by a merge, passes through here.
    converter.ensureNamed = (key) => this.ensureNamed(key);
  }

  /** Converts a schema of an operation (at `pointer`), or takes the last build's nodes for it. */
  convertOperationSchema(raw: unknown, pointer: string): SchemaNode {
    // A shared parameter is converted once per use: each use has nodes of its own, as without reuse.
    const occurrence = this.occurrences.get(pointer) ?? 0;
    this.occurrences.set(pointer, occurrence + 1);
    const site = occurrence === 0 ? pointer : `${pointer}\u0000${occurrence}`;
    const digest = this.digest.of(raw);
    const last = this.operations.get(site);
    if (last && digest !== undefined && last.digest === digest && last.effects.every((effect) => typeof effect === 'string' || this.reusableNamed(effect.build))) {
      this.replay(last);
      this.nextOperations.set(site, last);
      this.stats.reusedOperationSchemas++;
      return last.node;
    }
    this.stats.convertedOperationSchemas++;
    const { node, conversion } = this.record(site, digest, () => this.converter.convert(raw, pointer));
    if (conversion) this.nextOperations.set(site, conversion);
    return node;
  }

  /** Keeps this build's conversions for the next build (only a build that succeeded calls it). */
  commit(): void {
    this.onCommit(this.nextNamed, this.nextOperations, this.stats);
  }

  private ensureNamed(key: string): SchemaNode | undefined {
    const entry = this.converter.named.get(key);
    const frame = this.frames.at(-1);
    if (entry?.state === 'building') {
      // A cycle of merges: the caller sees a schema half built, which depends on the order of building.
      if (frame) frame.unsound = true;
      return this.build(key);
    }
    if (frame && !frame.replay) {
      this.flush(frame);
      frame.effects.push({ build: key });
    }
    try {
      if (!entry || entry.state === 'done') return this.build(key);
      const last = this.reusableNamed(key);
      if (last) {
        entry.state = 'building';
        this.replay(last);
        entry.node = last.node;
        entry.state = 'done';
        this.nextNamed.set(key, last);
        this.stats.reusedSchemas++;
        return last.node;
      }
      const digest = entry.isComponent ? this.digestOf(key) : undefined;
      if (entry.isComponent) this.stats.convertedSchemas++;
      const { node, conversion } = this.record(entry.pointer, digest, () => this.build(key));
      if (conversion) this.nextNamed.set(key, conversion);
      return node;
    } finally {
      if (frame && !frame.replay) {
        frame.warningsFrom = this.converter.reader.warnings.length;
        frame.pendingsFrom = this.converter.pendingDiscriminators.length;
      }
    }
  }

  /**
   * The last build's conversion of component `key` when it stands for this build: same site, same
   * digest, and every schema it merged is reused too (so their nodes are the very objects it read).
   */
  private reusableNamed(key: string): Conversion | undefined {
    const known = this.reusable.get(key);
    if (known !== undefined) return known ?? undefined;
    // Until settled: a cycle among conversions (there is none in a sound build) is not reused.
    this.reusable.set(key, null);
    const entry = this.converter.named.get(key);
    const last = this.named.get(key);
    let found: Conversion | undefined;
    if (entry?.isComponent && last && last.site === entry.pointer) {
      const digest = this.digestOf(key);
      const merged = () => last.effects.every((effect) => typeof effect === 'string' || this.reusableNamed(effect.build));
      if (digest !== undefined && digest === last.digest && merged()) found = last;
    }
    this.reusable.set(key, found ?? null);
    return found;
  }

  private digestOf(key: string): string | undefined {
    if (!this.digests.has(key)) this.digests.set(key, this.digest.of(this.converter.named.get(key)?.raw));
    return this.digests.get(key);
  }

  /** Converts in a frame that records the conversion's effects; kept unless it read more than its digest says. */
  private record(site: string, digest: string | undefined, convert: () => SchemaNode | undefined): { node: SchemaNode; conversion?: Conversion } {
    const frame: Frame = {
      effects: [],
      pendings: [],
      warningsFrom: this.converter.reader.warnings.length,
      pendingsFrom: this.converter.pendingDiscriminators.length,
      unsound: digest === undefined,
      replay: false,
    };
    this.frames.push(frame);
    let node: SchemaNode | undefined;
    try {
      node = convert();
    } finally {
      this.frames.pop();
    }
    this.flush(frame);
    node ??= { kind: 'unknown', nullable: false };
    if (frame.unsound || digest === undefined) return { node };
    return { node, conversion: { site, digest, node, effects: frame.effects, pendings: frame.pendings } };
  }

  /** Moves what the converter did since the frame's marks into the frame. */
  private flush(frame: Frame): void {
    const { warnings } = this.converter.reader;
    for (let i = frame.warningsFrom; i < warnings.length; i++) frame.effects.push(warnings[i]!);
    frame.warningsFrom = warnings.length;
    const pendings = this.converter.pendingDiscriminators;
    for (let i = frame.pendingsFrom; i < pendings.length; i++) frame.pendings.push(pendings[i]!);
    frame.pendingsFrom = pendings.length;
  }

  /** Does again what the conversion did, in order, without converting. */
  private replay(conversion: Conversion): void {
    this.frames.push({ effects: [], pendings: [], warningsFrom: 0, pendingsFrom: 0, unsound: false, replay: true });
    try {
      for (const effect of conversion.effects) {
        if (typeof effect === 'string') this.converter.reader.warnings.push(effect);
        else this.converter.ensureNamed(effect.build);
      }
    } finally {
      this.frames.pop();
    }
    for (const pending of conversion.pendings) {
      // Resolved again once every schema is built: the variants it reads may have changed.
      delete pending.union.discriminator;
      this.converter.pendingDiscriminators.push(pending);
    }
  }
}
