/**
 * OpenAPI paths → MSW v2 route patterns (path-to-regexp 6 syntax, matched against the request
 * URL's origin and percent-encoded path). `{x}` becomes `:x`; a parameter name that is not a word
 * gets a safe one (DECISIONS); literal text is percent-encoded the way `fetch` encodes a URL path
 * and escaped where path-to-regexp would read it as syntax.
 */

/** Characters a URL path keeps percent-encoded (WHATWG path percent-encode set, plus `%`-free). */
const ENCODED = /[\u0000-\u0020"#<>?`{}\u007f-\u{10ffff}]/u;
/** Characters path-to-regexp 6 reads as syntax in literal text (`{`, `}`, `?` are encoded). */
const SYNTAX = new Set(['(', ')', '+', '\\', ':']);

export interface RoutePattern {
  /** The pattern after the base URL (`/pets/:petId`). */
  pattern: string;
  /** Route names of the path parameters, in path order. */
  params: string[];
}

export function routePattern(path: string): RoutePattern {
  const params: string[] = [];
  let pattern = '';
  // The same templates the IR reads as path parameters.
  const parts = path.split(/(\{[^}]+\})/);
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      pattern += literal(part);
      return;
    }
    const name = uniqueName(part.slice(1, -1), params);
    params.push(name);
    // Two parameters with no text between (`{id}{ext}`): path-to-regexp refuses them, and the
    // handlers never read parameters, so the first one matches the text of both.
    if (i >= 2 && parts[i - 1] === '') return;
    // A word character right after the parameter would extend its name: close it with braces.
    const next = parts[i + 1] ?? '';
    pattern += /^[A-Za-z0-9_]/.test(next) ? `{:${name}}` : `:${name}`;
  });
  return { pattern, params };
}

function uniqueName(raw: string, taken: string[]): string {
  let base = raw.replace(/[^A-Za-z0-9_]/g, '_');
  if (base === '' || /^_+$/.test(base)) base = 'param';
  let name = base;
  for (let n = 2; taken.includes(name); n++) name = `${base}_${n}`;
  return name;
}

function literal(text: string): string {
  let out = '';
  const chars = [...text];
  chars.forEach((ch, i) => {
    if (ENCODED.test(ch)) out += percentEncode(ch);
    else if (ch === ':' && /^\d+(\/|$)/.test(chars.slice(i + 1).join(''))) {
      // MSW escapes a colon before digits itself (it reads them as a port).
      out += ch;
    } else if (SYNTAX.has(ch)) out += `\\${ch}`;
    else out += ch;
  });
  return out;
}

function percentEncode(ch: string): string {
  try {
    return encodeURIComponent(ch);
  } catch {
    // A lone surrogate: fetch would send U+FFFD in its place.
    return '%EF%BF%BD';
  }
}

/**
 * Orders routes so that, under a wildcard base URL, a request is answered by the route written for
 * it: longer paths first (a shorter pattern matches the end of a longer URL), then, segment by
 * segment, literal text before text with parameters before a bare parameter. The sort is stable.
 */
export function compareSpecificity(a: string, b: string): number {
  const sa = segments(a);
  const sb = segments(b);
  if (sa.length !== sb.length) return sb.length - sa.length;
  for (let i = 0; i < sa.length; i++) {
    const ra = segmentRank(sa[i]!);
    const rb = segmentRank(sb[i]!);
    if (ra !== rb) return ra - rb;
  }
  return 0;
}

/**
 * Literal text first, then a segment that mixes parameters and text (`{sha}.{ext}` matches fewer
 * URLs than `{sha}`, which also matches `a.diff`), then a bare parameter.
 */
function segmentRank(segment: string): number {
  if (!segment.includes('{')) return 0;
  return segment.replace(/\{[^}]*\}/g, '') === '' ? 2 : 1;
}

function segments(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}
