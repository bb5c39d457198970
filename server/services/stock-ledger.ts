import { orderRef } from '../../core/order-ref';
import type { StockMovementDto } from '../../core/schemas/stock';
import type { Db } from '../db';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A product's ledger rows as the API shows them, oldest first: the newest `limit` when given, else
 * all. The order a row points at is shown by its reference (core/order-ref) while it exists.
 */
export async function movementsOf(db: Db, productId: string, opts: { limit?: number } = {}): Promise<StockMovementDto[]> {
  let q = db
    .selectFrom('stock_movements as m')
    .leftJoin('users as u', 'u.id', 'm.by_user')
    .select(['m.id', 'm.at', 'm.kind', 'm.quantity', 'm.balance', 'm.ref', 'm.reason', 'm.note', 'u.name as by_name'])
    .where('m.product_id', '=', productId)
    .orderBy('m.id', 'desc');
  if (opts.limit) q = q.limit(opts.limit);
  const rows = (await q.execute()).reverse();

  const orderIds = [...new Set(rows.map((r) => r.ref).filter((ref): ref is string => !!ref && UUID.test(ref)))];
  const orders = orderIds.length
    ? await db
        .selectFrom('orders as o')
        .leftJoin('invoices as inv', 'inv.order_id', 'o.id')
        .select(['o.id', 'o.order_number', 'inv.number as invoice_number'])
        .where('o.id', 'in', orderIds)
        .execute()
    : [];
  const refs = new Map(orders.map((o) => [o.id, orderRef({ orderNumber: o.order_number, invoiceNumber: o.invoice_number ?? null })]));

  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    kind: r.kind,
    quantity: Number(r.quantity),
    balance: Number(r.balance),
    ref: r.ref,
    orderRef: (r.ref && refs.get(r.ref)) ?? null,
    reason: r.reason,
    note: r.note,
    by: r.by_name ?? null,
  }));
}
