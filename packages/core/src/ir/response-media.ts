import type { MediaContent, SchemaNode } from './types.js';

/**
 * What a response body is, decided here once for every generator: the client reads it, the
 * routers send it, the service returns it and the mocks answer it alike. A media type says how
 * the bytes travel, so a schema that cannot describe them gives way to what does:
 *
 * - a binary string schema is raw bytes whatever the media type (Azure's LUIS declares its gzip
 *   download as `application/json`);
 * - `*` `/` `*` admits JSON: its body is JSON;
 * - a text or XML media type (`text/*`, `application/xml`) is the raw text: a schema that does not
 *   describe text (an object, as XML responses often declare) becomes a string;
 * - any other non-JSON media type (`application/pdf`, `application/vnd.*`) is raw bytes, unless
 *   its schema describes text (`application/x-yaml` as a string), which is then read as text.
 *
 * A multipart or form response is read as its fields when its schema is an object (or as text when
 * it describes text); any other schema (an array of parts, a union) cannot say which part is which
 * value, so the body is raw bytes and `warn` is told that the schema is not applied.
 */
export function responseMedia(content: MediaContent, schemas: ReadonlyMap<string, SchemaNode>, warn: (message: string) => void = () => {}): MediaContent {
  const schema = content.schema;
  if (schema === undefined) return content;
  const node = resolve(schema, schemas);
  if (content.kind === 'form' || content.kind === 'multipart') return formMedia(content, node, schemas, warn);
  if (node.kind === 'string' && node.binary === true) return content.kind === 'binary' ? content : { ...content, kind: 'binary' };
  if (content.kind === 'json') return content;
  if (isAnyType(content.contentType)) return { ...content, kind: 'json' };
  const text = describesText(node, schemas);
  if (content.kind === 'text') return text ? content : { ...content, schema: { kind: 'string', nullable: false } };
  // An unknown media type whose schema is text (`application/x-yaml` as a string) is read as text.
  if (content.kind === 'other' && text) return { ...content, kind: 'text' };
  return { ...content, kind: 'binary', schema: { kind: 'string', nullable: false, binary: true } };
}

/** A multipart or form response: its fields (an object schema), its text, or else raw bytes. */
function formMedia(content: MediaContent, node: SchemaNode, schemas: ReadonlyMap<string, SchemaNode>, warn: (message: string) => void): MediaContent {
  // A binary string is read as raw bytes by every generator already.
  if (node.kind === 'object' || describesText(node, schemas) || (node.kind === 'string' && node.binary === true)) return content;
  warn(`${content.contentType} response: its schema is ${/^[aeio]/.test(node.kind) ? 'an' : 'a'} ${node.kind}, not an object, so the body cannot be read as named parts; it is raw bytes (a Blob) and the schema is not applied`);
  return { ...content, kind: 'binary', schema: { kind: 'string', nullable: false, binary: true } };
}

/** `*` `/` `*` (parameters aside). */
function isAnyType(contentType: string): boolean {
  return contentType.split(';')[0]!.trim() === '*/*';
}

function resolve(schema: SchemaNode, schemas: ReadonlyMap<string, SchemaNode>): SchemaNode {
  let node: SchemaNode | undefined = schema;
  for (let hops = 0; node?.kind === 'ref' && hops < 64; hops++) node = schemas.get(node.key);
  return node === undefined || node.kind === 'ref' ? { kind: 'unknown', nullable: false } : node;
}

/**
 * Whether every value of a schema is text (a string, a string enum, a union of those, or
 * anything): a text body can be checked against it as the string it travels as.
 */
export function describesText(schema: SchemaNode, schemas: ReadonlyMap<string, SchemaNode>, depth = 0): boolean {
  const node = resolve(schema, schemas);
  switch (node.kind) {
    case 'string':
      return node.binary !== true;
    case 'enum':
      return node.values.every((value) => typeof value === 'string');
    case 'union':
      return depth < 16 && node.variants.every((variant) => describesText(variant, schemas, depth + 1));
    case 'unknown':
      return true;
    default:
      return false;
  }
}

/** A string of raw bytes (`format: binary`, `contentMediaType`), directly or through refs. */
export function isBinaryString(schema: SchemaNode | undefined, schemas: ReadonlyMap<string, SchemaNode>): boolean {
  if (schema === undefined) return false;
  const node = resolve(schema, schemas);
  return node.kind === 'string' && node.binary === true;
}
