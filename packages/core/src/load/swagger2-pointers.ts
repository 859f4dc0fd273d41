import { childPointer, parsePointer, resolvePointer } from '../ir/pointer.js';

/**
 * Where a place of the OpenAPI 3 document converted from a Swagger 2.0 one was written in the
 * original: messages must name what the user wrote (`#/definitions/Pet/properties/id`), not what
 * the converter made (`#/components/schemas/Pet/properties/id`). The rules follow the converter's
 * moves; what they cannot place goes to the nearest enclosing node the original has.
 */
export function originalPointer(pointer: string, original: unknown): string {
  const segments = parsePointer(pointer);
  if (segments === undefined) return pointer;
  return nearestExisting(original, mapSegments(segments, original));
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch']);

function mapSegments(s: string[], original: unknown): string[] {
  const [first, second, name, ...rest] = s;
  if (first === 'servers') return ['host'];
  if (first === 'components' && name !== undefined) {
    switch (second) {
      case 'schemas':
        return ['definitions', name, ...rest];
      case 'parameters':
        return ['parameters', name, ...parameterRest(rest)];
      case 'requestBodies':
        return ['parameters', name, ...bodyRest(rest)];
      case 'responses':
        return ['responses', name, ...responseRest(rest)];
      case 'securitySchemes':
        return ['securityDefinitions', name];
    }
  }
  if (first === 'paths' && second !== undefined) {
    const path = ['paths', second];
    const [a, b, c, ...more] = s.slice(2);
    if (a === 'parameters' && b !== undefined) return [...path, ...parameterAt(path, Number(b), [c, ...more], original)];
    if (a !== undefined && METHODS.has(a)) {
      const op = [...path, a];
      if (b === 'parameters' && c !== undefined) return [...op, ...parameterAt(op, Number(c), more, original)];
      if (b === 'requestBody') return requestBody(path, a, [c, ...more].filter((x) => x !== undefined) as string[], original);
      if (b === 'responses' && c !== undefined) return [...op, 'responses', c, ...responseRest(more)];
    }
  }
  return s;
}

/** A 3.x parameter's `schema/...` is the 2.0 parameter itself (`type`, `items`, `enum`...). */
function parameterRest(rest: (string | undefined)[]): string[] {
  const defined = rest.filter((x): x is string => x !== undefined);
  return defined[0] === 'schema' ? defined.slice(1) : defined;
}

/** `content/<type>/schema/...` of a body is the body parameter's `schema/...`. */
function bodyRest(rest: string[]): string[] {
  return rest[0] === 'content' && rest[2] === 'schema' ? ['schema', ...rest.slice(3)] : [];
}

/** `content/<type>/schema/...` → `schema/...`; `headers/H/schema/...` → `headers/H/...`. */
function responseRest(rest: string[]): string[] {
  if (rest[0] === 'content') return rest[2] === 'schema' ? ['schema', ...rest.slice(3)] : [];
  if (rest[0] === 'headers' && rest[1] !== undefined) return ['headers', rest[1], ...parameterRest(rest.slice(2))];
  return rest;
}

/**
 * The converter keeps the parameters that stay parameters in their order and moves `body` and
 * `formData` ones into the request body: converted index k is the k-th original that stays.
 */
function parameterAt(owner: string[], index: number, rest: (string | undefined)[], original: unknown): string[] {
  const list = resolvePointer(original, childPointer('#', ...owner, 'parameters'));
  if (!Array.isArray(list)) return ['parameters'];
  let k = -1;
  for (let i = 0; i < list.length; i++) {
    const where = parameterIn(list[i], original);
    if (where === 'body' || where === 'formData') continue;
    if (++k === index) return ['parameters', String(i), ...parameterRest(rest)];
  }
  return ['parameters'];
}

function requestBody(path: string[], method: string, rest: string[], original: unknown): string[] {
  const [content, mediaType, schema, properties, field, ...more] = rest;
  const owners = [
    [...path, method],
    [...path],
  ];
  for (const owner of owners) {
    const list = resolvePointer(original, childPointer('#', ...owner, 'parameters'));
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const where = parameterIn(list[i], original);
      const at = [...owner, 'parameters', String(i)];
      if (where === 'body') return content === 'content' && mediaType !== undefined && schema === 'schema' ? [...at, 'schema', ...rest.slice(3)] : at;
      if (where === 'formData') {
        if (properties !== 'properties' || field === undefined) return at;
        if (parameterName(list[i], original) === field) return [...at, ...more];
      }
    }
  }
  return [...path, method];
}

function resolved(value: unknown, original: unknown): Record<string, unknown> | undefined {
  let node = value;
  for (let hops = 0; hops < 8 && isRecord(node) && typeof node['$ref'] === 'string'; hops++) node = resolvePointer(original, node['$ref']);
  return isRecord(node) ? node : undefined;
}

function parameterIn(value: unknown, original: unknown): unknown {
  return resolved(value, original)?.['in'];
}

function parameterName(value: unknown, original: unknown): unknown {
  return resolved(value, original)?.['name'];
}

/** The pointer of the deepest node along `segments` that the document has. */
function nearestExisting(document: unknown, segments: string[]): string {
  let node = document;
  let pointer = '#';
  for (const segment of segments) {
    if (Array.isArray(node) ? !/^\d+$/.test(segment) || Number(segment) >= node.length : !isRecord(node) || !(segment in node)) break;
    node = (node as Record<string, unknown>)[segment];
    pointer = childPointer(pointer, segment);
  }
  return pointer;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
