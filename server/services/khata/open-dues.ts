import { sql } from 'kysely';
import { type Due, settleOldestFirst, type SettledDue } from '../../../core/customer';
import type { Db } from '../../db';
import { REFUND_METHOD, REFUND_PAISE } from '../sales/credit-note-refunds';
import { ON_ACCOUNT, ON_ACCOUNT_AT, ON_ACCOUNT_PAISE } from './customer-balances';

/** A customer's balance and their dues as settled oldest first, those still open only. */
export interface OpenDues {
  balancePaise: number;
  /** The dues with something still owed on them (core/customer settleOldestFirst); the settled ones left out. */
  open: SettledDue[];
}

interface Row {
  cid: string;
  balance: string;
  settled: string;
  order_id: string | null;
  at: Date | null;
  paise: string | null;
  cum: string | null;
}

/**
 * The balance of every customer of the shop (all shops' when `vendorId` is undefined) whose balance is not 0,
 * with the dues still open, in one query: the balance as balancesOf adds it up, the dues as duesOf lists them.
 * Dues are settled oldest first by everything paid or refunded to the account, so a due is still open
 * exactly when the running sum of the dues up to it (in date order) exceeds what was settled; SQL keeps those
 * and core settleOldestFirst works out what is open on each from what the settled dues left of the pool. A
 * busy customer's year of credit sales, long paid, never leaves the database.
 */
export async function openDuesOf(db: Db, vendorId: string | undefined): Promise<Map<string, OpenDues>> {
  const shop = vendorId === undefined ? sql`` : sql`WHERE c.vendor_id = ${vendorId}`;
  const { rows } = await sql<Row>`
    WITH c AS (SELECT c.id, c.created_at, c.opening_balance_paise FROM shop_customers c ${shop}),
    sales AS (
      SELECT o.shop_customer_id AS cid, o.id AS order_id, ${ON_ACCOUNT_AT} AS at, ${ON_ACCOUNT_PAISE} AS paise
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
        SELECT c.id AS cid, c.opening_balance_paise + coalesce(sold.paise, 0) - coalesce(paid.paise, 0) - coalesce(refunded.paise, 0) AS balance,
               coalesce(paid.paise, 0) + coalesce(refunded.paise, 0) AS settled
          FROM c LEFT JOIN sold ON sold.cid = c.id LEFT JOIN paid ON paid.cid = c.id LEFT JOIN refunded ON refunded.cid = c.id) t
       WHERE balance <> 0),
    running AS (
      SELECT d.*, sum(greatest(d.paise, 0)) OVER (PARTITION BY d.cid ORDER BY d.at, d.order_id NULLS LAST ROWS UNBOUNDED PRECEDING) AS cum
        FROM (SELECT cid, order_id, at, paise FROM sales
              UNION ALL SELECT id, NULL, created_at, opening_balance_paise FROM c WHERE opening_balance_paise > 0) d)
    SELECT w.cid, w.balance, w.settled, r.order_id, r.at, r.paise, r.cum
      FROM owing w LEFT JOIN running r ON r.cid = w.cid AND r.cum > greatest(w.settled, 0)`.execute(db);

  const byCustomer = new Map<string, { balancePaise: number; settledPaise: number; dues: Array<Due & { cumPaise: number }> }>();
  for (const r of rows) {
    let c = byCustomer.get(r.cid);
    if (!c) byCustomer.set(r.cid, (c = { balancePaise: Number(r.balance), settledPaise: Number(r.settled), dues: [] }));
    if (r.at !== null) c.dues.push({ orderId: r.order_id, at: new Date(r.at), amountPaise: Number(r.paise), cumPaise: Number(r.cum) });
  }
  const out = new Map<string, OpenDues>();
  for (const [id, c] of byCustomer) {
    // in the order the running sum took them; what came before each is its running sum less its own part
    const before = (d: Due & { cumPaise: number }) => d.cumPaise - Math.max(d.amountPaise, 0);
    const dues = c.dues.sort((a, b) => before(a) - before(b));
    // what the dues settled before the first open one left of the pool (each of them took its whole amount)
    const pool = dues.length ? Math.max(c.settledPaise, 0) - before(dues[0]) : 0;
    out.set(id, {
      balancePaise: c.balancePaise,
      open: settleOldestFirst(
        dues.map(({ cumPaise: _, ...d }) => d),
        pool,
      ),
    });
  }
  return out;
}
