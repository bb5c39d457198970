import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDayOf } from '../../core/sale-void';
import type { BatchDto, ExpiringResponse, WriteOffResult } from '../../core/schemas/batch';
import type { OrderDto } from '../../core/schemas/order';
import type { ProductDto } from '../../core/schemas/product';
import type { StockLedgerPage } from '../../core/schemas/stock';
import { RULE_MSG_TA } from '../../core/rule-messages-ta';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';
import { addBatch, batchQuantities, dayFromToday, stockAndBatchSum } from '../support/batch-builders';

/** Batches and expiry: FEFO at the counter and online, a named batch, purchases into batches, returns, voids, counts, the expiring list and its write-off. */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, checkout, ok, sale, shopSale, placeOrder } = tokenRequests(() => ctx.app);
let gst: string;
let shelf: { name: string; subcategories: string[] };
let seq = 0;

const db = () => ctx.handle.db;

/** A product of the demo vendor kept in batches, with no stock, ₹40 a unit (cost ₹20 unless a batch says). */
async function batched(batches: Array<{ number: string; days: number; quantity: number; cost?: number }> = []): Promise<ProductDto> {
  const p = (await ok(
    'POST',
    '/api/products',
    tok.vendor,
    productBody(shelf, gst, `Batch item ${++seq}`, { countInStock: 0, tracksBatches: true, costPrice: 20, shopPrice: 40, price: 45 }),
    201,
  )) as ProductDto;
  expect(p.tracksBatches).toBe(true);
  for (const b of batches)
    await addBatch(db(), p._id, { number: b.number, expiry: dayFromToday(b.days), quantity: b.quantity, cost: b.cost });
  return p;
}

const invariant = async (productId: string) => {
  const s = await stockAndBatchSum(db(), productId);
  expect(s.batches).toBe(s.stock);
  return s.stock;
};

const ledger = async (productId: string) =>
  ((await ok('GET', `/api/stock/ledger?productId=${productId}`, tok.vendor)) as StockLedgerPage).movements;
const last = <T>(a: T[]) => a[a.length - 1];

const purchase = (productId: string, quantity: number, batch?: object, lang?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { authorization: `Bearer ${tok.vendor}`, ...(lang ? { 'accept-language': lang } : {}) },
    payload: {
      supplier: { name: 'Batch Supplier' },
      billNumber: `BATCH-${++seq}`,
      billDate: istDayOf(new Date()),
      lines: [{ productId, quantity, unitCost: 18, gstRate: 5, ...(batch ? { batch } : {}) }],
    },
  });

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2', 'customer'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  gst = ((await ok('GET', '/api/gsts?active=true', tok.admin)) as Array<{ _id: string }>)[0]._id;
  shelf = await listedShelf(ctx.app, tok.admin);
});
afterAll(async () => ctx?.close());

