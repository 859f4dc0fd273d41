import { NameScope } from '@specwright/core';

/**
 * Route patterns for a spec path, per framework. Spec paths are data: a static segment may hold
 * characters a router treats as syntax (`:`, `*`, `{`, `(`), a parameter name may not be a valid
 * route name (`{item-id}`), and a segment may mix parameters and text (`{name}:cancel`). Each
 * framework gets a pattern that matches exactly the paths the spec describes, as a client sends
 * them (WHATWG URL encoding), and says how to read each path parameter back.
 */

export type PathPart = { kind: 'static'; text: string } | { kind: 'param'; index: number };

/** Splits a spec path into segments of static text and parameters (by occurrence order). */
export function parsePath(path: string): PathPart[][] {
  let index = 0;
  return path
    .replace(/^\//, '')
    .split('/')
    .map((segment) => {
      const parts: PathPart[] = [];
      let rest = segment;
      for (let match = /\{([^}]+)\}/.exec(rest); match; match = /\{([^}]+)\}/.exec(rest)) {
        if (match.index > 0) parts.push({ kind: 'static', text: rest.slice(0, match.index) });
        parts.push({ kind: 'param', index: index++ });
        rest = rest.slice(match.index + match[0].length);
      }
      if (rest.length > 0 || parts.length === 0) parts.push({ kind: 'static', text: rest });
      return parts;
    });
}

/** How a handler reads path parameter `i`. */
export type ParamAccess =
  /** The framework's own parameter, already decoded. */
  | { kind: 'direct'; routeName: string }
  /** Capture group `group` of `pattern` applied to the (decoded) value of parameter `routeName`. */
  | { kind: 'segment'; routeName: string; pattern: string; group: number };

export interface RoutePath {
  pattern: string;
  /** Per path parameter of the operation (in path order). */
  params: ParamAccess[];
  /** Names of every framework parameter in the pattern (for typing `params`). */
  routeNames: string[];
  /** Per path parameter: what separates the items of an exploded label or matrix value. */
  itemSeparators?: (string | undefined)[];
}

export type RouterFramework = 'hono' | 'express' | 'fastify' | 'koa';

/** express 5 and @koa/router both route with path-to-regexp 8 on the path as sent. */
function isPathToRegexp(framework: RouterFramework): boolean {
  return framework === 'express' || framework === 'koa';
}

const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Route names: the spec's when usable (those claimed first, so they keep their names), else the
 * service's identifier; unique per path.
 */
function routeNames(specNames: string[], safeNames: string[]): { names: string[]; scope: NameScope } {
  const scope = new NameScope();
  const names: string[] = [];
  specNames.forEach((name, i) => {
    if (PLAIN_NAME.test(name)) names[i] = scope.claim(name);
  });
  specNames.forEach((name, i) => {
    if (!PLAIN_NAME.test(name)) names[i] = scope.claim(safeNames[i] ?? `param${i + 1}`);
  });
  return { names, scope };
}

