import type { MediaContent } from '@specwright/core';
import { type EmitContext, resolveNamed } from './context.js';

/** How a response body is read: a binary string schema is raw bytes whatever its media type says. */
export function responseKind(content: MediaContent, context: EmitContext): 'json' | 'text' | 'blob' {
  let schema = content.schema;
  for (let hops = 0; schema?.kind === 'ref' && hops < 64; hops++) schema = resolveNamed(context, schema.key);
  if (schema?.kind === 'string' && schema.binary) return 'blob';
  if (content.kind === 'json') return 'json';
  if (content.kind === 'binary') return 'blob';
  return 'text';
}

