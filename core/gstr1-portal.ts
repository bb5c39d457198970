import { CSV_BOM, csvRow } from './csv';
import { addTax, type LineTax, noTax } from './gst';
import { gstStateLabel } from './gstin';
import type { DocsRange, Gstr1Invoice, Gstr1NoteRow, Gstr1Summary, HsnRow, NilRow, RateItem } from './gstr1';
import { toRupees } from './money';

/**
 * The two files an accountant takes to the GST portal from a GSTR-1 summary (core/gstr1.ts): the
 * offline tool's JSON (sections b2b, b2cl, b2cs, cdnr, cdnur, nil, hsn with its hsn_b2b and hsn_b2c
 * tabs, doc_issue) and a CSV with one section per table, each with its header and a Total row.
 */
const r = toRupees;

const itemDetails = (items: readonly RateItem[], withCgst: boolean) =>
  items.map((it, i) => ({
    num: i + 1,
    itm_det: {
      txval: r(it.taxablePaise),
      rt: it.rate,
      iamt: r(it.igstPaise),
      ...(withCgst ? { camt: r(it.cgstPaise), samt: r(it.sgstPaise) } : {}),
      csamt: 0,
    },
  }));

/** Rows grouped by a key, in the order their key first appears. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return [...groups.entries()];
}

const nilType = (n: NilRow) => `${n.supplyType === 'INTRA' ? 'INTRA' : 'INTR'}${n.registered ? 'B2B' : 'B2C'}` as const;

const hsnJson = (rows: readonly HsnRow[]) =>
  rows.map((h, i) => ({
    num: i + 1,
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
  }));

const docsJson = (docs: readonly DocsRange[]) =>
  docs.map((d, i) => ({ num: i + 1, from: d.from, to: d.to, totnum: d.count, cancel: d.cancelled, net_issue: d.netIssued }));

const noteJson = (n: Gstr1NoteRow) => ({
  ntty: 'C' as const,
  nt_num: n.number,
  nt_dt: n.date,
  val: r(n.valuePaise),
  pos: n.placeOfSupply,
});

/** The GST portal's offline-tool JSON for GSTR-1. Sections with nothing in them are left out, as the tool does. */
export function gstr1PortalJson(summary: Gstr1Summary, opts: { gstin: string; fp: string }) {
  const b2b = groupBy(summary.b2b, (i) => i.buyerGstin).map(([ctin, invs]) => ({
    ctin,
    inv: invs.map((i) => ({
      inum: i.number,
      idt: i.date,
      val: r(i.valuePaise),
      pos: i.placeOfSupply,
      rchrg: 'N' as const,
      inv_typ: 'R' as const,
      itms: itemDetails(i.items, i.supplyType === 'INTRA'),
    })),
  }));
  const b2cl = groupBy(summary.b2cl, (i) => i.placeOfSupply).map(([pos, invs]) => ({
    pos,
    inv: invs.map((i) => ({ inum: i.number, idt: i.date, val: r(i.valuePaise), itms: itemDetails(i.items, false) })),
  }));
  const cdnr = groupBy(summary.cdnr, (n) => n.buyerGstin).map(([ctin, notes]) => ({
    ctin,
    nt: notes.map((n) => ({
      ...noteJson(n),
      rchrg: 'N' as const,
      inv_typ: 'R' as const,
      itms: itemDetails(n.items, n.supplyType === 'INTRA'),
    })),
  }));
  const cdnur = summary.cdnur.map((n) => ({ typ: 'B2CL' as const, ...noteJson(n), itms: itemDetails(n.items, false) }));
  // the nature of document by number: 1 invoices for outward supply, 5 credit notes
  const docDet = [
    { doc_num: 1, docs: docsJson(summary.docs) },
    { doc_num: 5, docs: docsJson(summary.creditNoteDocs) },
  ].filter((d) => d.docs.length);

  return {
    gstin: opts.gstin,
    fp: opts.fp,
    ...(b2b.length ? { b2b } : {}),
    ...(b2cl.length ? { b2cl } : {}),
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
    ...(cdnr.length ? { cdnr } : {}),
    ...(cdnur.length ? { cdnur } : {}),
    ...(summary.nil.length
      ? { nil: { inv: summary.nil.map((n) => ({ sply_ty: nilType(n), nil_amt: r(n.nilPaise), expt_amt: 0, ngsup_amt: 0 })) } }
      : {}),
    // Table 12 in two tabs, B2B and B2C (the portal's schema from the May 2025 return period)
    hsn: { hsn_b2b: hsnJson(summary.hsnB2b), hsn_b2c: hsnJson(summary.hsnB2c) },
    doc_issue: { doc_det: docDet },
  };
}

const money = (paise: number) => (paise / 100).toFixed(2);
const rate = (n: number) => n.toFixed(2);
const taxCells = (t: LineTax) => [money(t.taxablePaise), money(t.igstPaise), money(t.cgstPaise), money(t.sgstPaise), '0.00'];
const TAX_HEADS = ['Taxable Value', 'Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount', 'Cess Amount'];
const sum = (rows: readonly LineTax[]) => rows.reduce((a, x) => (addTax(a, x), a), noTax());

