/**
 * OpenAPI paths → MSW v2 route patterns (MSW 2 rewrites the pattern, then path-to-regexp 6 reads
 * it; it is matched against the request URL's origin and percent-encoded path). `{x}` becomes
 * `:x`; a parameter name that is not a word gets a safe one (DECISIONS); literal text is
 * percent-encoded the way `fetch` encodes a URL path and escaped where MSW or path-to-regexp would
 * read it as syntax.
 */

/** Characters a URL path keeps percent-encoded (WHATWG path percent-encode set, plus `%`-free). */
const ENCODED = /[\u0000-\u0020"#<>?`{}\u007f-\u{10ffff}]/u;
/** Characters path-to-regexp 6 reads as syntax in literal text (`{`, `}`, `?` are encoded). */
const SYNTAX = new Set(['(', ')', '+', ':']);
/**
 * Characters MSW rewrites before path-to-regexp sees them, backslash or not: `*` becomes a
 * wildcard group and `|` cuts the pattern (it is read as the start of a query). Each is written
 * as a one-character pattern group, `(\x2a)`, which neither MSW nor path-to-regexp reads further.
 */
const GROUPED = new Set(['*', '|']);
/** What a parameter matches by default, for one written right after a pattern group (see below). */
const SEGMENT_TEXT = '([^\\x2f\\x23\\x3f]+)';

export interface RoutePattern {
  /** The pattern after the base URL (`/pets/:petId`). */
  pattern: string;
  /** Route names of the path parameters, in path order. */
  params: string[];
}

/**
 * `afterDot`: templates written right after a `.` of their own (the label style's prefix): the
 * `.` would be path-to-regexp's prefix, whose parameter matches no `.`, so they get the default
 * pattern, dots included.
 */
export function routePattern(path: string, afterDot: ReadonlySet<string> = new Set()): RoutePattern {
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
    // Right after a pattern group, path-to-regexp asks for text between (it refuses `(\x2a):id`)
    // unless the parameter has a pattern of its own: the default one, less `?` and `#`, which MSW
    // would cut the route at (so greedy).
    const own = GROUPED.has([...parts[i - 1]!].at(-1) ?? '') || afterDot.has(part.slice(1, -1)) ? SEGMENT_TEXT : '';
    // A word character right after the parameter would extend its name, and a pattern group
    // would become its pattern: close it with braces.
    const next = literal(parts[i + 1] ?? '');
    pattern += /^[A-Za-z0-9_(]/.test(next) ? `{:${name}${own}}` : `:${name}${own}`;
  });
  return { pattern, params };
}

function uniqueName(raw: string, taken: string[]): string {
  let base = raw.replace(/[^A-Za-z0-9_]/g, '_');
  if (base === '' || /^_+$/.test(base)) base = 'param';
  // MSW reads `:8080` after text as a port and escapes it: a name cannot start with a digit.
  else if (/^\d/.test(base)) base = `_${base}`;
  let name = base;
  for (let n = 2; taken.includes(name); n++) name = `${base}_${n}`;
  return name;
}

/** Text that no rule below changes (most paths): written as it is. */
const PLAIN = /^[A-Za-z0-9\-._~/!$&',;=@]*$/;

function literal(text: string): string {
  if (PLAIN.test(text)) return text;
  let out = '';
  const chars = [...text];
  chars.forEach((ch, i) => {
    if (ENCODED.test(ch)) out += percentEncode(ch);
    // An http(s) URL reads a backslash as a slash: fetch sends `/a\b` as `/a/b`.
    else if (ch === '\\') out += '/';
    else if (GROUPED.has(ch)) out += group(ch);
    else if (ch === ':' && /^\d/.test(chars[i + 1] ?? '')) {
      // MSW reads a colon before digits as a port and escapes the first one itself, backslash or not.
      out += group(ch);
    } else if (SYNTAX.has(ch)) out += `\\${ch}`;
    else out += ch;
  });
  return out;
}

/** A pattern group that matches the character alone, written without it: `*` gives `(\x2a)`. */
function group(ch: string): string {
  return `(\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')})`;
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
  return compareRanks(specificity(a), specificity(b));
}

/** What `compareSpecificity` compares of a path: its segments' ranks (worked out once per path for a sort). */
export function specificity(path: string): number[] {
  return segments(path).map(segmentRank);
}

/** `compareSpecificity` of two paths' `specificity`. */
export function compareRanks(sa: readonly number[], sb: readonly number[]): number {
  if (sa.length !== sb.length) return sb.length - sa.length;
  for (let i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return sa[i]! - sb[i]!;
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
