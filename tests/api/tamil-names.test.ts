import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderLine } from '../support/order-bodies';
import { bearer, codedBody, createTestApp, DEMO, login, type TestContext, tokenRequests } from './helpers';
import { makeProduct, makeShelf, userId } from '../support/db-builders';

/** Tamil names: categories and subcategories have them; an order line keeps the product's from the sale. */
type H = Record<string, string>;
let ctx: TestContext;
let customerToken: string;
let admin: H, customer: H, vendor: H;
const { checkout, placeOrder } = tokenRequests(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  const tokens = await Promise.all([DEMO.admin, DEMO.customer, DEMO.vendor].map((p) => login(ctx.app, p)));
  customerToken = tokens[1];
  [admin, customer, vendor] = tokens.map(bearer);
});
afterAll(async () => ctx?.close());

describe('order lines keep the Tamil name of the sale', () => {
  it('answers the Tamil name the product had when sold, after the product is renamed', async () => {
    const db = ctx.handle.db;
    const vendorId = await userId(db, DEMO.vendor);
    const shelf = await makeShelf(db);
    const p = await makeProduct(db, { vendorId, shelf, name: 'Tomato 1kg', tamil: 'தக்காளி', shopPrice: 40, unit: 'kg', stock: 20 });
    const [placed] = await placeOrder(customerToken, [{ productId: p, quantity: 1.5 }]);
    const orderId = placed._id;
    expect(placed.products[0]).toMatchObject({ name: 'Tomato 1kg', nameTa: 'தக்காளி', quantity: 1.5, unit: 'kg' });

    // the product is renamed in both languages afterwards
    await db.updateTable('products').set({ name: 'Tomato (Nattu)', tamil: 'நாட்டுத் தக்காளி' }).where('id', '=', p).execute();

    for (const [url, headers] of [
      [`/api/Orders/${orderId}`, customer],
      [`/api/Orders/${orderId}`, vendor],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().products[0]).toMatchObject({ name: 'Tomato 1kg', nameTa: 'தக்காளி' });
    }
    const row = await db.selectFrom('order_lines').select(['name', 'name_ta']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Tomato 1kg', name_ta: 'தக்காளி' });
  });

  it('takes the Tamil name from the product, never from the client', async () => {
    const db = ctx.handle.db;
    const vendorId = await userId(db, DEMO.vendor);
    const shelf = await makeShelf(db);
    const p = await makeProduct(db, { vendorId, shelf, name: 'Onion', tamil: 'வெங்காயம்', shopPrice: 30 });
    const res = await checkout(customerToken, [{ productId: p, quantity: 1, price: 30, vendorId, nameTa: 'போலி' } as OrderLine]);
    // the extra field is dropped by the request schema: the line has the product's Tamil name
    expect(res.statusCode).toBe(201);
    expect(res.json().orders[0].products[0].nameTa).toBe('வெங்காயம்');
    const sold = await db.selectFrom('order_lines').select('name_ta').where('product_id', '=', p).execute();
    expect(sold.every((l) => l.name_ta === 'வெங்காயம்')).toBe(true);
  });
});

describe('categories in Tamil', () => {
  it('answers the demo categories and subcategories with their Tamil names', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/categories', headers: customer });
    expect(list.statusCode).toBe(200);
    const groceries = (list.json() as Array<Record<string, unknown>>).find((c) => c.name === 'Groceries');
    expect(groceries).toMatchObject({ nameTa: 'மளிகை' });
    expect((groceries!.subcategories as string[])[0]).toBe('Rice & Grains');
    expect((groceries!.subcategoriesTa as string[])[0]).toBe('அரிசி & தானியங்கள்');

    const subs = await ctx.app.inject({
      method: 'GET',
      url: `/api/categories/${encodeURIComponent('groceries')}/subcategories`,
      headers: customer,
    });
    expect(subs.json()).toEqual({
      subcategories: ['Rice & Grains', 'Dals & Pulses', 'Masalas & Spices', 'Oils & Ghee', 'Flours & Rava'],
      subcategoriesTa: ['அரிசி & தானியங்கள்', 'பருப்பு வகைகள்', 'மசாலா & நறுமணப் பொருட்கள்', 'எண்ணெய் & நெய்', 'மாவு & ரவை'],
    });
  });

  it('saves Tamil names from the admin form and keeps them with their subcategory on edits', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: admin,
      payload: { name: 'Stationery', nameTa: ' எழுதுபொருட்கள் ', subcategories: 'Pens, Notebooks, Glue', subcategoriesTa: 'பேனாக்கள், , பசை' },
    });
    expect(created.statusCode).toBe(201);
    const cat = created.json();
    expect(cat).toMatchObject({
      name: 'Stationery',
      nameTa: 'எழுதுபொருட்கள்',
      subcategories: ['Pens', 'Notebooks', 'Glue'],
      subcategoriesTa: ['பேனாக்கள்', '', 'பசை'],
    });

    // reordered and one renamed: each Tamil name is the one at its position in the edited list
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/categories/${cat._id}`,
      headers: admin,
      payload: {
        name: 'Stationery',
        nameTa: 'எழுதுபொருட்கள்',
        subcategories: ['Glue', 'Pens', 'Notebooks'],
        subcategoriesTa: ['பசை', 'பேனாக்கள்', 'நோட்டுப் புத்தகங்கள்'],
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      subcategories: ['Glue', 'Pens', 'Notebooks'],
      subcategoriesTa: ['பசை', 'பேனாக்கள்', 'நோட்டுப் புத்தகங்கள்'],
    });
  });

  it('refuses more Tamil names than subcategories, changing nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: admin,
      payload: { name: 'Toys', subcategories: 'Dolls', subcategoriesTa: 'பொம்மைகள், பந்துகள்' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codedBody('subcategoriesTaTooMany', { field: 'subcategoriesTa' }));
    const list = await ctx.app.inject({ method: 'GET', url: '/api/categories', headers: admin });
    expect((list.json() as Array<{ name: string }>).some((c) => c.name === 'Toys')).toBe(false);
  });
});
