import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineTax } from '../../core/gst';
import { messageText } from '../../core/message-text';
import type { CustomerPointsDto, LoyaltySettings, PointsMessageResponse } from '../../core/schemas/loyalty';
import type { OrderDto } from '../../core/schemas/order';
import type { ProductDto } from '../../core/schemas/product';
import { bearer, codedBody, createTestApp, DEMO, listedShelf, login, smsOf, tokenRequests, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';
import { makeGst } from '../support/db-builders';

/**
 * Loyalty points: the shop's settings, points earned on what was paid, redeemed as a bill discount spread
 * over the lines (GST on what was paid), refused over the balance or the bill, never overspent by two sales
 * at once, taken back by a return, reversed by a void, and the customer's statement and balance message.
 */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, shopSale, sale, shopCustomer, returnSale, addStaff } = tokenRequests(() => ctx.app);
let gst5: string, gst18: string;
let shelf: { name: string; subcategories: string[] };
let seq = 0;

const product = async (shopPrice: number, gst = gst5) =>
  (await ok(
    'POST',
    '/api/products',
    tok.vendor,
    productBody(shelf, gst, `Loyalty item ${++seq}`, { price: shopPrice, shopPrice, countInStock: 1000 }),
    201,
  )) as ProductDto;
const points = (customerId: string, token = tok.vendor) =>
  ok('GET', `/api/customers/${customerId}/points`, token) as Promise<CustomerPointsDto>;
const setLoyalty = (body: unknown, token = tok.vendor) => call('PUT', '/api/shop/loyalty', token, body);
const ledgerRows = (customerId: string) =>
  ctx.handle.db.selectFrom('loyalty_points').select(['kind', 'points']).where('customer_id', '=', customerId).execute();

/** A customer with `balance` points, earned on a cash sale of ₹50 × balance (2 points per ₹100). */
async function customerWith(balance: number) {
  const c = await shopCustomer(tok.vendor);
  const p = await product(50);
  if (balance > 0) await sale(tok.vendor, [{ productId: p._id, quantity: balance }], { customerId: c._id });
  expect((await points(c._id)).balance).toBe(balance);
  return c;
}

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  gst5 = await makeGst(ctx.handle.db, 5);
  gst18 = await makeGst(ctx.handle.db, 18, '3401');
  shelf = await listedShelf(ctx.app, tok.admin);
});
afterAll(async () => ctx?.close());

describe('loyalty settings', () => {
  it('are off until the owner sets them; bad values are coded 400s that change nothing; only the owner sets them', async () => {
    const before = (await ok('GET', '/api/shop/loyalty', tok.vendor)) as LoyaltySettings;
    expect(before).toEqual({ pointsPer100: null, rupeesPerPoint: null });
    for (const [body, code] of [
      [{ pointsPer100: 0, rupeesPerPoint: 1 }, 'loyaltyPointsPer100Invalid'],
      [{ pointsPer100: 1.5, rupeesPerPoint: 1 }, 'loyaltyPointsPer100Invalid'],
      [{ pointsPer100: 1001, rupeesPerPoint: 1 }, 'loyaltyPointsPer100Invalid'],
      [{ pointsPer100: 2, rupeesPerPoint: 0.001 }, 'loyaltyPointValueInvalid'],
      [{ pointsPer100: 2, rupeesPerPoint: 101 }, 'loyaltyPointValueInvalid'],
      [{ pointsPer100: 2, rupeesPerPoint: '1' }, 'loyaltyPointValueInvalid'],
    ] as const) {
      const res = await setLoyalty(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { code: string }).code).toBe(code);
    }
    const ta = await ctx.app.inject({
      method: 'PUT',
      url: '/api/shop/loyalty',
      headers: { ...bearer(tok.vendor), 'accept-language': 'ta-IN' },
      payload: { pointsPer100: 0, rupeesPerPoint: 1 },
    });
    expect((ta.json() as { message: string }).message).toBe(messageText('loyaltyPointsPer100Invalid', 'ta'));
    expect(await ok('GET', '/api/shop/loyalty', tok.vendor)).toEqual(before);

    const { token: cashier } = await addStaff(tok.vendor, 'cashier');
    expect((await setLoyalty({ pointsPer100: 5, rupeesPerPoint: 1 }, cashier)).statusCode).toBe(403);

    expect((await setLoyalty({ pointsPer100: 2, rupeesPerPoint: 0.5 })).json()).toEqual({ pointsPer100: 2, rupeesPerPoint: 0.5 });
    // the cashier reads them (the counter keeps them), and another shop's are its own
    expect(await ok('GET', '/api/shop/loyalty', cashier)).toEqual({ pointsPer100: 2, rupeesPerPoint: 0.5 });
    expect(await ok('GET', '/api/shop/loyalty', tok.vendor2)).toEqual({ pointsPer100: null, rupeesPerPoint: null });
  });
});

