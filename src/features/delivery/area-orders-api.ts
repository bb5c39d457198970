import { useCallback, useEffect, useState } from 'react';
import type { OrderDto } from '../../../core/schemas/order';
import { api } from '../../lib/api';

/** POST /api/Orders/pending-by-area {area}: the area's pending orders. */
export async function fetchPendingByArea(area: string): Promise<OrderDto[]> {
  const res = await api.post<OrderDto[] | { orders?: OrderDto[] }>('Orders/pending-by-area', { area });
  return Array.isArray(res) ? res : (res?.orders ?? []);
}

export interface AreaOrdersState {
  orders: OrderDto[] | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** The one place the area screen loads its data (so an offline cache can wrap it later). */
export function useAreaOrders(area: string): AreaOrdersState {
  const [orders, setOrders] = useState<OrderDto[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    fetchPendingByArea(area)
      .then((list) => {
        if (live) setOrders(list);
      })
      .catch((err) => {
        if (live) setError(err);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [area, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { orders, error, loading, reload };
}
