import { SpecError } from '../errors.js';
import type { LoadedSpec } from '../load/load-spec.js';
import { operationBaseName } from '../naming/operation-name.js';
import { splitPathKey } from './path-key.js';
import { childPointer } from './pointer.js';
import { SpecReader, describe } from './reader.js';
import type { MemoBuild, ModelMemo } from './model-memo.js';
import type { JsonValue } from './types.js';
import { isBinaryString, responseMedia } from './response-media.js';
import { rawStyleShape, styleProblem } from './parameter-style.js';
import { SchemaConverter } from './schema-converter.js';
import type {
  ApiModel,
  HttpMethod,
  MediaContent,
  MediaKind,
  NamedSchema,
  Operation,
  Parameter,
  ParameterLocation,
  RequestBody,
  Response,
  SchemaNode,
  SecurityRequirement,
  SecurityScheme,
} from './types.js';
import { Visibility, WRITABLE_SUFFIX } from './visibility.js';

const METHODS = new Set<string>(['get', 'put', 'post', 'delete', 'patch']);
const SKIPPED_METHODS = new Set<string>(['head', 'options', 'trace']);
const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie']);

export interface BuildModelOptions {
  /**
   * The converted schemas of a session's last build of this spec (watch mode): a schema whose
   * conversion reads what it read then is not converted again. The model is the same either way.
   * @default none
   */
  memo?: ModelMemo | undefined;
}

/** Builds the intermediate representation of a loaded spec. */
export function buildModel(spec: LoadedSpec, options: BuildModelOptions = {}): ApiModel {
  try {
    return new ModelBuilder(spec, options.memo).build();
  } catch (error) {
    if (error instanceof RangeError) {
      throw new SpecError('the document nests schemas too deeply to process', { file: spec.file }, 'SPEC_INVALID', { cause: error });
    }
    throw error;
  }
}

interface RawOperation {
  operation: Omit<Operation, 'name'>;
  baseName: string;
}

class ModelBuilder {
  private readonly reader: SpecReader;
  private readonly converter: SchemaConverter;
  private readonly doc: Record<string, unknown>;
  private readonly memo: MemoBuild | undefined;

  constructor(
    private readonly spec: LoadedSpec,
    memo?: ModelMemo,
  ) {
    this.reader = new SpecReader(spec.file);
    this.doc = spec.document;
    this.converter = new SchemaConverter(this.reader, this.doc, spec.dialect);
    this.memo = memo?.begin(this.converter, spec);
  }

  /** A schema of an operation (a parameter's, a body's), taken from the session's last build when unchanged. */
  private convert(raw: unknown, pointer: string): SchemaNode {
    return this.memo ? this.memo.convertOperationSchema(raw, pointer) : this.converter.convert(raw, pointer);
  }

  /**
   * A schema that is only a `$ref` leading back to itself through `$ref`s alone (`Pet: { $ref:
   * Pet }`, A → B → A) describes no value, and the type alias it would print is one TypeScript
   * refuses (TS2456): an error at its `$ref`.
   */
  /**
   * A schema that leads back to itself through `$ref`s, unions and `allOf` alone (`Pet: { $ref:
   * Pet }`, `X: { oneOf: [X, string] }`) has no object or array between it and itself: TypeScript
   * refuses the alias (TS2456) and zod's union would try itself for ever. Recursion through a
   * property, an array or a map is fine.
   */
  private refuseRefCycles(built: Map<string, SchemaNode>): void {
    for (const [key, node] of built) {
      const seen = new Set<string>();
      const pending: SchemaNode[] = [node];
      while (pending.length > 0) {
        const at = pending.pop()!;
        if (at.kind === 'union') pending.push(...at.variants);
        else if (at.kind === 'intersection') pending.push(...at.members);
        else if (at.kind === 'ref' && !seen.has(at.key)) {
          if (at.key === key) {
            const entry = this.converter.named.get(key)!;
            if (node.kind === 'ref') this.reader.fail(childPointer(entry.pointer, '$ref'), `the $ref leads back to ${entry.sourceName} through $refs alone, so the schema describes no value`);
            this.reader.fail(entry.pointer, `the schema leads back to ${entry.sourceName} through oneOf/anyOf/allOf and $refs alone, with no object or array between: TypeScript and zod cannot express that (recursion needs a property, an array or a map)`);
          }
          seen.add(at.key);
          const target = built.get(at.key);
          if (target) pending.push(target);
        }
      }
    }
  }

