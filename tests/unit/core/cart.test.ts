import { describe, expect, it } from 'vitest';
import { lineDiscountPaise, lineGrossPaise, lineTotal, lineTotalPaise, netUnitPaise, discountBadge } from '../../../core/cart';
import { cartGstPaise, cartTotals } from '../../../core/cart-totals';

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

describe('decimal quantities: one rounding, half-up to the paisa, once per line', () => {
  it('1.25 kg at ₹68 / kg is ₹85.00', () => {
    expect(lineTotalPaise(6_800, 0, 1.25)).toBe(8_500);
    expect(lineTotal(68, 0, 1.25)).toBe(85);
  });

  it('rounds the line (not the unit price) half-up: 0.333 kg at ₹99.99 = 33.29667 -> ₹33.30; 0.005 kg at ₹1 = 0.5 paise -> 1 paisa', () => {
    expect(lineTotalPaise(9_999, 0, 0.333)).toBe(3_330);
    expect(lineTotalPaise(100, 0, 0.005)).toBe(1);
    expect(lineTotalPaise(100, 0, 0.004)).toBe(0);
    // 1.255 kg at ₹10.10: 1267.55 paise -> 1268
    expect(lineTotalPaise(1_010, 0, 1.255)).toBe(1_268);
  });

  it('gross minus discount is the total exactly, also with decimals', () => {
    for (const q of [0.001, 0.25, 1.333, 2.5, 7, 999.999]) {
      for (const [price, disc] of [
        [6_800, 0],
        [9_999, 333],
        [1_01, 7],
      ]) {
        expect(lineGrossPaise(price, q) - lineDiscountPaise(price, disc, q)).toBe(lineTotalPaise(price, disc, q));
      }
    }
  });

  it('stays exact on very large lines (no float step)', () => {
    // ₹1 crore x 999.999 units = 999,999,000,000 paise x ... stays an integer
    expect(lineTotalPaise(1_000_000_000, 0, 999.999)).toBe(999_999_000_000);
    expect(lineTotalPaise(999_999_999, 0, 0.001)).toBe(1_000_000);
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
      gstIncluded: 0,
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
      // no line says its GST rate: no figure rather than ₹0
      gstIncluded: null,
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

  it('counts a weighed line as one item and prices it by the same rule', () => {
    const t = cartTotals([
      { price: 68, discount: 0, qty: 1.25, unit: 'kg', vendorId: 'v1' }, // 85.00
      { price: 35, discount: 0, qty: 2, vendorId: 'v1' }, // 70.00
    ]);
    expect(t.totalItems).toBe(3);
    expect(t.itemsPrice).toBe(155);
    expect(t.totalPrice).toBe(155);
  });

  it('rounds each vendor order down to a whole rupee: the round-off joins the delivery discount', () => {
    // v1 450.00 and v2 250.00: slab ₹10 shared 6.43 / 3.57 -> orders 443.57 and 246.43 -> 443 and 246
    const t = cartTotals([
      { price: 450, discount: 0, qty: 1, vendorId: 'v1' },
      { price: 250, discount: 0, qty: 1, vendorId: 'v2' },
    ]);
    expect(t.totalDeliveryDiscount).toBe(11);
    expect(t.totalPrice).toBe(689);
    // below the slabs an order of ₹99.50 is payable as ₹99
    expect(cartTotals([{ price: 99.5, discount: 0, qty: 1 }])).toMatchObject({ totalDeliveryDiscount: 0.5, totalPrice: 99 });
  });

  it('sums paise, not floats', () => {
    const t = cartTotals([
      { price: 0.1, discount: 0, qty: 1 },
      { price: 0.2, discount: 0, qty: 1 },
    ]);
    expect(t.itemsPrice).toBe(0.3);
  });
});

describe('GST inside the cart prices', () => {
  it('is the GST of each line on what it is charged, as checkout records it', () => {
    // ₹105 at 5 %: ₹100 taxable, ₹2.50 CGST + ₹2.50 SGST
    expect(cartTotals([{ price: 105, discount: 0, qty: 1, gstRate: 5 }]).gstIncluded).toBe(5);
    expect(cartGstPaise([{ price: 105, discount: 0, qty: 1, gstRate: 5 }])).toBe(500);
    // ₹600 at 18 % less the ₹10 delivery discount: ₹590 charged, ₹90 of it GST
    expect(cartGstPaise([{ price: 600, discount: 0, qty: 1, gstRate: 18, vendorId: 'v1' }])).toBe(9000);
    // a line without a rate (0 %) adds none; the per-unit discount comes off first
    expect(
      cartGstPaise([
        { price: 110, discount: 5, qty: 2, gstRate: 5, vendorId: 'v1' },
        { price: 40, discount: 0, qty: 1, vendorId: 'v2' },
      ]),
    ).toBe(1000);
  });
});

describe('discountBadge', () => {
  it('is the whole percent saved against the MRP, rounded down', () => {
    // ₹115 for ₹130 MRP is 11.54 % off: never rounded up to 12
    expect(discountBadge(13_000, 11_500)).toBe(11);
    // ₹335 for ₹360 MRP: a lower shop price counts as much as a discount
    expect(discountBadge(36_000, 33_500)).toBe(6);
    expect(discountBadge(20_000, 15_000)).toBe(25);
    expect(discountBadge(18_000, 15_000)).toBe(16);
  });
  it('is 0 (no badge) under 1 %, without an MRP, or at or above it', () => {
    expect(discountBadge(10_000, 9_901)).toBe(0);
    expect(discountBadge(10_000, 9_900)).toBe(1);
    expect(discountBadge(10_000, 10_000)).toBe(0);
    expect(discountBadge(10_000, 12_000)).toBe(0);
    expect(discountBadge(0, 500)).toBe(0);
  });
});
