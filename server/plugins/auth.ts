import { CODE } from '../../core/message-codes';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ACTED_BY_HEADER } from '../../core/pin';
import { isStaffRole, type Role } from '../../core/roles';
import { forbidden, unauthorized } from '../lib/errors';
import { ROUTE_POLICY, routeKey, type RoutePolicy } from '../security/route-policy';
import type { AuthUser, SessionService } from '../services/accounts/auth.service';

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

type Sessions = Pick<SessionService, 'authenticate'>;
/** Who a till's queued act was made by (server/services/staff/pins.service.ts), from its X-Acted-By header. */
type ActedBy = (actor: AuthUser, claim: string, idempotencyKey: string | undefined) => Promise<AuthUser>;

/**
 * Builds the onRequest guard: runs before the body is read or validated, so a
 * missing/expired token is 401 and a wrong role 403 whatever the body holds.
 */
function makeGuard(sessions: Sessions, actedBy?: ActedBy) {
  return (roles?: readonly Role[]): onRequestHookHandler =>
    async function guard(req: FastifyRequest, _reply: FastifyReply) {
      const token = bearerToken(req);
      if (!token) throw unauthorized(CODE.unauthenticated);
      const { user: signedIn, catalogVersion } = await sessions.authenticate(token);
      // an act a till queued under a person's PIN (the X-Acted-By header, core/pin.ts) is theirs, role and all, when its proof holds
      const claim = req.headers[ACTED_BY_HEADER];
      const user =
        actedBy && typeof claim === 'string' && claim
          ? await actedBy(signedIn, claim, typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined)
          : signedIn;
      req.user = user;
      req.catalogVersion = catalogVersion;
      req.token = token;
      if (roles && !roles.includes(user.role)) {
        throw isStaffRole(user.role) ? forbidden(CODE.staffRoleRefused, { role: user.role }) : forbidden(CODE.forbidden);
      }
    };
}

/** Every route under /api is in the table, except the API reference's page and static files (public, no data). */
const API_ROUTE = /^\/api(?:\/|$)/u;
const UNLISTED = /^\/api\/docs(?:\/|$)/u;

/**
 * Guards every API route from the authorization table (server/security/route-policy.ts), the one
 * place that says who may call what. As each route is registered, its policy is looked up by method
 * and url (HEAD as GET) and the guard for its roles runs first in its onRequest hooks: none for
 * 'public', a signed-in caller for 'any', else one of the listed roles. A route missing from the
 * table stops the app from starting (the registration throws, naming it), and so does a table row
 * with no route (ready() rejects). Call before any route is registered.
 */
export function guardRoutesByPolicy(
  app: FastifyInstance,
  sessions: Sessions,
  policy: readonly RoutePolicy[] = ROUTE_POLICY,
  actedBy?: ActedBy,
): void {
  const guard = makeGuard(sessions, actedBy);
  const byKey = new Map(policy.map((p) => [routeKey(p.method, p.url), p]));
  const served = new Set<string>();

  app.addHook('onRoute', (route) => {
    if (!API_ROUTE.test(route.url) || UNLISTED.test(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const roles = new Set<string>();
    let found: RoutePolicy | undefined;
    for (const method of methods) {
      const key = routeKey(method === 'HEAD' ? 'GET' : method, route.url);
      found = byKey.get(key);
      if (!found) throw new Error(`${method} ${route.url} is not in ROUTE_POLICY (server/security/route-policy.ts): add it with its roles`);
      served.add(key);
      roles.add(JSON.stringify(found.roles));
    }
    if (!found) return;
    if (roles.size > 1)
      throw new Error(`${methods.join(', ')} ${route.url}: the methods have different roles in ROUTE_POLICY; register them apart`);
    if (found.roles === 'public') return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard(found.roles === 'any' ? undefined : found.roles), ...own];
  });

  app.addHook('onReady', async () => {
    const unserved = [...byKey.keys()].filter((key) => !served.has(key));
    if (unserved.length) throw new Error(`ROUTE_POLICY lists routes the app does not serve: ${unserved.join('; ')}`);
  });
}

/** The authenticated user of a guarded route. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized(CODE.unauthenticated);
  return req.user;
}
