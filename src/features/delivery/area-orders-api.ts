import { useMemo } from 'react';
import type { z } from 'zod';
import type { AreaCounts, OrderDto } from '../../../core/schemas/order';
import type { areasResponse } from '../../../core/schemas/user';
import { api } from '../../lib/api';
import { saveToCache, useCachedQuery } from '../../lib/use-cached-query';
import { AREA_ORDERS_PREFIX, usePendingDeliveries } from '../../lib/mark-delivered';
import type { OutboxItem } from '../../offline/db';

/** POST /api/Orders/pending-by-area {area}: the area's pending orders. */
export const fetchPendingByArea = (area: string) => api.post<OrderDto[]>('Orders/pending-by-area', { area });

/** GET /api/users/misc/areas (saved under "areas", the name the Home area picker reads too). */
export const fetchAreas = () => api.get<z.infer<typeof areasResponse>>('users/misc/areas');

/** GET /api/Orders/area-counts (saved under "area-counts", the name the Home area picker reads too). */
export const fetchAreaCounts = () => api.get<AreaCounts>('Orders/area-counts');

/** Saved-data names: one list per area, one entry per order (its detail page opens offline too). */
export const areaOrdersName = (area: string) => `${AREA_ORDERS_PREFIX}${area}`;
export const orderName = (id: string) => `order:${id}`;

export interface AreaOrdersState {
  orders: OrderDto[] | null;
  /** Marked delivered on this device and not yet confirmed by the server, by order id. */
  localDeliveries: Map<string, OutboxItem>;
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
export async function loadAndSave(area: string): Promise<OrderDto[]> {
  const list = await fetchPendingByArea(area);
  await Promise.all(list.map((o) => saveToCache(orderName(o._id), o)));
  return list;
}

/** An order marked delivered here shows Delivered (and paid in cash when the rider said so) until the server has it. */
function withLocalDelivery(o: OrderDto, item: OutboxItem | undefined): OrderDto {
  if (!item) return o;
  const cash = (item.body as { cashCollected?: boolean }).cashCollected === true;
  return { ...o, status: 'Delivered', ...(cash ? { paymentStatus: 'Paid', paymentMethod: 'cash' as const } : {}) };
}

/**
 * The one place the area screen loads its data: saved data from this device at once, then the
 * network's answer; orders marked delivered here and not yet synced show as Delivered.
 */
export function useAreaOrders(area: string): AreaOrdersState {
  const q = useCachedQuery(areaOrdersName(area), () => loadAndSave(area), { refetchOnSync: true });
  const localDeliveries = usePendingDeliveries();
  const orders = useMemo(
    () => (q.data ? q.data.map((o) => withLocalDelivery(o, localDeliveries.get(o._id))) : null),
    [q.data, localDeliveries],
  );
  return {
    orders,
    localDeliveries,
    error: q.data ? null : q.error,
    loading: q.loading || q.refreshing,
    reload: q.refresh,
    fromCache: q.fromCache,
    offline: q.offline,
    refreshing: q.refreshing,
    savedAt: q.savedAt,
  };
}

/** The areas to choose from (saved on this device, so the choice works offline). */
export function useAreas(): string[] | null {
  const q = useCachedQuery('areas', fetchAreas);
  return q.data?.areas ?? null;
}
