import { describe, expect, it } from 'vitest';
import {
  ageDues,
  ageingBucket,
  dueDay,
  overCreditLimit,
  reminderText,
  runningBalance,
  settleOldestFirst,
  smsReminderLink,
  whatsappReminderLink,
} from '../../../core/customer';
import { emptyLine, toShopOrderPayload, withProduct } from '../../../core/shop-order';

const at = (iso: string) => new Date(iso);

describe('khata rules', () => {
  it('runs the balance in date order, dues before settlements at the same instant', () => {
    const rows = runningBalance([
      { kind: 'payment', at: at('2026-05-02T10:00:00+05:30'), amountPaise: 3000 },
      { kind: 'sale', at: at('2026-05-01T10:00:00+05:30'), amountPaise: 10000 },
      { kind: 'opening', at: at('2026-04-01T10:00:00+05:30'), amountPaise: 500 },
      { kind: 'refund', at: at('2026-05-02T10:00:00+05:30'), amountPaise: 1000 },
      { kind: 'sale', at: at('2026-05-02T10:00:00+05:30'), amountPaise: 2000 },
    ]);
    expect(rows.map((r) => [r.kind, r.balancePaise])).toEqual([
      ['opening', 500],
      ['sale', 10500],
      ['sale', 12500],
      ['payment', 9500],
      ['refund', 8500],
    ]);
  });

  it('settles the oldest due first and leaves what is not covered on the newer ones', () => {
    const settled = settleOldestFirst(
      [
        { orderId: 'b', at: at('2026-05-03T00:00:00Z'), amountPaise: 5000 },
        { orderId: 'a', at: at('2026-05-01T00:00:00Z'), amountPaise: 4000 },
        { orderId: null, at: at('2026-04-01T00:00:00Z'), amountPaise: 1000 },
      ],
      6000,
    );
    expect(settled.map((d) => [d.orderId, d.openPaise])).toEqual([
      [null, 0],
      ['a', 0],
      ['b', 4000],
    ]);
    // nothing paid: all open; more than owed: all settled
    expect(settleOldestFirst([{ orderId: 'a', at: at('2026-05-01T00:00:00Z'), amountPaise: 4000 }], 0)[0].openPaise).toBe(4000);
    expect(settleOldestFirst([{ orderId: 'a', at: at('2026-05-01T00:00:00Z'), amountPaise: 4000 }], 9000)[0].openPaise).toBe(0);
  });

  it('ages what is still owed by days since the sale, the due date being the sale day plus the credit days (India time)', () => {
    expect([0, 30, 31, 60, 61, 90, 91].map(ageingBucket)).toEqual(['0-30', '0-30', '31-60', '31-60', '61-90', '61-90', '90+']);
    // 23:00 UTC on 30 April is 1 May in India
    expect(dueDay(at('2026-04-30T23:00:00Z'), 10)).toBe('2026-05-11');
    expect(dueDay(at('2026-04-30T23:00:00Z'), null)).toBe('2026-05-01');
    const ageing = ageDues(
      [
        { orderId: 'old', at: at('2026-02-01T10:00:00+05:30'), amountPaise: 9000, openPaise: 2500 },
        { orderId: 'new', at: at('2026-05-10T10:00:00+05:30'), amountPaise: 7000, openPaise: 7000 },
        { orderId: 'paid', at: at('2026-01-01T10:00:00+05:30'), amountPaise: 1000, openPaise: 0 },
      ],
      15,
      '2026-05-20',
    );
    expect(ageing).toEqual({
      buckets: { '0-30': 7000, '31-60': 0, '61-90': 0, '90+': 2500 },
      oldestDueDay: '2026-02-16',
      overdueDays: 93,
    });
  });

  it('checks the credit limit on the balance after the sale; no limit never refuses', () => {
    expect(overCreditLimit(20000, 8000, 12000)).toBe(false);
    expect(overCreditLimit(20000, 8000, 12001)).toBe(true);
    expect(overCreditLimit(null, 1e9, 1e9)).toBe(false);
  });

  it("writes the reminder in the customer's language with the amount and the payment page's link, never a upi:// link", () => {
    const payUrl = 'https://kadai.example/pay/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';
    const r = {
      customerName: 'Lakshmi',
      phone: '9443012345',
      language: 'ta' as const,
      shopName: 'Murugan Stores',
      duePaise: 36450,
      payUrl,
    };
    const ta = reminderText(r);
    expect(ta.split('\n')).toEqual([
      'வணக்கம் Lakshmi, Murugan Stores கடையில் உங்கள் நிலுவைத் தொகை ₹364.50.',
      `யுபிஐ மூலம் செலுத்த: ${payUrl}`,
      'நன்றி!',
    ]);
    const en = reminderText({ ...r, language: 'en' });
    expect(en.split('\n')).toEqual([
      'Hello Lakshmi, your balance due at Murugan Stores is ₹364.50.',
      `Pay by UPI: ${payUrl}`,
      'Thank you!',
    ]);
    for (const text of [ta, en]) expect(text).not.toContain('upi://');
    // no link (no UPI ID, offline, or it could not be made): pay at the shop, in the same language
    expect(reminderText({ ...r, payUrl: '' }).split('\n')[1]).toBe('கடையில் செலுத்தலாம்.');
    expect(reminderText({ ...r, language: 'en', payUrl: '' }).split('\n')[1]).toBe('You can pay at the shop.');
    // the link goes whole into WhatsApp's and the SMS app's text
    expect(whatsappReminderLink(r)).toBe(`https://wa.me/919443012345?text=${encodeURIComponent(ta)}`);
    expect(smsReminderLink(r)).toBe(`sms:+919443012345?body=${encodeURIComponent(ta)}`);
    expect(decodeURIComponent(new URL(whatsappReminderLink(r)).searchParams.get('text')!)).toContain(payUrl);
  });
});

describe('the counter sale payload with a customer', () => {
  const address = { address: ' 4 MG Road ', city: 'Bengaluru', pincode: '560001', phoneNumber: '9000000000' };
  const lines = [withProduct(emptyLine('l1'), { _id: 'p1', vendorId: 'v1', shopPrice: 105, discount: 0, unit: 'piece' } as never)];

  it('a credit sale is handed over, unpaid and names the customer', () => {
    const p = toShopOrderPayload(lines, address, 'Paid', 'credit', true, { customerId: 'c1', confirmOverLimit: true, stateCode: '29' });
    expect(p).toMatchObject({
      paymentStatus: 'Pending',
      paymentMethod: 'credit',
      handedOver: true,
      customerId: 'c1',
      confirmOverLimit: true,
    });
    // handed over: the place of supply is the shop, whatever the state chosen
    expect(p.shippingAddress.stateCode).toBeUndefined();
  });

  it('goods to deliver to another state carry its state code; the home state is left out', () => {
    expect(toShopOrderPayload(lines, address, 'Paid', 'upi', false, { stateCode: '29' }).shippingAddress).toEqual({
      address: '4 MG Road',
      city: 'Bengaluru',
      pincode: '560001',
      phoneNumber: '9000000000',
      stateCode: '29',
    });
    expect(toShopOrderPayload(lines, address, 'Paid', 'upi', false, { stateCode: '33' }).shippingAddress.stateCode).toBeUndefined();
    expect(toShopOrderPayload(lines, address, 'Paid', 'upi', true, { stateCode: '29' }).shippingAddress.stateCode).toBeUndefined();
  });
});
