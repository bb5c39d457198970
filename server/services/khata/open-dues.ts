import { type Selectable, sql } from 'kysely';
import type { AgeingBucket } from '../../../core/customer';
import { IST_TIMEZONE } from '../../../core/dates';
import type { Db } from '../../db';
import type { ShopCustomersTable } from '../../db/types';
import { REFUND_METHOD, REFUND_PAISE } from '../sales/credit-note-refunds';
import { ON_ACCOUNT, ON_ACCOUNT_AT, ON_ACCOUNT_PAISE } from './customer-balances';

/** A customer's balance and what is still owed by age, as core/customer ageDues works it out for one customer. */
export interface AgedDues {
  balancePaise: number;
  /** What is still open on the dues, by the days since each (India time) to `today`. */
  buckets: Record<AgeingBucket, number>;
  /** The due day (YYYY-MM-DD) of the oldest due still open; null when none is. */
  oldestDueDay: string | null;
  /** Days from that due day to `today` (0 when not yet due). */
  overdueDays: number;
  /** What is still open on the dues past their credit days (a due of `credit_days` days or older on `today`). */
  overduePaise: number;
}

interface Row {
  balance: string;
  b0: string | null;
  b1: string | null;
  b2: string | null;
  b3: string | null;
  overdue: string | null;
  oldest_due_day: string | null;
  overdue_days: number | null;
}

/** The India-time day of a moment (core istDayOf). */
const istDate = (at: ReturnType<typeof sql>) => sql`(${at} AT TIME ZONE ${sql.lit(IST_TIMEZONE)})::date`;

/**
 * Every customer of the shop (all shops' when `vendorId` is undefined) whose balance is not 0, with the
 * `columns` asked for, the balance as balancesOf adds it up and the dues aged on `today` (YYYY-MM-DD), in one
 * query: core/customer settleOldestFirst then ageDues for every customer at once, so a shop's year of credit
 * sales is neither sent to the API nor aged there.
 * - The dues (duesOf: the opening balance above 0 and each credit sale) are settled oldest first by everything
 *   paid or refunded to the account (S, none below 0). With `cum` the running sum of the dues up to one, by
 *   date, then order id, the opening balance last on a tie (the order settleOldestFirst keeps), what is still
 *   open on it is min(cum - S, its amount) when cum exceeds S, else nothing.
 * - Each still-open part goes to its bucket by the days from its India-time day to today (none below 0, core
 *   ageingBucket); the oldest of them falls due its day plus the customer's credit days.
 * The customer ledger ages one customer with core itself; the two keep the same rule.
 * A shop's credit sales and payments are read by the shop (orders_dues, migration 058; customer_payments_vendor),
 * not customer by customer: a sale to a shop customer is always that shop's order (checkout sells the customer's
 * shop's products only) and a payment is recorded under the customer's shop.
 */
