import { describe, expect, it } from 'vitest';
import { GSTIN_TEXT, gstinCheckChar, gstinProblem, isValidGstin, normalizeGstin } from '../../../core/gstin';
import { toTamil } from '../../../core/texts-ta';
import { profileUpdateSchema } from '../../../core/schemas/user';

describe('GSTIN', () => {
  it('computes the check character of published GSTINs', () => {
    // numbers printed on real invoices (other states): the algorithm, not the state rule
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckChar('29AAGCB7383J1Z')).toBe('4');
  });

  it('accepts a Tamil Nadu GSTIN with its check character', () => {
    for (const g of ['33AABCM1234F1Z4', '33AAFCM5678K1Z1', '33AAKFK2468P1ZS']) expect(gstinProblem(g), g).toBeNull();
    expect(isValidGstin('33AABCM1234F1Z4')).toBe(true);
  });

  it('names what is wrong: shape, state code, check character', () => {
    expect(gstinProblem('')).toBe('format');
    expect(gstinProblem('33AABCM1234F1Z')).toBe('format'); // 14 characters
    expect(gstinProblem('33AABCM1234F1A4')).toBe('format'); // 14th must be Z
    expect(gstinProblem('33AABC01234F1Z4')).toBe('format'); // a digit where the PAN has a letter
    expect(gstinProblem('27AAPFU0939F1ZV')).toBe('state'); // valid, but Maharashtra
    expect(gstinProblem('33AABCM1234F1Z5')).toBe('check');
    // two swapped digits are caught
    expect(gstinProblem('33AABCM1243F1Z4')).toBe('check');
  });

  it('compares upper case without spaces', () => {
    expect(normalizeGstin(' 33aabcm1234f1z4 ')).toBe('33AABCM1234F1Z4');
    expect(normalizeGstin('33 AABCM 1234F 1Z4')).toBe('33AABCM1234F1Z4');
  });

  it('the profile update schema refuses a bad GSTIN with the reason and saves a good one normalized', () => {
    const bad = (gstNumber: string) => profileUpdateSchema.safeParse({ gstNumber }).error?.issues[0]?.message;
    expect(bad('27AAPFU0939F1ZV')).toBe(GSTIN_TEXT.state);
    expect(bad('33AABCM1234F1Z5')).toBe(GSTIN_TEXT.check);
    expect(bad('33AABCM')).toBe(GSTIN_TEXT.format);
    expect(profileUpdateSchema.parse({ gstNumber: '33aabcm1234f1z4' }).gstNumber).toBe('33AABCM1234F1Z4');
    expect(profileUpdateSchema.parse({ gstNumber: '' }).gstNumber).toBe('');
  });

  it('every GSTIN message has a Tamil text', () => {
    for (const text of Object.values(GSTIN_TEXT)) expect(toTamil(text)).not.toBe(text);
  });
});
