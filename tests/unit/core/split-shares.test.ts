import { describe, expect, it } from 'vitest';
import { dayRefunds, splitRefundParts, splitRefundProblem } from '../../../core/credit-note';
import { computeDayClose, type DayCloseOrder } from '../../../core/day-close';
import { partBucket, paymentShares, upiPaise } from '../../../core/payments';

/** A sale of `totalPaise` with no lines (the day close's payments only). */
const sale = (o: Partial<DayCloseOrder> & { totalPaise: number }): DayCloseOrder => ({
  paymentStatus: 'Paid',
  paymentMethod: 'cash',
  itemsPaise: o.totalPaise,
  discountPaise: 0,
  deliveryDiscountPaise: 0,
  lines: [],
  ...o,
});

describe("a split sale's parts in the day's buckets", () => {
  it('cash, card and credit count as recorded; the UPI part is UPI once the sale is Paid, unpaid while it waits', () => {
    expect(partBucket('Paid', 'cash')).toBe('cash');
    expect(partBucket('Pending', 'cash')).toBe('cash');
    expect(partBucket('Pending', 'card')).toBe('card');
    expect(partBucket('Paid', 'credit')).toBe('credit');
    expect(partBucket('Paid', 'upi')).toBe('upi');
    expect(partBucket('Pending', 'upi')).toBe('unpaid');
  });

  it('an ordinary sale is one share of its whole total; a split sale one share per part', () => {
    expect(paymentShares({ paymentStatus: 'Paid', paymentMethod: 'card', totalPaise: 1_000 })).toEqual([
      { bucket: 'card', amountPaise: 1_000 },
    ]);
    // parts are read only for a split sale
    expect(
      paymentShares({ paymentStatus: 'Paid', paymentMethod: 'upi', totalPaise: 1_000, parts: [{ method: 'cash', amountPaise: 1 }] }),
    ).toEqual([{ bucket: 'upi', amountPaise: 1_000 }]);
    expect(
      paymentShares({
        paymentStatus: 'Pending',
        paymentMethod: 'split',
        totalPaise: 84_721,
        parts: [
          { method: 'cash', amountPaise: 50_000 },
          { method: 'upi', amountPaise: 34_721 },
        ],
      }),
    ).toEqual([
      { bucket: 'cash', amountPaise: 50_000 },
      { bucket: 'unpaid', amountPaise: 34_721 },
    ]);
  });

  it("a sale's UPI amount: the whole UPI sale, a split sale's UPI part, nothing otherwise", () => {
    expect(upiPaise({ paymentMethod: 'upi', totalPaise: 4_550 })).toBe(4_550);
    expect(upiPaise({ paymentMethod: 'split', totalPaise: 9_000, parts: [{ method: 'upi', amountPaise: 4_000 }] })).toBe(4_000);
    expect(upiPaise({ paymentMethod: 'split', totalPaise: 9_000, parts: [{ method: 'cash', amountPaise: 9_000 }] })).toBe(0);
    expect(upiPaise({ paymentMethod: 'cash', totalPaise: 9_000 })).toBe(0);
  });

  it('the day close counts each part once and the sale once; UPI splits into provider and by hand', () => {
    const close = computeDayClose(
      [
        sale({
          paymentMethod: 'split',
          totalPaise: 84_721,
          parts: [
            { method: 'cash', amountPaise: 50_000 },
            { method: 'upi', amountPaise: 34_721 },
          ],
          upiByProvider: true,
        }),
        sale({
          paymentMethod: 'split',
          totalPaise: 30_000,
          parts: [
            { method: 'cash', amountPaise: 10_000 },
            { method: 'card', amountPaise: 15_000 },
            { method: 'credit', amountPaise: 5_000 },
          ],
        }),
        sale({ paymentMethod: 'upi', totalPaise: 4_550 }),
        sale({ paymentMethod: 'upi', paymentStatus: 'Pending', totalPaise: 999 }),
      ],
      [],
    );
    expect(close.sales).toBe(4);
    expect(close.netPaise).toBe(84_721 + 30_000 + 4_550 + 999);
    expect(close.payments).toEqual({ cash: 60_000, upi: 34_721 + 4_550, card: 15_000, credit: 5_000, unpaid: 999 });
    expect(close.paymentCounts).toEqual({ cash: 2, upi: 2, card: 1, credit: 1, unpaid: 1 });
    // the buckets add up to the net: nothing counted twice, nothing lost
    expect(Object.values(close.payments).reduce((a, b) => a + b, 0)).toBe(close.netPaise);
    expect(close.upiConfirmed).toEqual({ providerPaise: 34_721, byHandPaise: 4_550 });
  });
});

