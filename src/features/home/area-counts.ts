import { useEffect, useMemo, useState } from 'react';
import { AREA_ORDERS_PREFIX, usePendingDeliveredIds } from '../../lib/mark-delivered';
import { readSaved, useCachedQuery } from '../../lib/use-cached-query';
import { onOutboxSent } from '../../offline/status';
import { fetchAreaCounts } from './home-api';

type SavedList = Array<{ _id: string; status: string }>;

export interface AreaCount {
  area: string;
  pending: number;
}

export interface AreaCountsState {
  areas: AreaCount[] | null;
  error: unknown;
  /** The counts are this device's saved ones (offline, or not refreshed yet), as of savedAt. */
  fromCache: boolean;
  offline: boolean;
  refreshing: boolean;
  savedAt: number | null;
}

/**
 * Each area's pending orders for the area picker. Online: the server's counts, less the orders
 * marked delivered here and not sent yet. From saved data: the area's saved list (what its screen
 * shows offline, which a sent delivery has already left), else the saved count, less the same.
 */
export function useAreaCounts(): AreaCountsState {
  const q = useCachedQuery('area-counts', fetchAreaCounts, { refetchOnSync: true });
  const local = usePendingDeliveredIds();
  const names = useMemo(() => q.data?.areas.map((a) => a.area) ?? [], [q.data]);
  const [lists, setLists] = useState<Map<string, SavedList>>(new Map());
  const [sent, setSent] = useState(0);

  useEffect(() => onOutboxSent(() => setSent((n) => n + 1)), []);
  useEffect(() => {
    let live = true;
    void Promise.all(names.map(async (a) => [a, await readSaved<SavedList>(`${AREA_ORDERS_PREFIX}${a}`)] as const)).then((rows) => {
      if (!live) return;
      setLists(new Map(rows.filter((r): r is readonly [string, SavedList] => Array.isArray(r[1]))));
    });
    return () => {
      live = false;
    };
  }, [names, sent, q.savedAt]);

  const areas = useMemo(() => {
    if (!q.data) return null;
    return q.data.areas.map(({ area, pending }) => {
      const list = lists.get(area);
      const open = list?.filter((o) => o.status === 'Pending') ?? [];
      const heldHere = open.filter((o) => local.has(o._id)).length;
      const base = q.fromCache && list ? open.length : pending;
      return { area, pending: Math.max(0, base - heldHere) };
    });
  }, [q.data, q.fromCache, lists, local]);

  return {
    areas,
    error: q.data ? null : q.error,
    fromCache: q.fromCache,
    offline: q.offline,
    refreshing: q.refreshing,
    savedAt: q.savedAt,
  };
}
