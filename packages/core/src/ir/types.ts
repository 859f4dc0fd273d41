/**
 * The intermediate representation. The loader turns OpenAPI 3.0 and 3.1 documents into this one
 * model; every generator reads only this. All `$ref`s are resolved: a reference to a named schema
 * is a `ref` node carrying the schema's key, everything else is inlined.
 */

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Fields every schema node may carry. */
export interface SchemaBase {
  /** Accepts `null` besides its own values (3.0 `nullable`, 3.1 `type: [..., 'null']`). */
  nullable: boolean;
  /**
   * Set (with `nullable`) where the spec lists `null` before the alternative that the seed's mock
   * rules would take: a type array whose first element is `null` (`['null', 'string']`), or a
   * `oneOf`/`anyOf` whose first member that is not a `$ref` is `null` (`[{ $ref }, { type: 'null' }]`).
   * The mock generator answers null there (contract, MSW rules 7 and 9).
   */
  nullFirst?: true;
  title?: string;
  description?: string;
  deprecated?: boolean;
  /** Present when the spec declares a default (the value may itself be `null`). */
  default?: { value: JsonValue };
  /** `example` (3.0) and `examples` (3.1), in that order. */
  examples?: JsonValue[];
  format?: string;
  /**
   * `not`: a value that matches any of these schemas is invalid, whatever else the node accepts
   * (several when `allOf` members each bring one).
   */
  not?: SchemaNode[];
}

/** A reference to a named schema (`ApiModel.schemas`), by key. */
export interface RefNode extends SchemaBase {
  kind: 'ref';
  key: string;
}

export interface ObjectProperty {
  /** The property name exactly as in the spec. */
  name: string;
  schema: SchemaNode;
  required: boolean;
  readOnly: boolean;
  writeOnly: boolean;
}

export interface ObjectNode extends SchemaBase {
  kind: 'object';
  properties: ObjectProperty[];
  /**
   * `undefined`: not declared (extra keys allowed); `true`: any extra keys; `false`: none;
   * a node: extra keys whose values match it.
   */
  additionalProperties: SchemaNode | boolean | undefined;
  /**
   * `patternProperties`, in spec order: a key that is not a declared property and matches
   * `pattern` must have a value matching `schema` (every matching pattern applies). Keys matching
   * no pattern fall to `additionalProperties`. Only patterns that compile are kept.
   */
  patternProperties?: PatternProperty[];
  minProperties?: number;
  maxProperties?: number;
}

export interface PatternProperty {
  /** ECMA-262 source of the key pattern (unanchored, as JSON Schema has it). */
  pattern: string;
  /** `'u'` when the pattern compiles with the unicode flag, `''` when only without it. */
  flags: '' | 'u';
  schema: SchemaNode;
}

