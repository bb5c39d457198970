import { type OfflineDb, type OutboxItem, offlineDb } from './db';
import { newUuid } from '../lib/uuid';

/**
 * The outbox store: HTTP requests a feature hands over, kept per user until they reach the server.
 * It knows nothing of what a request means; the feature names its kind and says how to show it.
 */

/** A request to replay, and how lists show it. */
export interface OutboxRequest {
  method: OutboxItem['method'];
  /** Path under /api, e.g. "Orders/mark-delivered". */
  path: string;
  /** The JSON body. */
  body: unknown;
  /** Headers of its own (the outbox adds the token, the Idempotency-Key and the language itself). */
  headers?: Record<string, string>;
  /** A short description for lists and notices. */
  label: string;
  /** The record it changes: while a request of the same kind for it waits, another is not queued. */
  subject?: string;
  /** Independent of every other request: may be sent alongside others. */
  parallel?: boolean;
  /** What the feature shows with it (not sent). */
  display?: unknown;
  /**
   * Once the server has it, saved lists whose names start with `prefix` drop their element with
   * `_id` = `id` (an order delivered leaves the saved pending lists), in whichever context sent it.
   */
  dropWhenSent?: OutboxItem['dropWhenSent'];
}

export interface QueueOptions {
  /** The Idempotency-Key (made here when absent); a feature picks it when its body carries it. */
  id?: string;
  /** When the user did it (ms). */
  now?: number;
  /** Keep it back this long (ms) so the user can still take it back (discard) before anything is sent. */
  holdMs?: number;
}

export const newOutboxId = (): string => newUuid();

const newItem = (userId: string, kind: string, request: OutboxRequest, opts: QueueOptions): OutboxItem => {
  const createdAt = opts.now ?? Date.now();
  const holdUntil = opts.holdMs ? createdAt + opts.holdMs : undefined;
  return {
    ...request,
    id: opts.id ?? newOutboxId(),
    userId,
    kind,
    createdAt,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: holdUntil ?? 0,
    ...(holdUntil ? { holdUntil } : {}),
  };
};

/**
 * Writes a user's request to the outbox; it is sent from there (never directly). A request for a
 * subject that already has one of the same kind waiting is not queued twice: the waiting one is answered.
 */
export async function queueRequest(
  userId: string,
  kind: string,
  request: OutboxRequest,
  opts: QueueOptions = {},
  db: OfflineDb = offlineDb(),
): Promise<OutboxItem> {
  return db.transaction('rw', db.outbox, async () => {
    if (request.subject !== undefined) {
      const waiting = await db.outbox
        .where('[userId+status]')
        .equals([userId, 'pending'])
        .filter((i) => i.kind === kind && i.subject === request.subject)
        .first();
      if (waiting) return waiting;
    }
    const item = newItem(userId, kind, request, opts);
    item.seq = await db.outbox.add(item);
    return item;
  });
}

/** A user's items, oldest first. */
export async function listOutbox(userId: string, db: OfflineDb = offlineDb()): Promise<OutboxItem[]> {
  return db.outbox.where('userId').equals(userId).sortBy('seq');
}

/** Discards an item (from Needs attention, or a waiting item the user gives up on). Only the owner may. */
export async function discardItem(userId: string, id: string, db: OfflineDb = offlineDb()): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.where('id').equals(id).first();
    if (!item || item.userId !== userId) return false;
    await db.outbox.delete(item.seq!);
    return true;
  });
}

/**
 * Edit and resend: the old item goes and the new request takes its place, under a new key (the
 * old key is spent on the refused body; reusing it with another body would be 422). Only the
 * owner may, and only for an item of the same kind; null when there is no such item.
 */
export async function replaceItem(
  userId: string,
  oldId: string,
  kind: string,
  request: OutboxRequest,
  opts: QueueOptions = {},
  db: OfflineDb = offlineDb(),
): Promise<OutboxItem | null> {
  if (opts.id === oldId) throw new Error('A replacing request needs a new key.');
  return db.transaction('rw', db.outbox, async () => {
    const old = await db.outbox.where('id').equals(oldId).first();
    if (!old || old.userId !== userId || old.kind !== kind) return null;
    await db.outbox.delete(old.seq!);
    const item = newItem(userId, kind, request, opts);
    item.seq = await db.outbox.add(item);
    return item;
  });
}
