import { errorResponses } from '../ir/declared-responses.js';
import type { ApiModel, NamedSchema, Operation, SchemaNode } from '../ir/types.js';
import { camelCase, pascalCase, upperFirst } from './case.js';
import { isReservedTypeName, isReservedWord, safeIdentifier } from './identifiers.js';

/** Globals that generated code uses as values; a spec name never shadows them. */
export const GLOBAL_VALUE_NAMES = [
  'AbortController', 'AbortSignal', 'Array', 'ArrayBuffer', 'Blob', 'Boolean', 'Date', 'Error', 'File', 'FormData',
  'Headers', 'Infinity', 'JSON', 'Map', 'Math', 'NaN', 'Number', 'Object', 'Promise', 'Proxy', 'Reflect', 'RegExp',
  'Request', 'Response', 'Set', 'String', 'Symbol', 'TextDecoder', 'TextEncoder', 'TypeError', 'URL',
  'URLSearchParams', 'Uint8Array', 'clearTimeout', 'console', 'decodeURIComponent', 'encodeURIComponent', 'fetch',
  'globalThis', 'queueMicrotask', 'setTimeout', 'structuredClone', 'undefined',
];

/** Global types that generated code uses; a spec schema name never shadows them. */
export const GLOBAL_TYPE_NAMES = [
  'AbortSignal', 'Array', 'ArrayBuffer', 'Awaited', 'Blob', 'BodyInit', 'Boolean', 'Date', 'Error', 'Exclude',
  'Extract', 'File', 'FormData', 'Function', 'Headers', 'HeadersInit', 'JSON', 'Map', 'NonNullable', 'Number',
  'Object', 'Omit', 'Parameters', 'Partial', 'Pick', 'Promise', 'PromiseLike', 'Readonly', 'ReadonlyArray',
  'Record', 'RegExp', 'Request', 'RequestInit', 'Required', 'Response', 'ReturnType', 'Set', 'String', 'Symbol',
  'URL', 'URLSearchParams', 'Uint8Array',
];

/** Parameter names that generated functions use themselves; path parameters never take them. */
export const LOCAL_PARAMETER_NAMES = ['body', 'query', 'params', 'config', 'context', 'options', 'init', 'signal', 'headers'];

/** A set of taken names; `claim` returns a free name, adding a numeric suffix on collision. */
export class NameScope {
  private readonly used: Set<string>;

  /**
   * `outer`: names taken around this scope, shared by many small scopes instead of copied into
   * each; claims never add to it.
   */
  constructor(
    reserved: Iterable<string> = [],
    private readonly outer?: ReadonlySet<string>,
  ) {
    this.used = new Set(reserved);
  }

  claim(base: string): string {
    let name = base;
    for (let n = 2; this.has(name); n++) name = `${base}${n}`;
    this.used.add(name);
    return name;
  }

  has(name: string): boolean {
    return this.used.has(name) || this.outer?.has(name) === true;
  }
}

/** A declaration pair: the TypeScript type and the runtime schema value that validates it. */
export interface DeclarationNames {
  type: string;
  schema: string;
}

export interface OperationNames {
  /** Function / method name (`getPetById`). */
  fn: string;
  /** PascalCase of the name, for derived names (`GetPetById`). */
  pascal: string;
  /** Identifiers of the path parameters, in path order. */
  pathParams: string[];
  /** The request body's declaration, when it has a schema. */
  body?: DeclarationNames;
  /** The object of query parameters, when there are any. */
  query?: DeclarationNames;
  /** Per declared status (`'200'`, `'2XX'`, `'404'`, `'default'`) with a schema, the response body's declaration. */
  responses: Map<string, DeclarationNames>;
  /** `<Pascal>Errors`, the type mapping each declared error status to its body: set when the operation declares an error. */
  errors?: string;
}

export interface ReservedNames {
  /** Value names the emitting generator declares itself (runtime helpers, exports). */
  values?: Iterable<string>;
  /** Type names the emitting generator declares itself. */
  types?: Iterable<string>;
}

/**
 * Maps IR entities to emitted names, once per run: named schemas to `Pet` / `PetSchema`,
 * operations to functions and to the declarations of their bodies, queries and responses.
 * Assignment order is fixed (schemas in model order, then operations), so names are stable.
 */
