import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coded } from '../../core/coded';
import { istDayOf } from '../../core/sale-void';
import type { DaySummary } from '../../core/schemas/order';
import type { ProductDto } from '../../core/schemas/product';
import type { CreditNoteDto, OrderReturns } from '../../core/schemas/returns';
import { newId } from '../../server/lib/ids';
import { bearer, codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody as makeBody } from '../support/api-builders';
import { insertOrder, makeGst, stockOf, userId } from '../support/db-builders';

/** Returns against delivered sales and their credit notes: POST/GET /api/Orders/:id/returns, /api/credit-notes. */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, sale } = tokenRequests(() => ctx.app);

let gst5: string;
let gst12: string;
let shelf: { name: string; subcategories: string[] };
let seq = 0;
// the India-time day, as the server reads "today"
const today = istDayOf(new Date());
const db = () => ctx.handle.db;
const CN_NUMBER = /^[A-Z0-9]{1,3}-CN\/\d{2}\/\d{6}$/;

/** A product of `token`'s vendor with 50 in stock, ₹68 a piece (or a kg), GST 5 % unless `extra` says otherwise. */
const product = async (extra: object = {}, token = tok.vendor) =>
  (await ok(
    'POST',
    '/api/products',
    token,
    makeBody(shelf, gst5, `Return item ${++seq}`, { countInStock: 50, price: 80, shopPrice: 68, ...extra }),
    201,
  )) as ProductDto;

