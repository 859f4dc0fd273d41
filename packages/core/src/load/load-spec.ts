import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { SpecError } from '../errors.js';
import { bundleExternalRefs, hasExternalRefs } from './external-refs.js';
import { parseDocumentText } from './parse-document.js';

export type OpenApiDialect = '3.0' | '3.1';

export interface LoadedSpec {
  /** Absolute path of the spec file (or a label for in-memory specs). */
  file: string;
  /** The parsed document, with external refs bundled in. */
  document: Record<string, unknown>;
  /** The `openapi` field as written. */
  version: string;
  dialect: OpenApiDialect;
  /** Absolute paths of every file read: the spec file, then the files its external `$ref`s name. */
  files: string[];
}

/** Reads, parses and version-checks a spec file. */
export async function loadSpecFile(path: string): Promise<LoadedSpec> {
  const file = resolve(path);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : 'cannot read the file';
    throw new SpecError(reason, { file }, 'SPEC_NOT_FOUND');
  }
  const parsed = parseDocumentText(text, file);
  const spec = checkSpec(parsed, file);
  if (!hasExternalRefs(spec.document)) return spec;
  const bundled = await bundleExternalRefs(spec.document, file);
  const files = [...new Set([file, ...bundled.files.map((path) => resolve(path))])];
  return { ...checkSpec(bundled.document, file), files };
}

/** Checks an already parsed document (programmatic use); `file` labels error messages. */
export function checkSpec(document: unknown, file = '<spec>'): LoadedSpec {
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new SpecError('the document is not an object; expected an OpenAPI 3.x document', { file, pointer: '#' });
  }
  const doc = document as Record<string, unknown>;
  if ('swagger' in doc) {
    throw new SpecError(
      `Swagger ${String(doc['swagger'])} is not supported; convert the document to OpenAPI 3 first (for example with swagger2openapi)`,
      { file, pointer: '#/swagger' },
      'SPEC_UNSUPPORTED',
    );
  }
  const version = doc['openapi'];
  if (typeof version !== 'string') {
    throw new SpecError('missing "openapi" version field; expected an OpenAPI 3.x document', { file, pointer: '#/openapi' });
  }
  const match = /^3\.(\d+)\.\d+/.exec(version);
  if (!match) {
    throw new SpecError(`unsupported OpenAPI version "${version}"; expected 3.0.x or 3.1.x`, { file, pointer: '#/openapi' }, 'SPEC_UNSUPPORTED');
  }
  return { file, document: doc, version, dialect: Number(match[1]) === 0 ? '3.0' : '3.1', files: [file] };
}
