import { describe, expect, it } from 'vitest';
import { thermalBill } from '../../../src/features/shop-order/thermal-bill';
import en from '../../../src/locales/en/receipt';
import ta from '../../../src/locales/ta/receipt';
import { billData } from '../../support/bill-builders';

/** The catalogue's text with its {params} filled, as src/lib/i18n does. */
const texts = (catalogue: Record<string, string>) =>
  ((key: string, params: Record<string, string | number> = {}) =>
    catalogue[key].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]))) as Parameters<typeof thermalBill>[1];

const base = billData();
const medicine = billData({
  lines: [
    {
      ...base.lines[0],
      name: 'Paracetamol 500 strip',
      nameTa: '',
      unit: 'strip',
      batches: [
        { number: 'PX21', expiry: '2027-03-31' },
        { number: 'PX30', expiry: null },
      ],
    },
  ],
});
const printed = (lang: 'en' | 'ta') =>
  JSON.stringify(thermalBill(medicine, texts(lang === 'ta' ? ta : en), lang, () => '26 Nov 2026, 3:30 pm'));

describe("a medicine's bill", () => {
  it('prints each batch the line took with its expiry month, in the bill’s language', () => {
    expect(printed('en')).toContain('Batch PX21 · Exp 03/2027, Batch PX30');
    expect(printed('ta')).toContain('தொகுதி PX21 · காலாவதி 03/2027, தொகுதி PX30');
  });

  it('a line with no batch prints none', () => {
    const plain = JSON.stringify(thermalBill(base, texts(en), 'en', () => ''));
    expect(plain).not.toContain('Batch');
  });
});
