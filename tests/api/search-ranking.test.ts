import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersion } from '../../server/services/search/search-cache';
import { normalKeyword, plainWords } from '../../server/services/search/search-query';
import { bearer, createTestApp, DEMO, login, type TestContext, tokenRequests } from './helpers';
import { makeGst, makeProduct, makeProducts, makeShelf, type Shelf, userId } from '../support/db-builders';

/**
 * Search by word starts with a fragment fallback, pages past the count cap in every order, and a
 * catalogue version that stock changes leave alone (the ranked ids stay cached, rows are fresh).
 */

let ctx: TestContext;
let customerToken: string;
let customer: Record<string, string>;
const { checkout, placeOrder } = tokenRequests(() => ctx.app);
let vendorId: string;
let shelf: Shelf;

const get = (url: string, headers = customer) => ctx.app.inject({ method: 'GET', url, headers });
const search = async (q: string) => (await get(`/api/products/search?${q}`)).json();
const names = (r: { products: Array<{ name: string }> }) => r.products.map((p) => p.name);
const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * 1,200 products (past the count cap of 1,000) on a shelf of their own, inserted in random physical
 * order; `tag` is a four-digit number of each, all different. Answers them, and `remove` to delete them.
 */
async function manyProducts(make: (i: number, tag: string) => { name: string; shopPrice: number; discount?: number }) {
  const db = ctx.handle.db;
  const own = await makeShelf(db);
  const products = Array.from({ length: 1200 }, (_, i) => ({
    vendorId,
    shelf: own,
    price: 10,
    stock: 1,
    reorderLevel: 0,
    images: [],
    ...make(i, String((i * 7919) % 1200).padStart(4, '0')),
  }));
  products.sort(() => Math.random() - 0.5);
  await makeProducts(db, products);
  return { products, remove: () => db.deleteFrom('products').where('category_id', '=', own.categoryId).execute() };
}

beforeAll(async () => {
  ctx = await createTestApp();
  customerToken = await login(ctx.app, DEMO.customer);
  customer = bearer(customerToken);
  vendorId = await userId(ctx.handle.db, DEMO.vendor);
  shelf = await makeShelf(ctx.handle.db);
});
afterAll(async () => ctx?.close());

describe('keywords', () => {
  it('are split into words here exactly as the database splits them, or left to the database', async () => {
    const db = ctx.handle.db;
    const { rows } = await sql<{ name: string; tamil: string }>`SELECT name, tamil FROM products`.execute(db);
    const keywords = [
      ...rows.flatMap((r) => [r.name, r.tamil, r.name.split(' ').slice(0, 2).join(' ')]),
      'ponni ri',
      '5kg',
      '500 மி',
      'தமிழ்abc',
      'abc123def',
      '12e5',
      '0005',
      'v1 2',
      'அரிசி  பொன்னி',
      'zeta%',
      'café',
      'a_b',
      '1.5kg',
      'மி.லி',
      "o'brien",
      'x@y.in',
      'ÀÉ',
      'a\u200db',
      '-5',
      'pack-of-2',
    ];
    let plain = 0;
    for (const k of keywords) {
      const mine = plainWords(normalKeyword(k));
      if (mine === null) continue;
      plain++;
      const r = await sql<{
        words: string[];
      }>`SELECT array(SELECT lexeme FROM unnest(to_tsvector('simple', ${normalKeyword(k)}))) AS words`.execute(db);
      expect([...mine].sort(), k).toEqual([...r.rows[0].words].sort());
    }
    expect(plain).toBeGreaterThan(keywords.length / 2);
    for (const k of ['zeta%', 'café', 'a_b', '1.5kg', 'மி.லி', "o'brien", 'x@y.in', '-5', 'pack-of-2']) expect(plainWords(k), k).toBeNull();
  });
});