describe('sales take batches earliest expiry first', () => {
  it('20 concurrent counter sales take FEFO across three batches, never the expired one; the lines record what they took', async () => {
    const p = await batched([
      { number: 'OLD', days: -1, quantity: 4 },
      { number: 'C', days: 30, quantity: 20 },
      { number: 'A', days: 5, quantity: 5 },
      { number: 'B', days: 10, quantity: 5 },
    ]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        shopSale(tok.vendor, [{ productId: p._id, quantity: 1 }], { paymentMethod: 'cash', handedOver: true }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(await batchQuantities(db(), p._id)).toEqual({ OLD: 4, A: 0, B: 0, C: 10 });
    expect(await invariant(p._id)).toBe(14);
    // what each batch gave equals what the order lines record taking from it
    const { rows } = await sql<{ number: string; taken: string; lines: string }>`
      SELECT b.number, sum(olb.quantity) AS taken, count(DISTINCT olb.order_line_id) AS lines
      FROM order_line_batches olb JOIN product_batches b ON b.id = olb.batch_id
      WHERE b.product_id = ${p._id} GROUP BY b.number ORDER BY b.number`.execute(db());
    expect(rows.map((r) => [r.number, Number(r.taken)])).toEqual([
      ['A', 5],
      ['B', 5],
      ['C', 10],
    ]);
    const lineCount = await sql<{ n: string }>`SELECT count(*) AS n FROM order_lines WHERE product_id = ${p._id}`.execute(db());
    expect(Number(lineCount.rows[0].n)).toBe(20);
    // the ledger names the batch of each sale
    const sales = (await ledger(p._id)).filter((m) => m.kind === 'sale');
    expect(sales).toHaveLength(20);
    expect(sales.every((m) => m.batches?.length === 1 && m.batches[0].quantity === -1)).toBe(true);
  });

  it('a sale past the stock goes below zero on the last batch it took; a named batch is taken; a customer order never takes an expired batch', async () => {
    const p = await batched([
      { number: 'N1', days: 3, quantity: 2 },
      { number: 'N2', days: 60, quantity: 3 },
      { number: 'GONE', days: -2, quantity: 5 },
    ]);
    const picked = await sale(tok.vendor, [{ productId: p._id, quantity: 2, batch: 'n2' }]);
    expect(await batchQuantities(db(), p._id)).toMatchObject({ N1: 2, N2: 1 });
    expect(last(await ledger(p._id)).batches).toEqual([{ number: 'N2', quantity: -2 }]);
    expect(picked.invoiceNumber).toBeTruthy();
    // online: 3 unexpired left, 8 in stock: 4 is refused
    const refused = await checkout(tok.customer, [{ productId: p._id, quantity: 4, price: 40, discount: 0 }]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'notEnoughStock' });
    // the counter: 5 with 3 unexpired: N1 gives 2, N2 gives 1 and goes 2 below zero
    const split = await sale(tok.vendor, [{ productId: p._id, quantity: 5 }]);
    expect(await batchQuantities(db(), p._id)).toEqual({ N1: 0, N2: -2, GONE: 5 });
    // the answer (the bill printed at once) and the order read later name the batches, earliest expiry first
    const took = [
      { number: 'N1', expiry: dayFromToday(3), quantity: 2 },
      { number: 'N2', expiry: dayFromToday(60), quantity: 3 },
    ];
    expect(split.products[0].batches).toEqual(took);
    expect(picked.products[0].batches).toEqual([{ number: 'N2', expiry: dayFromToday(60), quantity: 2 }]);
    const read = (await ok('GET', `/api/Orders/${split._id}`, tok.vendor)) as OrderDto;
    expect(read.products[0].batches).toEqual(took);
    expect(await invariant(p._id)).toBe(3);
  });

  it('refuses a named expired batch (coded, in Tamil) and an unknown one, changing nothing', async () => {
    const p = await batched([
      { number: 'OK1', days: 20, quantity: 5 },
      { number: 'EXP1', days: -3, quantity: 5 },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { authorization: `Bearer ${tok.vendor}`, 'accept-language': 'ta' },
      payload: {
        isShop: true,
        products: [{ productId: p._id, quantity: 1, batch: 'EXP1' }],
        shippingAddress: { address: 'Counter', city: 'Chennai', pincode: '600020', phoneNumber: '9876500002' },
        paymentMethod: 'cash',
        handedOver: true,
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'batchExpired', message: RULE_MSG_TA.batchExpired({ number: 'EXP1' }) });
    const unknown = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1, batch: 'NOPE' }], {
      paymentMethod: 'cash',
      handedOver: true,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'batchNotFound' });
    expect(await batchQuantities(db(), p._id)).toEqual({ OK1: 5, EXP1: 5 });
  });
});

