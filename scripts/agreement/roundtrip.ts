import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { isUserError, loadModel, type ApiModel, type Operation } from '@specwright/core';
import { noResponsesWarning, operationHandlerNames } from '@specwright/openapi-msw';
import { objectQuery, queryField } from '@specwright/openapi-server';
import { createClientNames, type ZodVariant } from '@specwright/openapi-zod-ts';
import { dispatcher, type MockHandler, type Msw } from '../corpus/agreement.js';
import { openCheckCache, specProjectKey } from '../corpus/check-cache.js';
import { bodyPair, clientBody, comparable, serviceAnswer, withNulls } from './bodies.js';
import { generateProject, ROUTERS, type Generated, type RouterName } from './project.js';
import { expect, serve, type Call } from './servers.js';
import { replyCases, type ReplyCase } from './replies.js';
import { impossibleNeeds, successContent, type Sample } from './values.js';

/**
 * The round trip of one spec. For every operation, a sample made by the MSW mock-value generator
 * is sent by the generated client function to each generated router (over HTTP, under `/api`):
 * the service must receive exactly the sample (path parameters as raw strings, the query with its
 * numbers, booleans and arrays, the body), and the client must return what the service answered.
 * Then the same call goes to the generated MSW handlers, whose answer the client must accept.
 */

export interface OperationOutcome {
  operation: string;
  status: 'agreed' | 'failed' | 'skipped';
  /** Why it failed (one entry per side that disagreed) or why it was skipped (one reason). */
  reasons: string[];
}

export interface SpecOutcome {
  spec: string;
  /** The `zod_variant` the client's schemas were generated with. */
  variant: ZodVariant;
  operations: OperationOutcome[];
  /** Declared responses sent with reply() and checked on every router (issue 34). */
  responses?: { agreed: number; failed: number; skipped: number };
  /** The spec did not load or the output could not be imported: no operation was checked. */
  error?: string;
  warnings: string[];
  /** Taken from an earlier round trip of byte-identical output (`--resume`). */
  reused?: boolean;
  /** Wall time of the spec's check process, generation included (set by the CLI). */
  ms?: number;
}

type ClientFunction = (...args: unknown[]) => Promise<unknown>;
type Configure = (config: { baseUrl?: string; fetch?: typeof fetch; token?: string }) => void;

/** A call that never settles is a failure of its own, not a hung run. */
const CALL_LIMIT_MS = 15_000;

function message(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const e = error as Error & { status?: number; body?: unknown; issues?: unknown };
  const detail = e.issues ?? e.body;
  const extra = detail === undefined || detail === null ? '' : ` ${JSON.stringify(detail).slice(0, 300)}`;
  return `${e.name}: ${e.message.slice(0, 300)}${extra}`;
}

function show(value: unknown): string {
  return (JSON.stringify(value) ?? 'undefined').slice(0, 200);
}

/**
 * Why an operation is outside the contract, each warned about at generation time: a required
 * cookie (the client sends none), a required object-valued query parameter in a form style (the
 * routers pass its raw text), a route another operation shadows (the router serves only the first),
 * a value it needs that its schema provably does not admit (`impossible`).
 */
function skipReason(model: ApiModel, operation: Operation, warnings: string[], impossible: Map<string, string>): string | undefined {
  const cookie = operation.cookieParams.find((p) => p.required);
  if (cookie) return `required cookie parameter "${cookie.name}": cookies are outside the contract`;
  const object = operation.queryParams.find((p) => p.required && objectQuery(model, p));
  if (object) return `required query parameter "${object.name}" is ${objectQuery(model, object)} in style ${object.style}: only style deepObject carries objects`;
  const shadowed = warnings.find((w) => w.startsWith(`${operation.key} has the same route as `));
  if (shadowed) return shadowed;
  return impossible.get(operation.key);
}

/** Optional object-valued query parameters are left out of the samples (see `skipReason`). */
const omitted = (model: ApiModel) => (operation: Operation, name: string) => {
  const parameter = operation.queryParams.find((p) => p.name === name)!;
  return objectQuery(model, parameter) !== undefined;
};

interface Call1 {
  args: unknown[];
  headers: Record<string, string>;
}

/** The body of a sample that leaves out an optional body: the service must get `undefined`. */
const ABSENT = Symbol('absent body');