/** One row per invoice (or note) and rate, as the portal's B2B, B2CL, CDNR and CDNUR templates list them. */
function documentSection(
  out: string[],
  title: string,
  head: string[],
  rows: ReadonlyArray<Gstr1Invoice | Gstr1NoteRow>,
  cells: (d: Gstr1Invoice & Partial<Gstr1NoteRow>) => Array<string | number>,
) {
  if (!rows.length) return;
  out.push(title, csvRow([...head, 'Rate', ...TAX_HEADS]));
  for (const d of rows) for (const it of d.items) out.push(csvRow([...cells(d as Gstr1Invoice), rate(it.rate), ...taxCells(it)]));
  out.push(csvRow(['Total', ...head.map(() => ''), ...taxCells(sum(rows.flatMap((d) => d.items)))]), '');
}

function hsnSection(out: string[], title: string, rows: readonly HsnRow[]) {
  out.push(
    title,
    csvRow(['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Rate', ...TAX_HEADS]),
    ...rows.map((h) => csvRow([h.hsn, h.description, h.uqc, h.quantity, money(h.totalValuePaise), rate(h.rate), ...taxCells(h)])),
  );
  const units = new Set(rows.map((h) => h.uqc));
  const milli = rows.reduce((n, h) => n + Math.round(h.quantity * 1000), 0);
  // quantities of different units are never added: the total is left blank then
  const quantity = units.size === 1 ? milli / 1000 : units.size ? '' : 0;
  const value = rows.reduce((n, h) => n + h.totalValuePaise, 0);
  out.push(csvRow(['Total', '', '', quantity, money(value), '', ...taxCells(sum(rows))]), '');
}

/** Sections B2B, B2CL, B2CS, CDNR, CDNUR, NIL (those with rows), HSN(B2B), HSN(B2C) and DOCS. */
export function gstr1Csv(summary: Gstr1Summary): string {
  const out: string[] = [];
  const invoiceHead = ['Invoice Number', 'Invoice Date', 'Invoice Value', 'Place Of Supply'];
  documentSection(out, 'B2B', ['GSTIN/UIN of Recipient', 'Receiver Name', ...invoiceHead], summary.b2b, (d) => [
    d.buyerGstin,
    d.buyerName,
    d.number,
    d.date,
    money(d.valuePaise),
    gstStateLabel(d.placeOfSupply),
  ]);
  documentSection(out, 'B2CL', invoiceHead, summary.b2cl, (d) => [d.number, d.date, money(d.valuePaise), gstStateLabel(d.placeOfSupply)]);

  out.push('B2CS', csvRow(['Type', 'Supply Type', 'Place Of Supply', 'Rate', ...TAX_HEADS]));
  for (const b of summary.b2cs) out.push(csvRow(['OE', b.supplyType, gstStateLabel(b.placeOfSupply), rate(b.rate), ...taxCells(b)]));
  out.push(csvRow(['Total', '', '', '', ...taxCells(sum(summary.b2cs))]), '');

  const noteHead = ['Note Number', 'Note Date', 'Note Value', 'Place Of Supply', 'Invoice Number'];
  documentSection(out, 'CDNR', ['GSTIN/UIN of Recipient', 'Receiver Name', ...noteHead], summary.cdnr, (d) => [
    d.buyerGstin,
    d.buyerName,
    d.number,
    d.date,
    money(d.valuePaise),
    gstStateLabel(d.placeOfSupply),
    d.invoiceNumber ?? '',
  ]);
  documentSection(out, 'CDNUR', ['UR Type', ...noteHead], summary.cdnur, (d) => [
    'B2CL',
    d.number,
    d.date,
    money(d.valuePaise),
    gstStateLabel(d.placeOfSupply),
    d.invoiceNumber ?? '',
  ]);

  if (summary.nil.length) {
    out.push('NIL', csvRow(['Supply Type', 'Nil Rated Supplies', 'Exempted', 'Non-GST Supplies']));
    for (const n of summary.nil)
      out.push(
        csvRow([
          `${n.supplyType === 'INTRA' ? 'Intra' : 'Inter'}-State supplies to ${n.registered ? 'registered' : 'unregistered'} persons`,
          money(n.nilPaise),
          '0.00',
          '0.00',
        ]),
      );
    out.push('');
  }
  if (summary.hsnB2b.length) hsnSection(out, 'HSN(B2B)', summary.hsnB2b);
  hsnSection(out, 'HSN(B2C)', summary.hsnB2c);

  out.push('DOCS', csvRow(['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled', 'Net Issued']));
  for (const d of summary.docs) out.push(csvRow(['Invoices for outward supply', d.from, d.to, d.count, d.cancelled, d.netIssued]));
  for (const d of summary.creditNoteDocs) out.push(csvRow(['Credit Note', d.from, d.to, d.count, d.cancelled, d.netIssued]));
  // the byte-order mark makes spreadsheet programs read the file as UTF-8 (Tamil descriptions)
  return `${CSV_BOM}${out.join('\r\n')}\r\n`;
}
