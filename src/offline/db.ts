import Dexie, { type EntityTable } from 'dexie';

/**
 * pending: waiting to be sent (or retried after backoff);
 * failed: the server refused it for good (4xx) - shown under Needs attention.
 */
export type OutboxStatus = 'pending' | 'failed';

export interface OutboxItem {
  /** Auto-increment: the order items were made in (oldest first). */
  seq?: number;
  /** Client-made UUID: the Idempotency-Key (a feature may also make it its record's id). */
  id: string;
  /** The user who made it; it is only ever sent with this user's token. */
  userId: string;
  /** The feature's name for what it is; the outbox only stores it. */
  kind: string;
  method: 'POST' | 'PUT';
  /** Path under /api, e.g. "Orders/mark-delivered". */
  path: string;
  /** The JSON body sent. */
  body: unknown;
  /** Headers of its own, sent beside the token and the Idempotency-Key the outbox adds. */
  headers?: Record<string, string>;
  /** The record it changes: a second request of the same kind for it is not queued while one waits. */
  subject?: string;
  /** Independent of every other item: may be in flight alongside others (else it is sent on its own). */
  parallel?: boolean;
  /** What the feature shows with it (not sent). */
  display?: unknown;
  /** Once the server has it: saved lists of this user whose names start with `prefix` lose their element with `_id` = `id`. */
  dropWhenSent?: { prefix: string; id: string };
  /** When the user did it (ms). */
  createdAt: number;
  status: OutboxStatus;
  attempts: number;
  /** Not before this time (ms) unless a sync is forced (online event, Sync now). */
  nextAttemptAt: number;
  /** Never sent before this time (ms), even when forced: the user's moment to undo (Mark Delivered's 5 s). */
  holdUntil?: number;
  lastStatus?: number | 'network';
  lastError?: string;
  /** A short description for lists, written by the feature ("Order 1a2b3c delivered"). */
  label: string;
}

export interface CacheEntry {
  /** `${userId}|${name}` */
  key: string;
  userId: string;
  value: unknown;
  savedAt: number;
}

/** The token of each user who signed in on this device, so the service worker can replay their items. */
export interface AuthEntry {
  userId: string;
  token: string;
  updatedAt: number;
}

/** Answers of items that were sent (kept briefly so a screen can show what the server made of them). */
export interface SentEntry {
  id: string;
  userId: string;
  kind: string;
  status: number;
  response: unknown;
  sentAt: number;
}

/**
 * An unfinished bill set aside at a till (kept on this device, never sent). `place` is the
 * signed-in shop and the till it was parked at, so another shop or another till on this device never sees it.
 */
export interface ParkedEntry {
  id: string;
  /** `${shopId}|${till}` */
  place: string;
  parkedAt: number;
  bill: unknown;
}

export type OfflineDb = Dexie & {
  outbox: EntityTable<OutboxItem, 'seq'>;
  cache: EntityTable<CacheEntry, 'key'>;
  auth: EntityTable<AuthEntry, 'userId'>;
  sent: EntityTable<SentEntry, 'id'>;
  parked: EntityTable<ParkedEntry, 'id'>;
};

import { DB_NAME } from './db-name';

export { DB_NAME };

export function openOfflineDb(name = DB_NAME): OfflineDb {
  const db = new Dexie(name) as OfflineDb;
  db.version(1).stores({
    outbox: '++seq, &id, userId, status, [userId+status]',
    cache: 'key, userId, savedAt',
    auth: 'userId',
    sent: 'id, userId, sentAt',
  });
  // bills parked at a till (src/features/shop-order/parked-bills.ts)
  db.version(2).stores({ parked: 'id, [place+parkedAt]' });
  return db;
}

let shared: OfflineDb | null = null;
/** The one database of this page or service worker. */
export function offlineDb(): OfflineDb {
  shared ??= openOfflineDb();
  return shared;
}

/** Tests: use a fresh database. */
export function setOfflineDb(db: OfflineDb | null) {
  shared = db;
}
