import { useCallback, useEffect, useState } from 'react';
import type { CounterCatalogResponse, CounterProductDto } from '../../../core/schemas/counter-catalog';
import { isOfflineError, writeCache } from '../../data/query-core';
import { api } from '../../lib/api';
import { knownOffline, noteServedFresh, noteServedFromCache } from '../../offline/status';
import { useSession } from '../../stores/session';
import { readTillCatalog, syncTillCatalog } from './till-catalog';

/** One page of the counter's catalogue (GET /api/products/counter-catalog). */
const fetchPage = (after: string | undefined, limit: number) =>
  api.get<CounterCatalogResponse>('products/counter-catalog', { searchParams: after ? { after, limit } : { limit } });

export interface TillCatalog {
  /** The products the till sells from: the saved copy, or the pages loaded so far; undefined while there is none. */
  data: CounterProductDto[] | undefined;
  /** The last load's failure (shown only while there is nothing to sell from). */
  error: unknown;
  /** Pages are still arriving. */
  loading: boolean;
  refresh: () => void;
}

/**
 * The counter's catalogue: the copy saved on this device at once, then (`sync`, the counter itself) the whole
 * catalogue again page after page, saved as it comes. With nothing saved the till sells from each page as it
 * arrives; with a saved copy it keeps that until the new one is whole, then swaps. Offline: the saved copy,
 * with the page's "Offline, saved at" notice. Never blocks typing: each page is one parse and one write.
 */
export function useTillCatalog({ sync = true }: { sync?: boolean } = {}): TillCatalog {
  const userId = useSession((s) => s.userInfo?._id ?? 'anon');
  const [state, setState] = useState<Omit<TillCatalog, 'refresh'>>({ data: undefined, error: undefined, loading: true });
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    let live = true;
    let savedAt: number | null = null;
    let shownSaved = false;
    let done = false;
    const saved = readTillCatalog(userId).then((s) => {
      if (!live || done || !s) return;
      savedAt = s.savedAt;
      shownSaved = true;
      setState((st) => ({ ...st, data: s.products }));
    });
    if (!sync) {
      void saved.then(() => live && setState((st) => ({ ...st, loading: false })));
      return () => void (live = false);
    }
    const fail = async (error: unknown) => {
      await saved;
      if (!live) return;
      if (savedAt !== null && isOfflineError(error)) noteServedFromCache(savedAt);
      setState((st) => ({ ...st, error, loading: false }));
    };
    if (knownOffline()) void fail(Object.assign(new Error('FETCH_ERROR'), { status: 'FETCH_ERROR' }));
    else
      syncTillCatalog({
        fetchPage,
        save: (name, value) => writeCache(userId, name, value),
        live: () => live,
        onPage: (products, last) => {
          if (last) {
            done = true;
            noteServedFresh();
            setState({ data: products, error: undefined, loading: false });
          } else if (!shownSaved) setState((st) => ({ ...st, data: products.slice() }));
        },
      }).catch(fail);
    return () => void (live = false);
  }, [userId, sync, tick]);

  // back online: load again
  useEffect(() => {
    if (!sync) return;
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [sync, refresh]);

  return { ...state, refresh };
}
