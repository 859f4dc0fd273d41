/**
 * fast-check arbitraries of valid OpenAPI documents (3.0 and 3.1), bounded in depth and size, that
 * use every schema feature the IR models and names full of symbols. "Valid" here also means
 * satisfiable: every schema has instances (so mock data can exist), operation ids are unique, and
 * no two paths can match the same request (each path starts with its own static segment).
 */
import fc from 'fast-check';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

export type Version = '3.0.3' | '3.1.0';

/** Property names, enum values, descriptions: text a generated file must carry safely. */
const SYMBOLIC = [
  'id', 'name', 'a b', 'x-rate-limit', '', '__proto__', 'constructor', 'toString', 'then', 'default', 'class', 'await',
  '$ref', '1a', 'café', '日本語', 'emoji🐶', "it's", 'say "hi"', 'back`tick', '${inj}', '*/', '/*', 'a\\b', 'new\nline',
  'z', 'Schema', 'PetSchema', 'ApiError', 'Promise', 'undefined', 'null', 'true', 'in', 'enum', 'type',
];
const symbolicText = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...SYMBOLIC) }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) }, { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) });
/** Component keys are restricted by the spec to `^[a-zA-Z0-9._-]+$`. */
const componentName = fc.oneof(
  fc.constantFrom('Pet', 'pet', 'pet-item', 'pet.v2', 'Error', 'Promise', 'class', 'Schema', 'PetSchema', '_', '-', '1st', 'Object', 'ApiError', 'RequestConfig', 'z', 'then'),
  fc.stringMatching(/^[A-Za-z0-9._-]{1,8}$/),
);
const description = fc.option(fc.constantFrom('A thing.', 'Ends a comment */ here', 'Has `ticks` and ${x}', 'Line one\nline two', '<b>html</b> & "quotes"'), { nil: undefined });

export interface ArbitraryOptions {
  version: Version;
  /** Names of the component schemas a schema may reference. */
  refs: string[];
}

function withNullable(schema: Schema, version: Version): Schema {
  const type = schema['type'];
  // 3.0's nullable only applies beside a type (and a $ref ignores its siblings).
  if (version === '3.0.3') return typeof type === 'string' ? { ...schema, nullable: true } : schema;
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

function leaf(options: ArbitraryOptions): fc.Arbitrary<Schema> {
  const string = fc.oneof(
    fc.record({ type: fc.constant('string'), minLength: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }), maxLength: fc.option(fc.integer({ min: 4, max: 20 }), { nil: undefined }) }),
    fc.record({ type: fc.constant('string'), format: fc.constantFrom('date-time', 'date', 'email', 'uuid', 'uri', 'ipv4', 'ipv6', 'hostname', 'byte', 'time', 'duration') }),
    fc.record({ type: fc.constant('string'), pattern: fc.constantFrom('^[a-z]+$', '^\\d{3}-\\d{4}$', '^[A-Z]{2}[0-9]{2}$', '^(foo|bar)$', '^\\w+@\\w+\\.com$', '[/]') }),
  );
  const bounds = fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 100 })).map(([min, span]) => ({ min, max: min + span + 10 }));
  const number = fc.oneof(
    fc.record({ type: fc.constantFrom('integer', 'number') }),
    fc.tuple(fc.constantFrom('integer', 'number'), bounds, fc.boolean(), fc.option(fc.constantFrom(2, 5, 0.5), { nil: undefined })).map(([type, { min, max }, exclusive, multipleOf]) => {
      const schema: Schema = { type, ...(multipleOf !== undefined && !(type === 'integer' && multipleOf < 1) ? { multipleOf } : {}) };
      if (!exclusive) return { ...schema, minimum: min, maximum: max };
      if (options.version === '3.0.3') return { ...schema, minimum: min, maximum: max, exclusiveMinimum: true, exclusiveMaximum: true };
      return { ...schema, exclusiveMinimum: min, exclusiveMaximum: max };
    }),
  );
  const enumValues = fc.uniqueArray(fc.oneof({ weight: 4, arbitrary: symbolicText }, { weight: 1, arbitrary: fc.integer({ min: -5, max: 5 }) }), { minLength: 1, maxLength: 4 });
  const choices: fc.Arbitrary<Schema>[] = [
    string,
    number,
    fc.constant({ type: 'boolean' }),
    enumValues.map((values) => ({ enum: values })),
    enumValues.map((values) => ({ type: 'string', enum: values.map(String) })),
    fc.constant({}),
  ];
  if (options.version === '3.1.0') choices.push(symbolicText.map((value) => ({ const: value })), fc.constant({ type: 'null' }));
  if (options.refs.length > 0) choices.push(fc.constantFrom(...options.refs).map((name) => ({ $ref: `#/components/schemas/${name}` })));
  return fc.oneof(...choices);
}

