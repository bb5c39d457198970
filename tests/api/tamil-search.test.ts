import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tamilSearchKey } from '../../core/transliterate';
import { backfillTamilKeys } from '../../server/db/migrations/009-tamil-phonetic';
import { bearer, createTestApp, DEMO, login, type TestContext } from './helpers';
import { makeGst, makeShelf } from '../support/db-builders';

/**
 * Tamil typed in English letters finds products by their Tamil names (migration 009), with the
 * spellings people use, on the demo catalogue; exact word matches rank before prefix matches, and
 * unrelated products stay off the first page.
 */

let ctx: TestContext;
let customer: Record<string, string>;
let vendor: Record<string, string>;

const get = (url: string, headers = customer) => ctx.app.inject({ method: 'GET', url, headers });
const search = async (keyword: string, extra = '') =>
  (await get(`/api/products/search?keyword=${encodeURIComponent(keyword)}${extra}`)).json() as Promise<{
    products: Array<{ _id: string; name: string; Tamil: string }>;
    total: number;
  }>;
const names = async (keyword: string, extra = '') => (await search(keyword, extra)).products.map((p) => p.name);

beforeAll(async () => {
  ctx = await createTestApp();
  customer = bearer(await login(ctx.app, DEMO.customer));
  vendor = bearer(await login(ctx.app, DEMO.vendor));
});
afterAll(async () => ctx?.close());

describe('Latin-letter Tamil keywords on the demo catalogue', () => {
  it('"arisi" finds the rice (அரிசி) and nothing else', async () => {
    const found = await names('arisi');
    expect(found).toEqual(
      expect.arrayContaining(['Ponni Rice 5kg', 'Idli Rice 5kg', 'Seeraga Samba Rice 1kg', 'Mappillai Samba Rice 1kg', 'Rice Flour 1kg']),
    );
    const { products } = await search('arisi');
    for (const p of products) expect(p.Tamil, p.name).toContain('அரிசி');
  });

  it('"arici" (c for ச) finds the rice as "arisi" does; "aresi", a letter off, lists the rice before "Arai Keerai"', async () => {
    expect((await names('arici')).sort()).toEqual((await names('arisi')).sort());
    const offByOne = await names('aresi');
    expect(offByOne).toContain('Arai Keerai 1 bunch');
    const rice = offByOne.filter((n) => n !== 'Arai Keerai 1 bunch');
    expect(rice.length).toBeGreaterThan(3);
    // every whole-word match (the rice, அரிசி) before the word that merely begins alike (அரைக்கீரை)
    expect(offByOne.indexOf('Arai Keerai 1 bunch')).toBe(rice.length);
  });

  it('"thakkali" and "takkali" find the tomato (தக்காளி) first', async () => {
    for (const k of ['thakkali', 'takkali', 'Thakkaali', 'thakali']) {
      const found = await names(k);
      expect(found[0], k).toBe('Tomato 1kg');
      expect(found.length, k).toBeLessThanOrEqual(3);
    }
  });

  it('"nallennai" finds the gingelly oils (நல்லெண்ணெய்)', async () => {
    for (const k of ['nallennai', 'nallennei', 'nallenai']) {
      expect((await names(k)).sort(), k).toEqual(['Gingelly Oil (loose, cold pressed)', 'Gingelly Oil 1L (Cold Pressed)']);
    }
  });

  it('"ennai", "ennei", "yennai" and "yennei" find oils (எண்ணெய்), and only what holds the word', async () => {
    for (const k of ['ennai', 'ennei', 'yennai', 'yennei']) {
      const { products } = await search(k);
      expect(products.map((p) => p.name)).toEqual(expect.arrayContaining(['Groundnut Oil 1L', 'Coconut Oil 500ml (Cold Pressed)']));
      // the oils, and the brinjal "for ennai kathirikkai" (its description, as typed)
      for (const p of products) expect(p.Tamil.includes('எண்ணெய்') || p.name === 'Brinjal 500g', `${k}: ${p.name}`).toBe(true);
    }
  });

  it('"paruppu", "parupu" and "paruppu dal" find the dals (பருப்பு)', async () => {
    const dals = ['Toor Dal 1kg', 'Urad Dal Whole 1kg', 'Moong Dal 500g', 'Chana Dal 1kg', 'Toor Dal (loose)'];
    for (const k of ['paruppu', 'parupu', 'paruppu dal', 'dal paruppu', 'Paruppu']) {
      const { products } = await search(k);
      expect(
        products.map((p) => p.name),
        k,
      ).toEqual(expect.arrayContaining(dals));
      for (const p of products) expect(p.Tamil, `${k}: ${p.name}`).toContain('பருப்பு');
    }
    // a Tamil word and an English one: the toor dals only
    expect((await names('thuvaram dal')).sort()).toEqual(['Toor Dal (loose)', 'Toor Dal 1kg']);
  });

  it('Tamil-script keywords and English ones keep working', async () => {
    expect(await names('தக்காளி')).toEqual(['Tomato 1kg']);
    expect((await names('நல்லெண்ணெய்')).sort()).toEqual(['Gingelly Oil (loose, cold pressed)', 'Gingelly Oil 1L (Cold Pressed)']);
    expect(await names('tomato')).toEqual(['Tomato 1kg']);
    expect((await search('zqxw')).total).toBe(0);
  });

  it('ranks exact word matches before prefix matches, then by name; a chosen sort still rules', async () => {
    // "pal" is a whole word of பால் (milk) and பால்கோவா's key starts with it; other keys start with "pal" too
    const found = await names('paal');
    // the two products whose Tamil name holds the whole word பால், by name; the prefix match after them
    expect(found.slice(0, 2)).toEqual(['Baby Milk Powder 400g', 'Toned Milk 500ml']);
    expect(found).toContain('Srivilliputhur Palkova 250g');
    expect(found.indexOf('Srivilliputhur Palkova 250g')).toBeGreaterThan(1);
    const byPrice = await search('paal', '&sort=highToLow');
    expect(byPrice.products.length).toBe(found.length);
  });
});