  /** A request body whose every media type admits no value (`false`, `not: {}`): no call with a body can succeed. */
  private warnUncallable(operation: Operation, built: Map<string, SchemaNode>): void {
    const body = operation.requestBody;
    if (!body || body.contents.length === 0) return;
    const resolve = (node: SchemaNode | undefined, depth = 0): SchemaNode | undefined => (node?.kind === 'ref' && depth < 32 ? resolve(built.get(node.key), depth + 1) : node);
    if (body.contents.every((content) => resolve(content.schema)?.kind === 'never')) {
      const outcome = body.required ? 'every request fails validation' : 'only a request without one succeeds';
      this.reader.warn(childPointer(operation.pointer, 'requestBody'), `${operation.key}: the request body admits no value (its schema is \`false\` or \`not: {}\`), so ${outcome}`);
    }
  }

  build(): ApiModel {
    this.warnIgnoredParts();
    const raw = this.collectOperations();
    this.converter.buildAll();

    const built = new Map<string, SchemaNode>();
    for (const [key, entry] of this.converter.named) built.set(key, entry.node ?? { kind: 'unknown', nullable: false });
    this.refuseRefCycles(built);
    const visibility = new Visibility(built);

    const schemas: NamedSchema[] = [];
    for (const [key, entry] of this.converter.named) {
      const node = built.get(key)!;
      const writable = visibility.hasWritableVariant(key);
      const base = { sourceName: entry.sourceName, pointer: entry.pointer, isComponent: entry.isComponent };
      schemas.push({ ...base, key, variant: 'default', schema: writable ? visibility.project(node, 'response') : node });
      if (writable) schemas.push({ ...base, key: key + WRITABLE_SUFFIX, variant: 'writable', schema: visibility.project(node, 'request') });
    }

    // Collisions get a numeric suffix in operation order (DECISIONS), skipping names already taken.
    const taken = new Set<string>();
    const operationIds = new Map<string, string>();
    const operations = raw.map(({ operation, baseName }) => {
      const id = operation.operationId;
      const first = id === undefined ? undefined : operationIds.get(id);
      if (id !== undefined && first === undefined) operationIds.set(id, operation.pointer);
      let name = baseName;
      for (let n = 2; taken.has(name); n++) name = `${baseName}${n}`;
      taken.add(name);
      if (first !== undefined) {
        this.reader.warn(childPointer(operation.pointer, 'operationId'), `operationId "${id}" is also used at ${first} (operationIds must be unique); this operation is named ${name}`);
      }
      return projectOperation(orderMedia({ ...operation, name }, built, (pointer, message) => this.reader.warn(pointer, message)), visibility);
    });
    for (const operation of operations) this.warnUncallable(operation, built);
    const requested = writableVariantsRequested(schemas, operations);

    const info = this.reader.optionalObject(this.doc['info'], '#/info', 'info') ?? {};
    const model: ApiModel = {
      file: this.spec.file,
      openapi: this.spec.version,
      info: {
        title: typeof info['title'] === 'string' ? info['title'] : '',
        version: typeof info['version'] === 'string' ? info['version'] : String(info['version'] ?? ''),
      },
      servers: this.servers(),
      // A writable variant no request reaches would be a declaration nothing uses (`PetWritable`
      // of a schema only ever answered): it is not kept.
      schemas: schemas.filter((s) => s.variant !== 'writable' || requested.has(s.key)),
      operations,
      securitySchemes: this.securitySchemes(),
      warnings: this.reader.warnings,
    };
    if (typeof info['description'] === 'string') model.info.description = info['description'];
    this.memo?.commit();
    return model;
  }

