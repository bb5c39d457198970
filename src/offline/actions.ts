import { useSession } from '../stores/session';
import type { OutboxItem } from './db';
import { type OutboxRequest, type QueueOptions, discardItem, newOutboxId, queueRequest, replaceItem } from './outbox';
import { kick } from './runtime';
import { type OutboxOutcome, onOutboxOutcome } from './status';
import { ApiError, standingHeaders } from '../lib/api';

/**
 * What features call: each write goes to the outbox first and is sent from there, so nothing
 * done offline is lost and nothing happens twice. Each returns the local record at once.
 */

function userId(): string {
  const id = useSession.getState().userInfo?._id;
  if (!id) throw new Error('Not signed in');
  return id;
}

/** Headers for a request about to be queued, made for its Idempotency-Key; undefined: none. */
type QueuedHeaders = (idempotencyKey: string) => Promise<Record<string, string> | undefined>;
let queuedHeaders: QueuedHeaders | null = null;

/**
 * A feature's headers on every request queued from now on (null: none), each made for that request's
 * Idempotency-Key: what the outbox sends is signed by whoever made it, when that is not the account
 * whose token sends it. The outbox only stores and sends them.
 */
export function setQueuedHeaders(source: QueuedHeaders | null): void {
  queuedHeaders = source;
}

/**
 * The request with the device's standing headers (the till it is sent from: src/lib/api.ts) and the registered
 * headers for its key, stored with it so a replay sends what the request was made with; and the options with that key.
 */
async function withQueuedHeaders(request: OutboxRequest, opts: QueueOptions = {}): Promise<[OutboxRequest, QueueOptions]> {
  const id = opts.id ?? newOutboxId();
  const signed = queuedHeaders ? await queuedHeaders(id) : undefined;
  const headers = { ...standingHeaders(), ...request.headers, ...signed };
  return [Object.keys(headers).length > 0 ? { ...request, headers } : request, { ...opts, id }];
}

/** Queues a request of the signed-in user (kind: the feature's name for it) and tries to send it at once. */
export async function enqueue(kind: string, request: OutboxRequest, opts?: QueueOptions): Promise<OutboxItem> {
  const item = await queueRequest(userId(), kind, ...(await withQueuedHeaders(request, opts)));
  kick();
  // A held item (the user may still undo it): try again once the hold is over, wherever the user is by then.
  if (item.holdUntil !== undefined) setTimeout(kick, Math.max(0, item.holdUntil - Date.now()) + 50);
  return item;
}

/** Edit and resend: a refused item of the signed-in user is replaced by a new request (a new key). */
export async function replaceOutboxItem(
  oldId: string,
  kind: string,
  request: OutboxRequest,
  opts?: QueueOptions,
): Promise<OutboxItem | null> {
  const item = await replaceItem(userId(), oldId, kind, ...(await withQueuedHeaders(request, opts)));
  kick();
  return item;
}

/**
 * Online, a screen can wait briefly for its write to reach the server, so the server's answer
 * shows as before: sent -> the response; refused (4xx) -> the item is dropped from the outbox
 * and an ApiError with the server's message is thrown (the form still holds the data);
 * no connection or no answer in time -> null: it stays saved and is sent later.
 */
export async function awaitOutcome(id: string, timeoutMs = 10_000): Promise<{ status: number; response: unknown } | null> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return null;
  const outcome = await new Promise<OutboxOutcome | null>((resolve) => {
    const off = onOutboxOutcome(id, (o) => {
      off();
      clearTimeout(timer);
      resolve(o);
    });
    const timer = setTimeout(() => {
      off();
      resolve(null);
    }, timeoutMs);
  });
  if (!outcome || outcome.type === 'retry') return null;
  if (outcome.type === 'sent') return { status: outcome.status, response: outcome.response };
  await discardItem(userId(), id);
  throw new ApiError(outcome.status, { message: outcome.message, code: outcome.code }, outcome.message);
}

export async function discardOutboxItem(id: string): Promise<boolean> {
  return discardItem(userId(), id);
}

export { syncNow } from './runtime';
