import { SpecError } from '../errors.js';
import { childPointer, escapeSegment, parsePointer } from '../ir/pointer.js';
import { NameScope } from '../naming/registry.js';
import type { DocumentCache } from './document-cache.js';
import { parseDocumentText } from './parse-document.js';
import { readSource, SourceReadError, type FetchLimits } from './read-source.js';
import { CREDENTIALS_ADVICE, hasCredentials, redactCredentials } from './remote-url.js';
import { hoistedSchemaName } from './ref-names.js';
import { displayUrl, type SourcePolicy } from './source-policy.js';

/**
 * What a node is, as far as `$ref`s care: a schema's `$ref` becomes a named component, a `$ref`
 * anywhere else (parameter, response, path item, a whole `properties` map) is replaced by its
 * target; literals (examples, defaults, enums) are copied untouched. A Responses object is a kind
 * of its own: its `default` is a response (repro 21), not the data a `default` holds elsewhere.
 */
type Kind = 'root' | 'paths' | 'components' | 'componentGroup' | 'responses' | 'schema' | 'schemaMap' | 'schemaList' | 'discriminator' | 'mapping' | 'literal' | 'other';

const SCHEMA_CHILDREN = new Set([
  'additionalProperties', 'not', 'contains', 'if', 'then', 'else', 'propertyNames', 'unevaluatedItems',
  'unevaluatedProperties', 'additionalItems', 'contentSchema',
]);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_LITERALS = new Set(['example', 'examples', 'default', 'enum', 'const']);

function childKind(kind: Kind, key: string, value: unknown): Kind {
  switch (kind) {
    case 'root':
      return key === 'components' ? 'components' : key === 'paths' || key === 'webhooks' ? 'paths' : 'other';
    case 'paths':
      return 'other';
    case 'components':
      return key === 'schemas' ? 'schemaMap' : 'componentGroup';
    case 'componentGroup':
    case 'responses':
      return 'other';
    case 'schemaMap':
    case 'schemaList':
      return 'schema';
    case 'schema':
      if (key === 'items') return Array.isArray(value) ? 'schemaList' : 'schema';
      if (SCHEMA_CHILDREN.has(key)) return 'schema';
      if (SCHEMA_MAPS.has(key)) return 'schemaMap';
      if (SCHEMA_LISTS.has(key)) return 'schemaList';
      if (SCHEMA_LITERALS.has(key)) return 'literal';
      return key === 'discriminator' ? 'discriminator' : 'other';
    case 'discriminator':
      return key === 'mapping' ? 'mapping' : 'literal';
    case 'mapping':
      // Each value is a `$ref` written as a string, relative to the file that holds it.
      return 'mapping';
    case 'literal':
      return 'literal';
    case 'other':
      if (key === 'schema') return 'schema';
      if (key === 'responses') return 'responses';
      return key === 'example' || key === 'value' || key === 'default' ? 'literal' : 'other';
  }
}

interface Doc {
  /** Where the document was asked for (no fragment); `$ref`s are keyed by it. */
  href: string;
  /** Where it came from after redirects; relative `$ref`s inside resolve against it. */
  url: URL;
  label: string;
  root: unknown;
}

interface Target {
  doc: Doc;
  segments: string[];
  node: unknown;
  key: string;
}

/** A `$ref` whose document is not read yet, and where it was written (for messages). */
interface Pending {
  url: URL;
  ref: string;
  site: { doc: Doc; pointer: string };
}

export interface BundleResult {
  document: Record<string, unknown>;
  /** Where each hoisted component came from: `#/components/schemas/App` → app.yml `#`. */
  origins: Map<string, { file: string; pointer: string }>;
  /** Every file and URL read, the spec first: what watch mode watches. */
  loadedFiles: string[];
}

/**
 * Turns a spec spread over files (or URLs) into one document whose `$ref`s are all internal, so
 * the IR builder sees one document. A schema reached through a `$ref` that leaves the document
 * (or lands outside `#/components`, as bundlers write) becomes one named component, referenced
 * from every use (issue 15, repro 16); other `$ref`s are replaced by their targets. Every
 * document is checked against the policy before it is read.
 */
/**
 * A `$ref` written as a `file:` URL, however it is spelt: the URL parser ignores leading and
 * trailing spaces and control characters and every tab and line break (` file:…`, `fi\tle:…`),
 * so the scheme is the one it reads, not a prefix of the text.
 */
/**
 * `record[key] = value` as JSON.parse does it: a `__proto__` key is a property like any other, not
 * the copy's prototype (whose keywords every schema reading the copy would then inherit).
 */
function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

function writtenAsFileUrl(ref: string): boolean {
  return URL.canParse(ref) && new URL(ref).protocol === 'file:';
}

