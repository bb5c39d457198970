/**
 * Receiving goods from a supplier (a purchase): the GST slabs a bill line may carry, the line's tax
 * on a cost before GST, and the weighted average cost price. Amounts are integer paise, quantities
 * exact thousandths (core/quantity).
 */
import { gstinCheckChar, normalizeGstin, TAMIL_NADU_STATE_CODE } from './gstin';
import { noTax, addTax, type LineTax } from './gst';
import { mulDivRoundHalfUp } from './money';
import { toMilli } from './quantity';

/** The GST rates (percent) a purchase line may carry. */
export const GST_SLABS = [0, 0.25, 3, 5, 12, 18, 28] as const;
export const isGstSlab = (rate: number): boolean => (GST_SLABS as readonly number[]).includes(rate);

/** The longest supplier name, bill number and cancel reason. */
export const SUPPLIER_NAME_MAX = 100;
export const BILL_NUMBER_MAX = 40;
export const CANCEL_REASON_MIN = 3;
export const CANCEL_REASON_MAX = 200;
/** The most lines one bill may have. */
export const PURCHASE_LINES_MAX = 200;

const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** What is wrong with a supplier's GSTIN (any state), or null when it is valid. */
export function supplierGstinCode(raw: string): 'gstinFormat' | 'gstinCheck' | null {
  const gstin = normalizeGstin(raw);
  if (!GSTIN_SHAPE.test(gstin)) return 'gstinFormat';
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'gstinCheck';
  return null;
}

/**
 * Every shop is in Tamil Nadu: a supplier whose GSTIN names another state sells inter-state (IGST);
 * a Tamil Nadu supplier, or one without a GSTIN, charges CGST and SGST.
 */
export const isInterStateSupplier = (gstin: string | null | undefined): boolean =>
  !!gstin && gstin.length >= 2 && gstin.slice(0, 2) !== TAMIL_NADU_STATE_CODE;

/**
 * One bill line: quantity x unit cost (before GST) is the taxable value, rounded half-up to the paisa;
 * GST is added on top: CGST = SGST = half the rate each (rounded half-up, so always equal), or IGST
 * the whole rate. The line total is taxable value plus tax.
 */
export function purchaseLineTax(
  quantity: number,
  unitCostPaise: number,
  ratePct: number,
  interState: boolean,
): LineTax & { totalPaise: number } {
  const taxable = mulDivRoundHalfUp(toMilli(quantity), Math.round(unitCostPaise), 1000);
  const rate = Math.round(ratePct * 100); // hundredths of a percent
  const tax = interState
    ? { taxablePaise: taxable, cgstPaise: 0, sgstPaise: 0, igstPaise: mulDivRoundHalfUp(taxable, rate, 10_000) }
    : (() => {
        const half = mulDivRoundHalfUp(taxable, rate, 20_000);
        return { taxablePaise: taxable, cgstPaise: half, sgstPaise: half, igstPaise: 0 };
      })();
  return { ...tax, totalPaise: taxable + tax.cgstPaise + tax.sgstPaise + tax.igstPaise };
}

/** A bill's totals: the sum of its lines. */
export function purchaseTotals(lines: ReadonlyArray<LineTax>): LineTax & { totalPaise: number } {
  const sum = noTax();
  for (const l of lines) addTax(sum, l);
  return { ...sum, totalPaise: sum.taxablePaise + sum.cgstPaise + sum.sgstPaise + sum.igstPaise };
}

/**
 * The cost price after receiving `quantity` at `unitCostPaise`: the average of what is in stock
 * (never below zero: sold-ahead stock has no cost) at the old cost and what came in at the new one,
 * rounded half-up to the paisa. An unknown old cost, or nothing in stock, gives the new unit cost.
 */
export function weightedCostPaise(oldStock: number, oldCostPaise: number | null, quantity: number, unitCostPaise: number): number {
  const s = oldCostPaise === null ? 0n : BigInt(Math.max(toMilli(oldStock), 0));
  const q = BigInt(toMilli(quantity));
  if (s + q === 0n) return Math.round(unitCostPaise);
  const num = s * BigInt(oldCostPaise ?? 0) + q * BigInt(Math.round(unitCostPaise));
  const den = s + q;
  return Number((2n * num + den) / (2n * den));
}
