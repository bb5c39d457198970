import { describe, expect, it } from 'vitest';
import { unitText } from '../../../core/units';
import { lineBatchesText } from '../../../src/features/vendor-orders/line-batches';
import en from '../../../src/locales/en/vendor-orders';
import ta from '../../../src/locales/ta/vendor-orders';

/** The catalogue's text with its {params} filled, as src/lib/i18n does. */
const texts = (catalogue: Record<string, string>) =>
  ((key: string, params: Record<string, string | number> = {}) =>
    catalogue[key].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]))) as Parameters<typeof lineBatchesText>[1];

const line = {
  unit: 'strip' as const,
  batches: [
    { number: 'PX21', expiry: '2027-03-31', quantity: 2 },
    { number: 'OPENING', expiry: null, quantity: 1 },
  ],
};

describe("the vendor's order page, a line of a product kept in batches", () => {
  it('names each batch the line took, its expiry month and how much, in English and Tamil', () => {
    const inEn = lineBatchesText(line, texts(en), unitText('en'));
    expect(inEn).toMatch(/^Batch PX21 · Exp 03\/2027 · 2 .+, Batch OPENING · 1 .+$/);
    const inTa = lineBatchesText(line, texts(ta), unitText('ta'));
    expect(inTa).toMatch(/^தொகுதி PX21 · காலாவதி 03\/2027 · 2 .+, தொகுதி OPENING · 1 .+$/);
  });

  it('says nothing for a line without batches', () => {
    expect(lineBatchesText({ unit: 'kg' as const }, texts(en), unitText('en'))).toBe('');
  });
});