export class RefBundler {
  private readonly docs = new Map<string, Doc>();
  private pending = new Map<string, Pending>();
  /** Per pass: target key → component name, the schema targets found, the components built. */
  private names = new Map<string, string>();
  private targets = new Set<string>();
  private hoisted = new Map<string, unknown>();
  private origins = new Map<string, { file: string; pointer: string }>();
  private building = new Set<string>();
  private inlining: string[] = [];
  private scope = new NameScope();
  private replaceTargets = false;
  /** Whether a pass replaced or renamed any `$ref` (if not, the document is used as it is). */
  private changed = false;

  constructor(
    private readonly policy: SourcePolicy,
    private readonly limits: FetchLimits,
    /** A session's parsed files, reused when their text did not change. */
    private readonly documents?: DocumentCache,
    /** Receives each local file before it is read (see `LoadOptions.reads`). */
    private readonly reads?: Set<string>,
  ) {}

  async bundle(asked: URL, url: URL, parsed: unknown): Promise<BundleResult> {
    const root = this.addDoc(asked, url, parsed);
    // Walk until every document a $ref names is read (each round reads the newly named ones).
    for (;;) {
      this.pass(root, false);
      if (this.pending.size === 0) break;
      const batch = [...this.pending.values()];
      this.pending = new Map();
      // Every target of the round passes the policy, in document order, before any is read.
      for (const pending of batch) await this.allow(pending);
      // Read at once, added in document order: the list of files read is the same on every run.
      const read = await Promise.all(batch.map((p) => this.load(p)));
      for (const doc of read) this.addDoc(doc.asked, doc.url, doc.parsed);
    }
    const loadedFiles = [...this.docs.values()].map((d) => d.label);
    // Nothing to bundle (the usual single-file spec): the document goes on as parsed.
    if (!this.changed) return { document: root.root as Record<string, unknown>, loadedFiles, origins: new Map() };
    // The first complete pass found every schema target; the second replaces each one, where it
    // stands, by a reference to its component, so it is written once.
    const targets = this.targets;
    const names = this.names;
    const copied = this.pass(root, true, targets, names);
    return { document: this.assemble(copied), loadedFiles, origins: this.origins };
  }

  private addDoc(asked: URL, url: URL, root: unknown): Doc {
    const doc: Doc = { href: asked.href, url, label: displayUrl(asked), root };
    this.docs.set(doc.href, doc);
    return doc;
  }

  private async allow({ url, ref, site }: Pending): Promise<void> {
    const broken = await this.policy.check(url);
    if (broken !== undefined) throw new SpecError(`$ref "${ref}" is refused: ${broken}`, siteOf(site), 'SPEC_INVALID');
  }

  private async load({ url, ref, site }: Pending): Promise<{ asked: URL; url: URL; parsed: unknown }> {
    const where = siteOf(site);
    let read: { text: string; url: URL };
    if (url.protocol === 'file:') this.reads?.add(displayUrl(url));
    try {
      read = await readSource(url, this.policy, this.limits);
    } catch (error) {
      if (!(error instanceof SourceReadError)) throw error;
      throw new SpecError(`$ref "${ref}" does not resolve: ${error.message}`, where, 'SPEC_INVALID');
    }
    const label = displayUrl(url);
    const parsed = this.documents ? this.documents.parse(url.href, read.text, label) : parseDocumentText(read.text, label);
    return { asked: url, url: read.url, parsed };
  }

  private pass(root: Doc, replace: boolean, targets = new Set<string>(), names = new Map<string, string>()): unknown {
    this.replaceTargets = replace;
    this.targets = targets;
    this.names = names;
    this.hoisted = new Map();
    this.origins = new Map();
    this.building = new Set();
    this.inlining = [];
    this.changed = false;
    const schemas = componentSchemas(root.root);
    this.scope = new NameScope([...Object.keys(schemas), ...names.values()]);
    for (const [name, value] of Object.entries(schemas)) {
      this.names.set(`${root.href}${childPointer('#/components/schemas', name)}`, name);
      // `Pet: { $ref: pet.yaml }` names the file's schema Pet.
      const ref = isRecord(value) && Object.keys(value).length === 1 ? value['$ref'] : undefined;
      if (typeof ref === 'string' && !ref.startsWith('#')) {
        const key = this.targetKey(root, ref);
        if (key !== undefined && !this.names.has(key)) this.names.set(key, name);
      }
    }
    // The documents are read, never changed: the result is a copy.
    return this.copy(root, '#', root.root, 'root', true);
  }

  /** The copied root with the hoisted schemas added to `components.schemas`. */
  private assemble(copied: unknown): Record<string, unknown> {
    const document = copied as Record<string, unknown>;
    if (this.hoisted.size === 0) return document;
    const components = isRecord(document['components']) ? document['components'] : {};
    const schemas = isRecord(components['schemas']) ? { ...components['schemas'] } : {};
    for (const [name, schema] of this.hoisted) setOwn(schemas, name, schema);
    return { ...document, components: { ...components, schemas } };
  }

