import { describe, expect, it } from 'vitest';
import { isIndianMobile, isTenDigitPhone, PINCODE } from '../../../core/phone';

describe('phone rules', () => {
  it('sign-in accepts any 10 digits', () => {
    expect(isTenDigitPhone('9876500001')).toBe(true);
    expect(isTenDigitPhone('0123456789')).toBe(true);
    expect(isTenDigitPhone('5123456789')).toBe(true);
  });

  it('sign-in rejects other lengths and non-digits', () => {
    for (const p of ['', '987650000', '98765000011', '98765 00001', '+919876500001', '98765-00001', 'abcdefghij', '９８７６５０００01']) {
      expect(isTenDigitPhone(p), p).toBe(false);
    }
  });

  it('registration and reset need an Indian mobile: 10 digits starting 6-9', () => {
    for (const p of ['6000000000', '7012345678', '8123456789', '9876500001']) expect(isIndianMobile(p), p).toBe(true);
    for (const p of ['5123456789', '0123456789', '1234567890', '987650000', '98765000012', '+919876500001', ' 9876500001']) {
      expect(isIndianMobile(p), p).toBe(false);
    }
  });

  it('a pincode is 6 digits', () => {
    expect(PINCODE.test('600004')).toBe(true);
    expect(PINCODE.test('60004')).toBe(false);
    expect(PINCODE.test('6000041')).toBe(false);
    expect(PINCODE.test('60000a')).toBe(false);
  });
});
