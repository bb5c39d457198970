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
      subcategories: ['Camphor', 'Agarbatti'],
    });
    expect(categorySchema.parse({ name: 'Dairy', subcategories: [' Milk ', ''] })).toEqual({ name: 'Dairy', subcategories: ['Milk'] });
  });

  it('defaults subcategories to none', () => {
    expect(categorySchema.parse({ name: 'Household' })).toEqual({ name: 'Household', subcategories: [] });
  });

  it('requires a name', () => {
    for (const input of [{}, { name: '' }, { name: '   ' }]) {
      const r = categorySchema.safeParse(input);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe('nameRequired');
    }
  });
});