/** The client arguments of a sample, without the trailing `RequestConfig`. */
function clientCall(model: ApiModel, operation: Operation, sample: Sample): Call1 {
  const args: unknown[] = [...sample.path];
  const content = operation.requestBody?.contents[0];
  if (content) args.push(sample.body === ABSENT ? undefined : clientBody(model, content, sample.body));
  if (operation.queryParams.length > 0) args.push(sample.query ?? {});
  const headers = Object.fromEntries(Object.entries(sample.headers).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
  return { args, headers };
}

/** The sample with null wherever a query value, the body or the answer allows it; undefined when nothing does. */
function nulled(model: ApiModel, operation: Operation, sample: Sample): Sample | undefined {
  const content = operation.requestBody?.contents[0];
  const query = sample.query && Object.fromEntries(Object.entries(sample.query).map(([name, value]) => [name, withNulls(model, operation.queryParams.find((p) => p.name === name)?.schema, value)]));
  // A form or multipart body leaves null fields out; a JSON body and the answer carry them.
  const body = content?.kind === 'json' ? withNulls(model, content.schema, sample.body) : sample.body;
  const answer = successContent(operation);
  const response = answer?.kind === 'json' ? withNulls(model, answer.schema, sample.response) : sample.response;
  const variant: Sample = { ...sample, ...(query ? { query } : {}), ...('body' in sample ? { body } : {}), ...('response' in sample ? { response } : {}) };
  return isDeepStrictEqual(variant, sample) ? undefined : variant;
}

/**
 * The query the service must receive: values the client leaves out of the URL (undefined, null, at
 * any depth, and the arrays and objects left empty without them) are absent, except a required
 * parameter's null, which a router can only mean as null; an optional parameter left out gets its
 * declared default (the routers' rule, `queryField`).
 */
function expectedQuery(model: ApiModel, operation: Operation, query: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === null && operation.queryParams.find((p) => p.name === name)?.required) out[name] = null;
    const carried = inQuery(value);
    if (carried !== undefined) out[name] = carried;
  }
  for (const parameter of operation.queryParams) {
    const declared = queryField(model, parameter).default;
    if (declared !== undefined && !(parameter.name in out)) out[parameter.name] = JSON.parse(declared) as unknown;
  }
  return out;
}

/** What of a query value the URL carries (the client's documented rule); undefined for nothing. */
function inQuery(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(inQuery).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value).flatMap(([key, item]) => {
      const carried = inQuery(item);
      return carried === undefined ? [] : [[key, carried] as const];
    });
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

async function routerRound(model: ApiModel, operation: Operation, fn: ClientFunction, sample: Sample, name: string): Promise<string | undefined> {
  const { args, headers } = clientCall(model, operation, sample);
  const content = operation.requestBody?.contents[0];
  const calls: Call[] = [];
  const answer = serviceAnswer(model, successContent(operation), sample.response);
  expect(calls, () => answer);
  let result: unknown;
  try {
    result = await fn(...args, { headers, signal: AbortSignal.timeout(CALL_LIMIT_MS) });
  } catch (error) {
    return `client threw ${message(error)}`;
  }
  const call = calls[0];
  if (!call) return 'the service was not called';
  if (call.method !== name) return `service.${call.method} was called instead of ${name}`;
  const received = [...call.args];
  const problems: string[] = [];
  const path = received.splice(0, operation.pathParams.length);
  const pathSent = sample.path.map((v, i) => simpleStyle(v, operation.pathParams[i]!.explode));
  if (!isDeepStrictEqual(path, pathSent)) problems.push(`path parameters ${show(path)}, sent ${show(pathSent)}`);
  if (content && sample.body === ABSENT) {
    const body = received.shift();
    if (body !== undefined) problems.push(`body ${show(await comparable(body))} for an absent optional body, expected undefined`);
  } else if (content) {
    const { expected, actual } = await bodyPair(content, args[operation.pathParams.length], received.shift());
    if (!isDeepStrictEqual(await comparable(actual), await comparable(expected))) problems.push(`body ${show(actual)}, sent ${show(expected)}`);
  }
  if (operation.queryParams.length > 0) {
    const query = await comparable(received.shift() ?? {});
    const expected = await comparable(expectedQuery(model, operation, sample.query));
    if (!isDeepStrictEqual(query, expected)) problems.push(`query ${show(query)}, sent ${show(expected)}`);
  }
  const returned = await comparable(result);
  const answered = await comparable(answer);
  if (!isDeepStrictEqual(returned, answered) && !sameText(result, answer)) problems.push(`client returned ${show(returned)}, the service answered ${show(answered)}`);
  return problems.length > 0 ? problems.join('; ') : undefined;
}