describe('purchases record the batch', () => {
  it('receives into its batch (made or topped up), refuses none and an expired one; cancel and a debit note take from it', async () => {
    const p = await batched();
    const missing = await purchase(p._id, 5);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'batchRequired' });
    const expired = await purchase(p._id, 5, { number: 'P-OLD', expiry: dayFromToday(-1) }, 'ta');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'batchExpired', message: RULE_MSG_TA.batchExpired({ number: 'P-OLD' }) });
    expect(await batchQuantities(db(), p._id)).toEqual({});

    const first = await purchase(p._id, 10, { number: 'P1', expiry: dayFromToday(40), mrp: 45 });
    expect(first.statusCode, first.body).toBe(201);
    const second = await purchase(p._id, 6, { number: 'P2', expiry: dayFromToday(80), cost: 19 });
    expect(second.statusCode, second.body).toBe(201);
    expect(await batchQuantities(db(), p._id)).toEqual({ P1: 10, P2: 6 });
    const batches = (await ok('GET', `/api/stock/batches?productId=${p._id}`, tok.vendor)) as BatchDto[];
    expect(batches.map((b) => [b.number, b.quantity, b.mrp, b.cost, b.expired])).toEqual([
      ['P1', 10, 45, 18, false],
      ['P2', 6, null, 19, false],
    ]);
    expect((await call('GET', `/api/stock/batches?productId=${p._id}`, tok.vendor2)).statusCode).toBe(404);

    // goods back to the supplier of the second bill come out of P2, though P1 expires first
    const note = await call('POST', `/api/purchases/${second.json()._id}/returns`, tok.vendor, {
      lines: [{ productId: p._id, quantity: 2 }],
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(await batchQuantities(db(), p._id)).toEqual({ P1: 10, P2: 4 });
    // the first bill cancelled: P1 goes
    const cancel = await call('POST', `/api/purchases/${first.json()._id}/cancel`, tok.vendor, { reason: 'Wrong supplier' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await batchQuantities(db(), p._id)).toEqual({ P1: 0, P2: 4 });
    expect(await invariant(p._id)).toBe(4);
  });
});