export interface ArrayNode extends SchemaBase {
  kind: 'array';
  items: SchemaNode;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

/** 3.1 `prefixItems`. `rest` is the schema of further items, or `false` when none are allowed. */
export interface TupleNode extends SchemaBase {
  kind: 'tuple';
  items: SchemaNode[];
  rest: SchemaNode | false;
  minItems?: number;
  maxItems?: number;
}

export interface StringNode extends SchemaBase {
  kind: 'string';
  minLength?: number;
  maxLength?: number;
  /** ECMA-262 source of the pattern, checked to compile (see `patternFlags`). */
  pattern?: string;
  /** `'u'` when the pattern compiles with the unicode flag, `''` when only without it. */
  patternFlags?: '' | 'u';
  /** 3.0 `format: binary` / 3.1 `contentMediaType`: a file or raw bytes. */
  binary?: boolean;
}

export interface NumberNode extends SchemaBase {
  kind: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
  /** Normalised to the 3.1 form: the exclusive bound itself. */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

export interface BooleanNode extends SchemaBase {
  kind: 'boolean';
}

export interface NullNode extends SchemaBase {
  kind: 'null';
}

/** `enum` and `const`. `null` is never among the values: it sets `nullable` instead. */
export interface EnumNode extends SchemaBase {
  kind: 'enum';
  values: Exclude<JsonPrimitive, null>[];
  /** True when it came from `const`. */
  isConst: boolean;
}

/** A value a discriminator property holds: typed as the property is (`false`, `1`, `'cat'`). */
export type DiscriminatorValue = Exclude<JsonPrimitive, null>;

export interface Discriminator {
  propertyName: string;
  /**
   * For each variant (same index), the discriminator values that select it, typed as the
   * property is: a mapping key `'False'` on a boolean property is `false`, `'1'` on an integer `1`.
   */
  values: DiscriminatorValue[][];
}

/** `oneOf` / `anyOf`, and 3.1 type arrays with several types. */
export interface UnionNode extends SchemaBase {
  kind: 'union';
  variants: SchemaNode[];
  /** `oneOf` requires exactly one match; `anyOf` at least one. */
  exclusive: boolean;
  /** Set only when every variant has at least one known discriminator value. */
  discriminator?: Discriminator;
}

/** `allOf` members that cannot be merged into one object (for example an object and a union). */
export interface IntersectionNode extends SchemaBase {
  kind: 'intersection';
  members: SchemaNode[];
}

/** `{}`, `true`, or a schema with no recognisable type. */
export interface UnknownNode extends SchemaBase {
  kind: 'unknown';
}

/** `false` or `not: {}`: no value is valid. */
export interface NeverNode extends SchemaBase {
  kind: 'never';
}

export type SchemaNode =
  | RefNode
  | ObjectNode
  | ArrayNode
  | TupleNode
  | StringNode
  | NumberNode
  | BooleanNode
  | NullNode
  | EnumNode
  | UnionNode
  | IntersectionNode
  | UnknownNode
  | NeverNode;

export type SchemaKind = SchemaNode['kind'];

/**
 * A named schema. Schemas with `readOnly` or `writeOnly` properties (directly or through refs)
 * come in two variants: `default` (response shape: writeOnly properties left out) and
 * `writable` (request shape: readOnly properties left out, key `<name>#writable`).
 */
export interface NamedSchema {
  /** Unique key that `ref` nodes carry. */
  key: string;
  /** The name as written in the spec (`components.schemas` key, or a derived name). */
  sourceName: string;
  variant: 'default' | 'writable';
  /** JSON pointer of the definition. */
  pointer: string;
  schema: SchemaNode;
  /** True for `components.schemas` entries; false for schemas promoted from elsewhere. */
  isComponent: boolean;
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface Parameter {
  /** The name exactly as in the spec. */
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: SchemaNode;
  description?: string;
  deprecated?: boolean;
  /**
   * `form` (query default), `simple` (path/header default), `deepObject`, ...; `json` for a query
   * parameter described by `content` with a JSON media type: its value travels as JSON text.
   */
  style: string;
  explode: boolean;
}

export type MediaKind = 'json' | 'form' | 'multipart' | 'text' | 'binary' | 'other';

export interface MediaContent {
  contentType: string;
  kind: MediaKind;
  /** Undefined when the media type declares no schema. */
  schema?: SchemaNode;
  /** The media type's named `examples` that carry a `value` (refs resolved), in spec order; absent when none. */
  examples?: { name: string; value: JsonValue }[];
}

export interface RequestBody {
  required: boolean;
  description?: string;
  /** Ordered by preference: JSON first, then form, multipart, text, binary, other. */
  contents: MediaContent[];
}

export interface Response {
  /** `'200'`, `'2XX'` or `'default'`. */
  status: string;
  description: string;
  /** Ordered by preference as for request bodies; empty when the response has no body. */
  contents: MediaContent[];
}

export interface SecurityScheme {
  key: string;
  type: string;
  /** `bearer`, `basic` for `http`; undefined otherwise. */
  scheme?: string;
  bearerFormat?: string;
  /** Header, query or cookie name for `apiKey`. */
  name?: string;
  in?: string;
  description?: string;
}

/** One security requirement object: all its schemes apply together. */
export type SecurityRequirement = { scheme: string; scopes: string[] }[];

export interface Operation {
  /** Stable key `METHOD /path`. */
  key: string;
  /** Sanitised camelCase name (DECISIONS: operation id, else verb + path), unique in the model. */
  name: string;
  operationId?: string;
  method: HttpMethod;
  /** The path key exactly as in the spec (AWS's `/#X-Amz-Target=Svc.Op` included). */
  path: string;
  /**
   * The path requests use: `path` up to a `?` or `#` outside its templates, which some specs put
   * in path keys to tell apart operations on one URL (see `ir/path-key.ts`).
   */
  urlPath: string;
  /** Query pairs the path key fixes (`/{Bucket}?acl`): every request of the operation sends them. */
  pathQuery: PathQueryPair[];
  /**
   * Pairs of the path key's fragment (`/#X-Amz-Target=Svc.Op`, `/channels#scope=membership`):
   * header or query values that requests of the operation carry, never sent as written.
   */
  pathFragment: PathQueryPair[];
  /** In the order they occur in `urlPath`. */
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  cookieParams: Parameter[];
  requestBody?: RequestBody;
  /** In spec order. */
  responses: Response[];
  /**
   * Alternatives (any one suffices), each a list of schemes that apply together. `undefined`
   * when neither the operation nor the document declares security; `[]` for `security: []`.
   */
  security?: SecurityRequirement[];
  deprecated: boolean;
  tags: string[];
  summary?: string;
  description?: string;
  /** JSON pointer of the operation object. */
  pointer: string;
}

/** A query pair fixed by a path key: `?acl` gives `{ name: 'acl' }`, `?op=LIST` a value too. */
export interface PathQueryPair {
  name: string;
  value?: string;
}

export interface ApiModel {
  /** The spec file (or a label) for messages. */
  file: string;
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers: string[];
  /** Named schemas in spec order; writable variants follow their default variant. */
  schemas: NamedSchema[];
  operations: Operation[];
  securitySchemes: SecurityScheme[];
  /** Problems that did not stop the build (an unsupported pattern, a skipped method...). */
  warnings: string[];
}
