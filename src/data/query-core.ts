import { readCacheFast as readCache } from '../offline/cache-read';
import { knownOffline, noteServedFresh, noteServedFromCache } from '../offline/status';

/**
 * The React-free part of useCachedQuery: one load of a query (saved copy, network, fallback)
 * as state changes, and the registry `invalidate` refreshes mounted queries through.
 */

// Writes go through Dexie, loaded beside the screen rather than before it: reads need no Dexie.
const cacheModule = () => import('../offline/cache');
export const writeCache = <T>(userId: string, name: string, value: T, now?: number) =>
  cacheModule().then((m) => m.writeCache(userId, name, value, now));
export const writeCacheMany = (entries: Array<{ userId: string; name: string; value: unknown; savedAt: number }>) =>
  cacheModule().then((m) => m.writeCacheMany(entries));

export interface QueryState<T> {
  /** What the screen shows: the network's answer, the saved copy, or a local change (mutate). */
  data: T | undefined;
  /** The network error, when there is no saved data to fall back on (or the last refresh failed). */
  error: unknown;
  /** Nothing to show yet (no data and the network has not answered). */
  loading: boolean;
  /** A network load is in flight. */
  refreshing: boolean;
  /** What is shown is saved data (not yet, or not, refreshed). */
  fromCache: boolean;
  /** The refresh failed and saved data is shown instead: offline. */
  offline: boolean;
  /** When the shown data was saved (ms). */
  savedAt: number | null;
}

export const initialState = <T>(active: boolean): QueryState<T> => ({
  data: undefined,
  error: undefined,
  loading: active,
  refreshing: active,
  fromCache: false,
  offline: false,
  savedAt: null,
});

export interface LoadOptions {
  /** false: never read from or written to this device (admin forms, auth-related reads). Default true. */
  persist?: boolean;
  /** Offline, also say so in the page-wide notice ("Offline, saved at 10:42"), for screens without their own SavedDataBadge. */
  offlineNotice?: boolean;
  /** A new name (or user): start from nothing, or keep showing the previous data until the answer comes. */
  keepPrevious?: boolean;
}

export interface Load<T> extends LoadOptions {
  userId: string;
  name: string;
  fetcher: () => Promise<T>;
  /** The name (or user) changed since the last load: read the saved copy, drop (or keep) the old data. */
  fresh: boolean;
  /** Applies a state change; the caller drops it once a newer load has started. */
  set: (change: (s: QueryState<T>) => QueryState<T>) => void;
  /** False once a newer load has started. */
  live: () => boolean;
}

/** One load: the saved copy at once (when there is one), then the network's answer, saved; offline, the saved copy. */
export async function runQuery<T>(q: Load<T>): Promise<void> {
  const persist = q.persist !== false;
  let gotNetwork = false;
  q.set((s) => {
    if (!q.fresh) return { ...s, loading: s.data === undefined, refreshing: true, error: undefined };
    const kept = q.keepPrevious ? s.data : undefined;
    return { ...initialState<T>(true), data: kept, loading: kept === undefined };
  });
  const saved =
    q.fresh && persist
      ? readCache<T>(q.userId, q.name).then((cached) => {
          if (!q.live() || gotNetwork || !cached) return;
          q.set((s) => ({ ...s, data: cached.value, savedAt: cached.savedAt, fromCache: true, loading: false }));
        })
      : null;

  let data: T;
  try {
    // offline as far as the browser knows: the saved copy, without a request that can only fail (a query
    // with no saved copy may read this device, not the network: it runs)
    if (persist && knownOffline()) throw Object.assign(new Error('FETCH_ERROR'), { status: 'FETCH_ERROR' });
    data = await q.fetcher();
  } catch (error) {
    gotNetwork = true;
    if (!q.live()) return;
    const cached = persist ? await readCache<T>(q.userId, q.name) : null;
    if (!q.live()) return;
    if (cached && q.offlineNotice && isOfflineError(error)) noteServedFromCache(cached.savedAt);
    q.set((s) => {
      const hasShown = s.data !== undefined && s.fromCache;
      if (cached && (isOfflineError(error) || hasShown)) {
        return { data: cached.value, error, loading: false, refreshing: false, fromCache: true, offline: true, savedAt: cached.savedAt };
      }
      return { ...s, error, loading: false, refreshing: false };
    });
    return;
  }
  gotNetwork = true;
  if (!q.live()) return;
  const now = Date.now();
  if (q.offlineNotice) noteServedFresh();
  q.set(() => ({ data, error: undefined, loading: false, refreshing: false, fromCache: false, offline: false, savedAt: now }));
  if (persist) await writeCache(q.userId, q.name, data, now);
  await saved;
}

/** A failure to reach the server (rather than the server saying no). */
export function isOfflineError(error: unknown): boolean {
  const status = (error as { status?: unknown })?.status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return true;
  if (typeof status === 'number') return status >= 500;
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

interface Mounted {
  name: string;
  refresh: () => void;
  /** True while it shows nothing but a failed load. */
  failed: () => boolean;
}
const mounted = new Set<Mounted>();

/** A mounted query, refreshed by `invalidate` (and by `savedFor` while `failed`); returns its removal. */
export function registerQuery(name: string, refresh: () => void, failed: () => boolean = () => false): () => void {
  const entry = { name, refresh, failed };
  mounted.add(entry);
  return () => void mounted.delete(entry);
}

/**
 * Copies saved on this device by something else than the query (a list saving each of its orders for their
 * detail pages): a mounted query of one of these names that found nothing loads again, and finds the copy.
 * An order opened offline while its area's list was still saving the orders shows once its copy is in.
 */
export function savedFor(names: ReadonlySet<string>): void {
  for (const q of [...mounted]) if (names.has(q.name) && q.failed()) q.refresh();
}

/**
 * After a change on the server: every mounted query whose name starts with one of the prefixes
 * loads again (e.g. `invalidate('order:')` after marking an order delivered). Returns how many.
 */
export function invalidate(prefixes: string | string[]): number {
  const list = typeof prefixes === 'string' ? [prefixes] : prefixes;
  let n = 0;
  for (const q of [...mounted]) {
    if (list.some((p) => q.name.startsWith(p))) {
      q.refresh();
      n++;
    }
  }
  return n;
}
