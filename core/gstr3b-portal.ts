import { CSV_BOM, csvRow } from './csv';
import type { LineTax } from './gst';
import { gstStateLabel } from './gstin';
import type { Gstr3bSummary, HeadAmounts } from './gstr3b';
import { toRupees } from './money';

/**
 * The two files an accountant takes to the GST portal from a GSTR-3B summary (core/gstr3b.ts): the
 * JSON in GSTN's GSTR-3B layout (gstin, ret_period, sup_details, inter_sup, itc_elg, inward_sup),
 * amounts in rupees with 2 decimals as numbers like the GSTR-1 JSON (core/gstr1-portal.ts), and a CSV
 * with one section per table, laid out as the return's own tables.
 */
const r = toRupees;

const taxJson = (h: HeadAmounts) => ({ iamt: r(h.igst), camt: r(h.cgst), samt: r(h.sgst), csamt: 0 });
const supplyJson = (t: LineTax) => ({
  txval: r(t.taxablePaise),
  iamt: r(t.igstPaise),
  camt: r(t.cgstPaise),
  samt: r(t.sgstPaise),
  csamt: 0,
});
const NONE: HeadAmounts = { igst: 0, cgst: 0, sgst: 0 };

/** GSTN's GSTR-3B JSON: every table the shop can have, the ones it never has at zero, as the offline tool writes them. */
export function gstr3bPortalJson(g: Gstr3bSummary, opts: { gstin: string; retPeriod: string }) {
  return {
    gstin: opts.gstin,
    ret_period: opts.retPeriod,
    sup_details: {
      osup_det: supplyJson(g.outwardTaxable),
      osup_zero: { txval: r(g.zeroRated.taxablePaise), iamt: r(g.zeroRated.igstPaise), csamt: 0 },
      osup_nil_exmp: { txval: r(g.nilExemptPaise) },
      isup_rev: supplyJson({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 }),
      osup_nongst: { txval: 0 },
    },
    inter_sup: {
      unreg_details: g.interState.map((row) => ({ pos: row.placeOfSupply, txval: r(row.taxablePaise), iamt: r(row.igstPaise) })),
      comp_details: [],
      uin_details: [],
    },
    itc_elg: {
      itc_avl: [
        { ty: 'IMPG' as const, ...taxJson(NONE) },
        { ty: 'IMPS' as const, ...taxJson(NONE) },
        { ty: 'ISRC' as const, ...taxJson(NONE) },
        { ty: 'ISD' as const, ...taxJson(NONE) },
        { ty: 'OTH' as const, ...taxJson(g.itcAvailable) },
      ],
      itc_rev: [
        { ty: 'RUL' as const, ...taxJson(NONE) },
        { ty: 'OTH' as const, ...taxJson(g.itcReversed) },
      ],
      itc_net: taxJson(g.itcNet),
      itc_inelg: [
        { ty: 'RUL' as const, ...taxJson(NONE) },
        { ty: 'OTH' as const, ...taxJson(NONE) },
      ],
    },
    inward_sup: {
      isup_details: [
        { ty: 'GST' as const, inter: r(g.nilInward.interPaise), intra: r(g.nilInward.intraPaise) },
        { ty: 'NONGST' as const, inter: 0, intra: 0 },
      ],
    },
  };
}

// a negative amount goes as a number: a text starting with '-' would be defused as a formula (core/csv.ts)
const money = (paise: number): string | number => (paise < 0 ? paise / 100 : (paise / 100).toFixed(2));
const HEADS = ['Integrated Tax', 'Central Tax', 'State/UT Tax', 'Cess'];
const headCells = (h: HeadAmounts) => [money(h.igst), money(h.cgst), money(h.sgst), '0.00'];
const lineHeads = (t: LineTax): HeadAmounts => ({ igst: t.igstPaise, cgst: t.cgstPaise, sgst: t.sgstPaise });

