import { type Cached, cacheKey } from './cache-read';
import { type OfflineDb, offlineDb } from './db';

/**
 * Read-through cache of what screens loaded (catalogue, areas, pending orders), per user,
 * so a screen shows saved data at once and offline, then refreshes from the network. The key and
 * the entry shape are those of src/offline/cache-read.ts (the Dexie-free reader screens use).
 */
export { type Cached, cacheKey };

export async function readCache<T>(userId: string, name: string, db: OfflineDb = offlineDb()): Promise<Cached<T> | null> {
  try {
    const row = await db.cache.get(cacheKey(userId, name));
    return row ? { value: row.value as T, savedAt: row.savedAt } : null;
  } catch {
    return null; // storage unavailable (private mode, quota): behave as a cache miss
  }
}

export async function writeCache<T>(userId: string, name: string, value: T, now = Date.now(), db: OfflineDb = offlineDb()): Promise<void> {
  try {
    await db.cache.put({ key: cacheKey(userId, name), userId, value, savedAt: now });
  } catch {
    /* a full disk must not break the screen */
  }
}

/** Saves many entries in one transaction (one IndexedDB commit instead of one per entry). */
export async function writeCacheMany(
  entries: Array<{ userId: string; name: string; value: unknown; savedAt: number }>,
  db: OfflineDb = offlineDb(),
): Promise<void> {
  if (entries.length === 0) return;
  try {
    await db.cache.bulkPut(entries.map((e) => ({ key: cacheKey(e.userId, e.name), userId: e.userId, value: e.value, savedAt: e.savedAt })));
  } catch {
    /* a full disk must not break the screen */
  }
}

/** Changes a saved value in place (e.g. an order marked delivered offline); no-op when nothing is saved. */
export async function updateCache<T>(userId: string, name: string, change: (value: T) => T, db: OfflineDb = offlineDb()): Promise<void> {
  try {
    await db.transaction('rw', db.cache, async () => {
      const row = await db.cache.get(cacheKey(userId, name));
      if (row) await db.cache.put({ ...row, value: change(row.value as T) });
    });
  } catch {
    /* ignore */
  }
}

/** Drops saved entries not refreshed for maxAgeMs (default 30 days), so the cache does not grow forever. */
export async function pruneCache(maxAgeMs = 30 * 86_400_000, now = Date.now(), db: OfflineDb = offlineDb()): Promise<number> {
  try {
    return await db.cache
      .where('savedAt')
      .below(now - maxAgeMs)
      .delete();
  } catch {
    return 0;
  }
}
