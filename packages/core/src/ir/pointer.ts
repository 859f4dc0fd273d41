/** RFC 6901 JSON pointers in URI-fragment form (`#/a/b~1c`). */

export function escapeSegment(segment: string): string {
  // Most segments need no escape; the model builds a pointer for every node it reads.
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeSegment(segment: string): string {
  if (!segment.includes('~')) return segment;
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function childPointer(pointer: string, ...segments: (string | number)[]): string {
  let out = pointer;
  for (const segment of segments) out += `/${escapeSegment(String(segment))}`;
  return out;
}

/** Splits `#/a/b` into decoded segments; `undefined` when it is not a local pointer. */
export function parsePointer(ref: string): string[] | undefined {
  if (ref === '#' || ref === '#/') return [];
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((segment) => {
      // Without a `%` there is nothing to decode (and nothing decoding could reject).
      if (!segment.includes('%')) return unescapeSegment(segment);
      try {
        return unescapeSegment(decodeURIComponent(segment));
      } catch {
        return unescapeSegment(segment);
      }
    });
}

/** Resolves a local pointer in a document; `undefined` when any segment is missing. */
export function resolvePointer(document: unknown, ref: string): unknown {
  const segments = parsePointer(ref);
  if (segments === undefined) return undefined;
  let node: unknown = document;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    if (!Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** Canonical form of a local pointer, so that equal targets compare equal. */
export function normalizePointer(ref: string): string | undefined {
  const segments = parsePointer(ref);
  return segments === undefined ? undefined : childPointer('#', ...segments);
}

/**
 * The local `$ref`s of one document, each normalised and resolved once: a spec names the same
 * targets thousands of times (GitHub's: 19,000 `$ref`s to 1,700 targets). The document must not
 * change while this is used; one per model build.
 */
export class LocalRefs {
  private readonly normalized = new Map<string, string | undefined>();
  private readonly resolved = new Map<string, unknown>();

  constructor(private readonly document: unknown) {}

  /** `normalizePointer(ref)`. */
  normalize(ref: string): string | undefined {
    if (this.normalized.has(ref)) return this.normalized.get(ref);
    const target = normalizePointer(ref);
    this.normalized.set(ref, target);
    return target;
  }

  /** `resolvePointer(document, ref)`. */
  resolve(ref: string): unknown {
    if (this.resolved.has(ref)) return this.resolved.get(ref);
    const target = resolvePointer(this.document, ref);
    this.resolved.set(ref, target);
    return target;
  }
}