export async function agedDuesOf<C extends keyof ShopCustomersTable & string>(
  db: Db,
  vendorId: string | undefined,
  today: string,
  columns: readonly C[],
): Promise<Array<{ customer: Pick<Selectable<ShopCustomersTable>, C>; dues: AgedDues }>> {
  const shop = vendorId === undefined ? sql`` : sql`WHERE c.vendor_id = ${vendorId}`;
  const shopOrders = vendorId === undefined ? sql`` : sql`o.vendor_id = ${vendorId} AND`;
  const shopPayments = vendorId === undefined ? sql`` : sql`WHERE p.vendor_id = ${vendorId}`;
  const day = sql`${today}::date`;
  const { rows } = await sql<Row & Pick<Selectable<ShopCustomersTable>, C>>`
    WITH c AS (SELECT ${sql.join(columns.map((col) => sql.ref(`c.${col}`)))}, c.id AS cid, c.created_at AS c_at,
                      c.opening_balance_paise AS opening, c.credit_days AS c_days
                 FROM shop_customers c ${shop}),
    sales AS (
      SELECT o.shop_customer_id AS cid, o.id AS order_id, ${ON_ACCOUNT_AT} AS at, ${ON_ACCOUNT_PAISE} AS paise
        FROM orders o WHERE ${shopOrders} o.shop_customer_id IS NOT NULL AND ${ON_ACCOUNT}),
    paid AS (
      SELECT p.customer_id AS cid, sum(p.amount_paise) AS paise
        FROM customer_payments p ${shopPayments} GROUP BY 1),
    refunded AS (
      SELECT n.shop_customer_id AS cid, sum(${REFUND_PAISE}) AS paise
        FROM credit_notes n LEFT JOIN credit_note_refunds r ON r.credit_note_id = n.id
       WHERE n.shop_customer_id IN (SELECT cid FROM c) AND ${REFUND_METHOD} = 'credit' GROUP BY 1),
    sold AS (SELECT cid, sum(paise) AS paise FROM sales GROUP BY 1),
    owing AS (
      SELECT * FROM (
        SELECT c.cid, c.opening + coalesce(sold.paise, 0) - coalesce(paid.paise, 0) - coalesce(refunded.paise, 0) AS balance,
               greatest(coalesce(paid.paise, 0) + coalesce(refunded.paise, 0), 0) AS settled
          FROM c LEFT JOIN sold ON sold.cid = c.cid LEFT JOIN paid ON paid.cid = c.cid LEFT JOIN refunded ON refunded.cid = c.cid) t
       WHERE balance <> 0),
    running AS (
      SELECT d.cid, d.at, greatest(d.paise, 0) AS due,
             sum(greatest(d.paise, 0)) OVER (PARTITION BY d.cid ORDER BY d.at, d.order_id NULLS LAST ROWS UNBOUNDED PRECEDING) AS cum
        FROM (SELECT cid, order_id, at, paise FROM sales WHERE cid IN (SELECT cid FROM owing)
              UNION ALL SELECT cid, NULL, c_at, opening FROM c WHERE opening > 0) d),
    unpaid AS (
      SELECT r.cid, r.at, least(r.cum - w.settled, r.due) AS paise
        FROM owing w JOIN running r ON r.cid = w.cid AND r.cum > w.settled),
    aged AS (
      SELECT o.cid, min(o.at) AS oldest,
             sum(o.paise) FILTER (WHERE o.age <= 30) AS b0,
             sum(o.paise) FILTER (WHERE o.age BETWEEN 31 AND 60) AS b1,
             sum(o.paise) FILTER (WHERE o.age BETWEEN 61 AND 90) AS b2,
             sum(o.paise) FILTER (WHERE o.age > 90) AS b3,
             sum(o.paise) FILTER (WHERE o.age > o.c_days) AS overdue
        FROM (SELECT u.cid, u.at, u.paise, ${day} - ${istDate(sql`u.at`)} AS age, coalesce(c.c_days, 0) AS c_days
                FROM unpaid u JOIN c ON c.cid = u.cid WHERE u.paise > 0) o GROUP BY 1),
    due AS (
      SELECT c.*, w.balance, a.b0, a.b1, a.b2, a.b3, a.overdue,
             ${istDate(sql`a.oldest`)} + coalesce(c.c_days, 0) AS due_day
        FROM owing w JOIN c ON c.cid = w.cid LEFT JOIN aged a ON a.cid = w.cid)
    SELECT ${sql.join(columns.map((col) => sql.ref(`due.${col}`)))}, due.balance, due.b0, due.b1, due.b2, due.b3, due.overdue,
           to_char(due.due_day, 'YYYY-MM-DD') AS oldest_due_day, greatest(${day} - due.due_day, 0) AS overdue_days
      FROM due`.execute(db);

  return rows.map((r) => ({
    customer: r,
    dues: {
      balancePaise: Number(r.balance),
      buckets: { '0-30': Number(r.b0 ?? 0), '31-60': Number(r.b1 ?? 0), '61-90': Number(r.b2 ?? 0), '90+': Number(r.b3 ?? 0) },
      oldestDueDay: r.oldest_due_day,
      overdueDays: Number(r.overdue_days ?? 0),
      overduePaise: Number(r.overdue ?? 0),
    },
  }));
}
