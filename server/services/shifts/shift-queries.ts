import { sql } from 'kysely';
import { partBucket, paymentBucket, type SalePaymentMethod } from '../../../core/payments';
import type { ShiftFlows } from '../../../core/shift';
import type { Db } from '../../db';
import { REFUND_METHOD, REFUND_PAISE } from '../sales/credit-note-refunds';

/**
 * The shift queries, written once: what moved through a till's drawer during a shift, which shift was
 * open at a till at a time, and the shifts with their till and people. The close, the shift list and
 * the day close all read a shift's figures from shiftFlows.
 */

/**
 * What moved through the drawer in each shift, in paise, from the rows made in it (their shift_id), by
 * the day close's definitions: a cash sale is a sale in paymentBucket's cash (core/payments.ts: Paid, in
 * cash or with no method) that is not voided, its amount after the delivery discount; a credit sale is
 * not cash even when payments settled it (that money is the payments'); cash taken at the door on
 * delivery (cod_collected_paise) is the deliverer's, not the drawer's. A sale paid in parts counts its
 * cash part only (core/payments.ts partBucket), each part once. Credit collected is the cash
 * customer payments, refunds the returns refunded in cash (core/credit-note.ts dayRefunds' cash; a split
 * sale's return: its cash part).
 * One query for every shift asked.
 */
export async function shiftFlows(db: Db, shifts: readonly { id: string; float_paise: number }[]): Promise<Map<string, ShiftFlows>> {
  const flows = new Map<string, ShiftFlows>(
    shifts.map((s) => [
      s.id,
      {
        floatPaise: Number(s.float_paise),
        cashSalesPaise: 0,
        creditCollectedPaise: 0,
        cashRefundsPaise: 0,
        payInsPaise: 0,
        payOutsPaise: 0,
      },
    ]),
  );
  if (!shifts.length) return flows;
  const ids = shifts.map((s) => s.id);
  const { rows } = await sql<{ shift_id: string; source: string; a: string | null; b: string | null; paise: string }>`
    SELECT shift_id, 'sale' AS source, payment_status AS a, payment_method AS b, sum(items_paise - delivery_discount_paise) AS paise
      FROM orders WHERE shift_id = ANY(${ids}::uuid[]) AND voided_at IS NULL AND cod_collected_paise = 0
        AND payment_method IS DISTINCT FROM 'split'
      GROUP BY shift_id, payment_status, payment_method
    UNION ALL
    SELECT o.shift_id, 'part', o.payment_status, p.method, sum(p.amount_paise)
      FROM orders o JOIN order_payments p ON p.order_id = o.id
      WHERE o.shift_id = ANY(${ids}::uuid[]) AND o.voided_at IS NULL AND o.cod_collected_paise = 0 AND o.payment_method = 'split'
      GROUP BY o.shift_id, o.payment_status, p.method
    UNION ALL
    SELECT shift_id, 'payment', method, NULL, sum(amount_paise)
      FROM customer_payments WHERE shift_id = ANY(${ids}::uuid[]) GROUP BY shift_id, method
    UNION ALL
    SELECT n.shift_id, 'refund', ${REFUND_METHOD}, NULL, sum(${REFUND_PAISE})
      FROM credit_notes n LEFT JOIN credit_note_refunds r ON r.credit_note_id = n.id
      WHERE n.shift_id = ANY(${ids}::uuid[]) GROUP BY n.shift_id, ${REFUND_METHOD}
    UNION ALL
    SELECT shift_id, 'cash', kind, NULL, sum(amount_paise)
      FROM shift_cash WHERE shift_id = ANY(${ids}::uuid[]) GROUP BY shift_id, kind`.execute(db);
  for (const r of rows) {
    const f = flows.get(r.shift_id);
    if (!f) continue;
    const paise = Number(r.paise);
    if (r.source === 'sale' && paymentBucket(r.a ?? '', r.b) === 'cash') f.cashSalesPaise += paise;
    else if (r.source === 'part' && partBucket(r.a ?? '', r.b as SalePaymentMethod) === 'cash') f.cashSalesPaise += paise;
    else if (r.source === 'payment' && r.a === 'cash') f.creditCollectedPaise += paise;
    else if (r.source === 'refund' && r.a === 'cash') f.cashRefundsPaise += paise;
    else if (r.source === 'cash' && r.a === 'in') f.payInsPaise += paise;
    else if (r.source === 'cash' && r.a === 'out') f.payOutsPaise += paise;
  }
  return flows;
}

