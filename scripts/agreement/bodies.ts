import type { ApiModel, MediaContent, SchemaNode } from '@specwright/core';

/**
 * Values as they travel: mock samples turned into what the client takes (bytes where the schema
 * says `binary`), what the service must receive for them (the routers pass JSON parsed, text as a
 * string and every other body as raw bytes), and a comparable form of anything received.
 */

const encoder = new TextEncoder();

/** Follows references to named schemas (a cycle ends as `unknown`). */
export function resolveNode(model: ApiModel, node: SchemaNode): SchemaNode {
  let current = node;
  for (let hops = 0; current.kind === 'ref'; hops++) {
    const key = current.key;
    const named = hops < 64 ? model.schemas.find((s) => s.key === key) : undefined;
    if (!named) return { kind: 'unknown', nullable: false };
    current = named.schema;
  }
  return current;
}

function isBinary(model: ApiModel, schema: SchemaNode | undefined): boolean {
  const node = schema && resolveNode(model, schema);
  return node?.kind === 'string' && node.binary === true;
}

/** The mock value with a Blob at every `binary` string of the schema (mocks give text there). */
export function withBlobs(model: ApiModel, schema: SchemaNode | undefined, value: unknown, depth = 0): unknown {
  if (!schema || depth > 32 || value === null || value === undefined) return value;
  if (isBinary(model, schema)) return typeof value === 'string' ? new Blob([value]) : value;
  const node = resolveNode(model, schema);
  if (node.kind === 'array' && Array.isArray(value)) return value.map((item) => withBlobs(model, node.items, item, depth + 1));
  if (node.kind === 'object' && typeof value === 'object' && !Array.isArray(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const property = node.properties.find((p) => p.name === key);
      out[key] = withBlobs(model, property?.schema, item, depth + 1);
    }
    return out;
  }
  return value;
}

/** Whether a schema takes `null`: nullable itself (3.0 `nullable`, 3.1 `type: [..., 'null']`) or a union with a null variant. */
function takesNull(model: ApiModel, schema: SchemaNode): boolean {
  if (schema.nullable) return true;
  const node = resolveNode(model, schema);
  return node.nullable || node.kind === 'null' || (node.kind === 'union' && node.variants.some((v) => v.nullable || v.kind === 'null'));
}

/**
 * The value with `null` wherever the schema allows it: the mock generator never picks null for
 * a nullable schema, so the checker sends this variant as well.
 */
export function withNulls(model: ApiModel, schema: SchemaNode | undefined, value: unknown, depth = 0): unknown {
  if (!schema || depth > 32 || value === undefined) return value;
  if (takesNull(model, schema)) return null;
  const node = resolveNode(model, schema);
  if (node.kind === 'array' && Array.isArray(value)) return value.map((item) => withNulls(model, node.items, item, depth + 1));
  if (node.kind === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = withNulls(model, node.properties.find((p) => p.name === key)?.schema, item, depth + 1);
    return out;
  }
  return value;
}

/**
 * The body argument of the client function for a sample body of a media type: bytes where the
 * client takes a Blob (no schema, or a binary one); a string schema stays a string, which the
 * client validates before sending it as it is (Clever Cloud's `*` `/` `*` bodies).
 */
export function clientBody(model: ApiModel, content: MediaContent, value: unknown): unknown {
  if ((content.kind === 'binary' || content.kind === 'other') && (content.schema === undefined || isBinary(model, content.schema))) {
    return new Blob([typeof value === 'string' ? value : 'agreement bytes']);
  }
  return withBlobs(model, content.schema, value);
}

/** A value made comparable: Blobs and byte arrays as `{ bytes: [...] }`, through JSON. */
export async function comparable(value: unknown): Promise<unknown> {
  if (value instanceof Blob) return { bytes: [...new Uint8Array(await value.arrayBuffer())] };
  if (value instanceof Uint8Array) return { bytes: [...value] };
  if (value instanceof ArrayBuffer) return { bytes: [...new Uint8Array(value)] };
  if (Array.isArray(value)) return Promise.all(value.map(comparable));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = await comparable(item);
    return out;
  }
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

function serialize(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** The fields of a form body, as the client's encoding rules name them: arrays repeat the name. */
async function formFields(value: unknown): Promise<[string, string][]> {
  const fields: [string, string][] = [];
  if (typeof value !== 'object' || value === null) return fields;
  for (const [name, item] of Object.entries(value)) {
    for (const part of Array.isArray(item) ? item : [item]) {
      if (part === undefined || part === null) continue;
      fields.push([name, part instanceof Blob ? await part.text() : serialize(part)]);
    }
  }
  return fields;
}

/** A multipart body read back: its boundary is its first line. */
async function multipartFields(bytes: Uint8Array): Promise<[string, string][]> {
  const text = new TextDecoder().decode(bytes);
  const boundary = /^--([^\r\n]+)/.exec(text)?.[1];
  if (!boundary) return [];
  const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }).formData();
  const fields: [string, string][] = [];
  for (const [name, item] of form.entries()) fields.push([name, typeof item === 'string' ? item : await item.text()]);
  return fields;
}

/**
 * What the service must receive for a body the client sent, and what it did receive, comparable:
 * JSON parsed, text as sent, bytes as the encoded body (form and multipart bodies as their fields).
 */
export async function bodyPair(content: MediaContent, sent: unknown, received: unknown): Promise<{ expected: unknown; actual: unknown }> {
  // A form or multipart body whose schema is `binary` as a whole is its bytes, not fields.
  // A text body sent as a Blob (its schema is binary) reaches the service as its text.
  if (sent instanceof Blob && content.kind !== 'text') return { expected: await comparable(sent), actual: await comparable(received) };
  switch (content.kind) {
    case 'json':
      return { expected: await comparable(sent), actual: await comparable(received) };
    case 'text':
      return { expected: sent instanceof Blob ? await sent.text() : typeof sent === 'string' ? sent : serialize(sent), actual: received };
    case 'form': {
      const actual = received instanceof Uint8Array ? [...new URLSearchParams(new TextDecoder().decode(received))] : received;
      return { expected: await formFields(sent), actual };
    }
    case 'multipart':
      return { expected: await formFields(sent), actual: received instanceof Uint8Array ? await multipartFields(received) : received };
    default: {
      const bytes = sent instanceof Blob ? new Uint8Array(await sent.arrayBuffer()) : encoder.encode(typeof sent === 'string' ? sent : JSON.stringify(sent));
      return { expected: await comparable(bytes), actual: await comparable(received) };
    }
  }
}

/** What the service answers for a sample response of the router's success content. */
export function serviceAnswer(model: ApiModel, content: MediaContent | undefined, value: unknown): unknown {
  if (!content) return undefined;
  if (content.kind === 'json') return withBlobs(model, content.schema, value);
  // A form response with an object schema: the service answers the object, the router encodes it.
  if ((content.kind === 'multipart' || content.kind === 'form') && content.schema && resolveNode(model, content.schema).kind === 'object') return withBlobs(model, content.schema, value);
  if (content.kind === 'text') return typeof value === 'string' ? value : serialize(value ?? '');
  return encoder.encode(typeof value === 'string' ? value : JSON.stringify(value ?? 'agreement bytes'));
}
