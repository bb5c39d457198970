import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, login, type TestContext, codedBody } from './helpers';
import { insertUser, makeGst, makeProduct, makeProducts, makeShelf, registerCustomer, type Shelf, userId } from '../support/db-builders';

let ctx: TestContext;
let customer: Record<string, string>;
let vendor: Record<string, string>;
let vendor2: Record<string, string>;
let admin: Record<string, string>;
let vendorId: string;
let vendor2Id: string;
let shelf: Shelf;
let ids: Record<string, string>;

const get = (url: string, headers = customer) => ctx.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  [customer, vendor, vendor2, admin] = (
    await Promise.all([DEMO.customer, DEMO.vendor, DEMO.vendor2, DEMO.admin].map((p) => login(ctx.app, p)))
  ).map(bearer);
  vendorId = await userId(db, DEMO.vendor);
  vendor2Id = await userId(db, DEMO.vendor2);
  shelf = await makeShelf(db, { category: 'Zeta Provisions', subcategory: 'Zeta Dals & Pulses' });
  const other = await makeShelf(db, { category: 'Zeta Organic', subcategory: 'zeta dals & pulses' }); // same name, other category
  const gst = await makeGst(db, 5, '0713');
  const day = (n: number) => new Date(Date.UTC(2024, 0, n));
  ids = {
    toor: await makeProduct(db, {
      vendorId,
      shelf,
      name: 'Zeta Toor Dal',
      tamil: 'ஜீட்டா துவரம் பருப்பு',
      description: 'Unpolished split Quinquefoliate peas',
      price: 180,
      shopPrice: 160,
      discount: 10,
      stock: 20,
      gstId: gst,
      createdAt: day(1),
    }),
    moong: await makeProduct(db, {
      vendorId,
      shelf,
      name: 'Zeta Moong Dal',
      tamil: 'பாசிப் பருப்பு',
      description: 'Yellow split gram',
      shopPrice: 140,
      stock: 0,
      createdAt: day(2),
    }),
    urad: await makeProduct(db, {
      vendorId: vendor2Id,
      shelf: other,
      name: 'Zeta Urad Dal',
      tamil: 'உளுத்தம் பருப்பு',
      description: 'Whole black gram, zeta 100% natural',
      shopPrice: 150,
      discount: 30,
      stock: 5,
      createdAt: day(3),
    }),
    hidden: await makeProduct(db, {
      vendorId,
      shelf,
      name: 'Zeta Chana Dal Hidden',
      description: 'Zetainactive product',
      shopPrice: 90,
      isActive: false,
      createdAt: day(4),
    }),
  };
});
afterAll(async () => ctx?.close());

describe('product detail', () => {
  it('returns the full product DTO with reviews', async () => {
    const res = await get(`/api/products/${ids.toor}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: ids.toor,
      name: 'Zeta Toor Dal',
      Tamil: 'ஜீட்டா துவரம் பருப்பு',
      price: 180,
      shopPrice: 160,
      discount: 10,
      discountPercent: 16,
      countInStock: 20,
      reOrderLevel: 2,
      category: 'Zeta Provisions',
      subcategory: 'Zeta Dals & Pulses',
      categoryId: shelf.categoryId,
      subcategoryId: shelf.subcategoryId,
      gstRate: 5,
      image: `/uploads/${ids.toor}.jpg`,
      images: [`/uploads/${ids.toor}.jpg`],
      isActive: true,
      rating: 0,
      numReviews: 0,
      vendorId,
      vendorName: 'Murugan Stores',
      reviews: [],
    });
    expect(res.json().gst).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hides inactive products from customers but not from their vendor or an admin', async () => {
    expect((await get(`/api/products/${ids.hidden}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${ids.hidden}`)).json()).toEqual(codedBody('productNotFound'));
    expect((await get(`/api/products/${ids.hidden}`, vendor)).statusCode).toBe(200);
    expect((await get(`/api/products/${ids.hidden}`, vendor2)).statusCode).toBe(404);
    expect((await get(`/api/products/${ids.hidden}`, admin)).statusCode).toBe(200);
    expect((await get('/api/products/not-a-uuid')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${ids.toor}` })).statusCode).toBe(401);
  });
});