/** Tables 3.1, 3.2, 4, 5 and 6.1, each with its header, as the return shows them. */
export function gstr3bCsv(g: Gstr3bSummary): string {
  const out: string[] = [];
  out.push('3.1 Outward supplies', csvRow(['Nature of Supplies', 'Total Taxable Value', ...HEADS]));
  out.push(
    csvRow([
      '(a) Outward taxable supplies (other than zero rated, nil rated and exempted)',
      money(g.outwardTaxable.taxablePaise),
      ...headCells(lineHeads(g.outwardTaxable)),
    ]),
  );
  out.push(
    csvRow(['(b) Outward taxable supplies (zero rated)', money(g.zeroRated.taxablePaise), money(g.zeroRated.igstPaise), '', '', '0.00']),
  );
  out.push(csvRow(['(c) Other outward supplies (nil rated, exempted)', money(g.nilExemptPaise), '', '', '', '']));
  out.push(csvRow(['(d) Inward supplies (liable to reverse charge)', '0.00', '0.00', '0.00', '0.00', '0.00']));
  out.push(csvRow(['(e) Non-GST outward supplies', '0.00', '', '', '', '']), '');

  out.push('3.2 Inter-State supplies to unregistered persons', csvRow(['Place of Supply', 'Total Taxable Value', 'Integrated Tax']));
  for (const row of g.interState) out.push(csvRow([gstStateLabel(row.placeOfSupply), money(row.taxablePaise), money(row.igstPaise)]));
  const inter = g.interState.reduce((a, x) => ({ t: a.t + x.taxablePaise, i: a.i + x.igstPaise }), { t: 0, i: 0 });
  out.push(csvRow(['Total', money(inter.t), money(inter.i)]), '');

  out.push('4 Eligible ITC', csvRow(['Details', ...HEADS]));
  const none: HeadAmounts = { igst: 0, cgst: 0, sgst: 0 };
  out.push(csvRow(['(A)(1) Import of goods', ...headCells(none)]));
  out.push(csvRow(['(A)(2) Import of services', ...headCells(none)]));
  out.push(csvRow(['(A)(3) Inward supplies liable to reverse charge', ...headCells(none)]));
  out.push(csvRow(['(A)(4) Inward supplies from ISD', ...headCells(none)]));
  out.push(csvRow(['(A)(5) All other ITC', ...headCells(g.itcAvailable)]));
  out.push(csvRow(['    of which purchases', ...headCells(lineHeads(g.itcPurchases))]));
  out.push(csvRow(['    of which expenses', ...headCells(lineHeads(g.itcExpenses))]));
  out.push(csvRow(['(B)(1) Reversed: rules 38, 42, 43 and section 17(5)', ...headCells(none)]));
  out.push(csvRow(['(B)(2) Reversed: others (debit notes)', ...headCells(g.itcReversed)]));
  out.push(csvRow(['(C) Net ITC available (A) - (B)', ...headCells(g.itcNet)]), '');

  out.push(
    '5 Exempt, nil-rated and non-GST inward supplies',
    csvRow(['Nature of supplies', 'Inter-State supplies', 'Intra-State supplies']),
  );
  out.push(csvRow(['Composition, exempt and nil rated supply', money(g.nilInward.interPaise), money(g.nilInward.intraPaise)]));
  out.push(csvRow(['Non GST supply', '0.00', '0.00']), '');

  out.push(
    '6.1 Payment of tax',
    csvRow(['Description', 'Tax payable', 'Paid through ITC: Integrated Tax', 'Central Tax', 'State/UT Tax', 'Tax paid in cash']),
  );
  const names = { igst: 'Integrated Tax', cgst: 'Central Tax', sgst: 'State/UT Tax' } as const;
  for (const p of g.payable)
    out.push(
      csvRow([names[p.head], money(p.payablePaise), money(p.paid.igst), money(p.paid.cgst), money(p.paid.sgst), money(p.cashPaise)]),
    );
  out.push(csvRow(['Cess', '0.00', '0.00', '', '', '0.00']), '');
  out.push(csvRow(['Credit carried forward', ...headCells(g.creditLeft)]));
  return `${CSV_BOM}${out.join('\r\n')}\r\n`;
}
