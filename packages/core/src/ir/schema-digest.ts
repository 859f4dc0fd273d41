/**
 * What a schema's conversion reads besides the converted nodes of other schemas: its own JSON
 * subtree, whether each `$ref` in it names a component schema, and the `readOnly`/`writeOnly` of
 * each `$ref`'s target (a property reads them through the reference). Two schemas with the same
 * digest convert to the same nodes, given the same nodes for the schemas they merge.
 */
import { hash } from 'node:crypto';
import { exactJson } from '../exact-json.js';
import { normalizePointer, resolvePointer } from './pointer.js';

/** A `"$ref":"..."` in JSON text; may also match inside an odd key (a superset is safe: it only adds context). */
const REF = /"\$ref":"((?:[^"\\]|\\.)*)"/g;
const COMPONENT_SCHEMA = /^#\/components\/schemas\/[^/]+$/;

/**
 * Digests of one document's schemas. `components` holds the component schemas' names; what a
 * `$ref` says is worked out once per document (GitHub's spec writes 20,000 of them, mostly the same).
 */
export class SchemaDigests {
  private readonly refs = new Map<string, string | undefined>();
  /** A schema converted at several places (a shared response's) is digested once. */
  private readonly known = new Map<unknown, string | undefined>();

  constructor(
    private readonly document: Record<string, unknown>,
    private readonly components: ReadonlySet<string>,
  ) {}

  /**
   * The digest of a raw schema, or `undefined` when its conversion reads more of the document
   * than the digest can say: a `$ref` to anything but a component schema is converted in place
   * (and may be given a name that depends on every other schema), so such a schema is always
   * converted again.
   */
  of(raw: unknown): string | undefined {
    if (this.known.has(raw)) return this.known.get(raw);
    const json = exactJson(raw);
    let context: string | undefined = '';
    let digest: string | undefined;
    for (const match of json.matchAll(REF)) {
      const said = this.ref(match[1]!);
      if (said === undefined) {
        context = undefined;
        break;
      }
      context += said;
    }
    if (context !== undefined) digest = hash('sha256', `${json}\u0001${context}`, 'base64');
    if (raw !== null && typeof raw === 'object') this.known.set(raw, digest);
    return digest;
  }

  /** What a `$ref` (as written in JSON) tells a conversion: its target's readOnly and writeOnly. */
  private ref(written: string): string | undefined {
    if (this.refs.has(written)) return this.refs.get(written);
    const ref = written.includes('\\') ? (JSON.parse(`"${written}"`) as string) : written;
    const target = normalizePointer(ref);
    let said: string | undefined;
    if (target !== undefined && COMPONENT_SCHEMA.test(target) && this.components.has(componentName(target))) {
      const resolved = resolvePointer(this.document, ref);
      const record = resolved !== null && typeof resolved === 'object' ? (resolved as Record<string, unknown>) : {};
      said = `${record['readOnly'] === true ? 'r' : '-'}${record['writeOnly'] === true ? 'w' : '-'}`;
    }
    this.refs.set(written, said);
    return said;
  }
}

function componentName(target: string): string {
  return target.slice('#/components/schemas/'.length).replace(/~1/g, '/').replace(/~0/g, '~');
}
