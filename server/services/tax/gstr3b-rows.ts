import { sql } from 'kysely';
import type { LineTax } from '../../../core/gst';
import type { Db } from '../../db';

/**
 * What GSTR-3B reads of the shop's inward side for the India days [fromDay, toDay] (a month): the
 * input tax of its suppliers' bills. A bill's credit falls in the month of its bill date (purchases)
 * or the day it was paid (expenses, which keep no other date).
 */

const toTax = (r: { taxable: unknown; cgst: unknown; sgst: unknown; igst: unknown } | undefined): LineTax => ({
  taxablePaise: Number(r?.taxable ?? 0),
  cgstPaise: Number(r?.cgst ?? 0),
  sgstPaise: Number(r?.sgst ?? 0),
  igstPaise: Number(r?.igst ?? 0),
});

/**
 * The input tax of the purchase bills dated in the days, not cancelled, from a supplier with a GSTIN
 * (a bill from an unregistered supplier carries no credit, CGST Act section 16(2)(a)), and their count.
 */
export async function purchaseItc(db: Db, vendorId: string, fromDay: string, toDay: string): Promise<{ tax: LineTax; count: number }> {
  const row = await db
    .selectFrom('purchases as p')
    .innerJoin('suppliers as s', 's.id', 'p.supplier_id')
    .select([
      sql<string>`coalesce(sum(p.taxable_paise), 0)`.as('taxable'),
      sql<string>`coalesce(sum(p.cgst_paise), 0)`.as('cgst'),
      sql<string>`coalesce(sum(p.sgst_paise), 0)`.as('sgst'),
      sql<string>`coalesce(sum(p.igst_paise), 0)`.as('igst'),
      sql<string>`count(*)`.as('count'),
    ])
    .where('p.vendor_id', '=', vendorId)
    .where('p.bill_date', '>=', fromDay)
    .where('p.bill_date', '<=', toDay)
    .where('p.cancelled_at', 'is', null)
    .where(sql<boolean>`coalesce(s.gstin, '') <> ''`)
    .executeTakeFirst();
  return { tax: toTax(row), count: Number(row?.count ?? 0) };
}

/** The taxable value of nil-rated (0 %) lines on those bills, inter- and intra-state (GSTR-3B table 5). */
export async function nilRatedInward(
  db: Db,
  vendorId: string,
  fromDay: string,
  toDay: string,
): Promise<{ intraPaise: number; interPaise: number }> {
  const rows = await db
    .selectFrom('purchase_lines as l')
    .innerJoin('purchases as p', 'p.id', 'l.purchase_id')
    .innerJoin('suppliers as s', 's.id', 'p.supplier_id')
    .select(['p.inter_state', sql<string>`coalesce(sum(l.taxable_paise), 0)`.as('taxable')])
    .where('p.vendor_id', '=', vendorId)
    .where('p.bill_date', '>=', fromDay)
    .where('p.bill_date', '<=', toDay)
    .where('p.cancelled_at', 'is', null)
    .where('l.gst_rate', '=', '0')
    .where(sql<boolean>`coalesce(s.gstin, '') <> ''`)
    .groupBy('p.inter_state')
    .execute();
  const of = (inter: boolean) => Number(rows.find((r) => r.inter_state === inter)?.taxable ?? 0);
  return { intraPaise: of(false), interPaise: of(true) };
}

/** The input tax of the expenses paid in the days whose bill names the supplier's GSTIN and a rate, and their count. */
export async function expenseItc(db: Db, shopId: string, fromDay: string, toDay: string): Promise<{ tax: LineTax; count: number }> {
  const row = await db
    .selectFrom('expenses')
    .select([
      sql<string>`coalesce(sum(taxable_paise), 0)`.as('taxable'),
      sql<string>`coalesce(sum(cgst_paise), 0)`.as('cgst'),
      sql<string>`coalesce(sum(sgst_paise), 0)`.as('sgst'),
      sql<string>`coalesce(sum(igst_paise), 0)`.as('igst'),
      sql<string>`count(*)`.as('count'),
    ])
    .where('shop_id', '=', shopId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .where(sql<boolean>`coalesce(supplier_gstin, '') <> ''`)
    .where('gst_rate', 'is not', null)
    .where(sql<boolean>`cgst_paise + sgst_paise + igst_paise > 0`)
    .executeTakeFirst();
  return { tax: toTax(row), count: Number(row?.count ?? 0) };
}
