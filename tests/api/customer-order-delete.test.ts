import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, login, type TestContext, codedBody } from './helpers';

type H = Record<string, string>;
let ctx: TestContext;
let customer: H, otherCustomer: H, delivery: H;

beforeAll(async () => {
  ctx = await createTestApp();
  [customer, otherCustomer, delivery] = (await Promise.all([DEMO.customer, '9876500007', DEMO.delivery].map((p) => login(ctx.app, p)))).map(
    bearer,
  );
});
afterAll(async () => ctx?.close());

const stockOf = async (id: string) =>
  Number(
    (await ctx.handle.db.selectFrom('products').select('count_in_stock').where('id', '=', id).executeTakeFirstOrThrow()).count_in_stock,
  );

/** Places a checkout order of `qty` of the demo vendor's first in-stock product, as the demo customer. */
async function placeOrder(qty: number) {
  const row = await ctx.handle.db
    .selectFrom('products')
    .select(['id', 'vendor_id'])
    .where('vendor_id', '=', (eb) => eb.selectFrom('users').select('id').where('phone', '=', DEMO.vendor))
    .where('count_in_stock', '>', '20')
    .where('unit', '=', 'pcs')
    .orderBy('name')
    .executeTakeFirstOrThrow();
  const p = (await ctx.app.inject({ method: 'GET', url: `/api/products/${row.id}`, headers: customer })).json();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/Orders',
    headers: customer,
    payload: {
      products: [{ productId: p._id, quantity: qty, price: p.shopPrice, discount: p.discount, vendorId: p.vendorId }],
      shippingAddress: { address: '12 Kutchery Road', city: 'Chennai', pincode: '600004', phoneNumber: '9876500003', area: 'Mylapore' },
    },
  });
  expect(res.statusCode).toBe(201);
  return { orderId: res.json().orders[0]._id as string, productId: p._id as string };
}

describe('a customer deletes their own pending order', () => {
  it('deletes it and the stock returns; another customer and delivery staff cannot', async () => {
    const first = await placeOrder(1);
    const before = await stockOf(first.productId);
    const { orderId, productId } = await placeOrder(3);
    expect(productId).toBe(first.productId);
    const placedStock = await stockOf(productId);
    expect(placedStock).toBe(before - 3);

    const notMine = await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${orderId}`, headers: otherCustomer });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual(codedBody('orderNotFound'));
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${orderId}`, headers: delivery })).statusCode).toBe(403);
    expect(await stockOf(productId)).toBe(placedStock);

    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${orderId}`, headers: customer });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual(codedBody('orderDeleted'));
    expect(await stockOf(productId)).toBe(placedStock + 3);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Orders/${orderId}`, headers: customer })).statusCode).toBe(404);
  });

  it('refuses once the order is delivered', async () => {
    const { orderId, productId } = await placeOrder(2);
    await ctx.handle.db.updateTable('orders').set({ status: 'Delivered', delivered_at: new Date() }).where('id', '=', orderId).execute();
    const stock = await stockOf(productId);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/Orders/orders/${orderId}`, headers: customer });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codedBody('onlyPendingDeletable'));
    expect(await stockOf(productId)).toBe(stock);
  });
});
