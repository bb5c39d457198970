import { describe, expect, it } from 'vitest';
import type { ProductDto } from '../../../core/schemas/product';
import { emptyLine } from '../../../core/shop-order';
import { addProduct, changeLine } from '../../../src/features/shop-order/counter-lines';

/** Rice at ₹48 a kg with a 25 kg bag (the fields the counter's lines read). */
const rice = {
  _id: 'rice',
  name: 'Ponni rice',
  category: 'Grains',
  subcategory: 'Rice',
  shopPrice: 48,
  discount: 0,
  unit: 'kg',
  vendor: 'v1',
  packs: [{ name: 'bag', factor: 25, barcode: 'BAG' }],
} as unknown as ProductDto;

describe('counter lines: a product and what it is sold in', () => {
  it('keeps the bags and the loose rice on two lines, each scan adding to its own', () => {
    let lines = [emptyLine()];
    lines = addProduct(lines, rice, undefined, 'bag');
    lines = addProduct(lines, rice, undefined, 'Bag');
    lines = addProduct(lines, rice);
    lines = addProduct(lines, rice, 12.5);
    expect(lines.map((l) => [l.pack ?? null, l.quantity])).toEqual([
      ['bag', 2],
      [null, 13.5],
    ]);
  });

  it('a line switched to a pack another line is sold in joins it; a switch to a new one stays a line', () => {
    let lines = addProduct(addProduct([emptyLine()], rice, undefined, 'bag'), rice, 12.5);
    const loose = lines[1];
    lines = changeLine(lines, loose.key, { ...loose, pack: 'bag', quantity: 1 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ pack: 'bag', quantity: 2 });
    const bag = lines[0];
    lines = changeLine(lines, bag.key, { ...bag, quantity: 5 });
    expect(lines).toEqual([{ ...bag, quantity: 5 }]);
  });
});
