import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { MSG } from '../../core/messages';
import type { Role } from '../../core/roles';
import { HttpError, unauthorized } from '../lib/errors';
import type { AuthUser, SessionService } from '../services/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    token: string | null;
    /** The committed catalogue version when the guard ran (read with the session). */
    catalogVersion: bigint | null;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h || !h.startsWith('Bearer ')) return null;
  const token = h.slice(7).trim();
  return token.length > 0 && token.length < 200 ? token : null;
}

/**
 * Builds the onRequest guard: runs before the body is read or validated, so a
 * missing/expired token is 401 and a wrong role 403 whatever the body holds.
 */
export function makeGuard(sessions: SessionService) {
  return (roles?: readonly Role[]): onRequestHookHandler =>
    async function guard(req: FastifyRequest, _reply: FastifyReply) {
      const token = bearerToken(req);
      if (!token) throw unauthorized(MSG.unauthenticated);
      const { user, catalogVersion } = await sessions.authenticate(token);
      req.user = user;
      req.catalogVersion = catalogVersion;
      req.token = token;
      if (roles && !roles.includes(user.role)) throw new HttpError(403, MSG.forbidden);
    };
}

/** The authenticated user of a guarded route. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized(MSG.unauthenticated);
  return req.user;
}