describe('matching', () => {
  beforeAll(async () => {
    const db = ctx.handle.db;
    await makeProduct(db, { vendorId, shelf, name: 'Qorvexa Zerandi Mulvo 1kg', tamil: 'கோர்வெக்சா சீரக சம்பா', shopPrice: 90 });
    await makeProduct(db, { vendorId, shelf, name: 'Biqorvexa Licorice Sticks', description: 'Sweet root (qorvex-free)', shopPrice: 60 });
    await makeProduct(db, { vendorId, shelf, name: 'Plain Jar', description: 'Holds 1.5kg of qorvexa rice', shopPrice: 75 });
  });

  it('matches words from their start, as typed: several words, prefixes, Tamil, the description', async () => {
    // "Biqorvexa" holds "qorvexa" but no word of it starts so; the word in a name ranks before the word in a description
    expect(names(await search('keyword=qorvexa'))).toEqual(['Qorvexa Zerandi Mulvo 1kg', 'Plain Jar']);
    expect(names(await search('keyword=qorvexa&sort=lowToHigh'))).toEqual(['Plain Jar', 'Qorvexa Zerandi Mulvo 1kg']);
    expect(names(await search('keyword=QORV'))).toEqual(['Biqorvexa Licorice Sticks', 'Plain Jar', 'Qorvexa Zerandi Mulvo 1kg']);
    expect(names(await search('keyword=qorvexa%20zerandi%20mu'))).toEqual(['Qorvexa Zerandi Mulvo 1kg']);
    expect(names(await search('keyword=qorvexa%20%20%20zer'))).toEqual(['Qorvexa Zerandi Mulvo 1kg']); // runs of spaces as one
    expect(names(await search(`keyword=${encodeURIComponent('கோர்வெக்சா சீர')}`))).toEqual(['Qorvexa Zerandi Mulvo 1kg']);
    expect(names(await search('keyword=1.5kg%20of%20qorv'))).toEqual(['Plain Jar']);
    // the words in another order, or apart, are not the keyword
    expect((await search('keyword=zerandi%20qorvexa')).total).toBe(0);
    // "qorvex" starts a word of the licorice's description ("qorvex-free") too
    expect(names(await search('keyword=qorvex'))).toEqual(['Biqorvexa Licorice Sticks', 'Plain Jar', 'Qorvexa Zerandi Mulvo 1kg']);
  });

  it('finds letters inside a word (three or more) only when no word starts with them', async () => {
    expect(names(await search('keyword=iqorv'))).toEqual(['Biqorvexa Licorice Sticks']);
    expect(names(await search('keyword=erandi%20mulv'))).toEqual(['Qorvexa Zerandi Mulvo 1kg']);
    expect(names(await search('keyword=icoric'))).toEqual(['Biqorvexa Licorice Sticks']);
    expect((await search('keyword=iq')).total).toBe(0);
  });
});

