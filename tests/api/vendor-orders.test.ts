import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids';
import { bearer, createTestApp, DEMO, login, type TestContext, codedBody, tokenRequests } from './helpers';
import { address } from '../support/api-builders';
import { insertUser, lineOf, makeShelf, orderWriter, userId } from '../support/db-builders';

type H = Record<string, string>;
let ctx: TestContext;
let admin: H, vendor: H, vendor2: H, customer: H, delivery: H;
let customerToken: string;
const { placeOrder } = tokenRequests(() => ctx.app);
let vendorId: string, vendor2Id: string, demoCustomerId: string;
/** A customer made for this file, so lists filtered by it hold only this file's orders. */
let buyerId: string;
let rice: { _id: string; name: string; shopPrice: number; discount: number; countInStock: number };
let dal: { _id: string; name: string };
let oil: { _id: string; name: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const tokens = await Promise.all([DEMO.admin, DEMO.vendor, DEMO.vendor2, DEMO.customer, DEMO.delivery].map((p) => login(ctx.app, p)));
  [admin, vendor, vendor2, customer, delivery] = tokens.map(bearer);
  customerToken = tokens[3];
  const db = ctx.handle.db;
  [vendorId, vendor2Id, demoCustomerId] = await Promise.all([DEMO.vendor, DEMO.vendor2, DEMO.customer].map((p) => userId(db, p)));
  buyerId = await insertUser(db, { name: 'Zzyzx Buyer', email: 'zzyzx@example.in', phone: '9000011111', role: 'user' });
  await makeShelf(db, { category: 'VO Cat', subcategory: 'VO Sub' });
  const gst = (await ctx.app.inject({ method: 'POST', url: '/api/gsts', headers: admin, payload: { name: 'VO GST 5', rate: 5 } })).json()
    ._id;
  const mk = async (h: H, name: string, stock = 50) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: h,
        payload: {
          name,
          price: 100,
          shopPrice: 90,
          discount: 10,
          countInStock: stock,
          reOrderLevel: 2,
          category: 'VO Cat',
          subcategory: 'VO Sub',
          gst,
          images: ['https://cdn.example.in/p.jpg'],
        },
      })
    ).json();
  rice = await mk(vendor, 'VO Rice');
  dal = await mk(vendor, 'VO Dal');
  oil = await mk(vendor2, 'VO Oil');
});
afterAll(async () => ctx?.close());

/** An order written straight to the database: of this file's buyer unless another customer is given; lines by lineOf (₹90 less ₹10 a unit). */
const newOrder = orderWriter(
  () => ctx.handle.db,
  () => ({ customerId: buyerId }),
);
const stockOf = async (id: string) =>
  Number(
    (await ctx.handle.db.selectFrom('products').select('count_in_stock').where('id', '=', id).executeTakeFirstOrThrow()).count_in_stock,
  );
const get = (url: string, headers: H) => ctx.app.inject({ method: 'GET', url, headers });

describe('vendor pending orders', () => {
  it('a vendor sees only its own pending orders, newest first; admin sees all', async () => {
    const older = await newOrder({ vendorId, lines: [lineOf(rice, 1)], createdAt: new Date(Date.now() - 60_000) });
    const newer = await newOrder({ vendorId, lines: [lineOf(dal, 2)] });
    const done = await newOrder({ vendorId, status: 'Delivered', lines: [lineOf(rice, 1)] });
    const other = await newOrder({ vendorId: vendor2Id, lines: [lineOf(oil, 1)] });

    const res = await get('/api/Orders/vendor/pending', vendor);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{
      _id: string;
      status: string;
      vendorId: { _id: string };
      createdAt: string;
      customerId: { name: string };
    }>;
    const ids = list.map((o) => o._id);
    expect(ids).toContain(older);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids).not.toContain(done);
    expect(ids).not.toContain(other);
    expect(list.every((o) => o.status === 'Pending' && o.vendorId._id === vendorId)).toBe(true);
    expect(list.find((o) => o._id === newer)?.customerId.name).toBe('Zzyzx Buyer');

    const all = (await get('/api/Orders/vendor/pending', admin)).json() as Array<{ _id: string }>;
    expect(all.map((o) => o._id)).toEqual(expect.arrayContaining([older, newer, other]));
    expect((await get('/api/Orders/vendor/pending', delivery)).statusCode).toBe(403);
    expect((await get('/api/Orders/vendor/pending', customer)).statusCode).toBe(403);
  });
});

