import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, login, type TestContext, codedBody, tokenRequests } from './helpers';
import { stockOf } from '../support/db-builders';

type H = Record<string, string>;
let ctx: TestContext;
let customer: H, otherCustomer: H, delivery: H;
let customerToken: string;
/** A product of the demo vendor sold by the piece, with stock enough for this file's orders. */
let productId: string;
const { placeOrder } = tokenRequests(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  customerToken = await login(ctx.app, DEMO.customer);
  customer = bearer(customerToken);
  [otherCustomer, delivery] = (await Promise.all(['9876500007', DEMO.delivery].map((p) => login(ctx.app, p)))).map(bearer);
  const row = await ctx.handle.db
    .selectFrom('products')
    .select('id')
    .where('vendor_id', '=', (eb) => eb.selectFrom('users').select('id').where('phone', '=', DEMO.vendor))
    .where('count_in_stock', '>', '20')
    .where('unit', '=', 'pcs')
    .orderBy('name')
    .executeTakeFirstOrThrow();
  productId = row.id;
});
afterAll(async () => ctx?.close());

describe('a customer deletes their own pending order', () => {
  it('deletes it and the stock returns; another customer and delivery staff cannot', async () => {
    const before = await stockOf(ctx.handle.db, productId);
    const [{ _id: orderId }] = await placeOrder(customerToken, [{ productId, quantity: 3 }], { area: 'Mylapore' });
    const placedStock = await stockOf(ctx.handle.db, productId);
    expect(placedStock).toBe(before - 3);

    const notMine = await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${orderId}`, headers: otherCustomer });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual(codedBody('orderNotFound'));
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${orderId}`, headers: delivery })).statusCode).toBe(403);
    expect(await stockOf(ctx.handle.db, productId)).toBe(placedStock);

    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${orderId}`, headers: customer });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual(codedBody('orderDeleted'));
    expect(await stockOf(ctx.handle.db, productId)).toBe(placedStock + 3);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Orders/${orderId}`, headers: customer })).statusCode).toBe(404);
  });

  it('refuses once the order is delivered', async () => {
    const [{ _id: orderId }] = await placeOrder(customerToken, [{ productId, quantity: 2 }], { area: 'Mylapore' });
    await ctx.handle.db.updateTable('orders').set({ status: 'Delivered', delivered_at: new Date() }).where('id', '=', orderId).execute();
    const stock = await stockOf(ctx.handle.db, productId);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${orderId}`, headers: customer });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codedBody('onlyPendingDeletable'));
    expect(await stockOf(ctx.handle.db, productId)).toBe(stock);
  });
});
