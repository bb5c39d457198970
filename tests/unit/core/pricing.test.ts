import { describe, expect, it } from 'vitest';
import {
  type BasketLine,
  type PriceList,
  priceBasket,
  type Scheme,
  schemeActive,
  tillAdjustments,
  tillTotalAllowed,
} from '../../../core/pricing';

/** Noon India time on 15 June 2026. */
const AT = new Date('2026-06-15T12:00:00+05:30').getTime();
const DAYS = { from: '2026-06-01', to: '2026-06-30' };

const line = (productId: string, quantity: number, pricePaise: number, extra: Partial<BasketLine> = {}): BasketLine => ({
  productId,
  categoryId: 'cat-rice',
  quantityMilli: quantity * 1000,
  sellingPricePaise: pricePaise,
  unitDiscountPaise: 0,
  ...extra,
});

const wholesale: PriceList = {
  id: 'pl',
  name: 'Wholesale',
  rules: [
    { productId: 'rice', pricePaise: 5000 },
    { productId: 'rice', pricePaise: 4800, minQuantityMilli: 10_000 },
    { productId: 'rice', pricePaise: 4500, minQuantityMilli: 25_000 },
    { categoryId: 'cat-rice', percentOffBp: 1000 },
  ],
};

describe('price lists', () => {
  it('takes the best matching quantity break of the product', () => {
    const at = (q: number) => priceBasket({ at: AT, priceList: wholesale, lines: [line('rice', q, 5500)] }).lines[0];
    expect(at(1).unitPricePaise).toBe(5000);
    expect(at(10).unitPricePaise).toBe(4800);
    expect(at(30).unitPricePaise).toBe(4500);
    expect(at(30).priceListName).toBe('Wholesale');
    expect(at(30).totalPaise).toBe(30 * 4500);
  });

  it('falls back to the category rule (percent off the selling price), product rules first', () => {
    const r = priceBasket({ at: AT, priceList: wholesale, lines: [line('dal', 2, 12_345)] }).lines[0];
    // 10 % off ₹123.45 = ₹111.105, half up to ₹111.11
    expect(r.unitPricePaise).toBe(11_111);
    expect(r.totalPaise).toBe(22_222);
  });

  it('leaves a line with no rule at its selling price, and without a list every line', () => {
    const r = priceBasket({ at: AT, priceList: wholesale, lines: [line('soap', 1, 4000, { categoryId: 'cat-soap' })] }).lines[0];
    expect(r).toMatchObject({ unitPricePaise: 4000, priceListName: null });
    expect(priceBasket({ at: AT, lines: [line('rice', 30, 5500)] }).lines[0].unitPricePaise).toBe(5500);
  });

  it('prices a pack by its own price, or the base price times its factor; a fixed rule times the factor', () => {
    const bag = line('rice', 2, 5500, { packFactorMilli: 25_000, packPricePaise: 130_000 });
    expect(priceBasket({ at: AT, lines: [bag] }).lines[0].unitPricePaise).toBe(130_000);
    expect(priceBasket({ at: AT, lines: [{ ...bag, packPricePaise: null }] }).lines[0].unitPricePaise).toBe(137_500);
    expect(priceBasket({ at: AT, priceList: wholesale, lines: [bag] }).lines[0].unitPricePaise).toBe(125_000);
  });

  it('keeps the cashier discount per unit, capped at the price', () => {
    const r = priceBasket({ at: AT, lines: [line('rice', 3, 1000, { unitDiscountPaise: 100 })] }).lines[0];
    expect(r.totalPaise).toBe(2700);
    expect(priceBasket({ at: AT, lines: [line('rice', 3, 1000, { unitDiscountPaise: 5000 })] }).lines[0].totalPaise).toBe(0);
  });
});

const b2g1Same: Scheme = {
  id: 's1',
  name: 'Buy 2 get 1',
  kind: 'buyXgetY',
  ...DAYS,
  buy: { productId: 'soap', quantityMilli: 2000 },
  get: { productId: 'soap', quantityMilli: 1000 },
};

