import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { financialYear } from '../../core/invoice';
import type { CustomerPaymentResponse } from '../../core/schemas/customer';
import type { DaySummary, Gstr1Report, OrderDto } from '../../core/schemas/order';
import type { CreditNoteDto } from '../../core/schemas/returns';
import { codedBody, createTestApp, DEMO, login, tokenRequests, type TestContext } from './helpers';
import { makeProduct, makeShelf, orderWriter, userId } from '../support/db-builders';

/**
 * Acts recorded offline carry the device's time of the tap (`at`, core/act-time.ts) and are dated by
 * it, not by when they reach the server: the server's clock here stands at 00:00:30 on 1 April 2027
 * (India time), the first minute of a new financial year, while the acts were tapped on 31 March.
 */
let ctx: TestContext;
let vendor: string;
let rider: string;
let vendorId: string;
let customerId: string;
let productId: string;
const { call, ok, sale, shopCustomer, shopSale } = tokenRequests(() => ctx.app);

const SENT = new Date('2027-04-01T00:00:30+05:30');
const MARCH_31 = (time: string) => `2027-03-31T${time}+05:30`;
const iso = (at: string) => new Date(at).toISOString();
/** A customer's order placed on the morning of 31 March. */
const placedOn31March = orderWriter(
  () => ctx.handle.db,
  () => ({ vendorId, customerId, createdAt: new Date(MARCH_31('10:00:00')), lines: [{ productId, name: 'Act time rice', price: 90 }] }),
);
const invoiceOf = (orderId: string) =>
  ctx.handle.db.selectFrom('invoices').select(['number', 'fy', 'series', 'issued_at']).where('order_id', '=', orderId).executeTakeFirst();
const orderRow = (orderId: string) =>
  ctx.handle.db
    .selectFrom('orders')
    .select(['status', 'delivered_at', 'delivered_received_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
const inSeries = (rows: Array<{ series: string; from: string; to: string }>, number: string) =>
  rows.some((r) => number.startsWith(r.series) && r.from <= number && number <= r.to);

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  [vendorId, customerId] = await Promise.all([userId(db, DEMO.vendor), userId(db, DEMO.customer)]);
  productId = await makeProduct(db, { vendorId, shelf: await makeShelf(db), name: 'Act time rice', shopPrice: 90, stock: 100 });
  // the server's clock (Date only: the database and timers run as usual); sessions start on it
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SENT);
  [vendor, rider] = await Promise.all([login(ctx.app, DEMO.vendor), login(ctx.app, DEMO.delivery)]);
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx?.close();
});

describe('a delivery tapped offline at 23:59:30 on 31 March and sent at 00:00:30 on 1 April', () => {
  let order: OrderDto;
  let number: string;

  it('is delivered and invoiced on 31 March, in the old financial year, with the time it arrived kept', async () => {
    const orderId = await placedOn31March();
    ({ order } = await ok('PUT', '/api/Orders/mark-delivered', rider, { orderId, at: MARCH_31('23:59:30') }));
    expect(order.deliveredAt).toBe(iso(MARCH_31('23:59:30')));
    expect(order.invoiceDate).toBe(iso(MARCH_31('23:59:30')));
    expect(order.deliveredReceivedAt).toBe(SENT.toISOString());
    const invoice = (await invoiceOf(orderId))!;
    number = invoice.number;
    expect(order.invoiceNumber).toBe(number);
    expect(invoice.fy).toBe(financialYear(new Date(MARCH_31('23:59:30'))));
    expect(invoice.fy).not.toBe(financialYear(SENT));
  });

  it("is in March's GSTR-1, not April's", async () => {
    const march = (await ok('GET', '/api/Orders/gstr1/report?startDate=2027-03-01&endDate=2027-03-31', vendor)) as Gstr1Report;
    const april = (await ok('GET', '/api/Orders/gstr1/report?startDate=2027-04-01&endDate=2027-04-30', vendor)) as Gstr1Report;
    expect(inSeries(march.docs, number)).toBe(true);
    expect(march.totals.invoices).toBe(1);
    expect(inSeries(april.docs, number)).toBe(false);
    expect(april.totals.invoices).toBe(0);
  });

  it("is counted in 31 March's day close, not 1 April's", async () => {
    const last = (await ok('GET', '/api/Orders/vendor/day-summary?date=2027-03-31', vendor)) as DaySummary;
    const first = (await ok('GET', '/api/Orders/vendor/day-summary?date=2027-04-01', vendor)) as DaySummary;
    expect(last.lastInvoice).toBe(number);
    expect(inSeries(last.invoiceSeries, number)).toBe(true);
    expect(inSeries(first.invoiceSeries, number)).toBe(false);
  });

  it('online (no time sent) is dated by the server, and shows no offline note', async () => {
    const orderId = await placedOn31March();
    const { order: now } = (await ok('PUT', '/api/Orders/mark-delivered', rider, { orderId })) as { order: OrderDto };
    expect(now.deliveredAt).toBe(SENT.toISOString());
    expect(now.deliveredReceivedAt).toBeUndefined();
    expect((await invoiceOf(orderId))!.fy).toBe(financialYear(SENT));
  });

  it('a tap less than a minute before it arrived shows no offline note', async () => {
    const orderId = await placedOn31March();
    const at = new Date(SENT.getTime() - 30_000).toISOString();
    const { order: now } = (await ok('PUT', '/api/Orders/mark-delivered', rider, { orderId, at })) as { order: OrderDto };
    expect(now.deliveredAt).toBe(at);
    expect(now.deliveredReceivedAt).toBeUndefined();
  });
});