describe('vendor orders list', () => {
  let c2: string;
  const dayIds: string[] = [];
  beforeAll(async () => {
    // a second fresh customer with 12 orders of vendor 1, one per day from 1 to 12 March 2025 at 20:00 UTC (01:30 IST next day)
    c2 = await insertUser(ctx.handle.db, { name: 'Paging Customer', phone: '9000022222', role: 'user' });
    for (let d = 1; d <= 12; d++) {
      const at = new Date(Date.UTC(2025, 2, d, 20, 0, 0));
      dayIds.push(
        await newOrder({
          vendorId: vendorId,
          customerId: c2,
          status: d % 2 ? 'Delivered' : 'Pending',
          createdAt: at,
          lines: d === 5 ? [lineOf(rice, 1), lineOf(dal, 3)] : [lineOf(rice, d)],
        }),
      );
    }
    await newOrder({ vendorId: vendor2Id, customerId: c2, lines: [lineOf(oil, 1)], createdAt: new Date(Date.UTC(2025, 2, 6, 10)) });
  });

  it('pages with defaults 1 and 10, newest first', async () => {
    const p1 = await get(`/api/Orders/vendor?customer=${c2}`, vendor);
    expect(p1.statusCode).toBe(200);
    const b1 = p1.json();
    expect(b1).toMatchObject({ page: 1, totalPages: 2, total: 12 });
    expect(b1.orders.map((o: { _id: string }) => o._id)).toEqual([...dayIds].reverse().slice(0, 10));
    const b2 = (await get(`/api/Orders/vendor?customer=${c2}&page=2&limit=10`, vendor)).json();
    expect(b2.orders.map((o: { _id: string }) => o._id)).toEqual([dayIds[1], dayIds[0]]);
    const small = (await get(`/api/Orders/vendor?customer=${c2}&page=3&limit=5`, vendor)).json();
    expect(small).toMatchObject({ totalPages: 3, page: 3, total: 12 });
    expect(small.orders).toHaveLength(2);
    const five = b1.orders.find((o: { _id: string }) => o._id === dayIds[4]);
    expect(five.productDetails).toEqual(['VO Rice', 'VO Dal']);
    expect(five.products.map((l: { quantity: number; price: number }) => [l.quantity, l.price])).toEqual([
      [1, 90],
      [3, 90],
    ]);
    expect(five.customerId).toMatchObject({ _id: c2, name: 'Paging Customer' });
  });

  it('filters by inclusive India-time dates', async () => {
    // order of 4 March 20:00 UTC is 5 March in India
    const r = (await get(`/api/Orders/vendor?customer=${c2}&startDate=2025-03-05&endDate=2025-03-07`, vendor)).json();
    expect(r.orders.map((o: { _id: string }) => o._id)).toEqual([dayIds[5], dayIds[4], dayIds[3]]);
    expect(r).toMatchObject({ total: 3, totalPages: 1 });
    const from = (await get(`/api/Orders/vendor?customer=${c2}&startDate=2025-03-12`, vendor)).json();
    expect(from.orders.map((o: { _id: string }) => o._id)).toEqual([dayIds[11], dayIds[10]]);
    const until = (await get(`/api/Orders/vendor?customer=${c2}&endDate=2025-03-02&startDate=`, vendor)).json();
    expect(until.orders.map((o: { _id: string }) => o._id)).toEqual([dayIds[0]]);
    expect((await get(`/api/Orders/vendor?startDate=2025-13-01`, vendor)).statusCode).toBe(400);
    expect((await get(`/api/Orders/vendor?startDate=2025-03-05&endDate=2025-03-01`, vendor)).statusCode).toBe(400);
  });

  it('filters by product and by customer name', async () => {
    const withDal = (await get(`/api/Orders/vendor?customer=${c2}&product=${dal._id}`, vendor)).json();
    expect(withDal.orders.map((o: { _id: string }) => o._id)).toEqual([dayIds[4]]);
    const byName = (await get(`/api/Orders/vendor?customer=${encodeURIComponent('paging cust')}&limit=100`, vendor)).json();
    expect(byName.total).toBe(12);
    const none = (await get(`/api/Orders/vendor?customer=${c2}&product=${newId()}`, vendor)).json();
    expect(none).toMatchObject({ orders: [], total: 0, totalPages: 0 });
  });

  it('answers what all the matching orders come to, over every page', async () => {
    // 77 items at ₹80 across 12 orders, 10 on the first page
    const all = (await get(`/api/Orders/vendor?customer=${c2}`, vendor)).json();
    expect(all.orders).toHaveLength(10);
    expect(all.periodTotal).toBe(6160);
    // 5 to 7 March (India time): 4 + 4 + 6 items
    const week = (await get(`/api/Orders/vendor?customer=${c2}&startDate=2025-03-05&endDate=2025-03-07`, vendor)).json();
    expect(week.periodTotal).toBe(1120);
    const none = (await get(`/api/Orders/vendor?customer=${c2}&product=${newId()}`, vendor)).json();
    expect(none.periodTotal).toBe(0);
  });

  it('the walk-in customer filter lists shop sales only', async () => {
    const shop = await newOrder({ vendorId, lines: [lineOf(dal, 2)], createdAt: new Date(Date.UTC(2025, 1, 3, 6)) });
    await ctx.handle.db.updateTable('orders').set({ is_shop: true, customer_id: null }).where('id', '=', shop).execute();
    const walkIn = (await get('/api/Orders/vendor?customer=walk-in&limit=100', vendor)).json();
    expect(walkIn.orders.length).toBeGreaterThan(0);
    expect(walkIn.orders.every((o: { isShop: boolean }) => o.isShop)).toBe(true);
    expect(walkIn.orders.map((o: { _id: string }) => o._id)).toContain(shop);
    // another vendor's walk-in list does not have it
    const other = (await get('/api/Orders/vendor?customer=walk-in&limit=100', vendor2)).json();
    expect(other.orders.map((o: { _id: string }) => o._id)).not.toContain(shop);
  });

  it('a vendor lists only its own orders; admin lists all; delivery is refused', async () => {
    const v2 = (await get(`/api/Orders/vendor?customer=${c2}`, vendor2)).json();
    expect(v2.total).toBe(1);
    expect(v2.orders[0].vendorId._id).toBe(vendor2Id);
    const a = (await get(`/api/Orders/vendor?customer=${c2}&limit=100`, admin)).json();
    expect(a.total).toBe(13);
    expect((await get('/api/Orders/vendor', delivery)).statusCode).toBe(403);
    expect((await get('/api/Orders/vendor/customers', delivery)).statusCode).toBe(403);
  });

  it('customers and distinct products for the filters', async () => {
    const mine = (await get('/api/Orders/vendor/customers', vendor)).json() as Array<{
      _id: string;
      name: string;
      email: string;
      phone: string;
    }>;
    expect(mine).toEqual(
      expect.arrayContaining([
        { _id: c2, name: 'Paging Customer', email: '', phone: '9000022222' },
        { _id: buyerId, name: 'Zzyzx Buyer', email: 'zzyzx@example.in', phone: '9000011111' },
      ]),
    );
    expect(new Set(mine.map((c) => c._id)).size).toBe(mine.length);
    const v2 = (await get('/api/Orders/vendor/customers', vendor2)).json() as Array<{ _id: string }>;
    expect(v2.map((c) => c._id)).toContain(c2);

    const prods = (await get(`/api/Orders/vendor/${vendorId}/distinct-products`, vendor)).json() as Array<{
      productId: string;
      name: string;
    }>;
    expect(prods).toEqual(
      expect.arrayContaining([
        { productId: rice._id, name: 'VO Rice' },
        { productId: dal._id, name: 'VO Dal' },
      ]),
    );
    expect(prods.map((p) => p.productId)).not.toContain(oil._id);
    expect(new Set(prods.map((p) => p.productId)).size).toBe(prods.length);
    expect((await get(`/api/Orders/vendor/${vendor2Id}/distinct-products`, vendor)).statusCode).toBe(404);
    const forAdmin = (await get(`/api/Orders/vendor/${vendor2Id}/distinct-products`, admin)).json() as Array<{ productId: string }>;
    expect(forAdmin.map((p) => p.productId)).toContain(oil._id);
  });
});

