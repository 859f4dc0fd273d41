/**
 * `client.ts`: one async function per operation (DECISIONS' argument order: path parameters,
 * body, query, `RequestConfig`), the error classes, and the request helpers they use.
 */
import { code as c, isStyledPathParam, requestSelectors, type Code, type MediaContent, type Operation, type Parameter, type SchemaNode, successResponses, successStatus } from '@specwright/core';
import { type EmitContext, resolveNamed } from './context.js';
import { clientRuntimeExports, clientRuntimeInternals } from './client-runtime.js';
import { errorReaders, errorsType } from './client-errors.js';
import { Imports } from './client-imports.js';
import { responseKind } from './response-kind.js';
import { type SchemaScope, typeOf, zodImport } from './schema-emit.js';
import { GENERATED_HEADER } from './schema-types.js';

type BodyKind = 'json' | 'form' | 'multipart' | 'text' | 'binary';

/** The runtime helper encoding each kind of body (a multipart form's header is fetch's, with its boundary). */
const BODY_ENCODERS: Record<BodyKind, string> = {
  json: 'encodeJsonBody',
  form: 'encodeFormBody',
  multipart: 'encodeMultipartBody',
  text: 'encodeTextBody',
  binary: 'encodeBinaryBody',
};

function bodyKind(content: MediaContent): BodyKind {
  if (content.kind === 'other') return 'binary';
  return content.kind;
}

/** The query style of a parameter, when it is not the default (`form`, exploded). */
function queryStyle(parameter: Parameter): string | undefined {
  if (parameter.style === 'form') return parameter.explode ? undefined : 'formNoExplode';
  return ['spaceDelimited', 'pipeDelimited', 'deepObject', 'json'].includes(parameter.style) ? parameter.style : undefined;
}

/** A value of this schema can put nothing in a query string (an empty list or object): lists, objects and unions of them. */
function canBeEmpty(node: SchemaNode, context: EmitContext, depth = 0): boolean {
  if (node.kind === 'ref') return depth < 32 && canBeEmpty(resolveNamed(context, node.key) ?? { kind: 'unknown', nullable: false }, context, depth + 1);
  if (node.kind === 'array') return (node.minItems ?? 0) === 0;
  if (node.kind === 'union') return node.variants.some((variant) => canBeEmpty(variant, context, depth + 1));
  return node.kind === 'object' || node.kind === 'tuple' || node.kind === 'intersection' || node.kind === 'unknown';
}

export function clientModule(context: EmitContext): Code.Module {
  const imports = new Imports();
  const scope: SchemaScope = {
    variant: context.variant,
    zodRef: (key) => c.id(context.names.schema(key).schema),
    typeRef: (key) => {
      const name = context.names.schema(key).type;
      imports.types.add(name);
      return c.tref(name);
    },
    resolve: (key) => resolveNamed(context, key),
  };
  const functions = context.model.operations.flatMap((operation) => {
    const fn = operationFunction(operation, context, scope, imports);
    const errors = errorsType(operation, context, imports);
    return errors ? [errors, fn] : [fn];
  });
  const runtime = clientRuntimeInternals(imports.helpers, context.variant);

  const head: Code.Stmt[] = [];
  if (runtime.zod || imports.zod) head.push(zodImport(context.variant));
  if (runtime.config) head.push(c.importFrom('./client-config.js', ['getClientConfig']));
  const fromSchemas = imports.statement('./schema-types.js');
  if (fromSchemas) head.push(fromSchemas);
  return { header: GENERATED_HEADER, body: [...head, ...clientRuntimeExports(), ...runtime.statements, ...functions] };
}

