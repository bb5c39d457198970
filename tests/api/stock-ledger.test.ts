import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coded } from '../../core/coded';
import { istDayOf } from '../../core/sale-void';
import type { OrderDto } from '../../core/schemas/order';
import type { ProductDto } from '../../core/schemas/product';
import type { StockAdjustmentResult, StockCountResult, StockLedgerPage } from '../../core/schemas/stock';
import { setStockContext } from '../../server/services/stock/stock-context';
import { codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';
import { adjustStockMany, registerCustomer, stockOf, userId } from '../support/db-builders';

/** The stock ledger: GET /api/stock/ledger, POST /api/stock/adjustments, POST /api/stock/counts, and the kinds every writer names. */
let ctx: TestContext;
const tok: Record<string, string> = {};
/** Each account's `by`: its id and name. */
const people: Record<string, { _id: string; name: string }> = {};
const { call, checkout, ok, placeOrder, sale, shopSale } = tokenRequests(() => ctx.app);

let gst: string;
let shelf: { name: string; subcategories: string[] };
let seq = 0;

/** A product of `token`'s vendor with `stock` in stock (pieces unless `extra` says otherwise), ₹45 a unit. */
const product = async (stock: number, token = tok.vendor, extra: object = {}) =>
  (await ok(
    'POST',
    '/api/products',
    token,
    productBody(shelf, gst, `Ledger item ${++seq}`, { countInStock: stock, ...extra }),
    201,
  )) as ProductDto;

/** One page of the product's ledger as GET /api/stock/ledger answers it. */
const page = async (productId: string, q: { limit?: number; before?: number } = {}, token = tok.vendor) =>
  (await ok(
    'GET',
    `/api/stock/ledger?productId=${productId}${q.limit ? `&limit=${q.limit}` : ''}${q.before ? `&before=${q.before}` : ''}`,
    token,
  )) as StockLedgerPage;
/** The movements of the ledger's newest page. */
const ledger = async (productId: string, token = tok.vendor, limit?: number) => (await page(productId, { limit }, token)).movements;

const adjust = (body: object, token = tok.vendor, lang?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/stock/adjustments',
    headers: { authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
    payload: body,
  });
const count = (lines: Array<{ productId: string; counted: number }>, token = tok.vendor) =>
  call('POST', '/api/stock/counts', token, { lines });

const last = <T>(a: T[]) => a[a.length - 1];

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2', 'customer', 'kaveri'] as const) {
    tok[k] = await login(ctx.app, DEMO[k]);
    const id = await userId(ctx.handle.db, DEMO[k]);
    people[k] = {
      _id: id,
      name: (await ctx.handle.db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name,
    };
  }
  gst = ((await ok('GET', '/api/gsts?active=true', tok.admin)) as Array<{ _id: string }>)[0]._id;
  shelf = await listedShelf(ctx.app, tok.admin);
});
afterAll(async () => ctx?.close());

