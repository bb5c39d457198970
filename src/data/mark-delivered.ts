import { useMemo } from 'react';
import type { OutboxItem } from '../offline/db';
import { useOutboxItems } from '../offline/hooks';
import type { OutboxRequest } from '../offline/outbox';
import { isoWithOffset } from '../../core/act-time';
import { translate } from '../lib/i18n';
import { readSaved } from './use-cached-query';

/**
 * Mark Delivered goes through the outbox: order detail queues it, every order list shows the order
 * Delivered until the server has it. Its kind and body are kept as stored on devices.
 */
export const MARK_DELIVERED = 'markDelivered';

/** Saved-data names of the rider's area lists start with this (`area-orders:Adyar`); a delivery sent drops its order from them. */
export const AREA_ORDERS_PREFIX = 'area-orders:';

/** How long the rider can take a delivery back (Undo) after confirming it. */
export const UNDO_MS = 5_000;
/**
 * How long such a delivery is held on the device before it may be sent: the undo time and a margin,
 * so an Undo in its last moment never meets a send already on its way (the server has no way back
 * from Delivered to Pending).
 */
export const UNDO_HOLD_MS = UNDO_MS + 1_000;

/**
 * PUT /api/Orders/mark-delivered. A second tap while the first waits is not queued twice (the order
 * is its subject); marks of different orders are independent, so a replay sends several at once.
 * `at` is the time of the tap (ms), written into the body now: sent later (offline), the order is
 * still delivered, invoiced and closed at that time (core/act-time.ts).
 */
export const markDeliveredRequest = (orderId: string, cashCollected = false, ref?: string, at: number = Date.now()): OutboxRequest => {
  // the order's reference (core/order-ref) when the caller has the order, else the end of its id
  const order = ref ?? orderId.slice(-6);
  return {
    method: 'PUT',
    path: 'Orders/mark-delivered',
    // cashCollected: the rider took the order's total in cash (the server records it Paid, cash)
    body: { orderId, ...(cashCollected ? { cashCollected: true } : {}), at: isoWithOffset(at) },
    label: translate('common', cashCollected ? 'outboxDeliveredCash' : 'outboxDelivered', { order }),
    subject: orderId,
    parallel: true,
    // once the server has it (page or service worker), the saved area lists no longer hold it as pending
    dropWhenSent: { prefix: AREA_ORDERS_PREFIX, id: orderId },
  };
};

/** Orders this user marked delivered that the server has not confirmed yet, with their outbox item. */
export function usePendingDeliveries(): Map<string, OutboxItem> {
  const items = useOutboxItems();
  return useMemo(
    () =>
      new Map(
        items
          .filter((i) => i.kind === MARK_DELIVERED && i.status === 'pending')
          .map((i) => [(i.body as { orderId: string }).orderId, i] as const),
      ),
    [items],
  );
}

/** Orders this user marked delivered that the server has not confirmed yet: show them as Delivered. */
export function usePendingDeliveredIds(): Set<string> {
  const pending = usePendingDeliveries();
  return useMemo(() => new Set(pending.keys()), [pending]);
}

/** Until when (ms) a delivery confirmed on this device can still be undone; 0 when it cannot. */
export const undoUntil = (item: OutboxItem | undefined): number =>
  item?.holdUntil !== undefined ? item.holdUntil - (UNDO_HOLD_MS - UNDO_MS) : 0;

/**
 * The order to go to after this one on a rider's round: the next order of the area's saved list
 * (in its order, wrapping round) that is still Pending and not marked delivered here; null when none.
 */
export async function nextInArea(area: string, orderId: string, done: ReadonlySet<string>): Promise<string | null> {
  const list = (await readSaved<Array<{ _id: string; status: string }>>(`${AREA_ORDERS_PREFIX}${area}`)) ?? [];
  const at = list.findIndex((o) => o._id === orderId);
  const after = at < 0 ? list : [...list.slice(at + 1), ...list.slice(0, at)];
  return after.find((o) => o._id !== orderId && o.status !== 'Delivered' && !done.has(o._id))?._id ?? null;
}
