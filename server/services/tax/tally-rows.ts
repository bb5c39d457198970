import { sql } from 'kysely';
import { istDay } from '../../../core/dates';
import type {
  TallyCreditNoteInput,
  TallyExpenseInput,
  TallyMethod,
  TallyMoneyInput,
  TallyPart,
  TallyPurchaseInput,
  TallyRateAmounts,
  TallySaleInput,
} from '../../../core/tally';
import type { Db } from '../../db';
import { noteRefundsJoined, REFUND_METHOD, REFUND_PAISE } from '../sales/credit-note-refunds';

/**
 * What the Tally export reads for one shop and period: the instants [from, until) of the India days, and
 * the days themselves for the documents dated by day (a supplier's bill, a debit note, an expense).
 * Each reader answers the pure builders' inputs (core/tally.ts), in paise.
 */
export interface TallyPeriod {
  shopId: string;
  fromDay: string;
  toDay: string;
  from: Date;
  until: Date;
}

interface RateRow {
  doc_id: string;
  gst_rate: string;
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
}

/** Rows of (document, rate, sums) as each document's rate amounts. */
function ratesByDoc(rows: readonly RateRow[]): Map<string, TallyRateAmounts[]> {
  const out = new Map<string, TallyRateAmounts[]>();
  for (const r of rows) {
    const list = out.get(r.doc_id) ?? [];
    list.push({
      rate: Number(r.gst_rate),
      taxablePaise: Number(r.taxable),
      cgstPaise: Number(r.cgst),
      sgstPaise: Number(r.sgst),
      igstPaise: Number(r.igst),
    });
    out.set(r.doc_id, list);
  }
  return out;
}

const dayOf = (at: Date | string) => istDay(new Date(at).getTime());

/**
 * The period's sales: every invoice issued in it (a voided sale's is cancelled and left out, as in GSTR-1),
 * with its lines' taxable value and tax by rate, its total (the lines less the delivery discount) and how it
 * was paid: a split sale's parts, else its one method (a sale recorded without one: cash).
 */
export async function tallySales(db: Db, p: TallyPeriod): Promise<TallySaleInput[]> {
  const sales = await db
    .selectFrom('invoices as inv')
    .innerJoin('orders as o', 'o.id', 'inv.order_id')
    .leftJoin('shop_customers as sc', 'sc.id', 'o.shop_customer_id')
    .leftJoin('users as cu', 'cu.id', 'o.customer_id')
    .select(['o.id', 'o.payment_method', 'inv.number', 'inv.issued_at', 'sc.name as shop_customer', 'cu.name as app_customer', 'o.buyer'])
    .where('inv.vendor_id', '=', p.shopId)
    .where('o.vendor_id', '=', p.shopId)
    .where('inv.status', '=', 'issued')
    .where('inv.issued_at', '>=', p.from)
    .where('inv.issued_at', '<', p.until)
    .orderBy('inv.issued_at')
    .orderBy('inv.number')
    .execute();
  if (!sales.length) return [];
  const ids = sales.map((s) => s.id);
  const lines = await db
    .selectFrom('order_lines')
    .select([
      'order_id as doc_id',
      'gst_rate',
      (eb) => eb.fn.sum<string>(eb('line_total_paise', '-', eb.ref('delivery_discount_paise'))).as('total'),
      (eb) => eb.fn.sum<string>('taxable_paise').as('taxable'),
      (eb) => eb.fn.sum<string>('cgst_paise').as('cgst'),
      (eb) => eb.fn.sum<string>('sgst_paise').as('sgst'),
      (eb) => eb.fn.sum<string>('igst_paise').as('igst'),
    ])
    .where('order_id', 'in', ids)
    .groupBy(['order_id', 'gst_rate'])
    .orderBy('order_id')
    .orderBy('gst_rate')
    .execute();
  const parts = await db
    .selectFrom('order_payments')
    .select(['order_id', 'method', 'amount_paise'])
    .where('order_id', 'in', ids)
    .orderBy(sql`array_position(ARRAY['cash', 'upi', 'card', 'credit']::text[], method)`)
    .execute();
  const rates = ratesByDoc(lines);
  const totals = new Map<string, number>();
  for (const l of lines) totals.set(l.doc_id, (totals.get(l.doc_id) ?? 0) + Number(l.total));
  const partsOf = new Map<string, TallyPart[]>();
  for (const x of parts)
    partsOf.set(x.order_id, [...(partsOf.get(x.order_id) ?? []), { method: x.method, amountPaise: Number(x.amount_paise) }]);

  return sales.map((s) => {
    const totalPaise = totals.get(s.id) ?? 0;
    const method: TallyMethod = s.payment_method && s.payment_method !== 'split' ? s.payment_method : 'cash';
    return {
      id: s.id,
      number: s.number,
      date: dayOf(s.issued_at),
      customer: s.shop_customer ?? s.buyer?.name ?? s.app_customer ?? null,
      totalPaise,
      rates: rates.get(s.id) ?? [],
      parts: s.payment_method === 'split' ? (partsOf.get(s.id) ?? []) : [{ method, amountPaise: totalPaise }],
    };
  });
}

