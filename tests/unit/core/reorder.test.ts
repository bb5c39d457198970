import { describe, expect, it } from 'vitest';
import { isReorderDue, suggestedQuantity } from '../../../core/reorder';

describe('isReorderDue', () => {
  it('lists a product at or below its reorder level', () => {
    expect(isReorderDue(5, 5)).toBe(true);
    expect(isReorderDue(4.999, 5)).toBe(true);
    expect(isReorderDue(5.001, 5)).toBe(false);
  });
  it('a level of 0 lists a product only once it has run out', () => {
    expect(isReorderDue(3, 0)).toBe(false);
    expect(isReorderDue(0, 0)).toBe(true);
    expect(isReorderDue(-2, 0)).toBe(true);
  });
});

describe('suggestedQuantity', () => {
  it('covers 14 days at the 30-day rate', () => {
    // 60 sold in 30 days: 2 a day, 28 for 14 days
    expect(suggestedQuantity({ stock: 4, reorderLevel: 5, sold30: 60, unit: 'pcs' })).toBe(28);
  });
  it('orders at least up to the reorder level when sales are slow', () => {
    expect(suggestedQuantity({ stock: 2, reorderLevel: 10, sold30: 3, unit: 'pcs' })).toBe(8);
    expect(suggestedQuantity({ stock: -3, reorderLevel: 10, sold30: 0, unit: 'pcs' })).toBe(13);
  });
  it('rounds pieces up to a whole number', () => {
    // 10 / 30 * 14 = 4.67
    expect(suggestedQuantity({ stock: 0, reorderLevel: 1, sold30: 10, unit: 'pcs' })).toBe(5);
    expect(suggestedQuantity({ stock: 0, reorderLevel: 1, sold30: 10, unit: 'dozen' })).toBe(5);
  });
  it('rounds kg, l and metre up to half units, what can be bought', () => {
    // 10 / 30 * 14 = 4.6666... kg
    expect(suggestedQuantity({ stock: 0.5, reorderLevel: 1, sold30: 10, unit: 'kg' })).toBe(5);
    // 1.75 l short: 2 l
    expect(suggestedQuantity({ stock: 0.25, reorderLevel: 2, sold30: 0, unit: 'l' })).toBe(2);
    // 1.3 kg short: 1.5 kg
    expect(suggestedQuantity({ stock: 0.7, reorderLevel: 2, sold30: 0, unit: 'kg' })).toBe(1.5);
    // exact sums: 0.3 kg a day over 30 days is exactly 4.2 kg for 14 days, bought as 4.5
    expect(suggestedQuantity({ stock: 0, reorderLevel: 1, sold30: 9, unit: 'kg' })).toBe(4.5);
    expect(suggestedQuantity({ stock: 0, reorderLevel: 2.5, sold30: 0, unit: 'metre' })).toBe(2.5);
  });
  it('is never negative', () => {
    expect(suggestedQuantity({ stock: 50, reorderLevel: 5, sold30: 0, unit: 'pcs' })).toBe(0);
    expect(suggestedQuantity({ stock: 0, reorderLevel: 0, sold30: -4, unit: 'kg' })).toBe(0);
  });
});
