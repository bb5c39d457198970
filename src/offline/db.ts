import Dexie, { type EntityTable } from 'dexie';

/** What the outbox can send: the writes staff make where the signal drops. */
export type OutboxKind = 'markDelivered' | 'shopOrder';

/**
 * pending: waiting to be sent (or retried after backoff);
 * failed: the server refused it for good (4xx) - shown under Needs attention.
 */
export type OutboxStatus = 'pending' | 'failed';

export interface OutboxItem {
  /** Auto-increment: the order items were made in (oldest first). */
  seq?: number;
  /** Client-made UUID: the Idempotency-Key (and a shop order's own _id). */
  id: string;
  /** The user who made it; it is only ever sent with this user's token. */
  userId: string;
  kind: OutboxKind;
  method: 'POST' | 'PUT';
  /** Path under /api, e.g. "Orders/mark-delivered". */
  path: string;
  body: unknown;
  /** When the user did it (ms). */
  createdAt: number;
  status: OutboxStatus;
  attempts: number;
  /** Not before this time (ms) unless a sync is forced (online event, Sync now). */
  nextAttemptAt: number;
  lastStatus?: number | 'network';
  lastError?: string;
  /** A short description for lists ("Order 1a2b3c delivered", "Shop sale ₹1,250"). */
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
  kind: OutboxKind;
  status: number;
  response: unknown;
  sentAt: number;
}

export type OfflineDb = Dexie & {
  outbox: EntityTable<OutboxItem, 'seq'>;
  cache: EntityTable<CacheEntry, 'key'>;
  auth: EntityTable<AuthEntry, 'userId'>;
  sent: EntityTable<SentEntry, 'id'>;
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