/** The period's credit notes: their lines by rate, their amount, and how each was refunded (a split sale's return in parts). */
export async function tallyCreditNotes(db: Db, p: TallyPeriod): Promise<TallyCreditNoteInput[]> {
  const notes = await db
    .selectFrom('credit_notes as cn')
    .innerJoin('orders as o', 'o.id', 'cn.order_id')
    .leftJoin('invoices as inv', 'inv.order_id', 'o.id')
    .leftJoin('shop_customers as sc', (j) => j.on(sql<boolean>`sc.id = coalesce(cn.shop_customer_id, o.shop_customer_id)`))
    .leftJoin('users as cu', 'cu.id', 'o.customer_id')
    .select([
      'cn.id',
      'cn.number',
      'cn.created_at',
      'cn.amount_paise',
      'o.order_number',
      'inv.number as invoice_number',
      'sc.name as shop_customer',
      'cu.name as app_customer',
      'o.buyer',
    ])
    .where('cn.vendor_id', '=', p.shopId)
    .where('cn.created_at', '>=', p.from)
    .where('cn.created_at', '<', p.until)
    .orderBy('cn.created_at')
    .orderBy('cn.number')
    .execute();
  if (!notes.length) return [];
  const ids = notes.map((n) => n.id);
  const lines = await db
    .selectFrom('credit_note_lines')
    .select([
      'credit_note_id as doc_id',
      'gst_rate',
      (eb) => eb.fn.sum<string>('taxable_paise').as('taxable'),
      (eb) => eb.fn.sum<string>('cgst_paise').as('cgst'),
      (eb) => eb.fn.sum<string>('sgst_paise').as('sgst'),
      (eb) => eb.fn.sum<string>('igst_paise').as('igst'),
    ])
    .where('credit_note_id', 'in', ids)
    .groupBy(['credit_note_id', 'gst_rate'])
    .orderBy('credit_note_id')
    .orderBy('gst_rate')
    .execute();
  const refunds = await noteRefundsJoined(db)
    .select(['n.id', REFUND_METHOD.as('method'), REFUND_PAISE.as('amount')])
    .where('n.id', 'in', ids)
    .orderBy('n.id')
    .orderBy(sql`array_position(ARRAY['cash', 'upi', 'card', 'credit']::text[], ${REFUND_METHOD})`)
    .execute();
  const rates = ratesByDoc(lines);
  const partsOf = new Map<string, TallyPart[]>();
  for (const r of refunds) partsOf.set(r.id, [...(partsOf.get(r.id) ?? []), { method: r.method, amountPaise: Number(r.amount) }]);
  return notes.map((n) => ({
    id: n.id,
    number: n.number,
    date: dayOf(n.created_at),
    customer: n.shop_customer ?? n.buyer?.name ?? n.app_customer ?? null,
    totalPaise: Number(n.amount_paise),
    rates: rates.get(n.id) ?? [],
    parts: partsOf.get(n.id) ?? [],
    invoiceNumber: n.invoice_number ?? String(n.order_number),
  }));
}

/** The period's purchases by their bill dates (a cancelled one left out), with their lines by rate. */
export async function tallyPurchases(db: Db, p: TallyPeriod): Promise<TallyPurchaseInput[]> {
  const bills = await db
    .selectFrom('purchases as pu')
    .innerJoin('suppliers as s', 's.id', 'pu.supplier_id')
    .select([
      'pu.id',
      'pu.bill_number',
      sql<string>`to_char(pu.bill_date, 'YYYY-MM-DD')`.as('bill_date'),
      'pu.total_paise',
      's.name as supplier',
    ])
    .where('pu.vendor_id', '=', p.shopId)
    .where('pu.cancelled_at', 'is', null)
    .where('pu.bill_date', '>=', p.fromDay)
    .where('pu.bill_date', '<=', p.toDay)
    .orderBy('pu.bill_date')
    .orderBy('pu.created_at')
    .execute();
  if (!bills.length) return [];
  const lines = await db
    .selectFrom('purchase_lines')
    .select([
      'purchase_id as doc_id',
      'gst_rate',
      (eb) => eb.fn.sum<string>('taxable_paise').as('taxable'),
      (eb) => eb.fn.sum<string>('cgst_paise').as('cgst'),
      (eb) => eb.fn.sum<string>('sgst_paise').as('sgst'),
      (eb) => eb.fn.sum<string>('igst_paise').as('igst'),
    ])
    .where(
      'purchase_id',
      'in',
      bills.map((b) => b.id),
    )
    .groupBy(['purchase_id', 'gst_rate'])
    .orderBy('purchase_id')
    .orderBy('gst_rate')
    .execute();
  const rates = ratesByDoc(lines);
  return bills.map((b) => ({
    id: b.id,
    billNumber: b.bill_number,
    date: b.bill_date,
    supplier: b.supplier,
    totalPaise: Number(b.total_paise),
    rates: rates.get(b.id) ?? [],
  }));
}