describe('a return of a split sale refunds in parts', () => {
  const parts = [
    { method: 'cash', amountPaise: 50_000 },
    { method: 'upi', amountPaise: 30_000 },
  ];
  it('takes the chosen part first, then the other parts in the order cash, UPI, card, credit', () => {
    // the last ₹800 of a sale paid ₹500 cash + ₹300 UPI
    expect(splitRefundParts(parts, {}, 'cash', 80_000)).toEqual([
      { method: 'cash', amountPaise: 50_000 },
      { method: 'upi', amountPaise: 30_000 },
    ]);
    expect(splitRefundParts(parts, {}, 'upi', 80_000)).toEqual([
      { method: 'upi', amountPaise: 30_000 },
      { method: 'cash', amountPaise: 50_000 },
    ]);
    // within the chosen part: that part alone
    expect(splitRefundParts(parts, {}, 'upi', 12_345)).toEqual([{ method: 'upi', amountPaise: 12_345 }]);
    const four = [
      { method: 'credit', amountPaise: 1_000 },
      { method: 'card', amountPaise: 1_000 },
      { method: 'upi', amountPaise: 1_000 },
      { method: 'cash', amountPaise: 1_000 },
    ];
    expect(splitRefundParts(four, {}, 'card', 3_500).map((p) => p.method)).toEqual(['card', 'cash', 'upi', 'credit']);
  });
  it('never more than a part paid less what earlier returns refunded by its method', () => {
    expect(splitRefundParts(parts, { cash: 20_000 }, 'cash', 40_000)).toEqual([
      { method: 'cash', amountPaise: 30_000 },
      { method: 'upi', amountPaise: 10_000 },
    ]);
    // the chosen part spent: the rest takes it all
    expect(splitRefundParts(parts, { cash: 50_000 }, 'cash', 30_000)).toEqual([{ method: 'upi', amountPaise: 30_000 }]);
    expect(splitRefundProblem(parts, { cash: 50_000 }, 'cash', 30_000)).toBeUndefined();
    // nothing left anywhere
    expect(splitRefundProblem(parts, { cash: 50_000, upi: 30_000 }, 'cash', 1)).toEqual({
      code: 'refundOverPart',
      params: { left: 0 },
    });
    expect(splitRefundProblem(parts, { cash: 20_000 }, 'upi', 60_001)).toEqual({ code: 'refundOverPart', params: { left: 600 } });
    expect(splitRefundProblem(parts, { cash: 20_000 }, 'upi', 60_000)).toBeUndefined();
    // the parts always add up to the amount asked, when the problem check passes
    const taken = splitRefundParts(parts, { cash: 20_000 }, 'upi', 60_000);
    expect(taken.reduce((s, p) => s + p.amountPaise, 0)).toBe(60_000);
  });
  it('never by a method the sale was not paid by', () => {
    expect(splitRefundProblem(parts, {}, 'card', 100)).toEqual({
      code: 'refundNotPaidBy',
      params: { method: 'card', methods: 'cash,upi' },
    });
    expect(splitRefundProblem(parts, {}, 'credit', 100)?.code).toBe('refundNotPaidBy');
  });
  it('a day counts each part in its method, and the note once in each', () => {
    const day = dayRefunds(
      [
        { refundMethod: 'cash', amountPaise: 80_000, refunds: splitRefundParts(parts, {}, 'cash', 80_000) },
        { refundMethod: 'cash', amountPaise: 1_000, refunds: null },
      ],
      200_000,
    );
    expect(day).toMatchObject({
      count: 2,
      totalPaise: 81_000,
      netAfterPaise: 119_000,
      amounts: { cash: 51_000, upi: 30_000, card: 0, credit: 0 },
      counts: { cash: 2, upi: 1, card: 0, credit: 0 },
    });
  });
});
