import { sql } from 'kysely';
import { istDay, istDayEnd, istDayStart } from '../../../core/dates';
import { toRupees } from '../../../core/money';
import { partBucket, paymentBucket, type SalePaymentMethod } from '../../../core/payments';
import type { CashbookResponse } from '../../../core/schemas/expense';
import { personName } from '../staff/staff-queries';
import type { Db } from '../../db';
import { REFUND_METHOD, REFUND_PAISE } from '../sales/credit-note-refunds';

type MoveKind = CashbookResponse['moves'][number]['kind'];

/** One row of the union: its source and the two columns that say whether it is cash (as shiftFlows reads them). */
interface CashRow {
  source: 'sale' | 'part' | 'payment' | 'refund' | 'expense' | 'supplier' | 'cash';
  a: string | null;
  b: string | null;
  paise: string | number;
}

/**
 * The kind of cash movement a row is, or null when it is not cash: the same definitions as the day close
 * and a shift's drawer (server/services/shifts/shift-queries.ts shiftFlows): a cash sale is paymentBucket's
 * cash, a split sale's cash part is partBucket's; credit collected, refunds, expenses and supplier payments in cash only.
 */
function kindOf(r: CashRow): { kind: MoveKind; sign: 1 | -1 } | null {
  if (r.source === 'sale') return paymentBucket(r.a ?? '', r.b) === 'cash' ? { kind: 'sale', sign: 1 } : null;
  if (r.source === 'part') return partBucket(r.a ?? '', r.b as SalePaymentMethod) === 'cash' ? { kind: 'sale', sign: 1 } : null;
  if (r.source === 'payment') return r.a === 'cash' ? { kind: 'creditCollected', sign: 1 } : null;
  if (r.source === 'refund') return r.a === 'cash' ? { kind: 'refund', sign: -1 } : null;
  if (r.source === 'expense') return r.a === 'cash' ? { kind: 'expense', sign: -1 } : null;
  if (r.source === 'supplier') return r.a === 'cash' ? { kind: 'supplierPayment', sign: -1 } : null;
  if (r.source === 'cash') return r.a === 'in' ? { kind: 'payIn', sign: 1 } : { kind: 'payOut', sign: -1 };
  return null;
}

/**
 * Every money movement of the shop in [from, until) that may be cash, one row each, with its reference,
 * time and who made it: sales (not voided; cash taken at the door by a rider is the rider's until he hands
 * it over, so it is left out as in shiftFlows), a split sale's parts, customer payments, credit notes'
 * refunds (a split sale's return part by part), expenses (by their date: one dated on a day counts on it,
 * at the time it was recorded if recorded that day, else at the day's start), payments to suppliers and
 * the tills' pay-ins and pay-outs. `from` null: from the beginning.
 */