describe('GET /api/stock/ledger', () => {
  it('starts with the opening balance by the user who created the product; limit keeps the newest, oldest first', async () => {
    const p = await product(20);
    const rows = await ledger(p._id);
    expect(rows).toEqual([
      {
        at: expect.any(String),
        kind: 'opening',
        quantity: 20,
        balance: 20,
        ref: null,
        reference: null,
        supplier: null,
        link: null,
        reason: null,
        note: null,
        by: people.vendor,
      },
    ]);
    for (const q of [-1, -2, -3]) expect((await adjust({ productId: p._id, quantity: q, reason: 'damaged' })).statusCode).toBe(201);
    expect((await ledger(p._id)).map((r) => r.balance)).toEqual([20, 19, 17, 14]);
    expect((await ledger(p._id, tok.vendor, 2)).map((r) => r.quantity)).toEqual([-2, -3]);
    // an admin sees any vendor's product
    expect(await ledger(p._id, tok.admin)).toHaveLength(4);
  });

  it("answers another vendor's product and a missing one with the same 404", async () => {
    const p = await product(5);
    const theirs = await call('GET', `/api/stock/ledger?productId=${p._id}`, tok.vendor2);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(codedBody('productNotFound'));
    const missing = await call('GET', '/api/stock/ledger?productId=00000000-0000-4000-8000-000000000000', tok.vendor);
    expect(missing.json()).toEqual(codedBody('productNotFound'));
    expect((await call('GET', `/api/stock/ledger?productId=${p._id}`, tok.customer)).statusCode).toBe(403);
    expect((await call('GET', `/api/stock/ledger?productId=${p._id}&limit=0`, tok.vendor)).statusCode).toBe(400);
    expect((await call('GET', `/api/stock/ledger?productId=${p._id}&limit=1001`, tok.vendor)).statusCode).toBe(400);
    for (const before of ['0', '-5', '1.5', 'abc']) {
      const res = await call('GET', `/api/stock/ledger?productId=${p._id}&before=${before}`, tok.vendor);
      expect(res.statusCode, before).toBe(400);
    }
  });

  it('answers the newest 100, oldest first; `before` walks back page by page with no gap or repeat; `older` says whether more exist', async () => {
    const p = await product(0);
    // the opening row (0) and 230 adjustments of +1, noted "1" to "230": the stock after the nth is n
    await adjustStockMany(
      ctx.handle.db,
      p._id,
      Array.from({ length: 230 }, () => 1),
    );
    const notes = (rows: StockLedgerPage['movements']) => rows.map((m) => m.note);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

    const first = await page(p._id);
    expect(first.movements).toHaveLength(100);
    expect(notes(first.movements)).toEqual(range(131, 230));
    expect(first.movements.map((m) => m.balance)).toEqual(range(131, 230).map(Number));
    expect(first.older).toEqual(expect.any(Number));

    const second = await page(p._id, { before: first.older! });
    expect(notes(second.movements)).toEqual(range(31, 130));
    expect(second.older).toEqual(expect.any(Number));
    expect(second.older).toBeLessThan(first.older!);

    const third = await page(p._id, { before: second.older! });
    expect(third.movements).toHaveLength(31);
    expect(third.movements[0]).toMatchObject({ kind: 'opening', balance: 0 });
    expect(notes(third.movements.slice(1))).toEqual(range(1, 30));
    expect(third.older).toBeNull();

    // the three pages together are the whole ledger, each balance the one before plus its change
    const all = [...third.movements, ...second.movements, ...first.movements];
    expect(all).toHaveLength(231);
    expect(all.map((m) => m.balance)).toEqual(Array.from({ length: 231 }, (_, i) => i));
    expect(all).toEqual((await page(p._id, { limit: 1000 })).movements);
    expect((await page(p._id, { limit: 1000 })).older).toBeNull();

    // a movement arriving meanwhile joins the newest page; the older pages stay as they were
    expect((await adjust({ productId: p._id, quantity: -1, reason: 'lost' })).statusCode).toBe(201);
    const newest = await page(p._id);
    expect(notes(newest.movements)).toEqual([...range(132, 230), null]);
    expect(await page(p._id, { before: first.older! })).toEqual(second);
    // a page exactly as long as what is left says nothing older; a smaller one does
    expect(await page(p._id, { limit: 30, before: second.older! })).toMatchObject({ older: expect.any(Number) });
    expect((await page(p._id, { limit: 31, before: second.older! })).older).toBeNull();
    expect(await page(p._id, { before: 1 })).toEqual({ movements: [], older: null });
  });

  it('names a deleted order on its own row when the row that gave its stock back is on a newer page', async () => {
    const p = await product(5);
    const [order] = await placeOrder(tok.customer, [{ productId: p._id, quantity: 2 }]);
    expect((await call('DELETE', `/api/Orders/orders/${order._id}`, tok.vendor)).statusCode).toBe(200);
    const shown = (rows: StockLedgerPage['movements']) => rows.map((m) => [m.kind, m.reference]);
    const newest = await page(p._id, { limit: 1 });
    expect(shown(newest.movements)).toEqual([['order_deleted', `#${order.orderNumber}`]]);
    const before = await page(p._id, { limit: 1, before: newest.older! });
    expect(shown(before.movements)).toEqual([['order', `#${order.orderNumber}`]]);
    expect(before.older).toEqual(expect.any(Number));
  });
});

