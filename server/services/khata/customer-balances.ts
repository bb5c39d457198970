import { sql } from 'kysely';
import { type Due, type LedgerEntry } from '../../../core/customer';
import type { Db } from '../../db';
import type { ByDto } from '../../../core/schemas/common';
import { noteRefundsJoined, REFUND_METHOD, REFUND_PAISE } from '../sales/credit-note-refunds';
import { ordersJoined } from '../sales/order-queries';
import { byOf, personName } from '../staff/staff-queries';

/**
 * The money side of the shop's customers, read straight from the records: a balance is the opening
 * balance plus the credit sales on the account less the payments and the returns refunded to the
 * account (a split sale's return: its credit part). Nothing is stored twice, so a balance can never drift from its ledger.
 */

/** A split sale's credit part (order_payments), in paise; null when it has none. */
const CREDIT_PART = sql<number | null>`(SELECT p.amount_paise FROM order_payments p WHERE p.order_id = o.id AND p.method = 'credit')`;

/**
 * The orders (alias o) on a customer's account: credit sales, and sales paid in parts with a credit part,
 * whose goods have left (Delivered), not voided. A sale to deliver later joins the account when it is
 * delivered, dated then (ON_ACCOUNT_AT); an unpaid one becomes a credit sale at that moment (core/customer
 * goesOnAccount).
 */
export const ON_ACCOUNT = sql<boolean>`((o.payment_method = 'credit' OR (o.payment_method = 'split' AND ${CREDIT_PART} IS NOT NULL))
  AND o.status = 'Delivered' AND o.voided_at IS NULL)`;
/** What an order on the account adds to it, in paise: a credit sale's total, a split sale's credit part only. */
export const ON_ACCOUNT_PAISE = sql<number>`(CASE WHEN o.payment_method = 'split' THEN coalesce(${CREDIT_PART}, 0)
  ELSE o.items_paise - o.delivery_discount_paise END)`;
/** When an order on the account joined it: when its goods left. */
export const ON_ACCOUNT_AT = sql<Date>`coalesce(o.delivered_at, o.created_at)`;

/** The balance (paise) of each customer asked for; a customer without records answers its opening balance. */
export async function balancesOf(db: Db, customerIds: readonly string[]): Promise<Map<string, number>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shop_customers as c')
    .select([
      'c.id',
      sql<string>`c.opening_balance_paise
        + coalesce((SELECT sum(${ON_ACCOUNT_PAISE}) FROM orders o
            WHERE o.shop_customer_id = c.id AND ${ON_ACCOUNT}), 0)
        - coalesce((SELECT sum(p.amount_paise) FROM customer_payments p WHERE p.customer_id = c.id), 0)
        - coalesce((SELECT sum(${REFUND_PAISE}) FROM credit_notes n LEFT JOIN credit_note_refunds r ON r.credit_note_id = n.id
            WHERE n.shop_customer_id = c.id AND ${REFUND_METHOD} = 'credit'), 0)`.as('balance'),
    ])
    .where('c.id', 'in', [...customerIds])
    .execute();
  return new Map(rows.map((r) => [r.id, Number(r.balance)]));
}

/** Every record but the opening balance names who made it (`by`: null for an old row). */
export interface CustomerRecords {
  opening: { at: Date; amountPaise: number };
  /** `split`: a sale paid in parts, on the account for its credit part (its payment status is its UPI part's). */
  sales: Array<{ id: string; at: Date; amountPaise: number; number: string; paymentStatus: string; split: boolean; by: ByDto | null }>;
  payments: Array<{ id: string; at: Date; amountPaise: number; method: string; note: string; by: ByDto | null }>;
  refunds: Array<{ id: string; at: Date; amountPaise: number; number: string; by: ByDto | null }>;
}