  private copy(doc: Doc, pointer: string, node: unknown, kind: Kind, top = false): unknown {
    if (kind === 'literal' || node === null || typeof node !== 'object') {
      if (kind === 'mapping' && typeof node === 'string') return this.mappingRef(doc, pointer, node);
      return node;
    }
    if (Array.isArray(node)) return node.map((item, i) => this.copy(doc, childPointer(pointer, i), item, childKind(kind, String(i), item)));
    const record = node as Record<string, unknown>;
    if (kind === 'schema' && !top && this.replaceTargets) {
      const key = `${doc.href}${pointer}`;
      if (this.names.has(key) && this.targets.has(key)) {
        // Built here when the walk meets the target before any `$ref` to it: a schema that refers
        // to itself is reached through that `$ref` only from inside the copy replaced here.
        return { $ref: componentRef(this.hoist({ doc, segments: parsePointer(pointer) ?? [], node, key })) };
      }
    }
    if (typeof record['$ref'] === 'string' && kind !== 'discriminator' && kind !== 'mapping') return this.ref(doc, pointer, record, kind);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) setOwn(out, key, this.copy(doc, childPointer(pointer, key), value, childKind(kind, key, value)));
    return out;
  }

  private ref(doc: Doc, pointer: string, node: Record<string, unknown>, kind: Kind): unknown {
    const ref = node['$ref'] as string;
    const siblings: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key !== '$ref') setOwn(siblings, key, this.copy(doc, childPointer(pointer, key), value, kind === 'schema' ? childKind('schema', key, value) : 'literal'));
    }
    const local = ref.startsWith('#') && doc === this.rootDoc();
    if (local && (kind !== 'schema' || ref.startsWith('#/components/')) && kind !== 'schemaMap') return { ...siblings, $ref: ref };
    this.changed = true;
    const target = this.locate(doc, pointer, ref);
    if (target === undefined) return { ...siblings };
    if (kind === 'schema') {
      if (target.doc === this.rootDoc() && target.segments[0] === 'components') {
        return { ...siblings, $ref: childPointer('#', ...target.segments) };
      }
      return { ...siblings, $ref: componentRef(this.hoist(target)) };
    }
    if (target.doc === this.rootDoc() && kind !== 'schemaMap') return { ...siblings, $ref: childPointer('#', ...target.segments) };
    if (this.inlining.includes(target.key)) {
      throw new SpecError(`$ref "${ref}" is circular: it is reached again while being replaced by its target`, { file: doc.label, pointer: childPointer(pointer, '$ref') });
    }
    this.inlining.push(target.key);
    const value = this.copy(target.doc, childPointer('#', ...target.segments), target.node, kind);
    this.inlining.pop();
    return isRecord(value) ? { ...value, ...siblings } : value;
  }

  /** A discriminator mapping value is a `$ref` written as a string. */
  private mappingRef(doc: Doc, pointer: string, ref: string): string {
    if (doc === this.rootDoc() && ref.startsWith('#/components/')) return ref;
    if (!ref.includes('#') && !ref.includes('/') && !/\.(ya?ml|json)$/i.test(ref)) return ref; // a schema name
    // A mapping names a schema some `$ref` brings in: it reads no file of its own (APIs.guru's
    // bundled DigitalOcean spec keeps mappings to files it no longer has).
    if (!this.isLoaded(doc, ref)) return ref;
    let target: Target | undefined;
    try {
      target = this.locate(doc, pointer, ref);
    } catch (error) {
      // A mapping entry that names nothing stays a warning of the IR, at its place, as in one file.
      if (error instanceof SpecError) return ref;
      throw error;
    }
    if (target === undefined) return ref;
    this.changed = true;
    if (target.doc === this.rootDoc() && target.segments[0] === 'components') return childPointer('#', ...target.segments);
    return componentRef(this.hoist(target));
  }

  private isLoaded(doc: Doc, ref: string): boolean {
    if (ref.startsWith('#') || !URL.canParse(ref, doc.url)) return true;
    const url = new URL(ref, doc.url);
    url.hash = '';
    return this.docs.has(url.href);
  }

  /** The component name of a schema target; its content is built once per pass. */
  private hoist(target: Target): string {
    this.targets.add(target.key);
    let name = this.names.get(target.key);
    if (name === undefined) {
      name = this.scope.claim(hoistedSchemaName(target.doc.url, target.segments, this.rootDoc().root));
      this.names.set(target.key, name);
    }
    if (!this.building.has(target.key)) {
      this.building.add(target.key);
      this.hoisted.set(name, undefined); // keeps the components in the order they were met
      this.origins.set(componentRef(name), { file: target.doc.label, pointer: childPointer('#', ...target.segments) });
      this.hoisted.set(name, this.copy(target.doc, childPointer('#', ...target.segments), target.node, 'schema', true));
    }
    return name;
  }

  private rootDoc(): Doc {
    return this.docs.values().next().value!;
  }

  private targetKey(doc: Doc, ref: string): string | undefined {
    // An invalid reference is reported, with its place, when it is located.
    if (!URL.canParse(ref, doc.url)) return undefined;
    const url = new URL(ref, doc.url);
    const fragment = url.hash || '#';
    url.hash = '';
    const segments = parsePointer(fragment);
    return segments === undefined ? undefined : `${this.docs.get(url.href)?.href ?? url.href}${childPointer('#', ...segments)}`;
  }

  /** Finds a `$ref`'s target; a document not read yet is queued and the pass goes on without it. */
  private locate(doc: Doc, pointer: string, ref: string): Target | undefined {
    const where = { file: doc.label, pointer: childPointer(pointer, '$ref') };
    let url: URL;
    try {
      url = new URL(ref, doc.url);
    } catch {
      throw new SpecError(`$ref "${redactCredentials(ref)}" is not a valid reference`, where);
    }
    // Refused before any message prints the URL: a password would end up in CI logs.
    if (hasCredentials(url)) throw new SpecError(`$ref "${redactCredentials(ref)}" is refused: it has credentials in it, ${CREDENTIALS_ADVICE}`, where);
    if (writtenAsFileUrl(ref)) throw new SpecError(`$ref "${ref}" is refused: file: URLs are not allowed (write a path relative to the spec)`, where);
    const fragment = url.hash || '#';
    url.hash = '';
    if (ref.startsWith('#')) url = new URL(doc.href);
    const target = this.docs.get(url.href);
    if (target === undefined) {
      if (!this.pending.has(url.href)) this.pending.set(url.href, { url, ref, site: { doc, pointer } });
      return undefined;
    }
    const segments = parsePointer(fragment);
    if (segments === undefined) throw new SpecError(`$ref "${ref}" has a fragment that is not a JSON pointer (expected #/…)`, where);
    let node: unknown = target.root;
    for (const [i, segment] of segments.entries()) {
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) {
        const at = childPointer('#', ...segments.slice(0, i));
        throw new SpecError(`$ref "${ref}" does not resolve: no "${segment}" ${at === '#' ? 'at the top' : `in ${at}`} of ${target.label}`, where);
      }
      node = (node as Record<string, unknown>)[segment];
    }
    return { doc: target, segments, node, key: `${target.href}${childPointer('#', ...segments)}` };
  }
}