describe('POST /api/stock/adjustments', () => {
  it('adds or takes away stock with its reason, note and user, and answers the movement', async () => {
    const p = await product(10);
    const res = await adjust({ productId: p._id, quantity: -3, reason: 'expired', note: 'Batch of June' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as StockAdjustmentResult;
    expect(body).toEqual({
      countInStock: 7,
      by: people.vendor,
      movement: {
        at: expect.any(String),
        kind: 'adjustment',
        quantity: -3,
        balance: 7,
        ref: null,
        reference: 'Batch of June',
        supplier: null,
        link: null,
        reason: 'expired',
        note: 'Batch of June',
        by: people.vendor,
      },
    });
    expect(last(await ledger(p._id))).toEqual(body.movement);
    const found = await adjust({ productId: p._id, quantity: 2, reason: 'other' }, tok.admin);
    expect(found.json()).toMatchObject({ countInStock: 9, movement: { quantity: 2, reason: 'other', note: null, by: people.admin } });
    expect(await stockOf(ctx.handle.db, p._id)).toBe(9);
  });

  it('takes decimals for a product sold by the kilogram', async () => {
    const p = await product(2.5, tok.vendor, { unit: 'kg' });
    const res = await adjust({ productId: p._id, quantity: -0.125, reason: 'damaged' });
    expect(res.json()).toMatchObject({ countInStock: 2.375, movement: { quantity: -0.125, balance: 2.375 } });
  });

  it('refuses, changing nothing: below zero, zero, decimals for pieces, a bad reason, another vendor’s product', async () => {
    const p = await product(4);
    const kg = await product(1, tok.vendor, { unit: 'kg' });
    const refusals: Array<[object, number, unknown, string?]> = [
      [
        { productId: p._id, quantity: -5, reason: 'lost' },
        400,
        codedBody(coded('stockBelowZero', { name: p.name, stock: '4' }), { field: 'quantity' }),
      ],
      [
        { productId: kg._id, quantity: -1.5, reason: 'lost' },
        400,
        codedBody(coded('stockBelowZero', { name: kg.name, stock: '1 kg' }), { field: 'quantity' }),
      ],
      [{ productId: p._id, quantity: 0, reason: 'lost' }, 400, codedBody('adjustQuantityZero', { field: 'quantity' })],
      [
        { productId: p._id, quantity: 1.5, reason: 'lost' },
        400,
        codedBody(coded('quantityWhole', { name: p.name, unit: 'pcs' }), { field: 'quantity' }),
      ],
      [{ productId: kg._id, quantity: 0.0005, reason: 'lost' }, 400, codedBody('quantityDecimals', { field: 'quantity' })],
      [{ productId: p._id, quantity: 1, reason: 'stolen' }, 400, codedBody('adjustReasonInvalid', { field: 'reason' })],
      [{ productId: p._id, quantity: 1 }, 400, codedBody('adjustReasonInvalid', { field: 'reason' })],
      [{ productId: p._id, quantity: 1, reason: 'other' }, 404, codedBody('productNotFound'), tok.vendor2],
    ];
    for (const [body, status, answer, token] of refusals) {
      const res = await adjust(body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual(answer);
    }
    expect(await stockOf(ctx.handle.db, p._id)).toBe(4);
    expect(await stockOf(ctx.handle.db, kg._id)).toBe(1);
    expect(await ledger(p._id)).toHaveLength(1);

    // in the user's language
    const ta = await adjust({ productId: p._id, quantity: -9, reason: 'lost' }, tok.vendor, 'ta-IN');
    expect(ta.json().message).toBe(`இது ${p.name} இருப்பை பூஜ்ஜியத்துக்குக் கீழே கொண்டு செல்லும் (இப்போது இருப்பு 4)`);
  });
});

describe('POST /api/stock/counts', () => {
  it('sets each counted product to its figure as a count adjustment; a match writes nothing; others stay', async () => {
    const [a, b, c, d] = await Promise.all([product(10), product(10), product(10), product(3.5, tok.vendor, { unit: 'kg' })]);
    const res = await count([
      { productId: a._id, counted: 12 },
      { productId: b._id, counted: 7 },
      { productId: c._id, counted: 10 },
      { productId: d._id, counted: 3.25 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as StockCountResult).toEqual({
      by: people.vendor,
      lines: [
        { productId: a._id, before: 10, counted: 12, difference: 2 },
        { productId: b._id, before: 10, counted: 7, difference: -3 },
        { productId: c._id, before: 10, counted: 10, difference: 0 },
        { productId: d._id, before: 3.5, counted: 3.25, difference: -0.25 },
      ],
    });
    expect(last(await ledger(a._id))).toMatchObject({ kind: 'adjustment', reason: 'count', quantity: 2, balance: 12, by: people.vendor });
    expect(last(await ledger(b._id))).toMatchObject({ kind: 'adjustment', reason: 'count', quantity: -3, balance: 7 });
    expect(await ledger(c._id)).toHaveLength(1);
    expect(last(await ledger(d._id))).toMatchObject({ quantity: -0.25, balance: 3.25 });
  });

  it('refuses the whole count, changing nothing, for one bad line', async () => {
    const mine = await product(10);
    const theirs = await product(10, tok.kaveri);
    const bad: Array<[Array<{ productId: string; counted: number }>, number, unknown]> = [
      [
        [
          { productId: mine._id, counted: 5 },
          { productId: theirs._id, counted: 5 },
        ],
        404,
        codedBody('productNotFound', { field: 'lines.1.productId' }),
      ],
      [[{ productId: mine._id, counted: 5.5 }], 400, codedBody(coded('stockWhole', { unit: 'pcs' }), { field: 'lines.0.counted' })],
      [[{ productId: mine._id, counted: -1 }], 400, codedBody('stockNegative', { field: 'lines.0.counted' })],
      [
        [
          { productId: mine._id, counted: 5 },
          { productId: mine._id, counted: 6 },
        ],
        400,
        codedBody('duplicateProducts', { field: 'lines' }),
      ],
      [[], 400, codedBody('countLinesRange', { field: 'lines' })],
    ];
    for (const [lines, status, answer] of bad) {
      const res = await count(lines);
      expect(res.statusCode, JSON.stringify(lines)).toBe(status);
      expect(res.json()).toEqual(answer);
    }
    const tooMany = await count(Array.from({ length: 501 }, () => ({ productId: mine._id, counted: 1 })));
    expect(tooMany.json()).toEqual(codedBody('countLinesRange', { field: 'lines' }));
    expect(await stockOf(ctx.handle.db, mine._id)).toBe(10);
    expect(await stockOf(ctx.handle.db, theirs._id)).toBe(10);
    // an admin counts any vendor's products in one count
    expect(
      (
        await count(
          [
            { productId: mine._id, counted: 9 },
            { productId: theirs._id, counted: 8 },
          ],
          tok.admin,
        )
      ).statusCode,
    ).toBe(200);
    expect(last(await ledger(theirs._id, tok.kaveri))).toMatchObject({ quantity: -2, by: people.admin });
  });
});

describe('what every writer names', () => {
  it('checkout: one order per vendor, each product pointing at the order that took it', async () => {
    const mine = await product(10);
    const theirs = await product(10, tok.kaveri);
    const orders = await placeOrder(tok.customer, [
      { productId: mine._id, quantity: 2 },
      { productId: theirs._id, quantity: 3 },
    ]);
    const orderOf = (productId: string) => orders.find((o) => o.products.some((l) => l.productId._id === productId))!;
    const m = last(await ledger(mine._id));
    const t = last(await ledger(theirs._id, tok.kaveri));
    expect(m).toMatchObject({
      kind: 'order',
      quantity: -2,
      balance: 8,
      ref: orderOf(mine._id)._id,
      reference: `#${orderOf(mine._id).orderNumber}`,
      link: { to: 'order', id: orderOf(mine._id)._id },
      by: people.customer,
    });
    expect(t).toMatchObject({ kind: 'order', quantity: -3, balance: 7, ref: orderOf(theirs._id)._id });
    expect(m.ref).not.toBe(t.ref);

    // deleting the pending order puts its stock back, named by the order, whose reference outlives it
    const id = orderOf(mine._id)._id;
    expect((await call('DELETE', `/api/Orders/orders/${id}`, tok.vendor)).statusCode).toBe(200);
    expect(last(await ledger(mine._id))).toMatchObject({
      kind: 'order_deleted',
      quantity: 2,
      balance: 10,
      ref: id,
      reference: `#${orderOf(mine._id).orderNumber}`,
      link: null,
      by: people.vendor,
    });
  });

  it('a customer deleting its own pending order: order_deleted by the customer', async () => {
    const p = await product(10);
    const [order] = await placeOrder(tok.customer, [{ productId: p._id }]);
    expect((await call('DELETE', `/api/Orders/orders/${order._id}`, tok.customer)).statusCode).toBe(200);
    expect(last(await ledger(p._id))).toMatchObject({ kind: 'order_deleted', quantity: 1, ref: order._id, by: people.customer });
  });

  it('counter sale and its void', async () => {
    const p = await product(10, tok.vendor, { unit: 'kg' });
    const order = await sale(tok.vendor, [{ productId: p._id, quantity: 1.25 }]);
    expect(last(await ledger(p._id))).toMatchObject({
      kind: 'sale',
      quantity: -1.25,
      balance: 8.75,
      ref: order._id,
      reference: order.invoiceNumber,
      link: { to: 'order', id: order._id },
      by: people.vendor,
    });
    expect((await call('POST', `/api/Orders/${order._id}/void`, tok.vendor, { reason: 'Wrong item' })).statusCode).toBe(200);
    expect(last(await ledger(p._id))).toMatchObject({
      kind: 'sale_voided',
      quantity: 1.25,
      balance: 10,
      ref: order._id,
      by: people.vendor,
    });
  });

  it('every kind of movement answers its reference: invoice, credit note, bill and supplier, file name, note', async () => {
    const p = await product(20);
    const byKind = async () => {
      const rows = await ledger(p._id);
      return rows.map((r) => [r.kind, r.reason, r.reference, r.supplier, r.link]);
    };

    // goods received on a supplier's bill, then the bill cancelled
    const bill = `LEDGER-REF-${++seq}`;
    const supplier = `Ledger Ref Supplier ${seq}`;
    const received = await call('POST', '/api/purchases', tok.vendor, {
      supplier: { name: supplier },
      billNumber: bill,
      billDate: istDayOf(new Date()),
      lines: [{ productId: p._id, quantity: 5, unitCost: 10, gstRate: 5 }],
    });
    expect(received.statusCode, received.body).toBe(201);
    const purchaseId = received.json()._id as string;
    expect((await call('POST', `/api/purchases/${purchaseId}/cancel`, tok.vendor, { reason: 'Wrong supplier' })).statusCode).toBe(200);

    // a counter sale, two returns against it (one restocked, one not), and a sale voided
    const sold = await sale(tok.vendor, [{ productId: p._id, quantity: 3 }]);
    const credit = async (restock: boolean) => {
      const res = await call('POST', `/api/Orders/${sold._id}/returns`, tok.vendor, {
        lines: [{ productId: p._id, quantity: 1 }],
        refundMethod: 'cash',
        restock,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { _id: string; number: string };
    };
    const kept = await credit(true);
    const damaged = await credit(false);
    const voided = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }]);
    expect((await call('POST', `/api/Orders/${voided._id}/void`, tok.vendor, { reason: 'Rang twice' })).statusCode).toBe(200);

    // a customer's order, deleted while pending
    const [order] = await placeOrder(tok.customer, [{ productId: p._id, quantity: 2 }]);
    expect((await call('DELETE', `/api/Orders/orders/${order._id}`, tok.vendor)).statusCode).toBe(200);

    // stock set by an imported file (the import names its movements so: tests/api/product-import.test.ts)
    await ctx.handle.db.transaction().execute(async (trx) => {
      await setStockContext(trx, { kind: 'import', ref: 'stock-june.csv', by: null });
      await trx.updateTable('products').set({ count_in_stock: '30' }).where('id', '=', p._id).execute();
    });
    // an adjustment with a note, one without, and a shelf count
    await adjust({ productId: p._id, quantity: -1, reason: 'damaged', note: 'Rat bitten' });
    await adjust({ productId: p._id, quantity: -1, reason: 'lost' });
    expect((await count([{ productId: p._id, counted: 25 }])).statusCode).toBe(200);

    const invoice = (o: OrderDto) => o.invoiceNumber!;
    expect(invoice(sold)).toBeTruthy();
    expect(await byKind()).toEqual([
      ['opening', null, null, null, null],
      ['purchase', null, bill, supplier, { to: 'purchase', id: purchaseId }],
      ['purchase_cancelled', null, bill, supplier, { to: 'purchase', id: purchaseId }],
      ['sale', null, invoice(sold), null, { to: 'order', id: sold._id }],
      ['return', null, kept.number, null, { to: 'creditNote', id: kept._id }],
      ['return', null, damaged.number, null, { to: 'creditNote', id: damaged._id }],
      ['adjustment', 'damaged', damaged.number, null, { to: 'creditNote', id: damaged._id }],
      ['sale', null, invoice(voided), null, { to: 'order', id: voided._id }],
      ['sale_voided', null, invoice(voided), null, { to: 'order', id: voided._id }],
      ['order', null, `#${order.orderNumber}`, null, null],
      ['order_deleted', null, `#${order.orderNumber}`, null, null],
      ['import', null, 'stock-june.csv', null, null],
      ['adjustment', 'damaged', 'Rat bitten', null, null],
      ['adjustment', 'lost', null, null, null],
      ['adjustment', 'count', null, null, null],
    ]);
    // the cancel's reason stays its note
    expect((await ledger(p._id)).find((r) => r.kind === 'purchase_cancelled')!.note).toBe('Wrong supplier');
  });

  it('a product edit that changes the stock figure: product_edit for reason count; an edit that keeps it writes nothing', async () => {
    const p = await product(10);
    const body = productBody(shelf, gst, p.name, { countInStock: 10, description: 'Edited' });
    await ok('PUT', `/api/products/${p._id}`, tok.vendor, body);
    expect(await ledger(p._id)).toHaveLength(1);
    await ok('PUT', `/api/products/${p._id}`, tok.vendor, { ...body, countInStock: 14 });
    expect(last(await ledger(p._id))).toMatchObject({
      kind: 'product_edit',
      reason: 'count',
      note: null,
      quantity: 4,
      balance: 14,
      ref: null,
      by: people.vendor,
    });
  });
});

describe('the invariant', () => {
  it('after dozens of orders, sales, deletions, voids, purchases and their cancels, adjustments and counts at once, every stock is the sum of its ledger', async () => {
    const db = ctx.handle.db;
    const pcs = await Promise.all([product(500), product(500), product(500)]);
    const kg = await Promise.all([product(300.5, tok.vendor, { unit: 'kg' }), product(300.5, tok.vendor, { unit: 'kg' })]);
    const theirs = await product(500, tok.kaveri);
    const all = [...pcs, ...kg, theirs];
    const customers = await Promise.all([registerCustomer(ctx.app), registerCustomer(ctx.app), registerCustomer(ctx.app)]);
    const pick = <T>(a: T[], i: number) => a[i % a.length];

    // orders to delete and sales to void while everything else runs
    const pending: string[] = [];
    for (let i = 0; i < 6; i++) {
      const orders = await placeOrder(pick(customers, i).token, [
        { productId: pick(pcs, i)._id, quantity: 2 },
        { productId: theirs._id, quantity: 1 },
      ]);
      pending.push(...orders.map((o) => o._id));
    }
    // goods received on bills, half of them cancelled while everything else runs
    const today = istDayOf(new Date());
    const receive = (i: number) =>
      call('POST', '/api/purchases', tok.vendor, {
        supplier: { name: `Ledger Supplier ${i % 2}` },
        billNumber: `LEDGER-${i}-${Math.random().toString(36).slice(2, 8)}`,
        billDate: today,
        lines: [
          { productId: pick(pcs, i)._id, quantity: 5, unitCost: 12.5, gstRate: 5 },
          { productId: pick(kg, i)._id, quantity: 2.25, unitCost: 40, gstRate: 0 },
        ],
      });
    const bills: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await receive(i);
      expect(r.statusCode, r.body).toBe(201);
      bills.push(r.json()._id as string);
    }
    const sold: string[] = [];
    for (let i = 0; i < 6; i++) {
      sold.push((await sale(tok.vendor, [{ productId: pick(kg, i)._id, quantity: 0.75 }]))._id);
    }

    const calls = [
      ...Array.from({ length: 15 }, (_, i) =>
        // a customer's checkout at the price every product here has, ₹45
        checkout(pick(customers, i).token, [
          { productId: pick(pcs, i)._id, quantity: 1 + (i % 3), price: 45 },
          { productId: pick(kg, i)._id, quantity: 0.5, price: 45 },
          ...(i % 2 ? [{ productId: theirs._id, quantity: 1, price: 45 }] : []),
        ]),
      ),
      ...Array.from({ length: 12 }, (_, i) =>
        shopSale(tok.vendor, [
          { productId: pick(pcs, i + 1)._id, quantity: 1 },
          { productId: pick(kg, i)._id, quantity: 1.125 },
        ]),
      ),
      ...Array.from({ length: 8 }, (_, i) =>
        shopSale(tok.admin, [
          { productId: pick(pcs, i)._id, quantity: 2 },
          { productId: theirs._id, quantity: 2 },
        ]),
      ),
      ...pending.map((id) => call('DELETE', `/api/Orders/orders/${id}`, tok.admin)),
      ...sold.map((id) => call('POST', `/api/Orders/${id}/void`, tok.vendor, { reason: 'Rang twice' })),
      ...Array.from({ length: 8 }, (_, i) => receive(10 + i)),
      ...bills.map((id) => call('POST', `/api/purchases/${id}/cancel`, tok.vendor, { reason: 'Wrong supplier' })),
      ...Array.from({ length: 12 }, (_, i) =>
        adjust(
          { productId: pick(all, i)._id, quantity: i % 2 ? -1 : 3, reason: pick(['damaged', 'lost', 'other'] as const, i) },
          tok.admin,
        ),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        count(
          [
            { productId: pick(pcs, i)._id, counted: 400 + i },
            { productId: pick(kg, i)._id, counted: 250.25 + i },
          ],
          tok.vendor,
        ),
      ),
    ];
    const answers = await Promise.all(calls);
    const failed = answers.filter((r) => r.statusCode >= 300);
    expect(
      failed.map((r) => r.body),
      'every call succeeds',
    ).toEqual([]);
    expect(answers.length).toBeGreaterThanOrEqual(60);

    for (const p of all) {
      const { rows } = await sql<{ stock: string; total: string; count: string }>`
        SELECT p.count_in_stock AS stock, (SELECT sum(quantity) FROM stock_movements m WHERE m.product_id = p.id) AS total,
          (SELECT count(*) FROM stock_movements m WHERE m.product_id = p.id) AS count
        FROM products p WHERE p.id = ${p._id}`.execute(db);
      expect(Number(rows[0].total), p.name).toBe(Number(rows[0].stock));
      expect(Number(rows[0].count)).toBeGreaterThan(10);
      // line by line: each balance is the one before plus the movement, and the last is the stock
      const moves = await ledger(p._id, tok.admin, 1000);
      let balance = 0;
      for (const m of moves) {
        balance = Math.round((balance + m.quantity) * 1000) / 1000;
        expect(m.balance).toBe(balance);
      }
      expect(last(moves).balance).toBe(Number(rows[0].stock));
    }
    const kinds = new Set(
      (
        await db
          .selectFrom('stock_movements')
          .select('kind')
          .where(
            'product_id',
            'in',
            all.map((p) => p._id),
          )
          .execute()
      ).map((r) => r.kind),
    );
    expect([...kinds].sort()).toEqual([
      'adjustment',
      'opening',
      'order',
      'order_deleted',
      'purchase',
      'purchase_cancelled',
      'sale',
      'sale_voided',
    ]);
  });
});
