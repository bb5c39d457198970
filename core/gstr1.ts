import { type Coded, coded } from './coded';
import { addTax, HOME_STATE, type LineTax, noTax, taxOf } from './gst';
import { buyerGstinProblem, normalizeGstin } from './gstin';
import { toRupees } from './money';
import { fromMilli, toMilli, UQC, unitOf } from './units';

/**
 * GSTR-1 (outward supplies) for one vendor and one period, computed from the tax snapshot each
 * order line and credit note line keeps. An invoice goes to one table by its buyer and place of
 * supply (invoiceSection): B2B (table 4) with the buyer's GSTIN, B2CL (table 5) inter-state to an
 * unregistered buyer above the limit, else B2CS (table 7). A credit note follows its invoice: CDNR
 * (table 9B) for a B2B invoice, CDNUR for a B2CL one, and against a B2CS sale it is netted into
 * B2CS. Every sum is in paise from the per-line values, so the report always adds up to the
 * orders and notes; rupees with 2 decimals only at the edge (core/gstr1-portal.ts).
 * The rules and their sources: docs/gstr1.md.
 */
export interface Gstr1Line extends LineTax {
  /** Identifies the invoice (order) the line belongs to. */
  orderNumber: number;
  /** The invoice number as printed ("MS/26/000012"); the order number when absent. */
  invoiceNumber?: string;
  /** ISO timestamp of the invoice: the sale, or the delivery of an order numbered then. */
  date: string;
  isShop: boolean;
  /** GST state code of the place of supply, e.g. "33" (the order's place_of_supply). */
  placeOfSupply: string;
  /** The buyer's GSTIN on the bill ('' or absent: an unregistered buyer). */
  buyerGstin?: string;
  /** The buyer's name on the bill. */
  buyerName?: string;
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

/** One line of a credit note: what was returned and the tax it reverses. */
export interface Gstr1NoteLine extends LineTax {
  rate: number;
  hsn: string;
  description: string;
  quantity: number;
  unit: string;
}

/** A credit note dated in the period, with what GSTR-1 needs of the invoice it reverses. */
export interface Gstr1Note {
  series: string;
  seq: number;
  number: string;
  /** ISO timestamp of the note. */
  date: string;
  /** The refund, tax included. */
  valuePaise: number;
  invoiceNumber: string;
  invoiceDate: string;
  /** The whole value of the original invoice (decides B2CL), tax included. */
  invoiceValuePaise: number;
  placeOfSupply: string;
  buyerGstin: string;
  buyerName: string;
  lines: Gstr1NoteLine[];
}

/** One number of a vendor's invoice series, issued (its order exists) or cancelled (the order was deleted). */
export interface Gstr1Document {
  /** The number without its sequence, e.g. "MS/26/" (older orders: "", their number is the order number). */
  series: string;
  seq: number;
  number: string;
  cancelled: boolean;
}

export type SupplyType = 'INTRA' | 'INTER';
export type InvoiceSection = 'b2b' | 'b2cl' | 'b2cs';

/** A row's amounts: the taxable value and its tax (core/gst.ts). */
export type Gstr1Amounts = LineTax;

/** A rate's sum within one invoice or note (the portal's itm_det). */
export interface RateItem extends Gstr1Amounts {
  rate: number;
}

/** One invoice of table 4 (B2B) or 5 (B2CL): its taxable lines summed per rate. */
export interface Gstr1Invoice {
  number: string;
  /** dd-mm-yyyy, India time, as the portal writes dates. */
  date: string;
  valuePaise: number;
  placeOfSupply: string;
  supplyType: SupplyType;
  /** '' for B2CL. */
  buyerGstin: string;
  buyerName: string;
  items: RateItem[];
}

/** One credit note of table 9B: CDNR (against a B2B invoice) or CDNUR (against a B2CL invoice). */
export interface Gstr1NoteRow extends Gstr1Invoice {
  /** The invoice the note reverses. */
  invoiceNumber: string;
  invoiceDate: string;
}

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

/** Nil-rated (0 %) supplies: GSTR-1 table 8, not B2CS; registered: to buyers with a GSTIN (INTRB2B / INTRAB2B). */
export interface NilRow {
  supplyType: SupplyType;
  registered: boolean;
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

/** The period's outward supplies net of its credit notes: what the HSN summary adds up to. */
export interface Gstr1Totals extends Gstr1Amounts {
  taxPaise: number;
  totalValuePaise: number;
  /** The total quantity when every line has the same UQC; null when units differ (kilos and pieces never add up). */
  quantity: number | null;
  /** The total quantity per UQC, sorted by UQC. */
  quantities: UqcQuantity[];
  invoices: number;
  creditNotes: number;
}

export interface Gstr1Summary {
  b2b: Gstr1Invoice[];
  b2cl: Gstr1Invoice[];
  /** Net of the credit notes against B2CS sales. */
  b2cs: B2csRow[];
  cdnr: Gstr1NoteRow[];
  cdnur: Gstr1NoteRow[];
  nil: NilRow[];
  /** Both tabs together (net of every credit note). */
  hsn: HsnRow[];
  hsnB2b: HsnRow[];
  hsnB2c: HsnRow[];
  /** Table 13: invoices (doc_num 1) and credit notes (doc_num 5). */
  docs: DocsRange[];
  creditNoteDocs: DocsRange[];
  totals: Gstr1Totals;
  /** What the portal would reject or query (e.g. no HSN code, a wrong buyer GSTIN), as coded messages. */
  warnings: Coded[];
}

/** Intra-state when the place of supply is the supplier's state (CGST + SGST), else inter-state (IGST). */
export function supplyTypeOf(placeOfSupply: string, supplierState: string = HOME_STATE.code): SupplyType {
  return placeOfSupply === supplierState ? 'INTRA' : 'INTER';
}

/**
 * The B2CL limit on one invoice's value, in paise: ₹1,00,000 for invoices from 1 August 2024
 * (CGST rule 59(4) as amended by Notification 12/2024-Central Tax), ₹2,50,000 before.
 */
export function b2clLimitPaise(invoiceDateIso: string): number {
  return istDay(invoiceDateIso) >= '2024-08-01' ? 1_00_000_00 : 2_50_000_00;
}

/** Which table an invoice (and its credit notes) goes to. */
export function invoiceSection(
  inv: { buyerGstin: string; placeOfSupply: string; valuePaise: number; date: string },
  supplierState: string = HOME_STATE.code,
): InvoiceSection {
  if (inv.buyerGstin) return 'b2b';
  if (supplyTypeOf(inv.placeOfSupply, supplierState) === 'INTER' && inv.valuePaise > b2clLimitPaise(inv.date)) return 'b2cl';
  return 'b2cs';
}

/**
 * The last day a credit note can still lower the tax of its invoice (CGST Act section 34(2)): 30
 * November after the end of the invoice's financial year (April to March), YYYY-MM-DD.
 */
export function creditNoteDeadline(invoiceDateIso: string): string {
  const [y, m] = istDay(invoiceDateIso).split('-').map(Number);
  return `${m >= 4 ? y + 1 : y}-11-30`;
}

const IST_MS = 330 * 60_000;
/** The India-time day of an ISO instant, YYYY-MM-DD. */
const istDay = (iso: string) => new Date(Date.parse(iso) + IST_MS).toISOString().slice(0, 10);
/** dd-mm-yyyy in India time, the portal's date format. */
export const portalDate = (iso: string) => istDay(iso).split('-').reverse().join('-');

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

const negate = (t: LineTax): LineTax => ({
  taxablePaise: -t.taxablePaise,
  cgstPaise: -t.cgstPaise,
  sgstPaise: -t.sgstPaise,
  igstPaise: -t.igstPaise,
});

/** Taxable lines summed per rate, in rate order (0 % lines go to table 8 instead). */
function rateItems(lines: ReadonlyArray<LineTax & { rate: number }>): RateItem[] {
  const byRate = new Map<number, RateItem>();
  for (const l of lines) {
    if (l.rate <= 0) continue;
    let it = byRate.get(l.rate);
    if (!it) byRate.set(l.rate, (it = { rate: l.rate, ...noTax() }));
    addTax(it, l);
  }
  return [...byRate.values()].sort((a, b) => a.rate - b.rate);
}

type HsnAcc = HsnRow & { quantityMilli: number };

/** Running sums of one period: B2CS rows, nil rows, the two HSN tabs and the totals. */
class Sums {
  b2cs = new Map<string, B2csRow>();
  nil = new Map<string, NilRow>();
  hsn = { b2b: new Map<string, HsnAcc>(), b2c: new Map<string, HsnAcc>() };
  totals = noTax();
  milliByUqc = new Map<string, number>();
  noHsn = 0;
  /** Lines whose tax does not fit their place of supply: IGST within the state, CGST/SGST across states. */
  wrongTaxType = 0;

