import { areaOrdersName, fetchAreaCards, fetchAreaCounts, fetchAreas, saveDetails } from './area-orders-api';
import { saveToCache } from '../../data/use-cached-query';
import { fetchRidersCash, RIDER_CASH } from '../../data/rider-cash';

/** Areas loaded at once: a rider's phone on a slow network, and a shared server. */
const AT_ONCE = 2;

/** The details run in the background, if one is going: at most one at a time. */
let detailsRun: Promise<void> | null = null;

/**
 * Saves on this device each area's pending count and its cards, so a rider can open any area and mark
 * its orders delivered offline after one sign-in online, and the cash he holds. Run by the offline runtime while online
 * (keep-saved.ts); resolving says the areas are saved ("Ready to work offline" waits for it), and a
 * failure leaves what was saved before.
 *
 * The details of the pending orders not saved yet (their lines and detail pages, many orders a
 * request) are saved after, in the background: thousands of them on a slow network took longer than
 * the rider should wait for "ready". A failure there leaves them to the next pass; a pass while a
 * details run is still going leaves it to finish (what is newer waits for the next pass).
 */
export async function saveEveryArea(): Promise<void> {
  const [{ areas }, counts, cash] = await Promise.all([fetchAreas(), fetchAreaCounts(), fetchRidersCash()]);
  await Promise.all([saveToCache('areas', { areas }), saveToCache('area-counts', counts), saveToCache(RIDER_CASH, cash)]);
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
  detailsRun ??= saveDetails(pending)
    .catch(() => undefined) // no connection, or the server failed: the next pass saves what is missing
    .finally(() => {
      detailsRun = null;
    });
}
