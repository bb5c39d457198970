import { describe, expect, it } from 'vitest';
import { axisRupees } from '../../../src/features/dashboard/axis-money';

describe("a chart axis's rupees", () => {
  it('reads in English as grouped rupees, then lakh and crore', () => {
    expect(axisRupees(0, 'en')).toBe('₹0');
    expect(axisRupees(500, 'en')).toBe('₹500');
    expect(axisRupees(2000, 'en')).toBe('₹2,000');
    expect(axisRupees(75000, 'en')).toBe('₹75,000');
    expect(axisRupees(150000, 'en')).toBe('₹1.5 lakh');
    expect(axisRupees(20000000, 'en')).toBe('₹2 crore');
  });

  it('reads in Tamil with its words for thousand, lakh and crore, never a one-letter abbreviation', () => {
    expect(axisRupees(500, 'ta')).toBe('₹500');
    expect(axisRupees(2000, 'ta')).toBe('₹2 ஆயிரம்');
    expect(axisRupees(2500, 'ta')).toBe('₹2.5 ஆயிரம்');
    expect(axisRupees(150000, 'ta')).toBe('₹1.5 லட்சம்');
    expect(axisRupees(30000000, 'ta')).toBe('₹3 கோடி');
    expect(axisRupees(2000, 'ta')).not.toMatch(/ஆ$/);
  });

  it('keeps the sign of a loss', () => {
    expect(axisRupees(-2000, 'ta')).toBe('−₹2 ஆயிரம்');
  });
});
