import { describe, expect, it } from 'vitest';
import { formatRupees, toPaise, toRupees } from '../../../core/money';

describe('money', () => {
  it('formats rupees with the ₹ sign, Indian digit grouping and two decimals', () => {
    expect(formatRupees(123_456.5)).toBe('₹1,23,456.50');
    expect(formatRupees(1_23_45_678)).toBe('₹1,23,45,678.00');
    expect(formatRupees(999)).toBe('₹999.00');
    expect(formatRupees(1_000)).toBe('₹1,000.00');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(0.5)).toBe('₹0.50');
  });

  it('rounds to the paisa when formatting', () => {
    expect(formatRupees(10.005 + 0.0001)).toBe('₹10.01');
    expect(formatRupees(99.994)).toBe('₹99.99');
  });

  it('converts between rupees and integer paise without float error', () => {
    expect(toPaise(19.99)).toBe(1_999);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1_234.565)).toBe(123_457);
    expect(toRupees(1_999)).toBe(19.99);
    expect(toRupees(30)).toBe(0.3);
    expect(toRupees(toPaise(389.5))).toBe(389.5);
  });
});
