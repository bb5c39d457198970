import { describe, expect, it } from 'vitest';
import {
  emptyLine,
  shopLineTotal,
  shopOrderTotal,
  shopSaleTotal,
  toShopOrderPayload,
  withDiscount,
  withProduct,
  withQuantity,
} from '../../../core/shop-order';

const address = { address: '1 Bazaar St', city: 'Madurai', pincode: '625001', phoneNumber: '9876543210' };
const line = (key: string, shopPrice: number, quantity: number, discount = 0) =>
  withDiscount(withQuantity(withProduct(emptyLine(key), { _id: `p-${key}`, shopPrice, vendorId: 'v1' }), quantity), discount);

describe('shop-sale total (one function for the form, the queue and the outbox)', () => {
  it('is what the server charges: the line discount is shared per unit, rounded to the paisa', () => {
    // ₹10 off 3 units of ₹100: ₹3.33 a unit, so ₹290.01 (not 300 - 10)
    expect(shopSaleTotal([{ vendorId: 'v1', productId: 'p', price: 100, quantity: 3, discount: 10 }])).toBe(290.01);
    expect(shopSaleTotal([{ vendorId: 'v1', productId: 'p', price: 100, quantity: 2, discount: 10 }])).toBe(190);
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
