import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartGstPaise } from '../../core/cart-totals';
import { messageText } from '../../core/message-text';
import { bearer, codedBody, createTestApp, DEMO, listedShelf, login, type TestContext, tokenRequests } from './helpers';
import { productBody } from '../support/api-builders';
import { makeGst, makeProduct, makeShelf, userId } from '../support/db-builders';

/** The price rules of a product (core/schemas/product.ts, core/product-rules.ts) as the API applies them. */
let ctx: TestContext;
let vendor: Record<string, string>;
let body: (over?: Record<string, unknown>) => Record<string, unknown>;
const { placeOrder } = tokenRequests(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  const token = await login(ctx.app, DEMO.vendor);
  vendor = bearer(token);
  const shelf = await listedShelf(ctx.app, token);
  const gst = await makeGst(ctx.handle.db, 5);
  body = (over = {}) => productBody(shelf, gst, 'Price Rule Dal', { price: 130, shopPrice: 115, ...over });
});
afterAll(async () => ctx?.close());

const create = (over: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/products', headers: { ...vendor, ...headers }, payload: body(over) });
const count = async () =>
  Number(
    (
      await ctx.handle.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('product prices', () => {
  it('refuses each bad price beside its field with a code naming the field and the limit, and saves nothing', async () => {
    const before = await count();
    const cases: Array<[Record<string, unknown>, Parameters<typeof codedBody>[0], string]> = [
      [{ shopPrice: 0 }, 'shopPriceZero', 'shopPrice'],
      [{ shopPrice: '0' }, 'shopPriceZero', 'shopPrice'],
      [{ price: 0, shopPrice: 0 }, 'mrpZero', 'price'],
      [{ price: 50, shopPrice: 80 }, { code: 'shopPriceOverMrp', params: { mrp: 50 } }, 'shopPrice'],
      [{ price: 1_000_000_000, shopPrice: 100 }, 'mrpTooHigh', 'price'],
      [{ price: 10_000_001 }, 'mrpTooHigh', 'price'],
      [{ shopPrice: 10_000_001 }, 'shopPriceTooHigh', 'shopPrice'],
      [{ price: 99.999 }, 'mrpDecimals', 'price'],
      [{ shopPrice: 10.005 }, 'shopPriceDecimals', 'shopPrice'],
      // typed text is read as written or refused, never as another number ("1e9" is not 19, nor 1e9)
      [{ price: '1e9' }, 'invalidNumeric', 'price'],
      [{ shopPrice: '0x10' }, 'invalidNumeric', 'shopPrice'],
      [{ isFree: true, shopPrice: 10 }, 'freeShopPrice', 'shopPrice'],
    ];
    for (const [over, c, field] of cases) {
      const res = await create(over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json(), JSON.stringify(over)).toEqual(codedBody(c, { field }));
    }
    expect(await count()).toBe(before);
  });

  it('takes the limits themselves: ₹1 crore, a shop price equal to the MRP, typed text in rupees', async () => {
    const top = await create({ name: 'Crore Gold', price: 10_000_000, shopPrice: 10_000_000 });
    expect(top.statusCode).toBe(201);
    expect(top.json()).toMatchObject({ price: 10_000_000, shopPrice: 10_000_000, isFree: false, discountPercent: 0 });
    const typed = await create({ name: 'Typed Dal', price: '130', shopPrice: ' 115.50 ' });
    expect(typed.statusCode).toBe(201);
    expect(typed.json()).toMatchObject({ price: 130, shopPrice: 115.5 });
  });

  it('gives a product away only when it is marked free; it keeps its MRP and shows no percent badge', async () => {
    const free = await create({ name: 'Free Sample Sachet', isFree: true, shopPrice: 0, price: 10 });
    expect(free.statusCode).toBe(201);
    expect(free.json()).toMatchObject({ isFree: true, shopPrice: 0, price: 10, discountPercent: 0 });
    const row = await ctx.handle.db
      .selectFrom('products')
      .select(['is_free', 'shop_price_paise'])
      .where('id', '=', free.json()._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_free: true, shop_price_paise: 0 });
    // an edit that drops the mark must give a price again
    const put = (over: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: `/api/products/${free.json()._id}`, headers: vendor, payload: body(over) });
    expect((await put({ name: 'Free Sample Sachet', isFree: false, shopPrice: 0, price: 10 })).json()).toEqual(
      codedBody('shopPriceZero', { field: 'shopPrice' }),
    );
    const priced = await put({ name: 'Free Sample Sachet', shopPrice: 8, price: 10 });
    expect(priced.statusCode).toBe(200);
    expect(priced.json()).toMatchObject({ isFree: false, shopPrice: 8 });
  });

  it('shows one badge rule: whole percent off the MRP for what is paid, rounded down', async () => {
    const a = await create({ name: 'Badge A', price: 130, shopPrice: 120, discount: 5 });
    expect(a.json().discountPercent).toBe(11); // ₹115 for ₹130: 11.5 %
    const b = await create({ name: 'Badge B', price: 360, shopPrice: 335 });
    expect(b.json().discountPercent).toBe(6); // no per-unit discount, still below MRP
  });

  it('answers the same codes in Tamil, with the Tamil text', async () => {
    const ta = { 'accept-language': 'ta-IN' };
    const zero = await create({ shopPrice: 0 }, ta);
    expect(zero.json()).toEqual({ code: 'shopPriceZero', message: messageText('shopPriceZero', 'ta'), field: 'shopPrice' });
    const over = await create({ price: 50, shopPrice: 80 }, ta);
    expect(over.json()).toEqual({
      code: 'shopPriceOverMrp',
      params: { mrp: 50 },
      message: messageText('shopPriceOverMrp', 'ta', { mrp: 50 }),
      field: 'shopPrice',
    });
    const big = await create({ price: 1_000_000_000 }, ta);
    expect(big.json()).toMatchObject({ code: 'mrpTooHigh', field: 'price' });
    expect(big.json().message).toContain('₹1,00,00,000');
    expect(big.json().message).not.toBe(messageText('mrpTooHigh', 'en'));
  });

  it('checkout records the same GST inside the prices as the cart shows ("includes GST ₹x")', async () => {
    const db = ctx.handle.db;
    const [vendorId, kaveriId] = await Promise.all([userId(db, DEMO.vendor), userId(db, DEMO.kaveri)]);
    const shelf = await makeShelf(db);
    const [gst5, gst18] = await Promise.all([makeGst(db, 5), makeGst(db, 18, '3401')]);
    const lines = [
      {
        id: await makeProduct(db, { vendorId, shelf, shopPrice: 105, price: 110, discount: 2.5, gstId: gst5 }),
        price: 105,
        discount: 2.5,
        qty: 7,
        gstRate: 5,
        vendorId,
      },
      {
        id: await makeProduct(db, { vendorId, shelf, shopPrice: 59, gstId: gst18 }),
        price: 59,
        discount: 0,
        qty: 3,
        gstRate: 18,
        vendorId,
      },
      {
        id: await makeProduct(db, { vendorId: kaveriId, shelf, shopPrice: 333.33, gstId: gst18 }),
        price: 333.33,
        discount: 0,
        qty: 1,
        gstRate: 18,
        vendorId: kaveriId,
      },
    ];
    const customer = await login(ctx.app, DEMO.customer);
    const orders = await placeOrder(
      customer,
      lines.map((l) => ({ productId: l.id, quantity: l.qty, price: l.price, discount: l.discount, vendorId: l.vendorId })),
    );
    const orderIds = orders.map((o) => o._id);
    const recorded = await db
      .selectFrom('order_lines')
      .select((eb) => eb.fn.sum<string>(eb(eb('cgst_paise', '+', eb.ref('sgst_paise')), '+', eb.ref('igst_paise'))).as('gst'))
      .where('order_id', 'in', orderIds)
      .executeTakeFirstOrThrow();
    const shown = cartGstPaise(lines);
    expect(shown).toBeGreaterThan(0);
    expect(Number(recorded.gst)).toBe(shown);
  });
});
