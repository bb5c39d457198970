import { type OfflineDb, type OutboxItem, offlineDb } from './db';

/**
 * What IndexedDB holds per user, for a change of user on a shared device: saved screens
 * (cache), answers of sent items (sent) and tokens (auth) are forgotten for everyone but the
 * signed-in user. The outbox is not touched: unsent items stay with their owner (keyed by user
 * id, sent only with the owner's token) until that user signs in here again.
 */
export async function forgetSavedData(keepUserId: string | null, db: OfflineDb = offlineDb()): Promise<void> {
  await db.transaction('rw', db.cache, db.sent, db.auth, async () => {
    if (keepUserId === null) {
      await Promise.all([db.cache.clear(), db.sent.clear(), db.auth.clear()]);
      return;
    }
    await db.cache.where('userId').notEqual(keepUserId).delete();
    await db.sent.where('userId').notEqual(keepUserId).delete();
    await db.auth.where('userId').notEqual(keepUserId).delete();
  });
}

export interface UnsentSummary {
  /** Waiting to be sent (or retried). */
  waiting: number;
  /** Refused by the server for good: Needs attention. */
  attention: number;
  /** Why the oldest waiting item has not gone yet ("No connection", "Server error 503"), if it was tried. */
  lastError?: string;
}

export function summarizeUnsent(items: OutboxItem[]): UnsentSummary {
  const waiting = items.filter((i) => i.status === 'pending');
  return { waiting: waiting.length, attention: items.length - waiting.length, lastError: waiting.find((i) => i.lastError)?.lastError };
}

/** This user's items not yet on the server (none when storage is unavailable). */
export async function unsentSummary(userId: string, db: OfflineDb = offlineDb()): Promise<UnsentSummary> {
  try {
    return summarizeUnsent(await db.outbox.where('userId').equals(userId).sortBy('seq'));
  } catch {
    return { waiting: 0, attention: 0 };
  }
}
