import { describe, expect, it } from 'vitest';
import { productRuleProblems } from '../../../core/product-rules';

describe('productRuleProblems', () => {
  it('refuses a discount above the shop price, then a stock figure the unit does not allow, each on its field', () => {
    expect(productRuleProblems({ shopPrice: 50, discount: 60, countInStock: 2.5, unit: 'pcs' })).toEqual([
      { code: 'discountOverPrice', field: 'discount' },
      { code: 'stockWhole', params: { unit: 'pcs' }, field: 'countInStock' },
    ]);
  });

  it('accepts a discount equal to the price and loose stock in a decimal unit', () => {
    expect(productRuleProblems({ shopPrice: 50, discount: 50, countInStock: 2.5, unit: 'kg' })).toEqual([]);
  });

  it('checks only what is given (a form with blank fields)', () => {
    expect(productRuleProblems({ unit: 'pcs' })).toEqual([]);
    expect(productRuleProblems({ countInStock: -1, unit: 'kg' })).toEqual([{ code: 'stockNegative', field: 'countInStock' }]);
  });
});