/**
 * The period's debit notes (goods returned to suppliers) by their note dates, with their lines by rate and
 * the bill each is against. Read with plain SQL over the agreed columns of debit_notes and debit_note_lines.
 */
export async function tallyDebitNotes(db: Db, p: TallyPeriod): Promise<TallyPurchaseInput[]> {
  const notes = await sql<{ id: string; number: string; note_date: string; total_paise: string; bill_number: string; supplier: string }>`
    SELECT d.id, d.number, to_char(d.note_date, 'YYYY-MM-DD') AS note_date, d.total_paise, pu.bill_number, s.name AS supplier
    FROM debit_notes d
    JOIN purchases pu ON pu.id = d.purchase_id
    JOIN suppliers s ON s.id = d.supplier_id
    WHERE d.vendor_id = ${p.shopId} AND d.note_date >= ${p.fromDay} AND d.note_date <= ${p.toDay}
    ORDER BY d.note_date, d.number`.execute(db);
  if (!notes.rows.length) return [];
  const ids = notes.rows.map((n) => n.id);
  const lines = await sql<RateRow>`
    SELECT debit_note_id AS doc_id, gst_rate, sum(taxable_paise) AS taxable, sum(cgst_paise) AS cgst,
           sum(sgst_paise) AS sgst, sum(igst_paise) AS igst
    FROM debit_note_lines
    WHERE debit_note_id IN (${sql.join(ids)})
    GROUP BY debit_note_id, gst_rate
    ORDER BY debit_note_id, gst_rate`.execute(db);
  const rates = ratesByDoc(lines.rows);
  return notes.rows.map((n) => ({
    id: n.id,
    number: n.number,
    billNumber: n.bill_number,
    date: n.note_date,
    supplier: n.supplier,
    totalPaise: Number(n.total_paise),
    rates: rates.get(n.id) ?? [],
  }));
}

/** The period's payments from customers on their accounts (the khata). */
export async function tallyReceipts(db: Db, p: TallyPeriod): Promise<TallyMoneyInput[]> {
  const rows = await db
    .selectFrom('customer_payments as cp')
    .innerJoin('shop_customers as sc', 'sc.id', 'cp.customer_id')
    .select(['cp.id', 'cp.paid_at', 'cp.amount_paise', 'cp.method', 'cp.note', 'sc.name'])
    .where('cp.vendor_id', '=', p.shopId)
    .where('cp.paid_at', '>=', p.from)
    .where('cp.paid_at', '<', p.until)
    .orderBy('cp.paid_at')
    .orderBy('cp.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    date: dayOf(r.paid_at),
    party: r.name,
    amountPaise: Number(r.amount_paise),
    method: r.method,
    note: r.note,
  }));
}

/** The period's payments to suppliers. */
export async function tallySupplierPayments(db: Db, p: TallyPeriod): Promise<TallyMoneyInput[]> {
  const rows = await db
    .selectFrom('supplier_payments as sp')
    .innerJoin('suppliers as s', 's.id', 'sp.supplier_id')
    .select(['sp.id', 'sp.paid_at', 'sp.amount_paise', 'sp.method', 'sp.note', 's.name'])
    .where('sp.vendor_id', '=', p.shopId)
    .where('sp.paid_at', '>=', p.from)
    .where('sp.paid_at', '<', p.until)
    .orderBy('sp.paid_at')
    .orderBy('sp.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    date: dayOf(r.paid_at),
    party: r.name,
    amountPaise: Number(r.amount_paise),
    method: r.method,
    note: r.note,
  }));
}

/** The period's expenses by their dates, each with its category's (English) name and its input GST if recorded. */
export async function tallyExpenses(db: Db, p: TallyPeriod): Promise<TallyExpenseInput[]> {
  const rows = await db
    .selectFrom('expenses as e')
    .innerJoin('expense_categories as c', 'c.id', 'e.category_id')
    .select([
      'e.id',
      sql<string>`to_char(e.day, 'YYYY-MM-DD')`.as('day'),
      'e.amount_paise',
      'e.method',
      'e.note',
      'e.gst_rate',
      'e.taxable_paise',
      'e.cgst_paise',
      'e.sgst_paise',
      'e.igst_paise',
      'c.name',
    ])
    .where('e.shop_id', '=', p.shopId)
    .where('e.day', '>=', p.fromDay)
    .where('e.day', '<=', p.toDay)
    .orderBy('e.day')
    .orderBy('e.created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    date: r.day,
    category: r.name,
    amountPaise: Number(r.amount_paise),
    method: r.method,
    note: r.note,
    tax:
      r.gst_rate === null
        ? null
        : {
            rate: Number(r.gst_rate),
            taxablePaise: Number(r.taxable_paise),
            cgstPaise: Number(r.cgst_paise),
            sgstPaise: Number(r.sgst_paise),
            igstPaise: Number(r.igst_paise),
          },
  }));
}