function movements(shopId: string, from: Date | null, until: Date, fromDay: string | null, untilDay: string) {
  const after = (col: ReturnType<typeof sql.ref>) => (from ? sql`AND ${col} >= ${from}` : sql``);
  return sql`
    SELECT 'sale' AS source, o.payment_status AS a, o.payment_method AS b, (o.items_paise - o.delivery_discount_paise) AS paise,
           o.created_at AS at, o.created_by AS by_user,
           coalesce((SELECT i.number FROM invoices i WHERE i.order_id = o.id ORDER BY i.issued_at DESC LIMIT 1), '#' || o.order_number) AS ref
      FROM orders o WHERE o.vendor_id = ${shopId} AND o.voided_at IS NULL AND o.cod_collected_paise = 0
        AND o.payment_method IS DISTINCT FROM 'split' AND o.created_at < ${until} ${after(sql.ref('o.created_at'))}
    UNION ALL
    SELECT 'part', o.payment_status, p.method, p.amount_paise, o.created_at, o.created_by,
           coalesce((SELECT i.number FROM invoices i WHERE i.order_id = o.id ORDER BY i.issued_at DESC LIMIT 1), '#' || o.order_number)
      FROM orders o JOIN order_payments p ON p.order_id = o.id
      WHERE o.vendor_id = ${shopId} AND o.voided_at IS NULL AND o.cod_collected_paise = 0 AND o.payment_method = 'split'
        AND o.created_at < ${until} ${after(sql.ref('o.created_at'))}
    UNION ALL
    SELECT 'payment', cp.method, NULL, cp.amount_paise, cp.paid_at, cp.created_by, c.name
      FROM customer_payments cp LEFT JOIN shop_customers c ON c.id = cp.customer_id
      WHERE cp.vendor_id = ${shopId} AND cp.paid_at < ${until} ${after(sql.ref('cp.paid_at'))}
    UNION ALL
    SELECT 'refund', ${REFUND_METHOD}, NULL, ${REFUND_PAISE}, n.created_at, n.created_by, n.number
      FROM credit_notes n LEFT JOIN credit_note_refunds r ON r.credit_note_id = n.id
      WHERE n.vendor_id = ${shopId} AND n.created_at < ${until} ${after(sql.ref('n.created_at'))}
    UNION ALL
    SELECT 'expense', e.method, NULL, e.amount_paise,
           CASE WHEN e.created_at >= ${sql`(e.day::timestamp AT TIME ZONE 'Asia/Kolkata')`}
                 AND e.created_at < ${sql`((e.day + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`}
                THEN e.created_at ELSE (e.day::timestamp AT TIME ZONE 'Asia/Kolkata') END,
           e.created_by, ec.name
      FROM expenses e JOIN expense_categories ec ON ec.id = e.category_id
      WHERE e.shop_id = ${shopId} AND e.day < ${untilDay}::date ${fromDay ? sql`AND e.day >= ${fromDay}::date` : sql``}
    UNION ALL
    SELECT 'supplier', sp.method, NULL, sp.amount_paise, sp.paid_at, sp.created_by, s.name
      FROM supplier_payments sp JOIN suppliers s ON s.id = sp.supplier_id
      WHERE sp.vendor_id = ${shopId} AND sp.paid_at < ${until} ${after(sql.ref('sp.paid_at'))}
    UNION ALL
    SELECT 'cash', c.kind, NULL, c.amount_paise, c.at, c.by_user, c.reason
      FROM shift_cash c JOIN shifts s ON s.id = c.shift_id
      WHERE s.shop_id = ${shopId} AND c.at < ${until} ${after(sql.ref('c.at'))}`;
}

const nextDay = (day: string) => istDay(istDayEnd(day).getTime());

/**
 * GET /api/reports/cashbook?date=: the shop's cash movements of an India day in time order. The opening
 * balance is the running sum of every earlier day's cash movements (the book starts at 0 on the shop's
 * first movement; tills' floats are cash already in the shop, not movements); closing = opening + in − out.
 */
export async function cashbook(db: Db, shopId: string, date: string): Promise<CashbookResponse> {
  const from = istDayStart(date);
  const until = istDayEnd(date);
  const { rows: before } = await sql<CashRow>`
    SELECT source, a, b, sum(paise) AS paise FROM (${movements(shopId, null, from, null, date)}) m GROUP BY source, a, b`.execute(db);
  let openingPaise = 0;
  for (const r of before) {
    const k = kindOf(r);
    if (k) openingPaise += k.sign * Number(r.paise);
  }
  const { rows } = await sql<CashRow & { at: Date | string; by_user: string | null; ref: string | null; by_name: string | null }>`
    SELECT m.*, ${personName('m.by_user')} AS by_name
      FROM (${movements(shopId, from, until, date, nextDay(date))}) m
      ORDER BY m.at, m.source, m.ref`.execute(db);
  let inPaise = 0;
  let outPaise = 0;
  const moves: CashbookResponse['moves'] = [];
  for (const r of rows) {
    const k = kindOf(r);
    const paise = Number(r.paise);
    if (!k || paise === 0) continue;
    if (k.sign > 0) inPaise += paise;
    else outPaise += paise;
    moves.push({
      kind: k.kind,
      reference: r.ref,
      in: k.sign > 0 ? toRupees(paise) : 0,
      out: k.sign < 0 ? toRupees(paise) : 0,
      at: new Date(r.at).toISOString(),
      by: r.by_user ? { _id: r.by_user, name: r.by_name ?? '' } : null,
    });
  }
  return {
    date,
    opening: toRupees(openingPaise),
    moves,
    totalIn: toRupees(inPaise),
    totalOut: toRupees(outPaise),
    closing: toRupees(openingPaise + inPaise - outPaise),
  };
}
