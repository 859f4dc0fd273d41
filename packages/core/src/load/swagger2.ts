import { createRequire } from 'node:module';
import { SpecError } from '../errors.js';
import { childPointer, parsePointer } from '../ir/pointer.js';
import { originalPointer } from './swagger2-pointers.js';

// swagger2openapi (CommonJS, with its resolver and validator) is loaded by the first Swagger 2.0
// document only: a run on an OpenAPI 3 spec never pays for it.
const require = createRequire(import.meta.url);

interface Converter {
  convertObj(document: unknown, options: Record<string, unknown>): Promise<{ openapi: Record<string, unknown> }>;
}

/** What the loader keeps of a conversion, to tell places in the user's terms. */
export interface Conversion {
  /** `swagger: 2.0`, as written. */
  from: string;
  /** Converted-document pointer → pointer in the original document. */
  originalPointer(pointer: string): string;
  /** What the converter could not carry over, each `<original pointer>: <what>`. */
  warnings: string[];
}

export function isSwagger(document: unknown): document is Record<string, unknown> {
  return document !== null && typeof document === 'object' && !Array.isArray(document) && 'swagger' in document;
}

/**
 * While the `$ref` bundler runs, `#/definitions` is `#/components/schemas` (where it puts the
 * schemas it hoists from other files, named apart from the existing ones); `definitionsBack`
 * undoes it for the converter.
 */
export function definitionsAsComponents(document: Record<string, unknown>): Record<string, unknown> {
  const { definitions, ...rest } = document;
  if (definitions === undefined) return document;
  return rewriteRefs({ ...rest, components: { schemas: definitions } }, '#/definitions/', '#/components/schemas/') as Record<string, unknown>;
}

export function definitionsBack(document: Record<string, unknown>): Record<string, unknown> {
  const { components, ...rest } = document;
  if (components === undefined || components === null || typeof components !== 'object') return document;
  const schemas = (components as Record<string, unknown>)['schemas'];
  return rewriteRefs({ ...rest, definitions: schemas }, '#/components/schemas/', '#/definitions/') as Record<string, unknown>;
}

function rewriteRefs(node: unknown, from: string, to: string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, from, to));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith(from) ? to + value.slice(from.length) : rewriteRefs(value, from, to);
  }
  return out;
}

/**
 * A Swagger 2.0 document as OpenAPI 3.0 (swagger2openapi, which orval and kubb use too), with
 * what it could not carry over as warnings at their place in `original`.
 */
export async function convertSwagger2(document: Record<string, unknown>, original: Record<string, unknown>, file: string): Promise<{ document: Record<string, unknown>; conversion: Conversion }> {
  const version = document['swagger'];
  if (version !== '2.0') {
    throw new SpecError(`Swagger ${String(version)} is not supported; expected swagger: "2.0" or an OpenAPI 3.x document`, { file, pointer: '#/swagger' }, 'SPEC_UNSUPPORTED');
  }
  const converter = require('swagger2openapi') as Converter;
  let converted: Record<string, unknown>;
  try {
    // patch: fix the small mistakes real 2.0 documents carry; warnOnly: mark what cannot be
    // converted (`x-s2o-warning`) instead of stopping; no resolve: the loader's bundler read the
    // files and URLs already, within the trust rules.
    const result = await converter.convertObj(structuredClone(document), { patch: true, warnOnly: true, resolve: false, direct: false });
    converted = result.openapi;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SpecError(`cannot convert this Swagger 2.0 document to OpenAPI 3: ${message}`, { file, pointer: '#' }, 'SPEC_INVALID');
  }
  const map = (pointer: string) => originalPointer(pointer, original);
  const warnings = takeConverterWarnings(converted).map(({ pointer, message }) => `${map(pointer)}: ${message} (the Swagger 2.0 → OpenAPI 3 conversion could not carry this over)`);
  return { document: converted, conversion: { from: version, originalPointer: map, warnings } };
}

/** Removes the converter's `x-s2o-warning` marks and returns them with the pointer of each. */
function takeConverterWarnings(root: unknown): { pointer: string; message: string }[] {
  const found: { pointer: string; message: string }[] = [];
  const seen = new Set<object>();
  const visit = (node: unknown, pointer: string): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, childPointer(pointer, i)));
      return;
    }
    const record = node as Record<string, unknown>;
    const mark = record['x-s2o-warning'];
    if (mark !== undefined) {
      found.push({ pointer, message: String(mark) });
      delete record['x-s2o-warning'];
    }
    for (const [key, value] of Object.entries(record)) visit(value, childPointer(pointer, key));
  };
  visit(root, '#');
  return found;
}

/** A model warning (`<pointer>: <message>`) with its pointer told in the original document. */
export function warningInOriginal(warning: string, conversion: Conversion): string {
  const at = warning.indexOf(': ');
  if (at <= 0 || parsePointer(warning.slice(0, at)) === undefined) return warning;
  return `${conversion.originalPointer(warning.slice(0, at))}${warning.slice(at)}`;
}
