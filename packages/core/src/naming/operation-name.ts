import type { HttpMethod } from '../ir/types.js';
import { camelCase, pascalCase } from './case.js';
import { safeIdentifier } from './identifiers.js';

const VERBS: Record<HttpMethod, string> = { get: 'get', post: 'create', put: 'update', patch: 'patch', delete: 'delete' };

/** A leading `/api/v{n}` prefix carries no meaning for names. */
export function stripApiVersionPrefix(path: string): string {
  return path.replace(/^\/api\/v\d+(?=\/|$)/i, '');
}

/**
 * The name of an operation (DECISIONS): its operationId sanitised to camelCase; without one,
 * verb + path (`GET /pets/{id}` → `getPetsById`, `POST /users` → `createUsers`).
 */
export function operationBaseName(method: HttpMethod, path: string, operationId: string | undefined): string {
  if (operationId !== undefined) {
    const fromId = camelCase(operationId);
    if (fromId.length > 0) return safeIdentifier(fromId, 'operation');
  }
  const words = stripApiVersionPrefix(path)
    .split('/')
    .filter((segment) => segment.length > 0)
    .map((segment) => segment.replace(/\{([^}]*)\}/g, (_, name: string) => ` By ${pascalCase(name)} `))
    .map((segment) => pascalCase(segment));
  const suffix = words.join('');
  return safeIdentifier(VERBS[method] + (suffix.length > 0 ? suffix : 'Root'), 'operation');
}

/** The first static path segment after `/api/v{n}` (`/api/v1/tasks/{id}` → `tasks`). */
export function resourceName(path: string): string | undefined {
  return stripApiVersionPrefix(path)
    .split('/')
    .find((segment) => segment.length > 0 && !segment.includes('{'));
}
