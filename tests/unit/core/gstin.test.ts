import { describe, expect, it } from 'vitest';
import { gstinCheckChar, gstinProblem, gstinProblemCode, isValidGstin, normalizeGstin } from '../../../core/gstin';
import { messageText } from '../../../core/message-text';
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
    expect(bad('27AAPFU0939F1ZV')).toBe('gstinState');
    expect(bad('33AABCM1234F1Z5')).toBe('gstinCheck');
    expect(bad('33AABCM')).toBe('gstinFormat');
    expect(profileUpdateSchema.parse({ gstNumber: '33aabcm1234f1z4' }).gstNumber).toBe('33AABCM1234F1Z4');
    expect(profileUpdateSchema.parse({ gstNumber: '' }).gstNumber).toBe('');
  });

  it('every GSTIN problem has a message code with an English and a Tamil text', () => {
    const codes = (['format', 'state', 'check'] as const).map(gstinProblemCode);
    expect(codes).toEqual(['gstinFormat', 'gstinState', 'gstinCheck']);
    expect(messageText('gstinState', 'en')).toBe('A Tamil Nadu GSTIN starts with 33');
    for (const code of codes) expect(messageText(code, 'ta')).not.toBe(messageText(code, 'en'));
  });
});
