import { useMemo } from 'react';
import type { OrderDto } from '../../../core/schemas/order';
import { api } from '../../lib/api';
import { saveToCache, useCachedQuery } from '../../lib/use-cached-query';
import { usePendingDeliveredIds } from '../../lib/mark-delivered';

/** POST /api/Orders/pending-by-area {area}: the area's pending orders. */
export const fetchPendingByArea = (area: string) => api.post<OrderDto[]>('Orders/pending-by-area', { area });

export interface AreaOrdersState {
  orders: OrderDto[] | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Shown from data saved on this device, and from when. */
  fromCache: boolean;
  offline: boolean;
  refreshing: boolean;
  savedAt: number | null;
}

/** Loads the area's orders and saves each one, so its detail page opens offline too. */
async function loadAndSave(area: string): Promise<OrderDto[]> {
  const list = await fetchPendingByArea(area);
  await Promise.all(list.map((o) => saveToCache(`order:${o._id}`, o)));
  return list;
}

/**
 * The one place the area screen loads its data: saved data from this device at once, then the
 * network's answer; orders marked delivered here and not yet synced show as Delivered.
 */
export function useAreaOrders(area: string): AreaOrdersState {
  const q = useCachedQuery(`area-orders:${area}`, () => loadAndSave(area), { refetchOnSync: true });
  const delivered = usePendingDeliveredIds();
  const orders = useMemo(
    () => (q.data ? q.data.map((o) => (delivered.has(o._id) ? { ...o, status: 'Delivered' as const } : o)) : null),
    [q.data, delivered],
  );
  return {
    orders,
    error: q.data ? null : q.error,
    loading: q.loading || q.refreshing,
    reload: q.refresh,
    fromCache: q.fromCache,
    offline: q.offline,
    refreshing: q.refreshing,
    savedAt: q.savedAt,
  };
}
