import { addTax, HOME_STATE, type LineTax, noTax } from './gst';
import { supplyTypeOf, type Gstr1Summary } from './gstr1';

/**
 * GSTR-3B (the monthly summary return and payment) for one shop and one month, in paise:
 *
 * - 3.1 outward supplies, read off the month's GSTR-1 summary (core/gstr1.ts), so 3.1(a) and its tax
 *   are GSTR-1's totals to the paisa: (a) taxable supplies other than zero-rated, nil and exempt,
 *   (b) zero-rated (none: the shop neither exports nor supplies SEZs), (c) nil-rated and exempt (the
 *   0 % lines, GSTR-1 table 8);
 * - 3.2 the inter-state supplies of 3.1(a) to unregistered persons, per place of supply: B2CS
 *   inter-state rows (already net of their credit notes) and B2CL invoices less their CDNUR notes;
 * - 4 input tax credit: 4(A)(5) "all other ITC" from the suppliers' bills (purchases and expenses with
 *   the supplier's GSTIN), 4(B)(2) the credit reversed by the shop's debit notes (goods sent back),
 *   4(C) the net;
 * - 6.1 the tax payable per head, paid first from the net credit in the order of CGST Act section
 *   49(5) and CGST rule 88A (setOff), the rest in cash.
 *
 * The rules and their sources: docs/gstr3b.md.
 */

export type TaxHead = 'igst' | 'cgst' | 'sgst';
export const TAX_HEADS: readonly TaxHead[] = ['igst', 'cgst', 'sgst'];

/** An amount of tax per head, in paise. */
export type HeadAmounts = Record<TaxHead, number>;

/** One place of supply of table 3.2: inter-state taxable supplies to unregistered persons there. */
export interface InterStateRow {
  placeOfSupply: string;
  taxablePaise: number;
  igstPaise: number;
}

/** One head of the tax payable (table 6.1): what is due, what each credit pays of it, and the cash. */
export interface PayableRow {
  head: TaxHead;
  payablePaise: number;
  /** Paid from the credit of IGST, CGST and SGST. */
  paid: HeadAmounts;
  cashPaise: number;
}

export interface Gstr3bInput {
  /** The month's GSTR-1 summary (invoices less credit notes of the month). */
  outward: Gstr1Summary;
  /** The input tax of the month's purchase bills from suppliers with a GSTIN. */
  purchases: LineTax;
  /** The input tax of the month's expenses with the supplier's GSTIN. */
  expenses: LineTax;
  /** The input tax the month's debit notes reverse (rows as read, any grouping). */
  debitNotes: readonly LineTax[];
  /** The taxable value of nil-rated (0 %) goods bought from registered suppliers (table 5), intra- and inter-state. */
  nilInward?: { intraPaise: number; interPaise: number };
}

export interface Gstr3bSummary {
  /** 3.1(a) */
  outwardTaxable: LineTax;
  /** 3.1(b): always nil for this shop. */
  zeroRated: LineTax;
  /** 3.1(c): taxable value of nil-rated and exempt supplies. */
  nilExemptPaise: number;
  /** 3.2, unregistered persons, in place of supply order; rows that net to nothing left out. */
  interState: InterStateRow[];
  /** 4(A)(5) from purchases and from expenses, and their sum. */
  itcPurchases: LineTax;
  itcExpenses: LineTax;
  itcAvailable: HeadAmounts;
  /** 4(B)(2) */
  itcReversed: HeadAmounts;
  /** 4(C) = 4(A) − 4(B) */
  itcNet: HeadAmounts;
  /** Table 5: nil-rated inward supplies from registered suppliers. */
  nilInward: { intraPaise: number; interPaise: number };
  /** 6.1, in the order IGST, CGST, SGST. */
  payable: PayableRow[];
  /** The credit left after the set-off, carried to the next month. */
  creditLeft: HeadAmounts;
}

const heads = (t: LineTax): HeadAmounts => ({ igst: t.igstPaise, cgst: t.cgstPaise, sgst: t.sgstPaise });
const noHeads = (): HeadAmounts => ({ igst: 0, cgst: 0, sgst: 0 });

/**
 * Pays each head's liability from the credit, as CGST Act section 49(5) and CGST rule 88A order it:
 *
 * 1. IGST credit first against IGST; what is left of it against CGST and SGST "in any order" (rule
 *    88A): here first where the head's own credit falls short, so the least cash is paid. CGST and SGST
 *    credit are used only once the IGST credit is used up (rule 88A's proviso, section 49A);
 * 2. CGST credit against CGST, then against IGST (section 49(5)(b));
 * 3. SGST credit against SGST, then against IGST (section 49(5)(c)), only after CGST credit (49A);
 * CGST credit never pays SGST, nor SGST credit CGST (section 49(5)(e), (f)). A negative credit (a
 * month whose debit notes reverse more than it took) pays nothing. The rest of each head is cash.
 */
