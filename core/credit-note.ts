import { coded, type Coded } from './coded';
import { addTax, lineTax, noTax, type LineTax } from './gst';
import { documentSeries } from './invoice';
import { mulDivRoundHalfUp } from './money';
import { fromMilli, quantityError, toMilli } from './units';

/**
 * Returns against a delivered sale, and the credit notes they make (CGST Act s. 34). A credit note
 * has its own gap-free series per vendor and financial year, PREFIX-CN/26/000001, beside the
 * invoice series (core/invoice.ts: the same prefix, cut to fit 16 characters, and year, the same
 * six-digit sequence). Notes numbered before in the longer form (MS/CN/2026-27/000001) keep it.
 *
 * What a returned quantity refunds: the line's charged amount (its total less its share of the
 * order's delivery discount: what GST was computed on) pro rata for the quantity, rounded half-up
 * to the paisa, and never more than is left unrefunded; the return that takes the last of a line
 * takes exactly what is left, so a line's notes add up to its charged amount to the paisa. The GST
 * reversed is core/gst.ts lineTax on that amount, at the line's rate, inter-state when the order's
 * place of supply is another state.
 */

/** "MS" + "2026-27" -> "MS-CN/26/": the part of a credit note number before its sequence. */
export const creditNoteSeries = (prefix: string, fy: string): string => documentSeries('creditNote', prefix, fy);

/** A sold line as a return sees it: quantities in the line's unit, money in paise. */
export interface ReturnableLine {
  name: string;
  unit: string;
  /** The quantity sold. */
  sold: number;
  /** The quantity returned by earlier credit notes. */
  returned: number;
  /** line_total_paise - delivery_discount_paise: what the customer was charged for the line. */
  chargedPaise: number;
  /** What earlier credit notes refunded for the line. */
  refundedPaise: number;
  gstRate: number;
}

/** What is left to return of a line: sold less returned before, in its unit (exact to the thousandth). */
export const returnableQuantity = (line: Pick<ReturnableLine, 'sold' | 'returned'>): number =>
  fromMilli(Math.max(toMilli(line.sold) - toMilli(line.returned), 0));

/** Why `quantity` of the line cannot be returned (a coded message), or undefined when it can. */
export function returnQuantityProblem(line: ReturnableLine, quantity: number): Coded | undefined {
  const bad = quantityError(quantity, line.unit, line.name);
  if (bad) return bad;
  const left = returnableQuantity(line);
  if (toMilli(quantity) > toMilli(left)) return coded('returnTooMuch', { name: line.name, returnable: left });
  return undefined;
}

/** A returned quantity's refund: the amount (tax included) and the GST it reverses, in paise. */
export interface LineRefund extends LineTax {
  amountPaise: number;
}

/**
 * The refund for `quantity` of a line (already checked by returnQuantityProblem): pro rata of the
 * charged amount, rounded half-up, at most what is left; all that is left when the quantity is the
 * rest of the line. GST by core/gst.ts lineTax.
 */
export function lineRefund(line: ReturnableLine, quantity: number, interState: boolean): LineRefund {
  const soldMilli = toMilli(line.sold);
  const qtyMilli = toMilli(quantity);
  const leftPaise = Math.max(line.chargedPaise - line.refundedPaise, 0);
  const takesTheRest = qtyMilli >= soldMilli - toMilli(line.returned);
  const charged = Math.max(line.chargedPaise, 0);
  const amountPaise =
    takesTheRest || soldMilli <= 0 ? leftPaise : Math.min(mulDivRoundHalfUp(charged, Math.max(qtyMilli, 0), soldMilli), leftPaise);
  return { amountPaise, ...lineTax(amountPaise, line.gstRate, interState) };
}

/** A credit note's totals: the refund and the GST reversed, summed over its lines. */
export function refundTotals(lines: readonly LineRefund[]): LineRefund {
  const tax = noTax();
  let amountPaise = 0;
  for (const l of lines) {
    addTax(tax, l);
    amountPaise += l.amountPaise;
  }
  return { amountPaise, ...tax };
}

/** The GST reversed per rate (a credit note's tax table), lowest rate first. */
export function refundByRate<T extends LineRefund & { gstRate: number }>(lines: readonly T[]): (LineRefund & { rate: number })[] {
  const byRate = new Map<number, LineRefund[]>();
  for (const l of lines) byRate.set(l.gstRate, [...(byRate.get(l.gstRate) ?? []), l]);
  return [...byRate].sort(([a], [b]) => a - b).map(([rate, ls]) => ({ rate, ...refundTotals(ls) }));
}

/** Refund methods in the order the day close lists them. */
const REFUND_BUCKETS = ['cash', 'upi', 'card', 'credit'] as const;
type RefundBucket = (typeof REFUND_BUCKETS)[number];

/** The refunds of a day (its credit notes) by method: amounts in paise and counts; the total; the day's net after them. */
export function dayRefunds(notes: readonly { refundMethod: string; amountPaise: number }[], netPaise: number) {
  const amounts: Record<RefundBucket, number> = { cash: 0, upi: 0, card: 0, credit: 0 };
  const counts: Record<RefundBucket, number> = { cash: 0, upi: 0, card: 0, credit: 0 };
  let totalPaise = 0;
  for (const n of notes) {
    const m = (REFUND_BUCKETS as readonly string[]).includes(n.refundMethod) ? (n.refundMethod as RefundBucket) : 'cash';
    amounts[m] += n.amountPaise;
    counts[m] += 1;
    totalPaise += n.amountPaise;
  }
  return { amounts, counts, count: notes.length, totalPaise, netAfterPaise: netPaise - totalPaise };
}
