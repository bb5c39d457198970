import { coded, type Coded } from './coded';
import { addTax, lineTax, noTax, type LineTax } from './gst';
import { documentSeries } from './invoice';
import { mulDivRoundHalfUp, toRupees } from './money';
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

/** Refund methods in the order the day close lists them (and a split refund takes the parts after the chosen one). */
const REFUND_BUCKETS = ['cash', 'upi', 'card', 'credit'] as const;
type RefundBucket = (typeof REFUND_BUCKETS)[number];

/** A part of a refund: a method and what it refunds, in paise. */
export interface RefundPart {
  method: string;
  amountPaise: number;
}

const bucketOf = (method: string): RefundBucket =>
  (REFUND_BUCKETS as readonly string[]).includes(method) ? (method as RefundBucket) : 'cash';

/**
 * The refunds of a day (its credit notes) by method: amounts in paise and counts; the total; the day's net after them.
 * A note refunded in parts (`refunds`, a split sale's return) counts each part in its method, and the note once in
 * each method it refunded by; any other note counts whole in its `refundMethod`.
 */
export function dayRefunds(
  notes: readonly { refundMethod: string; amountPaise: number; refunds?: readonly RefundPart[] | null }[],
  netPaise: number,
) {
  const amounts: Record<RefundBucket, number> = { cash: 0, upi: 0, card: 0, credit: 0 };
  const counts: Record<RefundBucket, number> = { cash: 0, upi: 0, card: 0, credit: 0 };
  let totalPaise = 0;
  for (const n of notes) {
    const parts = n.refunds?.length ? n.refunds : [{ method: n.refundMethod, amountPaise: n.amountPaise }];
    for (const p of parts) amounts[bucketOf(p.method)] += p.amountPaise;
    for (const m of new Set(parts.map((p) => bucketOf(p.method)))) counts[m] += 1;
    totalPaise += n.amountPaise;
  }
  return { amounts, counts, count: notes.length, totalPaise, netAfterPaise: netPaise - totalPaise };
}

/** What each part of a split sale has left to refund: what it paid less what earlier returns refunded by its method. */
const partsLeft = (parts: readonly RefundPart[], refundedByMethod: Readonly<Record<string, number>>): RefundPart[] =>
  parts.map((p) => ({ method: p.method, amountPaise: Math.max(p.amountPaise - (refundedByMethod[p.method] ?? 0), 0) }));

/**
 * A return of a sale paid in parts refunds by a method it was paid by (`refundNotPaidBy` otherwise), and never
 * more than its parts have left (what they paid less what earlier returns refunded by each: `refundOverPart`).
 * A coded message, or undefined when splitRefundParts can take `amountPaise`.
 */
export function splitRefundProblem(
  parts: readonly RefundPart[],
  refundedByMethod: Readonly<Record<string, number>>,
  method: string,
  amountPaise: number,
): Coded | undefined {
  if (!parts.some((p) => p.method === method)) return coded('refundNotPaidBy', { method, methods: parts.map((p) => p.method).join(',') });
  const leftPaise = partsLeft(parts, refundedByMethod).reduce((s, p) => s + p.amountPaise, 0);
  if (amountPaise > leftPaise) return coded('refundOverPart', { left: toRupees(leftPaise) });
  return undefined;
}

/**
 * How a return of a sale paid in parts is refunded: first by the `chosen` method's part, up to what it has left
 * (what it paid less what earlier returns refunded by it), then whatever is still to refund by the sale's other
 * parts in a fixed order (cash, UPI, card, credit), each at most what it has left. Parts that refund nothing are
 * left out. Checked first by splitRefundProblem: the parts here add up to `amountPaise`.
 */
export function splitRefundParts(
  parts: readonly RefundPart[],
  refundedByMethod: Readonly<Record<string, number>>,
  chosen: string,
  amountPaise: number,
): RefundPart[] {
  const rank = (m: string) => (m === chosen ? -1 : REFUND_BUCKETS.indexOf(bucketOf(m)));
  const order = partsLeft(parts, refundedByMethod).sort((a, b) => rank(a.method) - rank(b.method));
  const out: RefundPart[] = [];
  let rest = Math.max(amountPaise, 0);
  for (const p of order) {
    const take = Math.min(p.amountPaise, rest);
    if (take > 0) out.push({ method: p.method, amountPaise: take });
    rest -= take;
  }
  return out;
}
