import { useMemo } from 'react';
import { AREA_ORDERS_PREFIX, usePendingDeliveredIds } from '../../data/mark-delivered';
import { readSaved, useCachedQuery } from '../../data/use-cached-query';
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

const NO_LISTS = new Map<string, SavedList>();

/** Each named area's list as saved on this device (what its screen shows offline), where there is one. */
async function readSavedLists(names: string[]): Promise<Map<string, SavedList>> {
  const rows = await Promise.all(names.map(async (a) => [a, await readSaved<SavedList>(`${AREA_ORDERS_PREFIX}${a}`)] as const));
  return new Map(rows.filter((r): r is readonly [string, SavedList] => Array.isArray(r[1])));
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
  // the areas' saved lists, read from this device (read again when the counts are, and after a send)
  const saved = useCachedQuery(names.length ? `area-saved-lists:${q.savedAt ?? 0}:${names.join('|')}` : null, () => readSavedLists(names), {
    persist: false,
    refetchOnSync: true,
  });
  const lists = saved.data ?? NO_LISTS;

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
