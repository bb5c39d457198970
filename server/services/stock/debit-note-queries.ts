import { sql } from 'kysely';
import { toRupees } from '../../../core/money';
import type { DebitNoteDto } from '../../../core/schemas/debit-note';
import type { DebitNoteRefDto } from '../../../core/schemas/purchase';
import { unitOf } from '../../../core/units';
import type { Db } from '../../db';
import { shopAddress } from '../sales/order-dto';
import { byOf, personName } from '../staff/staff-queries';

/**
 * The records of goods returned to suppliers (debit notes, migration 041), read for the bill, the
 * note's print and the returns (GSTR-3B, Tally) that reverse input GST. Money in paise.
 */

const rupees = (r: { taxable_paise: number; cgst_paise: number; sgst_paise: number; igst_paise: number }, total: number) => ({
  taxable: toRupees(Number(r.taxable_paise)),
  cgst: toRupees(Number(r.cgst_paise)),
  sgst: toRupees(Number(r.sgst_paise)),
  igst: toRupees(Number(r.igst_paise)),
  total: toRupees(Number(total)),
});

/**
 * The shop's debit notes dated from..to ('YYYY-MM-DD', India-time note dates, both included), summed per
 * GST rate and kind of tax (IGST from a supplier of another state, else CGST + SGST), lowest rate first,
 * intra-state before inter-state. Paise. The input GST these reverse falls in the note's month. Only
 * notes to suppliers with a GSTIN: a bill from an unregistered supplier gave no credit to reverse.
 */
export async function debitNoteTotalsByRate(
  db: Db,
  vendorId: string,
  from: string,
  to: string,
): Promise<Array<{ rate: number; interState: boolean; taxable: number; cgst: number; sgst: number; igst: number }>> {
  const rows = await db
    .selectFrom('debit_note_lines as l')
    .innerJoin('debit_notes as d', 'd.id', 'l.debit_note_id')
    .innerJoin('suppliers as s', 's.id', 'd.supplier_id')
    .select([
      'l.gst_rate',
      'd.inter_state',
      sql<string>`sum(l.taxable_paise)`.as('taxable'),
      sql<string>`sum(l.cgst_paise)`.as('cgst'),
      sql<string>`sum(l.sgst_paise)`.as('sgst'),
      sql<string>`sum(l.igst_paise)`.as('igst'),
    ])
    .where('d.vendor_id', '=', vendorId)
    .where('d.note_date', '>=', from)
    .where('d.note_date', '<=', to)
    .where(sql<boolean>`coalesce(s.gstin, '') <> ''`)
    .groupBy(['l.gst_rate', 'd.inter_state'])
    .orderBy('l.gst_rate')
    .orderBy('d.inter_state')
    .execute();
  return rows.map((r) => ({
    rate: Number(r.gst_rate),
    interState: r.inter_state,
    taxable: Number(r.taxable),
    cgst: Number(r.cgst),
    sgst: Number(r.sgst),
    igst: Number(r.igst),
  }));
}

/** What earlier debit notes returned of each product of the bill (a bill holds a product once). */
export async function returnedByProduct(db: Db, purchaseId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('debit_note_lines as l')
    .innerJoin('debit_notes as d', 'd.id', 'l.debit_note_id')
    .select(['l.product_id', sql<string>`sum(l.quantity)`.as('returned')])
    .where('d.purchase_id', '=', purchaseId)
    .where('l.product_id', 'is not', null)
    .groupBy('l.product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id!, Number(r.returned)]));
}

/** The bill's debit notes as it lists them, oldest first. */
export async function debitNoteRefsOf(db: Db, purchaseId: string): Promise<DebitNoteRefDto[]> {
  const rows = await db
    .selectFrom('debit_notes')
    .select(['id', 'number', sql<string>`to_char(note_date, 'YYYY-MM-DD')`.as('note_date'), 'total_paise'])
    .where('purchase_id', '=', purchaseId)
    .orderBy('created_at')
    .orderBy('number')
    .execute();
  return rows.map((r) => ({ _id: r.id, number: r.number, noteDate: r.note_date, total: toRupees(Number(r.total_paise)) }));
}

/** One debit note with its lines, its bill, supplier and shop, or undefined. */
export async function loadDebitNote(db: Db, id: string): Promise<DebitNoteDto | undefined> {
  const n = await db
    .selectFrom('debit_notes as d')
    .innerJoin('purchases as p', 'p.id', 'd.purchase_id')
    .innerJoin('suppliers as s', 's.id', 'd.supplier_id')
    .innerJoin('users as v', 'v.id', 'd.vendor_id')
    .select([
      'd.id',
      'd.vendor_id',
      'd.purchase_id',
      'd.number',
      sql<string>`to_char(d.note_date, 'YYYY-MM-DD')`.as('note_date'),
      'd.inter_state',
      'd.reason',
      'd.taxable_paise',
      'd.cgst_paise',
      'd.sgst_paise',
      'd.igst_paise',
      'd.total_paise',
      'd.created_at',
      'd.created_by',
      'd.eway_bill_no',
      'd.eway_bill_at',
      personName('d.created_by').as('by_name'),
      'p.bill_number',
      sql<string>`to_char(p.bill_date, 'YYYY-MM-DD')`.as('bill_date'),
      's.id as supplier_id',
      's.name as supplier_name',
      's.phone as supplier_phone',
      's.gstin as supplier_gstin',
      'v.name as vendor_name',
      'v.shop_name',
      'v.gst_number',
      'v.addresses',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!n) return undefined;
  const lines = await db.selectFrom('debit_note_lines').selectAll().where('debit_note_id', '=', id).orderBy('position').execute();
  return {
    _id: n.id,
    vendorId: n.vendor_id,
    shop: { name: n.shop_name || n.vendor_name, gstin: n.gst_number ?? '', address: shopAddress(n.addresses) },
    purchaseId: n.purchase_id,
    supplier: { _id: n.supplier_id, name: n.supplier_name, phone: n.supplier_phone ?? '', gstin: n.supplier_gstin ?? '' },
    billNumber: n.bill_number,
    billDate: n.bill_date,
    number: n.number,
    noteDate: n.note_date,
    interState: n.inter_state,
    reason: n.reason ?? '',
    lines: lines.map((l) => ({
      productId: l.product_id,
      name: l.name,
      unit: unitOf(l.unit),
      quantity: Number(l.quantity),
      unitCost: toRupees(Number(l.unit_cost_paise)),
      gstRate: Number(l.gst_rate),
      ...rupees(l, l.line_total_paise),
    })),
    ...rupees(n, n.total_paise),
    createdAt: new Date(n.created_at).toISOString(),
    by: byOf(n.created_by, n.by_name),
    ewayBill: n.eway_bill_no ? { number: n.eway_bill_no, at: new Date(n.eway_bill_at ?? n.created_at).toISOString() } : null,
  };
}
