import { describe, expect, it } from 'vitest';
import { barcodeError } from '../../../core/barcode';
import { lineTotalPaise } from '../../../core/cart';
import {
  DEFAULT_SCALE_LAYOUT,
  quantityForPrice,
  readScaleLabel,
  scaleExample,
  scaleLabelCode,
  scaleProductCode,
  scaleQuantity,
  type ScaleLayout,
  valueDigits,
} from '../../../core/scale-barcode';
import { scaleLayoutSchema } from '../../../core/schemas/scale-barcode';

const WEIGHT: ScaleLayout = DEFAULT_SCALE_LAYOUT;
const PRICE: ScaleLayout = { prefix: '23', itemDigits: 5, value: 'price' };
const rice = { name: 'Loose rice', unit: 'kg', pricePaise: 6800 };

describe('scale labels', () => {
  it('build a label: prefix, item code, value, EAN-13 check digit', () => {
    // 210012301250: weights 3,1 from the right sum to 27, so the check digit is 3
    expect(scaleLabelCode(WEIGHT, '00123', 1250)).toBe('2100123012503');
    expect(scaleLabelCode(WEIGHT, '123', 1250)).toBe('2100123012503');
    expect(valueDigits(WEIGHT)).toBe(5);
    expect(valueDigits({ ...WEIGHT, itemDigits: 4 })).toBe(6);
    expect(valueDigits({ ...WEIGHT, itemDigits: 6 })).toBe(4);
    expect(scaleLabelCode({ ...WEIGHT, itemDigits: 6 }, '123', 1250).slice(0, 12)).toBe('210001231250');
  });

  it("make a loose product's barcode the label with a zero value, a code the product form accepts", () => {
    const code = scaleProductCode(WEIGHT, '00123');
    expect(code).toBe('2100123000005');
    expect(barcodeError(code)).toBeUndefined();
    expect(barcodeError(scaleProductCode(PRICE, '98765'))).toBeUndefined();
  });

  it('read a label of the layout into its item, value and product code', () => {
    expect(readScaleLabel('2100123012503', WEIGHT)).toEqual({ item: '00123', value: 1250, productCode: '2100123000005' });
    expect(readScaleLabel(' 2100123012503 ', WEIGHT)).toMatchObject({ value: 1250 });
    const four = { ...WEIGHT, itemDigits: 4 };
    expect(readScaleLabel(scaleLabelCode(four, '0123', 123456), four)).toEqual({
      item: '0123',
      value: 123456,
      productCode: scaleProductCode(four, '0123'),
    });
  });

  it('refuse a label whose check digit is wrong with its coded message', () => {
    expect(readScaleLabel('2100123012507', WEIGHT)).toEqual({ error: { code: 'scaleLabelCheckDigit' } });
  });

  it('leave alone what is no label of the layout: another prefix, another length, letters', () => {
    expect(readScaleLabel('2200123012500', WEIGHT)).toBeUndefined();
    expect(readScaleLabel('8901234567897', WEIGHT)).toBeUndefined();
    expect(readScaleLabel('210012301250', WEIGHT)).toBeUndefined();
    expect(readScaleLabel('21001230125AB', WEIGHT)).toBeUndefined();
    expect(readScaleLabel('2000000000015', WEIGHT)).toBeUndefined();
  });

  it('ring up a weight in grams as kg, or as grams for goods sold by the gram', () => {
    expect(scaleQuantity(WEIGHT, 1250, rice)).toEqual({ quantity: 1.25 });
    expect(scaleQuantity(WEIGHT, 5, rice)).toEqual({ quantity: 0.005 });
    expect(scaleQuantity(WEIGHT, 250, { ...rice, unit: 'g', pricePaise: 7 })).toEqual({ quantity: 250 });
  });

  it('refuse a weight for goods not sold by weight, and a quantity no line may have', () => {
    expect(scaleQuantity(WEIGHT, 1250, { ...rice, unit: 'pcs', name: 'Soap' })).toEqual({
      error: { code: 'scaleLabelNotWeighed', params: { name: 'Soap' } },
    });
    expect(scaleQuantity(WEIGHT, 0, rice)).toEqual({ error: { code: 'quantityPositive' } });
    expect(scaleQuantity(WEIGHT, 5000, { ...rice, unit: 'g' })).toEqual({ error: { code: 'quantityTooLarge' } });
  });

  it('ring up a price as the quantity that price buys, its line total the price to the paisa', () => {
    // ₹85.00 of rice at ₹68/kg is 1.25 kg
    expect(scaleQuantity(PRICE, 8500, rice)).toEqual({ quantity: 1.25 });
    // at the price less the product's discount: ₹85.00 at ₹68 - ₹3 = ₹65/kg is 1.308 kg (₹85.02 is the nearest total)
    expect(scaleQuantity(PRICE, 8500, { ...rice, discountPaise: 300 })).toEqual({ quantity: 1.308 });
    // whole units: 250 grams at 68 paise a gram
    expect(scaleQuantity(PRICE, 17000, { ...rice, unit: 'g', pricePaise: 68 })).toEqual({ quantity: 250 });
    expect(scaleQuantity(PRICE, 100, { ...rice, pricePaise: 0 })).toEqual({
      error: { code: 'scaleLabelNoPrice', params: { name: 'Loose rice' } },
    });
  });

  it('find the quantity whose line total is the label price whenever one exists, else the closest total', () => {
    for (const net of [1, 7, 250, 999, 1000, 1001, 3333, 6800, 12_345, 99_999]) {
      for (let price = 1; price <= 3000; price += 7) {
        const milli = quantityForPrice(price, net);
        const total = lineTotalPaise(net, 0, milli / 1000);
        const best = Math.min(...[milli - 1, milli, milli + 1].map((m) => Math.abs(lineTotalPaise(net, 0, m / 1000) - price)));
        expect(Math.abs(total - price), `₹${price / 100} at ${net} paise`).toBe(best);
        // at ₹10 a kg or less every gram is a paisa or less: the total is always exact
        if (net <= 1000) expect(total, `₹${price / 100} at ${net} paise`).toBe(price);
      }
    }
  });

  it('show an example of the layout: item 123 at 1.250 kg, or ₹85.00', () => {
    expect(scaleExample(WEIGHT)).toEqual({ code: '2100123012503', item: '00123', value: 1250 });
    expect(scaleExample({ prefix: '29', itemDigits: 6, value: 'price' })).toMatchObject({ item: '000123', value: 8500 });
    const ex = scaleExample(PRICE);
    expect(readScaleLabel(ex.code, PRICE)).toMatchObject({ item: ex.item, value: ex.value });
  });

  it('take a layout with a prefix 21 to 29, a 4- to 6-digit item code and a weight or a price, each refusal coded', () => {
    expect(scaleLayoutSchema.safeParse({ prefix: '25', itemDigits: 6, value: 'price' }).success).toBe(true);
    const code = (body: unknown) => scaleLayoutSchema.safeParse(body).error?.issues[0].message;
    expect(code({ prefix: '20', itemDigits: 5, value: 'weight' })).toBe('scalePrefixInvalid');
    expect(code({ prefix: 21, itemDigits: 5, value: 'weight' })).toBe('scalePrefixInvalid');
    expect(code({ prefix: '21', itemDigits: 7, value: 'weight' })).toBe('scaleItemDigitsInvalid');
    expect(code({ prefix: '21', itemDigits: 4.5, value: 'weight' })).toBe('scaleItemDigitsInvalid');
    expect(code({ prefix: '21', itemDigits: 5, value: 'count' })).toBe('scaleValueInvalid');
  });
});
