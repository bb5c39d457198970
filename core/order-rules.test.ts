import { describe, expect, it } from 'vitest';
import { firstDuplicate, shopSaleTimeError, shopUnitDiscountPaise, splitByVendor } from './order-rules';

const line = (productId: string, vendorId: string, quantity: number, unitPricePaise: number, unitDiscountPaise = 0) => ({
  productId,
  vendorId,
  quantity,
  unitPricePaise,
  unitDiscountPaise,
});

describe('splitByVendor', () => {
  it('groups by vendor and shares the whole-cart delivery discount exactly', () => {
    const plans = splitByVendor([line('a', 'v1', 2, 65000, 5000), line('b', 'v2', 2, 45000), line('c', 'v1', 1, 0)]);
    expect(plans.map((p) => [p.vendorId, p.itemsPaise, p.discountPaise, p.deliveryDiscountPaise])).toEqual([
      // ₹50 shared 28.57 / 21.43, then each order's total rounded down to the rupee
      ['v1', 120000, 10000, 2900],
      ['v2', 90000, 0, 2200],
    ]);
    expect(plans.map((p) => (p.itemsPaise - p.deliveryDiscountPaise) % 100)).toEqual([0, 0]);
    // within an order the share goes to the lines by their totals (the ₹0 line gets none)
    expect(plans[0].lineDeliveryDiscountsPaise).toEqual([2900, 0]);
    expect(plans[0].lines.map((l) => l.productId)).toEqual(['a', 'c']);
  });

  it('gives no slab below 500 (only the round-off to the rupee) and nothing for shop sales', () => {
    expect(splitByVendor([line('a', 'v1', 1, 49900)])[0].deliveryDiscountPaise).toBe(0);
    expect(splitByVendor([line('a', 'v1', 1, 49999)])[0].deliveryDiscountPaise).toBe(99);
    expect(splitByVendor([line('a', 'v1', 1, 49999)], false)[0].deliveryDiscountPaise).toBe(0);
    expect(splitByVendor([line('a', 'v1', 1, 500000)], false)[0].deliveryDiscountPaise).toBe(0);
    expect(splitByVendor([line('a', 'v1', 1, 500000)])[0].deliveryDiscountPaise).toBe(15000);
  });
});

describe('delivery orders are payable in whole rupees', () => {
  it('every order of any cart totals whole rupees, and the shares never exceed the order', () => {
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
    for (let i = 0; i < 300; i++) {
      const lines = Array.from({ length: 1 + rnd(6) }, (_, k) =>
        line(`p${k}`, `v${rnd(3)}`, rnd(2) ? 1 + rnd(5) : (1 + rnd(4000)) / 1000, 1 + rnd(300000), rnd(3) ? 0 : rnd(500)),
      );
      for (const p of splitByVendor(lines)) {
        expect((p.itemsPaise - p.deliveryDiscountPaise) % 100).toBe(0);
        expect(p.deliveryDiscountPaise).toBeGreaterThanOrEqual(0);
        expect(p.deliveryDiscountPaise).toBeLessThanOrEqual(p.itemsPaise);
        expect(p.lineDeliveryDiscountsPaise.reduce((a, b) => a + b, 0)).toBe(p.deliveryDiscountPaise);
        p.lineDeliveryDiscountsPaise.forEach((d, k) => expect(d).toBeLessThanOrEqual(p.lineTotalsPaise[k]));
      }
    }
  });
});

describe('shop sale rules', () => {
  it('turns the line discount into a bounded per-unit discount', () => {
    expect(shopUnitDiscountPaise(3000, 3, 30000)).toBe(1000);
    expect(shopUnitDiscountPaise(1000, 3, 30000)).toBe(333);
    expect(shopUnitDiscountPaise(10_000_000, 2, 30000)).toBe(30000);
    expect(shopUnitDiscountPaise(-5, 2, 30000)).toBe(0);
    expect(shopUnitDiscountPaise(100, 0, 30000)).toBe(0);
  });

  it('accepts sale times from 7 days ago to 5 minutes ahead', () => {
    const now = new Date('2025-01-31T12:00:00Z');
    expect(shopSaleTimeError(new Date('2025-01-31T12:04:00Z'), now)).toBeUndefined();
    expect(shopSaleTimeError(new Date('2025-01-24T12:00:00Z'), now)).toBeUndefined();
    expect(shopSaleTimeError(new Date('2025-01-24T11:59:00Z'), now)).toEqual({ code: 'saleTimeTooOld' });
    expect(shopSaleTimeError(new Date('2025-01-31T12:06:00Z'), now)).toEqual({ code: 'saleTimeFuture' });
    expect(shopSaleTimeError(new Date('2024-12-31T11:00:00Z'), now)).toEqual({ code: 'saleTimeTooOld' });
  });

  it('finds duplicate ids ignoring case', () => {
    expect(firstDuplicate(['a', 'b', 'A'])).toBe('A');
    expect(firstDuplicate(['a', 'b'])).toBeUndefined();
  });
});