  /** Adds (sign 1) an invoice line or takes off (sign -1) a credit note line. */
  add(l: Gstr1NoteLine, section: InvoiceSection, supplyType: SupplyType, placeOfSupply: string, sign: 1 | -1): void {
    const t = sign === 1 ? l : negate(l);
    if (l.rate <= 0) {
      const registered = section === 'b2b';
      const key = `${supplyType}|${registered}`;
      let row = this.nil.get(key);
      if (!row) this.nil.set(key, (row = { supplyType, registered, nilPaise: 0 }));
      row.nilPaise += t.taxablePaise;
    } else if (section === 'b2cs') {
      const key = `${supplyType}|${placeOfSupply}|${l.rate}`;
      let row = this.b2cs.get(key);
      if (!row) this.b2cs.set(key, (row = { supplyType, placeOfSupply, rate: l.rate, ...noTax() }));
      addTax(row, t);
    }

    if (!l.hsn) this.noHsn++;
    if (supplyType === 'INTER' ? l.cgstPaise || l.sgstPaise : l.igstPaise) this.wrongTaxType++;
    const uqc = UQC[unitOf(l.unit)];
    const milli = sign * toMilli(l.quantity);
    const tab = section === 'b2b' ? this.hsn.b2b : this.hsn.b2c;
    const hkey = `${l.hsn}|${uqc}|${l.rate}`;
    let h = tab.get(hkey);
    if (!h)
      tab.set(
        hkey,
        (h = { hsn: l.hsn, description: '', uqc, rate: l.rate, quantity: 0, quantityMilli: 0, totalValuePaise: 0, ...noTax() }),
      );
    if (!h.description && l.description) h.description = l.description;
    addTax(h, t);
    h.quantityMilli += milli;
    h.totalValuePaise += t.taxablePaise + taxOf(t);

    addTax(this.totals, t);
    this.milliByUqc.set(uqc, (this.milliByUqc.get(uqc) ?? 0) + milli);
  }
}

/** A row that nets to nothing (a sale returned in full in the same period): no quantity, no value, no tax. */
const allZero = (h: HsnAcc) => !h.quantityMilli && !h.totalValuePaise && !h.taxablePaise && !taxOf(h);

/** An HSN tab's rows in code, rate and unit order, without the rows that net to nothing. */
const hsnRows = (tab: Map<string, HsnAcc>): HsnRow[] =>
  [...tab.values()]
    .filter((h) => !allZero(h))
    .sort((a, b) => byNumberThenText(a.hsn, b.hsn) || a.rate - b.rate || a.uqc.localeCompare(b.uqc))
    .map(({ quantityMilli, ...row }) => ({ ...row, quantity: fromMilli(quantityMilli) }));

/** Both HSN tabs as one summary: rows of the same code, unit and rate added. */
function mergeHsn(a: Map<string, HsnAcc>, b: Map<string, HsnAcc>): Map<string, HsnAcc> {
  const all = new Map<string, HsnAcc>();
  for (const [key, row] of [...a, ...b]) {
    const h = all.get(key);
    if (!h) all.set(key, { ...row });
    else {
      addTax(h, row);
      h.quantityMilli += row.quantityMilli;
      h.totalValuePaise += row.totalValuePaise;
      if (!h.description) h.description = row.description;
    }
  }
  return all;
}

export function computeGstr1(
  lines: readonly Gstr1Line[],
  supplierState: string = HOME_STATE.code,
  documents: readonly Gstr1Document[] = [],
  notes: readonly Gstr1Note[] = [],
): Gstr1Summary {
  const sums = new Sums();
  const warnings: Coded[] = [];

  // invoices: the lines of one order together, in order number order
  const invoices = new Map<number, Gstr1Line[]>();
  for (const l of lines) {
    const list = invoices.get(l.orderNumber);
    if (list) list.push(l);
    else invoices.set(l.orderNumber, [l]);
  }
  const b2b: Gstr1Invoice[] = [];
  const b2cl: Gstr1Invoice[] = [];
  const badGstin: string[] = [];
  for (const [orderNumber, invLines] of [...invoices].sort(([a], [b]) => a - b)) {
    const first = invLines[0];
    const buyerGstin = normalizeGstin(first.buyerGstin ?? '');
    const inv = {
      number: first.invoiceNumber || String(orderNumber),
      date: first.date,
      valuePaise: invLines.reduce((s, l) => s + l.lineTotalPaise, 0),
      placeOfSupply: first.placeOfSupply,
      buyerGstin,
    };
    const section = invoiceSection(inv, supplierState);
    const supplyType = supplyTypeOf(inv.placeOfSupply, supplierState);
    for (const l of invLines) sums.add(l, section, supplyType, inv.placeOfSupply, 1);
    if (section === 'b2cs') continue;
    if (section === 'b2b' && buyerGstinProblem(buyerGstin)) badGstin.push(inv.number);
    const items = rateItems(invLines);
    // an invoice of nil-rated goods only is all in table 8
    if (!items.length) continue;
    const row = { ...inv, date: portalDate(inv.date), supplyType, buyerName: first.buyerName ?? '', items };
    (section === 'b2b' ? b2b : b2cl).push(row);
  }

  const cdnr: Gstr1NoteRow[] = [];
  const cdnur: Gstr1NoteRow[] = [];
  const late: string[] = [];
  for (const n of [...notes].sort((a, b) => byNumberThenText(a.series, b.series) || a.seq - b.seq)) {
    const buyerGstin = normalizeGstin(n.buyerGstin);
    const section = invoiceSection(
      { buyerGstin, placeOfSupply: n.placeOfSupply, valuePaise: n.invoiceValuePaise, date: n.invoiceDate },
      supplierState,
    );
    const supplyType = supplyTypeOf(n.placeOfSupply, supplierState);
    if (istDay(n.date) > creditNoteDeadline(n.invoiceDate)) late.push(n.number);
    for (const l of n.lines) sums.add(l, section, supplyType, n.placeOfSupply, -1);
    if (section === 'b2cs') continue;
    if (section === 'b2b' && buyerGstinProblem(buyerGstin)) badGstin.push(n.number);
    const items = rateItems(n.lines);
    if (!items.length) continue;
    const row: Gstr1NoteRow = {
      number: n.number,
      date: portalDate(n.date),
      valuePaise: n.valuePaise,
      placeOfSupply: n.placeOfSupply,
      supplyType,
      buyerGstin,
      buyerName: n.buyerName,
      invoiceNumber: n.invoiceNumber,
      invoiceDate: portalDate(n.invoiceDate),
      items,
    };
    (section === 'b2b' ? cdnr : cdnur).push(row);
  }

  const b2cs = [...sums.b2cs.values()]
    .filter((row) => row.taxablePaise || taxOf(row))
    .sort((a, b) => byNumberThenText(a.placeOfSupply, b.placeOfSupply) || a.rate - b.rate);
  const nil = [...sums.nil.values()]
    .filter((n) => n.nilPaise)
    .sort((a, b) => Number(a.registered) - Number(b.registered) || a.supplyType.localeCompare(b.supplyType));

  const quantities = [...sums.milliByUqc.entries()]
    .filter(([, milli]) => milli !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([uqc, milli]) => ({ uqc, quantity: fromMilli(milli) }));
  const totals: Gstr1Totals = {
    ...sums.totals,
    taxPaise: taxOf(sums.totals),
    totalValuePaise: sums.totals.taxablePaise + taxOf(sums.totals),
    quantity: quantities.length === 1 ? quantities[0].quantity : quantities.length ? null : 0,
    quantities,
    invoices: invoices.size,
    creditNotes: notes.length,
  };

  if (sums.noHsn) warnings.push(coded('gstr1NoHsn', { count: sums.noHsn }));
  if (sums.wrongTaxType) warnings.push(coded('gstr1TaxType', { count: sums.wrongTaxType }));
  if (badGstin.length) warnings.push(coded('gstr1BuyerGstin', { numbers: badGstin.join(', ') }));
  if (late.length) warnings.push(coded('gstr1NoteLate', { numbers: late.join(', ') }));
  for (const row of b2cs)
    if (row.taxablePaise < 0) warnings.push(coded('gstr1B2csNegative', { placeOfSupply: row.placeOfSupply, rate: row.rate }));

  return {
    b2b,
    b2cl,
    b2cs,
    cdnr,
    cdnur,
    nil,
    hsn: hsnRows(mergeHsn(sums.hsn.b2b, sums.hsn.b2c)),
    hsnB2b: hsnRows(sums.hsn.b2b),
    hsnB2c: hsnRows(sums.hsn.b2c),
    docs: documentRanges(documents),
    creditNoteDocs: documentRanges(notes.map((n) => ({ series: n.series, seq: n.seq, number: n.number, cancelled: false }))),
    totals,
    warnings,
  };
}

/** "2025-04-01" -> "042025" (the return period the portal files under). */
export function filingPeriod(dateIso: string): string {
  const [y, m] = dateIso.slice(0, 10).split('-');
  return `${m}${y}`;
}

/** Paise amounts as rupees for the API. */
export function amountsInRupees(a: Gstr1Amounts) {
  return { taxable: toRupees(a.taxablePaise), igst: toRupees(a.igstPaise), cgst: toRupees(a.cgstPaise), sgst: toRupees(a.sgstPaise) };
}
