import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaCardsResponse } from '../../core/schemas/order';
import { newId } from '../../server/lib/ids';
import { bearer, createTestApp, DEMO, login, type TestContext } from './helpers';
import { insertUser, makeProduct, makeShelf, numberedLines, orderLineRow, orderWriter, userId } from '../support/db-builders';

type H = Record<string, string>;
let ctx: TestContext;
let admin: H, vendor: H, customer: H, delivery: H;
let vendorId: string, buyerId: string, productId: string;
/** An area of this file's own, so its lists hold only this file's orders. */
const AREA = `Cards Nagar ${newId().slice(0, 8)}`;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, vendor, customer, delivery] = (
    await Promise.all([DEMO.admin, DEMO.vendor, DEMO.customer, DEMO.delivery].map((p) => login(ctx.app, p)))
  ).map(bearer);
  const db = ctx.handle.db;
  vendorId = await userId(db, DEMO.vendor);
  buyerId = await insertUser(db, { name: 'Cards Buyer', email: 'cards@example.in', phone: '9000022222', role: 'user' });
  const shelf = await makeShelf(db, { category: 'AC Cat', subcategory: 'AC Sub' });
  productId = await makeProduct(db, { vendorId, shelf, name: 'AC Rice', shopPrice: 90 });
});
afterAll(async () => ctx?.close());

/** `n` lines of this file's rice: line i is "AC Rice i", i units at ₹90 less ₹10. */
const rice = (n: number) => numberedLines({ _id: productId, name: 'AC Rice' }, n);
/** A pending order of this file's buyer in its area, one line of rice, unless the call says otherwise. */
const order = orderWriter(
  () => ctx.handle.db,
  () => ({ vendorId, customerId: buyerId, area: AREA, lines: rice(1) }),
);
const post = (url: string, headers: H, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const cards = (headers: H, area = AREA) => post('/api/Orders/pending-by-area/cards', headers, { area });
const details = (headers: H, ids: unknown) => post('/api/Orders/details', headers, { ids });

/** Exactly what a card carries: a field more (a line, the vendor's GSTIN ...) is a leak the list does not need. */
const CARD_KEYS = [
  '_id',
  'address',
  'createdAt',
  'customerEmail',
  'customerName',
  'invoiceNumber',
  'lines',
  'orderNumber',
  'paymentStatus',
  'phone',
  'shopName',
  'status',
  'totalPayable',
];

describe('the cards of an area (POST /api/Orders/pending-by-area/cards)', () => {
  it("lists the area's pending orders as the spec's route does, each with what its card shows and nothing more", async () => {
    const t0 = Date.now() - 3_600_000;
    const first = await order({ createdAt: new Date(t0), lines: rice(3) });
    const second = await order({ createdAt: new Date(t0 + 1000) });
    const delivered = await order({ status: 'Delivered' });
    const elsewhere = await order({ area: 'Velachery' });

    const res = await cards(delivery, AREA.toUpperCase());
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    // sent from the cache, past the response serializer: the contract is checked here
    expect(areaCardsResponse.safeParse(list).success).toBe(true);
    expect(list.map((c) => c._id)).toEqual([first, second]);
    expect(list.map((c) => c._id)).not.toContain(delivered);
    expect(list.map((c) => c._id)).not.toContain(elsewhere);
    for (const c of list) expect(Object.keys(c).sort()).toEqual(CARD_KEYS);
    expect(list[0]).toMatchObject({
      status: 'Pending',
      customerName: 'Cards Buyer',
      customerEmail: 'cards@example.in',
      address: `5 Beach Road, ${AREA}, Chennai, 600020`,
      phone: '9000000001',
      shopName: expect.any(String),
      invoiceNumber: null,
      paymentStatus: 'Pending',
      // lines of 1, 2 and 3 units at ₹80
      totalPayable: 480,
      lines: 3,
    });
    expect(list[1].lines).toBe(1);

    // the same orders, in the same order, as the spec's route of whole orders
    const whole = (await post('/api/Orders/pending-by-area', delivery, { area: AREA })).json() as Array<{
      _id: string;
      orderNumber: number;
      totalPayable: number;
      createdAt: string;
    }>;
    expect(whole.map((o) => o._id)).toEqual(list.map((c) => c._id));
    expect(whole.map((o) => [o.orderNumber, o.totalPayable, o.createdAt])).toEqual(
      list.map((c) => [c.orderNumber, c.totalPayable, c.createdAt]),
    );
    // and much smaller
    expect(JSON.stringify(list).length * 2).toBeLessThan(JSON.stringify(whole).length);
  });

  it('a walk-in sale has no customer name, and the address phone falls back to the customer account', async () => {
    const db = ctx.handle.db;
    const id = await order();
    await db
      .updateTable('orders')
      .set({ shipping_address: JSON.stringify({ address: '9 Temple St', city: 'Chennai', pincode: '600004' }) })
      .where('id', '=', id)
      .execute();
    const walkIn = await order();
    await db.updateTable('orders').set({ customer_id: null }).where('id', '=', walkIn).execute();
    const list = (await cards(admin)).json() as Array<Record<string, unknown>>;
    expect(list.find((c) => c._id === id)).toMatchObject({ address: `9 Temple St, ${AREA}, Chennai, 600004`, phone: '9000022222' });
    expect(list.find((c) => c._id === walkIn)).toMatchObject({ customerName: null, customerEmail: '' });
  });

  it('is for delivery staff and admins; bad input is a coded 400', async () => {
    expect((await cards({})).statusCode).toBe(401);
    for (const h of [customer, vendor]) expect((await cards(h)).statusCode).toBe(403);
    const empty = await cards(delivery, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'areaRequired', field: 'area' });
    expect((await cards(delivery, 'Nowhere at all')).json()).toEqual([]);
  });
});

