import { describe, expect, it } from 'vitest';
import {
  creditNoteSeries,
  dayRefunds,
  lineRefund,
  refundByRate,
  refundTotals,
  returnableQuantity,
  returnQuantityProblem,
} from './credit-note';
import { invoiceNumber } from './invoice';

const line = (extra: object = {}) => ({
  name: 'Rice',
  unit: 'kg',
  sold: 1.25,
  returned: 0,
  chargedPaise: 8500,
  refundedPaise: 0,
  gstRate: 5,
  ...extra,
});

describe('credit notes', () => {
  it('numbers in their own series beside the invoices', () => {
    expect(invoiceNumber(creditNoteSeries('MS', '2026-27'), 12)).toBe('MS-CN/26/000012');
  });

  it('allows at most what was sold less what was returned, whole for pieces', () => {
    expect(returnableQuantity({ sold: 1.25, returned: 0.333 })).toBe(0.917);
    expect(returnQuantityProblem(line({ returned: 1 }), 0.25)).toBeUndefined();
    expect(returnQuantityProblem(line({ returned: 1 }), 0.251)).toEqual({
      code: 'returnTooMuch',
      params: { name: 'Rice', returnable: 0.25 },
    });
    expect(returnQuantityProblem(line({ unit: 'pcs', sold: 3 }), 1.5)?.code).toBe('quantityWhole');
    expect(returnQuantityProblem(line(), 0)?.code).toBe('quantityPositive');
  });

  it('refunds pro rata, rounded half-up, and the last return takes exactly what is left', () => {
    const a = lineRefund(line(), 0.333, false);
    expect(a.amountPaise).toBe(2264);
    expect(a.cgstPaise).toBe(a.sgstPaise);
    expect(a.taxablePaise + a.cgstPaise + a.sgstPaise).toBe(2264);
    const b = lineRefund(line({ returned: 0.333, refundedPaise: 2264 }), 0.5, false);
    expect(b.amountPaise).toBe(3400);
    const c = lineRefund(line({ returned: 0.833, refundedPaise: 5664 }), 0.417, false);
    expect(c.amountPaise).toBe(8500 - 5664);
    // three grams of a kilogram at ₹68 round up three times (6.8 -> 7 paise): the rest takes 6779, not its pro rata 6780
    const kg = line({ sold: 1, chargedPaise: 6800 });
    expect(lineRefund(kg, 0.001, false).amountPaise).toBe(7);
    expect(lineRefund({ ...kg, returned: 0.003, refundedPaise: 21 }, 0.997, false).amountPaise).toBe(6779);
    // and when the earlier ones rounded down (2264.4 -> 2264 three times), the last gram takes 8 paise, not its pro rata 7
    expect(lineRefund({ ...kg, returned: 0.999, refundedPaise: 3 * 2264 }, 0.001, false).amountPaise).toBe(8);
    // a tiny line: never more than is left, never negative
    const tiny = { ...line({ unit: 'pcs', sold: 2, chargedPaise: 1 }) };
    const first = lineRefund(tiny, 1, false);
    expect(first.amountPaise).toBe(1);
    expect(lineRefund({ ...tiny, returned: 1, refundedPaise: 1 }, 1, false).amountPaise).toBe(0);
  });

  it('reverses IGST when the place of supply is another state', () => {
    expect(lineRefund(line({ unit: 'pcs', sold: 2, chargedPaise: 22400, gstRate: 12 }), 1, true)).toEqual({
      amountPaise: 11200,
      taxablePaise: 10000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1200,
    });
  });

  it('sums notes, by rate and by refund method', () => {
    const l1 = { gstRate: 5, ...lineRefund(line(), 1.25, false) };
    const l2 = { gstRate: 12, ...lineRefund(line({ unit: 'pcs', sold: 1, chargedPaise: 11200, gstRate: 12 }), 1, false) };
    expect(refundTotals([l1, l2]).amountPaise).toBe(19700);
    expect(refundByRate([l2, l1]).map((r) => r.rate)).toEqual([5, 12]);
    const day = dayRefunds(
      [
        { refundMethod: 'cash', amountPaise: 100 },
        { refundMethod: 'credit', amountPaise: 250 },
      ],
      1000,
    );
    expect(day).toMatchObject({ count: 2, totalPaise: 350, netAfterPaise: 650, amounts: { cash: 100, credit: 250, upi: 0 } });
  });
});
