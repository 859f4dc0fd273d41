import type { ApiModel, Operation, Parameter, ParameterLocation, SchemaNode } from './types.js';

/**
 * Parameter styles as the OpenAPI specification's "Style Examples" table writes them (3.1.2,
 * 4.8.12.6). The client writes every row; the routers and the MSW handlers read path parameters
 * through `routedUrlPath` (the text a label or matrix value starts with is part of the route) and
 * `pathItemSeparator` (what stands between items, which the service receives as `,`, the simple
 * style). What the table leaves undefined is warned about once, at the parameter.
 */

/** The styles the specification defines per location. */
const DEFINED: Record<ParameterLocation, readonly string[]> = {
  path: ['simple', 'label', 'matrix'],
  query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
  header: ['simple'],
  cookie: ['form'],
};

/** The style a location falls back to when a parameter names one it does not define. */
const FALLBACK: Record<ParameterLocation, string> = { path: 'simple', query: 'form', header: 'simple', cookie: 'form' };

/** What a parameter's value is, as far as its style cares; `nested` holds objects or arrays inside. */
export type StyleShape = 'primitive' | 'array' | 'object' | 'nested' | 'mixed';

/** The shape of a raw (spec) schema, following local `$ref`s with `resolve`. */
export function rawStyleShape(schema: unknown, resolve: (ref: string) => unknown, depth = 0): StyleShape {
  const node = followRefs(schema, resolve);
  if (node === undefined || depth > 1) return 'primitive';
  if (['oneOf', 'anyOf', 'allOf'].some((key) => Array.isArray(node[key]))) return 'mixed';
  const type = node['type'];
  const isArray = type === 'array' || node['items'] !== undefined;
  const isObject = type === 'object' || node['properties'] !== undefined || (typeof node['additionalProperties'] === 'object' && node['additionalProperties'] !== null);
  if (isArray) return rawStyleShape(node['items'], resolve, depth + 1) === 'primitive' ? 'array' : 'nested';
  if (isObject) {
    const props = isRecord(node['properties']) ? Object.values(node['properties']) : [];
    if (isRecord(node['additionalProperties'])) props.push(node['additionalProperties']);
    return props.every((prop) => rawStyleShape(prop, resolve, depth + 1) === 'primitive') ? 'object' : 'nested';
  }
  return 'primitive';
}

function followRefs(schema: unknown, resolve: (ref: string) => unknown): Record<string, unknown> | undefined {
  let node = schema;
  for (let hops = 0; hops < 32 && isRecord(node) && typeof node['$ref'] === 'string'; hops++) node = resolve(node['$ref']);
  return isRecord(node) ? node : undefined;
}

/**
 * Why a parameter cannot be written as the style table shows, or undefined when it can. The client
 * still sends such a value (in the fallback style, or in qs's brackets for nested deepObject
 * values), and the message says how.
 */
export function styleProblem(location: ParameterLocation, style: string, explode: boolean, shape: StyleShape): string | undefined {
  if (style === 'json') return undefined;
  if (!DEFINED[location].includes(style)) {
    return `style "${style}" is not defined for ${location} parameters (${DEFINED[location].join(', ')}); it is sent in the ${FALLBACK[location]} style`;
  }
  if (style === 'deepObject') {
    if (!explode) return 'style deepObject is defined with explode: true only; it is sent exploded';
    if (shape === 'primitive' || shape === 'array') return `style deepObject is defined for objects only; ${shape === 'array' ? 'a list is sent as name[]=item' : 'a value is sent as name=value'}`;
    if (shape === 'nested') return 'style deepObject is defined for objects of primitive values only; nested values are sent in the brackets of qs and Rails (name[a][b]=value, name[a][]=item)';
    return undefined;
  }
  if ((style === 'spaceDelimited' || style === 'pipeDelimited') && explode && shape !== 'primitive') {
    return `style ${style} is defined with explode: false only; it is sent unexploded`;
  }
  if (location === 'path' && shape === 'nested') {
    return `style ${style} is defined for primitives, lists of primitives and objects of primitive values; nested values are not defined and are sent as JavaScript's String() writes them`;
  }
  return undefined;
}

/** The shape of an IR schema (named schemas resolved through the model). */
export function styleShape(model: ApiModel, schema: SchemaNode): 'primitive' | 'array' | 'object' {
  let node = schema;
  for (let hops = 0; node.kind === 'ref' && hops < 32; hops++) {
    const key = node.key;
    const named = model.schemas.find((s) => s.key === key);
    if (!named) break;
    node = named.schema;
  }
  if (node.kind === 'array' || node.kind === 'tuple') return 'array';
  if (node.kind === 'object' || node.kind === 'intersection') return 'object';
  return 'primitive';
}

/** Whether a path parameter is written in the label or matrix style (else simple). */
export function isStyledPathParam(parameter: Parameter): boolean {
  return parameter.in === 'path' && (parameter.style === 'label' || parameter.style === 'matrix');
}

/**
 * The text a label or matrix value starts with, as the client writes it: `.` (label), `;name=`
 * (matrix), `;` (matrix, exploded object: `;R=100;G=200`); `` for the simple style.
 */
export function pathStylePrefix(parameter: Parameter, shape: 'primitive' | 'array' | 'object'): string {
  if (!isStyledPathParam(parameter)) return '';
  if (parameter.style === 'label') return '.';
  return parameter.explode && shape === 'object' ? ';' : `;${encodeURIComponent(parameter.name)}=`;
}

/**
 * What separates the items of a label or matrix value once its prefix is read (`.` for label
 * exploded, `;name=` or `;` for matrix exploded), which the service receives as `,`: the text of
 * the simple style. Undefined where the items are already separated by `,`.
 */
export function pathItemSeparator(parameter: Parameter, shape: 'primitive' | 'array' | 'object'): string | undefined {
  if (!isStyledPathParam(parameter) || !parameter.explode || shape === 'primitive') return undefined;
  if (parameter.style === 'label') return '.';
  return shape === 'object' ? ';' : `;${parameter.name}=`;
}

/** The operation's URL path as routed: each label or matrix parameter's template after its prefix. */
export function routedUrlPath(model: ApiModel, operation: Operation): string {
  if (!operation.pathParams.some(isStyledPathParam)) return operation.urlPath;
  return operation.urlPath.replace(/\{([^}]+)\}/g, (template, name: string) => {
    const parameter = operation.pathParams.find((p) => p.name === name);
    return parameter ? `${pathStylePrefix(parameter, styleShape(model, parameter.schema))}${template}` : template;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
