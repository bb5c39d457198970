import { describe, expect, it } from 'vitest';
import { coded } from '../../../core/coded';
import { messageText } from '../../../core/message-text';
import {
  cartQuantityOptions,
  formatQuantity,
  isDecimalUnit,
  itemCount,
  perUnit,
  quantityError,
  quantityText,
  stockError,
  toMilli,
  UNITS,
  UQC,
  unitOf,
  unitText,
} from '../../../core/units';

describe('units', () => {
  it('has the eight units, pieces by default, decimals only for kg, l and metre', () => {
    expect(UNITS).toEqual(['pcs', 'kg', 'g', 'l', 'ml', 'dozen', 'bunch', 'metre', 'strip']);
    expect(UNITS.filter(isDecimalUnit)).toEqual(['kg', 'l', 'metre']);
    expect(unitOf(undefined)).toBe('pcs');
    expect(unitOf('litre')).toBe('pcs');
    expect(unitOf('kg')).toBe('kg');
    expect(UNITS.map((u) => UQC[u])).toEqual(['NOS', 'KGS', 'GMS', 'LTR', 'MLT', 'DOZ', 'BDL', 'MTR', 'PAC']);
  });

  it('takes quantities to exact thousandths', () => {
    expect(toMilli(1.25)).toBe(1250);
    expect(toMilli(0.1 + 0.2)).toBe(300);
    expect(toMilli(999.999)).toBe(999_999);
    expect(quantityText(1.25)).toBe('1.250');
    expect(quantityText(0.1 + 0.2)).toBe('0.300');
  });

  it('accepts decimals (up to 3) for kg, l and metre; whole numbers for the rest', () => {
    expect(quantityError(1.25, 'kg')).toBeUndefined();
    expect(quantityError(0.001, 'l')).toBeUndefined();
    expect(quantityError(2.5, 'metre')).toBeUndefined();
    expect(quantityError(3, 'pcs')).toBeUndefined();
    expect(quantityError(1.5, 'pcs', 'Soap')).toEqual(coded('quantityWhole', { name: 'Soap', unit: 'pcs' }));
    expect(quantityError(1.5, 'dozen')).toEqual(coded('quantityWhole', { unit: 'dozen' }));
    expect(quantityError(1.2345, 'kg')).toEqual(coded('quantityDecimals'));
    expect(quantityError(0, 'kg')).toEqual(coded('quantityPositive'));
    expect(quantityError(-1, 'pcs')).toEqual(coded('quantityPositive'));
    expect(quantityError(Number.NaN, 'pcs')).toEqual(coded('quantityPositive'));
    expect(quantityError(1000.5, 'kg')).toEqual(coded('quantityTooLarge'));
    const text = (c: ReturnType<typeof quantityError>) => messageText(c!.code, 'en', c!.params);
    expect(text(quantityError(1.5, 'pcs', 'Soap'))).toBe('Soap is sold in whole pieces: enter a whole quantity');
    expect(text(quantityError(1.5, 'dozen', 'Banana'))).toBe('Banana is sold in whole dozen: enter a whole quantity');
    expect(text(quantityError(1.5, 'dozen'))).toBe('This product is sold in whole dozen: enter a whole quantity');
    expect(text(quantityError(1000.5, 'kg'))).toBe('Quantity can be at most 1000');
  });

  it('holds stock with the same precision', () => {
    expect(stockError(120.5, 'kg')).toBeUndefined();
    expect(stockError(0, 'pcs')).toBeUndefined();
    expect(stockError(1.5, 'pcs')).toEqual(coded('stockWhole', { unit: 'pcs' }));
    expect(stockError(1.0005, 'kg')).toEqual(coded('stockDecimals'));
    expect(stockError(-1, 'kg')).toEqual(coded('stockNegative'));
    expect(messageText('stockWhole', 'en', { unit: 'pcs' })).toBe('Stock of a product sold in pcs must be a whole number');
  });

  it('shows the unit on listings and bills', () => {
    expect(`₹68${perUnit('kg')}`).toBe('₹68 / kg');
    expect(`₹35${perUnit('pcs')}`).toBe('₹35');
    expect(formatQuantity(1.25, 'kg')).toBe('1.25 kg');
    expect(formatQuantity(2, 'l')).toBe('2 l');
    expect(formatQuantity(0.5, 'metre')).toBe('0.5 metre');
    expect(formatQuantity(3, 'pcs')).toBe('3');
    expect(formatQuantity(2, 'dozen')).toBe('2 dozen');
  });

  it('lets the cart step 0.25 kg up to 10 kg, or 1 to 10 pieces', () => {
    const kg = cartQuantityOptions('kg');
    expect(kg[0]).toBe(0.25);
    expect(kg.at(-1)).toBe(10);
    expect(kg).toHaveLength(40);
    expect(cartQuantityOptions('pcs')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(itemCount(1.25, 'kg')).toBe(1);
    expect(itemCount(3, 'pcs')).toBe(3);
  });

  it('formats quantities with their unit in English and Tamil: one formatter for cart, orders and bills', () => {
    const en = unitText('en');
    const ta = unitText('ta');
    expect(en.quantity(1.5, 'kg')).toBe('1.5 kg');
    expect(ta.quantity(1.5, 'kg')).toBe('1.5 கி.கி.');
    expect(en.quantity(0.25, 'l')).toBe('0.25 l');
    expect(ta.quantity(0.25, 'l')).toBe('0.25 லி.');
    expect(ta.quantity(2, 'dozen')).toBe('2 டஜன்');
    expect(ta.quantity(500, 'g')).toBe('500 கி.');
    // pieces are a bare count in both languages; an unknown unit counts as pieces
    expect(en.quantity(3, 'pcs')).toBe('3');
    expect(ta.quantity(3, 'pcs')).toBe('3');
    expect(en.quantity(2, 'box')).toBe('2');
    // exact thousandths, no float noise
    expect(en.quantity(0.1 + 0.2, 'kg')).toBe('0.3 kg');
    expect(en.perUnit('kg')).toBe(' / kg');
    expect(ta.perUnit('kg')).toBe(' / கி.கி.');
    expect(ta.perUnit('pcs')).toBe('');
    expect(en.perUnitWords('kg')).toBe('per kg');
    expect(en.perUnitWords('pcs')).toBe('each');
    expect(ta.perUnitWords('kg')).toBe('ஒரு கிலோவுக்கு');
    expect(ta.perUnitWords('pcs')).toBe('ஒன்றுக்கு');
    for (const u of UNITS) {
      expect(en.perUnitWords(u)).not.toBe('');
      expect(ta.perUnitWords(u)).not.toMatch(/[a-z]/);
      expect(ta.quantity(1, u)).not.toMatch(/[a-z]/);
    }
  });
});
