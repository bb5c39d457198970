import { type Coded, coded } from './coded';
import { addTax, HOME_STATE, type LineTax, noTax, taxOf } from './gst';
import { toRupees } from './money';
import { fromMilli, toMilli, UQC, unitOf } from './units';
import { CSV_BOM, csvRow } from './csv';

/**
 * GSTR-1 (outward supplies) for one vendor and one period, computed from the tax snapshot
 * each order line keeps. Every sale on the marketplace is to an unregistered buyer (B2C small):
 * rows are summed per place of supply and rate in paise, from the per-line values, so the
 * report always adds up to the orders; rupees with 2 decimals only at the edge.
 */
export interface Gstr1Line extends LineTax {
  /** Identifies the invoice (order) the line belongs to. */
  orderNumber: number;
  /** ISO timestamp of the invoice: the sale, or the delivery of an order numbered then. */
  date: string;
  isShop: boolean;
  /** GST state code of the place of supply, e.g. "33". */
  placeOfSupply: string;
  /** GST rate in percent. */
  rate: number;
  hsn: string;
  /** The GST record's name, else the product's name. */
  description: string;
  /** Quantity in the line's unit (up to 3 decimals for kg, l, metre). */
  quantity: number;
  /** The unit the product is sold in (core/units); its UQC goes to the HSN summary. */
  unit: string;
  /** What the line was charged: total after the line discount and its share of the delivery discount. */
  lineTotalPaise: number;
}

/** One number of a vendor's invoice series, issued (its order exists) or cancelled (the order was deleted). */
export interface Gstr1Document {
  /** The number without its sequence, e.g. "MS/2026-27/" (older orders: "", their number is the order number). */
  series: string;
  seq: number;
  number: string;
  cancelled: boolean;
}

export type SupplyType = 'INTRA' | 'INTER';

/** A row's amounts: the taxable value and its tax (core/gst.ts). */
export type Gstr1Amounts = LineTax;

export interface B2csRow extends Gstr1Amounts {
  supplyType: SupplyType;
  placeOfSupply: string;
  rate: number;
}

export interface HsnRow extends Gstr1Amounts {
  hsn: string;
  description: string;
  uqc: string;
  rate: number;
  quantity: number;
  totalValuePaise: number;
}

/** Nil-rated (0 %) supplies: GSTR-1 table 8, not B2CS. */
export interface NilRow {
  supplyType: SupplyType;
  nilPaise: number;
}

/** One row of the document summary (GSTR-1 table 13): a series' numbers in the period. */
export interface DocsRange {
  series: string;
  from: string;
  to: string;
  count: number;
  cancelled: number;
  netIssued: number;
}

/** The quantity of one unit quantity code over the period. */
export interface UqcQuantity {
  uqc: string;
  quantity: number;
}

export interface Gstr1Totals extends Gstr1Amounts {
  taxPaise: number;
  totalValuePaise: number;
  /** The total quantity when every line has the same UQC; null when units differ (kilos and pieces never add up). */
  quantity: number | null;
  /** The total quantity per UQC, sorted by UQC. */
  quantities: UqcQuantity[];
  invoices: number;
}

export interface Gstr1Summary {
  b2cs: B2csRow[];
  nil: NilRow[];
  hsn: HsnRow[];
  docs: DocsRange[];
  totals: Gstr1Totals;
  /** Lines the portal would reject or query (e.g. no HSN code), as coded messages. */
  warnings: Coded[];
}

/** Intra-state when the place of supply is the supplier's state (CGST + SGST), else inter-state (IGST). */
export function supplyTypeOf(placeOfSupply: string, supplierState: string = HOME_STATE.code): SupplyType {
  return placeOfSupply === supplierState ? 'INTRA' : 'INTER';
}

const byNumberThenText = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en', { numeric: true });

/** Table 13 rows: per series, its lowest and highest number in the period, with the cancelled ones. */
export function documentRanges(documents: readonly Gstr1Document[]): DocsRange[] {
  const bySeries = new Map<string, Gstr1Document[]>();
  for (const d of documents) {
    const list = bySeries.get(d.series);
    if (list) list.push(d);
    else bySeries.set(d.series, [d]);
  }
  return [...bySeries.entries()]
    .sort(([a], [b]) => byNumberThenText(a, b))
    .map(([series, docs]) => {
      const sorted = [...docs].sort((a, b) => a.seq - b.seq);
      const cancelled = sorted.filter((d) => d.cancelled).length;
      return {
        series,
        from: sorted[0].number,
        to: sorted[sorted.length - 1].number,
        count: sorted.length,
        cancelled,
        netIssued: sorted.length - cancelled,
      };
    });
}

