import type { Gstr1Document, Gstr1Line, Gstr1Note } from '../../../core/gstr1';
import type { Db } from '../../db';
import { baseQuantitySql, creditNotesJoined, invoicedLines, LINE_TAX_COLUMNS } from '../sales/order-queries';

/**
 * What GSTR-1 reads from the database for one vendor and period [from, until): the invoice lines,
 * the credit notes with the invoice each reverses, and the numbers of the invoice series.
 */

/**
 * Invoice lines dated in the period. A sale is in the period of its invoice's date, as in table 13:
 * the sale time, or the delivery time of an order numbered at delivery. A pending order with no
 * number yet is no supply so far; a voided sale's invoice is cancelled: its number is in table 13,
 * its lines in no table.
 */
export async function invoiceLines(db: Db, vendorId: string, from: Date, until: Date): Promise<Gstr1Line[]> {
  const rows = await invoicedLines(db)
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('gsts as g', 'g.id', 'p.gst_id')
    .select([
      'o.order_number',
      'o.place_of_supply',
      'o.buyer',
      'inv.number as invoice_number',
      'inv.issued_at',
      'o.is_shop',
      'l.name',
      'g.name as gst_name',
      // a pack sale is reported in the base unit's UQC: 2 bags of 25 kg are 50 KGS
      baseQuantitySql().as('quantity'),
      'l.unit',
      'l.line_total_paise',
      'l.delivery_discount_paise',
      ...LINE_TAX_COLUMNS,
    ])
    .where('o.vendor_id', '=', vendorId)
    .where('inv.vendor_id', '=', vendorId)
    .where('inv.status', '=', 'issued')
    .where('inv.issued_at', '>=', from)
    .where('inv.issued_at', '<', until)
    .orderBy('o.order_number')
    .orderBy('l.position')
    .execute();
  return rows.map((x) => ({
    orderNumber: Number(x.order_number),
    invoiceNumber: x.invoice_number,
    date: new Date(x.issued_at).toISOString(),
    isShop: x.is_shop,
    placeOfSupply: x.place_of_supply,
    buyerGstin: x.buyer?.gstin ?? '',
    buyerName: x.buyer?.name ?? '',
    rate: Number(x.gst_rate),
    hsn: x.hsn_code,
    description: x.gst_name || x.name,
    quantity: Number(x.quantity),
    unit: x.unit,
    lineTotalPaise: Number(x.line_total_paise) - Number(x.delivery_discount_paise),
    taxablePaise: Number(x.taxable_paise),
    cgstPaise: Number(x.cgst_paise),
    sgstPaise: Number(x.sgst_paise),
    igstPaise: Number(x.igst_paise),
  }));
}

/** Credit notes dated in the period, each with its lines and the buyer, place and value of its invoice. */
export async function creditNotes(db: Db, vendorId: string, from: Date, until: Date): Promise<Gstr1Note[]> {
  const notes = await creditNotesJoined(db)
    .select([
      'cn.id',
      'cn.series',
      'cn.seq',
      'cn.number',
      'cn.created_at',
      'cn.amount_paise',
      'o.id as order_id',
      'o.order_number',
      'o.place_of_supply',
      'o.buyer',
      'o.created_at as order_created_at',
      'inv.number as invoice_number',
      'inv.issued_at',
    ])
    .where('cn.vendor_id', '=', vendorId)
    .where('cn.created_at', '>=', from)
    .where('cn.created_at', '<', until)
    .orderBy('cn.created_at')
    .execute();
  if (!notes.length) return [];

  const lines = await db
    .selectFrom('credit_note_lines as l')
    .leftJoin('order_lines as ol', 'ol.id', 'l.order_line_id')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('gsts as g', 'g.id', 'p.gst_id')
    .select([
      'l.credit_note_id',
      'l.name',
      'g.name as gst_name',
      // a returned pack line in the base unit, like its sale
      baseQuantitySql('l.quantity', 'ol.pack_factor').as('quantity'),
      'l.unit',
      ...LINE_TAX_COLUMNS,
    ])
    .where(
      'l.credit_note_id',
      'in',
      notes.map((n) => n.id),
    )
    .orderBy('l.credit_note_id')
    .orderBy('l.position')
    .execute();
  // the whole invoice's value decides whether it was B2CL, whatever part of it came back
  const values = await db
    .selectFrom('order_lines')
    .select(['order_id', (eb) => eb.fn.sum<string>(eb('line_total_paise', '-', eb.ref('delivery_discount_paise'))).as('value')])
    .where('order_id', 'in', [...new Set(notes.map((n) => n.order_id))])
    .groupBy('order_id')
    .execute();
  const valueOf = new Map(values.map((v) => [v.order_id, Number(v.value)]));
  const linesOf = new Map<string, typeof lines>();
  for (const l of lines) {
    const list = linesOf.get(l.credit_note_id);
    if (list) list.push(l);
    else linesOf.set(l.credit_note_id, [l]);
  }

  return notes.map((n) => ({
    series: n.series,
    seq: n.seq,
    number: n.number,
    date: new Date(n.created_at).toISOString(),
    valuePaise: Number(n.amount_paise),
    invoiceNumber: n.invoice_number ?? String(n.order_number),
    invoiceDate: new Date(n.issued_at ?? n.order_created_at).toISOString(),
    invoiceValuePaise: valueOf.get(n.order_id) ?? 0,
    placeOfSupply: n.place_of_supply,
    buyerGstin: n.buyer?.gstin ?? '',
    buyerName: n.buyer?.name ?? '',
    lines: (linesOf.get(n.id) ?? []).map((l) => ({
      rate: Number(l.gst_rate),
      hsn: l.hsn_code,
      description: l.gst_name || l.name,
      quantity: Number(l.quantity),
      unit: l.unit,
      taxablePaise: Number(l.taxable_paise),
      cgstPaise: Number(l.cgst_paise),
      sgstPaise: Number(l.sgst_paise),
      igstPaise: Number(l.igst_paise),
    })),
  }));
}

/** Every number of the vendor's invoice series dated in the period, issued or cancelled (table 13). */
export async function invoiceDocuments(db: Db, vendorId: string, from: Date, until: Date): Promise<Gstr1Document[]> {
  const rows = await db
    .selectFrom('invoices')
    .select(['series', 'seq', 'number', 'status'])
    .where('vendor_id', '=', vendorId)
    .where('issued_at', '>=', from)
    .where('issued_at', '<', until)
    .execute();
  return rows.map((d) => ({ series: d.series, seq: d.seq, number: d.number, cancelled: d.status === 'cancelled' }));
}
