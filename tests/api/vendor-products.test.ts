import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids';
import { bearer, createTestApp, DEMO, login, type TestContext, codedBody } from './helpers';
import { insertOrder, userId } from '../support/db-builders';

let ctx: TestContext;
let admin: Record<string, string>;
let vendor: Record<string, string>;
let vendor2: Record<string, string>;
let customer: Record<string, string>;
let gstId: string;
let vendorId: string;
let vendor2Id: string;

const CAT = 'VP Groceries';
const SUB = 'VP Rice';

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, vendor, vendor2, customer] = (
    await Promise.all([DEMO.admin, DEMO.vendor, DEMO.vendor2, DEMO.customer].map((p) => login(ctx.app, p)))
  ).map(bearer);
  const db = ctx.handle.db;
  const catId = newId();
  const otherCat = newId();
  await db
    .insertInto('categories')
    .values([
      { id: catId, name: CAT, created_at: new Date() },
      { id: otherCat, name: 'VP Snacks', created_at: new Date() },
    ])
    .execute();
  await db
    .insertInto('subcategories')
    .values([
      { id: newId(), category_id: catId, name: SUB, position: 0 },
      { id: newId(), category_id: otherCat, name: 'VP Chips', position: 0 },
    ])
    .execute();
  const gst = await ctx.app.inject({ method: 'POST', url: '/api/gsts', headers: admin, payload: { name: 'VP GST 5', rate: 5 } });
  gstId = gst.json()._id;
  vendorId = (await db.selectFrom('users').select('id').where('phone', '=', DEMO.vendor).executeTakeFirstOrThrow()).id;
  vendor2Id = (await db.selectFrom('users').select('id').where('phone', '=', DEMO.vendor2).executeTakeFirstOrThrow()).id;
});
afterAll(async () => ctx?.close());

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Ponni Rice 5kg',
  Tamil: 'பொன்னி அரிசி',
  description: 'Aged ponni rice',
  price: 450,
  shopPrice: 420,
  countInStock: 20,
  reOrderLevel: 5,
  category: CAT,
  subcategory: SUB,
  discount: 20,
  gst: gstId,
  images: ['/api/uploads/' + 'a'.repeat(64) + '.jpg'],
  isActive: true,
  ...over,
});

