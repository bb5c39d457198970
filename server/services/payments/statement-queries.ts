import { sql } from 'kysely';
import type { Db } from '../../db';
import { UPI_PAISE } from '../sales/order-queries';

/** The database side of the settlement statements (statements.ts). */

type Range = { from: Date; to: Date };

/** One statement of a shop at a time: two uploads at once would match the same sale twice. */
export const lockShop = (db: Db, shopId: string) =>
  db.selectFrom('users').select('id').where('id', '=', shopId).forUpdate().executeTakeFirst();

/** Which of these UTRs a provider's payment of the shop has. */
export async function providerUtrs(db: Db, shopId: string, utrs: readonly string[]): Promise<Set<string>> {
  if (!utrs.length) return new Set();
  const rows = await db
    .selectFrom('upi_payments')
    .select('utr')
    .where('shop_id', '=', shopId)
    .where('utr', 'in', [...utrs])
    .execute();
  return new Set(rows.map((r) => r.utr!));
}

/** The shop's lines of earlier statements with these UTRs, with the sale each matched. */
export const earlierLines = (db: Db, shopId: string, utrs: readonly string[]) =>
  db
    .selectFrom('upi_statement_lines as l')
    .leftJoin('orders as o', 'o.id', 'l.order_id')
    .leftJoin('invoices as inv', 'inv.order_id', 'l.order_id')
    .select(['l.utr', 'l.amount_paise', 'l.order_id', 'o.created_at as sale_at', 'inv.number as invoice_number'])
    .where('l.shop_id', '=', shopId)
    .where('l.utr', 'in', utrs.length ? [...utrs] : [''])
    .execute();

/**
 * A shop's UPI sales (not voided; split sales with a UPI part among them) that neither a provider's payment nor a statement's line confirmed, made
 * within any of the ranges (both ends in): what a statement's line may match, and what it left unmatched.
 */
export const unconfirmedSales = (db: Db, shopId: string, ranges: readonly Range[]) =>
  db
    .selectFrom('orders as o')
    .leftJoin('invoices as inv', 'inv.order_id', 'o.id')
    .select([
      'o.id',
      'o.created_at',
      'o.payment_status',
      // what its UPI payment comes to: the total of a UPI sale, the UPI part of a split sale
      sql<number>`${UPI_PAISE}`.as('upi_paise'),
      'inv.number as invoice_number',
    ])
    .where('o.vendor_id', '=', shopId)
    .where(UPI_PAISE, 'is not', null)
    .where('o.voided_at', 'is', null)
    .where((eb) => eb.or(ranges.map((r) => eb.and([eb('o.created_at', '>=', r.from), eb('o.created_at', '<=', r.to)]))))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('upi_payments as p').select('p.payment_id').whereRef('p.order_id', '=', 'o.id').where('p.matched', '=', 'provider'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('upi_statement_lines as l').select('l.utr').whereRef('l.order_id', '=', 'o.id'))),
    )
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute();

export interface StatementLineRow {
  shopId: string;
  utr: string;
  amountPaise: number;
  paidAt: Date;
  payer: string | null;
  orderId: string;
  uploadedBy: string;
}

/** Keeps the matched lines, once per shop and UTR and once per sale (a line kept already is left as it is). */
export async function insertLines(db: Db, rows: readonly StatementLineRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('upi_statement_lines')
    .values(
      rows.map((r) => ({
        shop_id: r.shopId,
        utr: r.utr,
        amount_paise: r.amountPaise,
        paid_at: r.paidAt,
        payer: r.payer,
        order_id: r.orderId,
        uploaded_by: r.uploadedBy,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
