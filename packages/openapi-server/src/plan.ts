import {
  describesText,
  flattenSecurity,
  isNullable,
  requestSelectors,
  routeShape,
  successResponses,
  successStatus,
  type ApiModel,
  type MediaContent,
  type NameRegistry,
  type Operation,
  type OperationNames,
  type Parameter,
  type RequestSelectors,
  type SchemaNode,
} from '@specwright/core';

/** How a body (request or response) travels: parsed JSON, text, or raw bytes. */
export type BodyKind = 'json' | 'text' | 'bytes';

/** The runtime type a query text is converted to before the query schema checks it. */
export type QueryValueType = 'string' | 'number' | 'boolean';

/**
 * How a query value is read back from its text (the inverse of the client's encoder), after the
 * parameter's schema: a union has every facet of its members, and the router picks the facet by
 * what the URL carries (`name=` text, `name[]=` items, `name[key]=` properties).
 */
export interface QueryShape {
  /** Types a text becomes when it reads as one, tried in order; other text stays text. */
  scalars?: Exclude<QueryValueType, 'string'>[];
  /** The shape of an array's items. */
  items?: QueryShape;
  /** The shapes of an object's declared properties, by name. */
  props?: [name: string, shape: QueryShape][];
  /** The shape of other keys of an object (`additionalProperties`). */
  rest?: QueryShape;
}

export interface QueryFieldPlan {
  /** The parameter name exactly as in the spec. */
  name: string;
  /**
   * `deep`: style deepObject (`name[key]=`, `name[]=`); `json`: JSON text (a parameter described
   * by JSON content); `''`: each array item is its own `name=` pair (form, explode); else the
   * delimiter of an array's items (`,`, ` `, `|`).
   */
  style: string;
  shape: QueryShape;
  /** Whether the parameter is required (an absent optional parameter stays undefined). */
  required: boolean;
  /**
   * Whether the schema allows null. The client leaves null out of the URL, so the router reads an
   * absent required parameter that allows null as null.
   */
  nullable: boolean;
  /** The declared `default` of an optional parameter, as JSON text: the service gets it when the request leaves the parameter out. */
  default?: string;
}

export interface RequestBodyPlan {
  kind: BodyKind;
  required: boolean;
  /**
   * The registry's declaration of a body the router can validate: a JSON body with a schema
   * (`CreatePetRequest`, `PatchPetBody`), or a text body whose schema describes text.
   */
  declaration?: { type: string; schema: string };
  /** Media types the operation declares, in preference order. */
  contentTypes: string[];
  /** A JSON body whose schema takes null: a `null` body is a value, not an absent body. */
  nullable?: true;
  /** A JSON body whose schema admits no value (`not: {}`, `false`): its type is `never`. */
  never?: true;
}

export interface ResponsePlan {
  /** Status the router answers with on success (seed: 201, then 204, then 200; else 204 for DELETE, 200). */
  status: number;
  /**
   * `none`: no body (always for 204). `multipart` and `urlencoded`: a form response with an object
   * schema; the service returns the object and the router encodes it (the inverse of the client's
   * `readFormResponse`).
   */
  kind: BodyKind | 'none' | 'multipart' | 'urlencoded';
  /** The registry's declaration of a JSON or form response with a schema. */
  declaration?: { type: string; schema: string };
  /** Content type of a text or bytes response. */
  contentType?: string;
}

export interface OperationPlan {
  op: Operation;
  names: OperationNames;
  /** The method name in the service and the route table (`createPet`). */
  fn: string;
  /** `operationId` of the route config: the spec's, else the derived name. */
  operationId: string;
  body?: RequestBodyPlan;
  query?: { declaration: { type: string; schema: string }; required: boolean; fields: QueryFieldPlan[] };
  response: ResponsePlan;
  /** Seed rule 3: undefined without metadata, `[]` for `security: []`. */
  security: { scheme: string; scopes: string[] }[] | undefined;
  /** The query and header values that tell its requests apart from another operation's on the same route. */
  selectors: RequestSelectors;
}

/** The success status of the seed's rule (core's), shared by every router, the service's return type and the client. */
export { successStatus };