describe('products by subcategory', () => {
  it('matches the subcategory name ignoring case across categories, with paging', async () => {
    const res = await get(`/api/products/subcategory/${encodeURIComponent('ZETA DALS & pulses')}?page=1&limit=2`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBe(3); // hidden one excluded
    expect(body.pages).toBe(2);
    expect(body.page).toBe(1);
    expect(body.products).toHaveLength(2);
    const page2 = (await get(`/api/products/subcategory/${encodeURIComponent('Zeta Dals & Pulses')}?page=2&limit=2`)).json();
    const names = [...body.products, ...page2.products].map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(['Zeta Moong Dal', 'Zeta Toor Dal', 'Zeta Urad Dal']);
  });

  it('filters on selling price and stock and sorts', async () => {
    const url = (q: string) => `/api/products/subcategory/${encodeURIComponent('Zeta Dals & Pulses')}?${q}`;
    // selling prices: Toor 150, Moong 140, Urad 120
    const low = (await get(url('sort=lowToHigh'))).json();
    expect(low.products.map((p: { name: string }) => p.name)).toEqual(['Zeta Urad Dal', 'Zeta Moong Dal', 'Zeta Toor Dal']);
    const high = (await get(url('sort=highToLow'))).json();
    expect(high.products.map((p: { name: string }) => p.name)).toEqual(['Zeta Toor Dal', 'Zeta Moong Dal', 'Zeta Urad Dal']);
    const newest = (await get(url('sort=newest'))).json();
    expect(newest.products[0].name).toBe('Zeta Urad Dal');
    const range = (await get(url('minPrice=125&maxPrice=145'))).json();
    expect(range.products.map((p: { name: string }) => p.name)).toEqual(['Zeta Moong Dal']);
    const inStock = (await get(url('inStock=true'))).json();
    expect(inStock.totalCount).toBe(2);
    expect(inStock.products.every((p: { countInStock: number }) => p.countInStock > 0)).toBe(true);
    expect((await get(url('limit=500'))).statusCode).toBe(400);
  });
});

describe('search', () => {
  const search = async (q: string) => (await get(`/api/products/search?${q}`)).json();

  it('finds by Tamil name, by a description word, ignoring case', async () => {
    const tamil = await search(`keyword=${encodeURIComponent('ஜீட்டா துவரம்')}`);
    expect(tamil.products.map((p: { name: string }) => p.name)).toEqual(['Zeta Toor Dal']);
    const desc = await search('keyword=QUINQUEFOLIATE');
    expect(desc.products.map((p: { name: string }) => p.name)).toEqual(['Zeta Toor Dal']);
    const name = await search('keyword=ZETA&sort=lowToHigh');
    expect(name.products.map((p: { name: string }) => p.name)).toEqual(['Zeta Urad Dal', 'Zeta Moong Dal', 'Zeta Toor Dal']);
    expect(name).toMatchObject({ page: 1, pages: 1, total: 3 });
  });

  it('treats % and _ in the keyword literally', async () => {
    expect((await search(`keyword=${encodeURIComponent('zeta 100%')}`)).products.map((p: { name: string }) => p.name)).toEqual([
      'Zeta Urad Dal',
    ]);
    expect((await search(`keyword=${encodeURIComponent('zeta%')}`)).total).toBe(0);
    expect((await search(`keyword=${encodeURIComponent('zeta_100')}`)).total).toBe(0);
  });

  it('pages and price-filters; an empty keyword lists everything visible', async () => {
    const visible = await ctx.handle.db
      .selectFrom('products as p')
      .innerJoin('users as v', 'v.id', 'p.vendor_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('p.is_active', '=', true)
      .where('v.vendor_active', '=', true)
      .executeTakeFirstOrThrow();
    const total = Number(visible.n);
    const all = await search('keyword=&pageSize=2&pageNumber=2');
    expect(all).toMatchObject({ page: 2, pages: Math.ceil(total / 2), total });
    expect(all.products).toHaveLength(2);
    const priced = await search('keyword=zeta&minPrice=130&maxPrice=150');
    expect(priced.products.map((p: { name: string }) => p.name).sort()).toEqual(['Zeta Moong Dal', 'Zeta Toor Dal']);
    expect((await search('keyword=zetainactive')).total).toBe(0);
  });
});

describe('inactive vendor', () => {
  it('hides every product of an inactive vendor from customers (search, subcategory, detail)', async () => {
    const db = ctx.handle.db;
    const own = await makeShelf(db, { subcategory: 'Zeta Sweets' });
    const v = await insertUser(db, { name: 'Closed Shop', phone: '9111100001', role: 'vendor', shopName: 'Closed Shop' });
    const pid = await makeProduct(db, { vendorId: v, shelf: own, name: 'Zeta Mysore Pak', tamil: 'மைசூர் பாகு', shopPrice: 300 });
    expect((await search('zeta%20mysore')).total).toBe(1);

    await db.updateTable('users').set({ vendor_active: false }).where('id', '=', v).execute();
    expect((await search('zeta%20mysore')).total).toBe(0);
    expect((await get('/api/products/subcategory/Zeta%20Sweets')).json().totalCount).toBe(0);
    expect((await get(`/api/products/${pid}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${pid}`, admin)).statusCode).toBe(200);
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${pid}/reviews`,
      headers: customer,
      payload: { rating: 5, comment: 'x' },
    });
    expect(review.statusCode).toBe(404);

    async function search(kw: string) {
      return (await get(`/api/products/search?keyword=${kw}`)).json();
    }
  });
});

describe('reviews', () => {
  it('keeps one review per customer, recomputing rating and count', async () => {
    const post = (headers: Record<string, string>, rating: number, comment: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/products/${ids.urad}/reviews`, headers, payload: { rating, comment } });
    const first = await post(customer, 5, 'Very fresh');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ rating: 5, numReviews: 1 });

    const other = await registerCustomer(ctx.app);
    const second = await post(bearer(other.token), 2, 'Too small');
    expect(second.json()).toMatchObject({ rating: 3.5, numReviews: 2 });

    const again = await post(customer, 4, 'Good, but pricey');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ rating: 3, numReviews: 2 });

    const detail = (await get(`/api/products/${ids.urad}`)).json();
    expect(detail).toMatchObject({ rating: 3, numReviews: 2 });
    expect(detail.reviews).toHaveLength(2);
    expect(detail.reviews.find((r: { name: string }) => r.name === 'Lakshmi Priya')).toMatchObject({
      rating: 4,
      comment: 'Good, but pricey',
    });
  });

  it('validates the rating and is for customers only', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${ids.toor}/reviews`,
      headers: customer,
      payload: { rating: 6 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(codedBody('ratingRange', { field: 'rating' }));
    const byVendor = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${ids.toor}/reviews`,
      headers: vendor,
      payload: { rating: 5 },
    });
    expect(byVendor.statusCode).toBe(403);
    const hidden = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${ids.hidden}/reviews`,
      headers: customer,
      payload: { rating: 5 },
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('cached answers follow every change at once', () => {
  it('shows a vendor edit in search and detail at once, and hides a vendor toggled inactive at once', async () => {
    const names = async (kw: string) =>
      ((await get(`/api/products/search?keyword=${encodeURIComponent(kw)}`)).json().products as Array<{ name: string }>).map((p) => p.name);
    const gst = await makeGst(ctx.handle.db, 5, '0713');
    const payload = (name: string) => ({
      gst,
      name,
      Tamil: 'கேஷ் சோதனை',
      description: 'Cache check',
      price: 100,
      shopPrice: 90,
      countInStock: 10,
      reOrderLevel: 1,
      category: shelf.category,
      subcategory: shelf.subcategory,
      discount: 0,
      isActive: true,
      images: ['/api/uploads/' + 'c'.repeat(64) + '.jpg'],
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: vendor,
      payload: payload('Zeta Cachecheck Before'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;

    expect(await names('cachecheck')).toEqual(['Zeta Cachecheck Before']);
    expect((await get(`/api/products/${id}`)).json().name).toBe('Zeta Cachecheck Before');
    expect(await names('cachecheck')).toEqual(['Zeta Cachecheck Before']); // now served from the cache

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: vendor,
      payload: payload('Zeta Cachecheck After'),
    });
    expect(put.statusCode).toBe(200);
    expect(await names('cachecheck')).toEqual(['Zeta Cachecheck After']);
    expect((await get(`/api/products/${id}`)).json().name).toBe('Zeta Cachecheck After');

    const toggle = (isActive: boolean) =>
      ctx.app.inject({ method: 'PUT', url: `/api/products/${vendorId}/toggle-status`, headers: admin, payload: { isActive } });
    try {
      expect((await toggle(false)).statusCode).toBe(200);
      expect(await names('cachecheck')).toEqual([]);
      expect((await get(`/api/products/${id}`)).statusCode).toBe(404);
    } finally {
      expect((await toggle(true)).statusCode).toBe(200);
    }
    expect(await names('cachecheck')).toEqual(['Zeta Cachecheck After']);

    // a review shows in the cached detail at once
    await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${id}/reviews`,
      headers: customer,
      payload: { rating: 4, comment: 'Fresh' },
    });
    const detail = (await get(`/api/products/${id}`)).json();
    expect(detail.reviews).toEqual([expect.objectContaining({ rating: 4, comment: 'Fresh' })]);
    expect(detail.reviews[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(detail.numReviews).toBe(1);
  });

  it('caps the count of a broad search and still pages past the cap', async () => {
    const db = ctx.handle.db;
    const cap = 1000;
    const many = await makeShelf(db, { category: 'Zeta Bulk', subcategory: 'Zeta Bulk Items' });
    const rows = Array.from({ length: cap + 15 }, (_, i) => ({
      vendorId,
      shelf: many,
      name: `Bulkword item ${String(i).padStart(4, '0')}`,
      shopPrice: 10,
      stock: 1,
      reorderLevel: 0,
      images: [],
    }));
    await makeProducts(db, rows);
    const first = (await get('/api/products/search?keyword=bulkword&pageSize=50')).json();
    expect(first).toMatchObject({ total: cap, totalCapped: true, pages: Math.ceil((cap + 1) / 50) });
    expect(first.products[0].name).toBe('Bulkword item 0000');
    const deep = (await get('/api/products/search?keyword=bulkword&pageSize=50&pageNumber=21')).json();
    expect(deep).toMatchObject({ totalCapped: false, total: cap + 15, pages: 21 });
    expect(deep.products.map((p: { name: string }) => p.name)).toEqual(rows.slice(1000).map((r) => r.name));
    const narrow = (await get('/api/products/search?keyword=bulkword%20item%20000')).json();
    expect(narrow).toMatchObject({ total: 10, totalCapped: false, pages: 1 });
    expect(narrow.products.map((p: { name: string }) => p.name)).toEqual(rows.slice(0, 10).map((r) => r.name));
    // a few matches, sorted by price, and a page past the last one
    const byPrice = (await get('/api/products/search?keyword=bulkword%20item%20001&sort=highToLow&pageSize=4&pageNumber=3')).json();
    expect(byPrice).toMatchObject({ total: 10, pages: 3 });
    expect(byPrice.products).toHaveLength(2);
    expect((await get('/api/products/search?keyword=bulkword%20item%20001&pageNumber=4&pageSize=4')).json()).toMatchObject({
      total: 10,
      pages: 3,
      products: [],
    });
    await db.deleteFrom('products').where('category_id', '=', many.categoryId).execute();
    expect((await get('/api/products/search?keyword=bulkword')).json()).toMatchObject({ total: 0, products: [] });
  });
});
