import { sql } from 'kysely';
import { toRupees } from '../../../core/money';
import type { VendorSummary } from '../../../core/schemas/dashboard';
import { unitOf } from '../../../core/units';
import type { Db } from '../../db';
import { agedDuesOf } from '../khata/open-dues';

/**
 * The owner's dashboard cards that describe the shop now rather than the range: the credit dues and the
 * products running out, each one query: the dues list's balances summed, and the emptiest products alone, not
 * the reorder list with every product's sales.
 */

/**
 * The shop's dues card: what its customers owing (a balance above 0) owe in all, how many they are, and how
 * much of it is past its due day on `today` (YYYY-MM-DD, India time): the dues list's own query (open-dues.ts,
 * settled oldest first and aged as core/customer does), summed.
 */
export async function duesCard(db: Db, vendorId: string, today: string): Promise<NonNullable<VendorSummary['dues']>> {
  const owing = (await agedDuesOf(db, vendorId, today, ['id'])).filter((d) => d.dues.balancePaise > 0);
  const sum = (f: (d: (typeof owing)[number]['dues']) => number) => owing.reduce((n, d) => n + f(d.dues), 0);
  return {
    outstanding: toRupees(sum((d) => d.balancePaise)),
    customers: owing.length,
    overdue: toRupees(sum((d) => d.overduePaise)),
  };
}

const LOW_STOCK = 10;

/**
 * The low-stock card: the shop's active products due for reordering (core/reorder.ts isReorderDue, as the
 * reorder list takes them), the emptiest first, then by name, at most 10. The database keeps the 10 emptiest
 * and every product as empty as the last of them, so the names are ordered here as the app orders them.
 */
export async function lowStockCard(db: Db, vendorId: string): Promise<VendorSummary['lowStock']> {
  const rows = await db
    .selectFrom('products as p')
    .select(['p.id', 'p.name', 'p.tamil', 'p.unit', 'p.count_in_stock', 'p.reorder_level'])
    .where('p.vendor_id', '=', vendorId)
    .where('p.is_active', '=', true)
    .where(sql<boolean>`(p.count_in_stock <= 0 or (p.reorder_level > 0 and p.count_in_stock <= p.reorder_level))`)
    .orderBy('p.count_in_stock')
    .fetch(LOW_STOCK, 'with ties')
    .execute();
  return rows
    .map((r) => ({ ...r, stock: Number(r.count_in_stock) }))
    .sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, LOW_STOCK)
    .map((r) => ({
      productId: r.id,
      name: r.name,
      nameTa: r.tamil,
      inStock: String(r.stock),
      reorderLevel: String(r.reorder_level),
      unit: unitOf(r.unit),
    }));
}
