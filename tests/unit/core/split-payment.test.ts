import { describe, expect, it } from 'vitest';
import { toShopOrderPayload, type ShopOrderLine } from '../../../core/shop-order';
import { freeSplitMethods, partsPaise, restBy, splitProblem, splitRemainder, splitRemainderPaise } from '../../../core/split-payment';

/** A sale of ₹847.21 (₹500 in cash and the rest by UPI is ₹347.21). */
const TOTAL = 84_721;

describe('a sale paid in parts', () => {
  it('works out what is left to pay to the paisa, negative when the parts are too much', () => {
    expect(splitRemainderPaise(TOTAL, [{ amount: 500 }])).toBe(34_721);
    expect(splitRemainder(847.21, [{ amount: 500 }, { amount: 347.21 }])).toBe(0);
    // 0.1 + 0.2 in rupees is no float trouble: parts are added in paise
    expect(splitRemainderPaise(30, [{ amount: 0.1 }, { amount: 0.2 }])).toBe(0);
    expect(splitRemainder(100, [{ amount: 60 }, { amount: 50 }])).toBe(-10);
  });

  it('puts the rest on a method in one step: "₹500 cash + the rest by UPI"', () => {
    const cash = [{ method: 'cash' as const, amount: 500 }];
    expect(restBy(TOTAL, cash, 'upi')).toEqual([
      { method: 'cash', amount: 500 },
      { method: 'upi', amount: 347.21 },
    ]);
    // a part of that method already there is raised (or lowered) to the rest, in its place
    expect(restBy(TOTAL, [{ method: 'upi', amount: 1 }, ...cash], 'upi')).toEqual([
      { method: 'upi', amount: 347.21 },
      { method: 'cash', amount: 500 },
    ]);
    // nothing left (the others pay it all already): the parts stay as they are
    expect(restBy(50_000, cash, 'upi')).toEqual(cash);
  });

  it('accepts two or more parts, one per method, each above ₹0, that make the total', () => {
    const ok = [
      { method: 'cash' as const, amount: 500 },
      { method: 'upi' as const, amount: 347.21 },
    ];
    expect(splitProblem(TOTAL, ok, { customer: false })).toBeNull();
    expect(splitProblem(TOTAL, [ok[0]], { customer: false })).toBe('splitTooFewParts');
    expect(splitProblem(TOTAL, [ok[0], { method: 'cash', amount: 347.21 }], { customer: false })).toBe('splitMethodTwice');
    expect(splitProblem(TOTAL, [...ok, { method: 'card', amount: 0 }], { customer: false })).toBe('splitPartNotPositive');
    expect(splitProblem(TOTAL, [ok[0], { method: 'upi', amount: 347.2 }], { customer: false })).toBe('splitPartsMismatch');
    expect(splitProblem(TOTAL, [ok[0], { method: 'upi', amount: 347.22 }], { customer: false })).toBe('splitPartsMismatch');
  });

  it('takes a credit part only for a named customer', () => {
    const parts = [
      { method: 'cash' as const, amount: 500 },
      { method: 'credit' as const, amount: 347.21 },
    ];
    expect(splitProblem(TOTAL, parts, { customer: false })).toBe('splitCreditNeedsCustomer');
    expect(splitProblem(TOTAL, parts, { customer: true })).toBeNull();
    expect(freeSplitMethods([{ method: 'cash' }], false)).toEqual(['upi', 'card']);
    expect(freeSplitMethods([{ method: 'cash' }], true)).toEqual(['upi', 'card', 'credit']);
    expect(partsPaise(parts)).toEqual({ cash: 50_000, credit: 34_721 });
  });

  it('is sent as `payments` in place of `paymentMethod`', () => {
    const line: ShopOrderLine = {
      key: 'l1',
      category: 'c',
      subcategory: 's',
      productId: 'p1',
      vendorId: 'v1',
      price: 847.21,
      discount: 0,
      quantity: 1,
      unit: 'pc',
    };
    const address = { address: 'Counter', city: 'Madurai', pincode: '625001', phoneNumber: '9876543210' };
    const payments = [
      { method: 'cash' as const, amount: 500 },
      { method: 'upi' as const, amount: 347.21 },
    ];
    const body = toShopOrderPayload([line], address, 'Paid', 'cash', true, { payments });
    expect(body.payments).toEqual(payments);
    expect(body).not.toHaveProperty('paymentMethod');
    expect(toShopOrderPayload([line], address, 'Paid', 'cash', true)).toMatchObject({ paymentMethod: 'cash' });
    expect(toShopOrderPayload([line], address, 'Paid', 'cash', true)).not.toHaveProperty('payments');
  });
});
