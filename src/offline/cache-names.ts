import { cachePrefixRange, nameOfKey, openCacheDb } from './cache-read';

/**
 * The names saved for this user that start with `prefix` (keys only: one read, no values). Apart from
 * cache-read.ts: only the rider's saving pass needs it, and the first screen loads cache-read.
 */
export async function savedNamesFast(userId: string, prefix: string): Promise<Set<string>> {
  const db = await openCacheDb();
  if (!db) return new Set();
  return new Promise((resolve) => {
    try {
      const req = db.transaction('cache', 'readonly').objectStore('cache').getAllKeys(cachePrefixRange(userId, prefix));
      req.onsuccess = () => resolve(new Set((req.result as string[]).map((k) => nameOfKey(userId, k))));
      req.onerror = () => resolve(new Set());
    } catch {
      // closed under us (versionchange): nothing known now; the next read opens it afresh
      resolve(new Set());
    }
  });
}
