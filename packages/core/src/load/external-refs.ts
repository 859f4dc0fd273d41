import $RefParser from '@apidevtools/json-schema-ref-parser';
import { SpecError } from '../errors.js';

/** True when some `$ref` points outside the document (another file or a URL). */
export function hasExternalRefs(node: unknown): boolean {
  const stack: unknown[] = [node];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const ref = (value as Record<string, unknown>)['$ref'];
    if (typeof ref === 'string' && !ref.startsWith('#')) return true;
    for (const key in value) stack.push((value as Record<string, unknown>)[key]);
  }
  return false;
}

/**
 * Pulls the files that external `$ref`s name into the root document, leaving only internal refs.
 * Internal refs are resolved by the model builder itself, which keeps the names of component
 * schemas and handles cycles; the library is used only where files have to be read and merged.
 * URLs are refused: generation must not depend on the network.
 */
export async function bundleExternalRefs(document: object, file: string): Promise<{ document: unknown; files: string[] }> {
  try {
    const parser = new $RefParser();
    const bundled = await parser.bundle(file, structuredClone(document) as never, {
      resolve: { http: false, external: true },
      dereference: { circular: true },
    });
    // The files read, for watch mode: the root document is the first of them.
    return { document: bundled, files: parser.$refs.paths() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SpecError(`cannot resolve an external $ref: ${message.split('\n')[0]}`, { file }, 'SPEC_INVALID');
  }
}