export function computeGstr1(
  lines: readonly Gstr1Line[],
  supplierState: string = HOME_STATE.code,
  documents: readonly Gstr1Document[] = [],
): Gstr1Summary {
  const b2cs = new Map<string, B2csRow>();
  const nil = new Map<SupplyType, NilRow>();
  const hsn = new Map<string, HsnRow & { quantityMilli: number }>();
  const totals: Gstr1Totals = { ...noTax(), taxPaise: 0, totalValuePaise: 0, quantity: null, quantities: [], invoices: 0 };
  const milliByUqc = new Map<string, number>();
  const warnings: Coded[] = [];
  let noHsn = 0;

  for (const l of lines) {
    const supplyType = supplyTypeOf(l.placeOfSupply, supplierState);
    if (l.rate > 0) {
      const key = `${supplyType}|${l.placeOfSupply}|${l.rate}`;
      let row = b2cs.get(key);
      if (!row) b2cs.set(key, (row = { supplyType, placeOfSupply: l.placeOfSupply, rate: l.rate, ...noTax() }));
      addTax(row, l);
    } else {
      let row = nil.get(supplyType);
      if (!row) nil.set(supplyType, (row = { supplyType, nilPaise: 0 }));
      row.nilPaise += l.taxablePaise;
    }

    if (!l.hsn) noHsn++;
    const uqc = UQC[unitOf(l.unit)];
    const hkey = `${l.hsn}|${uqc}|${l.rate}`;
    let h = hsn.get(hkey);
    if (!h)
      hsn.set(
        hkey,
        (h = { hsn: l.hsn, description: '', uqc, rate: l.rate, quantity: 0, quantityMilli: 0, totalValuePaise: 0, ...noTax() }),
      );
    if (!h.description && l.description) h.description = l.description;
    addTax(h, l);
    h.quantityMilli += toMilli(l.quantity);
    h.totalValuePaise += l.taxablePaise + taxOf(l);

    addTax(totals, l);
    milliByUqc.set(uqc, (milliByUqc.get(uqc) ?? 0) + toMilli(l.quantity));
  }
  totals.quantities = [...milliByUqc.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([uqc, milli]) => ({ uqc, quantity: fromMilli(milli) }));
  totals.quantity = totals.quantities.length === 1 ? totals.quantities[0].quantity : totals.quantities.length ? null : 0;
  totals.taxPaise = taxOf(totals);
  totals.totalValuePaise = totals.taxablePaise + totals.taxPaise;
  totals.invoices = new Set(lines.map((l) => l.orderNumber)).size;
  if (noHsn) warnings.push(coded('gstr1NoHsn', { count: noHsn }));

  return {
    b2cs: [...b2cs.values()].sort((a, b) => byNumberThenText(a.placeOfSupply, b.placeOfSupply) || a.rate - b.rate),
    nil: [...nil.values()].sort((a, b) => a.supplyType.localeCompare(b.supplyType)),
    hsn: [...hsn.values()]
      .sort((a, b) => byNumberThenText(a.hsn, b.hsn) || a.rate - b.rate || a.uqc.localeCompare(b.uqc))
      .map(({ quantityMilli, ...row }) => ({ ...row, quantity: fromMilli(quantityMilli) })),
    docs: documentRanges(documents),
    totals,
    warnings,
  };
}

/** "2025-04-01" -> "042025" (the return period the portal files under). */
export function filingPeriod(dateIso: string): string {
  const [y, m] = dateIso.slice(0, 10).split('-');
  return `${m}${y}`;
}

const r = toRupees;

