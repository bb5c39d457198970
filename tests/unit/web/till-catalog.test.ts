import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CounterCatalogResponse, CounterProductDto } from '../../../core/schemas/counter-catalog';
import { writeCache } from '../../../src/offline/cache';
import { openOfflineDb, setOfflineDb, type OfflineDb } from '../../../src/offline/db';
import { FIRST_PAGE, PAGE, pageName, readTillCatalog, syncTillCatalog, TILL_CATALOG } from '../../../src/features/shop-order/till-catalog';

/**
 * The counter's catalogue saved page by page (src/features/shop-order/till-catalog.ts): each page is on the device
 * before the whole is, a page that fails keeps what came before it, and a finished saving replaces the last one.
 */

let db: OfflineDb;
let user = 0;
beforeAll(async () => {
  // the app's own database (the reader opens it by name, without Dexie)
  db = openOfflineDb();
  await db.open();
  setOfflineDb(db);
});

const product = (i: number, tag = 'a'): CounterProductDto => ({
  _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Product ${i} ${tag}`,
  Tamil: 'அரிசி',
  price: 10,
  shopPrice: 9,
  discount: 0,
  isFree: false,
  countInStock: 5,
  tracksBatches: false,
  unit: 'pcs',
  packs: [],
  category: 'Rice',
  subcategory: 'Raw rice',
  categoryId: '',
  gst: '',
  gstRate: 5,
  hsnCode: '1006',
  barcode: '',
  isActive: true,
  vendorId: 'v',
  vendorName: 'Shop',
});

/** A server of `count` products answering keyset pages; `failAt`: that page (1-based) fails as a lost connection. */
function server(count: number, opts: { failAt?: number; tag?: string } = {}) {
  const all = Array.from({ length: count }, (_, i) => product(i, opts.tag));
  const asked: Array<{ after?: string; limit: number }> = [];
  const fetchPage = async (after: string | undefined, limit: number): Promise<CounterCatalogResponse> => {
    asked.push({ after, limit });
    if (asked.length === opts.failAt) throw Object.assign(new Error('FETCH_ERROR'), { status: 'FETCH_ERROR' });
    const from = after ? all.findIndex((p) => p._id === after) + 1 : 0;
    const products = all.slice(from, from + limit);
    return { products, next: from + limit < all.length ? products.at(-1)!._id : null };
  };
  return { all, asked, fetchPage };
}

const savedNames = async (uid: string) =>
  (await db.cache.where('userId').equals(uid).primaryKeys()).map((k) => String(k).slice(uid.length + 1)).sort();

describe('the counter catalogue saved page by page', () => {
  it('saves each page as it comes, then the entry that marks the copy whole', async () => {
    const uid = `u${++user}`;
    const s = server(FIRST_PAGE + PAGE + 100);
    const seen: Array<{ n: number; done: boolean }> = [];
    const got = await syncTillCatalog({
      fetchPage: s.fetchPage,
      save: (name, value) => writeCache(uid, name, value),
      onPage: (products, done) => seen.push({ n: products.length, done }),
    });
    expect(got?.map((p) => p._id)).toEqual(s.all.map((p) => p._id));
    expect(s.asked.map((a) => a.limit)).toEqual([FIRST_PAGE, PAGE, PAGE]);
    expect(s.asked[0].after).toBeUndefined();
    expect(s.asked[1].after).toBe(s.all[FIRST_PAGE - 1]._id);
    expect(seen.map((x) => [x.n, x.done])).toEqual([
      [FIRST_PAGE, false],
      [FIRST_PAGE + PAGE, false],
      [FIRST_PAGE + PAGE + 100, true],
    ]);
    expect(await savedNames(uid)).toEqual([TILL_CATALOG, pageName(1), pageName(2), pageName(3)]);
    const saved = await readTillCatalog(uid);
    expect(saved?.complete).toBe(true);
    expect(saved?.products.map((p) => p._id)).toEqual(s.all.map((p) => p._id));
  });

  it('keeps the pages saved before a page failed, and says the copy is not whole', async () => {
    const uid = `u${++user}`;
    const s = server(FIRST_PAGE + PAGE + 100, { failAt: 3 });
    await expect(syncTillCatalog({ fetchPage: s.fetchPage, save: (name, value) => writeCache(uid, name, value) })).rejects.toThrow(
      'FETCH_ERROR',
    );
    expect(await savedNames(uid)).toEqual([pageName(1), pageName(2)]);
    const saved = await readTillCatalog(uid);
    expect(saved?.complete).toBe(false);
    expect(saved?.products).toHaveLength(FIRST_PAGE + PAGE);
  });

  it('a finished saving replaces the one before; an interrupted one lists each product once', async () => {
    const uid = `u${++user}`;
    const save = (name: string, value: unknown) => writeCache(uid, name, value);
    await syncTillCatalog({ fetchPage: server(FIRST_PAGE + PAGE + 100).fetchPage, save });
    // the shop now has fewer products: one page; the old pages 2 and 3 are left but no longer read
    const small = server(300, { tag: 'b' });
    await syncTillCatalog({ fetchPage: small.fetchPage, save });
    let saved = await readTillCatalog(uid);
    expect(saved?.complete).toBe(true);
    expect(saved?.products.map((p) => p.name)).toEqual(small.all.map((p) => p.name));
    // a saving that stops after its first page: that page's products are the new ones, the rest as saved before
    await syncTillCatalog({ fetchPage: server(FIRST_PAGE + 10, { failAt: 2, tag: 'c' }).fetchPage, save }).catch(() => {});
    saved = await readTillCatalog(uid);
    const ids = saved!.products.map((p) => p._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(saved!.products.filter((p) => p.name.endsWith(' c'))).toHaveLength(FIRST_PAGE);
  });

  it('has nothing for a user who never saved it', async () => {
    expect(await readTillCatalog('nobody')).toBeNull();
  });
});
