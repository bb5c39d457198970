import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';
import { countOrders } from '../support/db-builders';

/**
 * A counter sale saved to a file on one device and sent from another signed in to the same shop
 * (src/offline/outbox-file.ts): the Idempotency-Key is the account's, so a second session sending
 * the same request gets the first answer and the shop has one sale.
 */
let ctx: TestContext;
const { ok, shopSale } = tokenRequests(() => ctx.app);
let productId: string;

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
    // the file's sale: a cash sale handed over, its id the Idempotency-Key, the same request each time
    const lines = [{ productId, quantity: 1 }];
    const body = { _id: key, paymentStatus: 'Paid', paymentMethod: 'cash', handedOver: true } as const;
    const headers = { 'idempotency-key': key };
    const before = await countOrders(ctx.handle.db);

    const made = await shopSale(first, lines, body, headers);
    expect(made.statusCode, made.body).toBe(201);
    const again = await shopSale(second, lines, body, headers);
    expect(again.statusCode).toBe(made.statusCode);
    expect(again.json()).toEqual(made.json());
    // the first device sends it too (it had not heard the answer): still the one sale
    const third = await shopSale(first, lines, body, headers);
    expect(third.json()).toEqual(made.json());

    expect(await countOrders(ctx.handle.db)).toBe(before + 1);
    const rows = await ctx.handle.db.selectFrom('orders').select('id').where('id', '=', key).execute();
    expect(rows).toHaveLength(1);
  });

  it("another account's session sending the same key does not get the shop's answer", async () => {
    const shop = await login(ctx.app, DEMO.vendor);
    const other = await login(ctx.app, DEMO.vendor2);
    const key = randomUUID();
    const lines = [{ productId, quantity: 1 }];
    const body = { paymentStatus: 'Paid', handedOver: true } as const;
    const headers = { 'idempotency-key': key };
    const made = await shopSale(shop, lines, body, headers);
    expect(made.statusCode, made.body).toBe(201);
    const theirs = await shopSale(other, lines, body, headers);
    // vendor2 does not sell vendor's product: its own answer, never the shop's order
    expect(theirs.json().order?._id).not.toBe(made.json().order._id);
  });
});
