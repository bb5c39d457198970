import { describe, expect, it } from 'vitest';
import { barcodeError } from '../../../core/barcode';
import { isEan13, isStoreCode, newStoreCode } from '../../../core/store-code';

describe('in-store codes', () => {
  it('builds an EAN-13 from prefix 20, the digits and the check digit', () => {
    // 200000000001 -> check digit 5 (GS1 calculator)
    expect(newStoreCode(() => '0000000001')).toBe('2000000000015');
    expect(isEan13('2000000000015')).toBe(true);
    expect(isEan13('2000000000016')).toBe(false);
  });
  it('gives valid, random restricted-circulation codes the product form accepts', () => {
    const codes = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const code = newStoreCode();
      expect(code).toMatch(/^20\d{11}$/);
      expect(isStoreCode(code)).toBe(true);
      expect(barcodeError(code)).toBeUndefined();
      codes.add(code);
    }
    expect(codes.size).toBeGreaterThan(195);
  });
  it('knows a manufacturer code is no store code', () => {
    expect(isStoreCode('4006381333931')).toBe(false);
    expect(isEan13('4006381333931')).toBe(true);
    expect(isStoreCode('12345')).toBe(false);
  });
});
