import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDayOf } from '../../core/sale-void';
import type { DaySummary, Gstr1Report, OrderDto } from '../../core/schemas/order';
import type { ProductDto } from '../../core/schemas/product';
import { bearer, codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody as makeBody } from '../support/api-builders';
import { insertOrder, stockOf, userId } from '../support/db-builders';

/** Voiding a counter sale on its day: POST /api/Orders/:id/void. */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, sale } = tokenRequests(() => ctx.app);

let gst: string;
let shelf: { name: string; subcategories: string[] };
let seq = 0;
const today = istDayOf(new Date());

/** A product of `token`'s vendor sold by the kilogram (₹68 / kg) or by the piece, with 50 in stock. */
const product = async (token = tok.vendor, extra: object = {}) =>
  (await ok(
    'POST',
    '/api/products',
    token,
    makeBody(shelf, gst, `Void item ${++seq}`, { countInStock: 50, price: 80, shopPrice: 68, ...extra }),
    201,
  )) as ProductDto;

const voidIt = (id: string, token: string | null, reason: unknown = 'Enter pressed by mistake', headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/Orders/${id}/void`,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    payload: { reason },
  });

const daySummary = async (token = tok.vendor) => (await ok('GET', `/api/Orders/vendor/day-summary?date=${today}`, token)) as DaySummary;
const gstr1 = async (token = tok.vendor) =>
  (await ok('GET', `/api/Orders/gstr1/report?startDate=${today}&endDate=${today}`, token)) as Gstr1Report;
const invoiceRow = (orderId: string) =>
  ctx.handle.db
    .selectFrom('invoices')
    .select(['number', 'status', 'cancelled_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2', 'customer', 'delivery'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  gst = ((await ok('GET', '/api/gsts?active=true', tok.admin)) as Array<{ _id: string }>)[0]._id;
  shelf = await listedShelf(ctx.app, tok.admin);
});
afterAll(async () => ctx?.close());

describe('voiding a counter sale', () => {
  it('marks it voided, puts fractional stock back, keeps its invoice number as cancelled, and takes it out of the sales', async () => {
    const rice = await product(tok.vendor, { unit: 'kg' });
    const soap = await product(tok.vendor, { shopPrice: 40 });
    const before = await daySummary();
    const gBefore = await gstr1();
    const period = async () =>
      ((await ok('GET', `/api/Orders/vendor?startDate=${today}&endDate=${today}`, tok.vendor)) as { periodTotal: number }).periodTotal;
    const periodBefore = await period();
    const order = await sale(
      tok.vendor,
      [
        { productId: rice._id, quantity: 1.25 },
        { productId: soap._id, quantity: 2 },
      ],
      { paymentMethod: 'cash' },
    );
    expect(order.invoiceNumber).toBeTruthy();
    expect(await stockOf(ctx.handle.db, rice._id)).toBe(48.75);
    expect(await stockOf(ctx.handle.db, soap._id)).toBe(48);
    const sold = await daySummary();
    expect(sold.sales).toBe(before.sales + 1);
    expect(sold.payments.cash).toBeCloseTo(before.payments.cash + 165, 2); // 1.25 × 68 + 2 × 40

    const res = await voidIt(order._id, tok.vendor, '  Paid by UPI, not cash  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(codedBody('saleVoided'));
    const voided = res.json().order as OrderDto;
    expect(voided.voidReason).toBe('Paid by UPI, not cash');
    expect(voided.voidedAt).not.toBeNull();
    expect(voided.invoiceNumber).toBe(order.invoiceNumber);

    // stock back to the thousandth
    expect(await stockOf(ctx.handle.db, rice._id)).toBe(50);
    expect(await stockOf(ctx.handle.db, soap._id)).toBe(50);
    // the invoice stays, cancelled
    expect(await invoiceRow(order._id)).toMatchObject({
      number: order.invoiceNumber,
      status: 'cancelled',
      cancelled_at: expect.anything(),
    });

    // the day close: not in the sales, listed as voided, the number counted as cancelled
    const closed = await daySummary();
    expect(closed.sales).toBe(before.sales);
    expect(closed.payments.cash).toBeCloseTo(before.payments.cash, 2);
    expect(closed.net).toBeCloseTo(before.net, 2);
    expect(closed.cancelledInvoices).toBe(before.cancelledInvoices + 1);
    expect(closed.voids.count).toBe(before.voids.count + 1);
    expect(closed.voids.amount).toBeCloseTo(before.voids.amount + 165, 2);
    expect(closed.voids.orders).toContainEqual({
      _id: order._id,
      invoiceNumber: order.invoiceNumber,
      amount: 165,
      reason: 'Paid by UPI, not cash',
    });
    expect(closed.lastInvoice).toBe(order.invoiceNumber);

    // GSTR-1: the number is in table 13 as cancelled, the lines in no table
    const g = await gstr1();
    const series = order.invoiceNumber!.slice(0, order.invoiceNumber!.lastIndexOf('/') + 1);
    const doc = g.docs.find((d) => d.series === series)!;
    const docBefore = gBefore.docs.find((d) => d.series === series);
    expect(doc.to).toBe(order.invoiceNumber);
    expect(doc.cancelled).toBe((docBefore?.cancelled ?? 0) + 1);
    expect(doc.netIssued).toBe(docBefore?.netIssued ?? 0);
    expect(g.totals.sales).toBeCloseTo(gBefore.totals.sales, 2);

    // the order reads voided; the vendor's list no longer counts it in the period's total
    expect(((await ok('GET', `/api/Orders/${order._id}`, tok.vendor)) as OrderDto).voidedAt).toBe(voided.voidedAt);
    expect(await period()).toBeCloseTo(periodBefore, 2);
  });

  it('voiding again is a success without change: the first reason, time and stock stay', async () => {
    const p = await product();
    const order = await sale(tok.vendor, [{ productId: p._id, quantity: 3 }]);
    const first = (await voidIt(order._id, tok.vendor, 'Wrong product')).json().order as OrderDto;
    const again = await voidIt(order._id, tok.admin, 'Another reason');
    expect(again.statusCode).toBe(200);
    expect(again.json().order).toMatchObject({ voidedAt: first.voidedAt, voidReason: 'Wrong product' });
    expect(await stockOf(ctx.handle.db, p._id)).toBe(50);
  });

  it("an admin may void any vendor's sale", async () => {
    const p = await product(tok.vendor2);
    const order = await sale(tok.vendor2, [{ productId: p._id, quantity: 1 }]);
    const res = await voidIt(order._id, tok.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(ctx.handle.db, p._id)).toBe(50);
  });

  it('answers with the same Idempotency-Key replayed, not run again', async () => {
    const p = await product();
    const order = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }]);
    const key = { 'idempotency-key': `void-${order._id}` };
    const first = await voidIt(order._id, tok.vendor, 'Stray Enter', key);
    expect(first.statusCode).toBe(200);
    const replay = await voidIt(order._id, tok.vendor, 'Stray Enter', key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const reused = await voidIt(order._id, tok.vendor, 'Another body', key);
    expect(reused.statusCode).toBe(422);
    expect(await stockOf(ctx.handle.db, p._id)).toBe(50);
  });
});

describe('refusals change nothing', () => {
  const unchanged = async (order: OrderDto, productId: string, stock: number) => {
    const row = await ctx.handle.db.selectFrom('orders').select(['voided_at']).where('id', '=', order._id).executeTakeFirstOrThrow();
    expect(row.voided_at).toBeNull();
    if (order.invoiceNumber) expect((await invoiceRow(order._id)).status).toBe('issued');
    expect(await stockOf(ctx.handle.db, productId)).toBe(stock);
  };

  it('another vendor gets 404 as for a missing order; a customer and a rider 403; no session 401', async () => {
    const p = await product();
    const order = await sale(tok.vendor, [{ productId: p._id, quantity: 2 }]);
    const other = await voidIt(order._id, tok.vendor2);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(codedBody('orderNotFound'));
    const missing = await voidIt('00000000-0000-4000-8000-000000000000', tok.vendor);
    expect(missing.json()).toEqual(other.json());
    expect((await voidIt(order._id, tok.customer)).statusCode).toBe(403);
    expect((await voidIt(order._id, tok.delivery)).statusCode).toBe(403);
    expect((await voidIt(order._id, null)).statusCode).toBe(401);
    await unchanged(order, p._id, 48);
  });

  it('a sale of an earlier day is refused: later corrections are returns', async () => {
    const p = await product();
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const order = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }], { createdAt: twoDaysAgo });
    const res = await voidIt(order._id, tok.vendor);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(codedBody('voidSameDayOnly'));
    expect((await voidIt(order._id, tok.admin)).statusCode).toBe(409);
    await unchanged(order, p._id, 49);
  });

  it('a delivery order is not a counter sale; a counter sale still to deliver is deleted, not voided', async () => {
    const p = await product();
    const vendorId = await userId(ctx.handle.db, DEMO.vendor);
    const customerId = await userId(ctx.handle.db, DEMO.customer);
    const id = await insertOrder(ctx.handle.db, {
      vendorId,
      customerId,
      status: 'Delivered',
      lines: [{ productId: p._id, name: 'x', price: 68 }],
    });
    const delivery = await voidIt(id, tok.vendor);
    expect(delivery.statusCode).toBe(409);
    expect(delivery.json()).toEqual(codedBody('voidShopSaleOnly'));

    const later = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }], { handedOver: false, paymentStatus: 'Pending' });
    const pending = await voidIt(later._id, tok.vendor);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual(codedBody('voidPendingDelete'));
    await unchanged(later, p._id, 49);
  });

  it('a reason under 3 or over 200 characters, or none, is 400 with its code', async () => {
    const p = await product();
    const order = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }]);
    for (const reason of ['  ab  ', 'x'.repeat(201), null, 42]) {
      const res = await voidIt(order._id, tok.vendor, reason);
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json()).toEqual(codedBody('voidReasonLength', { field: 'reason' }));
    }
    const none = await call('POST', `/api/Orders/${order._id}/void`, tok.vendor, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual(codedBody('voidReasonLength', { field: 'reason' }));
    await unchanged(order, p._id, 49);
  });

  it('answers in Tamil for a Tamil request', async () => {
    const p = await product();
    const order = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }]);
    const res = await voidIt(order._id, tok.vendor, 'ab', { 'accept-language': 'ta-IN' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'voidReasonLength', message: 'ரத்து செய்வதற்கான காரணத்தை 3 முதல் 200 எழுத்துகளில் தரவும்' });
    const ok200 = await voidIt(order._id, tok.vendor, 'தவறான பொருள்', { 'accept-language': 'ta-IN' });
    expect(ok200.statusCode).toBe(200);
    expect(ok200.json().message).toBe('விற்பனை ரத்து செய்யப்பட்டது. அதன் பில் எண் ரத்தானதாகத் தொடரில் இருக்கும்; இருப்பு திரும்பச் சேர்க்கப்பட்டது.');
    expect((ok200.json().order as OrderDto).voidReason).toBe('தவறான பொருள்');
  });
});