/**
 * The text a path parameter reaches the service as (the contract passes raw strings): the simple
 * style, as the client sends it: `a,b` for an array, `k,v` for an object (`k=v` exploded).
 */
function simpleStyle(value: unknown, explode: boolean): string {
  if (Array.isArray(value)) return value.map(String).join(',');
  if (typeof value === 'object' && value !== null) return Object.entries(value).map(([key, item]) => `${key}${explode ? '=' : ','}${String(item)}`).join(',');
  return String(value);
}

/** Bytes the service answered that the client reads as text (a non-binary schema) are the same answer. */
function sameText(result: unknown, answer: unknown): boolean {
  return typeof result === 'string' && answer instanceof Uint8Array && new TextDecoder().decode(answer) === result;
}

/**
 * One declared response: the service answers `reply(status, body)`; the client must resolve with
 * that body (a 2xx) or reject with an ApiError of that status, a deep-equal body and `is(key)`.
 */
async function replyRound(model: ApiModel, operation: Operation, fn: ClientFunction, sample: Sample, name: string, reply: ReplyCase, mock: unknown): Promise<string | undefined> {
  const { args, headers } = clientCall(model, operation, sample);
  const content = reply.declared.response.contents[0];
  const body = serviceAnswer(model, content, mock);
  const calls: Call[] = [];
  expect(calls, () => ({ [Symbol.for('specwright.reply')]: true, status: reply.status, body, headers: undefined }));
  const what = `reply ${reply.declared.status} (as ${reply.status})`;
  let result: unknown;
  try {
    result = await fn(...args, { headers, signal: AbortSignal.timeout(CALL_LIMIT_MS) });
  } catch (error) {
    if (reply.declared.role === 'success') return `${what}: client threw ${message(error)}`;
    const e = error as { name?: unknown; status?: unknown; body?: unknown; bodyIssues?: unknown; is?: (status: unknown) => boolean };
    if (e.name !== 'ApiError' || typeof e.is !== 'function') return `${what}: client threw ${message(error)}`;
    const problems: string[] = [];
    if (e.status !== reply.status) problems.push(`status ${String(e.status)}`);
    if (!isDeepStrictEqual(await comparable(e.body), await comparable(content ? body : null)) && !sameText(e.body, body)) problems.push(`body ${show(e.body)}, the service answered ${show(body)}`);
    const key = reply.declared.match === 'exact' ? Number(reply.declared.status) : reply.declared.status;
    if (!e.is(key)) problems.push(`is(${JSON.stringify(key)}) is false${e.bodyIssues ? `: ${show(e.bodyIssues)}` : ''}`);
    return problems.length > 0 ? `${what}: ${problems.join('; ')}` : undefined;
  }
  if (calls[0]?.method !== name) return `${what}: service.${name} was not called`;
  if (reply.declared.role === 'error') return `${what}: client resolved ${show(result)}`;
  if (!content) return result === undefined ? undefined : `${what}: client returned ${show(result)} for a response without a body`;
  const returned = await comparable(result);
  const answered = await comparable(body);
  return isDeepStrictEqual(returned, answered) || sameText(result, body) ? undefined : `${what}: client returned ${show(returned)}, the service answered ${show(answered)}`;
}

const NO_HANDLER = 'agreement: no MSW handler answered';

async function mswRound(model: ApiModel, operation: Operation, fn: ClientFunction, sample: Sample, warnings: string[]): Promise<string | undefined> {
  const { args, headers } = clientCall(model, operation, sample);
  try {
    await fn(...args, { headers, signal: AbortSignal.timeout(CALL_LIMIT_MS) });
    return undefined;
  } catch (error) {
    if (error instanceof Error && 'body' in error && error.body === NO_HANDLER) {
      const why = warnings.filter((w) => w.includes(operation.key));
      return `MSW: no handler answered${why.length > 0 ? `: ${why.join('; ')}` : ' and the generator gave no reason'}`;
    }
    return `MSW: client threw ${message(error)}`;
  }
}

/**
 * One declared response through the MSW handlers: `<op>Handler({ status })` answers a seeded mock
 * of it; the client must resolve (a 2xx) or reject with an ApiError of that status whose body
 * passed the declared schema (`is(key)`).
 */