/** The GST portal's offline-tool JSON for GSTR-1 (sections B2CS, NIL, HSN, DOC_ISSUE). */
export function gstr1PortalJson(summary: Gstr1Summary, opts: { gstin: string; fp: string }) {
  let num = 0;
  return {
    gstin: opts.gstin,
    fp: opts.fp,
    b2cs: summary.b2cs.map((row) => ({
      sply_ty: row.supplyType,
      pos: row.placeOfSupply,
      typ: 'OE' as const,
      rt: row.rate,
      txval: r(row.taxablePaise),
      iamt: r(row.igstPaise),
      camt: r(row.cgstPaise),
      samt: r(row.sgstPaise),
      csamt: 0,
    })),
    ...(summary.nil.length
      ? {
          nil: {
            inv: summary.nil.map((n) => ({
              sply_ty: n.supplyType === 'INTRA' ? ('INTRAB2C' as const) : ('INTRB2C' as const),
              nil_amt: r(n.nilPaise),
              expt_amt: 0,
              ngsup_amt: 0,
            })),
          },
        }
      : {}),
    hsn: {
      data: summary.hsn.map((h) => ({
        num: ++num,
        hsn_sc: h.hsn,
        desc: h.description.slice(0, 30),
        uqc: h.uqc,
        qty: h.quantity,
        rt: h.rate,
        txval: r(h.taxablePaise),
        iamt: r(h.igstPaise),
        camt: r(h.cgstPaise),
        samt: r(h.sgstPaise),
        csamt: 0,
      })),
    },
    doc_issue: {
      doc_det: summary.docs.length
        ? [
            {
              doc_num: 1,
              docs: summary.docs.map((d, i) => ({
                num: i + 1,
                from: d.from,
                to: d.to,
                totnum: d.count,
                cancel: d.cancelled,
                net_issue: d.netIssued,
              })),
            },
          ]
        : [],
    },
  };
}

const money = (paise: number) => (paise / 100).toFixed(2);
const rate = (n: number) => n.toFixed(2);

export const STATE_NAMES: Record<string, string> = { [HOME_STATE.code]: HOME_STATE.name };
const posLabel = (code: string) => (STATE_NAMES[code] ? `${code}-${STATE_NAMES[code]}` : code);

/** Sections B2CS, NIL (when any), HSN and DOCS, each with its header row and a Total row. */
export function gstr1Csv(summary: Gstr1Summary): string {
  const out: string[] = [];
  const t = summary.b2cs.reduce((a, x) => (addTax(a, x), a), noTax());
  out.push('B2CS');
  out.push(
    csvRow([
      'Type',
      'Supply Type',
      'Place Of Supply',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Cess Amount',
    ]),
  );
  for (const b of summary.b2cs) {
    out.push(
      csvRow([
        'OE',
        b.supplyType,
        posLabel(b.placeOfSupply),
        rate(b.rate),
        money(b.taxablePaise),
        money(b.igstPaise),
        money(b.cgstPaise),
        money(b.sgstPaise),
        '0.00',
      ]),
    );
  }
  out.push(csvRow(['Total', '', '', '', money(t.taxablePaise), money(t.igstPaise), money(t.cgstPaise), money(t.sgstPaise), '0.00']));
  if (summary.nil.length) {
    out.push('');
    out.push('NIL');
    out.push(csvRow(['Supply Type', 'Nil Rated Supplies', 'Exempted', 'Non-GST Supplies']));
    for (const n of summary.nil)
      out.push(
        csvRow([
          n.supplyType === 'INTRA' ? 'Intra-State supplies to unregistered persons' : 'Inter-State supplies to unregistered persons',
          money(n.nilPaise),
          '0.00',
          '0.00',
        ]),
      );
  }
  out.push('');
  out.push('HSN');
  out.push(
    csvRow([
      'HSN',
      'Description',
      'UQC',
      'Total Quantity',
      'Total Value',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Cess Amount',
    ]),
  );
  for (const h of summary.hsn) {
    out.push(
      csvRow([
        h.hsn,
        h.description,
        h.uqc,
        h.quantity,
        money(h.totalValuePaise),
        rate(h.rate),
        money(h.taxablePaise),
        money(h.igstPaise),
        money(h.cgstPaise),
        money(h.sgstPaise),
        '0.00',
      ]),
    );
  }
  const tt = summary.totals;
  out.push(
    csvRow([
      'Total',
      '',
      '',
      // quantities of different units are never added: the total is left blank then
      tt.quantity ?? '',
      money(tt.totalValuePaise),
      '',
      money(tt.taxablePaise),
      money(tt.igstPaise),
      money(tt.cgstPaise),
      money(tt.sgstPaise),
      '0.00',
    ]),
  );
  out.push('');
  out.push('DOCS');
  out.push(csvRow(['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled', 'Net Issued']));
  for (const d of summary.docs) out.push(csvRow(['Invoices for outward supply', d.from, d.to, d.count, d.cancelled, d.netIssued]));
  // the byte-order mark makes spreadsheet programs read the file as UTF-8 (Tamil descriptions)
  return `${CSV_BOM}${out.join('\r\n')}\r\n`;
}

/** Paise amounts as rupees for the API. */
export function amountsInRupees(a: Gstr1Amounts) {
  return { taxable: r(a.taxablePaise), igst: r(a.igstPaise), cgst: r(a.cgstPaise), sgst: r(a.sgstPaise) };
}