function annotate(schema: fc.Arbitrary<Schema>): fc.Arbitrary<Schema> {
  return fc.tuple(schema, description, fc.boolean(), fc.boolean()).map(([s, text, deprecated, titled]) => {
    if (s['$ref'] !== undefined) return s;
    return { ...s, ...(text ? { description: text } : {}), ...(deprecated ? { deprecated: true } : {}), ...(titled ? { title: 'Title */ with `tick`' } : {}) };
  });
}

/**
 * allOf members that can hold together: no member closes the object or types its extra keys, and
 * a property belongs to the first member that declares it (conflicting types would leave no
 * instance).
 */
function openDisjoint(members: Schema[]): Schema[] {
  const seen = new Set<string>();
  return members.map((member) => {
    const { additionalProperties: _, properties, required, ...rest } = member;
    const own = Object.entries((properties ?? {}) as Record<string, Json>).filter(([name]) => !seen.has(name));
    for (const [name] of own) seen.add(name);
    const names = new Set(own.map(([name]) => name));
    const kept = ((required ?? []) as string[]).filter((name) => names.has(name));
    return { ...rest, properties: Object.fromEntries(own), ...(kept.length > 0 ? { required: kept } : {}) };
  });
}

/** A schema of at most `depth` levels below the root. */
export function schemaArbitrary(options: ArbitraryOptions, depth = 3): fc.Arbitrary<Schema> {
  const { schema } = fc.letrec<{ schema: Schema; object: Schema; composite: Schema }>((tie) => ({
    schema: fc.oneof(
      { depthSize: 'small', maxDepth: depth, withCrossShrink: true },
      { weight: 3, arbitrary: annotate(leaf(options)) },
      { weight: 2, arbitrary: tie('object') },
      { weight: 1, arbitrary: tie('composite') },
    ),
    object: fc
      .tuple(
        fc.uniqueArray(fc.tuple(symbolicText, tie('schema'), fc.boolean(), fc.constantFrom('', '', '', 'readOnly', 'writeOnly')), { maxLength: 4, selector: ([name]) => name }),
        fc.constantFrom<'open' | 'closed' | 'any' | 'map'>('open', 'closed', 'any', 'map'),
        tie('schema'),
      )
      .map(([props, extra, mapValue]) => {
        const properties = Object.fromEntries(props.map(([name, schema, , visibility]) => [name, visibility && schema['$ref'] === undefined ? { ...schema, [visibility]: true } : schema]));
        const required = props.filter(([, , req]) => req).map(([name]) => name);
        const schema: Schema = { type: 'object', properties };
        if (required.length > 0) schema['required'] = required;
        if (extra === 'closed') schema['additionalProperties'] = false;
        if (extra === 'any') schema['additionalProperties'] = true;
        if (extra === 'map') schema['additionalProperties'] = mapValue;
        return schema;
      }),
    composite: fc.oneof(
      fc.tuple(tie('schema'), fc.integer({ min: 0, max: 2 }), fc.option(fc.integer({ min: 2, max: 4 }), { nil: undefined })).map(([items, minItems, maxItems]) => ({
        type: 'array',
        items,
        ...(minItems > 0 ? { minItems } : {}),
        ...(maxItems !== undefined ? { maxItems } : {}),
      })),
      fc.tuple(fc.constantFrom('oneOf', 'anyOf'), fc.array(tie('schema'), { minLength: 1, maxLength: 3 })).map(([kind, variants]) => ({ [kind]: variants })),
      fc.array(tie('object'), { minLength: 1, maxLength: 3 }).map((members) => ({ allOf: openDisjoint(members) })),
      tie('schema').map((inner) => withNullable(inner, options.version)),
      ...(options.version === '3.1.0'
        ? [fc.array(tie('schema'), { minLength: 1, maxLength: 3 }).map((prefixItems) => ({ type: 'array', prefixItems, items: false }))]
        : []),
    ),
  }));
  return schema;
}

