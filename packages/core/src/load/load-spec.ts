import { SpecError } from '../errors.js';
import { needsBundling, RefBundler } from './bundle-refs.js';
import type { DocumentCache } from './document-cache.js';
import { parseDocumentText } from './parse-document.js';
import { DEFAULT_FETCH_TIMEOUT_MS, DEFAULT_MAX_BYTES, MAX_REDIRECTS, readSource, SourceReadError, type FetchLimits } from './read-source.js';
import { displayUrl, inputUrl, SourcePolicy, type SourceConfig } from './source-policy.js';
import { convertSwagger2, definitionsAsComponents, definitionsBack, isSwagger, warningInOriginal, type Conversion } from './swagger2.js';
import type { ApiModel } from '../ir/types.js';

export type OpenApiDialect = '3.0' | '3.1';

export interface LoadedSpec {
  /** Absolute path of the spec file, its URL, or a label for in-memory specs. */
  file: string;
  /** The parsed document, with every `$ref` made internal. */
  document: Record<string, unknown>;
  /** The `openapi` field as written. */
  version: string;
  dialect: OpenApiDialect;
  /** Every file and URL read (the spec first, then what its `$ref`s named), for watch mode. */
  loadedFiles: string[];
  /** Where schemas the loader named came from (`#/components/schemas/App` → app.yml at `#`). */
  origins?: Map<string, { file: string; pointer: string }>;
  /** Set when the document was Swagger 2.0, converted to OpenAPI 3 before anything else. */
  conversion?: Conversion;
}

export interface LoadOptions extends SourceConfig {
  /** Time allowed for each remote document; default 30 s, or `SPECWRIGHT_FETCH_TIMEOUT_MS`. */
  fetchTimeoutMs?: number;
  /** Largest remote document; default 50 MB. */
  maxBytes?: number;
  /**
   * The files `$ref`s read, kept from the last load of a session (watch mode): one whose text did
   * not change is not parsed again. The spec file itself is always parsed (it is the file edited).
   */
  documents?: DocumentCache | undefined;
  /**
   * Receives the path of every local file the load reads or tries to read (the spec, then the
   * files its `$ref`s name once the policy allows them), as it goes: a caller knows them even when
   * the load fails, so a watcher waits for the file that was missing or broken.
   */
  reads?: Set<string> | undefined;
}

/** Reads (or fetches), parses, bundles and version-checks a spec: a path or an http(s) URL. */
export async function loadSpecFile(input: string, options: LoadOptions = {}): Promise<LoadedSpec> {
  const url = inputUrl(input);
  const file = displayUrl(url);
  const policy = new SourcePolicy(url, options);
  const limits = fetchLimits(options);
  let read: { text: string; url: URL };
  if (url.protocol === 'file:') options.reads?.add(file);
  try {
    read = await readSource(url, policy, limits);
  } catch (error) {
    if (!(error instanceof SourceReadError)) throw error;
    const reason = url.protocol === 'file:' ? (error.missing ? 'file not found' : 'cannot read the file') : error.message;
    // Structured, not a phrase in the message: a config of several projects names `projects[1].input_openapi`.
    throw new SpecError(reason, { file, namedBy: 'input_openapi' }, 'SPEC_NOT_FOUND');
  }
  const parsed = parseDocumentText(read.text, file);
  if (isSwagger(parsed)) return loadSwagger2(parsed, file, url, read.url, policy, limits, options);
  const spec = checkSpec(parsed, file);
  options.documents?.begin();
  if (!needsBundling(parsed)) {
    options.documents?.end();
    return spec;
  }
  const { document, loadedFiles, origins } = await new RefBundler(policy, limits, options.documents, options.reads).bundle(url, read.url, parsed);
  options.documents?.end();
  return { ...checkSpec(document, file), loadedFiles, origins };
}

/**
 * A Swagger 2.0 document: its `$ref`s bundled like a 3.x document's (its definitions standing in
 * for the components meanwhile), then converted; places are told in the original.
 */