describe('schemes', () => {
  it('buy 2 get 1 of the same product: every third free, the discount on the line', () => {
    const r = priceBasket({ at: AT, schemes: [b2g1Same], lines: [line('soap', 7, 4000)] });
    // 7 soaps: two sets of 3, 2 free
    expect(r.lines[0]).toMatchObject({ schemeName: 'Buy 2 get 1', schemeDiscountPaise: 8000, totalPaise: 20_000 });
    expect(priceBasket({ at: AT, schemes: [b2g1Same], lines: [line('soap', 2, 4000)] }).lines[0].schemeDiscountPaise).toBe(0);
  });

  it('buy 2 of X get 1 of Y: only with Y in the basket, spread over both lines by value', () => {
    const s: Scheme = {
      id: 's2',
      name: 'Shampoo + comb',
      kind: 'buyXgetY',
      ...DAYS,
      buy: { productId: 'shampoo', quantityMilli: 2000 },
      get: { productId: 'comb', quantityMilli: 1000 },
    };
    expect(priceBasket({ at: AT, schemes: [s], lines: [line('shampoo', 4, 15_000)] }).schemeDiscountPaise).toBe(0);
    const r = priceBasket({ at: AT, schemes: [s], lines: [line('shampoo', 4, 15_000), line('comb', 1, 3000)] });
    // 4 shampoos give 2 combs free, only 1 in the basket: ₹30 off, spread 60000:3000
    expect(r.schemeDiscountPaise).toBe(3000);
    expect(r.lines.map((l) => l.schemeDiscountPaise)).toEqual([2857, 143]);
    expect(r.totalPaise).toBe(60_000);
  });

  it('a combo at a fixed price: as many whole sets as the basket holds', () => {
    const s: Scheme = {
      id: 's3',
      name: 'Breakfast combo',
      kind: 'combo',
      ...DAYS,
      items: [
        { productId: 'bread', quantityMilli: 1000 },
        { productId: 'jam', quantityMilli: 1000 },
      ],
      pricePaise: 10_000,
    };
    const r = priceBasket({ at: AT, schemes: [s], lines: [line('bread', 3, 4500), line('jam', 2, 8000)] });
    // 2 sets worth 2 × ₹125 = ₹250 for ₹200: ₹50 off over lines of ₹135 and ₹160
    expect(r.schemeDiscountPaise).toBe(5000);
    expect(r.lines.map((l) => l.schemeDiscountPaise)).toEqual([2288, 2712]);
    expect(r.totalPaise).toBe(13_500 + 16_000 - 5000);
  });

  it('category percent: off every line of the category', () => {
    const s: Scheme = { id: 's4', name: 'Rice week', kind: 'categoryPercent', ...DAYS, categoryId: 'cat-rice', percentOffBp: 500 };
    const r = priceBasket({
      at: AT,
      schemes: [s],
      lines: [line('rice', 1, 10_001), line('dal', 1, 9_999), line('soap', 1, 500, { categoryId: 'x' })],
    });
    expect(r.schemeDiscountPaise).toBe(1000);
    expect(r.lines[2].schemeName).toBeNull();
    expect(r.lines[0].schemeDiscountPaise + r.lines[1].schemeDiscountPaise).toBe(1000);
  });

  it('a line takes the scheme giving the most; another scheme then gets the lines left', () => {
    const small: Scheme = { id: 'a', name: 'Soap 5%', kind: 'categoryPercent', ...DAYS, categoryId: 'cat-rice', percentOffBp: 500 };
    const r = priceBasket({ at: AT, schemes: [small, b2g1Same], lines: [line('soap', 3, 4000), line('rice', 1, 10_000)] });
    expect(r.lines[0]).toMatchObject({ schemeName: 'Buy 2 get 1', schemeDiscountPaise: 4000 });
    expect(r.lines[1]).toMatchObject({ schemeName: 'Soap 5%', schemeDiscountPaise: 500 });
  });

  it('runs from its first to its last India day, both included, until ended', () => {
    expect(schemeActive(b2g1Same, new Date('2026-06-01T00:00:00+05:30').getTime())).toBe(true);
    expect(schemeActive(b2g1Same, new Date('2026-05-31T23:59:59+05:30').getTime())).toBe(false);
    expect(schemeActive(b2g1Same, new Date('2026-06-30T23:59:59+05:30').getTime())).toBe(true);
    expect(schemeActive(b2g1Same, new Date('2026-07-01T00:00:00+05:30').getTime())).toBe(false);
    expect(schemeActive({ ...b2g1Same, endedAt: '2026-06-10T00:00:00Z' }, AT)).toBe(false);
    expect(
      priceBasket({ at: new Date('2026-07-02T10:00:00+05:30').getTime(), schemes: [b2g1Same], lines: [line('soap', 3, 4000)] })
        .schemeDiscountPaise,
    ).toBe(0);
  });

  it('spreads exact to the paisa: the shares add up to the discount and no line goes below 0', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const s: Scheme = { id: 'c', name: 'All 7.77%', kind: 'categoryPercent', ...DAYS, categoryId: 'cat-rice', percentOffBp: 777 };
    for (let k = 0; k < 200; k++) {
      const lines = Array.from({ length: 1 + rand(6) }, (_, i) => line(`p${i}`, 1 + rand(9), 1 + rand(50_000)));
      const r = priceBasket({ at: AT, schemes: [s], lines });
      expect(r.lines.reduce((a, l) => a + l.schemeDiscountPaise, 0)).toBe(r.schemeDiscountPaise);
      expect(r.lines.every((l) => l.totalPaise >= 0 && l.totalPaise === l.valuePaise - l.schemeDiscountPaise)).toBe(true);
      expect(r.totalPaise).toBe(r.valuePaise - r.schemeDiscountPaise);
    }
  });
});

describe("the till's total", () => {
  it('is spread over the lines exactly, up or down', () => {
    expect(tillAdjustments([1000, 2000, 3001], 5900)).toEqual([-17, -34, -50]);
    expect(tillAdjustments([1000, 2000], 3003)).toEqual([1, 2]);
    expect(tillAdjustments([1000], 1000)).toEqual([0]);
  });

  it('is bounded: never below 0, within 10 % or ₹10 of the server', () => {
    expect(tillTotalAllowed(100_000, 90_000)).toBe(true);
    expect(tillTotalAllowed(100_000, 89_999)).toBe(false);
    expect(tillTotalAllowed(5000, 4000)).toBe(true);
    expect(tillTotalAllowed(5000, -1)).toBe(false);
    expect(tillTotalAllowed(0, 500)).toBe(false);
  });
});
