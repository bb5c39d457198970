import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gtinCheckDigit } from '../../core/barcode';
import type { ReorderLineDto } from '../../core/schemas/reorder';
import type { Db } from '../../server/db';
import { bearer, createTestApp, DEMO, login, type TestContext } from './helpers';
import { makeGst, makeProduct, makeShelf, orderWriter, userId, type Shelf } from '../support/db-builders';

let ctx: TestContext;
let db: Db;
let shelf: Shelf;
let gstId: string;
let vendorId: string, vendor2Id: string, customerId: string;
let vendor: Record<string, string>, vendor2: Record<string, string>, admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.handle.db;
  [vendor, vendor2, admin] = (await Promise.all([DEMO.vendor, DEMO.vendor2, DEMO.admin].map((p) => login(ctx.app, p)))).map(bearer);
  vendorId = await userId(db, DEMO.vendor);
  vendor2Id = await userId(db, DEMO.vendor2);
  customerId = await userId(db, DEMO.customer);
  shelf = await makeShelf(db);
  gstId = await makeGst(db, 5);
});
afterAll(async () => ctx?.close());

const product = (over: { vendor?: string; stock: number; level: number; unit?: 'pcs' | 'kg'; active?: boolean; name?: string }) =>
  makeProduct(db, {
    vendorId: over.vendor ?? vendorId,
    shelf,
    gstId,
    shopPrice: 40,
    price: 50,
    stock: over.stock,
    reorderLevel: over.level,
    unit: over.unit ?? 'pcs',
    isActive: over.active ?? true,
    name: over.name,
    tamil: 'சோதனை',
  });
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
/** A customer's order of the demo vendor, written straight to the database (the days of sales counted go back past what the API takes). */
const order = orderWriter(
  () => db,
  () => ({ vendorId, customerId }),
);
/** One line of `quantity` of a product at its ₹40. */
const sold = (productId: string, quantity: number) => [{ productId, name: 'Sale', price: 40, quantity }];