function operationFunction(operation: Operation, context: EmitContext, scope: SchemaScope, imports: Imports): Code.FunctionDecl {
  const names = context.names.operation(operation);
  const params: Code.Param[] = [];
  const optional: boolean[] = [];
  const props: Code.ObjectMember[] = [c.prop('method', c.str(operation.method.toUpperCase())), c.prop('path', pathExpression(operation, names.pathParams, scope, imports))];
  // Query pairs fixed by the path key (`/{Bucket}?acl`), already encoded.
  if (operation.pathQuery.length > 0) {
    const encode = (text: string) => encodeURIComponent(text);
    props.push(c.prop('fixedQuery', c.str(operation.pathQuery.map((q) => (q.value === undefined ? encode(q.name) : `${encode(q.name)}=${encode(q.value)}`)).join('&'))));
  }
  // Headers with a single possible value (AWS's X-Amz-Target): sent unless config.headers says otherwise.
  const { headers } = requestSelectors(context.model, operation);
  if (headers.length > 0) props.push(c.prop('fixedHeaders', c.obj(headers.map((h) => c.prop(h.name, c.str(h.value))))));

  operation.pathParams.forEach((parameter, i) => {
    params.push(c.param(names.pathParams[i]!, typeOf(parameter.schema, scope)));
    optional.push(false);
  });

  const requestBody = operation.requestBody;
  const content = requestBody?.contents[0];
  if (requestBody && content) {
    const kind = bodyKind(content);
    let type: Code.Type;
    let value: Code.Expr = c.id('body');
    if (names.body && content.schema) {
      imports.values.add(names.body.schema);
      imports.helpers.add('parseRequestValue');
      // A user-owned schema may have defaults or transforms: the caller passes its input type.
      const userOwned = context.user?.provided.has(names.body.schema) ?? false;
      if (userOwned) imports.zod = true;
      if (!userOwned) imports.types.add(names.body.type);
      type = userOwned ? c.tref('z.input', [c.ttypeof(names.body.schema)]) : c.tref(names.body.type);
      value = c.call('parseRequestValue', [c.id(names.body.schema), value]);
    } else {
      type = kind === 'json' ? c.kw('unknown') : kind === 'text' ? c.kw('string') : kind === 'binary' ? c.tref('Blob') : c.tref('Record', [c.kw('string'), c.kw('unknown')]);
    }
    const encoder = BODY_ENCODERS[kind];
    imports.helpers.add(encoder);
    let encoded: Code.Expr = c.call(encoder, [c.str(content.contentType), value]);
    if (!requestBody.required) encoded = c.cond(c.bin(c.id('body'), '===', c.undef()), c.undef(), encoded);
    params.push(c.param('body', type));
    optional.push(!requestBody.required);
    props.push(c.prop('body', encoded));
  }

  if (names.query) {
    const required = operation.queryParams.some((p) => p.required);
    imports.types.add(names.query.type);
    imports.values.add(names.query.schema);
    const helper = required ? 'parseRequestValue' : 'parseOptionalRequestValue';
    imports.helpers.add(helper);
    params.push(c.param('query', c.tref(names.query.type)));
    optional.push(!required);
    props.push(c.prop('query', c.call(helper, [c.id(names.query.schema), c.id('query')])));
    const styles = operation.queryParams.flatMap((p) => {
      const style = queryStyle(p);
      return style ? [c.prop(p.name, c.str(style))] : [];
    });
    if (styles.length > 0) props.push(c.prop('queryStyles', c.obj(styles)));
    const empty = operation.queryParams.filter((p) => p.required && canBeEmpty(p.schema, context));
    if (empty.length > 0) props.push(c.prop('requiredQuery', c.arr(empty.map((p) => c.str(p.name)))));
  }
  params.push(c.param('config', c.tref('RequestConfig')));
  optional.push(true);

  // A parameter can be optional only when every later one is; otherwise it takes `| undefined`.
  let tailOptional = true;
  for (let i = params.length - 1; i >= 0; i--) {
    const p = params[i]!;
    if (optional[i] && tailOptional) p.optional = true;
    else if (optional[i]) p.type = c.union([p.type!, c.kw('undefined')]);
    else tailOptional = false;
  }

  const { readers, type } = responseReaders(operation, context, imports);
  props.push(c.prop('responses', c.obj(readers)));
  const errors = errorReaders(operation, context, imports);
  if (errors.length > 0) props.push(c.prop('errors', c.obj(errors)));
  imports.helpers.add('sendRequest');
  const call = c.call('sendRequest', [c.obj(props), c.id('config')], [type]);
  return c.fn(names.fn, params, [c.ret(call)], {
    exported: true,
    async: true,
    returnType: c.tref('Promise', [type]),
    doc: operationDoc(operation),
  });
}

