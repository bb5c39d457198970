import { describe, expect, it } from 'vitest';
import { billLanguage, buyerStateCode, newCustomerLanguage } from '../../../core/bill-language';

const KA_HOTEL = { gstin: '29AAGCB1286Q1Z0', stateCode: '' };

describe('the language a bill opens in (core/bill-language)', () => {
  it("is the customer's own: the app customer's, else the shop customer's", () => {
    expect(billLanguage({ customerLanguage: 'ta', shopCustomerLanguage: 'en' })).toBe('ta');
    expect(billLanguage({ customerLanguage: null, shopCustomerLanguage: 'en', buyer: { gstin: '', stateCode: '33' } })).toBe('en');
    // the customer's choice wins over the buyer's state
    expect(billLanguage({ shopCustomerLanguage: 'ta', buyer: KA_HOTEL })).toBe('ta');
  });

  it('without a language, English for a buyer from another state (GSTIN or saved state), else none', () => {
    expect(billLanguage({ buyer: KA_HOTEL })).toBe('en');
    expect(billLanguage({ buyer: { gstin: '', stateCode: '29' } })).toBe('en');
    expect(billLanguage({ buyer: { gstin: '33AABCM1234F1Z4', stateCode: '' } })).toBeNull();
    expect(billLanguage({ buyer: { gstin: '', stateCode: '' } })).toBeNull();
    expect(billLanguage({ customerLanguage: 'fr', buyer: null })).toBeNull();
    expect(billLanguage({})).toBeNull();
  });

  it("reads a buyer's state from the saved one, else the GSTIN", () => {
    expect(buyerStateCode(KA_HOTEL)).toBe('29');
    expect(buyerStateCode({ gstin: '', stateCode: '32' })).toBe('32');
    expect(buyerStateCode({ gstin: '', stateCode: '' })).toBe('');
  });

  it('gives a new shop customer English outside Tamil Nadu, Tamil in it or when the state is not known', () => {
    expect(newCustomerLanguage('29')).toBe('en');
    expect(newCustomerLanguage('33')).toBe('ta');
    expect(newCustomerLanguage(null)).toBe('ta');
    expect(newCustomerLanguage('')).toBe('ta');
  });
});