async function mswStatusRound(model: ApiModel, operation: Operation, fn: ClientFunction, sample: Sample, reply: ReplyCase): Promise<string | undefined> {
  const { args, headers } = clientCall(model, operation, sample);
  const what = `MSW ${reply.declared.status} (as ${reply.status})`;
  try {
    const result = await fn(...args, { headers, signal: AbortSignal.timeout(CALL_LIMIT_MS) });
    return reply.declared.role === 'success' ? undefined : `${what}: client resolved ${show(result)}`;
  } catch (error) {
    if (reply.declared.role === 'success') return `${what}: client threw ${message(error)}`;
    const e = error as { name?: unknown; status?: unknown; bodyIssues?: unknown; is?: (status: unknown) => boolean };
    if (e.name !== 'ApiError' || typeof e.is !== 'function') return `${what}: client threw ${message(error)}`;
    if (e.status !== reply.status) return `${what}: status ${String(e.status)}`;
    const key = reply.declared.match === 'exact' ? Number(reply.declared.status) : reply.declared.status;
    return e.is(key) ? undefined : `${what}: is(${JSON.stringify(key)}) is false${e.bodyIssues ? `: ${show(e.bodyIssues)}` : ''}`;
  }
}

export interface CheckOptions {
  /** Where the project goes; removed afterwards unless `keep`. */
  dir: string;
  keep?: boolean;
  /** The `zod_variant` of `openapi-zod-ts` (default `classic`). */
  variant?: ZodVariant;
  /** Reuse the outcome of an earlier round trip of byte-identical output (`--resume`, see `CheckCache`). */
  reuse?: boolean;
  /** Where the reused outcomes are kept (default `.tmp/corpus-check-cache`). */
  checkCache?: string;
}

export async function checkSpec(specPath: string, options: CheckOptions): Promise<SpecOutcome> {
  const variant = options.variant ?? 'classic';
  let model: ApiModel;
  try {
    model = await loadModel(specPath);
  } catch (error) {
    return { spec: specPath, variant, operations: [], warnings: [], error: isUserError(error) ? error.describe() : message(error) };
  }
  let generated: Generated;
  try {
    generated = await generateProject(model, options.dir, omitted(model), variant);
    // The project holds the samples (values.ts) as well: the same files, the same round trip.
    const cache = options.reuse ? openCheckCache(options.checkCache) : undefined;
    const key = cache ? specProjectKey(options.dir, specPath) : [];
    const earlier = cache?.get<Omit<SpecOutcome, 'spec' | 'variant'>>('roundtrip', key);
    if (earlier) return { ...earlier, spec: specPath, variant, reused: true };
    const outcome = await roundTrips(specPath, model, generated);
    cache?.set('roundtrip', key, { ...outcome, spec: undefined });
    return { ...outcome, variant };
  } catch (error) {
    return { spec: specPath, variant, operations: [], warnings: [], error: isUserError(error) ? error.describe() : message(error) };
  } finally {
    if (!options.keep) rmSync(options.dir, { recursive: true, force: true });
  }
}