/**
 * Component schemas: each may reference the ones before it (no cycle without an exit), plus a
 * recursive `Node` (optional self-references) and a discriminated union over two variants.
 */
function componentsArbitrary(version: Version): fc.Arbitrary<Record<string, Schema>> {
  return fc.uniqueArray(componentName, { minLength: 1, maxLength: 5, selector: (n) => n }).chain((names) => {
    const free = (base: string) => {
      let name = base;
      for (let i = 2; names.includes(name); i++) name = `${base}${i}`;
      return name;
    };
    const node = free('Node');
    const cat = free('Cat');
    const dog = free('Dog');
    const animal = free('Animal');
    const schemas = names.map((_, i) => schemaArbitrary({ version, refs: names.slice(0, i) }, 2));
    const variant = (kind: string, extra: Schema) => ({ type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: [kind] }, ...extra } });
    return fc.tuple(...schemas).map((list) => ({
      ...Object.fromEntries(names.map((name, i) => [name, list[i]!])),
      [node]: { type: 'object', required: ['value'], properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: `#/components/schemas/${node}` } }, parent: { $ref: `#/components/schemas/${node}` } } },
      [cat]: variant('cat', { lives: { type: 'integer', minimum: 1, maximum: 9 } }),
      [dog]: variant('dog-"x"', { bark: { type: 'string' } }),
      [animal]: {
        oneOf: [{ $ref: `#/components/schemas/${cat}` }, { $ref: `#/components/schemas/${dog}` }],
        discriminator: { propertyName: 'kind', mapping: { cat: `#/components/schemas/${cat}`, 'dog-"x"': `#/components/schemas/${dog}` } },
      },
    }));
  });
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Path text a client sends as is or as `fetch` encodes it (`?` and `#` cannot be in a path). */
const STATIC_SEGMENTS = ['items', 'a b', 'ä', 'x:y', 'v1.2', '(x)', '@me', '~tilde', 'x*', 'a+b', 'k=v', 'x;y', "it's", '$', 'caf\u00e9'];
const PARAM_NAMES = ['id', 'item-id', 'a.b', 'class', 'Name', 'x y', '$', 'body', 'config', 'query'];

function pathArbitrary(index: number): fc.Arbitrary<{ path: string; params: string[] }> {
  const segment = fc.oneof(
    fc.constantFrom(...STATIC_SEGMENTS).map((text) => ({ text, params: [] as string[] })),
    fc.constantFrom(...PARAM_NAMES).map((name) => ({ text: `{${name}}`, params: [name] })),
    fc.tuple(fc.constantFrom(...PARAM_NAMES), fc.constantFrom('.json', ':cancel', '-x')).map(([name, suffix]) => ({ text: `{${name}}${suffix}`, params: [name] })),
  );
  return fc.array(segment, { maxLength: 3 }).map((segments) => {
    const params: string[] = [];
    const parts = [`r${index}`];
    for (const s of segments) {
      // A parameter name occurs once per path.
      if (s.params.some((p) => params.includes(p))) continue;
      params.push(...s.params);
      parts.push(s.text);
    }
    return { path: `/${parts.join('/')}`, params };
  });
}

