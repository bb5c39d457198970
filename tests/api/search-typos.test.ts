import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { rankedPage } from '../../server/services/search/search-query';
import { bearer, createTestApp, DEMO, listedShelf, login, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';
import { makeGst, makeProducts, makeShelf, userId } from '../support/db-builders';

/**
 * Typo tolerance (server/services/search/search-typos.ts, search-vocabulary.ts, migration 023): a misspelt
 * word finds what its spelling would, Tamil typed in English letters finds the Tamil name however it
 * is spelt, exact and prefix matches come first, and a product written through one API process is
 * found by a typo through another at once (the vocabulary follows the catalogue version).
 */

let ctx: TestContext;
let second: TestContext['app'];
let customer: Record<string, string>;
let vendorToken: string;

type Answer = { products: Array<{ name: string; Tamil: string }>; total: number };
const search = async (keyword: string, app = ctx.app): Promise<Answer> => {
  const r = await app.inject({
    method: 'GET',
    url: `/api/products/search?keyword=${encodeURIComponent(keyword)}&pageSize=50`,
    headers: customer,
  });
  expect(r.statusCode).toBe(200);
  return r.json();
};
const names = (a: Answer) => a.products.map((p) => p.name);

beforeAll(async () => {
  ctx = await createTestApp();
  customer = bearer(await login(ctx.app, DEMO.customer));
  vendorToken = await login(ctx.app, DEMO.vendor);
  // a second API process on the same database, with a vocabulary of its own
  second = await buildApp({ db: ctx.handle.db, config: ctx.config });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

describe('a typo', () => {
  it('of one letter in a word of 5 to 8 letters finds the word', async () => {
    const exact = names(await search('brinjal'));
    expect(exact.length).toBeGreaterThan(0);
    for (const typo of ['brinjl', 'brnijal', 'brinjall', 'brinjol']) expect(names(await search(typo)), typo).toEqual(exact);
  });

  it('of two letters in a long word finds it, and two in a shorter word do not', async () => {
    const exact = names(await search('groundnut'));
    expect(exact.length).toBeGreaterThan(0);
    expect(names(await search('grondnutt'))).toEqual(exact);
    expect((await search('brnjl')).total).toBe(0);
  });

  it('in a word under 5 letters is not forgiven', async () => {
    expect((await search('rice')).total).toBeGreaterThan(0);
    expect((await search('rcie')).total).toBe(0);
  });

  it('on the first letter counts as two', async () => {
    expect((await search('vrinjal')).total).toBe(0);
  });

  it('in one word of a phrase leaves the other word to narrow the answer', async () => {
    const both = names(await search('brinjal 500g'));
    expect(both.length).toBeGreaterThan(0);
    expect(names(await search('brinjl 500g'))).toEqual(both);
  });
});

describe('Tamil typed in English letters', () => {
  it.each(['kathirikai', 'kathirikkai', 'kaththarikkaai'])('%s finds கத்தரிக்காய்', async (typed) => {
    const found = await search(typed);
    expect(found.products.length).toBeGreaterThan(0);
    for (const p of found.products) expect(p.Tamil).toContain('கத்தரிக்காய்');
  });
});

describe('ranking', () => {
  it('a word that is in the catalogue is matched as typed, never through its typos', async () => {
    const shelf = await makeShelf(ctx.handle.db);
    const vendorId = await userId(ctx.handle.db, DEMO.vendor);
    await makeProducts(ctx.handle.db, [
      { vendorId, shelf, name: 'Kolam Powder White', shopPrice: 20 },
      { vendorId, shelf, name: 'Kolum Powder Red', shopPrice: 20 },
    ]);
    expect(names(await search('kolam powder'))).toEqual(['Kolam Powder White']);
    expect(names(await search('kolum powder'))).toEqual(['Kolum Powder Red']);
    expect(names(await search('kollam powder'))).toEqual(['Kolam Powder White']);
    // words that are in the catalogue are not corrected when no product holds them all
    expect((await search('kolum white')).total).toBe(0);
  });

  it('corrects a word whose phonetic key alone begins a key, when nothing matches it so', async () => {
    const shelf = await makeShelf(ctx.handle.db);
    const vendorId = await userId(ctx.handle.db, DEMO.vendor);
    await makeProducts(ctx.handle.db, [
      { vendorId, shelf, name: 'Murungai Keerai 1 bunch', tamil: 'முருங்கைக் கீரை', shopPrice: 15 },
      { vendorId, shelf, name: 'Nendran Banana 1kg', tamil: 'கேரளா வாழை', shopPrice: 60 },
    ]);
    // "kerai" has the key "kera", which begins "kerala": as typed it finds nothing with "murungai"
    expect(names(await search('murungai kerai'))).toEqual(['Murungai Keerai 1 bunch']);
    expect(names(await search('murungai keerai'))).toEqual(['Murungai Keerai 1 bunch']);
  });

  it('puts exact matches first, then prefix matches, then typo matches, each by name, on every page past the count cap', async () => {
    const db = ctx.handle.db;
    const shelf = await makeShelf(db);
    const vendorId = await userId(db, DEMO.vendor);
    const tiers = ['Exact', 'Prefix', 'Typo'];
    const specs = Array.from({ length: 1200 }, (_, i) => ({
      vendorId,
      shelf,
      name: `${tiers[i % 3]} ${String((i * 7919) % 1200).padStart(4, '0')}`,
      shopPrice: 10,
      images: [],
    }));
    specs.sort(() => Math.random() - 0.5);
    await makeProducts(db, specs);
    const expected = specs
      .map((s) => s.name)
      .sort((a, b) => tiers.indexOf(a.split(' ')[0]) - tiers.indexOf(b.split(' ')[0]) || (a < b ? -1 : 1));
    const onShelf = sql<boolean>`p.category_id = ${shelf.categoryId}`;
    const exact = sql<boolean>`p.name LIKE 'Exact%'`;
    const plain = sql<boolean>`p.name NOT LIKE 'Typo%'`;
    for (const page of [1, 20, 34, 60]) {
      const r = await rankedPage(db, [onShelf], undefined, page, 20, 1000, true, exact, plain);
      const rows = await db.selectFrom('products').select(['id', 'name']).where('id', 'in', r.ids).execute();
      const byId = new Map(rows.map((x) => [x.id, x.name]));
      expect(
        r.ids.map((id) => byId.get(id)),
        `page ${page}`,
      ).toEqual(expected.slice((page - 1) * 20, page * 20));
    }
  });
});

describe('another API process', () => {
  it('finds a new product, and a renamed one, by a typo at once', async () => {
    const shelf = await listedShelf(ctx.app, vendorToken);
    const gst = await makeGst(ctx.handle.db, 5);
    // both processes have read their vocabulary before the change
    expect((await search('zucchinni', second)).total).toBe(0);
    expect((await search('zucchinni')).total).toBe(0);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(vendorToken),
      payload: productBody(shelf, gst, 'Zucchini Green 250g', { Tamil: 'சீமை சுரைக்காய்' }),
    });
    expect(created.statusCode).toBe(201);
    const started = Date.now();
    expect(names(await search('zucchinni', second))).toEqual(['Zucchini Green 250g']);
    expect(Date.now() - started).toBeLessThan(1000);

    const id = created.json()._id;
    expect((await search('artichok', second)).total).toBe(0);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(vendorToken),
      payload: productBody(shelf, gst, 'Artichoke Fresh 250g'),
    });
    expect(put.statusCode).toBe(200);
    expect(names(await search('artichok', second))).toEqual(['Artichoke Fresh 250g']);
    expect(names(await search('artichkoe', second))).toEqual(['Artichoke Fresh 250g']);
    // the old name's words are gone from the vocabulary: its typo finds nothing, in either process
    expect((await search('zucchinni', second)).total).toBe(0);
    expect((await search('zucchinni')).total).toBe(0);
    const vocabulary = await ctx.handle.db
      .selectFrom('search_vocabulary')
      .select('products')
      .where('word', '=', 'zucchini')
      .executeTakeFirst();
    expect(vocabulary?.products).toBe(0);
  });
});
