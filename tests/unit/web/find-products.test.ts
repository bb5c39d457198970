import { describe, expect, it } from 'vitest';
import { findProducts } from '../../../src/lib/find-products';
import { completeIndex, productIndex, searchIndex } from '../../../src/lib/product-index';
import { productDto } from '../../support/product-dto';

const rice = productDto('p-rice', 'Sona Masoori Rice', {
  Tamil: 'சோனா மசூரி அரிசி',
  barcode: '8906012345243',
  packs: [{ name: '25 kg bag', factor: 25, barcode: '8906012345250', price: 1400 }],
});
const tomato = productDto('p-tomato', 'Tomato 1kg', { Tamil: 'தக்காளி 1 கிலோ', barcode: '8901000000017' });
const ricePowder = productDto('p-powder', 'Rice Powder', { Tamil: 'அரிசி மாவு' });
const riceExact = productDto('p-exact', 'Rice', { Tamil: 'அரிசி' });
const soap = productDto('p-soap', 'Sandal Soap 75g', { barcode: '8906012345243999' });
const list = () => [rice, tomato, ricePowder, soap, riceExact];
const ids = (ps: Array<{ _id: string }>) => ps.map((p) => p._id);

describe('findProducts', () => {
  it('finds by English name, every word, in the list order', () => {
    const products = list();
    completeIndex(products);
    expect(ids(findProducts(products, 'rice powder'))).toEqual(['p-powder']);
    expect(ids(findProducts(products, 'TOMATO'))).toEqual(['p-tomato']);
  });

  it('puts the exact name first', () => {
    const products = list();
    completeIndex(products);
    expect(ids(findProducts(products, 'rice'))).toEqual(['p-exact', 'p-rice', 'p-powder']);
  });

  it('finds by Tamil name', () => {
    const products = list();
    completeIndex(products);
    expect(ids(findProducts(products, 'தக்காளி'))).toEqual(['p-tomato']);
  });

  it('finds Tamil typed in English letters, as the server search spells it', () => {
    const products = list();
    completeIndex(products);
    expect(ids(findProducts(products, 'thakkali'))).toEqual(['p-tomato']);
    expect(ids(findProducts(products, 'takali'))).toEqual(['p-tomato']);
    expect(ids(findProducts(products, 'arisi maavu'))).toEqual(['p-powder']);
    expect(ids(findProducts(products, 'arici'))).toEqual(['p-rice', 'p-powder', 'p-exact']);
  });

  it('finds by barcode: the exact code first, then codes starting with it', () => {
    const products = list();
    completeIndex(products);
    expect(ids(findProducts(products, '8906012345243'))).toEqual(['p-rice', 'p-soap']);
    expect(ids(findProducts(products, '890101'))).toEqual([]);
    expect(ids(findProducts(products, '8901'))).toEqual(['p-tomato']);
  });

  it('finds by a pack barcode, exact first', () => {
    const products = [soap, productDto('p-other', 'Other', { barcode: '89060123452501' }), rice];
    completeIndex(products);
    expect(ids(findProducts(products, '8906012345250'))).toEqual(['p-rice', 'p-other']);
  });

  it('answers before the index is built, and Latin-Tamil once it is', () => {
    const products = list();
    const index = productIndex(products);
    expect(index.done).toBe(false);
    expect(ids(findProducts(products, 'rice'))).toEqual(['p-exact', 'p-rice', 'p-powder']);
    expect(findProducts(products, 'thakkali')).toEqual([]);
    completeIndex(products);
    expect(ids(findProducts(products, 'thakkali'))).toEqual(['p-tomato']);
  });

  it('keeps to the limit and ignores an empty query', () => {
    const many = Array.from({ length: 50 }, (_, i) => productDto(`p${i}`, `Dal ${i}`));
    const index = completeIndex(many);
    expect(searchIndex(index, 'dal', 8)).toHaveLength(8);
    expect(findProducts(many, '   ')).toEqual([]);
  });
});