describe('a time the server cannot keep is refused and changes nothing', () => {
  const refused = async (at: string, code: 'actTimeFuture' | 'actTimeTooOld' | 'actTimeBeforeOrder') => {
    const orderId = await placedOn31March();
    const res = await call('PUT', '/api/Orders/mark-delivered', rider, { orderId, at, cashCollected: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(codedBody(code, { field: 'at' }));
    expect(await orderRow(orderId)).toEqual({ status: 'Pending', delivered_at: null, delivered_received_at: null });
    expect(await invoiceOf(orderId)).toBeUndefined();
    const paid = await ctx.handle.db.selectFrom('orders').select('payment_status').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(paid.payment_status).toBe('Pending');
  };

  it('10 minutes in the future', () => refused(new Date(SENT.getTime() + 10 * 60_000).toISOString(), 'actTimeFuture'));
  it('more than 7 days old', () => refused('2027-03-24T00:00:00+05:30', 'actTimeTooOld'));
  it('before the order was placed', () => refused(MARCH_31('09:59:59'), 'actTimeBeforeOrder'));

  it('in Tamil too', async () => {
    const orderId = await placedOn31March();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Orders/mark-delivered',
      headers: { authorization: `Bearer ${rider}`, 'accept-language': 'ta' },
      payload: { orderId, at: '2027-03-01T00:00:00+05:30' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'actTimeTooOld', field: 'at' });
    expect(res.json().message).toMatch(/[\u0B80-\u0BFF]/);
  });
});

describe('sales, payments, returns and voids keep their time', () => {
  it('a counter sale sent with `at` is dated by it, numbered in its year, and says when it arrived', async () => {
    const order = await sale(vendor, [{ productId, quantity: 1 }], { at: MARCH_31('23:55:00') });
    expect(order).toMatchObject({
      createdAt: iso(MARCH_31('23:55:00')),
      invoiceDate: iso(MARCH_31('23:55:00')),
      receivedAt: SENT.toISOString(),
    });
    expect((await invoiceOf(order._id))!.fy).toBe(financialYear(new Date(MARCH_31('23:55:00'))));
    const future = await shopSale(vendor, [{ productId, quantity: 1 }], { at: new Date(SENT.getTime() + 10 * 60_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual(codedBody('saleTimeFuture', { field: 'at' }));
  });

  it('a return: the credit note is dated by it and numbered in its year', async () => {
    const sold = await sale(vendor, [{ productId, quantity: 2 }], { createdAt: MARCH_31('21:00:00') });
    const body = { lines: [{ productId, quantity: 1 }], refundMethod: 'cash', restock: true };
    const early = await call('POST', `/api/Orders/${sold._id}/returns`, vendor, { ...body, at: MARCH_31('20:59:00') });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual(codedBody('actTimeBeforeOrder', { field: 'at' }));
    const note = (await ok('POST', `/api/Orders/${sold._id}/returns`, vendor, { ...body, at: MARCH_31('23:58:00') }, 201)) as CreditNoteDto;
    expect(note.date).toBe(iso(MARCH_31('23:58:00')));
    const row = await ctx.handle.db.selectFrom('credit_notes').select('fy').where('id', '=', note._id).executeTakeFirstOrThrow();
    expect(row.fy).toBe(financialYear(new Date(MARCH_31('23:58:00'))));
    const march = (await ok('GET', '/api/Orders/gstr1/report?startDate=2027-03-01&endDate=2027-03-31', vendor)) as Gstr1Report;
    expect(inSeries(march.creditNoteDocs, note.number)).toBe(true);
  });

  it('a void confirmed on 31 March and sent on 1 April voids that day: the sale of 31 March can still be voided', async () => {
    const sold = await sale(vendor, [{ productId, quantity: 1 }], { createdAt: MARCH_31('23:50:00') });
    const late = await call('POST', `/api/Orders/${sold._id}/void`, vendor, { reason: 'Wrong item keyed' });
    expect(late.statusCode).toBe(409);
    const { order } = (await ok('POST', `/api/Orders/${sold._id}/void`, vendor, {
      reason: 'Wrong item keyed',
      at: MARCH_31('23:59:00'),
    })) as {
      order: OrderDto;
    };
    expect(order.voidedAt).toBe(iso(MARCH_31('23:59:00')));
  });

  it('a payment: paid then, counted in that day, and never before the customer was added', async () => {
    const customer = await shopCustomer(vendor, { name: 'Offline Anbu', phone: '7000000222', at: MARCH_31('20:00:00') });
    expect(customer.createdAt).toBe(iso(MARCH_31('20:00:00')));
    const before = await call('POST', `/api/customers/${customer._id}/payments`, vendor, {
      amount: 100,
      method: 'cash',
      at: MARCH_31('19:59:00'),
    });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toEqual(codedBody('actTimeBeforeCustomer', { field: 'at' }));
    const old = await call('POST', `/api/customers/${customer._id}/payments`, vendor, {
      amount: 100,
      method: 'cash',
      paidAt: '2027-03-20T10:00:00+05:30',
    });
    expect(old.json()).toEqual(codedBody('actTimeTooOld', { field: 'paidAt' }));
    const paid = (await ok(
      'POST',
      `/api/customers/${customer._id}/payments`,
      vendor,
      { amount: 250, method: 'upi', at: MARCH_31('23:57:00') },
      201,
    )) as CustomerPaymentResponse;
    expect(paid.paidAt).toBe(iso(MARCH_31('23:57:00')));
    const day = (await ok('GET', '/api/Orders/vendor/day-summary?date=2027-03-31', vendor)) as DaySummary;
    expect(day.creditCollected.total).toBe(250);
    const next = (await ok('GET', '/api/Orders/vendor/day-summary?date=2027-04-01', vendor)) as DaySummary;
    expect(next.creditCollected.total).toBe(0);
  });
});