interface ReturnBody {
  lines: Array<{ productId: string; quantity: number }>;
  refundMethod?: string;
  restock?: boolean;
  _id?: string;
}
const returnOf = (orderId: string, body: ReturnBody, token = tok.vendor, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/Orders/${orderId}/returns`,
    headers: { ...bearer(token), ...headers },
    payload: { refundMethod: 'cash', restock: true, ...body },
  });
async function returned(orderId: string, body: ReturnBody, token = tok.vendor) {
  const res = await returnOf(orderId, body, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreditNoteDto;
}
const noteCount = async () =>
  Number(
    (
      await db()
        .selectFrom('credit_notes')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const counters = () => db().selectFrom('credit_note_counters').selectAll().execute();
const ledger = (productId: string, ref: string) =>
  db()
    .selectFrom('stock_movements')
    .select(['kind', 'quantity', 'reason'])
    .where('product_id', '=', productId)
    .where('ref', '=', ref)
    .orderBy('id')
    .execute();
const daySummary = async () => (await ok('GET', `/api/Orders/vendor/day-summary?date=${today}`, tok.vendor)) as DaySummary;
const paise = (rupees: number) => Math.round(rupees * 100);

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2', 'customer'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  gst5 = await makeGst(db(), 5, '1006');
  gst12 = await makeGst(db(), 12, '3401');
  shelf = await listedShelf(ctx.app, tok.admin);
});
afterAll(async () => ctx?.close());

describe('returns and credit notes', () => {
  it('refunds part of a line, then the rest: the notes add up to what the line was charged, to the paisa', async () => {
    const rice = await product({ unit: 'kg' });
    const order = await sale(tok.vendor, [{ productId: rice._id, quantity: 1.25 }]);
    const line = order.products[0];
    const charged = paise(line.lineTotal - line.deliveryDiscount);
    expect(charged).toBe(8500);
    expect(await stockOf(db(), rice._id)).toBe(48.75);

    const first = await returned(order._id, { lines: [{ productId: rice._id, quantity: 0.333 }] });
    expect(first.number).toMatch(CN_NUMBER);
    expect(first.invoiceNumber).toBe(order.invoiceNumber);
    expect(first.orderId).toBe(order._id);
    // 85.00 x 0.333 / 1.25 = 22.644 -> 22.64
    expect(first.totals.amount).toBe(22.64);
    expect(first.lines[0]).toMatchObject({ quantity: 0.333, unit: 'kg', price: 68, amount: 22.64, gstRate: 5, hsnCode: '1006' });
    const l = first.lines[0];
    expect(paise(l.taxable) + paise(l.cgst) + paise(l.sgst)).toBe(2264);
    expect(l.cgst).toBe(l.sgst);
    expect(l.igst).toBe(0);
    expect(await stockOf(db(), rice._id)).toBe(49.083);

    const second = await returned(order._id, { lines: [{ productId: rice._id, quantity: 0.5 }] });
    expect(second.totals.amount).toBe(34);
    const state = (await ok('GET', `/api/Orders/${order._id}/returns`, tok.vendor)) as OrderReturns;
    expect(state.lines[0]).toMatchObject({ sold: 1.25, returned: 0.833, returnable: 0.417, charged: 85, refunded: 56.64 });
    expect(state.creditNotes.map((n) => n.number)).toEqual([first.number, second.number]);

    const rest = await returned(order._id, { lines: [{ productId: rice._id, quantity: 0.417 }] });
    expect(rest.totals.amount).toBe(28.36);
    expect(paise(first.totals.amount) + paise(second.totals.amount) + paise(rest.totals.amount)).toBe(charged);
    expect(await stockOf(db(), rice._id)).toBe(50);

    // nothing is left to return
    const more = await returnOf(order._id, { lines: [{ productId: rice._id, quantity: 0.001 }] });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual(codedBody(coded('returnTooMuch', { name: rice.name, returnable: 0 }), { field: 'lines.0.quantity' }));
  });

  it('gives the last return what is left even when the earlier ones rounded up', async () => {
    const rice = await product({ unit: 'kg' });
    const order = await sale(tok.vendor, [{ productId: rice._id, quantity: 1 }]);
    const bits = [];
    // 68.00 x 0.001 = 0.068 -> 0.07 each
    for (let i = 0; i < 3; i++) bits.push(await returned(order._id, { lines: [{ productId: rice._id, quantity: 0.001 }] }));
    expect(bits.map((n) => n.totals.amount)).toEqual([0.07, 0.07, 0.07]);
    // pro rata 0.997 kg would be 67.80 (67.796); what is left is 67.79
    const rest = await returned(order._id, { lines: [{ productId: rice._id, quantity: 0.997 }] });
    expect(rest.totals.amount).toBe(67.79);
    expect([...bits, rest].reduce((sum, n) => sum + paise(n.totals.amount), 0)).toBe(6800);
  });

  it('refuses more than is left, a fraction of a piece and a product not on the order, and changes nothing', async () => {
    const soap = await product();
    const other = await product();
    const order = await sale(tok.vendor, [{ productId: soap._id, quantity: 2 }]);
    const stock = await stockOf(db(), soap._id);
    const notes = await noteCount();
    const numbers = await counters();

    const over = await returnOf(order._id, { lines: [{ productId: soap._id, quantity: 3 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual(codedBody(coded('returnTooMuch', { name: soap.name, returnable: 2 }), { field: 'lines.0.quantity' }));
    const half = await returnOf(order._id, { lines: [{ productId: soap._id, quantity: 0.5 }] });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({ code: 'quantityWhole', field: 'lines.0.quantity' });
    const stranger = await returnOf(order._id, {
      lines: [
        { productId: soap._id, quantity: 1 },
        { productId: other._id, quantity: 1 },
      ],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual(codedBody('returnProductNotOnOrder', { field: 'lines.1.productId' }));
    const twice = await returnOf(order._id, {
      lines: [
        { productId: soap._id, quantity: 1 },
        { productId: soap._id, quantity: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const badMethod = await returnOf(order._id, { lines: [{ productId: soap._id, quantity: 1 }], refundMethod: 'cheque' });
    expect(badMethod.statusCode).toBe(400);
    expect(badMethod.json()).toMatchObject({ code: 'refundMethodInvalid' });

    expect(await stockOf(db(), soap._id)).toBe(stock);
    expect(await noteCount()).toBe(notes);
    expect(await counters()).toEqual(numbers);
  });

  it('numbers parallel returns of one vendor 1..n of its series, with no gap and no repeat', async () => {
    const soap = await product({ countInStock: 100 });
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await sale(tok.vendor, [{ productId: soap._id, quantity: 1 }]));
    const vendorId = await userId(db(), DEMO.vendor);
    const before = await db().selectFrom('credit_note_counters').select('last_seq').where('vendor_id', '=', vendorId).executeTakeFirst();
    const base = before?.last_seq ?? 0;
    const notes = await Promise.all(orders.map((o) => returned(o._id, { lines: [{ productId: soap._id, quantity: 1 }] })));
    const seqs = notes.map((n) => Number(n.number.slice(-6))).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 8 }, (_, i) => base + i + 1));
    expect(new Set(notes.map((n) => n.number)).size).toBe(8);
    expect(new Set(notes.map((n) => n.number.slice(0, -6))).size).toBe(1);
    expect(await stockOf(db(), soap._id)).toBe(100);
  });

  it('puts the goods back in stock with restock, and records them as damaged without', async () => {
    const soap = await product();
    const order = await sale(tok.vendor, [{ productId: soap._id, quantity: 4 }]);
    expect(await stockOf(db(), soap._id)).toBe(46);

    const back = await returned(order._id, { lines: [{ productId: soap._id, quantity: 1 }], restock: true });
    expect(back.restock).toBe(true);
    expect(await stockOf(db(), soap._id)).toBe(47);
    expect(await ledger(soap._id, back.number)).toEqual([{ kind: 'return', quantity: '1.000', reason: null }]);

    const damaged = await returned(order._id, { lines: [{ productId: soap._id, quantity: 2 }], restock: false });
    expect(damaged.restock).toBe(false);
    expect(await stockOf(db(), soap._id)).toBe(47);
    expect(await ledger(soap._id, damaged.number)).toEqual([
      { kind: 'return', quantity: '2.000', reason: null },
      { kind: 'adjustment', quantity: '-2.000', reason: 'damaged' },
    ]);
  });

  it('shows the line of a product deleted since without a product id (it cannot be named in a return)', async () => {
    const soap = await product();
    const order = await sale(tok.vendor, [{ productId: soap._id, quantity: 2 }]);
    await db().deleteFrom('products').where('id', '=', soap._id).execute();
    const state = (await ok('GET', `/api/Orders/${order._id}/returns`, tok.vendor)) as OrderReturns;
    expect(state.lines[0].productId).toBeNull();
  });

  it('refunds to the customer account only for a sale made to a shop customer', async () => {
    const soap = await product();
    const order = await sale(tok.vendor, [{ productId: soap._id, quantity: 2 }]);
    const refused = await returnOf(order._id, { lines: [{ productId: soap._id, quantity: 1 }], refundMethod: 'credit' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(codedBody('returnCreditNeedsCustomer', { field: 'refundMethod' }));

    const customerId = newId();
    const vendorId = await userId(db(), DEMO.vendor);
    await db()
      .insertInto('shop_customers')
      .values({ id: customerId, vendor_id: vendorId, name: 'Hotel Annapoorna', phone: `9${String(Date.now()).slice(-9)}` })
      .execute();
    await db().updateTable('orders').set({ shop_customer_id: customerId }).where('id', '=', order._id).execute();
    const note = await returned(order._id, { lines: [{ productId: soap._id, quantity: 1 }], refundMethod: 'credit' });
    expect(note.refundMethod).toBe('credit');
    expect(note.shopCustomerId).toBe(customerId);
    const row = await db().selectFrom('credit_notes').select('shop_customer_id').where('id', '=', note._id).executeTakeFirstOrThrow();
    expect(row.shop_customer_id).toBe(customerId);
    // a cash refund of the same customer's sale does not touch the balance
    const cash = await returned(order._id, { lines: [{ productId: soap._id, quantity: 1 }], refundMethod: 'cash' });
    expect(cash.shopCustomerId).toBeNull();
  });

  it("answers another vendor's order and note like missing ones; an admin may return any", async () => {
    const soap = await product();
    const order = await sale(tok.vendor, [{ productId: soap._id, quantity: 3 }]);
    const stock = await stockOf(db(), soap._id);
    const foreign = await returnOf(order._id, { lines: [{ productId: soap._id, quantity: 1 }] }, tok.vendor2);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(codedBody('orderNotFound'));
    expect((await call('GET', `/api/Orders/${order._id}/returns`, tok.vendor2)).statusCode).toBe(404);
    expect(await stockOf(db(), soap._id)).toBe(stock);

    const byAdmin = await returned(order._id, { lines: [{ productId: soap._id, quantity: 1 }] }, tok.admin);
    expect(byAdmin.createdBy).toBe(await userId(db(), DEMO.admin));
    expect((await call('GET', `/api/credit-notes/${byAdmin._id}`, tok.vendor2)).statusCode).toBe(404);
    expect(((await ok('GET', `/api/credit-notes/${byAdmin._id}`, tok.vendor)) as CreditNoteDto).number).toBe(byAdmin.number);
    const mine = (await ok('GET', `/api/credit-notes?from=${today}&to=${today}`, tok.vendor)) as CreditNoteDto[];
    expect(mine.map((n) => n._id)).toContain(byAdmin._id);
    const theirs = (await ok('GET', `/api/credit-notes?from=${today}&to=${today}`, tok.vendor2)) as CreditNoteDto[];
    expect(theirs.map((n) => n._id)).not.toContain(byAdmin._id);
  });

  it('returns a delivery order only once it is delivered', async () => {
    const soap = await product();
    const vendorId = await userId(db(), DEMO.vendor);
    const customerId = await userId(db(), DEMO.customer);
    const pending = await insertOrder(db(), {
      vendorId,
      customerId,
      lines: [{ productId: soap._id, name: soap.name, price: 68, quantity: 2 }],
    });
    const refused = await returnOf(pending, { lines: [{ productId: soap._id, quantity: 1 }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(codedBody('returnNotDelivered'));

    await ok('PUT', '/api/Orders/mark-delivered', tok.vendor, { orderId: pending });
    const note = await returned(pending, { lines: [{ productId: soap._id, quantity: 1 }] });
    expect(note.totals.amount).toBe(68);
    expect(note.invoiceNumber).toBeTruthy();
  });

  it('refuses to return a voided sale, and to void a sale with returns', async () => {
    const soap = await product();
    const voided = await sale(tok.vendor, [{ productId: soap._id, quantity: 2 }]);
    await ok('POST', `/api/Orders/${voided._id}/void`, tok.vendor, { reason: 'Wrong key' });
    const refused = await returnOf(voided._id, { lines: [{ productId: soap._id, quantity: 1 }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(codedBody('returnVoided'));

    const kept = await sale(tok.vendor, [{ productId: soap._id, quantity: 2 }]);
    await returned(kept._id, { lines: [{ productId: soap._id, quantity: 1 }] });
    const stock = await stockOf(db(), soap._id);
    const voiding = await call('POST', `/api/Orders/${kept._id}/void`, tok.vendor, { reason: 'Too late' });
    expect(voiding.statusCode).toBe(409);
    expect(voiding.json()).toEqual(codedBody('voidHasReturns'));
    const row = await db().selectFrom('orders').select('voided_at').where('id', '=', kept._id).executeTakeFirstOrThrow();
    expect(row.voided_at).toBeNull();
    expect(await stockOf(db(), soap._id)).toBe(stock);
  });

  it('reverses IGST for goods sent to another state, CGST + SGST at the counter', async () => {
    const soap = await product({ gst: gst12, shopPrice: 112, price: 120 });
    const order = await sale(tok.vendor, [{ productId: soap._id, quantity: 2 }]);
    const local = await returned(order._id, { lines: [{ productId: soap._id, quantity: 1 }] });
    expect(local.lines[0]).toMatchObject({ amount: 112, taxable: 100, cgst: 6, sgst: 6, igst: 0 });
    // the goods went to Karnataka (29): the place of supply set as a delivery to that state records it
    await db().updateTable('orders').set({ place_of_supply: '29' }).where('id', '=', order._id).execute();
    const sent = await returned(order._id, { lines: [{ productId: soap._id, quantity: 1 }] });
    expect(sent.placeOfSupply).toBe('29');
    expect(sent.lines[0]).toMatchObject({ amount: 112, taxable: 100, cgst: 0, sgst: 0, igst: 12 });
    expect(sent.taxByRate).toEqual([{ rate: 12, amount: 112, taxable: 100, cgst: 0, sgst: 0, igst: 12 }]);
    expect(sent.totals).toEqual({ amount: 112, taxable: 100, cgst: 0, sgst: 0, igst: 12 });
  });

  it('shows the day’s refunds by method in the day close, and the net after them', async () => {
    const soap = await product({ countInStock: 100, shopPrice: 10 });
    const before = await daySummary();
    const order = await sale(tok.vendor, [{ productId: soap._id, quantity: 10 }]);
    const customerId = newId();
    await db()
      .insertInto('shop_customers')
      .values({ id: customerId, vendor_id: await userId(db(), DEMO.vendor), name: 'Selvi', phone: `8${String(Date.now()).slice(-9)}` })
      .execute();
    await db().updateTable('orders').set({ shop_customer_id: customerId }).where('id', '=', order._id).execute();
    await returned(order._id, { lines: [{ productId: soap._id, quantity: 1 }], refundMethod: 'cash' });
    await returned(order._id, { lines: [{ productId: soap._id, quantity: 2 }], refundMethod: 'upi' });
    await returned(order._id, { lines: [{ productId: soap._id, quantity: 3 }], refundMethod: 'card' });
    await returned(order._id, { lines: [{ productId: soap._id, quantity: 1 }], refundMethod: 'credit' });
    const after = await daySummary();
    const r0 = before.refunds;
    const r1 = after.refunds;
    expect(r1.count - r0.count).toBe(4);
    expect(paise(r1.amount - r0.amount)).toBe(7000);
    expect(paise(r1.byMethod.cash - r0.byMethod.cash)).toBe(1000);
    expect(paise(r1.byMethod.upi - r0.byMethod.upi)).toBe(2000);
    expect(paise(r1.byMethod.card - r0.byMethod.card)).toBe(3000);
    expect(paise(r1.byMethod.credit - r0.byMethod.credit)).toBe(1000);
    expect(r1.counts.cash - r0.counts.cash).toBe(1);
    expect(r1.counts.credit - r0.counts.credit).toBe(1);
    expect(paise(r1.netAfterRefunds)).toBe(paise(after.net) - paise(r1.amount));
    expect(r1.notes.filter((n) => n.orderId === order._id).map((n) => n.invoiceNumber)).toEqual(Array(4).fill(order.invoiceNumber));
  });

  it('makes one note of a return replayed with its Idempotency-Key or its id', async () => {
    const soap = await product();
    const order = await sale(tok.vendor, [{ productId: soap._id, quantity: 3 }]);
    const notes = await noteCount();
    const headers = { 'idempotency-key': `return-${newId()}` };
    const body = { lines: [{ productId: soap._id, quantity: 1 }] };
    const first = await returnOf(order._id, body, tok.vendor, headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await returnOf(order._id, body, tok.vendor, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await noteCount()).toBe(notes + 1);
    expect(await stockOf(db(), soap._id)).toBe(48);

    // the outbox's own id: the same note answered again, 200
    const _id = newId();
    const made = await returned(order._id, { ...body, _id });
    expect(made._id).toBe(_id);
    const replay = await returnOf(order._id, { ...body, _id });
    expect(replay.statusCode).toBe(200);
    expect((replay.json() as CreditNoteDto).number).toBe(made.number);
    expect(await noteCount()).toBe(notes + 2);
    expect(await stockOf(db(), soap._id)).toBe(49);

    // the same id sent twice at once: one note, both answered with it
    const twinId = newId();
    const both = await Promise.all([returnOf(order._id, { ...body, _id: twinId }), returnOf(order._id, { ...body, _id: twinId })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(both.map((r) => (r.json() as CreditNoteDto).number)).size).toBe(1);
    expect(await noteCount()).toBe(notes + 3);
    expect(await stockOf(db(), soap._id)).toBe(50);
    // another order's note id is refused
    const other = await sale(tok.vendor, [{ productId: soap._id, quantity: 1 }]);
    const taken = await returnOf(other._id, { ...body, _id: twinId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(codedBody('creditNoteIdTaken', { field: '_id' }));
  });
});
