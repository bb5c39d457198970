import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coded } from '../../core/coded';
import { gstinCheckChar } from '../../core/gstin';
import { istDayOf } from '../../core/sale-void';
import type { CustomerDto, CustomerPaymentResponse, DuesResponse, LedgerResponse } from '../../core/schemas/customer';
import type { DaySummary, OrderDto } from '../../core/schemas/order';
import type { ProductDto } from '../../core/schemas/product';
import { bearer, codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody as makeBody } from '../support/api-builders';
import { makeGst, userId } from '../support/db-builders';
import { ageDues, settleOldestFirst } from '../../core/customer';
import { toRupees } from '../../core/money';
import { balancesOf, duesOf, recordsOf, settledOf } from '../../server/services/khata/customer-balances';

/** The shop's customers and credit (khata): /api/customers and credit sales at the counter. */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, shopSale, creditSale, shopCustomer, placeOrder, returnSale } = tokenRequests(() => ctx.app);

let gst5: string;
let shelf: { name: string; subcategories: string[] };
let seq = 0;
/** A Karnataka (29) GSTIN with its right check character. */
const KARNATAKA = `29AABCH1234F1Z${gstinCheckChar('29AABCH1234F1Z')}`;
const today = () => istDayOf(new Date(Date.now()));
const db = () => ctx.handle.db;

/** A fresh 10-digit phone. */
const phone = () => `7${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(3, '0')}`;

/** A product of the token's vendor at `shopPrice` rupees with 5 % GST. */
const product = async (shopPrice: number, token = tok.vendor) =>
  (await ok(
    'POST',
    '/api/products',
    token,
    makeBody(shelf, gst5, `Khata item ${++seq}`, { price: shopPrice, shopPrice, countInStock: 100 }),
    201,
  )) as ProductDto;

const pay = (id: string, amount: number, method = 'cash', token = tok.vendor) =>
  ok('POST', `/api/customers/${id}/payments`, token, { amount, method }, 201) as Promise<CustomerPaymentResponse>;
const customer = (id: string) => ok('GET', `/api/customers/${id}`, tok.vendor) as Promise<CustomerDto>;
const paymentStatus = async (orderId: string) =>
  (await db().selectFrom('orders').select('payment_status').where('id', '=', orderId).executeTakeFirstOrThrow()).payment_status;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  gst5 = await makeGst(db(), 5);
  shelf = await listedShelf(ctx.app, tok.admin);
});
afterAll(async () => ctx?.close());