async function loadSwagger2(
  parsed: Record<string, unknown>,
  file: string,
  url: URL,
  readUrl: URL,
  policy: SourcePolicy,
  limits: FetchLimits,
  options: LoadOptions,
): Promise<LoadedSpec> {
  let document = definitionsAsComponents(parsed);
  let loaded: Pick<LoadedSpec, 'loadedFiles' | 'origins'> = { loadedFiles: [file] };
  options.documents?.begin();
  if (needsBundling(document)) {
    const bundled = await new RefBundler(policy, limits, options.documents, options.reads).bundle(url, readUrl, document);
    document = bundled.document;
    loaded = { loadedFiles: bundled.loadedFiles, origins: bundled.origins };
  }
  options.documents?.end();
  const { document: converted, conversion } = await convertSwagger2(definitionsBack(document), parsed, file);
  return { ...checkSpec(converted, file), ...loaded, conversion };
}

/** A model built from a converted document, its warnings told in the original document. */
export function modelInSource(model: ApiModel, spec: LoadedSpec): ApiModel {
  const conversion = spec.conversion;
  if (conversion === undefined) return model;
  return { ...model, warnings: [...conversion.warnings, ...model.warnings.map((warning) => warningInOriginal(warning, conversion))] };
}

/** The longest timeout a timer keeps (about 24.8 days): a longer one would fire at once, or throw. */
export const MAX_FETCH_TIMEOUT_MS = 2 ** 31 - 1;

function fetchLimits(options: LoadOptions): FetchLimits {
  const fromEnv = Number(process.env['SPECWRIGHT_FETCH_TIMEOUT_MS']);
  const timeoutMs = options.fetchTimeoutMs ?? (fromEnv > 0 ? fromEnv : DEFAULT_FETCH_TIMEOUT_MS);
  return {
    // Whole milliseconds (AbortSignal.timeout takes no fraction), `Infinity` as the longest.
    timeoutMs: Math.min(Math.ceil(timeoutMs), MAX_FETCH_TIMEOUT_MS),
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxRedirects: MAX_REDIRECTS,
  };
}

/**
 * An error the IR builder found inside a schema the loader hoisted names the file and pointer the
 * schema came from, not the component the loader made (which is in no file).
 */
export function locateInSource(error: unknown, spec: LoadedSpec): unknown {
  if (!(error instanceof SpecError)) return error;
  const pointer = error.location.pointer;
  if (pointer === undefined || error.location.file !== spec.file) return error;
  for (const [component, origin] of spec.origins ?? []) {
    if (pointer !== component && !pointer.startsWith(`${component}/`)) continue;
    const rest = pointer.slice(component.length);
    return new SpecError(error.message, { ...error.location, file: origin.file, pointer: origin.pointer + rest }, error.code, { cause: error });
  }
  if (spec.conversion !== undefined) {
    return new SpecError(error.message, { ...error.location, pointer: spec.conversion.originalPointer(pointer) }, error.code, { cause: error });
  }
  return error;
}

/** Checks an already parsed document (programmatic use); `file` labels error messages. */
export function checkSpec(document: unknown, file = '<spec>'): LoadedSpec {
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new SpecError('the document is not an object; expected an OpenAPI 3.x document', { file, pointer: '#' });
  }
  const doc = document as Record<string, unknown>;
  if ('swagger' in doc) {
    throw new SpecError(
      `Swagger ${String(doc['swagger'])} is not supported in a document passed in memory; load it from its file or URL (loadSpecFile, loadModel), which converts Swagger 2.0 to OpenAPI 3`,
      { file, pointer: '#/swagger' },
      'SPEC_UNSUPPORTED',
    );
  }
  const version = doc['openapi'];
  if (typeof version !== 'string') {
    throw new SpecError('missing "openapi" version field; expected an OpenAPI 3.x document', { file, pointer: '#/openapi' });
  }
  // `3.0` and `3.1` without a patch number occur in real specs (openapi-typescript's fixtures).
  const match = /^3\.(\d+)(?:\.\d+|$)/.exec(version);
  if (!match) {
    throw new SpecError(`unsupported OpenAPI version "${version}"; expected 3.0.x or 3.1.x (for example 3.0.3 or 3.1.0)`, { file, pointer: '#/openapi' }, 'SPEC_UNSUPPORTED');
  }
  return { file, document: doc, version, dialect: Number(match[1]) === 0 ? '3.0' : '3.1', loadedFiles: [file] };
}