async function roundTrips(spec: string, model: ApiModel, generated: Generated): Promise<Omit<SpecOutcome, 'variant'>> {
  const names = createClientNames(model);
  const client = await generated.load<Record<string, ClientFunction>>('api/client.ts');
  const { configureClient } = await generated.load<{ configureClient: Configure }>('api/client-config.ts');
  const { values } = await generated.load<{ values: (() => Sample)[] }>('values.ts');
  const module = await generated.load<{ handlers: MockHandler[] } & Record<string, unknown>>('msw/handlers.ts');
  const { handlers } = module;
  const handlerNames = operationHandlerNames(model);
  const steered = module as unknown as Record<string, ((override: { status: number; baseUrl: string }) => MockHandler) | undefined>;
  const impossible = impossibleNeeds(model);
  const outcomes = model.operations.map((operation): OperationOutcome => {
    const reason = skipReason(model, operation, generated.warnings, impossible);
    return { operation: operation.key, status: reason ? 'skipped' : 'agreed', reasons: reason ? [reason] : [] };
  });
  const checked = model.operations.map((operation, index) => ({ operation, index, outcome: outcomes[index]!, name: names.operation(operation).fn })).filter((o) => o.outcome.status !== 'skipped');
  const fail = (outcome: OperationOutcome, reason: string) => ((outcome.status = 'failed'), outcome.reasons.push(reason));
  const responses = { agreed: 0, failed: 0, skipped: 0 };
  const replyFailed = new Set<string>();
  for (const { operation, outcome } of model.operations.map((operation, index) => ({ operation, outcome: outcomes[index]! }))) {
    for (const reply of replyCases(operation)) if (outcome.status === 'skipped' || reply.skip) responses.skipped++;
  }

  for (const framework of ROUTERS) {
    const served = await serve(generated, framework as RouterName);
    try {
      configureClient({ baseUrl: served.url, fetch: globalThis.fetch, token: 'agreement' });
      for (const { operation, index, outcome, name } of checked) {
        const problem = await routerRound(model, operation, client[name]!, values[index]!(), name);
        if (problem) fail(outcome, `${framework}: ${problem}`);
        const nulls = nulled(model, operation, values[index]!());
        if (nulls) {
          const problem = await routerRound(model, operation, client[name]!, nulls, name);
          if (problem) fail(outcome, `${framework}, with null wherever allowed: ${problem}`);
        }
        const sample = values[index]!();
        for (const [i, reply] of replyCases(operation).entries()) {
          if (reply.skip) continue;
          const problem = await replyRound(model, operation, client[name]!, sample, name, reply, sample.replies?.[i]);
          if (problem) {
            fail(outcome, `${framework}: ${problem}`);
            replyFailed.add(`${operation.key} ${i}`);
          }
        }
        // An optional body left out reaches the service as undefined, whatever its media type.
        if (operation.requestBody && !operation.requestBody.required) {
          const absent = await routerRound(model, operation, client[name]!, { ...values[index]!(), body: ABSENT }, name);
          if (absent) fail(outcome, `${framework}, without the optional body: ${absent}`);
        }
      }
    } finally {
      await served.close();
    }
  }

  for (const { operation } of checked) {
    for (const [i, reply] of replyCases(operation).entries()) {
      if (reply.skip) continue;
      if (replyFailed.has(`${operation.key} ${i}`)) responses.failed++;
      else responses.agreed++;
    }
  }

  const msw = (await import('msw')) as unknown as Msw;
  // Indexed once: rebuilding the dispatcher of every handler per operation made Graph quadratic.
  const everyHandler = dispatcher(msw, handlers);
  let answer = everyHandler;
  const mswFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return (await answer(request)) ?? new Response(JSON.stringify(NO_HANDLER), { status: 501, headers: { 'content-type': 'application/json' } });
  };
  configureClient({ baseUrl: 'http://localhost/api', fetch: mswFetch as typeof fetch });
  for (const { operation, index, outcome } of checked) {
    // Seed MSW rule 1: an operation without responses gets no handler, and a warning naming it;
    // the routers' round trip still counts, and a warned skip is not a silent one.
    const warned = operation.responses.length === 0 ? generated.warnings.find((w) => w === noResponsesWarning(operation)) : undefined;
    if (warned) {
      if (outcome.status === 'agreed') (outcome.status = 'skipped'), outcome.reasons.push(`MSW: ${warned}`);
      continue;
    }
    const problem = await mswRound(model, operation, client[names.operation(operation).fn]!, values[index]!(), generated.warnings);
    if (problem) fail(outcome, problem);
    // Every declared response through `<op>Handler({ status })` (issue 35).
    const steer = steered[handlerNames.get(operation.key) ?? ''];
    for (const reply of replyCases(operation)) {
      if (reply.skip || !steer) continue;
      answer = dispatcher(msw, [steer({ status: reply.status, baseUrl: '*' })]);
      const problem = await mswStatusRound(model, operation, client[names.operation(operation).fn]!, values[index]!(), reply);
      if (problem) fail(outcome, problem);
    }
    answer = everyHandler;
  }
  return { spec, operations: outcomes, responses, warnings: generated.warnings };
}

export function tally(outcomes: OperationOutcome[]): { agreed: number; failed: number; skipped: number } {
  const count = (status: OperationOutcome['status']) => outcomes.filter((o) => o.status === status).length;
  return { agreed: count('agreed'), failed: count('failed'), skipped: count('skipped') };
}

/** A project folder per spec under `<base>/`. */
export function projectDir(base: string, spec: string, index: number): string {
  return join(base, `${String(index).padStart(3, '0')}-${spec.replace(/^.*[\\/]/, '').replace(/[^A-Za-z0-9.-]+/g, '_')}`);
}