function bodyKind(content: MediaContent): BodyKind {
  if (content.kind === 'json') return 'json';
  if (content.kind === 'text') return 'text';
  return 'bytes';
}

function responsePlan(model: ApiModel, op: Operation, names: OperationNames): ResponsePlan {
  const status = successStatus(op);
  if (status === 204) return { status, kind: 'none' };
  // The declared response of that status; when the rule falls back to 200 without one, the first
  // 2xx response that has a body describes what is sent.
  const response = op.responses.find((r) => r.status === String(status)) ?? successResponses(op).find((r) => r.contents.length > 0);
  const content = response?.contents[0];
  if (!response || !content) return { status, kind: 'none' };
  const declaration = names.responses.get(response.status);
  if (declaration && isFormObject(model, content)) return { status, kind: content.kind === 'multipart' ? 'multipart' : 'urlencoded', declaration };
  const kind = bodyKind(content);
  if (kind !== 'json') return { status, kind, contentType: content.contentType };
  return declaration ? { status, kind, declaration } : { status, kind };
}

/** A multipart or urlencoded body whose schema is an object: the client reads it as that object. */
function isFormObject(model: ApiModel, content: MediaContent): boolean {
  return (content.kind === 'multipart' || content.kind === 'form') && content.schema !== undefined && resolveNode(model, content.schema).kind === 'object';
}

function requestBodyPlan(model: ApiModel, op: Operation, names: OperationNames): RequestBodyPlan | undefined {
  const body = op.requestBody;
  const first = body?.contents[0];
  if (!body || !first) return undefined;
  const kind = bodyKind(first);
  const plan: RequestBodyPlan = { kind, required: body.required, contentTypes: body.contents.filter((c) => bodyKind(c) === kind).map((c) => c.contentType) };
  const validatable = kind === 'json' || (kind === 'text' && first.schema !== undefined && describesText(first.schema, new Map(model.schemas.map((s) => [s.key, s.schema]))));
  if (validatable && names.body) plan.declaration = names.body;
  if (kind === 'json' && first.schema !== undefined && takesNull(resolveNode(model, first.schema))) plan.nullable = true;
  if (kind === 'json' && first.schema !== undefined && resolveNode(model, first.schema).kind === 'never') plan.never = true;
  return plan;
}

/** Whether a (resolved) schema accepts null: nullable, a union with a nullable member, or any value. */
function takesNull(node: SchemaNode): boolean {
  return isNullable(node) || node.kind === 'unknown' || (node.kind === 'union' && node.variants.some(isNullable));
}

/** The values an enum schema lists, as path text; undefined for any other schema. */
export function enumValues(model: ApiModel, node: SchemaNode): string[] | undefined {
  const resolved = resolveNode(model, node);
  if (resolved.kind !== 'enum' || resolved.values.length === 0) return undefined;
  return resolved.values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
}

/** Follows references to named schemas (cycles end as `unknown`). */
export function resolveNode(model: ApiModel, node: SchemaNode, seen: Set<string> = new Set()): SchemaNode {
  if (node.kind !== 'ref') return node;
  if (seen.has(node.key)) return { kind: 'unknown', nullable: false };
  seen.add(node.key);
  const named = model.schemas.find((s) => s.key === node.key);
  return named ? resolveNode(model, named.schema, seen) : { kind: 'unknown', nullable: false };
}

/** Nested schemas deeper than this (recursive ones) read as text. */
const SHAPE_DEPTH = 8;