export class NameRegistry {
  /** One scope for types and values: a type and a value never share a name, which reads clearer. */
  private readonly scope: NameScope;
  private readonly schemaNames = new Map<string, DeclarationNames>();
  private readonly operationNames = new Map<string, OperationNames>();
  private readonly paramIdentifiers = new Map<string, string>();

  constructor(
    readonly model: ApiModel,
    reserved: ReservedNames = {},
  ) {
    this.scope = new NameScope([...GLOBAL_VALUE_NAMES, ...GLOBAL_TYPE_NAMES, ...(reserved.values ?? []), ...(reserved.types ?? [])]);
    for (const schema of model.schemas) this.schemaNames.set(schema.key, this.declare(schemaBaseName(schema)));
    for (const operation of model.operations) this.operationNames.set(operation.key, this.nameOperation(operation));
  }

  /** Names of a named schema by key (as carried by `ref` nodes). */
  schema(key: string): DeclarationNames {
    const names = this.schemaNames.get(key);
    if (!names) throw new Error(`internal: no schema named by key ${JSON.stringify(key)}`);
    return names;
  }

  operation(operation: Operation): OperationNames {
    const names = this.operationNames.get(operation.key);
    if (!names) throw new Error(`internal: no operation ${operation.key}`);
    return names;
  }

  /** Claims a type name and its `<Type>Schema` value together, so both are free. */
  private declare(base: string): DeclarationNames {
    let type = base;
    for (let n = 2; this.scope.has(type) || this.scope.has(`${type}Schema`); n++) type = `${base}${n}`;
    return { type: this.scope.claim(type), schema: this.scope.claim(`${type}Schema`) };
  }

  private nameOperation(operation: Operation): OperationNames {
    const fn = this.scope.claim(operation.name);
    const pascal = upperFirst(operation.name.replace(/_$/, ''));
    const locals = new NameScope([...LOCAL_PARAMETER_NAMES, fn]);
    const pathParams = operation.pathParams.map((p) => locals.claim(this.paramIdentifier(p.name)));
    const names: OperationNames = { fn, pascal, pathParams, responses: new Map() };

    const bodySchema = operation.requestBody?.contents[0]?.schema;
    if (bodySchema) names.body = this.refNames(bodySchema) ?? this.declare(`${pascal}Body`);
    if (operation.queryParams.length > 0) names.query = this.declare(`${pascal}Query`);

    const success = operation.responses.filter((r) => r.status.startsWith('2') && r.contents[0]?.schema);
    for (const response of success) {
      const schema = response.contents[0]!.schema!;
      const suffix = success.length === 1 || response === success[0] ? '' : response.status;
      names.responses.set(response.status, this.refNames(schema) ?? this.declare(`${pascal}Response${suffix}`));
    }
    // Errors after the successes, so every name an earlier version gave stays as it was.
    const errors = errorResponses(operation);
    for (const { status, response } of errors) {
      const schema = response.contents[0]?.schema;
      if (schema) names.responses.set(status, this.refNames(schema) ?? this.declare(`${pascal}Error${status === 'default' ? 'Default' : status}`));
    }
    if (errors.length > 0) names.errors = this.scope.claim(`${pascal}Errors`);
    return names;
  }

  /** The identifier of a path parameter's name, cased once per name: specs repeat a few (`owner`, `repo`) thousands of times. */
  private paramIdentifier(name: string): string {
    let identifier = this.paramIdentifiers.get(name);
    if (identifier === undefined) {
      identifier = safeIdentifier(camelCase(name), 'param');
      this.paramIdentifiers.set(name, identifier);
    }
    return identifier;
  }

  /** A plain reference reuses the referenced schema's names instead of declaring new ones. */
  private refNames(node: SchemaNode): DeclarationNames | undefined {
    return node.kind === 'ref' && !node.nullable ? this.schema(node.key) : undefined;
  }
}

function schemaBaseName(schema: NamedSchema): string {
  let base = pascalCase(schema.sourceName);
  if (base.length === 0) base = 'Schema';
  if (/^\p{Nd}/u.test(base)) base = `_${base}`;
  if (isReservedTypeName(base) || isReservedWord(base)) base = `${base}_`;
  return schema.variant === 'writable' ? `${base}Writable` : base;
}