describe('acting on orders', () => {
  it('mark delivered: idempotent, sets delivered_at, only own orders for vendors', async () => {
    const id = await newOrder({ vendorId, lines: [lineOf(rice, 1)] });
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/Orders/mark-delivered', headers: vendor2, payload: { orderId: id } })).json(),
    ).toEqual(codedBody('orderNotFound'));
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/Orders/mark-delivered', headers: customer, payload: { orderId: id } })).statusCode,
    ).toBe(403);
    const first = await ctx.app.inject({ method: 'PUT', url: '/api/Orders/mark-delivered', headers: vendor, payload: { orderId: id } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ...codedBody('orderMarkedDelivered'), order: { _id: id, status: 'Delivered' } });
    const at = first.json().order.deliveredAt;
    expect(at).toEqual(expect.any(String));
    const second = await ctx.app.inject({ method: 'PUT', url: '/api/Orders/mark-delivered', headers: vendor, payload: { orderId: id } });
    expect(second.statusCode).toBe(200);
    expect(second.json().order.deliveredAt).toBe(at);

    const forDelivery = await newOrder({ vendorId: vendor2Id, lines: [lineOf(oil, 1)] });
    const d = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Orders/mark-delivered',
      headers: delivery,
      payload: { orderId: forDelivery },
    });
    expect(d.statusCode).toBe(200);
    expect(d.json().order.status).toBe('Delivered');
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/Orders/mark-delivered', headers: admin, payload: { orderId: newId() } }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/Orders/mark-delivered', headers: admin, payload: {} })).statusCode).toBe(400);
  });

  it('status change: vendor own / admin; delivery refused', async () => {
    const id = await newOrder({ vendorId, lines: [lineOf(rice, 1)] });
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/api/Orders/${id}/status`, headers: delivery, payload: { status: 'Delivered' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/api/Orders/${id}/status`, headers: vendor2, payload: { status: 'Delivered' } }))
        .statusCode,
    ).toBe(404);
    const shipped = await ctx.app.inject({
      method: 'PUT',
      url: `/api/Orders/${id}/status`,
      headers: vendor,
      payload: { status: 'Shipped' },
    });
    expect(shipped.statusCode).toBe(400);
    expect(shipped.json()).toEqual(codedBody('statusInvalid', { field: 'status' }));
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/Orders/${id}/status`, headers: vendor, payload: { status: 'Delivered' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ...codedBody('orderStatusUpdated'),
      order: { status: 'Delivered', deliveredAt: expect.any(String) },
    });
    const deliveredAt = res.json().order.deliveredAt;
    // Delivered is final: not back to Pending (which would let it be deleted and restocked)
    const back = await ctx.app.inject({ method: 'PUT', url: `/api/Orders/${id}/status`, headers: admin, payload: { status: 'Pending' } });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual(codedBody('deliveredIsFinal'));
    const same = await ctx.app.inject({
      method: 'PUT',
      url: `/api/Orders/${id}/status`,
      headers: vendor,
      payload: { status: 'Delivered' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().order).toMatchObject({ status: 'Delivered', deliveredAt });
  });

  it('deleting a pending order restores stock; a delivered one is refused', async () => {
    const before = [await stockOf(rice._id), await stockOf(dal._id)];
    const id = await newOrder({
      vendorId: vendorId,
      lines: [lineOf(rice, 3), lineOf(dal, 2)],
    });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${id}`, headers: delivery })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${id}`, headers: vendor2 })).json()).toEqual(
      codedBody('orderNotFound'),
    );
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${id}`, headers: vendor });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual(codedBody('orderDeleted'));
    expect([await stockOf(rice._id), await stockOf(dal._id)]).toEqual([before[0] + 3, before[1] + 2]);
    expect(await ctx.handle.db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${id}`, headers: vendor })).statusCode).toBe(404);

    const delivered = await newOrder({ vendorId, status: 'Delivered', lines: [lineOf(rice, 1)] });
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${delivered}`, headers: admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(codedBody('onlyPendingDeletable'));
    expect(await stockOf(rice._id)).toBe(before[0] + 3);
  });

  it('a checkout order deleted by its vendor gives the stock back; a deleted product is skipped', async () => {
    const before = await stockOf(rice._id);
    const [{ _id: orderId }] = await placeOrder(customerToken, [{ productId: rice._id, quantity: 4 }]);
    expect(await stockOf(rice._id)).toBe(before - 4);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${orderId}`, headers: vendor });
    expect(del.statusCode).toBe(200);
    expect(await stockOf(rice._id)).toBe(before);

    const gone = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: vendor,
        payload: {
          name: 'VO Temp',
          price: 10,
          shopPrice: 10,
          countInStock: 5,
          reOrderLevel: 1,
          category: 'VO Cat',
          subcategory: 'VO Sub',
          gst:
            rice &&
            (await ctx.handle.db.selectFrom('products').select('gst_id').where('id', '=', rice._id).executeTakeFirstOrThrow()).gst_id,
          images: ['https://cdn.example.in/t.jpg'],
        },
      })
    ).json();
    const withGone = await newOrder({
      vendorId: vendorId,
      lines: [lineOf(gone, 1), lineOf(dal, 1)],
    });
    const dalBefore = await stockOf(dal._id);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/products/${gone._id}`, headers: vendor })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${withGone}`, headers: vendor })).statusCode).toBe(200);
    expect(await stockOf(dal._id)).toBe(dalBefore + 1);
  });
});

describe('pending orders by area', () => {
  it("returns only that area's pending orders, oldest first, with customer and address", async () => {
    const t0 = Date.now() - 3_600_000;
    const a1 = await newOrder({ vendorId, area: 'Tambaram', createdAt: new Date(t0), lines: [lineOf(rice, 1)] });
    const a2 = await newOrder({ vendorId: vendor2Id, area: 'Tambaram', createdAt: new Date(t0 + 1000), lines: [lineOf(oil, 1)] });
    const doneThere = await newOrder({ vendorId, area: 'Tambaram', status: 'Delivered', lines: [lineOf(rice, 1)] });
    const elsewhere = await newOrder({ vendorId, area: 'Velachery', lines: [lineOf(rice, 1)] });

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Orders/pending-by-area',
      headers: delivery,
      payload: { area: 'tambaram' },
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{
      _id: string;
      status: string;
      area: string;
      createdAt: string;
      customerId: { name: string; email: string; phone: string };
      shippingAddress: { address: string };
    }>;
    const ids = list.map((o) => o._id);
    expect(ids).toContain(a1);
    expect(ids.indexOf(a1)).toBeLessThan(ids.indexOf(a2));
    expect(ids).not.toContain(doneThere);
    expect(ids).not.toContain(elsewhere);
    expect(list.every((o) => o.status === 'Pending' && o.area.toLowerCase() === 'tambaram')).toBe(true);
    const times = list.map((o) => Date.parse(o.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(list.find((o) => o._id === a1)).toMatchObject({
      customerId: { name: 'Zzyzx Buyer', email: 'zzyzx@example.in', phone: '9000011111' },
      shippingAddress: address('Tambaram'),
    });

    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/Orders/pending-by-area', headers: admin, payload: { area: 'TAMBARAM' } })).json()
        .length,
    ).toBe(list.length);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/Orders/pending-by-area', headers: vendor, payload: { area: 'Tambaram' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/Orders/pending-by-area', headers: delivery, payload: { area: '' } })).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({ method: 'POST', url: '/api/Orders/pending-by-area', headers: delivery, payload: { area: 'Nowhere' } })
      ).json(),
    ).toEqual([]);
    void demoCustomerId;
  });
});

describe('pending counts by area', () => {
  type Counts = { areas: Array<{ area: string; pending: number }> };
  const counts = async (h: H) => {
    const res = await get('/api/Orders/area-counts', h);
    expect(res.statusCode).toBe(200);
    return new Map((res.json() as Counts).areas.map((a) => [a.area, a.pending]));
  };

  it("gives every area its pending orders' count, the same as its pending list, and follows Mark Delivered", async () => {
    const before = await counts(delivery);
    const areas = (await get('/api/users/misc/areas', {})).json().areas as string[];
    expect([...before.keys()]).toEqual(areas);

    const p1 = await newOrder({ vendorId, area: 'tambaram', lines: [lineOf(rice, 1)] });
    await newOrder({ vendorId: vendor2Id, area: 'Tambaram', lines: [lineOf(oil, 1)] });
    await newOrder({ vendorId, area: 'Tambaram', status: 'Delivered', lines: [lineOf(rice, 1)] });
    await newOrder({ vendorId, area: 'Nowhere Nagar', lines: [lineOf(rice, 1)] });
    const after = await counts(delivery);
    expect(after.get('Tambaram')).toBe(before.get('Tambaram')! + 2);
    for (const a of areas.filter((x) => x !== 'Tambaram')) expect(after.get(a)).toBe(before.get(a));
    expect(after.has('Nowhere Nagar')).toBe(false);

    // each count is the length of that area's pending list
    for (const area of areas) {
      const list = await ctx.app.inject({ method: 'POST', url: '/api/Orders/pending-by-area', headers: delivery, payload: { area } });
      expect(list.json().length, area).toBe(after.get(area));
    }

    const done = await ctx.app.inject({ method: 'PUT', url: '/api/Orders/mark-delivered', headers: delivery, payload: { orderId: p1 } });
    expect(done.statusCode).toBe(200);
    expect((await counts(admin)).get('Tambaram')).toBe(after.get('Tambaram')! - 1);
  });

  it('is for delivery staff and admins only', async () => {
    expect((await get('/api/Orders/area-counts', {})).statusCode).toBe(401);
    for (const h of [customer, vendor, vendor2]) {
      const res = await get('/api/Orders/area-counts', h);
      expect(res.statusCode).toBe(403);
    }
  });
});
