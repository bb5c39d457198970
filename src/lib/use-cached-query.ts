import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../stores/session';
import { readCacheFast as readCache } from '../offline/cache-read';

// Writes go through Dexie, loaded beside the screen rather than before it (issue 7): reads need no Dexie.
const cacheModule = () => import('../offline/cache');
const writeCache = <T>(userId: string, name: string, value: T, now?: number) => cacheModule().then((m) => m.writeCache(userId, name, value, now));
import { noteServedFromCache, onOutboxSent } from '../offline/status';

export interface CachedQuery<T> {
  data: T | undefined;
  /** The network error, when there is no saved data to fall back on (or the last refresh failed). */
  error: unknown;
  /** Nothing to show yet (no saved data and the network has not answered). */
  loading: boolean;
  /** A network refresh is in flight. */
  refreshing: boolean;
  /** What is shown is saved data (not yet, or not, refreshed). */
  fromCache: boolean;
  /** The refresh failed and saved data is shown instead: offline. */
  offline: boolean;
  /** When the shown data was saved (ms). */
  savedAt: number | null;
  refresh: () => void;
}

const SYNC_REFETCH_DEBOUNCE_MS = 400;
const SYNC_REFETCH_MAX_WAIT_MS = 5_000;

export interface CachedQueryOptions {
  /** Refetch when an outbox item of this user reached the server (e.g. Pending Orders after a shop sale). */
  refetchOnSync?: boolean;
}

/**
 * Read-through cache for screens: shows saved data from IndexedDB at once, then what the
 * network answers (and saves it). Offline, the saved data stays with `offline` set, for a
 * SavedDataBadge ("Offline - saved 10:42"). `name` identifies the data (e.g. "areas",
 * `area-orders:${area}`); it is kept per signed-in user. null = do nothing yet.
 */
export function useCachedQuery<T>(name: string | null, fetcher: () => Promise<T>, options: CachedQueryOptions = {}): CachedQuery<T> {
  const userId = useSession((s) => s.userInfo?._id ?? 'anon');
  const [state, setState] = useState<Omit<CachedQuery<T>, 'refresh'>>({
    data: undefined,
    error: undefined,
    loading: name !== null,
    refreshing: name !== null,
    fromCache: false,
    offline: false,
    savedAt: null,
  });
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const runRef = useRef(0);
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((t) => t + 1), []);
  const lastKey = useRef<string | null>(null);

  useEffect(() => {
    if (name === null) return;
    const run = ++runRef.current;
    const key = `${userId}|${name}`;
    const keyChanged = lastKey.current !== key;
    lastKey.current = key;
    let gotNetwork = false;
    setState((s) =>
      keyChanged
        ? { data: undefined, error: undefined, loading: true, refreshing: true, fromCache: false, offline: false, savedAt: null }
        : { ...s, refreshing: true, error: undefined },
    );

    if (keyChanged) {
      void readCache<T>(userId, name).then((cached) => {
        if (run !== runRef.current || gotNetwork || !cached) return;
        setState((s) => ({ ...s, data: cached.value, savedAt: cached.savedAt, fromCache: true, loading: false }));
      });
    }

    fetcherRef
      .current()
      .then((data) => {
        gotNetwork = true;
        if (run !== runRef.current) return;
        const now = Date.now();
        setState({ data, error: undefined, loading: false, refreshing: false, fromCache: false, offline: false, savedAt: now });
        void writeCache(userId, name, data, now);
      })
      .catch(async (error: unknown) => {
        gotNetwork = true;
        if (run !== runRef.current) return;
        const cached = await readCache<T>(userId, name);
        if (run !== runRef.current) return;
        setState((s) => {
          const hasShown = s.data !== undefined && s.fromCache;
          if (cached && (isOfflineError(error) || hasShown)) {
            return { data: cached.value, error, loading: false, refreshing: false, fromCache: true, offline: true, savedAt: cached.savedAt };
          }
          return { ...s, error, loading: false, refreshing: false };
        });
      });
  }, [name, userId, tick]);

  // Back online, or something of ours reached the server: refresh.
  useEffect(() => {
    if (name === null) return;
    const onOnline = () => refresh();
    window.addEventListener('online', onOnline);
    // A replay sends items back-to-back (hundreds after a day offline): refresh once the burst
    // is over (or every SYNC_REFETCH_MAX_WAIT_MS during a long one), not once per item.
    let timer: ReturnType<typeof setTimeout> | null = null;
    let firstAt = 0;
    const onSent = () => {
      const now = Date.now();
      if (timer) clearTimeout(timer);
      else firstAt = now;
      const wait = Math.min(SYNC_REFETCH_DEBOUNCE_MS, Math.max(0, firstAt + SYNC_REFETCH_MAX_WAIT_MS - now));
      timer = setTimeout(() => {
        timer = null;
        refresh();
      }, wait);
    };
    const off = options.refetchOnSync ? onOutboxSent(onSent) : () => {};
    return () => {
      window.removeEventListener('online', onOnline);
      if (timer) clearTimeout(timer);
      off();
    };
  }, [name, refresh, options.refetchOnSync]);

  return { ...state, refresh };
}

/** A failure to reach the server (rather than the server saying no). */
export function isOfflineError(error: unknown): boolean {
  const status = (error as { status?: unknown })?.status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return true;
  if (typeof status === 'number') return status >= 500;
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

const currentUserId = () => useSession.getState().userInfo?._id ?? 'anon';

/**
 * For loaders that are not a screen's main query (e.g. the product list of the shop sale form):
 * the network answer, saved; offline, the saved answer instead.
 */
export async function fetchWithCache<T>(name: string, fetcher: () => Promise<T>): Promise<T> {
  const uid = currentUserId();
  try {
    const value = await fetcher();
    void writeCache(uid, name, value);
    return value;
  } catch (err) {
    if (isOfflineError(err)) {
      const cached = await readCache<T>(uid, name);
      if (cached) {
        noteServedFromCache(cached.savedAt);
        return cached.value;
      }
    }
    throw err;
  }
}

// Saves made in the same task are written together: a list screen saving each of its 500 orders
// made 500 IndexedDB write transactions per refresh (issue 7: measured to slow an outbox replay,
// whose own transactions wait behind them); now it is one bulkPut.
let pendingSaves: Array<{ userId: string; name: string; value: unknown; savedAt: number }> = [];
let flushing: Promise<void> | null = null;
function flushSaves(): Promise<void> {
  flushing ??= new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(() => {
      const batch = pendingSaves;
      pendingSaves = [];
      flushing = null;
      return cacheModule().then((m) => m.writeCacheMany(batch));
    });
  return flushing;
}

/** Saves data under a name for the signed-in user (e.g. each order of a list, for its detail page offline). */
export function saveToCache<T>(name: string, value: T): Promise<void> {
  pendingSaves.push({ userId: currentUserId(), name, value, savedAt: Date.now() });
  return flushSaves();
}

/** Reads saved data of the signed-in user. */
export async function readSaved<T>(name: string): Promise<T | null> {
  return (await readCache<T>(currentUserId(), name))?.value ?? null;
}
