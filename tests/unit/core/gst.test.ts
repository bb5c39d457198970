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

  it('CGST = SGST = half the rate on the taxable value, half-up; the odd paisa stays in the taxable value', () => {
    // ₹1 at 5%: each half 100 x 5 / 210 = 2.38 -> 2; taxable 96
    expect(lineTax(100, 5)).toEqual({ taxablePaise: 96, cgstPaise: 2, sgstPaise: 2, igstPaise: 0 });
    // ₹9.99 at 12%: each half 999 x 12 / 224 = 53.52 -> 54; taxable 891
    expect(lineTax(999, 12)).toEqual({ taxablePaise: 891, cgstPaise: 54, sgstPaise: 54, igstPaise: 0 });
    // ₹778 at 5%: each half 77 800 x 5 / 210 = 1 852.38 -> 1 852; taxable 74 096
    expect(lineTax(77_800, 5)).toEqual({ taxablePaise: 74_096, cgstPaise: 1_852, sgstPaise: 1_852, igstPaise: 0 });
    // an exact half paisa rounds up: 21 paise at 5% -> each half 0.5 -> 1
    expect(lineTax(21, 5)).toEqual({ taxablePaise: 19, cgstPaise: 1, sgstPaise: 1, igstPaise: 0 });
    // ₹5,019.25 at 5%: each half 11 950.60 -> 11 951 (an even split, never 119.50 + 119.51)
    expect(lineTax(501_925, 5)).toEqual({ taxablePaise: 478_023, cgstPaise: 11_951, sgstPaise: 11_951, igstPaise: 0 });
  });

  it('takes fractional rates to the hundredth of a percent (0.25 %, 1.5 %)', () => {
    // ₹1,000 at 0.25 %: each half 100 000 x 0.125 / 100.25 = 124.69 -> 125
    expect(lineTax(100_000, 0.25)).toEqual({ taxablePaise: 99_750, cgstPaise: 125, sgstPaise: 125, igstPaise: 0 });
    expect(lineTax(100_000, 1.5).cgstPaise).toBe(739); // 100 000 x 0.75 / 101.5 = 738.92
  });

  it('stays exact on very large amounts', () => {
    const t = lineTax(99_999_999_999_999, 28);
    expect(t.cgstPaise).toBe(t.sgstPaise);
    expect(t.taxablePaise + 2 * t.cgstPaise).toBe(99_999_999_999_999);
  });

  it('puts all tax in IGST for an inter-state supply', () => {
    expect(lineTax(11_800, 18, true)).toEqual({ taxablePaise: 10_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 1_800 });
    expect(lineTax(999, 12, true)).toEqual({ taxablePaise: 892, cgstPaise: 0, sgstPaise: 0, igstPaise: 107 });
  });

  it('has no tax at 0% and on a zero amount', () => {
    expect(lineTax(4_500, 0)).toEqual({ taxablePaise: 4_500, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(lineTax(0, 18)).toEqual({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });

  it('taxable plus tax always equals the amount; the halves are equal and match the rate on the taxable value', () => {
    for (const rate of [0, 0.25, 3, 5, 12, 18, 28]) {
      for (let amount = 0; amount < 5_000; amount += 37) {
        const t = lineTax(amount, rate);
        expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(amount);
        expect(t.sgstPaise).toBe(t.cgstPaise);
        // each half is within half a paisa of rate/2 on the exact taxable value, within 1 paisa on the rounded one
        expect(Math.abs(t.cgstPaise - (amount * rate) / (2 * (100 + rate)))).toBeLessThanOrEqual(0.5);
        expect(Math.abs(t.cgstPaise - (t.taxablePaise * rate) / 200)).toBeLessThanOrEqual(1);
        const i = lineTax(amount, rate, true);
        expect(i.taxablePaise + i.igstPaise).toBe(amount);
        expect(Math.abs(i.taxablePaise - (amount * 100) / (100 + rate))).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('knows the home state is Tamil Nadu, code 33', () => {
    expect(HOME_STATE).toEqual({ code: '33', name: 'Tamil Nadu' });
  });
});