/**
 * `/pets/${encodePathParam('petId', petId, true, false)}`, or a plain string without parameters
 * (the URL path of the key). Numbers, booleans and enums that cannot be empty or a dot segment
 * need only `encodeURIComponent`; other values go through the runtime's simple-style encoder.
 */
function pathExpression(operation: Operation, identifiers: string[], scope: SchemaScope, imports: Imports): Code.Expr {
  const parts = operation.urlPath.split(/\{[^}]+\}/);
  if (parts.length === 1) return c.str(operation.urlPath);
  const segments = operation.urlPath.split('/');
  const exprs = operation.pathParams.map((parameter, i) => {
    const value = c.id(identifiers[i]!);
    const fillsSegment = segments.includes(`{${parameter.name}}`);
    if (isStyledPathParam(parameter)) return styledPathParam(parameter, value, fillsSegment, imports);
    const type = typeOf(parameter.schema, { ...scope, typeRef: () => c.kw('unknown') });
    if (isSafeSegmentType(type)) return c.call('encodeURIComponent', [value]);
    imports.helpers.add('encodePathParam');
    return c.call('encodePathParam', [c.str(parameter.name), value, c.bool(fillsSegment), c.bool(parameter.explode)]);
  });
  return c.template(parts, exprs.slice(0, parts.length - 1));
}

/** A label or matrix path parameter: the runtime writes its prefix and items as the style table does. */
function styledPathParam(parameter: Parameter, value: Code.Expr, fillsSegment: boolean, imports: Imports): Code.Expr {
  imports.helpers.add('encodeStyledPathParam');
  return c.call('encodeStyledPathParam', [c.str(parameter.name), value, c.bool(fillsSegment), c.str(parameter.style), c.bool(parameter.explode)]);
}

/** Numbers, booleans and literals other than `''`, `.` and `..`: never an empty or dot segment. */
function isSafeSegmentType(type: Code.Type): boolean {
  if (type.k === 'tkeyword') return type.name === 'number' || type.name === 'boolean';
  if (type.k === 'tliteral') return !['', '.', '..'].includes(String(type.value));
  if (type.k === 'tunion') return type.types.every(isSafeSegmentType);
  return false;
}

interface Readers {
  readers: Code.PropertyAssign[];
  type: Code.Type;
}