const create = (headers: Record<string, string>, over: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/products', headers, payload: body(over) });
const listOwn = async (headers: Record<string, string>, keyword = '') =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/products/products${keyword ? `?keyword=${encodeURIComponent(keyword)}` : ''}`,
      headers,
    })
  ).json() as Array<Record<string, unknown>>;

describe('vendor products', () => {
  it('creates a product for the signed-in vendor and returns the product DTO', async () => {
    const res = await create(vendor);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Ponni Rice 5kg',
      Tamil: 'பொன்னி அரிசி',
      price: 450,
      shopPrice: 420,
      discount: 20,
      countInStock: 20,
      reOrderLevel: 5,
      category: CAT,
      subcategory: SUB,
      gst: gstId,
      gstName: 'VP GST 5',
      isActive: true,
      rating: 0,
      numReviews: 0,
      vendorId,
    });
    expect(res.json().discountPercent).toBeGreaterThan(0);
  });

  it('ignores a vendorId sent by a vendor; lets an admin name a vendor', async () => {
    const own = await create(vendor, { name: 'Sneaky', vendorId: vendor2Id });
    expect(own.json().vendorId).toBe(vendorId);
    const forV2 = await create(admin, { name: 'Admin made for V2', vendorId: vendor2Id });
    expect(forV2.statusCode).toBe(201);
    expect(forV2.json().vendorId).toBe(vendor2Id);
    const notVendor = await create(admin, {
      name: 'Bad',
      vendorId: (await ctx.handle.db.selectFrom('users').select('id').where('phone', '=', DEMO.customer).executeTakeFirstOrThrow()).id,
    });
    expect(notVendor.statusCode).toBe(400);
  });

  it('uses the exact SPEC messages for missing and bad numbers', async () => {
    for (const over of [
      { name: '' },
      { price: undefined },
      { shopPrice: '' },
      { countInStock: null },
      { reOrderLevel: undefined },
      { category: '' },
      { subcategory: undefined },
      { gst: '' },
    ]) {
      const res = await create(vendor, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json(), JSON.stringify(over)).toEqual(codedBody('fillRequired', { field: Object.keys(over)[0] }));
    }
    for (const over of [{ price: -1 }, { shopPrice: 'abc' }, { countInStock: -3 }, { reOrderLevel: 1.5 }, { discount: -2 }]) {
      const res = await create(vendor, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json(), JSON.stringify(over)).toEqual(codedBody('invalidNumeric', { field: Object.keys(over)[0] }));
    }
  });

  it('checks category, subcategory, GST, discount and images', async () => {
    expect((await create(vendor, { category: 'Nope' })).json()).toEqual(codedBody('categoryNotFound', { field: 'category' }));
    const wrongSub = await create(vendor, { subcategory: 'VP Chips' });
    expect(wrongSub.statusCode).toBe(400);
    expect(wrongSub.json()).toMatchObject({ code: 'subcategoryNotInCategory', params: { subcategory: 'VP Chips' }, field: 'subcategory' });
    expect(wrongSub.json().message).toMatch(/^Subcategory "VP Chips" does not belong to category /);
    expect((await create(vendor, { gst: 'not-a-uuid' })).json()).toEqual(codedBody('chooseValidGst', { field: 'gst' }));
    expect((await create(vendor, { gst: newId() })).json()).toEqual(codedBody('chooseValidGst', { field: 'gst' }));
    const inactive = await ctx.app.inject({
      method: 'POST',
      url: '/api/gsts',
      headers: admin,
      payload: { name: 'VP Off', rate: 12, isActive: false },
    });
    expect((await create(vendor, { gst: inactive.json()._id })).statusCode).toBe(400);
    expect((await create(vendor, { discount: 500 })).json()).toEqual(codedBody('discountOverPrice', { field: 'discount' }));
    expect((await create(vendor, { images: [] })).json()).toEqual(codedBody('imageRequired', { field: 'images' }));
    expect((await create(vendor, { images: undefined })).json()).toEqual(codedBody('imageRequired', { field: 'images' }));
    expect((await create(vendor, { images: ['javascript:alert(1)'] })).statusCode).toBe(400);
    expect((await create(vendor, { images: ['//evil.example/x.png'] })).statusCode).toBe(400);
    expect((await create(vendor, { images: ['https://cdn.example.in/rice.jpg'] })).statusCode).toBe(201);
    // names match case-insensitively; discount is optional
    const ci = await create(vendor, { category: CAT.toUpperCase(), subcategory: SUB.toLowerCase(), discount: '' });
    expect(ci.statusCode).toBe(201);
    expect(ci.json()).toMatchObject({ category: CAT, subcategory: SUB, discount: 0 });
  });

  it("lists only the vendor's own products, newest first, with keyword search", async () => {
    await create(vendor, { name: 'Keyword Alpha', description: 'x' });
    await create(vendor, { name: 'Plain', Tamil: 'உளுந்து', description: 'black ZORBLEFLAX split' });
    const v2 = await create(vendor2, { name: 'Vendor Two Oil' });
    expect(v2.statusCode).toBe(201);

    const mine = await listOwn(vendor);
    expect(mine.length).toBeGreaterThan(2);
    expect(mine.every((p) => p.vendorId === vendorId)).toBe(true);
    expect(mine.map((p) => p.name)).not.toContain('Vendor Two Oil');
    expect(mine[0].name).toBe('Plain');
    const times = mine.map((p) => Date.parse(p.createdAt as string));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(mine[0]).toMatchObject({
      gstName: 'VP GST 5',
      category: CAT,
      subcategory: SUB,
      countInStock: 20,
      reOrderLevel: 5,
      rating: 0,
      numReviews: 0,
    });

    expect((await listOwn(vendor, 'KEYWORD ALPHA')).map((p) => p.name)).toEqual(['Keyword Alpha']);
    expect((await listOwn(vendor, 'zorbleflax')).map((p) => p.name)).toEqual(['Plain']);
    expect((await listOwn(vendor, 'உளுந்து')).map((p) => p.name)).toEqual(['Plain']);
    expect(await listOwn(vendor, '_')).toEqual([]); // LIKE wildcards are literal

    const all = await listOwn(admin);
    expect(all.map((p) => p.name)).toEqual(expect.arrayContaining(['Vendor Two Oil', 'Plain']));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products/products', headers: customer })).statusCode).toBe(403);
  });

  it("a vendor cannot edit or delete another vendor's product; admin can", async () => {
    const other = (await create(vendor2, { name: 'V2 Ghee' })).json()._id;
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/products/${other}`, headers: vendor, payload: body({ name: 'Stolen' }) });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual(codedBody('productNotFound'));
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/products/${other}`, headers: vendor });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual(codedBody('productNotFound'));
    const still = await ctx.handle.db.selectFrom('products').select('name').where('id', '=', other).executeTakeFirstOrThrow();
    expect(still.name).toBe('V2 Ghee');

    const adminPut = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${other}`,
      headers: admin,
      payload: body({ name: 'V2 Ghee 500ml', images: undefined }),
    });
    expect(adminPut.statusCode).toBe(200);
    expect(adminPut.json()).toMatchObject({ name: 'V2 Ghee 500ml', vendorId: vendor2Id });
    const adminDel = await ctx.app.inject({ method: 'DELETE', url: `/api/products/${other}`, headers: admin });
    expect(adminDel.statusCode).toBe(200);
    expect(adminDel.json()).toEqual(codedBody('productDeleted'));
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/products/${newId()}`, headers: admin })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/products/${other}`, headers: customer })).statusCode).toBe(403);
  });

  it('updates a product; images left out keep the old ones; validation applies', async () => {
    const created = (
      await create(vendor, { name: 'To Edit', images: ['https://cdn.example.in/a.jpg', 'https://cdn.example.in/b.jpg'] })
    ).json();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${created._id}`,
      headers: vendor,
      payload: {
        ...body({ name: 'Edited', price: 500, shopPrice: 480, discount: 0, countInStock: 3 }),
        images: undefined,
        isActive: undefined,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Edited',
      price: 500,
      shopPrice: 480,
      discount: 0,
      countInStock: 3,
      images: ['https://cdn.example.in/a.jpg', 'https://cdn.example.in/b.jpg'],
    });
    const replaced = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${created._id}`,
      headers: vendor,
      payload: body({ name: 'Edited', images: ['https://cdn.example.in/b.jpg'] }),
    });
    expect(replaced.json().images).toEqual(['https://cdn.example.in/b.jpg']);
    const bad = await ctx.app.inject({ method: 'PUT', url: `/api/products/${created._id}`, headers: vendor, payload: body({ price: -5 }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(codedBody('invalidNumeric', { field: 'price' }));
    const row = await ctx.handle.db.selectFrom('products').select('price_paise').where('id', '=', created._id).executeTakeFirstOrThrow();
    expect(row.price_paise).toBe(45000); // unchanged by the refused edit
  });

  it('deleting a product keeps old orders intact; lines keep their name', async () => {
    const p = (await create(vendor, { name: 'Ordered Then Deleted' })).json();
    const db = ctx.handle.db;
    const customerId = await userId(db, DEMO.customer);
    const orderId = await insertOrder(db, {
      vendorId,
      customerId,
      status: 'Delivered',
      lines: [{ productId: p._id, name: p.name, image: p.images[0], quantity: 2, price: 420, discount: 20 }],
    });
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/products/${p._id}`, headers: vendor });
    expect(del.statusCode).toBe(200);
    const order = await db.selectFrom('orders').select(['id', 'items_paise']).where('id', '=', orderId).executeTakeFirst();
    expect(order).toEqual({ id: orderId, items_paise: 80000 });
    const line = await db
      .selectFrom('order_lines')
      .select(['product_id', 'name', 'quantity', 'image'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect({ ...line, quantity: Number(line.quantity) }).toEqual({
      product_id: null,
      name: 'Ordered Then Deleted',
      quantity: 2,
      image: p.images[0],
    });
  });

  it('delivery staff and customers cannot manage products', async () => {
    const delivery = bearer(await login(ctx.app, DEMO.delivery));
    expect((await create(delivery)).statusCode).toBe(403);
    expect((await create(customer)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/products', payload: body() })).statusCode).toBe(401);
  });
});
