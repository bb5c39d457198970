import { describe, expect, it } from 'vitest';
import { datedFileName } from '../../../core/dates';

describe('datedFileName', () => {
  it("dates a download with India's day, not UTC's", () => {
    // 00:10 IST on 1 April is still 31 March in UTC
    expect(datedFileName('products', 'csv', new Date('2027-03-31T18:40:00Z'))).toBe('products-2027-04-01.csv');
    expect(datedFileName('reorder', 'csv', new Date('2027-04-01T00:10:00+05:30'))).toBe('reorder-2027-04-01.csv');
    // 23:59 IST on 31 March is 31 March
    expect(datedFileName('products', 'xlsx', new Date('2027-03-31T23:59:00+05:30'))).toBe('products-2027-03-31.xlsx');
    // late in the Indian evening it is already the same day in UTC: no shift the other way
    expect(datedFileName('products', 'csv', new Date('2027-04-01T23:50:00+05:30'))).toBe('products-2027-04-01.csv');
  });

  it('takes the clock when no time is given', () => {
    const before = datedFileName('x', 'csv', new Date());
    const now = datedFileName('x', 'csv');
    const after = datedFileName('x', 'csv', new Date());
    expect([before, after]).toContain(now);
  });
});
