import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { DisplayBill } from '../../../core/schemas/display';
import { lastPublished, paymentShownFor, publishBill } from '../../lib/display-channel';
import { useSession } from '../../stores/session';
import { type CounterBill, doneBill, runningBill } from './display-bill';
import { displayPaired, displayPairedSnapshot, setDisplayPaired, subscribeDisplayPaired } from './display-pairing';
import type { LastSale } from './last-sale';
import { readTill } from './till-store';

/** The display back to the shop's welcome: no bill. */
function publishIdle(counter: CounterBill) {
  publishBill(runningBill({ ...counter, lines: [] }));
}

/** Sends this device's bills to its paired tablets (display-relay.ts, loaded only then); answers how to stop. */
function relayToServer(shopKey: string, deviceId: string | undefined): () => void {
  let stop: (() => void) | undefined;
  let live = true;
  import('./display-relay').then(
    (m) => {
      if (live) stop = m.startDisplayRelay(deviceId, () => setDisplayPaired(shopKey, false));
    },
    () => undefined,
  );
  return () => {
    live = false;
    stop?.();
  };
}

/** What the counter passes: the bill being rung up, the shop's provider, and the sale just recorded. */
export type PublishedBill = Omit<CounterBill, 'shop' | 'upiId'> & { lastSale: LastSale | null };

/**
 * Publishes the counter's bill for the customer display (src/lib/display-channel.ts): the running bill while
 * lines are rung up, then the sale just recorded with a thank-you (and its payment as the UPI dialog shows it,
 * publishPayment), until the next sale starts. With a tablet paired on this device, the bills also go to the
 * server (display-relay.ts, loaded only then) for the till's displays.
 */
export function useDisplayPublisher({ lastSale, ...bill }: PublishedBill): void {
  const user = useSession((s) => s.userInfo);
  const shop = user?.vendorDetails?.shopName || user?.name || '';
  const shopKey = user ? (user.shopId ?? user._id) : undefined;
  const counter: CounterBill = { ...bill, shop, upiId: user?.upiId ?? '' };
  const running = useMemo(
    () => runningBill(counter),
    [bill.lines, bill.products, bill.total, bill.payment, bill.saleId, bill.upiByProvider, bill.priced, shop, counter.upiId],
  );
  // the bill last rung up (what a sale recorded now was), and the recorded sale whose thank-you is shown
  const rungUp = useRef<CounterBill | null>(null);
  const done = useRef<{ id: string; bill: DisplayBill | null } | null>(null);

  useEffect(() => {
    let shown = running;
    if (running.phase === 'bill') {
      rungUp.current = counter;
      // a new sale started: the last one's thank-you is over
      if (done.current) done.current.bill = null;
    } else if (lastSale && done.current?.id !== lastSale.id) {
      done.current = { id: lastSale.id, bill: rungUp.current ? doneBill(rungUp.current, lastSale) : null };
    }
    const thanks = running.phase === 'idle' && done.current?.id === lastSale?.id ? done.current?.bill : null;
    if (thanks) shown = { ...thanks, payment: paymentShownFor(done.current!.id) ?? thanks.payment };
    if (JSON.stringify(lastPublished()?.bill) !== JSON.stringify(shown)) publishBill(shown);
  }, [running, lastSale]);

  // the counter closed (another page): the display goes back to the shop's welcome
  const latest = useRef(counter);
  latest.current = counter;
  useEffect(() => () => publishIdle(latest.current), []);

  // a tablet paired on this device: the bills go to the server too, for this device's till
  const pairedSnapshot = useSyncExternalStore(subscribeDisplayPaired, displayPairedSnapshot);
  const paired = useMemo(() => displayPaired(shopKey), [pairedSnapshot, shopKey]);
  const deviceId = readTill(shopKey)?.deviceId;
  useEffect(() => (paired && shopKey ? relayToServer(shopKey, deviceId) : undefined), [paired, shopKey, deviceId]);
}