function responseArbitrary(version: Version, refs: string[]): fc.Arbitrary<Record<string, Json>> {
  const schema = schemaArbitrary({ version, refs }, 2);
  const json = (s: Schema) => ({ description: 'ok */', content: { 'application/json': { schema: s } } });
  return fc.oneof(
    fc.tuple(fc.constantFrom('200', '201', '202', '2XX'), schema).map(([status, s]) => ({ [status]: json(s) })),
    fc.tuple(schema, schema).map(([a, b]) => ({ '200': json(a), '201': json(b), default: { description: 'error' } })),
    fc.constant({ '204': { description: 'no content' } }),
    fc.constant({ '200': { description: 'text', content: { 'text/plain': { schema: { type: 'string' } } } } }),
    fc.constant({ '200': { description: 'any', content: { 'application/json': {} } }, '404': json({ type: 'object', properties: { message: { type: 'string' } } }) }),
  );
}

function operationArbitrary(version: Version, refs: string[], method: string, pathParams: string[], operationId: string | undefined): fc.Arbitrary<Record<string, Json>> {
  const paramSchema = fc.constantFrom<Schema>({ type: 'string' }, { type: 'integer' }, { type: 'number' }, { type: 'boolean' }, { type: 'string', enum: ['a', 'b c', "d'"] }, { type: 'array', items: { type: 'string' } }, { type: 'string', format: 'date' });
  const query = fc.uniqueArray(fc.tuple(symbolicText.filter((n) => n.length > 0), paramSchema, fc.boolean()), { maxLength: 3, selector: ([n]) => n });
  const header = fc.option(fc.tuple(fc.constantFrom('X-Request-Id', 'x-trace'), fc.boolean()), { nil: undefined });
  const bodySchema = schemaArbitrary({ version, refs }, 2);
  const body = fc.option(
    fc.oneof(
      fc.tuple(bodySchema, fc.boolean()).map(([schema, required]) => ({ required, content: { 'application/json': { schema } } })),
      fc.constant({ content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { a: { type: 'string' } } } } } }),
      fc.constant({ required: true, content: { 'text/plain': { schema: { type: 'string' } } } }),
    ),
    { nil: undefined },
  );
  return fc.tuple(query, header, body, responseArbitrary(version, refs), description).map(([q, h, b, responses, text]) => {
    const parameters: Json[] = [
      ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...q.map(([name, schema, required]) => ({ name, in: 'query', required, schema })),
      ...(h ? [{ name: h[0], in: 'header', required: h[1], schema: { type: 'string' } }] : []),
    ];
    const operation: Record<string, Json> = { responses };
    if (operationId !== undefined) operation['operationId'] = operationId;
    if (text) operation['summary'] = text;
    if (parameters.length > 0) operation['parameters'] = parameters;
    if (b && method !== 'get' && method !== 'delete') operation['requestBody'] = b as Json;
    return operation;
  });
}

/** A whole document. */
export function specArbitrary(): fc.Arbitrary<Record<string, Json>> {
  return fc.constantFrom<Version>('3.0.3', '3.1.0').chain((version) =>
    componentsArbitrary(version).chain((schemas) => {
      const refs = Object.keys(schemas);
      const ids = fc.uniqueArray(fc.oneof(fc.constantFrom('listPets', 'get pets!', 'list-Pets', 'delete', 'class', '$$', '日本', 'Error', 'then', 'createClient'), fc.string({ minLength: 1, maxLength: 6 })), { minLength: 12, maxLength: 12 });
      const paths = fc.integer({ min: 1, max: 3 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => pathArbitrary(i))));
      return fc.tuple(paths, ids, fc.array(fc.subarray([...METHODS], { minLength: 1, maxLength: 3 }), { minLength: 3, maxLength: 3 }), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 })).chain(([pathList, idList, methodLists, useIds]) => {
        let n = 0;
        const operations = pathList.map(({ path, params }, i) =>
          fc.tuple(...methodLists[i]!.map((method) => {
            const k = n++;
            return operationArbitrary(version, refs, method, params, useIds[k] ? idList[k] : undefined).map((op) => [method, op] as const);
          })).map((ops) => [path, Object.fromEntries(ops)] as const),
        );
        return fc.tuple(...operations).map((entries) => ({
          openapi: version,
          info: { title: 'Fuzz */ `api`', version: '1.0.0' },
          paths: Object.fromEntries(entries),
          components: {
            schemas,
            securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
          },
          security: [{ bearer: [] }],
        }));
      });
    }),
  );
}
