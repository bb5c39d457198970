import { sql } from 'kysely';
import { coded } from '../../../core/coded';
import { defaultInvoicePrefix, financialYear, invoiceNumber, invoiceSeries, SEQ_MAX } from '../../../core/invoice';
import { CODE } from '../../../core/message-codes';
import type { Db } from '../../db';
import { conflict } from '../../lib/errors';

export interface NewInvoice {
  orderId: string;
  vendorId: string;
  /** The invoice's date: the sale time (handed over or paid) or the delivery time; it picks the financial year. */
  at: Date;
  /** A number a till gave the sale (checked: server/services/sales/till-numbers.ts), in the till's series. */
  till?: TillInvoice;
}

/** A till's number for an invoice: the till, the number as the till gave it, its series and its sequence in the sale's year. */
export interface TillInvoice {
  deviceId: string;
  number: string;
  series: string;
  seq: number;
}

/** What an invoice's series is made from: the vendor's prefix, else its shop or own name. */
interface InvoiceVendor {
  id: string;
  invoice_prefix: string | null;
  shop_name: string | null;
  name: string;
}

/** An invoice with its vendor's series for the year of its sale time, ready to be numbered. */
export interface PreparedInvoice extends NewInvoice {
  fy: string;
  series: string;
}

/**
 * The series of each new order's invoice (the vendor's prefix and the financial year of its sale
 * time), read without taking any lock; sorted by vendor id so that numbering takes the counter rows
 * in one order and two carts with the same vendors never wait on each other crosswise. `known`: the
 * vendors' rows when the caller read them already (then nothing is read here).
 */
export async function prepareInvoices(
  trx: Db,
  invoices: readonly NewInvoice[],
  known?: ReadonlyArray<InvoiceVendor>,
): Promise<PreparedInvoice[]> {
  const sorted = [...invoices].sort((a, b) => a.vendorId.localeCompare(b.vendorId) || a.orderId.localeCompare(b.orderId));
  const vendorIds = [...new Set(sorted.map((i) => i.vendorId))];
  const vendors: ReadonlyArray<InvoiceVendor> = known
    ? known
    : vendorIds.length
      ? await trx.selectFrom('users').select(['id', 'invoice_prefix', 'shop_name', 'name']).where('id', 'in', vendorIds).execute()
      : [];
  const prefixes = new Map(vendors.map((v) => [v.id, v.invoice_prefix || defaultInvoicePrefix(v.shop_name || v.name)]));
  return sorted.map((inv) => {
    const fy = financialYear(inv.at);
    if (inv.till) return { ...inv, fy, series: inv.till.series };
    const prefix = prefixes.get(inv.vendorId);
    if (prefix === undefined) throw new Error(`No vendor ${inv.vendorId} for an invoice`);
    return { ...inv, fy, series: invoiceSeries(prefix, fy) };
  });
}

/**
 * Gives each prepared invoice the next number of its vendor's series, inside the order's
 * transaction, and returns the numbers by order id. The counter row (vendor, year) is taken with an
 * upsert, so it stays locked until the transaction ends: concurrent orders of one vendor queue there,
 * and a rolled back order gives its number back, so the series has no gaps. Call it as late in the
 * transaction as possible: every other order of the vendor waits from here to the commit.
 */
export async function takeInvoiceNumbers(trx: Db, prepared: readonly PreparedInvoice[]): Promise<Map<string, string>> {
  const numbers = new Map<string, string>();
  for (const inv of prepared) {
    // a till's number was checked and its counter row locked already, and is kept as the till printed it;
    // the vendor's series takes the next
    const seq = inv.till ? inv.till.seq : await nextSeq(trx, inv);
    const number = inv.till ? inv.till.number : invoiceNumber(inv.series, seq);
    numbers.set(inv.orderId, number);
    await trx
      .insertInto('invoices')
      .values({
        vendor_id: inv.vendorId,
        fy: inv.fy,
        series: inv.series,
        seq,
        number,
        order_id: inv.orderId,
        status: 'issued',
        issued_at: inv.at,
        device_id: inv.till?.deviceId ?? null,
      })
      .execute();
  }
  return numbers;
}

/**
 * The next number of the vendor's series for the invoice's year (the counter row stays locked to the
 * commit). Past SEQ_MAX the number would not fit 16 characters: the sale is refused and rolled back.
 */
async function nextSeq(trx: Db, inv: PreparedInvoice): Promise<number> {
  const { rows } = await sql<{ last_seq: number }>`
    INSERT INTO invoice_counters (vendor_id, fy, last_seq) VALUES (${inv.vendorId}, ${inv.fy}, 1)
    ON CONFLICT (vendor_id, fy) DO UPDATE SET last_seq = invoice_counters.last_seq + 1
    RETURNING last_seq`.execute(trx);
  const seq = Number(rows[0].last_seq);
  if (seq > SEQ_MAX) throw conflict(coded(CODE.documentSeriesFull));
  return seq;
}

/**
 * An order leaves Pending (marked Delivered): the goods are supplied now, so an order without a
 * number takes the next one, dated `at`, in that transaction (core/invoice: time of supply). The
 * caller holds the order's row lock, so two deliveries of one order cannot both number it; an order
 * numbered when it was recorded (paid) keeps its number.
 */
export async function numberAtSupply(trx: Db, order: { id: string; vendorId: string }, at: Date): Promise<void> {
  const has = await trx.selectFrom('invoices').select('number').where('order_id', '=', order.id).executeTakeFirst();
  if (has) return;
  await takeInvoiceNumbers(trx, await prepareInvoices(trx, [{ orderId: order.id, vendorId: order.vendorId, at }]));
}

/**
 * A pending order is being deleted: a number it took (a paid order) stays in the series, cancelled
 * (the order row goes). An order not numbered yet has nothing here, so it leaves no trace. `at`: when
 * (a void recorded on the device: its time).
 */
export async function cancelInvoice(trx: Db, orderId: string, at: Date = new Date()): Promise<void> {
  await trx.updateTable('invoices').set({ status: 'cancelled', cancelled_at: at }).where('order_id', '=', orderId).execute();
}
