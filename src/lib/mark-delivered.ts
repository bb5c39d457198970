import { useMemo } from 'react';
import { useOutboxItems } from '../offline/hooks';
import type { OutboxRequest } from '../offline/outbox';

/**
 * Mark Delivered goes through the outbox: order detail queues it, every order list shows the order
 * Delivered until the server has it. Its kind and body are kept as stored on devices.
 */
export const MARK_DELIVERED = 'markDelivered';

/**
 * PUT /api/Orders/mark-delivered. A second tap while the first waits is not queued twice (the order
 * is its subject); marks of different orders are independent, so a replay sends several at once.
 */
export const markDeliveredRequest = (orderId: string, cashCollected = false): OutboxRequest => ({
  method: 'PUT',
  path: 'Orders/mark-delivered',
  // cashCollected: the rider took the order's total in cash (the server records it Paid, cash)
  body: cashCollected ? { orderId, cashCollected: true } : { orderId },
  label: `Order ${orderId.slice(-6)} delivered${cashCollected ? ', cash collected' : ''}`,
  subject: orderId,
  parallel: true,
});

/** Orders this user marked delivered that the server has not confirmed yet: show them as Delivered. */
export function usePendingDeliveredIds(): Set<string> {
  const items = useOutboxItems();
  return useMemo(
    () =>
      new Set(items.filter((i) => i.kind === MARK_DELIVERED && i.status === 'pending').map((i) => (i.body as { orderId: string }).orderId)),
    [items],
  );
}
