import { GLOBAL_VALUE_NAMES, code as c, successResponses, type ApiModel, type Code, type Operation, type SchemaNode } from '@specwright/core';
import { MockBuilder, seededMockStatements } from '@specwright/openapi-msw';
import { successStatus } from '@specwright/openapi-server';
import { replyCases } from './replies.js';

/**
 * The values module of a round trip: for each operation (by index in the model), a function that
 * makes one sample with the MSW mock-value generator (seeded faker): its path parameters, body,
 * query object, required headers, and the value the service answers. Mocks are response-shaped
 * values; `binary` positions are turned into bytes by the checker, which knows the schemas.
 */

export interface Sample {
  path: unknown[];
  /** Absent: no body declared. */
  body?: unknown;
  query?: Record<string, unknown>;
  headers: Record<string, unknown>;
  response?: unknown;
  /** Mock bodies of the declared responses, in `replyCases` order. */
  replies?: unknown[];
}

/** The content of an operation's success response, as the routers choose it (openapi-server's rule). */
export function successContent(operation: Operation) {
  const status = successStatus(operation);
  if (status === 204) return undefined;
  const response = operation.responses.find((r) => r.status === String(status)) ?? successResponses(operation).find((r) => r.contents.length > 0);
  return response?.contents[0];
}

const ANY_TEXT: SchemaNode = { kind: 'string', nullable: false };

/** Header parameters that OpenAPI says to ignore: the client sets them from the media types and the token. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/**
 * Why an operation has no valid round trip, by operation key: a required parameter, the body
 * (required or not: the sample sends one) or the success answer admits no value (a string schema whose pattern provably matches no
 * string of its bounds; openapi-msw warns, naming its JSON pointer). A spec defect, not a disagreement.
 */
export function impossibleNeeds(model: ApiModel): Map<string, string> {
  const mocks = new MockBuilder(model, { maxArrayItems: 2, depthCap: 12 }, []);
  const needs = new Map<string, string>();
  for (const operation of model.operations) {
    const parts: [string, SchemaNode | undefined][] = [
      ...[...operation.pathParams, ...operation.queryParams, ...operation.headerParams].filter((p) => p.required).map((p): [string, SchemaNode] => [`${p.in} parameter ${JSON.stringify(p.name)}`, p.schema]),
      // An optional body without a value could only be left out: the sample's body is not valid either.
      [operation.requestBody?.required ? 'request body' : 'optional request body', operation.requestBody?.contents[0]?.schema],
      ['success answer', successContent(operation)?.schema],
    ];
    for (const [what, schema] of parts) {
      const why = schema && mocks.noValue(schema);
      if (why) {
        needs.set(operation.key, `${why}; the ${what} needs such a value, so no valid round trip exists (a spec defect)`);
        break;
      }
    }
  }
  return needs;
}

/** Query parameters the checker sends: all but those it leaves out (`omitted`). */
export function valuesModule(model: ApiModel, omitted: (operation: Operation, name: string) => boolean): Code.Module {
  const mocks = new MockBuilder(model, { maxArrayItems: 2, depthCap: 12 }, ['faker', 'Faker', 'base', 'en', 'values', ...GLOBAL_VALUE_NAMES]);
  const value = (schema: SchemaNode | undefined) => (schema ? mocks.response(schema) : c.undef());
  const samples = model.operations.map((operation) => {
    // Path values are never empty nor a dot segment (the client refuses those).
    const props: Code.ObjectMember[] = [c.prop('path', c.arr(operation.pathParams.map((p) => mocks.pathValue(p.schema))))];
    const body = operation.requestBody?.contents[0];
    // A text or JSON body without a schema takes any text (chaingateway's `text/plain` bodies).
    if (body) props.push(c.prop('body', body.schema === undefined && (body.kind === 'text' || body.kind === 'json') ? value(ANY_TEXT) : value(body.schema)));
    // An optional parameter whose schema admits no value is left out, as a valid request does.
    const query = operation.queryParams.filter((p) => !omitted(operation, p.name) && (p.required || mocks.noValue(p.schema) === undefined));
    if (query.length > 0) props.push(c.prop('query', c.obj(query.map((p) => c.prop(p.name, value(p.schema))))));
    const headers = operation.headerParams.filter((p) => p.required && !IGNORED_HEADERS.has(p.name.toLowerCase()));
    props.push(c.prop('headers', c.obj(headers.map((p) => c.prop(p.name, value(p.schema))))));
    const response = successContent(operation);
    if (response) props.push(c.prop('response', value(response.schema)));
    // One mock body per declared response sent with reply() (undefined for one without a body).
    const replies = replyCases(operation).map((r) => {
      const content = r.declared.response.contents[0];
      if (r.skip || !content) return c.undef();
      return content.schema === undefined || mocks.noValue(content.schema) !== undefined ? value(ANY_TEXT) : value(content.schema);
    });
    props.push(c.prop('replies', c.arr(replies)));
    return c.arrow([], c.obj(props));
  });
  return {
    header: 'Round-trip samples of every operation (scripts/agreement).',
    body: [
      ...seededMockStatements(mocks, 7),
      c.constDecl('values', c.arr(samples), { exported: true, type: c.tarray(c.tfn([], c.kw('unknown'))) }),
    ],
  };
}
