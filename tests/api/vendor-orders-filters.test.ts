import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, login, type TestContext } from './helpers';
import { insertUser, lineOf, orderWriter, userId } from '../support/db-builders';
import { newId } from '../../server/lib/ids';

type H = Record<string, string>;
let ctx: TestContext;
let admin: H, vendor: H, vendor2: H;
let vendorId: string, vendor2Id: string;
/** A customer of this file: lists filtered by it hold only this file's orders. */
let buyerId: string;

const newOrder = orderWriter(
  () => ctx.handle.db,
  () => ({ customerId: buyerId }),
);
const get = (url: string, headers: H) => ctx.app.inject({ method: 'GET', url, headers });
interface Page {
  orders: Array<{ _id: string }>;
  total: number;
  totalPages: number;
  page: number;
  periodTotal: number;
}
const list = async (query: string, headers: H = vendor): Promise<Page> => {
  const res = await get(`/api/Orders/vendor?${query}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as Page;
};
const ids = (p: Page) => p.orders.map((o) => o._id);
/** A line's product: any product of the shop (the lines are found by their own names). */
let productId: string;
const product = (name: string) => ({ _id: productId, name });

beforeAll(async () => {
  ctx = await createTestApp();
  const tokens = await Promise.all([DEMO.admin, DEMO.vendor, DEMO.vendor2].map((p) => login(ctx.app, p)));
  [admin, vendor, vendor2] = tokens.map(bearer);
  [vendorId, vendor2Id] = await Promise.all([DEMO.vendor, DEMO.vendor2].map((p) => userId(ctx.handle.db, p)));
  buyerId = await insertUser(ctx.handle.db, { name: 'Filter Buyer', phone: '9000033333', role: 'user' });
  productId = (await ctx.handle.db.selectFrom('products').select('id').where('vendor_id', '=', vendorId).executeTakeFirstOrThrow()).id;
});
afterAll(async () => ctx?.close());

describe('Vendor Orders pages', () => {
  it('every page of every size holds the orders of the whole list in turn, the last ones read from the oldest end', async () => {
    const c = await insertUser(ctx.handle.db, { name: 'Pages Customer', phone: '9000033334', role: 'user' });
    const made: string[] = [];
    for (let i = 0; i < 13; i++)
      made.push(
        await newOrder({
          vendorId,
          customerId: c,
          createdAt: new Date(Date.UTC(2025, 4, 1 + i, 6)),
          lines: [lineOf(product('Page Item'), 1)],
        }),
      );
    const newestFirst = [...made].reverse();
    for (const limit of [1, 2, 3, 4, 5, 6, 10, 12, 13, 20]) {
      const seen: string[] = [];
      const pages = Math.ceil(13 / limit);
      for (let page = 1; page <= pages; page++) {
        const p = await list(`customer=${c}&limit=${limit}&page=${page}`);
        expect(p).toMatchObject({ total: 13, totalPages: pages, page });
        expect(p.orders.length).toBe(Math.min(limit, 13 - (page - 1) * limit));
        seen.push(...ids(p));
      }
      expect(seen).toEqual(newestFirst);
      expect((await list(`customer=${c}&limit=${limit}&page=${pages + 1}`)).orders).toEqual([]);
    }
  });
});

describe('Vendor Orders product text', () => {
  let mine: string[];
  let theirs: string;
  beforeAll(async () => {
    mine = [
      await newOrder({ vendorId, createdAt: new Date(Date.UTC(2025, 5, 1, 6)), lines: [lineOf(product('Qwertyuk Rice 5 kg'), 2)] }),
      await newOrder({
        vendorId,
        createdAt: new Date(Date.UTC(2025, 5, 2, 6)),
        lines: [lineOf(product('Plain Dal'), 1), lineOf(product('QWERTYUK Jaggery'), 3)],
      }),
      await newOrder({ vendorId, createdAt: new Date(Date.UTC(2025, 5, 3, 6)), lines: [lineOf(product('Plain Dal'), 1)] }),
    ];
    // another shop sells a product of the same name
    theirs = await newOrder({
      vendorId: vendor2Id,
      createdAt: new Date(Date.UTC(2025, 5, 4, 6)),
      lines: [lineOf(product('Qwertyuk Rice 5 kg'), 1)],
    });
  });

  it("finds the shop's orders with a line whose name holds the text, in any case, and never another shop's", async () => {
    const p = await list(`product=${encodeURIComponent('qwertyuk')}&limit=100`);
    expect(ids(p)).toEqual([mine[1], mine[0]]);
    // the whole orders: 2 units of rice, then a dal and 3 units of jaggery, each at ₹80
    expect(p).toMatchObject({ total: 2, totalPages: 1, periodTotal: 480 });
    expect(ids(await list(`product=${encodeURIComponent('UK RICE')}&limit=100`))).toEqual([mine[0]]);
    expect(ids(await list(`product=${encodeURIComponent('uk rice')}&limit=100`, vendor2))).toEqual([theirs]);
    expect(ids(await list(`product=${encodeURIComponent('qwertyuk')}&limit=100`, admin))).toEqual([theirs, mine[1], mine[0]]);
    expect(await list(`product=${encodeURIComponent('qwertyuk jaggery')}`, vendor2)).toMatchObject({
      orders: [],
      total: 0,
      periodTotal: 0,
    });
    // a name of a line written now is found too; "%" and "_" are taken literally
    const later = await newOrder({
      vendorId,
      createdAt: new Date(Date.UTC(2025, 5, 5, 6)),
      lines: [lineOf(product('Qwertyuk 100%_Pure Oil'), 1)],
    });
    expect(ids(await list(`product=${encodeURIComponent('qwertyuk')}&limit=100`))).toEqual([later, mine[1], mine[0]]);
    expect(ids(await list(`product=${encodeURIComponent('100%_p')}&limit=100`))).toEqual([later]);
    expect((await list(`product=${encodeURIComponent('100%p')}&limit=100`)).total).toBe(0);

    // every page of the matches (the later ones counted and cut from one reading of them) in turn, with the same figures
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(`product=${encodeURIComponent('QWERTYUK')}&limit=1&page=${page}`)));
    expect(pages.map(ids)).toEqual([[later], [mine[1]], [mine[0]], []]);
    for (const p of pages) expect(p).toMatchObject({ total: 3, totalPages: 3, periodTotal: 560 });
    const second = await list(`product=${encodeURIComponent('qwertyuk')}&limit=2&page=2`);
    expect(second).toMatchObject({ total: 3, totalPages: 2, page: 2 });
    expect(ids(second)).toEqual([mine[0]]);
  });
});

describe('Vendor Orders invoice reference', () => {
  /** Orders numbered in the shop's own series QZ/25/, its till's QZ-T1/25/ and, for another shop, QZ/25/ too. */
  const orders: Record<string, string> = {};
  beforeAll(async () => {
    let minute = 0;
    const numbered = async (vendor: string, series: string, seq: number, device: string | null) => {
      const number = `${series}${String(seq).padStart(6, '0')}`;
      minute += 1;
      const id = await newOrder({
        vendorId: vendor,
        createdAt: new Date(Date.UTC(2025, 6, 1, 6, minute)),
        lines: [lineOf(product('Ref Item'), 1)],
      });
      await ctx.handle.db
        .insertInto('invoices')
        .values({
          vendor_id: vendor,
          fy: '2025-26',
          series,
          seq,
          number,
          order_id: id,
          status: 'issued',
          issued_at: new Date(),
          device_id: device,
        })
        .execute();
      orders[`${vendor === vendorId ? '' : 'other:'}${number}`] = id;
    };
    const till = newId();
    await ctx.handle.db
      .insertInto('devices')
      .values({ id: till, vendor_id: vendorId, name: 'Ref till', till_no: 91, prefix: 'QZ-T1' })
      .execute();
    await numbered(vendorId, 'QZ/25/', 123401, null);
    await numbered(vendorId, 'QZ/25/', 123402, null);
    await numbered(vendorId, 'QZ/25/', 124001, null);
    await numbered(vendorId, 'QZ-T1/25/', 123401, till);
    await numbered(vendor2Id, 'QZ/25/', 123401, null);
  });
  const found = async (ref: string, headers: H = vendor) => ids(await list(`ref=${encodeURIComponent(ref)}&limit=100`, headers));

  it('a whole invoice number finds its order, in any case, and only in the shop that issued it', async () => {
    expect(await found('QZ/25/123401')).toEqual([orders['QZ/25/123401']]);
    expect(await found('qz/25/123402')).toEqual([orders['QZ/25/123402']]);
    expect(await found('QZ-T1/25/123401')).toEqual([orders['QZ-T1/25/123401']]);
    expect(await found('QZ/25/123401', vendor2)).toEqual([orders['other:QZ/25/123401']]);
  });

  it("the start of a number finds the shop's numbers that start so, and a head's end those of the heads ending so", async () => {
    expect(await found('qz/25/1234')).toEqual([orders['QZ/25/123402'], orders['QZ/25/123401']]);
    expect(await found('QZ/25/12')).toEqual([orders['QZ/25/124001'], orders['QZ/25/123402'], orders['QZ/25/123401']]);
    // "T1/25/" is the end of the till's head: a piece of its numbers as before
    expect(await found('t1/25/1234')).toEqual([orders['QZ-T1/25/123401']]);
    expect(await found('z/25/123401')).toEqual([orders['QZ/25/123401']]);
    expect(await found('z-t1/25/')).toEqual([orders['QZ-T1/25/123401']]);
    expect(await found('xqz/25/1')).toEqual([]);
    expect(await found('QZ/26/')).toEqual([]);
  });

  it('any other text is matched anywhere in the number', async () => {
    expect(await found('25/1240')).toEqual([orders['QZ/25/124001']]);
    expect(await found('-t1')).toEqual([orders['QZ-T1/25/123401']]);
    expect(await found('123401')).toEqual(expect.arrayContaining([orders['QZ/25/123401'], orders['QZ-T1/25/123401']]));
  });
});

describe('Vendor Orders by who made the sale', () => {
  it("lists the owner's own sales and a staff member's apart", async () => {
    const c = await insertUser(ctx.handle.db, { name: 'Maker Customer', phone: '9000033335', role: 'user' });
    const byOwner = await newOrder({ vendorId, customerId: c, lines: [lineOf(product('Maker Item'), 1)] });
    const byBuyer = await newOrder({ vendorId, customerId: c, lines: [lineOf(product('Maker Item'), 2)] });
    await ctx.handle.db.updateTable('orders').set({ created_by: vendorId }).where('id', '=', byOwner).execute();
    const owner = await list(`customer=${c}&staffId=${vendorId}&limit=100`);
    expect(owner).toMatchObject({ total: 1, periodTotal: 80 });
    expect(ids(owner)).toEqual([byOwner]);
    expect(ids(await list(`customer=${c}&limit=100`))).toEqual([byBuyer, byOwner]);
  });
});