describe('ordering', () => {
  it('sorts by selling price as numbers (₹9.50 before ₹95 before ₹950), both ways', async () => {
    const db = ctx.handle.db;
    const own = await makeShelf(db);
    for (const [name, shopPrice, discount] of [
      ['Xylomint A', 950, 0],
      ['Xylomint B', 9.5, 0],
      ['Xylomint C', 100, 5],
      ['Xylomint D', 1200, 300],
    ] as const) {
      await makeProduct(db, { vendorId, shelf: own, name, shopPrice, discount });
    }
    expect(names(await search('keyword=xylomint&sort=lowToHigh'))).toEqual(['Xylomint B', 'Xylomint C', 'Xylomint D', 'Xylomint A']);
    expect(names(await search('keyword=xylomint&sort=highToLow'))).toEqual(['Xylomint A', 'Xylomint D', 'Xylomint C', 'Xylomint B']);
    expect(names(await search('keyword=xylomint&sort=lowToHigh&pageSize=2&pageNumber=2'))).toEqual(['Xylomint D', 'Xylomint A']);
    expect(names(await search('keyword=xylomint&minPrice=9&maxPrice=900&sort=highToLow'))).toEqual([
      'Xylomint D',
      'Xylomint C',
      'Xylomint B',
    ]);
  });

  it('past the count cap, every page in every order is the full sort of all matches', async () => {
    // 1,200 matches whose names sort after everything else ("Zz..."), prices spread
    const { products: rows, remove } = await manyProducts((i, tag) => ({
      name: `Zz Wombatta ${tag}`,
      shopPrice: 90_000 + ((i * 104729) % 5000), // ₹90,000 to ₹94,999: no other product costs as much
      discount: i % 5 === 0 ? 0.5 : 0,
    }));
    const selling = (r: (typeof rows)[number]) => r.shopPrice - Math.min(r.discount ?? 0, r.shopPrice);
    const byPrice = [...rows].sort((a, b) => selling(a) - selling(b) || byName(a, b));
    const byPriceDesc = [...rows].sort((a, b) => selling(b) - selling(a) || byName(a, b));
    for (const [sort, want] of [
      ['', [...rows].sort(byName)],
      ['lowToHigh', byPrice],
      ['highToLow', byPriceDesc],
    ] as const) {
      for (const page of [1, 3, 25]) {
        // by the keyword (bounded collection), and by the price range alone (an ordered walk)
        for (const filter of ['keyword=wombatta', 'minPrice=89999']) {
          const r = await search(`${filter}&pageSize=10&pageNumber=${page}${sort ? `&sort=${sort}` : ''}`);
          expect(names(r), `${filter} ${sort || 'name'} page ${page}`).toEqual(want.slice((page - 1) * 10, page * 10).map((x) => x.name));
          expect(r).toMatchObject({ total: 1000, totalCapped: true, pages: 101 });
        }
      }
    }
    const deep = await search('keyword=wombatta&pageSize=50&pageNumber=24&sort=lowToHigh');
    expect(deep).toMatchObject({ total: 1200, totalCapped: false, pages: 24 });
    expect(names(deep)).toEqual(byPrice.slice(1150).map((x) => x.name));
    await remove();
  });
});

describe('relevance', () => {
  it('without a chosen sort, exact word matches come first, then prefix matches, each by name, past the cap too', async () => {
    // 1,200 matches of "quokkan": half hold the word itself, half a longer word starting with it
    const { products: rows, remove } = await manyProducts((i, tag) => ({
      name: i % 2 ? `Quokkanite ${tag}` : `Zz Quokkan ${tag}`,
      shopPrice: 10,
    }));
    const want = [
      ...rows.filter((r) => r.name.startsWith('Zz')).sort(byName),
      ...rows.filter((r) => !r.name.startsWith('Zz')).sort(byName),
    ];
    for (const page of [1, 2, 60, 61, 62, 100]) {
      const r = await search(`keyword=quokkan&pageSize=10&pageNumber=${page}`);
      expect(names(r), `page ${page}`).toEqual(want.slice((page - 1) * 10, page * 10).map((x) => x.name));
      expect(r).toMatchObject({ total: 1000, totalCapped: true });
    }
    // a chosen sort is by name alone ("Quokkanite" before "Zz")
    expect(names(await search('keyword=quokkan&pageSize=10&sort=lowToHigh'))[0]).toMatch(/^Quokkanite/);
    await remove();
  });
});