/** The shape of the values a schema allows (see `QueryShape`); a cycle or great depth reads as text. */
export function queryShape(model: ApiModel, node: SchemaNode, depth = 0): QueryShape {
  if (depth > SHAPE_DEPTH) return {};
  const resolved = resolveNode(model, node);
  switch (resolved.kind) {
    case 'number':
      return { scalars: ['number'] };
    case 'boolean':
      return { scalars: ['boolean'] };
    case 'enum': {
      const scalars: QueryShape['scalars'] = [];
      if (resolved.values.some((v) => typeof v === 'number')) scalars.push('number');
      if (resolved.values.some((v) => typeof v === 'boolean')) scalars.push('boolean');
      return scalars.length > 0 ? { scalars } : {};
    }
    case 'array':
      return { items: queryShape(model, resolved.items, depth + 1) };
    case 'tuple':
      return { items: mergeShapes([...resolved.items, ...(resolved.rest ? [resolved.rest] : [])].map((item) => queryShape(model, item, depth + 1))) };
    case 'object': {
      const shape: QueryShape = { props: resolved.properties.map((p) => [p.name, queryShape(model, p.schema, depth + 1)]) };
      const rest = resolved.additionalProperties;
      if (typeof rest === 'object') shape.rest = queryShape(model, rest, depth + 1);
      return shape;
    }
    case 'union':
      return mergeShapes(resolved.variants.map((variant) => queryShape(model, variant, depth + 1)));
    case 'intersection':
      return mergeShapes(resolved.members.map((member) => queryShape(model, member, depth + 1)));
    default:
      return {};
  }
}

/** One shape with every facet of `shapes` (a union's members). */
function mergeShapes(shapes: QueryShape[]): QueryShape {
  const out: QueryShape = {};
  const scalars = new Set(shapes.flatMap((s) => s.scalars ?? []));
  // A number is tried before a boolean: neither text reads as the other.
  if (scalars.size > 0) out.scalars = (['number', 'boolean'] as const).filter((t) => scalars.has(t));
  const items = shapes.flatMap((s) => (s.items ? [s.items] : []));
  if (items.length > 0) out.items = mergeShapes(items);
  const props = new Map<string, QueryShape[]>();
  for (const [name, shape] of shapes.flatMap((s) => s.props ?? [])) props.set(name, [...(props.get(name) ?? []), shape]);
  if (shapes.some((s) => s.props)) out.props = [...props].map(([name, list]) => [name, mergeShapes(list)]);
  const rest = shapes.flatMap((s) => (s.rest ? [s.rest] : []));
  if (rest.length > 0) out.rest = mergeShapes(rest);
  return out;
}

const DELIMITERS: Record<string, string> = { spaceDelimited: ' ', pipeDelimited: '|' };

/** How one query parameter is read from the URL (form-style objects are not: read as text). */
export function queryField(model: ApiModel, parameter: Parameter): QueryFieldPlan {
  const resolved = resolveNode(model, parameter.schema);
  const style = parameter.style === 'deepObject' ? 'deep' : parameter.style === 'json' ? 'json' : (DELIMITERS[parameter.style] ?? (parameter.explode ? '' : ','));
  const field: QueryFieldPlan = { name: parameter.name, style, shape: queryShape(model, resolved), required: parameter.required, nullable: resolved.nullable };
  const declared = parameter.schema.default ?? resolved.default;
  if (!parameter.required && declared !== undefined) field.default = JSON.stringify(declared.value);
  return field;
}

export function planOperation(model: ApiModel, registry: NameRegistry, op: Operation): OperationPlan {
  const names = registry.operation(op);
  const plan: OperationPlan = {
    op,
    names,
    fn: names.fn,
    operationId: op.operationId ?? names.fn,
    response: responsePlan(model, op, names),
    security: flattenSecurity(op),
    selectors: requestSelectors(model, op),
  };
  const body = requestBodyPlan(model, op, names);
  if (body) plan.body = body;
  if (names.query && op.queryParams.length > 0) {
    plan.query = {
      declaration: names.query,
      required: op.queryParams.some((p) => p.required),
      fields: op.queryParams.map((p) => queryField(model, p)),
    };
  }
  return plan;
}

export function planOperations(model: ApiModel, registry: NameRegistry): OperationPlan[] {
  return model.operations.map((op) => planOperation(model, registry, op));
}

/** How many selectors an operation's requests carry. */
export function selectorCount(plan: OperationPlan): number {
  return plan.selectors.query.length + plan.selectors.headers.length;
}

function selectorKey(plan: OperationPlan): string {
  const query = plan.selectors.query.map((q) => [q.name, q.value ?? null]).sort();
  const headers = plan.selectors.headers.map((h) => [h.name.toLowerCase(), h.value]).sort();
  return JSON.stringify([query, headers]);
}

