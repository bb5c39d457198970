import { sql } from 'kysely';
import { istDayStart } from '../../../core/dates';
import { toRupees } from '../../../core/money';
import type { VendorSummary } from '../../../core/schemas/dashboard';
import { unitOf } from '../../../core/units';
import type { Db } from '../../db';
import { ON_ACCOUNT, ON_ACCOUNT_AT, ON_ACCOUNT_PAISE } from '../khata/customer-balances';
import { REFUND_METHOD, REFUND_PAISE } from '../sales/credit-note-refunds';

/**
 * The owner's dashboard cards that describe the shop now rather than the range: the credit dues and the
 * products running out. Each is one query that answers the card's few figures, not the full list the khata
 * and the reorder screens show, so the dashboard reads no customer's records and no product's sales.
 */

/**
 * The shop's dues card: what its customers owing (a balance above 0) owe in all, how many they are, and
 * how much of it is past its due day on `today` (YYYY-MM-DD, India time). The balance is counted as the
 * khata counts it (customer-balances.ts: opening balance plus the sales on the account less the payments
 * and the returns refunded to it); what is overdue as core/customer settleOldestFirst settles the dues,
 * oldest first, with everything paid or refunded: a due with running sum `cum` (its own amount included)
 * keeps open least(amount, cum - settled), when positive. Dues of the same moment fall due the same day,
 * so how such ties are ordered never changes what is overdue. A due falls due its credit days after the
 * sale (core/customer dueDay): it is overdue when that moment is before the start of today.
 */
export async function duesCard(db: Db, vendorId: string, today: string): Promise<NonNullable<VendorSummary['dues']>> {
  const { rows } = await sql<{ outstanding: string; customers: number; overdue: string }>`
    WITH c AS (
      SELECT c.id, c.created_at, c.opening_balance_paise, coalesce(c.credit_days, 0) AS credit_days
        FROM shop_customers c WHERE c.vendor_id = ${vendorId}),
    sales AS (
      SELECT o.shop_customer_id AS cid, ${ON_ACCOUNT_AT} AS at, ${ON_ACCOUNT_PAISE} AS paise
        FROM orders o WHERE o.shop_customer_id IN (SELECT id FROM c) AND ${ON_ACCOUNT}),
    paid AS (
      SELECT p.customer_id AS cid, sum(p.amount_paise) AS paise
        FROM customer_payments p WHERE p.customer_id IN (SELECT id FROM c) GROUP BY 1),
    refunded AS (
      SELECT n.shop_customer_id AS cid, sum(${REFUND_PAISE}) AS paise
        FROM credit_notes n LEFT JOIN credit_note_refunds r ON r.credit_note_id = n.id
       WHERE n.shop_customer_id IN (SELECT id FROM c) AND ${REFUND_METHOD} = 'credit' GROUP BY 1),
    sold AS (SELECT cid, sum(paise) AS paise FROM sales GROUP BY 1),
    owing AS (
      SELECT * FROM (
        SELECT c.id AS cid, c.credit_days,
               c.opening_balance_paise + coalesce(sold.paise, 0) - coalesce(paid.paise, 0) - coalesce(refunded.paise, 0) AS balance,
               greatest(coalesce(paid.paise, 0) + coalesce(refunded.paise, 0), 0) AS settled
          FROM c LEFT JOIN sold ON sold.cid = c.id LEFT JOIN paid ON paid.cid = c.id LEFT JOIN refunded ON refunded.cid = c.id) t
       WHERE balance > 0),
    running AS (
      SELECT d.cid, d.at, greatest(d.paise, 0) AS amount,
             sum(greatest(d.paise, 0)) OVER (PARTITION BY d.cid ORDER BY d.at ROWS UNBOUNDED PRECEDING) AS cum
        FROM (SELECT cid, at, paise FROM sales WHERE cid IN (SELECT cid FROM owing)
              UNION ALL SELECT id, created_at, opening_balance_paise FROM c
               WHERE opening_balance_paise > 0 AND id IN (SELECT cid FROM owing)) d)
    SELECT (SELECT coalesce(sum(balance), 0) FROM owing) AS outstanding,
           (SELECT count(*)::int FROM owing) AS customers,
           (SELECT coalesce(sum(least(r.amount, greatest(r.cum - w.settled, 0))), 0)
              FROM running r JOIN owing w ON w.cid = r.cid
             WHERE r.at < ${istDayStart(today).toISOString()}::timestamptz - w.credit_days * interval '24 hours') AS overdue`.execute(db);
  const [r] = rows;
  return { outstanding: toRupees(Number(r.outstanding)), customers: Number(r.customers), overdue: toRupees(Number(r.overdue)) };
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
