import { sql } from 'kysely';
import { PERMISSIONS } from '../../../core/permissions';
import type { Db } from '../../db';

/**
 * The database side of riders' cash (rider-cash.service.ts). Only riders count: orders delivered and
 * hand-overs made by an account with a rider's role (core/permissions.ts holdDeliveryCash).
 */

const RIDER_ROLES = PERMISSIONS.holdDeliveryCash;

/** Which rows a sum or a list covers: one rider, one shop, a time range ([from, until)). */
export interface CashFilter {
  riderId?: string;
  vendorId?: string;
  from?: Date;
  until?: Date;
}

/** A sum per rider and shop, in paise. */
export interface RiderShopPaise {
  riderId: string;
  vendorId: string;
  paise: number;
}

/** Cash on delivery riders collected, per rider and shop: the orders they delivered (delivered in the range). */
export async function collectedByRider(db: Db, f: CashFilter): Promise<RiderShopPaise[]> {
  let q = db
    .selectFrom('orders as o')
    .innerJoin('users as r', 'r.id', 'o.delivered_by')
    .select(['r.id as rider_id', 'o.vendor_id', sql<string>`sum(o.cod_collected_paise)`.as('paise')])
    .where('o.cod_collected_paise', '>', 0)
    .where('r.role', 'in', RIDER_ROLES);
  if (f.riderId) q = q.where('o.delivered_by', '=', f.riderId);
  if (f.vendorId) q = q.where('o.vendor_id', '=', f.vendorId);
  if (f.from) q = q.where('o.delivered_at', '>=', f.from);
  if (f.until) q = q.where('o.delivered_at', '<', f.until);
  const rows = await q.groupBy(['r.id', 'o.vendor_id']).execute();
  return rows.map((r) => ({ riderId: r.rider_id, vendorId: r.vendor_id, paise: Number(r.paise) }));
}

/** Cash riders handed over, per rider and shop (handed over in the range). */
export async function handedOverByRider(db: Db, f: CashFilter): Promise<RiderShopPaise[]> {
  let q = db
    .selectFrom('rider_handovers as h')
    .innerJoin('users as r', 'r.id', 'h.rider_id')
    .select(['h.rider_id', 'h.vendor_id', sql<string>`sum(h.amount_paise)`.as('paise')])
    .where('r.role', 'in', RIDER_ROLES);
  if (f.riderId) q = q.where('h.rider_id', '=', f.riderId);
  if (f.vendorId) q = q.where('h.vendor_id', '=', f.vendorId);
  if (f.from) q = q.where('h.at', '>=', f.from);
  if (f.until) q = q.where('h.at', '<', f.until);
  const rows = await q.groupBy(['h.rider_id', 'h.vendor_id']).execute();
  return rows.map((r) => ({ riderId: r.rider_id, vendorId: r.vendor_id, paise: Number(r.paise) }));
}

/** The sum of a list's paise. */
export const totalPaise = (rows: readonly RiderShopPaise[]) => rows.reduce((sum, r) => sum + r.paise, 0);

/** What one rider holds for one shop now, in paise. */
export async function heldPaise(db: Db, riderId: string, vendorId: string): Promise<number> {
  const [collected, handed] = await Promise.all([
    collectedByRider(db, { riderId, vendorId }),
    handedOverByRider(db, { riderId, vendorId }),
  ]);
  return totalPaise(collected) - totalPaise(handed);
}

/** A hand-over as listed, with the name of the shop it went to. */
export interface HandoverRow {
  riderId: string;
  vendorId: string;
  shopName: string;
  amountPaise: number;
  note: string | null;
  at: Date;
}

/** Each rider's hand-overs since `since` (of the filter's rider and shop), newest first, at most `max` a rider. */
export async function recentHandovers(db: Db, f: CashFilter, since: Date, max: number): Promise<HandoverRow[]> {
  let inner = db
    .selectFrom('rider_handovers as h')
    .innerJoin('users as r', 'r.id', 'h.rider_id')
    .innerJoin('users as v', 'v.id', 'h.vendor_id')
    .select([
      'h.rider_id',
      'h.vendor_id',
      sql<string>`coalesce(nullif(v.shop_name, ''), v.name)`.as('shop_name'),
      'h.amount_paise',
      'h.note',
      'h.at',
      'h.created_at',
      sql<string>`row_number() over (partition by h.rider_id order by h.at desc, h.created_at desc, h.id)`.as('n'),
    ])
    .where('r.role', 'in', RIDER_ROLES)
    .where('h.at', '>=', since);
  if (f.riderId) inner = inner.where('h.rider_id', '=', f.riderId);
  if (f.vendorId) inner = inner.where('h.vendor_id', '=', f.vendorId);
  const rows = await db
    .selectFrom(inner.as('x'))
    .selectAll()
    .where(sql<number>`x.n`, '<=', max)
    .orderBy('x.at', 'desc')
    .orderBy('x.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    riderId: r.rider_id,
    vendorId: r.vendor_id,
    shopName: r.shop_name,
    amountPaise: Number(r.amount_paise),
    note: r.note,
    at: new Date(r.at),
  }));
}

/** Names of accounts by id: a rider's name, a shop's name (its shop name, else the vendor's name). */
export async function namesOf(db: Db, ids: readonly string[]): Promise<Map<string, { name: string; shopName: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'shop_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, shopName: r.shop_name || r.name }]));
}

/** A rider by id (any account; the service checks the role). */
export const accountOf = (db: Db, id: string) =>
  db.selectFrom('users').select(['id', 'name', 'role']).where('id', '=', id).executeTakeFirst();

/** A vendor by id, or undefined when the account is not a vendor. */
export const vendorOf = (db: Db, id: string) =>
  db.selectFrom('users').select(['id', 'name', 'shop_name']).where('id', '=', id).where('role', '=', 'vendor').executeTakeFirst();

export interface NewHandover {
  id: string;
  vendorId: string;
  riderId: string;
  amountPaise: number;
  note: string | null;
  at?: Date;
  receivedBy: string;
}

export async function insertHandover(db: Db, h: NewHandover) {
  return db
    .insertInto('rider_handovers')
    .values({
      id: h.id,
      vendor_id: h.vendorId,
      rider_id: h.riderId,
      amount_paise: h.amountPaise,
      note: h.note,
      ...(h.at ? { at: h.at } : {}),
      received_by: h.receivedBy,
    })
    .returning(['amount_paise', 'note', 'at'])
    .executeTakeFirstOrThrow();
}
