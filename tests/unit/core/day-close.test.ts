import { describe, expect, it } from 'vitest';
import { computeDayClose, type DayCloseOrder } from '../../../core/day-close';
import { paymentBucket } from '../../../core/payments';

const line = (rate: number, chargedPaise: number, cgst: number) => ({
  rate,
  chargedPaise,
  taxablePaise: chargedPaise - 2 * cgst,
  cgstPaise: cgst,
  sgstPaise: cgst,
  igstPaise: 0,
});

describe('payment buckets', () => {
  it('a Paid sale without a method is cash; anything not Paid is unpaid', () => {
    expect(paymentBucket('Paid', null)).toBe('cash');
    expect(paymentBucket('Paid', 'upi')).toBe('upi');
    expect(paymentBucket('Paid', 'card')).toBe('card');
    expect(paymentBucket('Paid', 'cheque')).toBe('cash');
    expect(paymentBucket('Pending', 'cash')).toBe('unpaid');
  });
});

describe('the day close', () => {
  const orders: DayCloseOrder[] = [
    // a walk-in sale in cash: 85.00 of rice (0 %) and 90.00 of soap (18 %) after a 10.00 line discount
    {
      paymentStatus: 'Paid',
      paymentMethod: 'cash',
      itemsPaise: 17_500,
      discountPaise: 1_000,
      deliveryDiscountPaise: 0,
      lines: [line(0, 8_500, 0), line(18, 9_000, 686)],
    },
    // by UPI
    {
      paymentStatus: 'Paid',
      paymentMethod: 'upi',
      itemsPaise: 36_400,
      discountPaise: 0,
      deliveryDiscountPaise: 0,
      lines: [line(5, 36_400, 867)],
    },
    // a delivery order not yet paid: 520.50 items, 10.50 delivery discount -> 510.00
    {
      paymentStatus: 'Pending',
      paymentMethod: null,
      itemsPaise: 52_050,
      discountPaise: 500,
      deliveryDiscountPaise: 1_050,
      lines: [line(5, 51_000, 1_214)],
    },
    // an older Paid sale without a method, and a COD delivery paid in cash
    {
      paymentStatus: 'Paid',
      paymentMethod: null,
      itemsPaise: 4_000,
      discountPaise: 0,
      deliveryDiscountPaise: 0,
      lines: [line(12, 4_000, 214)],
    },
    {
      paymentStatus: 'Paid',
      paymentMethod: 'cash',
      itemsPaise: 60_000,
      discountPaise: 0,
      deliveryDiscountPaise: 1_000,
      lines: [line(5, 59_000, 1_405)],
    },
  ];
  const invoices = [
    { sortKey: [1, '2026-27', 12] as [number, string, number], number: 'MS/26/000012', cancelled: false },
    { sortKey: [1, '2026-27', 10] as [number, string, number], number: 'MS/26/000010', cancelled: false },
    { sortKey: [1, '2026-27', 11] as [number, string, number], number: 'MS/26/000011', cancelled: true },
  ];
  const c = computeDayClose(orders, invoices);

  it('gross - discounts = net, and the payments add up to the net', () => {
    expect(c.sales).toBe(5);
    expect(c.grossPaise).toBe(17_500 + 1_000 + 36_400 + 52_050 + 500 + 4_000 + 60_000);
    expect(c.lineDiscountPaise).toBe(1_500);
    expect(c.deliveryDiscountPaise).toBe(2_050);
    expect(c.grossPaise - c.discountPaise).toBe(c.netPaise);
    expect(c.netPaise).toBe(17_500 + 36_400 + 51_000 + 4_000 + 59_000);
    expect(c.payments).toEqual({ cash: 17_500 + 4_000 + 59_000, upi: 36_400, card: 0, credit: 0, unpaid: 51_000 });
    expect(c.paymentCounts).toEqual({ cash: 3, upi: 1, card: 0, credit: 0, unpaid: 1 });
    expect(Object.values(c.payments).reduce((a, b) => a + b, 0)).toBe(c.netPaise);
  });

  it('sums tax by rate', () => {
    expect(c.taxByRate.map((t) => [t.rate, t.chargedPaise, t.cgstPaise, t.sgstPaise, t.taxPaise])).toEqual([
      [0, 8_500, 0, 0, 0],
      [5, 36_400 + 51_000 + 59_000, 867 + 1_214 + 1_405, 867 + 1_214 + 1_405, 2 * (867 + 1_214 + 1_405)],
      [12, 4_000, 214, 214, 428],
      [18, 9_000, 686, 686, 1_372],
    ]);
    for (const t of c.taxByRate) expect(t.taxablePaise + t.taxPaise).toBe(t.chargedPaise);
  });

  it('names the first and last invoice numbers of the day, cancelled ones counted', () => {
    expect(c.firstInvoice).toBe('MS/26/000010');
    expect(c.lastInvoice).toBe('MS/26/000012');
    expect(c.cancelledInvoices).toBe(1);
  });

  it('an empty day is all zeros', () => {
    const e = computeDayClose([], []);
    expect(e).toMatchObject({ sales: 0, grossPaise: 0, netPaise: 0, firstInvoice: '', lastInvoice: '', taxByRate: [] });
  });
});