describe('customers', () => {
  it("another shop's customer is invisible: 404 on read, change, payment and ledger; absent from search and dues", async () => {
    const c = await shopCustomer(tok.vendor, { openingBalance: 250 });
    const other = tok.vendor2;
    for (const [method, url, payload] of [
      ['GET', `/api/customers/${c._id}`, undefined],
      ['PUT', `/api/customers/${c._id}`, { name: 'Taken over', phone: c.phone }],
      ['POST', `/api/customers/${c._id}/payments`, { amount: 10, method: 'cash' }],
      ['GET', `/api/customers/${c._id}/ledger`, undefined],
    ] as const) {
      const res = await call(method, url, other, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(codedBody('customerNotFound'));
    }
    expect((await customer(c._id)).name).toBe(c.name);
    expect((await customer(c._id)).balance).toBe(250);
    const search = (await ok('GET', `/api/customers?query=${c.phone}`, other)) as CustomerDto[];
    expect(search).toEqual([]);
    const dues = (await ok('GET', '/api/customers/dues', other)) as DuesResponse;
    expect(dues.rows.map((r) => r.customer._id)).not.toContain(c._id);
    // the vendor itself finds it by a part of the phone and by a part of the name
    expect(((await ok('GET', `/api/customers?query=${c.phone.slice(3, 8)}`, tok.vendor)) as CustomerDto[]).map((x) => x._id)).toContain(
      c._id,
    );
    expect(
      ((await ok('GET', `/api/customers?query=${encodeURIComponent(c.name.toLowerCase())}`, tok.vendor)) as CustomerDto[]).map(
        (x) => x._id,
      ),
    ).toEqual([c._id]);
    // a sale to it from another shop is refused too
    const p = await product(10, tok.vendor2);
    const res = await shopSale(tok.vendor2, [{ productId: p._id, quantity: 1 }], {
      customerId: c._id,
      paymentMethod: 'credit',
      handedOver: true,
    });
    expect(res.statusCode).toBe(404);
  });

  it('checks the GSTIN check digit; its first two digits give the state, and a state that disagrees is refused', async () => {
    const bad = await call('POST', '/api/customers', tok.vendor, {
      name: 'Hotel',
      phone: phone(),
      gstin: `${KARNATAKA.slice(0, 14)}${KARNATAKA[14] === 'A' ? 'B' : 'A'}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'gstinCheck' });
    const mismatch = await call('POST', '/api/customers', tok.vendor, { name: 'Hotel', phone: phone(), gstin: KARNATAKA, stateCode: '33' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual(codedBody(coded('customerStateMismatch', { stateCode: '29' }), { field: 'stateCode' }));
    const c = await shopCustomer(tok.vendor, { gstin: ` ${KARNATAKA.toLowerCase()} `, address: '4 MG Road, Bengaluru' });
    expect(c.gstin).toBe(KARNATAKA);
    expect(c.stateCode).toBe('29');
  });

  it('a phone is one customer per shop (409 naming the customer), another shop may have it', async () => {
    const c = await shopCustomer(tok.vendor);
    const dup = await call('POST', '/api/customers', tok.vendor, { name: 'Someone else', phone: c.phone });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual(codedBody(coded('customerPhoneTaken', { name: c.name }), { field: 'phone' }));
    await ok('POST', '/api/customers', tok.vendor2, { name: 'Same phone', phone: c.phone }, 201);
  });

  it('links an app account with the same phone without ever showing it', async () => {
    const res = await call('POST', '/api/customers', tok.vendor, { name: 'App user', phone: DEMO.customer });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toMatch(/user_?id|email/i);
    const row = await db().selectFrom('shop_customers').select('user_id').where('id', '=', res.json()._id).executeTakeFirstOrThrow();
    expect(row.user_id).not.toBeNull();
  });

  it("an offline-made customer's _id sent twice creates one customer", async () => {
    const _id = randomUUID();
    const body = { _id, name: 'Offline regular', phone: phone() };
    const first = await call('POST', '/api/customers', tok.vendor, body);
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/api/customers', tok.vendor, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await db().selectFrom('shop_customers').select('id').where('phone', '=', body.phone).execute();
    expect(rows.map((r) => r.id)).toEqual([_id]);
  });
});

describe('credit (khata)', () => {
  it('a credit sale needs a customer, handed over or to deliver later', async () => {
    const p = await product(10);
    const c = await shopCustomer(tok.vendor);
    const none = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1 }], { paymentMethod: 'credit', handedOver: true });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual(codedBody('creditNeedsCustomer', { field: 'customerId' }));
    const noneLater = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1 }], { paymentMethod: 'credit' });
    expect(noneLater.json()).toEqual(codedBody('creditNeedsCustomer', { field: 'customerId' }));
    const later = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1 }], { paymentMethod: 'credit', customerId: c._id });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().order).toMatchObject({ status: 'Pending', paymentStatus: 'Pending', paymentMethod: 'credit' });
  });

  it('a credit sale is Delivered, unpaid, numbered at sale, carries the buyer, and raises the balance', async () => {
    const p = await product(40);
    const c = await shopCustomer(tok.vendor, { openingBalance: 100, creditDays: 15 });
    const o = await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 2 }]);
    expect(o).toMatchObject({
      status: 'Delivered',
      paymentStatus: 'Pending',
      paymentMethod: 'credit',
      shopCustomerId: c._id,
      placeOfSupply: '33',
    });
    expect(o.invoiceNumber).toMatch(/\/\d{6}$/);
    expect(o.buyer).toEqual({ name: c.name, phone: c.phone, gstin: '', address: '', stateCode: '' });
    expect((await customer(c._id)).balance).toBe(180);
  });

  it('ledger arithmetic with the opening balance, partial payments, and the running balance; a period starts from the balance before it', async () => {
    const p = await product(100);
    const c = await shopCustomer(tok.vendor, { openingBalance: 50.5 });
    await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 3 }]); // 300
    expect((await pay(c._id, 120.25, 'upi')).balance).toBe(230.25);
    await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 1 }]); // 100
    expect((await pay(c._id, 30)).balance).toBe(300.25);
    const ledger = (await ok('GET', `/api/customers/${c._id}/ledger`, tok.vendor)) as LedgerResponse;
    expect(ledger.openingBalance).toBe(0);
    expect(ledger.entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ['opening', 50.5, 50.5],
      ['sale', 300, 350.5],
      ['payment', -120.25, 230.25],
      ['sale', 100, 330.25],
      ['payment', -30, 300.25],
    ]);
    expect(ledger.closingBalance).toBe(300.25);
    expect(ledger.customer.balance).toBe(300.25);
    expect(ledger.entries[2].ref).toBe('upi');
    expect(ledger.entries[1].ref).toMatch(/\/\d{6}$/);
    // a period after everything: its opening is the balance so far, no entries
    const tomorrow = istDayOf(new Date(Date.now() + 86_400_000));
    const later = (await ok('GET', `/api/customers/${c._id}/ledger?from=${tomorrow}`, tok.vendor)) as LedgerResponse;
    expect(later).toMatchObject({ openingBalance: 300.25, entries: [], closingBalance: 300.25 });
    // a voided credit sale does not count
    const v = await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 1 }]);
    expect((await customer(c._id)).balance).toBe(400.25);
    await ok('POST', `/api/Orders/${v._id}/void`, tok.vendor, { reason: 'Wrong customer' });
    expect((await customer(c._id)).balance).toBe(300.25);
  });

  it('payments settle the oldest sale first: it becomes Paid first, the next only when fully covered; an advance is kept', async () => {
    const p = await product(100);
    const c = await shopCustomer(tok.vendor);
    const first = await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 1 }]); // 100
    const second = await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 2 }]); // 200
    await pay(c._id, 60);
    expect([await paymentStatus(first._id), await paymentStatus(second._id)]).toEqual(['Pending', 'Pending']);
    await pay(c._id, 40);
    expect([await paymentStatus(first._id), await paymentStatus(second._id)]).toEqual(['Paid', 'Pending']);
    expect((await pay(c._id, 199.99)).balance).toBe(0.01);
    expect(await paymentStatus(second._id)).toBe('Pending');
    // more than owed: the sale is settled and the rest is an advance (a balance below 0)
    expect((await pay(c._id, 50.01)).balance).toBe(-50);
    expect(await paymentStatus(second._id)).toBe('Paid');
    const o = (await ok('GET', `/api/Orders/${second._id}`, tok.vendor)) as OrderDto;
    expect(o.paymentMethod).toBe('credit');
  });

  it('a return refunded to the account (a credit note by credit) lowers the balance, shows in the ledger and settles with payments', async () => {
    const p = await product(100);
    const c = await shopCustomer(tok.vendor);
    const first = await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 2 }]); // 200
    const vendorId = (await db().selectFrom('orders').select('vendor_id').where('id', '=', first._id).executeTakeFirstOrThrow()).vendor_id;
    await db()
      .insertInto('credit_notes')
      .values({
        id: randomUUID(),
        vendor_id: vendorId,
        order_id: first._id,
        shop_customer_id: c._id,
        fy: '2026-27',
        series: 'T-CN/26/',
        seq: ++seq,
        number: `T-CN/26/${String(seq).padStart(6, '0')}`,
        refund_method: 'credit',
        restock: true,
        amount_paise: 5000,
        taxable_paise: 4762,
        cgst_paise: 119,
        sgst_paise: 119,
        igst_paise: 0,
      })
      .execute();
    expect((await customer(c._id)).balance).toBe(150);
    const ledger = (await ok('GET', `/api/customers/${c._id}/ledger`, tok.vendor)) as LedgerResponse;
    expect(ledger.entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ['sale', 200, 200],
      ['refund', -50, 150],
    ]);
    // 150 paid: with the 50 returned, the whole sale is covered
    expect((await pay(c._id, 150)).balance).toBe(0);
    expect(await paymentStatus(first._id)).toBe('Paid');
  });

  it('a sale over the credit limit is refused (409 with the numbers) until confirmed', async () => {
    const p = await product(150);
    const c = await shopCustomer(tok.vendor, { creditLimit: 200, openingBalance: 80 });
    const res = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1 }], {
      customerId: c._id,
      paymentMethod: 'credit',
      handedOver: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(
      codedBody(coded('creditLimitExceeded', { limit: 200, balance: 80, sale: 150 }), { field: 'confirmOverLimit' }),
    );
    expect((await customer(c._id)).balance).toBe(80);
    await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 1 }], { confirmOverLimit: true });
    expect((await customer(c._id)).balance).toBe(230);
  });

  it('a payment replayed with the same Idempotency-Key counts once', async () => {
    const p = await product(100);
    const c = await shopCustomer(tok.vendor);
    await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 1 }]);
    const headers = { ...bearer(tok.vendor), 'idempotency-key': randomUUID() };
    const payload = { amount: 25, method: 'upi', _id: randomUUID() };
    const a = await ctx.app.inject({ method: 'POST', url: `/api/customers/${c._id}/payments`, headers, payload });
    const b = await ctx.app.inject({ method: 'POST', url: `/api/customers/${c._id}/payments`, headers, payload });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    // the same client id without the key (a lost key) is still one payment
    await call('POST', `/api/customers/${c._id}/payments`, tok.vendor, payload);
    expect((await customer(c._id)).balance).toBe(75);
    const rows = await db().selectFrom('customer_payments').select('id').where('customer_id', '=', c._id).execute();
    expect(rows).toHaveLength(1);
  });

  it('the dues list ages what is owed (0-30 … 90+) with the oldest due date from the credit days', async () => {
    const p = await product(100);
    const c = await shopCustomer(tok.vendor, { creditDays: 10 });
    const old = await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 1 }]);
    await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 2 }]);
    // the first sale made (and handed over) 45 days ago
    const at = new Date(Date.now() - 45 * 86_400_000);
    await db().updateTable('orders').set({ created_at: at, delivered_at: at }).where('id', '=', old._id).execute();
    await pay(c._id, 30);
    const dues = (await ok('GET', '/api/customers/dues', tok.vendor)) as DuesResponse;
    const row = dues.rows.find((r) => r.customer._id === c._id)!;
    expect(row.customer.balance).toBe(270);
    expect(row.ageing).toEqual({ '0-30': 200, '31-60': 70, '61-90': 0, '90+': 0 });
    expect(row.oldestDueDate).toBe(istDayOf(new Date(at.getTime() + 10 * 86_400_000)));
    expect(row.overdueDays).toBe(35);
    // a settled customer leaves the list
    await pay(c._id, 270);
    const after = (await ok('GET', '/api/customers/dues', tok.vendor)) as DuesResponse;
    expect(after.rows.map((r) => r.customer._id)).not.toContain(c._id);
  });

  it('the dues list settles the opening balance and the sales oldest first: only what is still open is aged', async () => {
    const p = await product(100);
    const c = await shopCustomer(tok.vendor, { openingBalance: 50 });
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    await db()
      .updateTable('shop_customers')
      .set({ created_at: daysAgo(120) })
      .where('id', '=', c._id)
      .execute();
    // sales of 100, 200 and 300 made 100, 70 and 40 days ago, and one of 100 today
    for (const [quantity, days] of [
      [1, 100],
      [2, 70],
      [3, 40],
    ]) {
      const sale = await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity }]);
      await db()
        .updateTable('orders')
        .set({ created_at: daysAgo(days), delivered_at: daysAgo(days) })
        .where('id', '=', sale._id)
        .execute();
    }
    await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 1 }]);
    // 200 paid in two: the opening 50 and the first sale settled, 50 of the second
    await pay(c._id, 120);
    await pay(c._id, 80);
    const dues = (await ok('GET', '/api/customers/dues', tok.vendor)) as DuesResponse;
    const row = dues.rows.find((r) => r.customer._id === c._id)!;
    expect(row.customer.balance).toBe(550);
    expect(row.ageing).toEqual({ '0-30': 100, '31-60': 300, '61-90': 150, '90+': 0 });
    expect(row.oldestDueDate).toBe(istDayOf(daysAgo(70)));
    expect(row.overdueDays).toBe(70);
    const ledger = (await ok('GET', `/api/customers/${c._id}/ledger`, tok.vendor)) as LedgerResponse;
    expect(ledger.closingBalance).toBe(550);
  });

  it("the dues list ages every customer as core's settleOldestFirst and ageDues age one", async () => {
    const p = await product(100);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    const backdate = async (orderId: string, days: number) =>
      db()
        .updateTable('orders')
        .set({ created_at: daysAgo(days), delivered_at: daysAgo(days) })
        .where('id', '=', orderId)
        .execute();
    /** A customer added `days` ago with credit sales of `quantity` × ₹100 made those many days ago. */
    const withSales = async (
      days: number,
      sales: Array<[quantity: number, days: number]>,
      body: Parameters<typeof shopCustomer>[1] = {},
    ) => {
      const c = await shopCustomer(tok.vendor, body);
      await db()
        .updateTable('shop_customers')
        .set({ created_at: daysAgo(days) })
        .where('id', '=', c._id)
        .execute();
      const orders: OrderDto[] = [];
      for (const [quantity, ago] of sales) {
        const sale = await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity }]);
        orders.push(sale);
        if (ago > 0) await backdate(sale._id, ago);
      }
      return { c, orders };
    };
    // opening ₹500, three sales, ₹550 paid and one piece of the newest sale returned to the account (₹100):
    // the opening and the first sale settled, ₹50 of the second
    const a = await withSales(
      100,
      [
        [1, 80],
        [2, 45],
        [3, 0],
      ],
      { openingBalance: 500, creditDays: 15 },
    );
    const refund = await returnSale(tok.vendor, a.orders[2]._id, { lines: [{ productId: p._id, quantity: 1 }], refundMethod: 'credit' });
    expect(refund.statusCode, refund.body).toBe(201);
    await backdate(a.orders[2]._id, 10);
    await pay(a.c._id, 300);
    await pay(a.c._id, 250);
    // no credit days, ₹30 paid of three sales: two of them past 90 days
    const b = await withSales(130, [
      [1, 120],
      [1, 95],
      [1, 0],
    ]);
    await pay(b.c._id, 30);
    // only an opening balance, partly paid
    const c = await withSales(200, [], { openingBalance: 300, creditDays: 30 });
    await pay(c.c._id, 100);
    // paid more than was sold: owed nothing, in the list for the advance
    const d = await withSales(10, [[1, 5]], { creditDays: 7 });
    await pay(d.c._id, 150);
    // every sale paid: out of the list
    const e = await withSales(10, [[2, 3]]);
    await pay(e.c._id, 200);
    // a sale on each side of each bucket's edge, and one sold today
    const f = await withSales(
      100,
      [
        [1, 91],
        [1, 90],
        [1, 61],
        [1, 60],
        [1, 31],
        [1, 30],
        [1, 0],
      ],
      { creditDays: 7 },
    );

    const dues = (await ok('GET', '/api/customers/dues', tok.vendor)) as DuesResponse;
    const rowOf = (id: string) => dues.rows.find((r) => r.customer._id === id);
    expect(rowOf(a.c._id)).toMatchObject({
      customer: { balance: 450 },
      ageing: { '0-30': 300, '31-60': 150, '61-90': 0, '90+': 0 },
      oldestDueDate: istDayOf(new Date(daysAgo(45).getTime() + 15 * 86_400_000)),
      overdueDays: 30,
    });
    expect(rowOf(b.c._id)).toMatchObject({
      customer: { balance: 270 },
      ageing: { '0-30': 100, '31-60': 0, '61-90': 0, '90+': 170 },
      oldestDueDate: istDayOf(daysAgo(120)),
      overdueDays: 120,
    });
    expect(rowOf(c.c._id)).toMatchObject({
      customer: { balance: 200 },
      ageing: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 200 },
      oldestDueDate: istDayOf(new Date(daysAgo(200).getTime() + 30 * 86_400_000)),
      overdueDays: 170,
    });
    expect(rowOf(d.c._id)).toMatchObject({
      customer: { balance: -50 },
      ageing: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 },
      oldestDueDate: null,
      overdueDays: 0,
    });
    expect(rowOf(e.c._id)).toBeUndefined();
    expect(rowOf(f.c._id)).toMatchObject({
      customer: { balance: 700 },
      ageing: { '0-30': 200, '31-60': 200, '61-90': 200, '90+': 100 },
      oldestDueDate: istDayOf(daysAgo(84)),
      overdueDays: 84,
    });

    // every customer of the shop (these and the other tests'), as core settles and ages one from their records
    const customers = await db()
      .selectFrom('shop_customers')
      .select(['id', 'name', 'created_at', 'opening_balance_paise', 'credit_days'])
      .where('vendor_id', '=', await userId(db(), DEMO.vendor))
      .execute();
    const records = await recordsOf(db(), customers);
    const balances = await balancesOf(
      db(),
      customers.map((x) => x.id),
    );
    const expected = customers
      .filter((x) => balances.get(x.id) !== 0)
      .map((x) => {
        const r = records.get(x.id)!;
        const ageing = ageDues(settleOldestFirst(duesOf(r), settledOf(r)), x.credit_days, today());
        return {
          id: x.id,
          balance: toRupees(balances.get(x.id)!),
          ageing: Object.fromEntries(Object.entries(ageing.buckets).map(([k, v]) => [k, toRupees(v)])),
          oldestDueDate: ageing.oldestDueDay,
          overdueDays: ageing.overdueDays,
        };
      });
    expect(expected.length).toBeGreaterThan(5);
    const byId = (x: { id: string }, y: { id: string }) => (x.id < y.id ? -1 : 1);
    expect(
      dues.rows
        .map((r) => ({
          id: r.customer._id,
          balance: r.customer.balance,
          ageing: r.ageing,
          oldestDueDate: r.oldestDueDate,
          overdueDays: r.overdueDays,
        }))
        .sort(byId),
    ).toEqual(expected.sort(byId));
  });

  it('the day close shows credit given and credit collected by method', async () => {
    const summary = async () => (await ok('GET', `/api/Orders/vendor/day-summary?date=${today()}`, tok.vendor)) as DaySummary;
    const before = await summary();
    const p = await product(70);
    const c = await shopCustomer(tok.vendor);
    await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 2 }]);
    await pay(c._id, 50, 'upi');
    await pay(c._id, 20, 'cash');
    const after = await summary();
    expect(after.payments.credit - before.payments.credit).toBe(140);
    expect(after.paymentCounts.credit - before.paymentCounts.credit).toBe(1);
    expect(after.creditCollected.upi - before.creditCollected.upi).toBe(50);
    expect(after.creditCollected.cash - before.creditCollected.cash).toBe(20);
    expect(after.creditCollected.total - before.creditCollected.total).toBe(70);
    expect(after.creditCollected.count - before.creditCollected.count).toBe(2);
  });
});

describe('place of supply', () => {
  it('a Karnataka business gets IGST when the goods are sent to a 29 address, CGST + SGST when it collects at the counter', async () => {
    const p = await product(105);
    const c = await shopCustomer(tok.vendor, { gstin: KARNATAKA, address: '4 MG Road, Bengaluru' });
    const sent = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1 }], {
      customerId: c._id,
      paymentStatus: 'Paid',
      paymentMethod: 'upi',
      shippingAddress: { address: '4 MG Road', city: 'Bengaluru', pincode: '560001', phoneNumber: c.phone, stateCode: '29' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const s = (sent.json() as { order: OrderDto }).order;
    expect(s.placeOfSupply).toBe('29');
    expect(s.buyer).toMatchObject({ gstin: KARNATAKA, stateCode: '29', name: c.name });
    expect(s.products[0]).toMatchObject({ taxable: 100, cgst: 0, sgst: 0, igst: 5 });
    const counter = await creditSale(tok.vendor, c._id, [{ productId: p._id, quantity: 1 }]);
    expect(counter.placeOfSupply).toBe('33');
    expect(counter.buyer?.gstin).toBe(KARNATAKA);
    expect(counter.products[0]).toMatchObject({ taxable: 100, cgst: 2.5, sgst: 2.5, igst: 0 });
  });
});

describe("the bill's language", () => {
  it('a new customer from another state gets English unless a language is chosen; one from Tamil Nadu, Tamil', async () => {
    expect((await shopCustomer(tok.vendor, { gstin: KARNATAKA })).language).toBe('en');
    expect((await shopCustomer(tok.vendor, { stateCode: '29' })).language).toBe('en');
    expect((await shopCustomer(tok.vendor, { gstin: KARNATAKA, language: 'ta' })).language).toBe('ta');
    expect((await shopCustomer(tok.vendor, { stateCode: '33' })).language).toBe('ta');
    expect((await shopCustomer(tok.vendor)).language).toBe('ta');
  });

  it("an order answers the language its bill opens in: the customer's, none for a walk-in sale", async () => {
    const p = await product(20);
    const hotel = await shopCustomer(tok.vendor, { gstin: KARNATAKA, address: '4 MG Road, Bengaluru' });
    const regular = await shopCustomer(tok.vendor);
    const toHotel = await creditSale(tok.vendor, hotel._id, [{ productId: p._id, quantity: 1 }]);
    expect(toHotel.billLanguage).toBe('en');
    expect((await creditSale(tok.vendor, regular._id, [{ productId: p._id, quantity: 1 }])).billLanguage).toBe('ta');
    const walkIn = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1 }], { handedOver: true });
    expect(walkIn.json().order.billLanguage).toBeNull();
    // an app customer's order: the language of their account
    const shopper = await login(ctx.app, DEMO.customer);
    await ok('PUT', '/api/users/profile', shopper, { language: 'ta' });
    expect((await placeOrder(shopper, [{ productId: p._id }]))[0].billLanguage).toBe('ta');
    await ok('PUT', '/api/users/profile', shopper, { language: 'en' });
    // read later, the bill follows the customer's language as saved now
    await ok('PUT', `/api/customers/${hotel._id}`, tok.vendor, { name: hotel.name, phone: hotel.phone, gstin: KARNATAKA, language: 'ta' });
    expect(((await ok('GET', `/api/Orders/${toHotel._id}`, tok.vendor)) as OrderDto).billLanguage).toBe('ta');
  });
});