export function setOff(liability: HeadAmounts, credit: HeadAmounts): { payable: PayableRow[]; creditLeft: HeadAmounts } {
  const due = { ...liability };
  const left: HeadAmounts = { igst: Math.max(credit.igst, 0), cgst: Math.max(credit.cgst, 0), sgst: Math.max(credit.sgst, 0) };
  const paid: Record<TaxHead, HeadAmounts> = { igst: noHeads(), cgst: noHeads(), sgst: noHeads() };
  const apply = (from: TaxHead, against: TaxHead, most = Infinity) => {
    const amount = Math.max(Math.min(left[from], due[against], most), 0);
    left[from] -= amount;
    due[against] -= amount;
    paid[against][from] += amount;
  };

  apply('igst', 'igst');
  // what CGST and SGST credit cannot pay themselves is paid from IGST first
  apply('igst', 'cgst', Math.max(due.cgst - left.cgst, 0));
  apply('igst', 'sgst', Math.max(due.sgst - left.sgst, 0));
  apply('igst', 'cgst');
  apply('igst', 'sgst');
  apply('cgst', 'cgst');
  apply('cgst', 'igst');
  apply('sgst', 'sgst');
  apply('sgst', 'igst');

  return {
    payable: TAX_HEADS.map((head) => ({ head, payablePaise: liability[head], paid: paid[head], cashPaise: Math.max(due[head], 0) })),
    creditLeft: {
      igst: left.igst + Math.min(credit.igst, 0),
      cgst: left.cgst + Math.min(credit.cgst, 0),
      sgst: left.sgst + Math.min(credit.sgst, 0),
    },
  };
}

/** Table 3.2 from the GSTR-1 summary: inter-state B2CS rows and B2CL invoices less CDNUR notes, per place of supply. */
function interStateToUnregistered(s: Gstr1Summary, supplierState: string): InterStateRow[] {
  const byPos = new Map<string, InterStateRow>();
  const add = (pos: string, t: LineTax, sign: 1 | -1) => {
    let row = byPos.get(pos);
    if (!row) byPos.set(pos, (row = { placeOfSupply: pos, taxablePaise: 0, igstPaise: 0 }));
    row.taxablePaise += sign * t.taxablePaise;
    row.igstPaise += sign * t.igstPaise;
  };
  for (const b of s.b2cs) if (b.supplyType === 'INTER' && b.rate > 0) add(b.placeOfSupply, b, 1);
  for (const inv of s.b2cl)
    if (supplyTypeOf(inv.placeOfSupply, supplierState) === 'INTER') for (const it of inv.items) add(inv.placeOfSupply, it, 1);
  for (const n of s.cdnur)
    if (supplyTypeOf(n.placeOfSupply, supplierState) === 'INTER') for (const it of n.items) add(n.placeOfSupply, it, -1);
  return [...byPos.values()]
    .filter((r) => r.taxablePaise || r.igstPaise)
    .sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply, 'en', { numeric: true }));
}

export function computeGstr3b(input: Gstr3bInput, supplierState: string = HOME_STATE.code): Gstr3bSummary {
  const s = input.outward;
  // GSTR-1's totals hold every line, the 0 % ones (table 8) with no tax: those are 3.1(c), the rest 3.1(a)
  const nilExemptPaise = s.nil.reduce((n, row) => n + row.nilPaise, 0);
  const outwardTaxable: LineTax = { ...noTax(), ...pickTax(s.totals), taxablePaise: s.totals.taxablePaise - nilExemptPaise };

  const itcAvailable = heads(input.purchases);
  addHeads(itcAvailable, heads(input.expenses));
  const reversed = noTax();
  for (const d of input.debitNotes) addTax(reversed, d);
  const itcReversed = heads(reversed);
  const itcNet: HeadAmounts = {
    igst: itcAvailable.igst - itcReversed.igst,
    cgst: itcAvailable.cgst - itcReversed.cgst,
    sgst: itcAvailable.sgst - itcReversed.sgst,
  };

  return {
    outwardTaxable,
    zeroRated: noTax(),
    nilExemptPaise,
    interState: interStateToUnregistered(s, supplierState),
    itcPurchases: { ...input.purchases },
    itcExpenses: { ...input.expenses },
    itcAvailable,
    itcReversed,
    itcNet,
    nilInward: input.nilInward ?? { intraPaise: 0, interPaise: 0 },
    ...setOff(heads(outwardTaxable), itcNet),
  };
}

const pickTax = (t: LineTax): LineTax => ({
  taxablePaise: t.taxablePaise,
  cgstPaise: t.cgstPaise,
  sgstPaise: t.sgstPaise,
  igstPaise: t.igstPaise,
});
function addHeads(into: HeadAmounts, h: HeadAmounts) {
  for (const k of TAX_HEADS) into[k] += h[k];
}

/** "2026-11" -> the month's first and last India days, and the return period "112026". */
export function monthPeriod(month: string): { startDate: string; endDate: string; retPeriod: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { startDate: `${y}-${mm}-01`, endDate: `${y}-${mm}-${String(last).padStart(2, '0')}`, retPeriod: `${mm}${y}` };
}
