import { describe, expect, it } from 'vitest';
import { emptyLine, shopLineTotal, shopOrderTotal, shopSaleTotal, toPerUnitDiscount, toShopOrderPayload } from '../../../core/shop-order';
import { counterLine } from '../../support/counter-lines';

const address = { address: '1 Bazaar St', city: 'Madurai', pincode: '625001', phoneNumber: '9876543210' };
const line = (key: string, shopPrice: number, quantity: number, discount = 0) =>
  counterLine(key, { _id: `p-${key}`, shopPrice, vendorId: 'v1' }, quantity, discount);

describe('shop-sale total (one function for the form, the queue and the outbox)', () => {
  it('is what the server charges: the per-unit discount as sent, the line rounded once', () => {
    expect(shopSaleTotal([{ vendorId: 'v1', productId: 'p', price: 100, quantity: 3, unitDiscount: 3.33 }])).toBe(290.01);
    expect(shopSaleTotal([{ vendorId: 'v1', productId: 'p', price: 99.99, quantity: 0.333, unitDiscount: 1 }])).toBe(32.96);
    expect(shopSaleTotal([{ vendorId: 'v1', productId: 'p', price: 50, quantity: 2, unitDiscount: 80 }])).toBe(0);
  });

  it('a sale queued by an older client (a line discount) is charged as the server records it: shared per unit, to the paisa', () => {
    // ₹10 off 3 units of ₹100: ₹3.33 a unit, so ₹290.01 (not 300 - 10)
    expect(shopSaleTotal([{ vendorId: 'v1', productId: 'p', price: 100, quantity: 3, discount: 10 }])).toBe(290.01);
    expect(shopSaleTotal([{ vendorId: 'v1', productId: 'p', price: 100, quantity: 2, discount: 10 }])).toBe(190);
    // the per-unit discount wins when a line has both
    expect(shopSaleTotal([{ vendorId: 'v1', productId: 'p', price: 100, quantity: 2, discount: 10, unitDiscount: 1 }])).toBe(198);
  });

  it('a queued line keeps its discount per unit when edited; an older line is converted as the server records it', () => {
    const old = { vendorId: 'v1', productId: 'p', price: 100, quantity: 3, discount: 10 };
    expect(toPerUnitDiscount(old)).toEqual({ vendorId: 'v1', productId: 'p', price: 100, quantity: 3, unitDiscount: 3.33 });
    const sent = { vendorId: 'v1', productId: 'p', price: 99.99, quantity: 0.333, unitDiscount: 1 };
    expect(toPerUnitDiscount(sent)).toEqual(sent);
    expect(shopSaleTotal([{ ...toPerUnitDiscount(sent), quantity: 0.5 }])).toBe(49.5);
  });

  it('never goes below zero for a line, nor counts a negative discount', () => {
    expect(shopSaleTotal([{ vendorId: 'v1', productId: 'p', price: 50, quantity: 2, discount: 500 }])).toBe(0);
    expect(shopSaleTotal([{ vendorId: 'v1', productId: 'p', price: 50, quantity: 2, discount: -5 }])).toBe(100);
  });

  it('sums without float drift', () => {
    const tenths = Array.from({ length: 3 }, (_, i) => ({ vendorId: 'v1', productId: `p${i}`, price: 0.1, quantity: 1, discount: 0 }));
    expect(shopSaleTotal(tenths)).toBe(0.3);
  });

  it('the form shows the total of the sale it sends', () => {
    const lines = [line('a', 60, 3, 5), line('b', 120.5, 2), line('c', 33.33, 3, 0.01), emptyLine('d')];
    const sent = toShopOrderPayload(
      lines.filter((l) => l.productId),
      address,
      'Paid',
    );
    expect(shopOrderTotal(lines)).toBe(shopSaleTotal(sent.products));
    expect(shopOrderTotal(lines)).toBe(165 + 241 + 99.96);
    expect(lines.map(shopLineTotal)).toEqual([165, 241, 99.96, 0]);
  });
});