/** Every record that moves the balances of these customers, per customer. */
export async function recordsOf(db: Db, customers: ReadonlyArray<{ id: string; created_at: Date; opening_balance_paise: number }>) {
  const ids = customers.map((c) => c.id);
  const out = new Map<string, CustomerRecords>(
    customers.map((c) => [
      c.id,
      { opening: { at: new Date(c.created_at), amountPaise: Number(c.opening_balance_paise) }, sales: [], payments: [], refunds: [] },
    ]),
  );
  if (ids.length === 0) return out;
  const [sales, payments, refunds] = await Promise.all([
    ordersJoined(db)
      .select([
        'o.id',
        'o.shop_customer_id',
        ON_ACCOUNT_AT.as('at'),
        ON_ACCOUNT_PAISE.as('on_account_paise'),
        'o.payment_status',
        'o.payment_method',
        'inv.number',
        'o.created_by',
        personName('o.created_by').as('by_name'),
      ])
      .where('o.shop_customer_id', 'in', ids)
      .where(ON_ACCOUNT)
      .execute(),
    db
      .selectFrom('customer_payments')
      .select(['id', 'customer_id', 'paid_at', 'amount_paise', 'method', 'note', 'created_by', personName('created_by').as('by_name')])
      .where('customer_id', 'in', ids)
      .execute(),
    // a split sale's return: only its credit part came off the account
    noteRefundsJoined(db)
      .select([
        'n.id',
        'n.shop_customer_id',
        'n.created_at',
        REFUND_PAISE.as('amount_paise'),
        'n.number',
        'n.created_by',
        personName('n.created_by').as('by_name'),
      ])
      .where('n.shop_customer_id', 'in', ids)
      .where(REFUND_METHOD, '=', 'credit')
      .execute(),
  ]);
  for (const s of sales) {
    out.get(s.shop_customer_id!)!.sales.push({
      id: s.id,
      at: new Date(s.at),
      amountPaise: Number(s.on_account_paise),
      number: s.number ?? '',
      paymentStatus: s.payment_status,
      split: s.payment_method === 'split',
      by: byOf(s.created_by, s.by_name),
    });
  }
  for (const p of payments) {
    out.get(p.customer_id)!.payments.push({
      id: p.id,
      at: new Date(p.paid_at),
      amountPaise: Number(p.amount_paise),
      method: p.method,
      note: p.note ?? '',
      by: byOf(p.created_by, p.by_name),
    });
  }
  for (const r of refunds) {
    out.get(r.shop_customer_id!)!.refunds.push({
      id: r.id,
      at: new Date(r.created_at),
      amountPaise: Number(r.amount_paise),
      number: r.number,
      by: byOf(r.created_by, r.by_name),
    });
  }
  return out;
}

/** The dues to settle: the opening balance (when above 0) and every credit sale on the account. */
export function duesOf(r: CustomerRecords): Due[] {
  const dues: Due[] = r.sales.map((s) => ({ orderId: s.id, at: s.at, amountPaise: s.amountPaise }));
  if (r.opening.amountPaise > 0) dues.push({ orderId: null, at: r.opening.at, amountPaise: r.opening.amountPaise });
  return dues;
}

/** What has settled dues so far: every payment and every return refunded to the account. */
export const settledOf = (r: CustomerRecords) =>
  r.payments.reduce((s, p) => s + p.amountPaise, 0) + r.refunds.reduce((s, p) => s + p.amountPaise, 0);

/** The records as ledger entries (the opening balance only when not 0). */
export function entriesOf(r: CustomerRecords): Array<LedgerEntry & { ref: string; refId: string | null; note: string; by: ByDto | null }> {
  return [
    ...(r.opening.amountPaise !== 0 ? [{ kind: 'opening' as const, ...r.opening, ref: '', refId: null, note: '', by: null }] : []),
    ...r.sales.map((s) => ({
      kind: 'sale' as const,
      at: s.at,
      amountPaise: s.amountPaise,
      ref: s.number,
      refId: s.id,
      note: '',
      by: s.by,
    })),
    ...r.payments.map((p) => ({
      kind: 'payment' as const,
      at: p.at,
      amountPaise: p.amountPaise,
      ref: p.method,
      refId: null,
      note: p.note,
      by: p.by,
    })),
    ...r.refunds.map((n) => ({
      kind: 'refund' as const,
      at: n.at,
      amountPaise: n.amountPaise,
      ref: n.number,
      refId: n.id,
      note: '',
      by: n.by,
    })),
  ];
}

/**
 * What the customer's credit sales still to deliver come to (paise): promised, not yet on the account (a
 * split sale's credit part among them).
 */
export async function undeliveredCreditOf(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('orders as o')
    .select(sql<string>`coalesce(sum(${ON_ACCOUNT_PAISE}), 0)`.as('paise'))
    .where('o.shop_customer_id', '=', customerId)
    .where('o.status', '=', 'Pending')
    .where((eb) =>
      eb.or([
        eb.and([eb('o.payment_method', '=', 'credit'), eb('o.payment_status', '!=', 'Paid')]),
        eb.and([eb('o.payment_method', '=', 'split'), eb('o.voided_at', 'is', null)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.paise);
}
