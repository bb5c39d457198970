import { sql } from 'kysely';
import { orderRef } from '../../../core/order-ref';
import { fromMilli, quantityText, toMilli } from '../../../core/units';
import type { Db } from '../../db';
import { setStockContext } from './stock-context';
import { baseQuantitySql, ordersJoined } from '../sales/order-queries';

/**
 * Puts an order's quantities back in stock (a deleted pending order, a voided sale), inside the
 * caller's transaction; the ledger names each movement by `kind`, the order and the user `by`, and
 * keeps the order's reference (invoice number or "#25") as its note, since a deleted order is gone
 * afterwards. Quantities are summed per product in thousandths, so fractional kilograms go back
 * exactly, and products are updated in id order like checkout takes them (no cross waits).
 */
export async function returnStock(trx: Db, orderId: string, kind: 'order_deleted' | 'sale_voided', by: string): Promise<void> {
  const order = await ordersJoined(trx)
    .select(['o.order_number', 'inv.number as invoice_number'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  const note = order ? orderRef({ orderNumber: order.order_number, invoiceNumber: order.invoice_number ?? null }) : null;
  await setStockContext(trx, { kind, ref: orderId, note, by });
  const lines = await trx
    .selectFrom('order_lines')
    // in the base unit: a pack line gives back packs × factor
    .select(['product_id', baseQuantitySql('quantity', 'pack_factor').as('quantity')])
    .where('order_id', '=', orderId)
    .where('product_id', 'is not', null)
    .execute();
  const back = new Map<string, number>(); // thousandths of the product's unit
  for (const l of lines) back.set(l.product_id!, (back.get(l.product_id!) ?? 0) + toMilli(Number(l.quantity)));
  for (const [productId, milli] of [...back].sort(([a], [b]) => a.localeCompare(b))) {
    await trx
      .updateTable('products')
      .set({ count_in_stock: sql`count_in_stock + ${quantityText(fromMilli(milli))}::numeric`, updated_at: new Date() })
      .where('id', '=', productId)
      .execute();
  }
}
