import type { CustomerDto } from '../../../core/schemas/customer';
import type { ShopAddress, ShopOrderLine } from '../../../core/shop-order';
import { type OfflineDb, offlineDb, type ParkedEntry } from '../../offline/db';
import { newUuid as uuid } from '../../lib/uuid';
import type { Payment } from './payment-panel';
import { readTill } from './till-store';

/**
 * Bills parked at a till: a customer steps away to fetch a forgotten item, the cashier sets the bill aside and
 * serves the next one, then takes it back. A parked bill is only the counter's form as it stood (lines, customer,
 * payment choice, address), kept in this device's IndexedDB so it survives a reload and works offline. It is no
 * sale yet: it holds no stock and takes no till number (numbers are taken when a sale is recorded,
 * till-numbers.ts), and the server never hears of it.
 */

/** How many bills one till may hold parked at once. */
export const PARKED_MAX = 5;

/** The counter's form as it stood when parked. */
export interface ParkedContent {
  /** The sale's client-made id: the same sale when it is taken back (its UPI note too). */
  saleId: string;
  lines: ShopOrderLine[];
  customer: CustomerDto | null;
  payment: Payment;
  address: ShopAddress;
  /** The GST state the goods go to, and the customer whose saved address the form holds (or null). */
  shipState: string;
  addressOf: string | null;
}

export interface ParkedBill extends ParkedContent {
  id: string;
  parkedAt: number;
}

/** Where a bill is parked: the signed-in shop (the owner's id, for its staff too) and this device's till. */
export const parkedPlace = (shopId: string): string => `${shopId}|${readTill(shopId)?.deviceId ?? 'device'}`;

/** A bill worth parking: one with a product on a line. */
export const hasItems = (c: Pick<ParkedContent, 'lines'>): boolean => c.lines.some((l) => !!l.productId);

const fromEntry = (e: ParkedEntry): ParkedBill => ({ ...(e.bill as ParkedContent), id: e.id, parkedAt: e.parkedAt });

const atPlace = (db: OfflineDb, place: string) => db.parked.where('[place+parkedAt]').between([place, -Infinity], [place, Infinity]);

/** The bills parked at `place`, the oldest first. */
export async function listParked(place: string, db: OfflineDb = offlineDb()): Promise<ParkedBill[]> {
  return (await atPlace(db, place).toArray()).map(fromEntry);
}

export type ParkResult = { parked: ParkedBill } | { full: true };

/** Parks a bill at `place`, unless it already holds PARKED_MAX (then nothing is kept: `full`). */
export async function parkBill(place: string, bill: ParkedContent, now = Date.now(), db: OfflineDb = offlineDb()): Promise<ParkResult> {
  // counted and added in one transaction: two tabs of the till never park a sixth
  return db.transaction('rw', db.parked, async (): Promise<ParkResult> => {
    if ((await atPlace(db, place).count()) >= PARKED_MAX) return { full: true };
    const entry: ParkedEntry = { id: uuid(), place, parkedAt: now, bill };
    await db.parked.add(entry);
    return { parked: fromEntry(entry) };
  });
}

/**
 * Takes a parked bill back: answers it and removes it from `place` (null when it is gone, taken by another tab).
 * A current bill with items (`current`) is parked in its place in the same step, so nothing is lost and the count
 * stays within PARKED_MAX.
 */
export async function resumeParked(
  place: string,
  id: string,
  current: ParkedContent | null = null,
  now = Date.now(),
  db: OfflineDb = offlineDb(),
): Promise<ParkedBill | null> {
  return db.transaction('rw', db.parked, async () => {
    const entry = await db.parked.get(id);
    if (!entry || entry.place !== place) return null;
    await db.parked.delete(id);
    if (current && hasItems(current)) await db.parked.add({ id: uuid(), place, parkedAt: now, bill: current });
    return fromEntry(entry);
  });
}

/** Discards a parked bill of `place` (the cashier confirmed it). */
export async function discardParked(place: string, id: string, db: OfflineDb = offlineDb()): Promise<void> {
  await db.transaction('rw', db.parked, async () => {
    const entry = await db.parked.get(id);
    if (entry?.place === place) await db.parked.delete(id);
  });
}
