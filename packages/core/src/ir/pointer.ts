/** RFC 6901 JSON pointers in URI-fragment form (`#/a/b~1c`). */

export function escapeSegment(segment: string): string {
  // Most segments need no escape; the model builds a pointer for every node it reads.
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeSegment(segment: string): string {
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
