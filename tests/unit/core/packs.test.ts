import { describe, expect, it } from 'vitest';
import { baseQuantity, formatPacks, packOf, packPricePaise, packsError, packWeightedCostPaise, toBaseMilli } from '../../../core/packs';

describe('core/packs', () => {
  it('finds a pack by name in any case, spaces around ignored', () => {
    const p = { packs: [{ name: 'Bag', factor: 25 }] };
    expect(packOf(p, ' bag ')).toEqual({ name: 'Bag', factor: 25 });
    expect(packOf(p, 'sack')).toBeUndefined();
    expect(packOf({ packs: null }, 'bag')).toBeUndefined();
  });

  it('converts packs to base units exactly in thousandths', () => {
    expect(toBaseMilli(2000, 25000)).toBe(50000);
    expect(toBaseMilli(3000, 125)).toBe(375);
    expect(baseQuantity(2, 25)).toBe(50);
    expect(baseQuantity(3, 0.125)).toBe(0.375);
    expect(baseQuantity(7, 0.333)).toBe(2.331);
    expect(baseQuantity(12.5)).toBe(12.5);
    expect(baseQuantity(1, 48)).toBe(48);
  });

  it('prices a pack at its own price, else factor × the base price (to the paisa)', () => {
    expect(packPricePaise({ factor: 25, pricePaise: 120000 }, 4800)).toBe(120000);
    expect(packPricePaise({ factor: 25 }, 4800)).toBe(120000);
    expect(packPricePaise({ factor: 0.125, pricePaise: null }, 40000)).toBe(5000);
    expect(packPricePaise({ factor: 0.333 }, 100)).toBe(33);
  });

  it('checks factors against the unit, names and barcodes within the product', () => {
    expect(packsError([{ name: 'bag', factor: 25 }], 'kg')).toBeUndefined();
    expect(packsError([{ name: 'bag', factor: 0 }], 'kg')?.error.code).toBe('packFactorInvalid');
    expect(packsError([{ name: 'bag', factor: 1.2345 }], 'kg')?.error.code).toBe('packFactorInvalid');
    expect(packsError([{ name: 'strip', factor: 2.5 }], 'pcs')).toMatchObject({
      field: 'packs.0.factor',
      error: { code: 'packFactorWhole' },
    });
    expect(
      packsError(
        [
          { name: 'Box', factor: 6 },
          { name: 'box', factor: 12 },
        ],
        'pcs',
      ),
    ).toMatchObject({ field: 'packs.1.name' });
    expect(
      packsError(
        [
          { name: 'a', factor: 6, barcode: 'X1' },
          { name: 'b', factor: 12, barcode: 'X1' },
        ],
        'pcs',
      ),
    ).toMatchObject({ field: 'packs.1.barcode', error: { code: 'barcodeTaken' } });
  });

  it('shows stock as the largest pack and the rest, in English and Tamil', () => {
    const packs = [
      { name: 'bag', factor: 25 },
      { name: 'packet', factor: 1 },
    ];
    expect(formatPacks(87500, 'kg', packs, 'en')).toBe('3 bags 12.5 kg');
    expect(formatPacks(25000, 'kg', packs, 'en')).toBe('1 bag');
    expect(formatPacks(12500, 'kg', packs, 'en')).toBe('12.5 kg');
    expect(formatPacks(87500, 'kg', packs, 'ta')).toBe('3 bag 12.5 கி.கி.');
    expect(formatPacks(-2000, 'kg', packs, 'en')).toBe('-2 kg');
    expect(formatPacks(100000, 'pcs', [{ name: 'carton', factor: 48 }], 'en')).toBe('2 cartons 4');
    expect(formatPacks(5000, 'pcs', [], 'en')).toBe('5');
  });

  it('keeps the purchase cost per base unit exact: a pack cost / factor averaged with the stock', () => {
    // 4 bags of 25 kg at ₹1,100: ₹44 a kg
    expect(packWeightedCostPaise(0, null, 4, 25, 110000)).toBe(4400);
    // ₹100 for 3 kg: ₹33.33 a kg
    expect(packWeightedCostPaise(0, null, 1, 3, 10000)).toBe(3333);
    // 50 kg at ₹40 and 2 bags of 25 kg at ₹1,100 (₹44 a kg): ₹42 a kg
    expect(packWeightedCostPaise(50, 4000, 2, 25, 110000)).toBe(4200);
  });
});
