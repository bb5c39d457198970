import { describe, expect, it } from 'vitest';
import type { ReorderLineDto } from '../../../core/schemas/reorder';
import { orderCsv, orderText } from '../../../src/features/reorder/reorder-export';

const line = (over: Partial<ReorderLineDto>): ReorderLineDto => ({
  _id: 'x',
  name: 'Ponni Rice',
  Tamil: 'பொன்னி அரிசி',
  unit: 'pcs',
  countInStock: 2,
  reOrderLevel: 5,
  sold30: 30,
  suggested: 14,
  costPrice: null,
  vendorId: 'v',
  lastSupplier: null,
  ...over,
});
const opts = {
  shopName: 'Murugan Stores',
  title: 'Order list',
  date: '26 Nov 2026',
  pieces: (n: number) => (n === 1 ? 'piece' : 'pieces'),
};

describe('reorder order text', () => {
  it('has the shop, the date and one "Name — qty unit" line per product', () => {
    const text = orderText(
      [
        { product: line({}), quantity: 14 },
        { product: line({ name: 'Toor Dal', Tamil: '', unit: 'kg' }), quantity: 2.5 },
      ],
      {
        ...opts,
        lang: 'en',
      },
    );
    expect(text).toBe('Murugan Stores — Order list\n26 Nov 2026\n\n1. Ponni Rice — 14 pieces\n2. Toor Dal — 2.5 kg');
  });

  it('says "1 piece", not "1 pcs"', () => {
    const text = orderText([{ product: line({}), quantity: 1 }], { ...opts, lang: 'en' });
    expect(text.split('\n').at(-1)).toBe('1. Ponni Rice — 1 piece');
  });
  it('adds the Tamil names and Tamil units in a Tamil interface', () => {
    const text = orderText([{ product: line({ unit: 'kg' }), quantity: 3 }], { ...opts, lang: 'ta', title: 'ஆர்டர் பட்டியல்' });
    expect(text.split('\n').at(-1)).toBe('1. Ponni Rice (பொன்னி அரிசி) — 3 கி.கி.');
  });
});

describe('reorder CSV', () => {
  it('starts with a BOM and defuses a name that a spreadsheet would run', () => {
    const csv = orderCsv(
      [{ product: line({ name: '=HYPERLINK("x")', costPrice: 41.5 }), quantity: 14 }],
      ['Name', 'Tamil name', 'Unit', 'Stock', 'Level', 'Sold', 'Qty', 'Cost'],
    );
    expect(csv.startsWith('\uFEFFName,Tamil name,')).toBe(true);
    const row = csv.split('\r\n')[1];
    expect(row).toBe(`"'=HYPERLINK(""x"")",பொன்னி அரிசி,pcs,2,5,30,14,41.50`);
    for (const cell of ['+1', '-1', '@x'])
      expect(orderCsv([{ product: line({ name: cell }), quantity: 1 }], []).split('\r\n')[1]).toMatch(/^'/);
  });
});
