import { areaOrdersName, fetchAreas, fetchPendingByArea, orderName } from './area-orders-api';
import { saveToCache } from '../../lib/use-cached-query';

/** Areas loaded at once: a rider's phone on a slow network, and a shared server. */
const AT_ONCE = 2;

/**
 * Saves on this device the pending orders of every area (and each order, for its detail page),
 * so a rider can open any area offline after one sign-in online. Run by the offline runtime while
 * online (keep-saved.ts); a failure leaves what was saved before.
 */
export async function saveEveryArea(): Promise<void> {
  const { areas } = await fetchAreas();
  await saveToCache('areas', { areas });
  const queue = [...areas];
  const worker = async () => {
    for (let area = queue.shift(); area !== undefined; area = queue.shift()) {
      const list = await fetchPendingByArea(area);
      await Promise.all([saveToCache(areaOrdersName(area), list), ...list.map((o) => saveToCache(orderName(o._id), o))]);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}
