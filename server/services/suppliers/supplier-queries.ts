import { sql } from 'kysely';
import type { Db } from '../../db';
import { personName } from '../staff/staff-queries';

/**
 * The records behind what the shop owes its suppliers, read straight from the bills and payments: a
 * bill's paid amount is the sum of what payments allocated to it, what is open on it is its total less
 * that less its debit notes, a supplier's balance is its bills (not cancelled) less its payments and
 * debit notes. Nothing is stored twice.
 */

/** What payments allocated to the purchase p, in paise. */
export const PAID_PAISE = sql<string>`coalesce((SELECT sum(a.amount_paise) FROM supplier_payment_allocations a WHERE a.purchase_id = p.id), 0)`;

/** What debit notes (goods returned to the supplier) took off the purchase p, in paise. */
export const RETURNED_PAISE = sql<string>`coalesce((SELECT sum(d.total_paise) FROM debit_notes d WHERE d.purchase_id = p.id), 0)`;

/** The bills (not cancelled) of these suppliers with what was paid on each, oldest first (bill date, then entered). */
export function billsOf(db: Db, supplierIds: readonly string[]) {
  return db
    .selectFrom('purchases as p')
    .select([
      'p.id',
      'p.supplier_id',
      'p.bill_number',
      sql<string>`to_char(p.bill_date, 'YYYY-MM-DD')`.as('bill_date'),
      'p.total_paise',
      'p.created_at',
      PAID_PAISE.as('paid_paise'),
      RETURNED_PAISE.as('returned_paise'),
    ])
    .where('p.supplier_id', 'in', [...supplierIds])
    .where('p.cancelled_at', 'is', null)
    .orderBy('p.bill_date')
    .orderBy('p.created_at')
    .orderBy('p.id');
}
export type BillRow = Awaited<ReturnType<ReturnType<typeof billsOf>['execute']>>[number];

/** The debit notes of a supplier (goods returned), oldest first. */
export const debitNotesOf = (db: Db, supplierId: string) =>
  db
    .selectFrom('debit_notes')
    .select(['id', 'number', sql<string>`to_char(note_date, 'YYYY-MM-DD')`.as('note_date'), 'total_paise', 'created_at'])
    .where('supplier_id', '=', supplierId)
    .orderBy('note_date')
    .orderBy('created_at');

/** The payments made to a supplier, oldest first. */
export const paymentsOf = (db: Db, supplierId: string) =>
  db
    .selectFrom('supplier_payments')
    .select(['id', 'supplier_id', 'amount_paise', 'method', 'note', 'paid_at', 'created_by', personName('created_by').as('by_name')])
    .where('supplier_id', '=', supplierId)
    .orderBy('paid_at')
    .orderBy('created_at');

/** The suppliers (of one shop, or every shop's) with their balance in paise, by name. */
export function accountsOf(db: Db, vendorId: string | undefined) {
  let q = db
    .selectFrom('suppliers as s')
    .select([
      's.id',
      's.vendor_id',
      's.name',
      's.phone',
      's.gstin',
      's.credit_days',
      's.created_at',
      sql<string>`coalesce((SELECT sum(p.total_paise) FROM purchases p WHERE p.supplier_id = s.id AND p.cancelled_at IS NULL), 0)
        - coalesce((SELECT sum(sp.amount_paise) FROM supplier_payments sp WHERE sp.supplier_id = s.id), 0)
        - coalesce((SELECT sum(d.total_paise) FROM debit_notes d WHERE d.supplier_id = s.id), 0)`.as('balance_paise'),
    ])
    .orderBy(sql`lower(s.name)`)
    .limit(1000);
  if (vendorId) q = q.where('s.vendor_id', '=', vendorId);
  return q;
}
export type AccountRow = Awaited<ReturnType<ReturnType<typeof accountsOf>['execute']>>[number];
