/** Money travels as rupees (numbers with up to 2 decimals) and is stored as integer paise. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => Math.round(paise) / 100;

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,23,456.50 — Indian digit grouping. */
export const formatRupees = (rupees: number): string => inr.format(rupees);

/**
 * a x b / d rounded half-up to an integer, for non-negative integers a, b and positive d. Exact: on
 * numbers while the product is a safe integer, else on BigInt.
 */
export function mulDivRoundHalfUp(a: number, b: number, d: number): number {
  const x = 2 * a * b + d;
  if (Number.isSafeInteger(x)) {
    // floor(x / 2d), corrected for the float division's last-bit rounding
    const y = 2 * d;
    let q = Math.floor(x / y);
    const r = x - q * y;
    if (r < 0) q -= 1;
    else if (r >= y) q += 1;
    return q;
  }
  return Number((2n * BigInt(a) * BigInt(b) + BigInt(d)) / (2n * BigInt(d)));
}

/** A whole-rupee amount at or below `paise` (₹123.45 -> ₹123.00), in paise. */
export const floorToRupee = (paise: number): number => Math.floor(paise / 100) * 100;
