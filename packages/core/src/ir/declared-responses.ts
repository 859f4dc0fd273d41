import type { Operation, Response } from './types.js';

/** How a declared status key matches a status code: one code, a range (`4XX`) or `default`. */
export type StatusMatch = 'exact' | 'range' | 'default';

/** One response an operation declares, with the rule every generator applies to it. */
export interface DeclaredResponse {
  /** The key as the IR holds it: `'404'`, `'4XX'` or `'default'`. */
  status: string;
  match: StatusMatch;
  /** Every declared 2xx (a code or `2XX`) is a success; everything else, `default` included, is an error. */
  role: 'success' | 'error';
  /**
   * A status code that selects this response and no other declared one, for a server, a mock or a
   * test that must send it: the code itself, the first free code of a range (`4XX` → 400 unless
   * 400 is declared), or a 4xx or 5xx code no key takes for `default` (500 first). Undefined when
   * there is none: every code is taken, or a `1XX` (no final response has one).
   */
  representative: number | undefined;
  response: Response;
}

/**
 * The one rule for what an operation's responses are. In spec order; see `successResponses` for
 * the successes in the order the client and routers prefer them.
 */
export function declaredResponses(operation: Operation): readonly DeclaredResponse[] {
  // Every generator asks several times per operation; the IR is not changed once built.
  let declared = declaredCache.get(operation);
  if (declared === undefined) {
    declared = declare(operation);
    declaredCache.set(operation, declared);
  }
  return declared;
}

const declaredCache = new WeakMap<Operation, readonly DeclaredResponse[]>();

function declare(operation: Operation): readonly DeclaredResponse[] {
  const exact = new Set<number>();
  const ranges = new Set<number>();
  for (const r of operation.responses) {
    if (/^\d{3}$/.test(r.status)) exact.add(Number(r.status));
    else if (/^\dXX$/.test(r.status)) ranges.add(Number(r.status[0]));
  }
  return operation.responses.map((response) => {
    const match = matchOf(response.status);
    const role = response.status.startsWith('2') ? 'success' : 'error';
    const hasBody = response.contents.length > 0;
    return { status: response.status, match, role, representative: representativeOf(response.status, match, exact, ranges, hasBody), response };
  });
}

/** The declared errors of an operation (every non-2xx key, `default` included), in spec order. */
export function errorResponses(operation: Operation): DeclaredResponse[] {
  return declaredResponses(operation).filter((r) => r.role === 'error');
}

/**
 * The declared response a status code selects: its exact code, else its range, else `default`;
 * undefined when the operation declares nothing that takes it.
 */
export function responseForStatus(operation: Operation, status: number): DeclaredResponse | undefined {
  const declared = declaredResponses(operation);
  return (
    declared.find((r) => r.match === 'exact' && Number(r.status) === status) ??
    declared.find((r) => r.match === 'range' && Number(r.status[0]) === Math.floor(status / 100)) ??
    declared.find((r) => r.match === 'default')
  );
}

function matchOf(status: string): StatusMatch {
  if (status === 'default') return 'default';
  return status.endsWith('XX') ? 'range' : 'exact';
}

/** Statuses a body can never travel with (fetch's null-body statuses). */
const NULL_BODY = new Set([204, 205, 304]);

/** Codes tried first for `default`: the ones servers most often answer without declaring them. */
const DEFAULT_CANDIDATES = [500, 400, 503, 502, 422, 409, 404, 403, 401];

function representativeOf(status: string, match: StatusMatch, exact: Set<number>, ranges: Set<number>, hasBody: boolean): number | undefined {
  const usable = (code: number) => !exact.has(code) && !(hasBody && NULL_BODY.has(code));
  if (match === 'exact') return Number(status);
  if (match === 'range') {
    const hundred = Number(status[0]) * 100;
    if (hundred < 200) return undefined;
    for (let code = hundred; code < hundred + 100; code++) if (usable(code)) return code;
    return undefined;
  }
  const free = (code: number) => usable(code) && !ranges.has(Math.floor(code / 100));
  const candidate = DEFAULT_CANDIDATES.find(free);
  if (candidate !== undefined) return candidate;
  // Never a 2xx (the client would take it for a success) nor a 3xx (fetch follows one with a Location).
  for (let code = 400; code < 600; code++) if (free(code)) return code;
  return undefined;
}