  /** Parts of the document no generator reads: said once, so that nothing is dropped silently. */
  private warnIgnoredParts(): void {
    const r = this.reader;
    const minor = /^3\.(\d+)/.exec(this.spec.version)?.[1];
    if (minor !== undefined && Number(minor) > 1) {
      r.warn('#/openapi', `OpenAPI ${this.spec.version} is read as 3.1; features added after 3.1 are ignored`);
    }
    const webhooks = r.isObject(this.doc['webhooks']) ? Object.keys(this.doc['webhooks']) : [];
    if (webhooks.length > 0) {
      r.warn('#/webhooks', `webhooks are not generated (${webhooks.length}: ${webhooks.slice(0, 3).join(', ')}${webhooks.length > 3 ? ', ...' : ''}); ignored`);
    }
  }

  private collectOperations(): RawOperation[] {
    const r = this.reader;
    const paths = r.optionalObject(this.doc['paths'], '#/paths', 'paths') ?? {};
    const out: RawOperation[] = [];
    for (const [path, itemRaw] of Object.entries(paths)) {
      if (path.startsWith('x-')) continue;
      const itemPointer = childPointer('#/paths', path);
      if (!path.startsWith('/')) r.fail(itemPointer, `path "${path}" must start with "/"`);
      const item = this.deref(itemRaw, itemPointer, 'path item');
      const shared = this.parameters(item.value['parameters'], childPointer(item.pointer, 'parameters'));
      for (const [method, opRaw] of Object.entries(item.value)) {
        if (SKIPPED_METHODS.has(method)) {
          r.warn(childPointer(itemPointer, method), `${method.toUpperCase()} operations are not generated; skipped`);
          continue;
        }
        if (!METHODS.has(method)) continue;
        const pointer = childPointer(item.pointer, method);
        const op = r.object(opRaw, pointer, 'an operation');
        out.push(this.operation(method as HttpMethod, path, op, pointer, shared));
      }
    }
    return out;
  }