async function reorderList(headers: Record<string, string>, query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/stock/reorder${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { shopName: string; products: ReorderLineDto[] };
}

describe('GET /api/stock/reorder', () => {
  let fast: string, loose: string, plenty: string, inactive: string, outNoLevel: string, noLevel: string, other: string;

  beforeAll(async () => {
    fast = await product({ stock: 3, level: 5, name: 'Reorder fast' });
    loose = await product({ stock: 0.5, level: 2, unit: 'kg', name: 'Reorder loose' });
    plenty = await product({ stock: 10, level: 5 });
    inactive = await product({ stock: 1, level: 5, active: false });
    outNoLevel = await product({ stock: -2, level: 0 });
    noLevel = await product({ stock: 3, level: 0 });
    other = await product({ vendor: vendor2Id, stock: 1, level: 4 });
    await db.updateTable('products').set({ cost_price_paise: 1250 }).where('id', '=', fast).execute();
    // 50 sold in the last 30 days (a pending order and a delivered one) ...
    await order({ lines: sold(fast, 30), createdAt: daysAgo(10) });
    await order({ lines: sold(fast, 20), createdAt: daysAgo(2), status: 'Delivered' });
    // ... a voided sale and one older than 30 days do not count
    const voided = await order({ lines: sold(fast, 100), createdAt: daysAgo(3) });
    await db.updateTable('orders').set({ voided_at: new Date(), void_reason: 'test' }).where('id', '=', voided).execute();
    await order({ lines: sold(fast, 100), createdAt: daysAgo(40) });
    await order({ lines: sold(loose, 4.5), createdAt: daysAgo(5) });
  });

  it('lists active products at or below their reorder level, or out of stock, with sales and suggestion', async () => {
    const { shopName, products } = await reorderList(vendor);
    expect(shopName).toBe('Murugan Stores');
    const ids = products.map((p) => p._id);
    expect(ids).toEqual(expect.arrayContaining([fast, loose, outNoLevel]));
    for (const id of [plenty, inactive, noLevel, other]) expect(ids).not.toContain(id);
    expect(products.every((p) => p.vendorId === vendorId)).toBe(true);

    const f = products.find((p) => p._id === fast)!;
    // 50 / 30 * 14 = 23.33, rounded up for pieces; more than the 2 that bring it to the level
    expect(f).toMatchObject({
      name: 'Reorder fast',
      Tamil: 'சோதனை',
      unit: 'pcs',
      countInStock: 3,
      reOrderLevel: 5,
      sold30: 50,
      suggested: 24,
      costPrice: 12.5,
    });
    const l = products.find((p) => p._id === loose)!;
    // 4.5 / 30 * 14 = 2.1 kg covers 14 days, bought as 2.5 kg (half-kilo steps); 1.5 kg would only reach the level
    expect(l).toMatchObject({ unit: 'kg', countInStock: 0.5, sold30: 4.5, suggested: 2.5, costPrice: null });
    // no sales: up to the level (0 - -2 = 2)
    expect(products.find((p) => p._id === outNoLevel)).toMatchObject({ sold30: 0, suggested: 2 });
  });

  it("never lists another vendor's products to a vendor; an admin sees all or one vendor", async () => {
    const mine = await reorderList(vendor2);
    expect(mine.products.map((p) => p._id)).toContain(other);
    expect(mine.products.map((p) => p._id)).not.toContain(fast);
    // a vendor naming another vendor still sees only its own
    const asked = await reorderList(vendor2, `?vendorId=${vendorId}`);
    expect(asked.products.map((p) => p._id)).not.toContain(fast);

    const all = await reorderList(admin);
    expect(all.products.map((p) => p._id)).toEqual(expect.arrayContaining([fast, other]));
    expect(all.shopName).toBe('');
    const one = await reorderList(admin, `?vendorId=${vendorId}`);
    expect(one.products.map((p) => p._id)).toContain(fast);
    expect(one.products.map((p) => p._id)).not.toContain(other);
  });

  it("counts a line by its order's shop and time as the order has them now, and a pack line in base units", async () => {
    const moved = await product({ stock: 1, level: 5, name: 'Reorder moved' });
    const packed = await product({ stock: 0, level: 3, name: 'Reorder packed' });
    const soldOf = async (id: string) => (await reorderList(vendor)).products.find((p) => p._id === id)?.sold30;
    const early = await order({ lines: sold(moved, 7), createdAt: daysAgo(45) });
    await order({ lines: sold(moved, 2), createdAt: daysAgo(29) });
    // each line keeps a copy of its order's shop and time
    const line = await db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.order_vendor_id', 'l.order_created_at', 'o.created_at'])
      .where('l.order_id', '=', early)
      .executeTakeFirstOrThrow();
    expect(line.order_vendor_id).toBe(vendorId);
    expect(new Date(line.order_created_at).getTime()).toBe(new Date(line.created_at).getTime());
    expect(await soldOf(moved)).toBe(2);
    // an order moved into the 30 days brings its lines along; voided, it leaves them out again
    await db
      .updateTable('orders')
      .set({ created_at: daysAgo(1) })
      .where('id', '=', early)
      .execute();
    expect(await soldOf(moved)).toBe(9);
    await db.updateTable('orders').set({ voided_at: new Date(), void_reason: 'test' }).where('id', '=', early).execute();
    expect(await soldOf(moved)).toBe(2);

    // 3 boxes of 10: 30 in the product's unit; 30 / 30 * 14 = 14 covers 14 days
    const box = await order({ lines: sold(packed, 3), createdAt: daysAgo(4) });
    await db.updateTable('order_lines').set({ pack_name: 'Box', pack_factor: '10' }).where('order_id', '=', box).execute();
    expect((await reorderList(vendor)).products.find((p) => p._id === packed)).toMatchObject({ sold30: 30, suggested: 14 });
  });

  it('refuses a malformed vendor id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/stock/reorder?vendorId=nope', headers: admin });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/products/store-codes', () => {
  const post = (headers: Record<string, string>, productIds: string[]) =>
    ctx.app.inject({ method: 'POST', url: '/api/products/store-codes', headers, payload: { productIds } });
  const barcodeOf = async (id: string) =>
    (await db.selectFrom('products').select('barcode').where('id', '=', id).executeTakeFirstOrThrow()).barcode;

  it('gives each product without a barcode a unique restricted-circulation EAN-13; a barcode stays', async () => {
    const [a, b, c] = [await product({ stock: 5, level: 1 }), await product({ stock: 5, level: 1 }), await product({ stock: 5, level: 1 })];
    await db.updateTable('products').set({ barcode: '4006381333931' }).where('id', '=', b).execute();
    const res = await post(vendor, [a, b, c]);
    expect(res.statusCode, res.body).toBe(200);
    const codes = Object.fromEntries((res.json().products as { _id: string; barcode: string }[]).map((p) => [p._id, p.barcode]));
    expect(codes[b]).toBe('4006381333931');
    for (const id of [a, c]) {
      expect(codes[id]).toMatch(/^2\d{12}$/);
      expect(gtinCheckDigit(codes[id].slice(0, 12))).toBe(Number(codes[id][12]));
      expect(await barcodeOf(id)).toBe(codes[id]);
    }
    expect(codes[a]).not.toBe(codes[c]);
    // asked again, the same codes
    const again = await post(vendor, [a, c]);
    expect(again.json().products).toEqual([
      { _id: a, barcode: codes[a] },
      { _id: c, barcode: codes[c] },
    ]);
    // the counter's lookup by exact barcode finds it
    const found = await ctx.app.inject({ method: 'GET', url: `/api/products/products?keyword=${codes[a]}`, headers: vendor });
    expect(found.json().map((p: { _id: string }) => p._id)).toEqual([a]);
  });

  it('tries another code when one is taken among the vendor’s barcodes', async () => {
    const taken = await product({ stock: 5, level: 1 });
    await db.updateTable('products').set({ barcode: '2000000000015' }).where('id', '=', taken).execute();
    const fresh = await product({ stock: 5, level: 1 });
    // the first code drawn is the taken one: digits 0000000001 after the prefix 20
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementationOnce((array) => {
      const a = array as Uint32Array;
      a.fill(0);
      a[a.length - 1] = 1;
      return array;
    });
    try {
      const res = await post(vendor, [fresh]);
      expect(res.statusCode, res.body).toBe(200);
      const code = res.json().products[0].barcode;
      expect(code).toMatch(/^20\d{11}$/);
      expect(code).not.toBe('2000000000015');
      expect(spy.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      spy.mockRestore();
    }
  });

  it("answers 404 for another vendor's product and changes nothing", async () => {
    const mine = await product({ stock: 5, level: 1 });
    const theirs = await product({ vendor: vendor2Id, stock: 5, level: 1 });
    const res = await post(vendor, [mine, theirs]);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('productNotFound');
    expect(await barcodeOf(mine)).toBeNull();
    expect(await barcodeOf(theirs)).toBeNull();
    // an admin may give codes to any vendor's products
    const byAdmin = await post(admin, [mine, theirs]);
    expect(byAdmin.statusCode).toBe(200);
    expect(await barcodeOf(theirs)).toMatch(/^20\d{11}$/);
  });

  it('refuses an empty list', async () => {
    expect((await post(vendor, [])).statusCode).toBe(400);
  });
});
