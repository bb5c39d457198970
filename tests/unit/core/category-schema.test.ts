import { describe, expect, it } from 'vitest';
import { categorySchema, parseSubcategories } from '../../../core/schemas/category';

describe('parseSubcategories', () => {
  it('splits a typed string', () => {
    expect(parseSubcategories('a, b ,, c')).toEqual(['a', 'b', 'c']);
    expect(parseSubcategories('Rice & Grains, Dals & Pulses')).toEqual(['Rice & Grains', 'Dals & Pulses']);
  });

  it('trims and drops blanks from a list', () => {
    expect(parseSubcategories(['a', ' b', '', '   ', 'c '])).toEqual(['a', 'b', 'c']);
  });

  it('gives an empty list for nothing', () => {
    expect(parseSubcategories('')).toEqual([]);
    expect(parseSubcategories(' , ,, ')).toEqual([]);
    expect(parseSubcategories([])).toEqual([]);
  });

  it('keeps Tamil names and inner spaces', () => {
    expect(parseSubcategories('முறுக்கு,  Mysore Pak ')).toEqual(['முறுக்கு', 'Mysore Pak']);
  });
});

describe('categorySchema', () => {
  it('trims the name and parses subcategories from a string or a list', () => {
    expect(categorySchema.parse({ name: '  Pooja Items ', subcategories: 'Camphor, Agarbatti,' })).toEqual({
      name: 'Pooja Items',
      nameTa: '',
      subcategories: ['Camphor', 'Agarbatti'],
      subcategoriesTa: [],
    });
    expect(categorySchema.parse({ name: 'Dairy', subcategories: [' Milk ', ''] })).toMatchObject({
      name: 'Dairy',
      subcategories: ['Milk'],
    });
  });

  it('defaults subcategories to none', () => {
    expect(categorySchema.parse({ name: 'Household' })).toEqual({ name: 'Household', nameTa: '', subcategories: [], subcategoriesTa: [] });
  });

  it('keeps each Tamil subcategory name at its place and refuses more Tamil names than subcategories', () => {
    expect(
      categorySchema.parse({
        name: 'Sweets',
        nameTa: ' இனிப்புகள் ',
        subcategories: 'Laddu, Mysore Pak, Halwa',
        subcategoriesTa: 'லட்டு, , அல்வா,',
      }),
    ).toEqual({
      name: 'Sweets',
      nameTa: 'இனிப்புகள்',
      subcategories: ['Laddu', 'Mysore Pak', 'Halwa'],
      subcategoriesTa: ['லட்டு', '', 'அல்வா'],
    });
    const r = categorySchema.safeParse({ name: 'Sweets', subcategories: ['Laddu'], subcategoriesTa: ['லட்டு', 'அல்வா'] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['subcategoriesTa'], message: 'subcategoriesTaTooMany' });
  });

  it('requires a name', () => {
    for (const input of [{}, { name: '' }, { name: '   ' }]) {
      const r = categorySchema.safeParse(input);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe('nameRequired');
    }
  });
});