  private operation(method: HttpMethod, path: string, op: Record<string, unknown>, pointer: string, shared: Parameter[]): RawOperation {
    const r = this.reader;
    const own = this.parameters(op['parameters'], childPointer(pointer, 'parameters'));
    const byKey = new Map<string, Parameter>();
    for (const parameter of [...shared, ...own]) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
    const all = [...byKey.values()];

    const { urlPath, query: pathQuery, fragment: pathFragment, queryTemplates } = splitPathKey(path);
    if (urlPath !== path) r.warn(pointer, `the path key holds a query or fragment ("${path.slice(urlPath.length)}"); requests use the path "${urlPath}"`);
    // A template in the query part of the key is a query parameter, however it is declared.
    for (const name of queryTemplates) {
      const declared = all.find((p) => (p.in === 'path' || p.in === 'query') && p.name === name);
      if (declared?.in === 'path') all[all.indexOf(declared)] = { ...declared, in: 'query', style: 'form', explode: true };
      else if (!declared) {
        r.warn(pointer, `query parameter "${name}" of the path key is not declared; treated as a required string`);
        all.push({ name, in: 'query', required: true, schema: { kind: 'string', nullable: false }, style: 'form', explode: true });
      }
    }
    const templateNames = [...urlPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const pathParams: Parameter[] = templateNames.map((name) => {
      const declared = all.find((p) => p.in === 'path' && p.name === name);
      if (declared) return { ...declared, required: true };
      r.warn(pointer, `path parameter "${name}" is not declared; treated as a string`);
      return { name, in: 'path', required: true, schema: { kind: 'string', nullable: false }, style: 'simple', explode: false };
    });
    for (const parameter of all) {
      if (parameter.in === 'path' && !templateNames.includes(parameter.name)) {
        r.warn(pointer, `path parameter "${parameter.name}" does not occur in the path; ignored`);
      }
    }

    const operationId = r.lenientString(op['operationId'], childPointer(pointer, 'operationId'));
    if (r.isObject(op['callbacks']) && Object.keys(op['callbacks']).length > 0) {
      r.warn(childPointer(pointer, 'callbacks'), 'callbacks are not generated; ignored');
    }
    const tags = Array.isArray(op['tags']) ? op['tags'].filter((t): t is string => typeof t === 'string') : [];
    const operation: Omit<Operation, 'name'> = {
      key: `${method.toUpperCase()} ${path}`,
      method,
      path,
      urlPath,
      pathQuery,
      pathFragment,
      pathParams,
      queryParams: all.filter((p) => p.in === 'query'),
      headerParams: all.filter((p) => p.in === 'header'),
      cookieParams: all.filter((p) => p.in === 'cookie'),
      responses: this.responses(op['responses'], childPointer(pointer, 'responses')),
      deprecated: op['deprecated'] === true,
      tags,
      pointer,
    };
    if (operationId !== undefined && operationId.length > 0) operation.operationId = operationId;
    const body = op['requestBody'] === undefined ? undefined : this.requestBody(op['requestBody'], childPointer(pointer, 'requestBody'));
    // fetch refuses a body on GET, and fastify a body schema: no generator could honour it.
    if (body && method === 'get') r.warn(childPointer(pointer, 'requestBody'), `a GET request cannot carry a body (fetch refuses it); the request body is left out`);
    else if (body) operation.requestBody = body;
    // The contract generates no cookie handling: a cookie parameter would otherwise vanish silently.
    for (const p of operation.cookieParams) r.warn(pointer, `cookie parameter "${p.name}" is neither sent by the client nor read by the routers (cookies are not generated)`);
    const security = op['security'] !== undefined ? this.security(op['security'], childPointer(pointer, 'security')) : this.security(this.doc['security'], '#/security');
    if (security !== undefined) operation.security = security;
    if (typeof op['summary'] === 'string') operation.summary = op['summary'];
    if (typeof op['description'] === 'string') operation.description = op['description'];
    return { operation, baseName: operationBaseName(method, path, operationId) };
  }

  /** Follows `$ref` chains (to parameters, request bodies, responses, path items). */
  private deref(value: unknown, pointer: string, what: string): { value: Record<string, unknown>; pointer: string } {
    let current = value;
    let at = pointer;
    for (let hops = 0; hops < 64; hops++) {
      const object = this.reader.object(current, at, what);
      const ref = object['$ref'];
      if (ref === undefined) return { value: object, pointer: at };
      if (typeof ref !== 'string') this.reader.fail(childPointer(at, '$ref'), `$ref must be a string, found ${describe(ref)}`);
      const target = this.converter.refs.normalize(ref);
      const resolved = target === undefined ? undefined : this.converter.refs.resolve(target);
      if (resolved === undefined) this.reader.fail(childPointer(at, '$ref'), `$ref "${ref}" does not resolve to anything in the document`);
      current = resolved;
      at = target!;
    }
    this.reader.fail(pointer, 'the $ref chain does not end (circular reference)');
  }

  private parameters(value: unknown, pointer: string): Parameter[] {
    const list = this.reader.optionalArray(value, pointer, 'parameters') ?? [];
    return list.flatMap((raw, i) => this.parameter(raw, childPointer(pointer, i)) ?? []);
  }

  /** The parameter, or undefined for an optional one named "" outside the path (left out, warned). */
  private parameter(raw: unknown, pointer: string): Parameter | undefined {
    const r = this.reader;
    const { value: p, pointer: at } = this.deref(raw, pointer, 'a parameter');
    const name = p['name'];
    const location = p['in'];
    // Real specs have them (an `example: ""` beside `name: ""`): no request can be meant to set one.
    if (name === '' && (location === 'query' || location === 'header' || location === 'cookie') && p['required'] !== true) {
      r.warn(childPointer(at, 'name'), `an optional ${location} parameter named "" is left out: neither sent by the client nor read by the routers`);
      return undefined;
    }
    if (typeof name !== 'string' || name.length === 0) this.reader.fail(childPointer(at, 'name'), 'a parameter needs a non-empty "name"');
    if (typeof location !== 'string' || !LOCATIONS.has(location)) {
      this.reader.fail(childPointer(at, 'in'), `parameter "in" must be one of path, query, header, cookie, found ${describe(location)}`);
    }
    const loc = location as ParameterLocation;
    let schema: SchemaNode;
    let jsonContent = false;
    if (p['schema'] !== undefined) schema = this.convert(p['schema'], childPointer(at, 'schema'));
    else if (r.isObject(p['content'])) {
      const [contentType, media] = Object.entries(p['content'])[0] ?? [];
      schema = r.isObject(media) && media['schema'] !== undefined
        ? this.convert(media['schema'], childPointer(at, 'content', contentType!, 'schema'))
        : { kind: 'string', nullable: false };
      jsonContent = contentType !== undefined && mediaKind(contentType) === 'json';
    } else schema = { kind: 'string', nullable: false };
    // A query parameter described by JSON content is its JSON text (`filter={"type":"click"}`).
    const style = loc === 'query' && jsonContent ? 'json' : typeof p['style'] === 'string' ? p['style'] : loc === 'query' || loc === 'cookie' ? 'form' : 'simple';
    const parameter: Parameter = {
      name,
      in: loc,
      required: loc === 'path' || p['required'] === true,
      schema,
      style,
      explode: typeof p['explode'] === 'boolean' ? p['explode'] : style === 'form',
    };
    if (typeof p['description'] === 'string') parameter.description = p['description'];
    if (p['deprecated'] === true) parameter.deprecated = true;
    this.warnStyle(parameter, p['schema'], p['explode'], at);
    return parameter;
  }

  private readonly styleWarned = new Set<string>();

  /** A style the table does not define for this value, once per parameter (a shared one is read per use). */
  private warnStyle(parameter: Parameter, schema: unknown, explode: unknown, at: string): void {
    const usual = (parameter.in === 'header' && parameter.style === 'simple') || (parameter.in !== 'path' && parameter.in !== 'header' && parameter.style === 'form');
    if (usual || this.styleWarned.has(at)) return;
    const resolve = (ref: string) => {
      const target = this.converter.refs.normalize(ref);
      return target === undefined ? undefined : this.converter.refs.resolve(target);
    };
    // deepObject without `explode` is read as its one defined form (exploded), as specs mean it.
    const exploded = typeof explode === 'boolean' ? explode : parameter.explode || parameter.style === 'deepObject';
    const problem = styleProblem(parameter.in, parameter.style, exploded, rawStyleShape(schema, resolve));
    this.styleWarned.add(at);
    if (problem) this.reader.warn(at, `${parameter.in} parameter "${parameter.name}": ${problem}`);
  }

  private requestBody(raw: unknown, pointer: string): RequestBody | undefined {
    const { value: body, pointer: at } = this.deref(raw, pointer, 'a request body');
    const contents = this.contents(body['content'], childPointer(at, 'content'));
    if (contents.length === 0) return undefined;
    const out: RequestBody = { required: body['required'] === true, contents };
    if (typeof body['description'] === 'string') out.description = body['description'];
    return out;
  }

  private responses(raw: unknown, pointer: string): Response[] {
    const map = this.reader.optionalObject(raw, pointer, 'responses') ?? {};
    const out: Response[] = [];
    for (const [status, value] of Object.entries(map)) {
      if (status.startsWith('x-')) continue;
      const { value: response, pointer: at } = this.deref(value, childPointer(pointer, status), 'a response');
      const normalized = status.toLowerCase() === 'default' ? 'default' : status.toUpperCase();
      if (normalized !== 'default' && !/^[1-5](\d\d|XX)$/.test(normalized)) {
        this.reader.warn(childPointer(pointer, status), `"${status}" is not an HTTP status code; ignored`);
        continue;
      }
      let contents = this.contents(response['content'], childPointer(at, 'content'));
      // A null-body status carries no body (fetch gives it none): every generator treats it so.
      if (NULL_BODY_STATUSES.has(normalized) && contents.length > 0) {
        this.reader.warn(childPointer(at, 'content'), `a ${normalized} response has no body; its content is ignored`);
        contents = [];
      }
      out.push({ status: normalized, description: typeof response['description'] === 'string' ? response['description'] : '', contents });
    }
    return out;
  }

  private contents(raw: unknown, pointer: string): MediaContent[] {
    const map = this.reader.optionalObject(raw, pointer, 'content') ?? {};
    const out: MediaContent[] = [];
    for (const [contentType, mediaRaw] of Object.entries(map)) {
      const media = this.reader.optionalObject(mediaRaw, childPointer(pointer, contentType), 'a media type') ?? {};
      const content: MediaContent = { contentType, kind: mediaKind(contentType) };
      if (media['schema'] !== undefined) content.schema = this.convert(media['schema'], childPointer(pointer, contentType, 'schema'));
      // Most media declare no examples: their pointer is not worth making.
      const examples = media['examples'] === undefined ? [] : this.examples(media['examples'], childPointer(pointer, contentType, 'examples'));
      if (examples.length > 0) content.examples = examples;
      out.push(content);
    }
    return out;
  }

  /** Named examples with a `value`; one that cannot be read (a broken ref, only `externalValue`) is left out with a warning. */
  private examples(raw: unknown, pointer: string): { name: string; value: JsonValue }[] {
    if (!this.reader.isObject(raw)) return [];
    const out: { name: string; value: JsonValue }[] = [];
    for (const [name, entry] of Object.entries(raw)) {
      let example: unknown = entry;
      for (let hops = 0; hops < 8 && this.reader.isObject(example) && typeof example['$ref'] === 'string'; hops++) {
        const target = this.converter.refs.normalize(example['$ref']);
        example = target === undefined ? undefined : this.converter.refs.resolve(target);
      }
      if (this.reader.isObject(example) && 'value' in example) out.push({ name, value: example['value'] as JsonValue });
      else this.reader.warn(childPointer(pointer, name), 'an example without a value (or a $ref that does not resolve) is not served by the mocks');
    }
    return out;
  }

  private security(raw: unknown, pointer: string): SecurityRequirement[] | undefined {
    if (raw === undefined) return undefined;
    const list = this.reader.array(raw, pointer, 'security');
    return list.map((requirement, i) => {
      const object = this.reader.object(requirement, childPointer(pointer, i), 'a security requirement');
      return Object.entries(object).map(([scheme, scopes]) => ({
        scheme,
        scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [],
      }));
    });
  }

  private securitySchemes(): SecurityScheme[] {
    const components = this.reader.isObject(this.doc['components']) ? this.doc['components'] : {};
    const schemes = this.reader.isObject(components['securitySchemes']) ? components['securitySchemes'] : {};
    const out: SecurityScheme[] = [];
    for (const [key, raw] of Object.entries(schemes)) {
      if (!this.reader.isObject(raw)) continue;
      const { value } = this.deref(raw, childPointer('#/components/securitySchemes', key), 'a security scheme');
      const scheme: SecurityScheme = { key, type: typeof value['type'] === 'string' ? value['type'] : 'unknown' };
      for (const field of ['scheme', 'bearerFormat', 'name', 'in', 'description'] as const) {
        const v = value[field];
        if (typeof v === 'string') scheme[field] = field === 'scheme' ? v.toLowerCase() : v;
      }
      out.push(scheme);
    }
    return out;
  }

  private servers(): string[] {
    const servers = Array.isArray(this.doc['servers']) ? this.doc['servers'] : [];
    return servers.flatMap((s) => (this.reader.isObject(s) && typeof s['url'] === 'string' ? [s['url']] : []));
  }
}

/** Statuses whose responses have no body (fetch's null-body statuses). */
const NULL_BODY_STATUSES = new Set(['204', '205', '304']);

const KIND_ORDER: MediaKind[] = ['json', 'form', 'multipart', 'text', 'binary', 'other'];

/**
 * Orders each body's media types by preference: JSON first, then form, multipart, text, binary,
 * other. Response media are first settled by `responseMedia`. A body whose schema is a binary
 * string is raw bytes whatever media type declares it, so such a JSON media type comes last:
 * Azure's LUIS declares its gzip download as application/json and application/octet-stream alike.
 */
function orderMedia(operation: Operation, schemas: ReadonlyMap<string, SchemaNode>, warn: (pointer: string, message: string) => void): Operation {
  const rank = (content: MediaContent) => (mediaKind(content.contentType) === 'json' && isBinaryString(content.schema, schemas) ? KIND_ORDER.length : KIND_ORDER.indexOf(content.kind));
  const order = (list: MediaContent[]) => [...list].sort((a, b) => rank(a) - rank(b));
  const settle = (status: string, content: MediaContent) =>
    responseMedia(content, schemas, (message) => warn(childPointer(operation.pointer, 'responses', status, 'content', content.contentType, 'schema'), message));
  const out: Operation = { ...operation, responses: operation.responses.map((r) => ({ ...r, contents: order(r.contents.map((c) => settle(r.status, c))) })) };
  if (operation.requestBody) out.requestBody = { ...operation.requestBody, contents: order(operation.requestBody.contents) };
  return out;
}

export function mediaKind(contentType: string): MediaKind {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (/^application\/([\w.-]+\+)?json$/.test(type) || type === 'text/json') return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type.startsWith('multipart/')) return 'multipart';
  if (type.startsWith('text/') || /^application\/([\w.-]+\+)?xml$/.test(type)) return 'text';
  if (type === 'application/octet-stream' || /^(image|audio|video|font)\//.test(type) || type === 'application/pdf' || type === 'application/zip') return 'binary';
  return 'other';
}

function projectOperation(operation: Operation, visibility: Visibility): Operation {
  const params = (list: Parameter[]) => list.map((p) => ({ ...p, schema: visibility.project(p.schema, 'request') }));
  const contents = (list: MediaContent[], direction: 'request' | 'response') =>
    list.map((c) => (c.schema ? { ...c, schema: visibility.project(c.schema, direction) } : c));
  const out: Operation = {
    ...operation,
    pathParams: params(operation.pathParams),
    queryParams: params(operation.queryParams),
    headerParams: params(operation.headerParams),
    cookieParams: params(operation.cookieParams),
    responses: operation.responses.map((r) => ({ ...r, contents: contents(r.contents, 'response') })),
  };
  if (operation.requestBody) out.requestBody = { ...operation.requestBody, contents: contents(operation.requestBody.contents, 'request') };
  return out;
}

/**
 * Keys of the writable variants that requests reach: through the request bodies and parameters
 * of the operations (already projected to the request shape), and the `$ref`s of those variants.
 */
function writableVariantsRequested(schemas: NamedSchema[], operations: Operation[]): Set<string> {
  const requested = new Set<string>();
  if (!schemas.some((s) => s.variant === 'writable')) return requested;
  const byKey = new Map(schemas.map((s) => [s.key, s.schema]));
  // Nodes are shared between operations (a parameter's schema, a projected body): each is walked
  // once, through its schema children only (examples and defaults are values, not schemas).
  const seen = new Set<SchemaNode>();
  const visit = (node: SchemaNode | undefined): void => {
    if (node === undefined || seen.has(node)) return;
    seen.add(node);
    for (const not of node.not ?? []) visit(not);
    switch (node.kind) {
      case 'ref':
        if (node.key.endsWith(WRITABLE_SUFFIX) && !requested.has(node.key)) {
          requested.add(node.key);
          visit(byKey.get(node.key));
        }
        return;
      case 'object':
        for (const property of node.properties) visit(property.schema);
        if (typeof node.additionalProperties === 'object') visit(node.additionalProperties);
        for (const pattern of node.patternProperties ?? []) visit(pattern.schema);
        return;
      case 'array':
        return visit(node.items);
      case 'tuple':
        for (const item of node.items) visit(item);
        if (node.rest !== false) visit(node.rest);
        return;
      case 'union':
        for (const variant of node.variants) visit(variant);
        return;
      case 'intersection':
        for (const member of node.members) visit(member);
        return;
      default:
        return;
    }
  };
  for (const op of operations) {
    for (const parameter of [...op.pathParams, ...op.queryParams, ...op.headerParams, ...op.cookieParams]) visit(parameter.schema);
    for (const content of op.requestBody?.contents ?? []) visit(content.schema);
  }
  return requested;
}
