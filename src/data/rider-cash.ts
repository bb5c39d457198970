import type { RidersCash } from '../../core/schemas/rider-cash';
import { api } from '../lib/api';
import { useCachedQuery } from './use-cached-query';

/**
 * The cash riders collect on delivery (server/services/delivery/rider-cash.service.ts). A rider's own
 * is saved on the device under RIDER_CASH: his Home, his area lists and his cash page read it offline.
 */
export const RIDER_CASH = 'rider-cash';

/** GET /api/riders/cash: a rider his own entry; a shop the riders who hold or held its cash; an admin one shop's (`vendorId`) or all. */
export const fetchRidersCash = (vendorId?: string) =>
  api.get<RidersCash>('riders/cash', vendorId ? { searchParams: { vendorId } } : undefined);

/** The signed-in rider's cash: the saved copy at once, then the server's; again when a delivery of his reaches the server. */
export function useOwnRiderCash() {
  const q = useCachedQuery(RIDER_CASH, () => fetchRidersCash(), { refetchOnSync: true });
  return { ...q, entry: q.data?.riders[0] ?? null };
}
