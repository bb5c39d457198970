import { areaOrdersName, fetchAreaCards, fetchAreaCounts, fetchAreas, saveDetails } from './area-orders-api';
import { saveToCache } from '../../lib/use-cached-query';

/** Areas loaded at once: a rider's phone on a slow network, and a shared server. */
const AT_ONCE = 2;

/**
 * Saves on this device each area's pending count and its cards, then the details of every pending order
 * not saved yet (for its detail page, many orders a request),
 * so a rider can open any area offline after one sign-in online. Run by the offline runtime while
 * online (keep-saved.ts); a failure leaves what was saved before.
 */
export async function saveEveryArea(): Promise<void> {
  const [{ areas }, counts] = await Promise.all([fetchAreas(), fetchAreaCounts()]);
  await Promise.all([saveToCache('areas', { areas }), saveToCache('area-counts', counts)]);
  // an area with nothing pending needs no request: its saved list is empty
  const empty = new Set(counts.areas.filter((a) => a.pending === 0).map((a) => a.area));
  const queue = [...areas];
  const pending: string[] = [];
  const worker = async () => {
    for (let area = queue.shift(); area !== undefined; area = queue.shift()) {
      const list = empty.has(area) ? [] : await fetchAreaCards(area);
      pending.push(...list.map((o) => o._id));
      await saveToCache(areaOrdersName(area), list);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  await saveDetails(pending);
}
