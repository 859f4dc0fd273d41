import type { FastifyRequest } from 'fastify';
import { HttpError, type RouteInfo } from '../generated/router.js';

/** Who is calling (hand-written; the generated service is generic over it). */
export interface AuthContext {
  userId: string;
  scopes: string[];
}

const BEARER = 'Bearer ';

/**
 * The reference authorization (seed, Authentication 3): public routes (no or empty security
 * metadata) get an anonymous context; secured routes need an `Authorization: Bearer <token>`
 * header, whose token names the user. Any token is accepted and scopes are not compared.
 */
export function createContext(request: FastifyRequest, route: RouteInfo): AuthContext {
  if (route.security === undefined || route.security.length === 0) return { userId: 'anonymous', scopes: [] };
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith(BEARER)) throw new HttpError(401, 'Unauthorized');
  return { userId: header.slice(BEARER.length), scopes: ['profile:read'] };
}