describe('the catalogue version under writes', () => {
  it('stays put when a checkout takes stock, so cached pages stay; the page still shows the new stock', async () => {
    const db = ctx.handle.db;
    const id = await makeProduct(db, { vendorId, shelf, name: 'Stockwatch Ghee', shopPrice: 200, stock: 10 });
    const first = await search('keyword=stockwatch');
    expect(first.products[0].countInStock).toBe(10);
    const before = await catalogVersion(db);

    await placeOrder(customerToken, [{ productId: id, quantity: 3 }]);
    expect(await catalogVersion(db)).toBe(before);
    expect((await search('keyword=stockwatch')).products[0].countInStock).toBe(7);
    expect((await get(`/api/products/${id}`)).json().countInStock).toBe(7);

    // selling out changes the in-stock lists: the version moves
    await db.updateTable('products').set({ count_in_stock: 0 }).where('id', '=', id).execute();
    const soldOut = await catalogVersion(db);
    expect(soldOut).toBeGreaterThan(before);
    expect(
      (await get(`/api/products/subcategory/${encodeURIComponent(shelf.subcategory)}?inStock=true`))
        .json()
        .products.map((p: { _id: string }) => p._id),
    ).not.toContain(id);
    // and any other change of the product moves it too
    await db.updateTable('products').set({ count_in_stock: 5, name: 'Stockwatch Ghee 1L' }).where('id', '=', id).execute();
    expect(await catalogVersion(db)).toBeGreaterThan(soldOut);
    expect(names(await search('keyword=stockwatch'))).toEqual(['Stockwatch Ghee 1L']);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'lets a checkout commit while another transaction holds the version row (PostgreSQL)',
    async () => {
      const db = ctx.handle.db;
      const id = await makeProduct(db, { vendorId, shelf, name: 'Lockfree Dal', shopPrice: 50, stock: 100 });
      const { rows } = await sql<{ db: string }>`SELECT current_database() AS db`.execute(db);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0].db}`;
      const holder = new pg.Client({ connectionString: url.toString() });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT version FROM catalog_version WHERE id = 1 FOR UPDATE');
        const order = checkout(customerToken, [{ productId: id, quantity: 1, price: 50, vendorId }]);
        const settled = await Promise.race([
          order.then((r) => r.statusCode),
          new Promise((resolve) => setTimeout(() => resolve('waiting'), 3000)),
        ]);
        expect(settled).toBe(201);
      } finally {
        await holder.query('ROLLBACK');
        await holder.end();
      }
    },
  );
});

describe('names on cached pages', () => {
  it("follow a rename of the category, the subcategory, the GST record and the vendor's shop at once", async () => {
    const db = ctx.handle.db;
    const own = await makeShelf(db);
    const gst = await makeGst(db, 12, '2106');
    const id = await makeProduct(db, { vendorId, shelf: own, name: 'Renamewatch Pickle', shopPrice: 80, gstId: gst });
    const page = async () => (await search('keyword=renamewatch')).products[0];
    expect(await page()).toMatchObject({ category: own.category, subcategory: own.subcategory });
    expect((await get(`/api/products/${id}`)).json().category).toBe(own.category);
    await db
      .updateTable('categories')
      .set({ name: `${own.category} Renamed` })
      .where('id', '=', own.categoryId)
      .execute();
    await db
      .updateTable('subcategories')
      .set({ name: `${own.subcategory} Renamed` })
      .where('id', '=', own.subcategoryId)
      .execute();
    await db.updateTable('gsts').set({ name: 'GST 12% renamed' }).where('id', '=', gst).execute();
    const shop = (await db.selectFrom('users').select('shop_name').where('id', '=', vendorId).executeTakeFirstOrThrow()).shop_name;
    await db.updateTable('users').set({ shop_name: 'Renamed Stores' }).where('id', '=', vendorId).execute();
    try {
      expect(await page()).toMatchObject({
        category: `${own.category} Renamed`,
        subcategory: `${own.subcategory} Renamed`,
        gstName: 'GST 12% renamed',
        vendorName: 'Renamed Stores',
      });
      expect((await get(`/api/products/${id}`)).json()).toMatchObject({
        category: `${own.category} Renamed`,
        gstName: 'GST 12% renamed',
        vendorName: 'Renamed Stores',
      });
    } finally {
      await db.updateTable('users').set({ shop_name: shop }).where('id', '=', vendorId).execute();
    }
  });
});

describe('the search columns', () => {
  it('follow an edit of the matched fields, and are recomputed when written directly (a restore)', async () => {
    const db = ctx.handle.db;
    const id = await makeProduct(db, { vendorId, shelf, name: 'Velvetine Soap', description: 'Mild', shopPrice: 30 });
    await db.updateTable('products').set({ description: 'Mild, with Gravolia oil' }).where('id', '=', id).execute();
    expect(names(await search('keyword=gravolia'))).toEqual(['Velvetine Soap']);
    await db
      .updateTable('products')
      .set({ search_text: 'stale42', search_words: sql<string>`to_tsvector('simple', 'stale42')` })
      .where('id', '=', id)
      .execute();
    expect((await search('keyword=stale42')).total).toBe(0);
    expect(names(await search('keyword=gravolia%20oil'))).toEqual(['Velvetine Soap']);
  });
});