describe('points at a sale', () => {
  it('are earned on what was paid: floor(paid / 100 × points per ₹100), after the counter discount', async () => {
    const c = await shopCustomer(tok.vendor);
    const p = await product(250);
    // 2 × (₹250 - ₹10) = ₹480 paid: 9.6 points, 9 earned
    const order = await sale(tok.vendor, [{ productId: p._id, quantity: 2, unitDiscount: 10 }], { customerId: c._id });
    expect(order.totalPayable).toBe(480);
    expect(order.pointsEarned).toBe(9);
    expect(order.pointsRedeemed).toBeUndefined();
    const mine = await points(c._id);
    expect(mine.balance).toBe(9);
    expect(mine.worth).toBe(4.5);
    expect(mine.entries).toEqual([
      expect.objectContaining({ kind: 'earned', points: 9, balance: 9, orderId: order._id, invoiceNumber: order.invoiceNumber }),
    ]);
    // a walk-in sale earns nothing and writes nothing
    const walkIn = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }]);
    expect(walkIn.pointsEarned).toBeUndefined();
  });

  it('redeemed: points × rupees per point off the bill, spread over the lines by their totals, GST on what was paid', async () => {
    const c = await customerWith(100);
    const a = await product(300, gst5);
    const b = await product(150, gst18);
    // 40 points × ₹0.50 = ₹20 over ₹300 and ₹150: ₹13.33 and ₹6.67 (largest remainder, exact paise)
    const order = await sale(
      tok.vendor,
      [
        { productId: a._id, quantity: 1 },
        { productId: b._id, quantity: 1 },
      ],
      {
        customerId: c._id,
        redeemPoints: 40,
      },
    );
    expect(order.pointsRedeemed).toBe(40);
    expect(order.products.map((l) => [l.pointsDiscount, l.lineTotal])).toEqual([
      [13.33, 286.67],
      [6.67, 143.33],
    ]);
    expect(order.totalPayable).toBe(430);
    for (const [line, rate] of [
      [order.products[0], 5],
      [order.products[1], 18],
    ] as const) {
      const tax = lineTax(Math.round(line.lineTotal * 100), rate);
      expect([line.taxable, line.cgst, line.sgst]).toEqual([tax.taxablePaise / 100, tax.cgstPaise / 100, tax.sgstPaise / 100]);
      expect(Math.round((line.taxable + line.cgst + line.sgst) * 100)).toBe(Math.round(line.lineTotal * 100));
    }
    // earned on the ₹430 paid: 8.6, so 8
    expect(order.pointsEarned).toBe(8);
    expect((await points(c._id)).balance).toBe(100 - 40 + 8);
    // the order read back says the same
    const again = (await ok('GET', `/api/Orders/${order._id}`, tok.vendor)) as OrderDto;
    expect(again.products.map((l) => l.pointsDiscount)).toEqual([13.33, 6.67]);
    expect([again.pointsRedeemed, again.pointsEarned]).toEqual([40, 8]);
  });

  it('are refused, coded and in Tamil, over the balance, over the bill, without a customer; nothing changes', async () => {
    const c = await customerWith(30);
    const p = await product(10);
    const ordersBefore = await ctx.handle.db
      .selectFrom('orders')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const over = await ctx.app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { ...bearer(tok.vendor), 'accept-language': 'ta-IN' },
      payload: {
        isShop: true,
        products: [{ productId: p._id, quantity: 10 }],
        shippingAddress: { address: 'Counter', city: 'Chennai', pincode: '600001', phoneNumber: '9000000000' },
        paymentMethod: 'cash',
        handedOver: true,
        customerId: c._id,
        redeemPoints: 31,
      },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'loyaltyRedeemOverBalance',
      params: { balance: 30 },
      field: 'redeemPoints',
      message: messageText('loyaltyRedeemOverBalance', 'ta', { balance: 30 }),
    });
    // a ₹20 bill takes at most 40 points of ₹0.50: 30 points fit, but a ₹10 bill takes 20 at most
    const overBill = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1 }], {
      paymentMethod: 'cash',
      handedOver: true,
      customerId: c._id,
      redeemPoints: 21,
    });
    expect(overBill.statusCode).toBe(400);
    expect(overBill.json()).toEqual(codedBody({ code: 'loyaltyRedeemOverBill', params: { max: 20 } }, { field: 'redeemPoints' }));
    const noCustomer = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1 }], { paymentMethod: 'cash', redeemPoints: 1 });
    expect(noCustomer.statusCode).toBe(400);
    expect((noCustomer.json() as { code: string }).code).toBe('loyaltyRedeemNeedsCustomer');
    const bad = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1 }], { customerId: c._id, redeemPoints: 2.5 });
    expect((bad.json() as { code: string }).code).toBe('loyaltyRedeemInvalid');
    expect((await points(c._id)).balance).toBe(30);
    const ordersAfter = await ctx.handle.db
      .selectFrom('orders')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(ordersAfter.n).toBe(ordersBefore.n);
  });

  it('two sales redeeming at once cannot spend the same points: the customer row queues them', async () => {
    const c = await customerWith(50);
    const p = await product(100);
    const redeem = () =>
      shopSale(tok.vendor, [{ productId: p._id, quantity: 1 }], {
        paymentMethod: 'cash',
        handedOver: true,
        customerId: c._id,
        redeemPoints: 40,
      });
    const results = await Promise.all([redeem(), redeem(), redeem()]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect((r.json() as { code: string }).code).toBe('loyaltyRedeemOverBalance');
    }
    // 50 - 40 + 1 earned on the ₹80 paid
    const after = await points(c._id);
    expect(after.balance).toBe(11);
    expect(after.balance).toBeGreaterThanOrEqual(0);
  });
});

