import { pascalCase } from '../naming/case.js';

const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'schemas']);
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * The component name for a schema that a `$ref` reaches outside `#/components/schemas`: an
 * external file (`models/app.yml` → App) or a place a bundler invented (`#/paths/…`). It is a
 * base; the caller makes it unique through a NameScope, in document order, so runs agree.
 */
export function hoistedSchemaName(url: URL, segments: readonly string[], root: unknown): string {
  const suffix = (from: number) => segments.slice(from).filter((s) => s === 'items').map(() => 'Item').join('');
  for (let i = segments.length - 2; i >= 0; i--) {
    if (MAP_KEYWORDS.has(segments[i]!)) return pascalCase(segments[i + 1]!) + suffix(i + 2) || 'Schema';
  }
  if (segments.length === 0) {
    // `models/app.yml` and `16-example.app.yml` are both App: the last word before the extension.
    const stem = decodeURIComponent(url.pathname.split('/').pop() ?? '').replace(/\.(ya?ml|json)$/i, '');
    return pascalCase(stem.split('.').pop() ?? '') || 'Schema';
  }
  if (segments[0] === 'paths' && segments.length >= 4 && METHODS.has(segments[2]!)) {
    return operationRoleName(segments, root) + suffix(4);
  }
  const last = [...segments].reverse().find((s) => !/^\d+$/.test(s) && s !== 'items' && s !== 'schema');
  return pascalCase(last ?? '') + suffix(0) || 'Schema';
}

/** `#/paths/~1pets/post/requestBody/…` → CreatePetBody (operationId, else method and path). */
function operationRoleName(segments: readonly string[], root: unknown): string {
  const [, path, method, role, detail] = segments as [string, string, string, string, string | undefined];
  const paths = (root as { paths?: Record<string, Record<string, { operationId?: unknown } | undefined> | undefined> } | undefined)?.paths;
  const operationId = paths?.[path]?.[method]?.operationId;
  const base = pascalCase(typeof operationId === 'string' ? operationId : `${method} ${path}`);
  if (role === 'requestBody') return `${base}Body`;
  if (role === 'responses') return `${base}${detail !== undefined && /^2\d\d$/.test(detail) ? '' : pascalCase(detail ?? '')}Response`;
  if (role === 'parameters') return `${base}Param`;
  return base;
}
