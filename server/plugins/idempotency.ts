import { APPROVAL_CODES } from '../../core/approvals';
import { CODE } from '../../core/message-codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { note } from '../lib/errors';
import { hashBody } from '../services/platform/idempotency.service';

/** The writes the offline outbox sends; only these honour Idempotency-Key. */
export const IDEMPOTENT_ROUTES = new Set([
  'POST /api/Orders',
  'PUT /api/Orders/mark-delivered',
  'POST /api/Orders/:id/void',
  'POST /api/Orders/:id/confirm-payment',
  'POST /api/purchases',
  'POST /api/purchases/:id/returns',
  'POST /api/purchase-orders',
  'POST /api/suppliers/:id/payments',
  'POST /api/Orders/:id/returns',
  'POST /api/customers',
  'POST /api/customers/:id/payments',
  'POST /api/riders/:id/handovers',
  'POST /api/shifts',
  'POST /api/shifts/:id/cash',
  'POST /api/shifts/:id/close',
  'POST /api/expenses',
  'POST /api/stock/expiring/write-off',
  'POST /api/price-lists',
  'POST /api/schemes',
]);

/** The codes the Idempotency-Key handling answers with (declared on IDEMPOTENT_ROUTES' schemas). */
export const IDEMPOTENCY_CODES = ['idempotencyKeyInvalid', 'idempotencyKeyReused', 'idempotencyKeyRunning'] as const;

/** A refusal that waits for a manager's PIN on the spot (core/approvals.ts): a 4xx with one of APPROVAL_CODES. */
function asksForPin(status: number, payload: unknown): boolean {
  if (status < 400 || status >= 500 || typeof payload !== 'string') return false;
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' && (APPROVAL_CODES as readonly string[]).includes(code);
  } catch {
    return false;
  }
}

interface IdemClaim {
  userId: string;
  key: string;
  /** The answer the handler stored under the key in its own transaction: onSend need not store the same one again. */
  stored?: { statusCode: number; body: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdemClaim | null;
  }
}

/** The header value: a token or an RFC 8941 sf-string ("..."). */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | null | undefined {
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) return null;
  let v = raw.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
  if (v.length < 1 || v.length > 255 || !/^[\x21-\x7e]+$/.test(v)) return null;
  return v;
}

/**
 * Idempotency-Key handling for the writes the offline outbox sends, IETF httpapi
 * draft semantics: a repeat of a finished request gets the stored status and body; the same
 * key with another body is 422; a repeat while the first still runs is 409. Runs in preHandler,
 * after the route's onRequest guard (so keys are per user) and after body validation; the
 * answer is stored in onSend, and a 5xx or 429 (a rate limit: try later) answer releases the key
 * so a retry runs again instead of replaying the refusal. So does an answer that asks for a manager's
 * PIN (or refuses the one given): nothing changed, and the same act is sent again with the PIN.
 */
export function registerIdempotency(api: FastifyInstance, routes: ReadonlySet<string> = IDEMPOTENT_ROUTES): void {
  const svc = api.services.idempotency;
  api.decorateRequest('idempotency', null);

  api.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const route = `${req.method} ${req.routeOptions.url ?? ''}`;
    if (!routes.has(route)) return;
    const key = parseIdempotencyKey(req.headers['idempotency-key']);
    if (key === undefined) return; // optional: ordinary online calls may leave it out
    if (key === null) return reply.code(400).send(note(CODE.idempotencyKeyInvalid));
    if (!req.user) return; // unguarded route: nothing to scope the key to
    svc.maybePurge();
    const userId = req.user.id;
    const result = await svc.claim({
      userId,
      key,
      method: req.method,
      path: req.routeOptions.url ?? req.url,
      bodyHash: hashBody(req.body),
    });
    switch (result.kind) {
      case 'claimed':
        req.idempotency = { userId, key };
        return;
      case 'mismatch':
        return reply.code(422).send(note(CODE.idempotencyKeyReused));
      case 'running':
        return reply.code(409).header('retry-after', String(result.retryAfterSeconds)).send(note(CODE.idempotencyKeyRunning));
      case 'replay':
        reply.code(result.statusCode).header('idempotent-replayed', 'true');
        if (result.body) reply.type('application/json; charset=utf-8');
        return reply.send(result.body);
    }
  });

  api.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = req.idempotency;
    if (!claim) return payload;
    req.idempotency = null;
    if (reply.statusCode >= 500 || reply.statusCode === 429 || asksForPin(reply.statusCode, payload)) {
      await svc.release(claim.userId, claim.key).catch((err) => req.log.error({ err }, 'idempotency release failed'));
    } else {
      const body =
        typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : payload == null
              ? ''
              : JSON.stringify(payload);
      if (claim.stored && claim.stored.statusCode === reply.statusCode && claim.stored.body === body) return payload;
      // If storing fails the claim's lease runs out and a retry runs again; the order's client id still prevents a duplicate.
      await svc
        .complete(claim.userId, claim.key, reply.statusCode, body)
        .catch((err) => req.log.error({ err }, 'idempotency store failed'));
    }
    return payload;
  });

  // A request that ends without a reply (client gone, hook error) must not hold its key until the lease runs out.
  api.addHook('onResponse', async (req: FastifyRequest) => {
    const claim = req.idempotency;
    if (!claim) return;
    req.idempotency = null;
    await svc.release(claim.userId, claim.key).catch(() => {});
  });
}