/**
 * The shift open at a till at `at` (opened then or before, and not closed before then), the latest
 * if several were; its row is shared-locked to the act's commit, so a close waits for the act and
 * counts it. Undefined: no shift was open there then.
 */
export const shiftOpenAt = (trx: Db, deviceId: string, at: Date) =>
  trx
    .selectFrom('shifts')
    .select('id')
    .where('device_id', '=', deviceId)
    .where('opened_at', '<=', at)
    .where((eb) => eb.or([eb('closed_at', 'is', null), eb('closed_at', '>=', at)]))
    .orderBy('opened_at', 'desc')
    .limit(1)
    .forShare()
    .executeTakeFirst();

/** Which shifts a list reads: by id (at least one), or a shop's opened in [from, until), of one till or one cashier. */
export interface ShiftFilter {
  ids?: readonly string[];
  shopId?: string;
  from?: Date;
  until?: Date;
  deviceId?: string;
  openedBy?: string;
}

/** The shifts of `filter` with their till's name and who opened and closed them (the names their shop knows them by), oldest first. */
export function shiftRows(db: Db, filter: ShiftFilter) {
  let q = db
    .selectFrom('shifts as s')
    .innerJoin('devices as d', 'd.id', 's.device_id')
    .leftJoin('users as ou', 'ou.id', 's.opened_by')
    .leftJoin('shop_staff as os', 'os.user_id', 's.opened_by')
    .leftJoin('users as cu', 'cu.id', 's.closed_by')
    .leftJoin('shop_staff as cs', 'cs.user_id', 's.closed_by')
    .select([
      's.id',
      's.shop_id',
      's.device_id',
      's.opened_by',
      's.opened_at',
      's.float_paise',
      's.closed_at',
      's.closed_by',
      's.expected_paise',
      's.counted_paise',
      's.count',
      's.note',
      'd.name as till_name',
      sql<string | null>`coalesce(os.name, ou.name)`.as('opened_by_name'),
      sql<string | null>`coalesce(cs.name, cu.name)`.as('closed_by_name'),
    ]);
  if (filter.ids) q = q.where('s.id', 'in', [...filter.ids]);
  if (filter.shopId) q = q.where('s.shop_id', '=', filter.shopId);
  if (filter.from) q = q.where('s.opened_at', '>=', filter.from);
  if (filter.until) q = q.where('s.opened_at', '<', filter.until);
  if (filter.deviceId) q = q.where('s.device_id', '=', filter.deviceId);
  if (filter.openedBy) q = q.where('s.opened_by', '=', filter.openedBy);
  return q.orderBy('s.opened_at').orderBy('s.id').execute();
}

/** The pay-ins and pay-outs of the shifts, with who made them, in time order. */
export function cashMoves(db: Db, shiftIds: readonly string[]) {
  if (!shiftIds.length) return Promise.resolve([]);
  return db
    .selectFrom('shift_cash as c')
    .leftJoin('users as bu', 'bu.id', 'c.by_user')
    .leftJoin('shop_staff as bs', 'bs.user_id', 'c.by_user')
    .select([
      'c.shift_id',
      'c.kind',
      'c.amount_paise',
      'c.reason',
      'c.at',
      'c.by_user',
      sql<string | null>`coalesce(bs.name, bu.name)`.as('by_name'),
    ])
    .where('c.shift_id', 'in', [...shiftIds])
    .orderBy('c.at')
    .orderBy('c.id')
    .execute();
}
