import { describe, expect, it } from 'vitest';
import { istDayOf, voidableOn } from '../../../core/sale-void';
import { voidSaleSchema } from '../../../core/schemas/order';

describe('voiding a counter sale (core/sale-void)', () => {
  it('takes the India-time day of an instant', () => {
    expect(istDayOf('2026-11-26T18:29:59.999Z')).toBe('2026-11-26'); // 23:59:59 in India
    expect(istDayOf('2026-11-26T18:30:00.000Z')).toBe('2026-11-27'); // midnight in India
    expect(istDayOf(new Date('2026-03-31T20:00:00+05:30'))).toBe('2026-03-31');
  });

  it("allows a void on the sale's India-time day only", () => {
    const sale = '2026-11-26T04:00:00.000Z'; // 09:30 in India
    expect(voidableOn(sale, new Date('2026-11-26T18:29:59.000Z'))).toBe(true);
    expect(voidableOn(sale, new Date('2026-11-26T18:30:00.000Z'))).toBe(false);
    // a sale at 00:10 India time was on the same India day as 23:00 India time, though UTC dates differ
    expect(voidableOn('2026-11-25T18:40:00.000Z', new Date('2026-11-26T17:30:00.000Z'))).toBe(true);
    expect(voidableOn('2026-11-25T18:20:00.000Z', new Date('2026-11-25T18:40:00.000Z'))).toBe(false);
  });

  it('wants a reason of 3 to 200 characters, trimmed', () => {
    expect(voidSaleSchema.parse({ reason: '  Wrong item ' })).toEqual({ reason: 'Wrong item' });
    for (const reason of ['  ab ', 'x'.repeat(201), 7, undefined]) {
      const r = voidSaleSchema.safeParse({ reason });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe('voidReasonLength');
    }
    expect(voidSaleSchema.safeParse({ reason: 'x'.repeat(200) }).success).toBe(true);
  });
});
