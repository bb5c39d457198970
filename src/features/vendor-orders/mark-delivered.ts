import { MARK_DELIVERED, markDeliveredRequest } from '../../data/mark-delivered';
import { enqueue } from '../../offline/actions';
import { updateCache } from '../../offline/cache';
import type { OutboxItem } from '../../offline/db';

/**
 * Mark Delivered, saved on this device first: the screen shows Delivered at once; the server hears of
 * it when it can. With cashCollected the order is also recorded as paid in cash.
 */
export async function enqueueMarkDelivered(orderId: string, cashCollected = false, ref?: string): Promise<OutboxItem> {
  const item = await enqueue(MARK_DELIVERED, markDeliveredRequest(orderId, cashCollected, ref));
  // Saved lists of pending orders stop showing it at once.
  const drop = (v: unknown) => (Array.isArray(v) ? v.filter((o) => (o as { _id?: string })?._id !== orderId) : v);
  await updateCache(item.userId, 'vendor-pending-orders', drop);
  return item;
}