describe('a purchase in packs', () => {
  it('fills its batch with base units, at what one base unit cost', async () => {
    const p = (await ok(
      'POST',
      '/api/products',
      tok.vendor,
      productBody(shelf, gst, `Batch strip ${++seq}`, {
        countInStock: 0,
        tracksBatches: true,
        shopPrice: 40,
        price: 45,
        packs: [{ name: 'box', factor: 10 }],
      }),
      201,
    )) as ProductDto;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { authorization: `Bearer ${tok.vendor}` },
      payload: {
        supplier: { name: 'Batch Supplier' },
        billNumber: `BATCH-${++seq}`,
        billDate: istDayOf(new Date()),
        lines: [
          { productId: p._id, quantity: 3, pack: 'box', unitCost: 185, gstRate: 5, batch: { number: 'BX1', expiry: dayFromToday(60) } },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const batches = (await ok('GET', `/api/stock/batches?productId=${p._id}`, tok.vendor)) as BatchDto[];
    expect(batches.map((b) => [b.number, b.quantity, b.cost])).toEqual([['BX1', 30, 18.5]]);
    expect(await invariant(p._id)).toBe(30);
  });
});

describe('stock coming back goes to its batch', () => {
  it('a return restocks the batches its line took; one not restocked goes out of them again', async () => {
    const p = await batched([
      { number: 'R1', days: 10, quantity: 2 },
      { number: 'R2', days: 20, quantity: 10 },
    ]);
    const sold = await sale(tok.vendor, [{ productId: p._id, quantity: 4 }]);
    expect(await batchQuantities(db(), p._id)).toEqual({ R1: 0, R2: 8 });
    const ret = (restock: boolean, quantity: number) =>
      call('POST', `/api/Orders/${sold._id}/returns`, tok.vendor, {
        lines: [{ productId: p._id, quantity }],
        refundMethod: 'cash',
        restock,
      });
    expect((await ret(true, 3)).statusCode).toBe(201);
    // back into the later expiry first (R2 gave 2), then R1
    expect(await batchQuantities(db(), p._id)).toEqual({ R1: 1, R2: 10 });
    expect((await ret(false, 1)).statusCode).toBe(201);
    expect(await batchQuantities(db(), p._id)).toEqual({ R1: 1, R2: 10 });
    const rows = await ledger(p._id);
    expect(rows.slice(-2).map((m) => [m.kind, m.batches])).toEqual([
      ['return', [{ number: 'R1', quantity: 1 }]],
      ['adjustment', [{ number: 'R1', quantity: -1 }]],
    ]);
    expect(await invariant(p._id)).toBe(11);
  });

  it('a void and a deleted order put the stock back into the batches they took', async () => {
    const p = await batched([
      { number: 'V1', days: 10, quantity: 3 },
      { number: 'V2', days: 20, quantity: 10 },
    ]);
    const sold = await sale(tok.vendor, [{ productId: p._id, quantity: 5 }]);
    expect(await batchQuantities(db(), p._id)).toEqual({ V1: 0, V2: 8 });
    expect((await call('POST', `/api/Orders/${sold._id}/void`, tok.vendor, { reason: 'Rang twice' })).statusCode).toBe(200);
    expect(await batchQuantities(db(), p._id)).toEqual({ V1: 3, V2: 10 });

    const [order] = await placeOrder(tok.customer, [{ productId: p._id, quantity: 4 }]);
    expect(await batchQuantities(db(), p._id)).toEqual({ V1: 0, V2: 9 });
    expect((await call('DELETE', `/api/Orders/orders/${order._id}`, tok.customer)).statusCode).toBe(200);
    expect(await batchQuantities(db(), p._id)).toEqual({ V1: 3, V2: 10 });
    expect(await invariant(p._id)).toBe(13);
  });

  it('a shelf count, an adjustment and a product edit keep the batches equal to the stock; turning tracking on makes an opening batch', async () => {
    const p = await batched([
      { number: 'K1', days: -5, quantity: 2 },
      { number: 'K2', days: 20, quantity: 6 },
    ]);
    // a count short by 3: the earliest expiry goes first (expired goods included)
    expect((await call('POST', '/api/stock/counts', tok.vendor, { lines: [{ productId: p._id, counted: 5 }] })).statusCode).toBe(200);
    expect(await batchQuantities(db(), p._id)).toEqual({ K1: 0, K2: 5 });
    // found 2 more: into the newest batch
    expect((await call('POST', '/api/stock/counts', tok.vendor, { lines: [{ productId: p._id, counted: 7 }] })).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/stock/adjustments', tok.vendor, { productId: p._id, quantity: -1, reason: 'damaged' })).statusCode,
    ).toBe(201);
    expect(await invariant(p._id)).toBe(6);

    const plain = (await ok(
      'POST',
      '/api/products',
      tok.vendor,
      productBody(shelf, gst, `Plain ${++seq}`, { countInStock: 12 }),
      201,
    )) as ProductDto;
    expect(plain.tracksBatches).toBe(false);
    const res = await call(
      'PUT',
      `/api/products/${plain._id}`,
      tok.vendor,
      productBody(shelf, gst, plain.name, { countInStock: 12, tracksBatches: true }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await batchQuantities(db(), plain._id)).toEqual({ OPENING: 12 });
    await sale(tok.vendor, [{ productId: plain._id, quantity: 2 }]);
    expect(await invariant(plain._id)).toBe(10);
  });
});

describe('an adjustment naming its batch', () => {
  const adjust = (body: object, lang?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/stock/adjustments',
      headers: { authorization: `Bearer ${tok.vendor}`, ...(lang ? { 'accept-language': lang } : {}) },
      payload: body,
    });

  it('takes from or adds to the named batch (any case, expired ones too); without one, earliest expiry first', async () => {
    const p = await batched([
      { number: 'A1', days: -2, quantity: 3 },
      { number: 'A2', days: 30, quantity: 4 },
      { number: 'A3', days: 90, quantity: 5 },
    ]);
    const damaged = await adjust({ productId: p._id, quantity: -2, reason: 'damaged', batch: 'a3' });
    expect(damaged.statusCode, damaged.body).toBe(201);
    expect(await batchQuantities(db(), p._id)).toEqual({ A1: 3, A2: 4, A3: 3 });
    expect(last(await ledger(p._id))).toMatchObject({ quantity: -2 });
    const found = await adjust({ productId: p._id, quantity: 1, reason: 'count', batch: 'A2' });
    expect(found.statusCode, found.body).toBe(201);
    expect(await batchQuantities(db(), p._id)).toEqual({ A1: 3, A2: 5, A3: 3 });
    // an expired batch written off by hand
    expect((await adjust({ productId: p._id, quantity: -3, reason: 'expired', batch: 'A1' })).statusCode).toBe(201);
    // no batch named: earliest expiry first, as before
    expect((await adjust({ productId: p._id, quantity: -1, reason: 'lost' })).statusCode).toBe(201);
    expect(await batchQuantities(db(), p._id)).toEqual({ A1: 0, A2: 4, A3: 3 });
    expect(await invariant(p._id)).toBe(7);
  });

  it('refuses a batch not of the product and taking more than the batch holds, coded in English and Tamil, changing nothing', async () => {
    const p = await batched([
      { number: 'B1', days: 10, quantity: 2 },
      { number: 'B2', days: 40, quantity: 6 },
    ]);
    const other = await batched([{ number: 'ELSE1', days: 10, quantity: 2 }]);
    expect(other._id).not.toBe(p._id);
    const unknown = await adjust({ productId: p._id, quantity: -1, reason: 'damaged', batch: 'ELSE1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'batchNotFound', message: 'There is no batch ELSE1 of this product' });
    const unknownTa = await adjust({ productId: p._id, quantity: -1, reason: 'damaged', batch: 'ELSE1' }, 'ta');
    expect(unknownTa.json()).toMatchObject({ code: 'batchNotFound', message: RULE_MSG_TA.batchNotFound({ number: 'ELSE1' }) });
    const short = await adjust({ productId: p._id, quantity: -3, reason: 'damaged', batch: 'B1' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'batchShort', params: { number: 'B1' } });
    expect(short.json().message).toContain('B1');
    const shortTa = await adjust({ productId: p._id, quantity: -3, reason: 'damaged', batch: 'B1' }, 'ta');
    expect(shortTa.json()).toMatchObject({ code: 'batchShort' });
    expect(shortTa.json().message).toBe(RULE_MSG_TA.batchShort(short.json().params));
    expect(await batchQuantities(db(), p._id)).toEqual({ B1: 2, B2: 6 });
    expect(await invariant(p._id)).toBe(8);
  });
});

describe('expiring soon', () => {
  it('lists batches with stock expiring within the window (and expired), valued at cost; the write-off makes expired ledger rows with the batch, once', async () => {
    const p = await batched([
      { number: 'E-PAST', days: -1, quantity: 3, cost: 10 },
      { number: 'E-20', days: 20, quantity: 4 },
      { number: 'E-50', days: 50, quantity: 5, cost: 12.5 },
      { number: 'E-200', days: 200, quantity: 9 },
    ]);
    const mine = (r: ExpiringResponse) => r.rows.filter((x) => x.productId === p._id);
    const in30 = (await ok('GET', '/api/stock/expiring?days=30', tok.vendor)) as ExpiringResponse;
    expect(mine(in30).map((r) => [r.number, r.quantity, r.unitCost, r.value, r.expired])).toEqual([
      ['E-PAST', 3, 10, 30, true],
      ['E-20', 4, 20, 80, false],
    ]);
    const in60 = (await ok('GET', '/api/stock/expiring?days=60', tok.vendor)) as ExpiringResponse;
    expect(mine(in60).map((r) => [r.number, r.value])).toEqual([
      ['E-PAST', 30],
      ['E-20', 80],
      ['E-50', 62.5],
    ]);
    expect(in60.totals.value).toBeCloseTo(
      in60.rows.reduce((s, r) => s + r.value, 0),
      2,
    );
    expect((await call('GET', '/api/stock/expiring?days=45', tok.vendor)).statusCode).toBe(400);
    // another shop sees none of them
    expect(mine((await ok('GET', '/api/stock/expiring?days=90', tok.vendor2)) as ExpiringResponse)).toEqual([]);

    const ids = mine(in30).map((r) => r._id);
    const off = (await ok('POST', '/api/stock/expiring/write-off', tok.vendor, { batchIds: ids })) as WriteOffResult;
    expect(off.written.map((w) => [w.number, w.quantity])).toEqual([
      ['E-PAST', 3],
      ['E-20', 4],
    ]);
    const rows = (await ledger(p._id)).slice(-2);
    expect(rows.map((m) => [m.kind, m.reason, m.quantity, m.batches])).toEqual([
      ['adjustment', 'expired', -3, [{ number: 'E-PAST', quantity: -3 }]],
      ['adjustment', 'expired', -4, [{ number: 'E-20', quantity: -4 }]],
    ]);
    // again: nothing left to write off
    expect(((await ok('POST', '/api/stock/expiring/write-off', tok.vendor, { batchIds: ids })) as WriteOffResult).written).toEqual([]);
    expect((await call('POST', '/api/stock/expiring/write-off', tok.vendor2, { batchIds: ids })).statusCode).toBe(404);
    expect(await invariant(p._id)).toBe(14);
  });
});
