import { mulDivRoundHalfUp } from './money';

/**
 * GST on tax-inclusive prices, on what the line was really charged (after its discounts and its share
 * of the order's delivery discount). For an amount A (paise) at rate r %:
 *
 * - intra-state: CGST = SGST = half the rate on the taxable value A x 100 / (100 + r), each rounded
 *   half-up to the paisa, so the two are always equal; taxable value = A - CGST - SGST, so any odd
 *   paisa of rounding stays in the taxable value, never in one of the halves;
 * - inter-state: taxable value = A x 100 / (100 + r) rounded half-up; IGST = A - taxable value.
 *
 * Rates are taken to the hundredth of a percent (0.25 %, 1.5 %) and the arithmetic is on integers.
 */
export interface LineTax {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** No tax: the start of a sum. */
export const noTax = (): LineTax => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });

/** Adds one line's (or one sum's) tax into a running sum. */
export function addTax(into: LineTax, t: LineTax): void {
  into.taxablePaise += t.taxablePaise;
  into.cgstPaise += t.cgstPaise;
  into.sgstPaise += t.sgstPaise;
  into.igstPaise += t.igstPaise;
}

/** The tax on top of the taxable value: CGST + SGST + IGST. */
export const taxOf = (t: LineTax): number => t.cgstPaise + t.sgstPaise + t.igstPaise;

export function lineTax(amountPaise: number, ratePct: number, interState = false): LineTax {
  const amount = Math.max(Math.round(amountPaise), 0);
  const rate = Math.max(Math.round(ratePct * 100), 0); // hundredths of a percent
  if (interState) {
    const taxable = mulDivRoundHalfUp(amount, 10_000, 10_000 + rate);
    return { taxablePaise: taxable, cgstPaise: 0, sgstPaise: 0, igstPaise: amount - taxable };
  }
  // each half: (A x 100 / (100 + r)) x (r / 2) / 100 = A x r / (2 x (100 + r))
  const half = mulDivRoundHalfUp(amount, rate, 2 * (10_000 + rate));
  return { taxablePaise: amount - 2 * half, cgstPaise: half, sgstPaise: half, igstPaise: 0 };
}

/** Every shop on the marketplace is in Tamil Nadu (GST state code 33). */
export const HOME_STATE = { code: '33', name: 'Tamil Nadu' } as const;
