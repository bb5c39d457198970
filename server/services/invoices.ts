import { sql } from 'kysely';
import { defaultInvoicePrefix, financialYear, invoiceNumber, invoiceSeries } from '../../core/invoice';
import type { Db } from '../db';

export interface NewInvoice {
  orderId: string;
  vendorId: string;
  /** The order's sale time: it picks the financial year. */
  at: Date;
}

/**
 * Gives each new order the next number of its vendor's series for the financial year of its sale
 * time, inside the order's transaction. The counter row (vendor, year) is taken with an upsert, so it
 * stays locked until the transaction ends: concurrent orders of one vendor queue there, and a rolled
 * back order gives its number back, so the series has no gaps. Orders are numbered in vendor-id order
 * so that two carts with the same vendors never wait on each other crosswise.
 */
export async function issueInvoices(trx: Db, invoices: readonly NewInvoice[]): Promise<void> {
  const sorted = [...invoices].sort((a, b) => a.vendorId.localeCompare(b.vendorId) || a.orderId.localeCompare(b.orderId));
  const prefixes = new Map<string, string>();
  for (const inv of sorted) {
    let prefix = prefixes.get(inv.vendorId);
    if (prefix === undefined) {
      const v = await trx
        .selectFrom('users')
        .select(['invoice_prefix', 'shop_name', 'name'])
        .where('id', '=', inv.vendorId)
        .executeTakeFirstOrThrow();
      prefix = v.invoice_prefix || defaultInvoicePrefix(v.shop_name || v.name);
      prefixes.set(inv.vendorId, prefix);
    }
    const fy = financialYear(inv.at);
    const { rows } = await sql<{ last_seq: number }>`
      INSERT INTO invoice_counters (vendor_id, fy, last_seq) VALUES (${inv.vendorId}, ${fy}, 1)
      ON CONFLICT (vendor_id, fy) DO UPDATE SET last_seq = invoice_counters.last_seq + 1
      RETURNING last_seq`.execute(trx);
    const seq = Number(rows[0].last_seq);
    const series = invoiceSeries(prefix, fy);
    await trx
      .insertInto('invoices')
      .values({
        vendor_id: inv.vendorId,
        fy,
        series,
        seq,
        number: invoiceNumber(series, seq),
        order_id: inv.orderId,
        status: 'issued',
        issued_at: inv.at,
      })
      .execute();
  }
}

/** A pending order is being deleted: its number stays in the series, cancelled (the order row goes). */
export async function cancelInvoice(trx: Db, orderId: string): Promise<void> {
  await trx.updateTable('invoices').set({ status: 'cancelled', cancelled_at: new Date() }).where('order_id', '=', orderId).execute();
}
