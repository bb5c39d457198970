import { describe, expect, it } from 'vitest';
import { HOME_STATE, lineTax } from '../../../core/gst';

describe('lineTax on tax-inclusive amounts', () => {
  it('splits intra-state tax evenly into CGST and SGST', () => {
    // ₹105 at 5%: taxable ₹100, tax ₹5
    expect(lineTax(10_500, 5)).toEqual({ taxablePaise: 10_000, cgstPaise: 250, sgstPaise: 250, igstPaise: 0 });
    // ₹118 at 18%
    expect(lineTax(11_800, 18)).toEqual({ taxablePaise: 10_000, cgstPaise: 900, sgstPaise: 900, igstPaise: 0 });
    // ₹336 at 12%
    expect(lineTax(33_600, 12)).toEqual({ taxablePaise: 30_000, cgstPaise: 1_800, sgstPaise: 1_800, igstPaise: 0 });
    // ₹128 at 28%
    expect(lineTax(12_800, 28)).toEqual({ taxablePaise: 10_000, cgstPaise: 1_400, sgstPaise: 1_400, igstPaise: 0 });
  });

  it('rounds the taxable value to the paisa and gives SGST the odd paisa', () => {
    // ₹1 at 5%: 100 x 100 / 105 = 95.238 -> 95; tax 5 paise -> 2 + 3
    expect(lineTax(100, 5)).toEqual({ taxablePaise: 95, cgstPaise: 2, sgstPaise: 3, igstPaise: 0 });
    // ₹9.99 at 12%: 999 x 100 / 112 = 891.96 -> 892; tax 107 -> 53 + 54
    expect(lineTax(999, 12)).toEqual({ taxablePaise: 892, cgstPaise: 53, sgstPaise: 54, igstPaise: 0 });
    // ₹389 x 2 at 5%: 77 800 x 100 / 105 = 74 095.24 -> 74 095; tax 3 705 -> 1 852 + 1 853
    expect(lineTax(77_800, 5)).toEqual({ taxablePaise: 74_095, cgstPaise: 1_852, sgstPaise: 1_853, igstPaise: 0 });
  });

  it('puts all tax in IGST for an inter-state supply', () => {
    expect(lineTax(11_800, 18, true)).toEqual({ taxablePaise: 10_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 1_800 });
    expect(lineTax(999, 12, true)).toEqual({ taxablePaise: 892, cgstPaise: 0, sgstPaise: 0, igstPaise: 107 });
  });

  it('has no tax at 0% and on a zero amount', () => {
    expect(lineTax(4_500, 0)).toEqual({ taxablePaise: 4_500, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(lineTax(0, 18)).toEqual({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });

  it('taxable plus tax always equals the amount', () => {
    for (const rate of [0, 5, 12, 18, 28]) {
      for (let amount = 0; amount < 5_000; amount += 37) {
        const t = lineTax(amount, rate);
        expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(amount);
        expect(t.sgstPaise - t.cgstPaise).toBeGreaterThanOrEqual(0);
        expect(t.sgstPaise - t.cgstPaise).toBeLessThanOrEqual(1);
        const i = lineTax(amount, rate, true);
        expect(i.taxablePaise).toBe(t.taxablePaise);
        expect(i.igstPaise).toBe(t.cgstPaise + t.sgstPaise);
      }
    }
  });

  it('knows the home state is Tamil Nadu, code 33', () => {
    expect(HOME_STATE).toEqual({ code: '33', name: 'Tamil Nadu' });
  });
});
