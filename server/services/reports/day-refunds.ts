import { dayRefunds } from '../../../core/credit-note';
import { toRupees } from '../../../core/money';
import type { DaySummary } from '../../../core/schemas/order';
import type { Db } from '../../db';
import { refundPartsColumn, refundPartsOf } from '../sales/credit-note-refunds';
import { creditNotesJoined } from '../sales/order-queries';

const rupees = <K extends string>(p: Record<K, number>) =>
  Object.fromEntries(Object.entries<number>(p).map(([k, v]) => [k, toRupees(v)])) as Record<K, number>;

/**
 * The day close's refunds: the vendor's credit notes issued in [from, until) (by `staffId` only, when
 * given), by refund method
 * (cash, UPI and card left the drawer or the account; credit came off customers' balances; a split
 * sale's return counts each part in its method), and
 * the day's net sales after them: read before the day's sales are added up, so both reads run at once,
 * it answers the section for the day's net.
 */
export async function refundsOfDay(
  db: Db,
  vendorId: string,
  from: Date,
  until: Date,
  staffId?: string,
): Promise<(netPaise: number) => DaySummary['refunds']> {
  let q = dayNotes(db, vendorId, from, until);
  if (staffId) q = q.where('cn.created_by', '=', staffId);
  const notes = await q.execute();
  return (netPaise) => refundsSection(notes, netPaise);
}

const dayNotes = (db: Db, vendorId: string, from: Date, until: Date) =>
  creditNotesJoined(db)
    .select(['cn.id', 'cn.number', 'cn.order_id', 'cn.refund_method', 'cn.amount_paise', 'inv.number as invoice_number'])
    .select(refundPartsColumn('cn.id'))
    .where('cn.vendor_id', '=', vendorId)
    .where('cn.created_at', '>=', from)
    .where('cn.created_at', '<', until)
    .orderBy('cn.created_at')
    .orderBy('cn.seq');

/** The refunds section of the day's credit notes, the day's net sales being `netPaise`. */
function refundsSection(notes: Awaited<ReturnType<ReturnType<typeof dayNotes>['execute']>>, netPaise: number): DaySummary['refunds'] {
  const r = dayRefunds(
    notes.map((n) => ({ refundMethod: n.refund_method, amountPaise: Number(n.amount_paise), refunds: refundPartsOf(n.refund_parts) })),
    netPaise,
  );
  return {
    count: r.count,
    amount: toRupees(r.totalPaise),
    byMethod: rupees(r.amounts),
    counts: r.counts,
    netAfterRefunds: toRupees(r.netAfterPaise),
    notes: notes.map((n) => ({
      _id: n.id,
      number: n.number,
      orderId: n.order_id,
      invoiceNumber: n.invoice_number ?? null,
      refundMethod: n.refund_method,
      amount: toRupees(Number(n.amount_paise)),
    })),
  };
}
