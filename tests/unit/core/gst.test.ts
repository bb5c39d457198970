import { describe, expect, it } from 'vitest';
import { HOME_STATE, lineTax } from '../../../core/gst';

/** What a line supplied within the state carries: its taxable value, and CGST and SGST of `half` each. */
const intraState = (taxablePaise: number, half: number) => ({ taxablePaise, cgstPaise: half, sgstPaise: half, igstPaise: 0 });

describe('lineTax on tax-inclusive amounts', () => {
  it('splits intra-state tax evenly into CGST and SGST', () => {
    // ₹105 at 5%: taxable ₹100, tax ₹5
    expect(lineTax(10_500, 5)).toEqual(intraState(10_000, 250));
    // ₹118 at 18%
    expect(lineTax(11_800, 18)).toEqual(intraState(10_000, 900));
    // ₹336 at 12%
    expect(lineTax(33_600, 12)).toEqual(intraState(30_000, 1_800));
    // ₹128 at 28%
    expect(lineTax(12_800, 28)).toEqual(intraState(10_000, 1_400));
  });

  it('CGST = SGST = half the rate on the taxable value, half-up; the odd paisa stays in the taxable value', () => {
    // ₹1 at 5%: each half 100 x 5 / 210 = 2.38 -> 2; taxable 96
    expect(lineTax(100, 5)).toEqual(intraState(96, 2));
    // ₹9.99 at 12%: each half 999 x 12 / 224 = 53.52 -> 54; taxable 891
    expect(lineTax(999, 12)).toEqual(intraState(891, 54));
    // ₹778 at 5%: each half 77 800 x 5 / 210 = 1 852.38 -> 1 852; taxable 74 096
    expect(lineTax(77_800, 5)).toEqual(intraState(74_096, 1_852));
    // an exact half paisa rounds up: 21 paise at 5% -> each half 0.5 -> 1
    expect(lineTax(21, 5)).toEqual(intraState(19, 1));
    // ₹5,019.25 at 5%: each half 11 950.60 -> 11 951 (an even split, never 119.50 + 119.51)
    expect(lineTax(501_925, 5)).toEqual(intraState(478_023, 11_951));
  });

  it('takes fractional rates to the hundredth of a percent (0.25 %, 1.5 %)', () => {
    // ₹1,000 at 0.25 %: each half 100 000 x 0.125 / 100.25 = 124.69 -> 125
    expect(lineTax(100_000, 0.25)).toEqual(intraState(99_750, 125));
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
    expect(lineTax(4_500, 0)).toEqual(intraState(4_500, 0));
    expect(lineTax(0, 18)).toEqual(intraState(0, 0));
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