export interface RouteGroups {
  /**
   * The operations of each route (one method and URL path), in the order a request is matched:
   * more selectors first, the one without selectors last (spec order among equals).
   */
  groups: OperationPlan[][];
  /** Operations no request can reach, with the operation that takes their requests. */
  shadowed: Map<string, OperationPlan>;
}

/**
 * Groups operations by route. Path keys that differ only after a `?` or `#` (AWS's
 * `/#X-Amz-Target=Svc.Op`, S3's `/{Bucket}?acl`) share a route and are told apart by query and
 * header selectors. An operation is shadowed when an earlier one on its route has the same
 * selectors, or when its path differs from the route's only in parameter names (`/pets/{id}` and
 * `/pets/{petId}`: OpenAPI forbids it; fastify would refuse to start).
 */
export function routeGroups(plans: OperationPlan[]): RouteGroups {
  const byShape = new Map<string, OperationPlan[]>();
  const shadowed = new Map<string, OperationPlan>();
  const keys = new Map<string, Map<string, OperationPlan>>();
  for (const plan of plans) {
    const shape = routeShape(plan.op);
    const group = byShape.get(shape);
    if (!group) {
      byShape.set(shape, [plan]);
      keys.set(shape, new Map([[selectorKey(plan), plan]]));
      continue;
    }
    const taken = keys.get(shape)!;
    const earlier = group[0]!.op.urlPath === plan.op.urlPath ? taken.get(selectorKey(plan)) : group[0];
    if (earlier) {
      shadowed.set(plan.op.key, earlier);
      continue;
    }
    group.push(plan);
    taken.set(selectorKey(plan), plan);
  }
  // A stable sort: more selectors first, so a request matches its most specific operation.
  const groups = [...byShape.values()].map((group) => [...group].sort((a, b) => selectorCount(b) - selectorCount(a)));
  return { groups, shadowed };
}

/** Why a query parameter cannot round-trip (see `objectQuery`). */
export type QueryLimit = 'an object' | 'a union with an object member' | 'an array of objects' | 'an array of arrays of arrays';

/**
 * Why a query parameter cannot round-trip, else undefined. Style deepObject carries any nesting
 * (`name[key][]=`); the form styles carry text, arrays, and arrays of arrays (the inner array
 * joined by `,`, or by `|` inside a `,` list), but not objects: their keys would mix with the
 * other parameters' names (AWS's `Filter`, pandascore's `page`).
 */
export function objectQuery(model: ApiModel, parameter: Parameter): QueryLimit | undefined {
  // JSON text carries any value.
  if (parameter.style === 'deepObject' || parameter.style === 'json') return undefined;
  const shape = queryShape(model, parameter.schema);
  const objectLike = (s: QueryShape) => s.props !== undefined || s.rest !== undefined;
  if (objectLike(shape)) return resolveNode(model, parameter.schema).kind === 'object' ? 'an object' : 'a union with an object member';
  if (shape.items && objectLike(shape.items)) return 'an array of objects';
  const inner = shape.items?.items;
  if (inner && (inner.items || objectLike(inner))) return 'an array of arrays of arrays';
  return undefined;
}

/** Warnings about what the routers leave out (object query parameters, clashing routes). */
export function planWarnings(model: ApiModel, plans: OperationPlan[]): string[] {
  const warnings: string[] = [];
  for (const [key, earlier] of routeGroups(plans).shadowed) {
    const plan = plans.find((p) => p.op.key === key)!;
    const same = plan.op.urlPath === earlier.op.urlPath ? 'same method and URL path, and the same query and header selectors' : 'same method and URL path, up to parameter names';
    warnings.push(`${key} has the same route as ${earlier.op.key} (${same}); the router serves only the first`);
  }
  for (const plan of plans) {
    for (const parameter of plan.op.queryParams) {
      const object = objectQuery(model, parameter);
      if (object) {
        warnings.push(`${plan.op.key}: query parameter "${parameter.name}" is ${object} in style ${parameter.style}; the router passes its raw text (only style deepObject carries objects)`);
      }
    }
  }
  return warnings;
}
