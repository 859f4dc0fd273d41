import type { Operation, Response } from './types.js';

/** 2xx responses (exact codes first in numeric order, then `2XX`). */
export function successResponses(operation: Operation): Response[] {
  return operation.responses
    .filter((r) => r.status.startsWith('2'))
    .sort((a, b) => (a.status === '2XX' ? 1 : b.status === '2XX' ? -1 : Number(a.status) - Number(b.status)));
}

/**
 * Security as the seed's route metadata wants it: a flat list of `{ scheme, scopes }`;
 * `undefined` when no security is declared, `[]` for `security: []`.
 */
export function flattenSecurity(operation: Operation): { scheme: string; scopes: string[] }[] | undefined {
  return operation.security?.flatMap((requirement) => requirement.map((s) => ({ scheme: s.scheme, scopes: [...s.scopes] })));
}