/**
 * Whether a document needs the bundler: some `$ref` (or discriminator mapping) leaves
 * `#/components`, or a `$ref` stands for a `properties` map. Most single-file specs do not, and
 * this scan costs a fraction of the bundler's copy (GitHub's spec: 10 MB).
 */
export function needsBundling(root: unknown): boolean {
  if (root === null || typeof root !== 'object') return false;
  // Two stacks, not one of [node, key] pairs: GitHub's spec has 500,000 objects, and a pair each
  // was most of the scan's time.
  const nodes: object[] = [root];
  const parentKeys: string[] = [''];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const parentKey = parentKeys.pop()!;
    if (Array.isArray(node)) {
      for (const item of node as unknown[]) {
        if (item !== null && typeof item === 'object') {
          nodes.push(item);
          parentKeys.push('');
        }
      }
      continue;
    }
    const record = node as Record<string, unknown>;
    const ref = record['$ref'];
    if (typeof ref === 'string' && (!ref.startsWith('#/components/') || SCHEMA_MAPS.has(parentKey))) return true;
    const inMapping = parentKey === 'mapping';
    for (const key in record) {
      const value = record[key];
      if (value === null) continue;
      if (typeof value === 'object') {
        nodes.push(value);
        parentKeys.push(key);
      } else if (inMapping && typeof value === 'string' && !value.startsWith('#/components/') && /[#/]|\.(ya?ml|json)$/i.test(value)) return true;
    }
  }
  return false;
}

function siteOf(site: { doc: Doc; pointer: string }): { file: string; pointer: string } {
  return { file: site.doc.label, pointer: childPointer(site.pointer, '$ref') };
}

function componentRef(name: string): string {
  return `#/components/schemas/${escapeSegment(name)}`;
}

function componentSchemas(root: unknown): Record<string, unknown> {
  const components = isRecord(root) ? root['components'] : undefined;
  const schemas = isRecord(components) ? components['schemas'] : undefined;
  return isRecord(schemas) ? schemas : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
