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

  it('refuses a shop price of ₹0 unless the product is marked free, and a free one with a price', () => {
    expect(productRuleProblems({ price: 50, shopPrice: 0, unit: 'pcs' })).toEqual([{ code: 'shopPriceZero', field: 'shopPrice' }]);
    expect(productRuleProblems({ price: 50, shopPrice: 0, isFree: true, unit: 'pcs' })).toEqual([]);
    expect(productRuleProblems({ price: 50, shopPrice: 5, isFree: true, unit: 'pcs' })).toEqual([
      { code: 'freeShopPrice', field: 'shopPrice' },
    ]);
  });

  it('refuses a shop price above the MRP, naming the MRP; equal is fine', () => {
    expect(productRuleProblems({ price: 50, shopPrice: 80, unit: 'pcs' })).toEqual([
      { code: 'shopPriceOverMrp', params: { mrp: 50 }, field: 'shopPrice' },
    ]);
    expect(productRuleProblems({ price: 50, shopPrice: 50, unit: 'pcs' })).toEqual([]);
  });
});
