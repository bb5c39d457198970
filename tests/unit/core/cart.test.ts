import { describe, expect, it } from 'vitest';
import { cartTotals, lineTotal, lineTotalPaise, netUnitPaise, percentOff } from '../../../core/cart';

describe('line totals', () => {
  it('is (price - discount) x quantity', () => {
    expect(lineTotal(100, 10, 3)).toBe(270);
    expect(lineTotalPaise(38_900, 1_000, 2)).toBe(75_800);
  });

  it('is never negative: a discount above the price gives 0', () => {
    expect(lineTotal(50, 80, 2)).toBe(0);
    expect(lineTotalPaise(5_000, 8_000, 4)).toBe(0);
    expect(netUnitPaise(5_000, 8_000)).toBe(0);
  });

  it('treats a missing or negative discount as none', () => {
    expect(lineTotal(40, undefined as unknown as number, 2)).toBe(80);
    expect(netUnitPaise(4_000, -500)).toBe(4_000);
  });

  it('has no float error on paise amounts', () => {
    expect(lineTotal(19.99, 0, 3)).toBe(59.97);
    expect(lineTotal(0.1, 0, 3)).toBe(0.3);
    expect(lineTotal(389, 10.5, 7)).toBe(2_649.5);
  });
});

describe('cartTotals', () => {
  it('is empty for an empty cart', () => {
    expect(cartTotals([])).toEqual({
      totalItems: 0,
      itemsPrice: 0,
      totalDiscount: 0,
      totalDeliveryDiscount: 0,
      shippingPrice: 0,
      taxPrice: 0,
      totalPrice: 0,
    });
  });

  it('nets per-unit discounts, applies the delivery slab on the net items price', () => {
    const t = cartTotals([
      { price: 100, discount: 10, qty: 2 }, // 180
      { price: 450, discount: 0, qty: 1 }, // 450
    ]);
    expect(t).toEqual({
      totalItems: 3,
      itemsPrice: 630,
      totalDiscount: 20,
      totalDeliveryDiscount: 10,
      shippingPrice: 0,
      taxPrice: 0,
      totalPrice: 620,
    });
  });

  it('uses the net price for the slab: ₹520 list price less ₹30 discount stays below ₹500', () => {
    const t = cartTotals([{ price: 260, discount: 15, qty: 2 }]);
    expect(t.itemsPrice).toBe(490);
    expect(t.totalDeliveryDiscount).toBe(0);
    expect(t.totalPrice).toBe(490);
  });

  it('counts at most the price as discount when the discount is larger', () => {
    const t = cartTotals([
      { price: 50, discount: 80, qty: 2 },
      { price: 1_000, discount: 0, qty: 1 },
    ]);
    expect(t.itemsPrice).toBe(1_000);
    expect(t.totalDiscount).toBe(100);
    expect(t.totalDeliveryDiscount).toBe(30);
    expect(t.totalPrice).toBe(970);
  });

  it('reaches the top slab on a big cart', () => {
    const t = cartTotals([{ price: 1_350, discount: 100, qty: 10 }]);
    expect(t.itemsPrice).toBe(12_500);
    expect(t.totalDiscount).toBe(1_000);
    expect(t.totalDeliveryDiscount).toBe(200);
    expect(t.totalPrice).toBe(12_300);
  });

  it('sums paise, not floats', () => {
    const t = cartTotals([
      { price: 0.1, discount: 0, qty: 1 },
      { price: 0.2, discount: 0, qty: 1 },
    ]);
    expect(t.itemsPrice).toBe(0.3);
  });
});

describe('percentOff', () => {
  it('is the discount as a rounded percent of the selling price', () => {
    expect(percentOff(389, 10)).toBe(3);
    expect(percentOff(200, 50)).toBe(25);
    expect(percentOff(0, 10)).toBe(0);
    expect(percentOff(100, 0)).toBe(0);
  });
});
