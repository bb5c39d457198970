import { describe, expect, it } from 'vitest';
import { showsUpiQr } from '../../../src/features/shop-order/bill-data';
import { paymentText } from '../../../src/features/shop-order/bill-parts';
import en from '../../../src/locales/en/receipt';
import ta from '../../../src/locales/ta/receipt';
import { billData } from '../../support/bill-builders';

const shop = { name: 'Murugan Stores', address: '12 Car Street, Madurai', gstin: '33ABCDE1234F1Z5', upiId: 'murugan@okaxis' };
const texts = (catalogue: Record<string, string>) => ((key: string) => catalogue[key]) as Parameters<typeof paymentText>[1];

describe('the printed bill of an unpaid sale', () => {
  it('carries the shop’s UPI QR when nothing was chosen yet', () => {
    const bill = billData({ shop, paid: false, paymentMethod: null });
    expect(showsUpiQr(bill)).toBe(true);
    expect(paymentText(bill, texts(en))).toBe(en.notPaid);
  });

  it('of a UPI sale waiting for the provider’s word carries no fixed QR, and says it waits, in both languages', () => {
    const bill = billData({ shop, paid: false, paymentMethod: 'upi' });
    expect(showsUpiQr(bill)).toBe(false);
    expect(paymentText(bill, texts(en))).toBe('UPI payment awaiting confirmation');
    expect(paymentText(bill, texts(ta))).toBe(ta.upiAwaiting);
    expect(ta.upiAwaiting).toMatch(/[\u0B80-\u0BFF]/);
  });

  it('voided, it is owed nothing and says not paid', () => {
    const bill = billData({ shop, paid: false, paymentMethod: 'upi', voided: { at: '2026-11-26T11:00:00.000Z', reason: 'Wrong item' } });
    expect(showsUpiQr(bill)).toBe(false);
    expect(paymentText(bill, texts(en))).toBe(en.notPaid);
  });
});