describe('returns and voids', () => {
  it('a return takes back the points the returned part earned and gives back its share of those redeemed', async () => {
    const c = await customerWith(20);
    const p = await product(500);
    // 2 × ₹500 less 20 points × ₹0.50 = ₹990 paid: 19 earned
    const order = await sale(tok.vendor, [{ productId: p._id, quantity: 2 }], { customerId: c._id, redeemPoints: 20 });
    expect([order.totalPayable, order.pointsEarned]).toEqual([990, 19]);
    expect((await points(c._id)).balance).toBe(19);
    const first = await returnSale(tok.vendor, order._id, { lines: [{ productId: p._id, quantity: 1 }], refundMethod: 'cash' });
    expect(first.statusCode, first.body).toBe(201);
    // half the bill back: 9 earned points out (floor 9.5), 10 redeemed points back
    expect((await points(c._id)).balance).toBe(19 - 9 + 10);
    const second = await returnSale(tok.vendor, order._id, { lines: [{ productId: p._id, quantity: 1 }], refundMethod: 'cash' });
    expect(second.statusCode, second.body).toBe(201);
    // all of it back: the sale's points are undone exactly, what was there before it is left
    const after = await points(c._id);
    expect(after.balance).toBe(20);
    const returned = after.entries.filter((e) => e.kind === 'returned');
    expect(returned.map((e) => e.points).reduce((a, b) => a + b, 0)).toBe(20 - 19);
    expect(returned.every((e) => e.creditNoteNumber && e.invoiceNumber === order.invoiceNumber)).toBe(true);
  });

  it('a void reverses the points the sale earned and redeemed', async () => {
    const c = await customerWith(10);
    const p = await product(200);
    const order = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }], { customerId: c._id, redeemPoints: 10 });
    expect((await points(c._id)).balance).toBe(10 - 10 + 3);
    const res = await call('POST', `/api/Orders/${order._id}/void`, tok.vendor, { reason: 'Wrong customer' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await points(c._id)).balance).toBe(10);
    const reversed = (await ledgerRows(c._id)).filter((r) => r.kind === 'reversed').map((r) => r.points);
    expect(reversed.sort((a, b) => a - b)).toEqual([-3, 10]);
  });
});

describe("a customer's points", () => {
  it('the statement runs oldest first with the running balance; another shop gets 404', async () => {
    const c = await customerWith(10);
    const p = await product(100);
    const o2 = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }], { customerId: c._id, redeemPoints: 4 });
    const mine = await points(c._id);
    expect(mine.entries.map((e) => [e.kind, e.points, e.balance])).toEqual([
      ['earned', 10, 10],
      ['redeemed', -4, 6],
      ['earned', 1, 7],
    ]);
    expect(mine.entries.at(-1)!.invoiceNumber).toBe(o2.invoiceNumber);
    expect(mine.balance).toBe(7);
    expect(mine.entries.every((e, i) => e.balance === mine.entries.slice(0, i + 1).reduce((s, x) => s + x.points, 0))).toBe(true);
    const other = await call('GET', `/api/customers/${c._id}/points`, tok.vendor2);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(codedBody('customerNotFound'));
  });

  it("the balance goes by SMS in the customer's language, with a WhatsApp link of the same text", async () => {
    const c = await shopCustomer(tok.vendor, { language: 'ta' });
    const p = await product(100);
    await sale(tok.vendor, [{ productId: p._id, quantity: 3 }], { customerId: c._id });
    const sent = (await ok('POST', `/api/customers/${c._id}/points/message`, tok.vendor)) as PointsMessageResponse;
    expect(sent.sent).toBe(true);
    expect(sent.code).toBe('loyaltyBalanceSent');
    expect(sent.text).toContain('புள்ளிகள்: 6');
    expect(sent.whatsappUrl).toBe(`https://wa.me/91${c.phone}?text=${encodeURIComponent(sent.text)}`);
    expect(smsOf(ctx.app).to(c.phone).at(-1)).toBe(sent.text);
  });
});
