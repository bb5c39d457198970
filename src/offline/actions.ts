import type { ShopOrderPayload } from '../../core/shop-order';
import { useSession } from '../stores/session';
import { updateCache } from './cache';
import type { OutboxItem } from './db';
import { type QueuedShopOrder, type ShopOrderDisplay, discardItem, queueMarkDelivered, queueShopOrder, resendShopOrder } from './outbox';
import { kick } from './runtime';
import { type OutboxOutcome, onOutboxOutcome } from './status';
import { ApiError } from '../lib/api';

/**
 * What screens call: each write goes to the outbox first and is sent from there, so nothing
 * done offline is lost and nothing happens twice. Each returns the local record at once.
 */

function userId(): string {
  const id = useSession.getState().userInfo?._id;
  if (!id) throw new Error('Not signed in');
  return id;
}

/** Mark Delivered: the screen shows Delivered at once; the server hears of it when it can. */
export async function enqueueMarkDelivered(orderId: string): Promise<OutboxItem> {
  const uid = userId();
  const item = await queueMarkDelivered(uid, orderId);
  // Saved lists of pending orders stop showing it at once.
  const drop = (v: unknown) => (Array.isArray(v) ? v.filter((o) => (o as { _id?: string })?._id !== orderId) : v);
  await updateCache(uid, 'vendor-pending-orders', drop);
  kick();
  return item;
}

/** A walk-in sale: shows in Pending Orders as Waiting to sync until the server has it. */
export async function enqueueShopOrder(payload: ShopOrderPayload, display?: ShopOrderDisplay): Promise<QueuedShopOrder> {
  const item = await queueShopOrder(userId(), payload, display);
  kick();
  return item;
}

/**
 * Online, a screen can wait briefly for its write to reach the server, so the server's answer
 * shows as before: sent -> the response; refused (4xx) -> the item is dropped from the outbox
 * and an ApiError with the server's message is thrown (the form still holds the data);
 * no connection or no answer in time -> null: it stays saved and is sent later.
 */
export async function awaitOutcome(id: string, timeoutMs = 10_000): Promise<{ status: number; response: unknown } | null> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return null;
  const outcome = await new Promise<OutboxOutcome | null>((resolve) => {
    const off = onOutboxOutcome(id, (o) => {
      off();
      clearTimeout(timer);
      resolve(o);
    });
    const timer = setTimeout(() => {
      off();
      resolve(null);
    }, timeoutMs);
  });
  if (!outcome || outcome.type === 'retry') return null;
  if (outcome.type === 'sent') return { status: outcome.status, response: outcome.response };
  await discardItem(userId(), id);
  throw new ApiError(outcome.status, { message: outcome.message }, outcome.message);
}

export async function discardOutboxItem(id: string): Promise<boolean> {
  return discardItem(userId(), id);
}

export async function resendEditedShopOrder(id: string, payload: ShopOrderPayload, display?: ShopOrderDisplay) {
  const item = await resendShopOrder(userId(), id, payload, display);
  kick();
  return item;
}

export { syncNow } from './runtime';