function utf8Escapes(char: string): string {
  return [...new TextEncoder().encode(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/** The WHATWG URL path percent-encode set (what `fetch` encodes in a path), plus `%` left as is. */
function encodePathText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const encode = code <= 0x20 || code >= 0x7f || '"#<>?`{}'.includes(char);
    out += encode ? utf8Escapes(char) : char;
  }
  return out;
}

function regexEscape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** `\uXXXX` per UTF-16 unit: no braces or slashes (hono's `{...}` syntax cannot hold them). */
function unicodeEscape(char: string): string {
  let out = '';
  for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** Case-insensitive hex digits of a percent escape. */
function percentPattern(char: string): string {
  return utf8Escapes(char).replace(/[A-F]/g, (d) => `[${d}${d.toLowerCase()}]`);
}

/**
 * A regular expression for one segment as a router sees it: each static character raw or
 * percent-encoded. `param` matches a parameter: hono tests the whole (still encoded) path, so a
 * parameter stops at `/`; fastify tests the decoded segment, in which `%2F` is already a `/`.
 */
function routingRegex(parts: PathPart[], param: string, values: ParamValues = []): string {
  return parts
    .map((part) => {
      const allowed = part.kind === 'param' ? values[part.index] : undefined;
      if (allowed) return `(?:${allowed.map((value) => routingRegex([{ kind: 'static', text: value }], param)).join('|')})`;
      if (part.kind === 'param') return param;
      let out = '';
      for (const char of part.text) out += /[A-Za-z0-9]/.test(char) ? char : `(?:${unicodeEscape(char)}|${percentPattern(char)})`;
      return out;
    })
    .join('');
}

/**
 * A regular expression that splits a decoded segment value into its parameters; earlier
 * parameters take as much as they can (`{name}.{ext}` splits `a.tar.gz` into `a.tar` and `gz`,
 * as express does), except a parameter that has its own values.
 */
function extractRegex(parts: PathPart[], values: ParamValues): string {
  const param = (index: number) => `(${values[index]?.map(regexEscape).join('|') ?? '[\\s\\S]+'})`;
  return `^${parts.map((part) => (part.kind === 'param' ? param(part.index) : regexEscape(part.text))).join('')}$`;
}

/**
 * The values a path parameter can take, by parameter index, when its schema lists them (an enum):
 * adjacent parameters (`{id}{mediaTypeExtension}`) have no text between them, so only these
 * values tell where one ends.
 */
export type ParamValues = readonly (readonly string[] | undefined)[];

/**
 * A static segment as the router compares it with a request. hono and fastify match the decoded
 * path (`decodeURI`, which keeps `%25` and the escapes of reserved characters), so a spec literal
 * `my%20docs`, which the client sends as written, is routed as `my docs`; express matches the
 * path as sent.
 */
function matchedText(framework: RouterFramework, text: string): string {
  if (isPathToRegexp(framework) || !text.includes('%')) return text;
  try {
    return decodeURI(text.replace(/%25/g, '%2525'));
  } catch {
    return text;
  }
}

/** Static text a router takes literally. */
function isLiteralFor(framework: RouterFramework, text: string): boolean {
  switch (framework) {
    case 'hono':
      return !text.startsWith(':') && !/[*{}?]/.test(text);
    case 'fastify':
      // find-my-way reads `(` as a pattern only right after a parameter: a static segment may hold it.
      return !/[*?]/.test(text);
    case 'express':
    case 'koa':
      return true;
  }
}

function staticText(framework: RouterFramework, text: string): string {
  switch (framework) {
    case 'hono':
      return text;
    case 'fastify':
      return text.replace(/:/g, '::');
    case 'express':
    case 'koa':
      // path-to-regexp 8 syntax characters are escaped with a backslash; it matches the encoded path.
      return encodePathText(text).replace(/[{}()[\]+?!:*\\]/g, '\\$&');
  }
}

/**
 * The route pattern of `path` for `framework`. `specNames` are the parameter names in the spec,
 * `safeNames` the service's identifiers for them (same order).
 */
export function routePath(framework: RouterFramework, path: string, specNames: string[], safeNames: string[], paramValues: ParamValues = []): RoutePath {
  const segments = parsePath(path);
  const { names, scope } = routeNames(specNames, safeNames);
  const params: ParamAccess[] = [];
  const used: string[] = [];
  // hono's TrieRouter (where its RegExpRouter gives up) joins the segment after a regular
  // expression parameter into a lookahead unescaped: text a regex reads as syntax must not follow one.
  let afterRegex = false;
  const patternSegments = segments.map((parts) => {
    const pattern = segmentPattern(parts, afterRegex);
    afterRegex = framework === 'hono' && pattern.startsWith(':') && pattern.endsWith('}');
    return pattern;
  });
  return { pattern: `/${patternSegments.join('/')}`, params, routeNames: used };

  function segmentPattern(parts: PathPart[], afterRegex: boolean): string {
    const only = parts[0];
    if (parts.length === 1 && only?.kind === 'param') {
      const routeName = names[only.index] ?? scope.claim('param');
      params[only.index] = { kind: 'direct', routeName };
      used.push(routeName);
      return `:${routeName}`;
    }
    const regexSyntax = afterRegex && /[\\^$*+?()[\]{}|]/.test(only?.kind === 'static' ? only.text : '');
    if (parts.length === 1 && only?.kind === 'static' && !regexSyntax) {
      const text = matchedText(framework, only.text);
      if (isLiteralFor(framework, text)) return staticText(framework, text);
    }
    const adjacent = parts.some((part, i) => part.kind === 'param' && parts[i - 1]?.kind === 'param');
    if (isPathToRegexp(framework) && !adjacent) {
      // path-to-regexp reads parameters inside a segment natively; text right after a parameter is
      // escaped so that it does not extend the parameter's name.
      return parts
        .map((part, i) => {
          if (part.kind === 'static') {
            const text = staticText('express', part.text);
            return i > 0 && /^[\p{ID_Continue}$]/u.test(text) ? `\\${text}` : text;
          }
          const routeName = names[part.index] ?? scope.claim('param');
          params[part.index] = { kind: 'direct', routeName };
          used.push(routeName);
          return `:${routeName}`;
        })
        .join('');
    }
    const nativeFastify = !adjacent && parts.every((part, i) => part.kind === 'param' || (!/[%*?]/.test(part.text) && !(parts[i - 1]?.kind === 'param' && part.text.startsWith('('))));
    if (framework === 'fastify' && nativeFastify) {
      // find-my-way reads text between parameters natively and keys a route by that text, not by
      // a parameter's regular expression: routes whose segments differ only in a whole-segment
      // pattern (`{parent}:sign`, `{parent}:import`; Graph's `/me/microsoft.graph.f(a={a})` and
      // `/me/microsoft.graph.g(b={b})`) would be one route. Each parameter is greedy, as in the
      // extraction regex below, and tested decoded, as the text after it. A `(` is text except
      // right after a parameter, where it would open its pattern.
      return parts
        .map((part) => {
          if (part.kind === 'static') return staticText('fastify', part.text);
          const routeName = names[part.index] ?? scope.claim('param');
          params[part.index] = { kind: 'direct', routeName };
          used.push(routeName);
          return `:${routeName}(^[\\s\\S]+$)`;
        })
        .join('');
    }
    // hono and fastify (and express for `{id}{ext}`, which path-to-regexp refuses): the whole
    // segment is one parameter, constrained by a regular expression where the router takes one;
    // the handler splits its value when the segment holds spec parameters.
    const segmentName = scope.claim('segment');
    used.push(segmentName);
    // Between adjacent parameters only the listed values of the later ones can split the segment.
    const values = adjacent ? paramValues : [];
    const extract = extractRegex(parts, values);
    let group = 0;
    for (const part of parts) {
      if (part.kind === 'param') params[part.index] = { kind: 'segment', routeName: segmentName, pattern: extract, group: ++group };
    }
    if (isPathToRegexp(framework)) return `:${segmentName}`;
    return framework === 'hono' ? `:${segmentName}{${routingRegex(parts, '[^/]+?', values)}}` : `:${segmentName}(^${routingRegex(parts, '[\\s\\S]+?', values)}$)`;
  }
}