describe('the phonetic key on write', () => {
  it('is set when a vendor adds or edits a product, and search follows at once', async () => {
    const db = ctx.handle.db;
    const shelf = await makeShelf(db);
    const gstId = await makeGst(db, 5, '1904');
    const body = {
      name: 'Kovil Prasadam Mix',
      Tamil: 'புளியோதரை பொடி',
      description: 'Temple style',
      price: 90,
      shopPrice: 80,
      discount: 0,
      countInStock: 20,
      reOrderLevel: 2,
      category: shelf.category,
      subcategory: shelf.subcategory,
      gst: gstId,
      images: ['/api/uploads/' + 'b'.repeat(64) + '.jpg'],
      isActive: true,
    };
    const created = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: vendor, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    expect(await names('puliyodharai')).toEqual(['Kovil Prasadam Mix']);
    expect(await names('puliyotharai podi')).toEqual(['Kovil Prasadam Mix']);

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: vendor,
      payload: { ...body, Tamil: 'எலுமிச்சை சாதம் பொடி' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await search('puliyodharai')).total).toBe(0);
    expect(await names('elumichai')).toEqual(['Kovil Prasadam Mix']);
    const row = await ctx.handle.db.selectFrom('products').select(['tamil_key']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.tamil_key).toBe(tamilSearchKey('எலுமிச்சை சாதம் பொடி'));
  });

  it('is what the Tamil name gives on every demo product, and the backfill mends a row written without it', async () => {
    const db = ctx.handle.db;
    const rows = await db.selectFrom('products').select(['id', 'tamil', 'tamil_key']).execute();
    for (const r of rows) expect(r.tamil_key, r.tamil).toBe(tamilSearchKey(r.tamil));
    const tomato = rows.find((r) => r.tamil.startsWith('தக்காளி'))!;
    await db.updateTable('products').set({ tamil_key: '' }).where('id', '=', tomato.id).execute();
    expect((await search('thakkali')).total).toBe(0);
    expect(await backfillTamilKeys(db)).toBe(1);
    expect(await names('thakkali')).toEqual(['Tomato 1kg']);
    const { rows: words } = await sql<{ w: string }>`SELECT search_words::text AS w FROM products WHERE id = ${tomato.id}`.execute(db);
    expect(words[0].w).toContain("'takali':");
  });
});
