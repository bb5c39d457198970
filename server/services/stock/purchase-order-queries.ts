import { baseQuantitySql } from '../sales/order-queries';
import { sql } from 'kysely';
import { toRupees } from '../../../core/money';
import { purchaseOrderStatus, toComeOf } from '../../../core/purchase-order';
import type { PurchaseOrderDto, PurchaseOrderLineDto, PurchaseOrderSummaryDto } from '../../../core/schemas/purchase-order';
import { unitOf } from '../../../core/units';
import type { Db } from '../../db';
import { byOf, personName } from '../staff/staff-queries';

/** The orders' heads with their suppliers and shops, newest first. */
export function orderHeads(db: Db) {
  return db
    .selectFrom('purchase_orders as po')
    .innerJoin('suppliers as s', 's.id', 'po.supplier_id')
    .innerJoin('users as v', 'v.id', 'po.vendor_id')
    .select([
      'po.id',
      'po.vendor_id',
      'po.number',
      'po.created_at',
      'po.created_by',
      personName('po.created_by').as('by_name'),
      'po.closed_at',
      'po.close_reason',
      's.id as supplier_id',
      's.name as supplier_name',
      's.phone as supplier_phone',
      's.gstin as supplier_gstin',
      sql<string>`coalesce(nullif(v.shop_name, ''), v.name)`.as('shop_name'),
    ])
    .orderBy('po.created_at', 'desc')
    .orderBy('po.seq', 'desc');
}
export type OrderHead = Awaited<ReturnType<ReturnType<typeof orderHeads>['execute']>>[number];

interface LineRow {
  order_id: string;
  product_id: string | null;
  name: string;
  unit: string;
  quantity: string;
}

/** The ordered lines of the orders, in their order. */
async function orderedLines(db: Db, ids: readonly string[]): Promise<LineRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('purchase_order_lines')
    .select(['purchase_order_id as order_id', 'product_id', 'name', 'unit', 'quantity'])
    .where('purchase_order_id', 'in', ids)
    .orderBy('purchase_order_id')
    .orderBy('position')
    .execute();
}

/** What the orders' receipts (their purchases not cancelled) brought, per order and product, in the order the products first came. */
async function receivedLines(db: Db, ids: readonly string[]): Promise<LineRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('purchase_lines as l')
    .innerJoin('purchases as p', 'p.id', 'l.purchase_id')
    .select([
      sql<string>`p.purchase_order_id`.as('order_id'),
      'l.product_id',
      sql<string>`min(l.name)`.as('name'),
      sql<string>`min(l.unit)`.as('unit'),
      // an order is in base units: a receipt's pack line brought packs × factor
      sql<string>`sum(${baseQuantitySql()})`.as('quantity'),
      sql<string>`min(p.created_at)`.as('first_at'),
    ])
    .where('p.purchase_order_id', 'in', ids)
    .where('p.cancelled_at', 'is', null)
    .groupBy(['p.purchase_order_id', 'l.product_id'])
    .orderBy(sql`min(p.created_at)`)
    .execute();
  return rows;
}

/** An order's lines: each ordered product with what came of it, then the products that came without being ordered. */
function linesOf(ordered: readonly LineRow[], received: readonly LineRow[]): PurchaseOrderLineDto[] {
  const got = new Map(received.map((r) => [r.product_id ?? `name:${r.name}`, Number(r.quantity)]));
  const onOrder = new Set(ordered.map((l) => l.product_id ?? `name:${l.name}`));
  const lines = ordered.map((l) => {
    const key = l.product_id ?? `name:${l.name}`;
    const quantity = Number(l.quantity);
    const came = got.get(key) ?? 0;
    return {
      productId: l.product_id,
      name: l.name,
      unit: unitOf(l.unit),
      ordered: quantity,
      received: came,
      toCome: toComeOf(quantity, came),
      onOrder: true,
    };
  });
  const extra = received
    .filter((r) => !onOrder.has(r.product_id ?? `name:${r.name}`))
    .map((r) => ({
      productId: r.product_id,
      name: r.name,
      unit: unitOf(r.unit),
      ordered: 0,
      received: Number(r.quantity),
      toCome: 0,
      onOrder: false,
    }));
  return [...lines, ...extra];
}

const headFields = (h: OrderHead, lines: PurchaseOrderLineDto[]) => ({
  _id: h.id,
  vendorId: h.vendor_id,
  number: h.number,
  supplier: { _id: h.supplier_id, name: h.supplier_name, phone: h.supplier_phone ?? '', gstin: h.supplier_gstin ?? '' },
  status: purchaseOrderStatus(lines, !!h.closed_at),
  createdAt: new Date(h.created_at).toISOString(),
  by: byOf(h.created_by, h.by_name),
  closedAt: h.closed_at ? new Date(h.closed_at).toISOString() : null,
  closeReason: h.close_reason,
});

/** The list rows of the heads, each with its line counts and status. */
export async function summariesOf(db: Db, heads: readonly OrderHead[]): Promise<PurchaseOrderSummaryDto[]> {
  const ids = heads.map((h) => h.id);
  const [ordered, received] = await Promise.all([orderedLines(db, ids), receivedLines(db, ids)]);
  return heads.map((h) => {
    const lines = linesOf(
      ordered.filter((l) => l.order_id === h.id),
      received.filter((l) => l.order_id === h.id),
    );
    return {
      ...headFields(h, lines),
      lineCount: lines.filter((l) => l.onOrder).length,
      linesToCome: lines.filter((l) => l.toCome > 0).length,
    };
  });
}

/** One order with its lines and receipts, or undefined. Read with the caller's connection (a transaction's when inside one). */
export async function loadPurchaseOrder(db: Db, id: string): Promise<PurchaseOrderDto | undefined> {
  const head = await orderHeads(db).where('po.id', '=', id).executeTakeFirst();
  if (!head) return undefined;
  const ordered = await orderedLines(db, [id]);
  const received = await receivedLines(db, [id]);
  const receipts = await db
    .selectFrom('purchases')
    .select(['id', 'bill_number', sql<string>`to_char(bill_date, 'YYYY-MM-DD')`.as('bill_date'), 'total_paise', 'cancelled_at'])
    .where('purchase_order_id', '=', id)
    .orderBy('created_at')
    .execute();
  const lines = linesOf(ordered, received);
  return {
    ...headFields(head, lines),
    lines,
    receipts: receipts.map((r) => ({
      _id: r.id,
      billNumber: r.bill_number,
      billDate: r.bill_date,
      total: toRupees(Number(r.total_paise)),
      cancelled: !!r.cancelled_at,
    })),
    shopName: head.shop_name,
  };
}
