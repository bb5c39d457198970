import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { countOrders, productBody } from './shop-fixtures';

/**
 * A counter sale saved to a file on one device and sent from another signed in to the same shop
 * (src/offline/outbox-file.ts): the Idempotency-Key is the account's, so a second session sending
 * the same request gets the first answer and the shop has one sale.
 */
let ctx: TestContext;
const { ok } = tokenRequests(() => ctx.app);
const COUNTER = { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: '9000000000' };
let productId: string;

const send = (token: string, key: string, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/Orders', headers: { ...bearer(token), 'idempotency-key': key }, payload: body });

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await login(ctx.app, DEMO.admin);
  const vendor = await login(ctx.app, DEMO.vendor);
  const gst = ((await ok('GET', '/api/gsts?active=true', admin)) as Array<{ _id: string }>)[0]._id;
  const shelf = await listedShelf(ctx.app, admin);
  productId = (
    (await ok('POST', '/api/products', vendor, productBody(shelf, gst, 'File sale item', { countInStock: 50 }), 201)) as { _id: string }
  )._id;
});
afterAll(async () => ctx?.close());

describe('a queued request sent again from another session of the same account', () => {
  it('answers the stored response and makes one sale', async () => {
    const first = await login(ctx.app, DEMO.vendor);
    const second = await login(ctx.app, DEMO.vendor);
    expect(second).not.toBe(first);
    const key = randomUUID();
    const body = {
      _id: key,
      isShop: true,
      products: [{ productId, quantity: 1 }],
      shippingAddress: COUNTER,
      paymentStatus: 'Paid',
      paymentMethod: 'cash',
      handedOver: true,
    };
    const before = await countOrders(ctx.handle.db);

    const made = await send(first, key, body);
    expect(made.statusCode, made.body).toBe(201);
    const again = await send(second, key, body);
    expect(again.statusCode).toBe(made.statusCode);
    expect(again.json()).toEqual(made.json());
    // the first device sends it too (it had not heard the answer): still the one sale
    const third = await send(first, key, body);
    expect(third.json()).toEqual(made.json());

    expect(await countOrders(ctx.handle.db)).toBe(before + 1);
    const rows = await ctx.handle.db.selectFrom('orders').select('id').where('id', '=', key).execute();
    expect(rows).toHaveLength(1);
  });

  it("another account's session sending the same key does not get the shop's answer", async () => {
    const shop = await login(ctx.app, DEMO.vendor);
    const other = await login(ctx.app, DEMO.vendor2);
    const key = randomUUID();
    const body = {
      isShop: true,
      products: [{ productId, quantity: 1 }],
      shippingAddress: COUNTER,
      paymentStatus: 'Paid',
      handedOver: true,
    };
    const made = await send(shop, key, body);
    expect(made.statusCode, made.body).toBe(201);
    const theirs = await send(other, key, body);
    // vendor2 does not sell vendor's product: its own answer, never the shop's order
    expect(theirs.json().order?._id).not.toBe(made.json().order._id);
  });
});
