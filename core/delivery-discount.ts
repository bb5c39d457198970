/** Delivery discount slabs on the cart's items total, in rupees. */
export const DELIVERY_DISCOUNT_SLABS: ReadonlyArray<{ from: number; discount: number }> = [
  { from: 10000, discount: 200 },
  { from: 5000, discount: 150 },
  { from: 3000, discount: 100 },
  { from: 2000, discount: 50 },
  { from: 1000, discount: 30 },
  { from: 500, discount: 10 },
];

/** Works in paise to avoid float edges: 499.99 gives 0, 500 gives 10. */
export function deliveryDiscountPaise(itemsTotalPaise: number): number {
  for (const slab of DELIVERY_DISCOUNT_SLABS) {
    if (itemsTotalPaise >= slab.from * 100) return slab.discount * 100;
  }
  return 0;
}

export function deliveryDiscount(itemsTotalRupees: number): number {
  return deliveryDiscountPaise(Math.round(itemsTotalRupees * 100)) / 100;
}

/**
 * Shares a whole-cart amount over parts in proportion to their weights so that
 * the shares add up exactly (largest-remainder method, integer paise).
 */
export function shareProportionally(totalPaise: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || totalPaise === 0) return weights.map(() => 0);
  const raw = weights.map((w) => (totalPaise * w) / sum);
  const shares = raw.map(Math.floor);
  let left = totalPaise - shares.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => ({ i, frac: r - Math.floor(r) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) shares[order[k].i] += 1;
  return shares;
}
