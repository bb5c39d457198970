import { DB_NAME } from './db-name';

/**
 * Reads of the saved-data cache straight through IndexedDB, without Dexie: a screen that
 * draws saved data (offline, or before the network answers) needs neither the 31 KB Dexie chunk nor
 * its schema work first. Writes still go through Dexie (src/offline/cache.ts), which owns the schema;
 * this never creates or upgrades the database (a missing database is a cache miss).
 */
export interface Cached<T> {
  value: T;
  savedAt: number;
}

let opening: Promise<IDBDatabase | null> | null = null;

/** The database, opened once per page (started early by src/main.tsx for a signed-in user). */
export function openCacheDb(): Promise<IDBDatabase | null> {
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    let req: IDBOpenDBRequest;
    try {
      req = indexedDB.open(DB_NAME);
    } catch {
      resolve(null);
      return;
    }
    // no database yet: leave its creation to Dexie
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onsuccess = () => {
      const db = req.result;
      // let Dexie (or a newer tab) upgrade the schema: close, and open again next time
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db.objectStoreNames.contains('cache') ? db : (db.close(), (opening = null), null));
    };
    req.onerror = req.onblocked = () => {
      opening = null;
      resolve(null);
    };
  });
  return opening;
}

export const cacheKey = (userId: string, name: string) => `${userId}|${name}`;
/** The keys of this user's saved names that start with `prefix`, and a key's name back. */
export const cachePrefixRange = (userId: string, prefix: string) => {
  const start = cacheKey(userId, prefix);
  return IDBKeyRange.bound(start, `${start}\uffff`);
};
export const nameOfKey = (userId: string, key: string) => key.slice(userId.length + 1);

/** The saved value of `name` for this user, or null (nothing saved, or storage unavailable). */
export async function readCacheFast<T>(userId: string, name: string): Promise<Cached<T> | null> {
  const db = await openCacheDb();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const req = db.transaction('cache', 'readonly').objectStore('cache').get(cacheKey(userId, name));
      req.onsuccess = () => {
        const row = req.result as { value: unknown; savedAt: number } | undefined;
        resolve(row ? { value: row.value as T, savedAt: row.savedAt } : null);
      };
      req.onerror = () => resolve(null);
    } catch {
      opening = null; // closed under us (versionchange): a miss now, a fresh open next time
      resolve(null);
    }
  });
}

/** Every saved value of this user whose name starts with `prefix`, by name (one read of a key range); empty when none or unavailable. */
export async function readCachePrefixFast<T>(userId: string, prefix: string): Promise<Array<{ name: string } & Cached<T>>> {
  const db = await openCacheDb();
  if (!db) return [];
  return new Promise((resolve) => {
    try {
      const req = db.transaction('cache', 'readonly').objectStore('cache').getAll(cachePrefixRange(userId, prefix));
      req.onsuccess = () =>
        resolve(
          (req.result as Array<{ key: string; value: unknown; savedAt: number }>).map((r) => ({
            name: nameOfKey(userId, r.key),
            value: r.value as T,
            savedAt: r.savedAt,
          })),
        );
      req.onerror = () => resolve([]);
    } catch {
      opening = null; // closed under us (versionchange): a miss now, a fresh open next time
      resolve([]);
    }
  });
}
