import { describe, expect, it } from 'vitest';
import { deliveryDiscount, deliveryDiscountPaise, shareProportionally } from '../../../core/delivery-discount';

describe('delivery discount slabs', () => {
  const edges: Array<[number, number]> = [
    [0, 0],
    [499.99, 0],
    [500, 10],
    [999.99, 10],
    [1000, 30],
    [1999.99, 30],
    [2000, 50],
    [2999.99, 50],
    [3000, 100],
    [4999.99, 100],
    [5000, 150],
    [9999.99, 150],
    [10000, 200],
    [25000, 200],
  ];

  it.each(edges)('items total ₹%s gives ₹%s off', (items, off) => {
    expect(deliveryDiscount(items)).toBe(off);
  });

  it.each(edges)('the paise form agrees at ₹%s', (items, off) => {
    expect(deliveryDiscountPaise(Math.round(items * 100))).toBe(off * 100);
  });

  it('one paisa below a slab stays in the lower slab', () => {
    expect(deliveryDiscountPaise(49_999)).toBe(0);
    expect(deliveryDiscountPaise(50_000)).toBe(1_000);
    expect(deliveryDiscountPaise(999_999)).toBe(15_000);
    expect(deliveryDiscountPaise(1_000_000)).toBe(20_000);
  });

  it('float sums that land on a slab edge are not pushed below it', () => {
    // 0.1 + 0.2 style error: 166.67 x 3 = 500.01, 333.33 + 166.67 = 500.00000000000006
    expect(deliveryDiscount(333.33 + 166.67)).toBe(10);
    expect(deliveryDiscount(0.1 * 5000)).toBe(10);
  });
});

describe('shareProportionally', () => {
  it('splits an even amount in proportion to the weights', () => {
    expect(shareProportionally(200, [30_000, 10_000])).toEqual([150, 50]);
    expect(shareProportionally(5_000, [1, 1, 2])).toEqual([1_250, 1_250, 2_500]);
  });

  it('gives the leftover paise to the largest remainders, ties to the first', () => {
    expect(shareProportionally(1_000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(shareProportionally(11, [0, 5, 5])).toEqual([0, 6, 5]);
    expect(shareProportionally(100, [1, 2])).toEqual([33, 67]);
  });

  it('always adds up to the total exactly and stays within a paisa of the exact share', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let n = 0; n < 500; n++) {
      const weights = Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => Math.floor(rnd() * 500_000));
      const total = Math.floor(rnd() * 20_001);
      const shares = shareProportionally(total, weights);
      const sum = weights.reduce((a, b) => a + b, 0);
      expect(shares).toHaveLength(weights.length);
      if (sum === 0) {
        expect(shares.every((s) => s === 0)).toBe(true);
        continue;
      }
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      shares.forEach((s, i) => {
        expect(Number.isInteger(s)).toBe(true);
        expect(Math.abs(s - (total * weights[i]) / sum)).toBeLessThan(1);
      });
    }
  });

  it('gives nothing when all weights are zero, there are none, or the total is zero', () => {
    expect(shareProportionally(1_000, [0, 0, 0])).toEqual([0, 0, 0]);
    expect(shareProportionally(1_000, [])).toEqual([]);
    expect(shareProportionally(0, [3, 4])).toEqual([0, 0]);
  });

  it('a zero weight gets nothing', () => {
    const shares = shareProportionally(15_000, [0, 45_000, 0, 5_000]);
    expect(shares).toEqual([0, 13_500, 0, 1_500]);
  });
});
