import type { ShopOrderPayload } from '../../core/shop-order';
import { type OfflineDb, type OutboxItem, offlineDb } from './db';

/** What a shop sale looked like at the counter, for showing it before the server has it. */
export interface ShopOrderDisplay {
  customerName?: string;
  lines: Array<{ productId: string; name: string; quantity: number; price: number }>;
  /** Rupees. */
  total: number;
}

export interface ShopOrderBody extends ShopOrderPayload {
  _id: string;
  /** The sale time at the counter; becomes the order's date. */
  createdAt: string;
}

export interface QueuedShopOrder extends OutboxItem {
  kind: 'shopOrder';
  body: ShopOrderBody;
  display?: ShopOrderDisplay;
}

export const newOutboxId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
        const r = (Math.random() * 16) | 0;
        return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });

const shortId = (id: string) => id.slice(-6);

/** Writes an item to the outbox; it is sent from there (never directly). */
export async function addToOutbox(item: Omit<OutboxItem, 'seq' | 'status' | 'attempts' | 'nextAttemptAt'> & Partial<OutboxItem>, db: OfflineDb = offlineDb()): Promise<OutboxItem> {
  const full: OutboxItem = { status: 'pending', attempts: 0, nextAttemptAt: 0, ...item };
  full.seq = await db.outbox.add(full);
  return full;
}

/** Mark Delivered, queued for the user who did it. A second tap on the same order is not queued twice. */
export async function queueMarkDelivered(userId: string, orderId: string, now = Date.now(), db: OfflineDb = offlineDb()): Promise<OutboxItem> {
  const existing = (await db.outbox.where('userId').equals(userId).toArray()).find(
    (i) => i.kind === 'markDelivered' && i.status === 'pending' && (i.body as { orderId?: string }).orderId === orderId,
  );
  if (existing) return existing;
  return addToOutbox(
    { id: newOutboxId(), userId, kind: 'markDelivered', method: 'PUT', path: 'Orders/mark-delivered', body: { orderId }, createdAt: now, label: `Order ${shortId(orderId)} delivered` },
    db,
  );
}

/** A walk-in sale: its client-made id is both the Idempotency-Key and the order's _id; its sale time becomes the order's date. */
export async function queueShopOrder(
  userId: string,
  payload: ShopOrderPayload,
  display?: ShopOrderDisplay,
  now = Date.now(),
  db: OfflineDb = offlineDb(),
): Promise<QueuedShopOrder> {
  const id = newOutboxId();
  const body: ShopOrderBody = { ...payload, _id: id, createdAt: new Date(now).toISOString() };
  const label = display ? `Shop sale ₹${display.total.toLocaleString('en-IN')}` : `Shop sale ${shortId(id)}`;
  return (await addToOutbox({ id, userId, kind: 'shopOrder', method: 'POST', path: 'Orders', body, createdAt: now, label, display } as QueuedShopOrder, db)) as QueuedShopOrder;
}

/** A user's items, oldest first. */
export async function listOutbox(userId: string, db: OfflineDb = offlineDb()): Promise<OutboxItem[]> {
  return db.outbox.where('userId').equals(userId).sortBy('seq');
}

/** Every item due to be sent (all users), oldest first. */
export async function pendingItems(db: OfflineDb = offlineDb()): Promise<OutboxItem[]> {
  return db.outbox.where('status').equals('pending').sortBy('seq');
}

/** Discards an item (from Needs attention, or a waiting item the user gives up on). Only the owner may. */
export async function discardItem(userId: string, id: string, db: OfflineDb = offlineDb()): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.where('id').equals(id).first();
    if (!item || item.userId !== userId) return false;
    await db.outbox.delete(item.seq!);
    return true;
  });
}

/**
 * Edit and resend a refused shop order: the old item goes and a new one takes its place with
 * a new id (the old key is spent on the refused body; reusing it with another body would be 422).
 * The sale time stays the original one.
 */
export async function resendShopOrder(
  userId: string,
  id: string,
  payload: ShopOrderPayload,
  display?: ShopOrderDisplay,
  db: OfflineDb = offlineDb(),
): Promise<QueuedShopOrder | null> {
  return db.transaction('rw', db.outbox, async () => {
    const old = (await db.outbox.where('id').equals(id).first()) as QueuedShopOrder | undefined;
    if (!old || old.userId !== userId || old.kind !== 'shopOrder') return null;
    await db.outbox.delete(old.seq!);
    const saleTime = Date.parse(old.body.createdAt) || old.createdAt;
    const item = await queueShopOrder(userId, payload, display ?? old.display, saleTime, db);
    return item;
  });
}
