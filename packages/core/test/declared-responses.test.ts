import { describe, expect, it } from 'vitest';
import { declaredResponses, errorResponses, responseForStatus, type Operation, type Response } from '../src/index.js';

function operation(...statuses: (string | [string, boolean])[]): Operation {
  const responses: Response[] = statuses.map((s) => {
    const [status, body] = typeof s === 'string' ? [s, true] : s;
    return { status, description: '', contents: body ? [{ contentType: 'application/json', kind: 'json', schema: { kind: 'string', nullable: false } }] : [] };
  });
  return { key: 'GET /x', name: 'x', method: 'get', path: '/x', urlPath: '/x', pathQuery: [], pathFragment: [], pathParams: [], queryParams: [], headerParams: [], cookieParams: [], responses, deprecated: false, tags: [], pointer: '#/paths/~1x/get' };
}

describe('declared responses: one rule for successes and errors', () => {
  it('every 2xx is a success; every other key, default included, is an error', () => {
    const op = operation('201', '202', '2XX', '404', '4XX', 'default', '302');
    expect(declaredResponses(op).map((r) => [r.status, r.match, r.role])).toEqual([
      ['201', 'exact', 'success'],
      ['202', 'exact', 'success'],
      ['2XX', 'range', 'success'],
      ['404', 'exact', 'error'],
      ['4XX', 'range', 'error'],
      ['default', 'default', 'error'],
      ['302', 'exact', 'error'],
    ]);
    expect(errorResponses(op).map((r) => r.status)).toEqual(['404', '4XX', 'default', '302']);
  });

  it('a representative code selects its own response and no other', () => {
    const op = operation('200', '400', '4XX', '500', 'default');
    const reps = Object.fromEntries(declaredResponses(op).map((r) => [r.status, r.representative]));
    expect(reps).toEqual({ '200': 200, '400': 400, '4XX': 401, '500': 500, default: 503 });
    for (const r of declaredResponses(op)) expect(responseForStatus(op, r.representative!)?.status).toBe(r.status);
    // default is an error: never a 2xx or 3xx, even when every 4xx and 5xx is taken.
    expect(declaredResponses(operation('200', '4XX', '5XX', 'default')).at(-1)?.representative).toBeUndefined();
  });

  it('default prefers 500, and a body never gets a null-body status', () => {
    expect(declaredResponses(operation('200', 'default')).at(-1)?.representative).toBe(500);
    expect(declaredResponses(operation('2XX', '200', '201', '202', '203')).find((r) => r.status === '2XX')?.representative).toBe(206);
    expect(declaredResponses(operation('200', '201', '202', '203', ['2XX', false])).find((r) => r.status === '2XX')?.representative).toBe(204);
  });

  it('a status selects exact, then range, then default', () => {
    const op = operation('200', '404', '4XX', 'default');
    expect(responseForStatus(op, 404)?.status).toBe('404');
    expect(responseForStatus(op, 409)?.status).toBe('4XX');
    expect(responseForStatus(op, 503)?.status).toBe('default');
    expect(responseForStatus(operation('200'), 503)).toBeUndefined();
  });

  it('a 1XX range has no representative', () => {
    expect(declaredResponses(operation('1XX')).at(0)?.representative).toBeUndefined();
  });
});
