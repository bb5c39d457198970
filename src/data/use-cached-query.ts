import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../stores/session';
import { readCacheFast as readCache } from '../offline/cache-read';
import { noteServedFromCache, onOutboxSent } from '../offline/status';
import {
  initialState,
  isOfflineError,
  type LoadOptions,
  type QueryState,
  registerQuery,
  runQuery,
  savedFor,
  writeCache,
  writeCacheMany,
} from './query-core';

export { invalidate } from './query-core';

export interface CachedQuery<T> extends QueryState<T> {
  /** Load again (the Retry of a failed load). */
  refresh: () => void;
  /** Changes the shown data at once (an optimistic update, or the server's answer to a change); saved too unless `persist: false`. */
  mutate: (change: (data: T | undefined) => T | undefined) => void;
}

const SYNC_REFETCH_DEBOUNCE_MS = 400;
const SYNC_REFETCH_MAX_WAIT_MS = 5_000;

export interface CachedQueryOptions extends LoadOptions {
  /** Refetch when an outbox item of this user reached the server (e.g. Pending Orders after a shop sale). */
  refetchOnSync?: boolean;
}

/**
 * The one way screens load data. Read-through cache: shows saved data from IndexedDB at once,
 * then what the network answers (and saves it). Offline, the saved data stays with `offline` set,
 * for a SavedDataBadge ("Offline, saved at 10:42"). `name` identifies the data (e.g. "areas",
 * `area-orders:${area}`); it is kept per signed-in user, and `invalidate(prefix)` refreshes every
 * mounted query whose name starts with the prefix. null = do nothing yet. `persist: false` keeps
 * the data off the device (loading, error and Retry as usual).
 */
export function useCachedQuery<T>(name: string | null, fetcher: () => Promise<T>, options: CachedQueryOptions = {}): CachedQuery<T> {
  const userId = useSession((s) => s.userInfo?._id ?? 'anon');
  const [state, setState] = useState<QueryState<T>>(() => initialState<T>(name !== null));
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const runRef = useRef(0);
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((t) => t + 1), []);
  const lastKey = useRef<string | null>(null);
  const shown = useRef(state.data);
  shown.current = state.data;
  // nothing shown but a failed load: a copy saved later by another screen is read then (savedFor)
  const failed = useRef(false);
  failed.current = state.data === undefined && !state.loading && state.error !== undefined;
  const persist = options.persist !== false;

  useEffect(() => {
    if (name === null) return;
    const run = ++runRef.current;
    const key = `${userId}|${name}`;
    const fresh = lastKey.current !== key;
    lastKey.current = key;
    const live = () => run === runRef.current;
    const { persist, offlineNotice, keepPrevious } = optionsRef.current;
    void runQuery<T>({
      userId,
      name,
      fetcher: fetcherRef.current,
      fresh,
      persist,
      offlineNotice,
      keepPrevious,
      live,
      set: (change) => live() && setState(change),
    });
  }, [name, userId, tick]);

  const mutate = useCallback(
    (change: (data: T | undefined) => T | undefined) => {
      const next = change(shown.current);
      shown.current = next;
      setState((s) => ({ ...s, data: next }));
      if (persist && name !== null && next !== undefined) void writeCache(userId, name, next);
    },
    [name, userId, persist],
  );

  // Back online, something of ours reached the server, or invalidate(): refresh.
  useEffect(() => {
    if (name === null) return;
    const onOnline = () => refresh();
    window.addEventListener('online', onOnline);
    const unregister = registerQuery(name, refresh, () => failed.current);
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
      unregister();
      if (timer) clearTimeout(timer);
      off();
    };
  }, [name, refresh, options.refetchOnSync]);

  return { ...state, refresh, mutate };
}

const currentUserId = () => useSession.getState().userInfo?._id ?? 'anon';

/**
 * For loads a click starts rather than a screen's query (the Load More pages of a product list):
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
// made 500 IndexedDB write transactions per refresh (measured to slow an outbox replay,
// whose own transactions wait behind them); now it is one bulkPut.
let pendingSaves: Array<{ userId: string; name: string; value: unknown; savedAt: number }> = [];
let flushing: Promise<void> | null = null;
function flushSaves(): Promise<void> {
  flushing ??= new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
    const batch = pendingSaves;
    pendingSaves = [];
    flushing = null;
    return writeCacheMany(batch).then(() => {
      const uid = currentUserId();
      savedFor(new Set(batch.filter((e) => e.userId === uid).map((e) => e.name)));
    });
  });
  return flushing;
}

/**
 * Saves data under a name for the signed-in user (e.g. each order of a list, for its detail page offline); a
 * mounted screen of that name that found nothing reads it then.
 */
export function saveToCache<T>(name: string, value: T): Promise<void> {
  pendingSaves.push({ userId: currentUserId(), name, value, savedAt: Date.now() });
  return flushSaves();
}

/** Reads saved data of the signed-in user. */
export async function readSaved<T>(name: string): Promise<T | null> {
  return (await readCache<T>(currentUserId(), name))?.value ?? null;
}
