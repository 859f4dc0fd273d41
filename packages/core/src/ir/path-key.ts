import type { PathQueryPair } from './types.js';

/**
 * Path keys that carry more than a path. OpenAPI forbids a query string in a path key, but real
 * specs put one there to tell apart operations on one URL: AWS writes `/#X-Amz-Target=Svc.Op`
 * (the operation is picked by a header), `/{Bucket}?acl` (by a query flag) and
 * `/resource#analyzerArn` (by a required query parameter); others write a query parameter as a
 * template (`/export?filename={filename}`). None of `?` and `#` can be part of a request's path.
 */

export interface SplitPathKey {
  /** The path requests use: the key up to its first `?` or `#` outside a template. */
  urlPath: string;
  /** Literal pairs of the key's query part. */
  query: PathQueryPair[];
  /**
   * Pairs of the key's fragment (`#X-Amz-Target=Svc.Op`, `#scope=membership&arn`): what requests
   * of the operation carry, in a header or the query; never sent as they are.
   */
  fragment: PathQueryPair[];
  /** Names of the templates of the query part (`?filename={filename}`): query parameters. */
  queryTemplates: string[];
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

export function splitPathKey(key: string): SplitPathKey {
  let depth = 0;
  let cut = key.length;
  for (let i = 0; i < key.length; i++) {
    const char = key[i];
    if (char === '{') depth++;
    else if (char === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (char === '?' || char === '#')) {
      cut = i;
      break;
    }
  }
  const urlPath = key.slice(0, cut);
  const hash = key.indexOf('#', cut);
  const query: PathQueryPair[] = [];
  const fragment: PathQueryPair[] = [];
  const queryTemplates: string[] = [];
  const pairs = (text: string, into: PathQueryPair[]) => {
    for (const part of text.split('&')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      const name = decode(eq === -1 ? part : part.slice(0, eq));
      const value = eq === -1 ? undefined : part.slice(eq + 1);
      const template = value === undefined ? undefined : /^\{([^}]+)\}$/.exec(value);
      if (template) queryTemplates.push(template[1]!);
      else if (!/[{}]/.test(part)) into.push(value === undefined ? { name } : { name, value: decode(value) });
    }
  };
  if (key[cut] === '?') pairs(key.slice(cut + 1, hash === -1 ? undefined : hash), query);
  if (hash !== -1) pairs(key.slice(hash + 1), fragment);
  return { urlPath, query, fragment, queryTemplates };
}