describe('the cached list follows every change its cards show', () => {
  const area = `Cache Nagar ${newId().slice(0, 8)}`;
  const list = async () => (await cards(delivery, area)).json() as Array<{ _id: string; customerName: string; lines: number }>;

  it('a new order, a delivery, a deleted order, a line and a renamed customer show at once', async () => {
    const a = await order({ area });
    expect((await list()).map((c) => c._id)).toEqual([a]);
    expect(await list()).toEqual(await list()); // asked again unchanged: the same answer

    const b = await order({ area: area.toUpperCase() });
    expect((await list()).map((c) => c._id)).toEqual([a, b]);

    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/Orders/mark-delivered', headers: delivery, payload: { orderId: a } })).statusCode,
    ).toBe(200);
    expect((await list()).map((c) => c._id)).toEqual([b]);

    // written straight to the database (no service involved): a line more, the customer's new name
    const db = ctx.handle.db;
    await db
      .insertInto('order_lines')
      .values(orderLineRow(b, { productId, name: 'AC Dal', price: 50 }, 9))
      .execute();
    expect((await list())[0].lines).toBe(2);
    await db.updateTable('users').set({ name: 'Cards Buyer Renamed' }).where('id', '=', buyerId).execute();
    expect((await list())[0].customerName).toBe('Cards Buyer Renamed');
    await db.updateTable('users').set({ name: 'Cards Buyer' }).where('id', '=', buyerId).execute();

    // moved to another area: it leaves this one
    await db.updateTable('orders').set({ area: 'Velachery' }).where('id', '=', b).execute();
    expect(await list()).toEqual([]);
    await db.deleteFrom('orders').where('id', '=', b).execute();
  });

  it('is sent compressed as the client accepts it, the same list in each encoding', async () => {
    // past the 1 KB the server compresses from
    for (let i = 0; i < 6; i++) await order({ area, lines: rice(1 + (i % 3)) });
    const as = (encoding: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/Orders/pending-by-area/cards',
        headers: { ...delivery, 'accept-encoding': encoding },
        payload: { area },
      });
    const plain = await as('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const br = await as('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await as('gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers['cache-control']).toBe('no-store');
  });
});

describe('order details, many at once (POST /api/Orders/details)', () => {
  it('answers whole orders in the order asked, leaving out ids it cannot find', async () => {
    const a = await order({ lines: rice(2) });
    const b = await order({ status: 'Delivered' });
    const res = await details(delivery, [b, newId(), a]);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ _id: string; status: string; products: Array<{ name: string; quantity: number }> }>;
    expect(list.map((o) => o._id)).toEqual([b, a]);
    expect(list[1].products.map((l) => [l.name, l.quantity])).toEqual([
      ['AC Rice 1', 1],
      ['AC Rice 2', 2],
    ]);
    // the same order as GET /api/Orders/:id answers it
    const one = await ctx.app.inject({ method: 'GET', url: `/api/Orders/${a}`, headers: delivery });
    expect(list[1]).toEqual(one.json());
    expect((await details(admin, [a])).json()).toHaveLength(1);
  });

  it('is for delivery staff and admins; a bad or too long list is a coded 400', async () => {
    const a = await order();
    expect((await details({}, [a])).statusCode).toBe(401);
    for (const h of [customer, vendor]) expect((await details(h, [a])).statusCode).toBe(403);
    const bad = await details(delivery, ['not-an-id']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'idInvalid' });
    const none = await details(delivery, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'tooFewItems' });
    const many = await details(
      delivery,
      Array.from({ length: 501 }, () => newId()),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ code: 'tooManyItems', params: { max: 500 } });
  });
});
