import { sql } from 'kysely';
import { lineTax } from '../../core/gst';
import { creditNoteSeries } from '../../core/credit-note';
import { financialYear } from '../../core/invoice';
import { isInterState, type Buyer } from '../../core/place-of-supply';
import type { Db } from '../../server/db';
import { newId } from '../../server/lib/ids';

/**
 * GSTR-1 test data written straight to the database: a sale's buyer and place of supply, and credit
 * notes against it, as the counter's customer and return endpoints record them.
 */

/**
 * Names the buyer of a sale and its place of supply. Goods sent to another state are taxed IGST at
 * the full rate: the lines are taxed again from what they were charged (core/gst).
 */
export async function setBuyer(db: Db, orderId: string, buyer: Buyer | null, placeOfSupply = '33'): Promise<void> {
  await db
    .updateTable('orders')
    .set({ buyer: buyer ? JSON.stringify(buyer) : null, place_of_supply: placeOfSupply })
    .where('id', '=', orderId)
    .execute();
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).execute();
  for (const l of lines) {
    const t = lineTax(Number(l.line_total_paise) - Number(l.delivery_discount_paise), Number(l.gst_rate), isInterState(placeOfSupply));
    await db
      .updateTable('order_lines')
      .set({ taxable_paise: t.taxablePaise, cgst_paise: t.cgstPaise, sgst_paise: t.sgstPaise, igst_paise: t.igstPaise })
      .where('id', '=', l.id)
      .execute();
  }
}

/** A business buyer with a GSTIN (state from its first two digits). */
export const businessBuyer = (gstin: string, name = 'Hotel Udupi'): Buyer => ({
  name,
  phone: '9845012345',
  gstin,
  address: '12 MG Road, Bengaluru',
  stateCode: gstin.slice(0, 2),
});

/**
 * A credit note returning `quantity` of the order's lines given by position, numbered next in the
 * vendor's credit note series for the year: each line's amount is its share of what the line was
 * charged, taxed as the sale was (IGST when the place of supply is another state).
 */
export async function insertCreditNote(
  db: Db,
  opts: { orderId: string; returns: Array<{ position: number; quantity: number }>; at?: Date; prefix?: string },
): Promise<{ number: string; amountPaise: number }> {
  const order = await db
    .selectFrom('orders')
    .select(['vendor_id', 'place_of_supply', 'shop_customer_id'])
    .where('id', '=', opts.orderId)
    .executeTakeFirstOrThrow();
  const at = opts.at ?? new Date();
  const fy = financialYear(at);
  const series = creditNoteSeries(opts.prefix ?? 'TS', fy);
  const last = await db
    .selectFrom('credit_notes')
    .select(sql<number>`coalesce(max(seq), 0)`.as('seq'))
    .where('vendor_id', '=', order.vendor_id)
    .where('series', '=', series)
    .executeTakeFirstOrThrow();
  const seq = Number(last.seq) + 1;
  const number = `${series}${String(seq).padStart(6, '0')}`;
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', opts.orderId).orderBy('position').execute();
  const inter = isInterState(order.place_of_supply);
  const noteLines = opts.returns.map((r, position) => {
    const l = lines.find((x) => x.position === r.position)!;
    const charged = Number(l.line_total_paise) - Number(l.delivery_discount_paise);
    const amount = Math.round((charged * r.quantity) / Number(l.quantity));
    const t = lineTax(amount, Number(l.gst_rate), inter);
    return {
      position,
      order_line_id: l.id,
      product_id: l.product_id,
      name: l.name,
      unit: l.unit,
      quantity: r.quantity,
      unit_price_paise: l.unit_price_paise,
      amount_paise: amount,
      gst_rate: l.gst_rate,
      hsn_code: l.hsn_code,
      taxable_paise: t.taxablePaise,
      cgst_paise: t.cgstPaise,
      sgst_paise: t.sgstPaise,
      igst_paise: t.igstPaise,
    };
  });
  const sum = (k: 'amount_paise' | 'taxable_paise' | 'cgst_paise' | 'sgst_paise' | 'igst_paise') => noteLines.reduce((s, l) => s + l[k], 0);
  const id = newId();
  await db
    .insertInto('credit_notes')
    .values({
      id,
      vendor_id: order.vendor_id,
      order_id: opts.orderId,
      shop_customer_id: order.shop_customer_id,
      fy,
      series,
      seq,
      number,
      refund_method: 'cash',
      restock: true,
      amount_paise: sum('amount_paise'),
      taxable_paise: sum('taxable_paise'),
      cgst_paise: sum('cgst_paise'),
      sgst_paise: sum('sgst_paise'),
      igst_paise: sum('igst_paise'),
      created_at: at,
      created_by: order.vendor_id,
    })
    .execute();
  await db
    .insertInto('credit_note_lines')
    .values(noteLines.map((l) => ({ ...l, credit_note_id: id })))
    .execute();
  return { number, amountPaise: sum('amount_paise') };
}