function responseReaders(operation: Operation, context: EmitContext, imports: Imports): Readers {
  const names = context.names.operation(operation);
  const readers: Code.PropertyAssign[] = [];
  const types: Code.Type[] = [];
  const reader = (helper: string, args?: Code.Expr[]) => {
    imports.helpers.add(helper);
    return args ? c.call(helper, args) : c.id(helper);
  };
  for (const response of successResponses(operation)) {
    const content = response.contents[0];
    const decl = names.responses.get(response.status);
    if (!content) {
      readers.push(c.prop(response.status, reader('readEmptyResponse')));
      types.push(c.kw('undefined'));
      continue;
    }
    const kind = responseKind(content, context);
    const form = decl && content.schema ? formFields(content, context) : undefined;
    if (decl && form) {
      imports.values.add(decl.schema);
      imports.types.add(decl.type);
      const names = (list: string[]) => c.arr(list.map((name) => c.str(name)));
      readers.push(c.prop(response.status, reader('readFormResponse', [c.id(decl.schema), names(form.json), names(form.arrays)])));
      types.push(c.tref(decl.type));
    } else if (decl && content.schema) {
      imports.values.add(decl.schema);
      imports.types.add(decl.type);
      const helper = kind === 'json' ? 'readJsonResponse' : kind === 'text' ? 'readTextResponse' : 'readBlobResponse';
      readers.push(c.prop(response.status, reader(helper, [c.id(decl.schema)])));
      types.push(c.tref(decl.type));
    } else {
      const helper = kind === 'json' ? 'readUncheckedJson' : kind === 'text' ? 'readUncheckedText' : 'readUncheckedBlob';
      readers.push(c.prop(response.status, reader(helper)));
      types.push(kind === 'json' ? c.kw('unknown') : kind === 'text' ? c.kw('string') : c.tref('Blob'));
    }
  }
  if (readers.length === 0) {
    readers.push(c.prop('2XX', reader('readEmptyResponse')));
    types.push(c.kw('undefined'));
  } else if (successStatus(operation) === 204 && !operation.responses.some((r) => r.status === '204')) {
    // A DELETE declaring only other 2xx statuses (AWS's 202) is answered 204 by the generated routers.
    readers.push(c.prop('204', reader('readEmptyResponse')));
    types.push(c.kw('undefined'));
  }
  return { readers, type: resultType(types) };
}

/**
 * For a multipart or urlencoded response with an object schema: the fields whose text is JSON
 * (anything but strings and files) and those that are arrays. Undefined for other responses.
 */
function formFields(content: MediaContent, context: EmitContext): { json: string[]; arrays: string[] } | undefined {
  if (content.kind !== 'multipart' && content.kind !== 'form') return undefined;
  const object = resolved(content.schema, context);
  if (object?.kind !== 'object') return undefined;
  const json: string[] = [];
  const arrays: string[] = [];
  for (const property of object.properties) {
    let schema = resolved(property.schema, context);
    if (schema?.kind === 'array') {
      arrays.push(property.name);
      schema = resolved(schema.items, context);
    }
    const text = schema === undefined || schema.kind === 'string' || schema.kind === 'unknown' || (schema.kind === 'enum' && schema.values.every((v) => typeof v === 'string'));
    if (!text) json.push(property.name);
  }
  return { json, arrays };
}

function resolved(node: SchemaNode | undefined, context: EmitContext): SchemaNode | undefined {
  let schema = node;
  for (let hops = 0; schema?.kind === 'ref' && hops < 64; hops++) schema = resolveNamed(context, schema.key);
  return schema;
}

/** The union of the readers' types: `void` when no 2xx response has a body. */
function resultType(types: Code.Type[]): Code.Type {
  const seen = new Map<string, Code.Type>();
  for (const type of types) seen.set(JSON.stringify(type), type);
  const unique = [...seen.values()];
  if (unique.some((t) => t.k === 'tkeyword' && t.name === 'unknown')) return c.kw('unknown');
  if (unique.every((t) => t.k === 'tkeyword' && t.name === 'undefined')) return c.kw('void');
  return c.union(unique);
}

function operationDoc(operation: Operation): string {
  const lines: string[] = [];
  if (operation.summary?.trim()) lines.push(operation.summary.trim());
  if (operation.description?.trim() && operation.description.trim() !== operation.summary?.trim()) lines.push(operation.description.trim());
  lines.push(`\`${operation.method.toUpperCase()} ${operation.path}\``);
  if (operation.headerParams.length > 0) {
    const list = operation.headerParams.map((p) => `\`${p.name}\`${p.required ? ' (required)' : ''}`).join(', ');
    lines.push(`Header parameters, passed in \`config.headers\`: ${list}.`);
  }
  if (operation.deprecated) lines.push('@deprecated');
  return lines.join('\n\n');
}
