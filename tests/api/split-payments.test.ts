import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDto } from '../../core/schemas/customer';
import type { VendorSummary } from '../../core/schemas/dashboard';
import type { DaySummary, Gstr1Report, OrderDto } from '../../core/schemas/order';
import type { ReconciliationResponse, UpiQrResponse } from '../../core/schemas/payment';
import type { ShiftDto } from '../../core/schemas/shift';
import { istDayOf } from '../../core/sale-void';
import { codedBody, createTestApp, tokenRequests, type TestContext } from './helpers';
import { insertUser, makeProduct, makeShelf, type Shelf, sessionFor, stockOf } from '../support/db-builders';
import {
  type RazorpaySimulator,
  razorpayAccount,
  settingsBody,
  simulatorPayments,
  startRazorpaySimulator,
} from '../support/razorpay-simulator';

/**
 * Sales paid in parts (core/split-payment.ts): ₹500 in cash and the rest by UPI, cash, card and credit for a
 * named customer. Each part counts once in the day close, a shift's drawer, the dashboard and the customer's
 * account, and the sale once in GSTR-1; a return refunds in parts (tests/api/split-refunds.test.ts); at a shop with a payment
 * provider the UPI part waits for the provider (its QR asks for that part only). Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */

let sim: RazorpaySimulator;
let ctx: TestContext;
let shelf: Shelf;
const db = () => ctx.handle.db;
const { call, ok, shopSale, shopCustomer, deliver, registerTill, openShift, paymentSettings, upiQr, razorpayWebhook } = tokenRequests(
  () => ctx.app,
);
const today = istDayOf(new Date());

/** A shop of its own (each test reads its own day close), with one product at ₹284.75 a piece; `provider`: Razorpay confirms its UPI. */
async function newShop(name: string, provider = false) {
  const id = await insertUser(db(), { name: `${name} owner`, role: 'vendor', shopName: name });
  const token = await sessionFor(db(), id);
  const productId = await makeProduct(db(), { vendorId: id, shelf, shopPrice: 284.75, stock: 1000 });
  if (provider) {
    const account = razorpayAccount();
    sim.accounts.push(account);
    await paymentSettings(token, settingsBody(account));
  }
  return { id, token, productId };
}
type Shop = Awaited<ReturnType<typeof newShop>>;

/** A counter sale of `quantity` pieces paid in `payments`, handed over (`extra` adds to the body); the response. */
const splitSale = (shop: Shop, quantity: number, payments: object[], extra: object = {}, headers: Record<string, string> = {}) =>
  shopSale(shop.token, [{ productId: shop.productId, quantity }], { payments, handedOver: true, ...extra } as never, headers);
const created = (res: Awaited<ReturnType<typeof shopSale>>) => {
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { order: OrderDto }).order;
};
const dayClose = (shop: Shop) => ok('GET', `/api/Orders/vendor/day-summary?date=${today}`, shop.token) as Promise<DaySummary>;
const ordersOf = async (shopId: string) =>
  Number(
    (
      await db()
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('vendor_id', '=', shopId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const returnOf = (shop: Shop, orderId: string, quantity: number, refundMethod: string) =>
  call('POST', `/api/Orders/${orderId}/returns`, shop.token, {
    lines: [{ productId: shop.productId, quantity }],
    refundMethod,
    restock: true,
  });

beforeAll(async () => {
  sim = await startRazorpaySimulator();
  ctx = await createTestApp({ payments: simulatorPayments(sim, randomBytes(32).toString('hex')) });
  shelf = await makeShelf(db());
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

describe('a sale paid in parts', () => {
  it('split payments sum to the paisa in the day close and a shift', async () => {
    const shop = await newShop('Split Stores');
    const till = await registerTill(shop.token, 'Front counter');
    const shift = await openShift(shop.token, till._id, 1000);
    const atTill = { 'x-till': till._id };
    const customer = await shopCustomer(shop.token, { name: 'Lakshmi' });

    // 3 pieces, ₹854.25: ₹500 in cash and the rest (₹354.25) by UPI, at a shop without a provider
    const cashUpi = created(
      await splitSale(
        shop,
        3,
        [
          { method: 'cash', amount: 500 },
          { method: 'upi', amount: 354.25 },
        ],
        {},
        atTill,
      ),
    );
    expect(cashUpi).toMatchObject({
      paymentStatus: 'Paid',
      paymentMethod: 'split',
      payments: [
        { method: 'cash', amount: 500 },
        { method: 'upi', amount: 354.25 },
      ],
      totalPayable: 854.25,
      status: 'Delivered',
    });
    expect(cashUpi.invoiceNumber).not.toBeNull();
    // 2 pieces, ₹569.50, to a named customer: ₹100.50 cash, ₹300 card, ₹169 on their account (sent in another order)
    const cashCardCredit = created(
      await splitSale(
        shop,
        2,
        [
          { method: 'credit', amount: 169 },
          { method: 'card', amount: 300 },
          { method: 'cash', amount: 100.5 },
        ],
        { customerId: customer._id },
        atTill,
      ),
    );
    expect(cashCardCredit).toMatchObject({
      paymentStatus: 'Paid',
      paymentMethod: 'split',
      shopCustomerId: customer._id,
      payments: [
        { method: 'cash', amount: 100.5 },
        { method: 'card', amount: 300 },
        { method: 'credit', amount: 169 },
      ],
    });
    // an ordinary cash sale beside them: its payments stay null
    const cash = created(
      await shopSale(shop.token, [{ productId: shop.productId, quantity: 1 }], { paymentMethod: 'cash', handedOver: true }, atTill),
    );
    expect(cash).toMatchObject({ paymentMethod: 'cash', payments: null });
    // the order reads back as it was answered
    expect(await ok('GET', `/api/Orders/${cashCardCredit._id}`, shop.token)).toEqual(cashCardCredit);

    const close = await dayClose(shop);
    expect(close.sales).toBe(3);
    expect(close.net).toBe(1708.5);
    expect(close.payments).toEqual({ cash: 885.25, upi: 354.25, card: 300, credit: 169, unpaid: 0 });
    expect(close.paymentCounts).toEqual({ cash: 3, upi: 1, card: 1, credit: 1, unpaid: 0 });
    expect(Object.values(close.payments).reduce((a, b) => a + b, 0)).toBeCloseTo(close.net, 2);
    // no provider: the cashier took the UPI part, by hand
    expect(close.upiConfirmed).toEqual({ provider: 0, byHand: 354.25 });
    expect(close.creditGiven).toMatchObject({ amount: 169, count: 1, orders: [{ _id: cashCardCredit._id, amount: 169 }] });
    expect(close.shifts).toEqual([expect.objectContaining({ _id: shift._id, expected: 1885.25 })]);

    // the drawer: the float and the cash parts only
    const { shifts } = (await ok('GET', `/api/shifts?date=${today}&deviceId=${till._id}`, shop.token)) as { shifts: ShiftDto[] };
    expect(shifts).toEqual([expect.objectContaining({ _id: shift._id, float: 1000, cashSales: 885.25, expected: 1885.25 })]);

    // the customer owes the credit part only, and their ledger shows that part
    expect(((await ok('GET', `/api/customers/${customer._id}`, shop.token)) as CustomerDto).balance).toBe(169);
    const ledger = (await ok('GET', `/api/customers/${customer._id}/ledger`, shop.token)) as {
      entries: { kind: string; amount: number; refId: string | null }[];
    };
    expect(ledger.entries.filter((e) => e.kind === 'sale')).toEqual([expect.objectContaining({ amount: 169, refId: cashCardCredit._id })]);

    // the dashboard reads the day as the day close does; GSTR-1 has each sale once
    const week = (await ok('GET', `/api/reports/vendor/summary?from=${today}&to=${today}`, shop.token)) as VendorSummary;
    expect(week.payments).toEqual(close.payments);
    expect(week.paymentCounts).toEqual(close.paymentCounts);
    expect(week.totals).toMatchObject({ sales: 3, net: 1708.5 });
    const gstr1 = (await ok('GET', `/api/Orders/gstr1/report?startDate=${today}&endDate=${today}`, shop.token)) as Gstr1Report;
    expect(gstr1.totals).toMatchObject({ invoices: 3, totalValue: 1708.5 });

    // closed and counted: the expected cash was kept
    const closed = await ok('POST', `/api/shifts/${shift._id}/close`, shop.token, { counted: { '500': 3, '200': 1, coins: 185.25 } });
    expect(closed).toMatchObject({ expected: 1885.25, counted: 1885.25, difference: 0 });
  });

  it('parts that do not add up to the total are refused and nothing is recorded; so is credit without a customer', async () => {
    const shop = await newShop('Refusing Stores');
    const before = await ordersOf(shop.id);
    const stock = await stockOf(db(), shop.productId);
    const refused = async (payments: object[], code: string, extra: object = {}) => {
      const res = await splitSale(shop, 3, payments, extra);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code });
      return res;
    };
    // ₹854.25 due: a paisa short, a paisa over
    const short = await refused(
      [
        { method: 'cash', amount: 500 },
        { method: 'upi', amount: 354.24 },
      ],
      'splitPartsMismatch',
    );
    expect(short.json()).toEqual(codedBody('splitPartsMismatch', { field: 'payments' }));
    await refused(
      [
        { method: 'cash', amount: 500 },
        { method: 'upi', amount: 354.26 },
      ],
      'splitPartsMismatch',
    );
    await refused(
      [
        { method: 'cash', amount: 500 },
        { method: 'credit', amount: 354.25 },
      ],
      'splitCreditNeedsCustomer',
    );
    await refused([{ method: 'cash', amount: 854.25 }], 'splitTooFewParts');
    await refused(
      [
        { method: 'cash', amount: 500 },
        { method: 'cash', amount: 354.25 },
      ],
      'splitMethodTwice',
    );
    await refused(
      [
        { method: 'cash', amount: 854.25 },
        { method: 'upi', amount: 0 },
      ],
      'splitPartNotPositive',
    );
    await refused(
      [
        { method: 'cash', amount: 500.001 },
        { method: 'upi', amount: 354.249 },
      ],
      'splitPartNotPositive',
    );
    await refused(
      [
        { method: 'cash', amount: 500 },
        { method: 'upi', amount: 354.25 },
      ],
      'splitWithPaymentMethod',
      { paymentMethod: 'cash' },
    );
    // in Tamil too
    const ta = await ctx.app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { authorization: `Bearer ${shop.token}`, 'accept-language': 'ta' },
      payload: {
        isShop: true,
        products: [{ productId: shop.productId, quantity: 1 }],
        shippingAddress: { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: '9000000000' },
        payments: [
          { method: 'cash', amount: 100 },
          { method: 'card', amount: 100 },
        ],
      },
    });
    expect(ta.statusCode).toBe(400);
    expect(ta.json()).toMatchObject({ code: 'splitPartsMismatch', message: expect.stringMatching(/[\u0B80-\u0BFF]/) });

    expect(await ordersOf(shop.id)).toBe(before);
    expect(await stockOf(db(), shop.productId)).toBe(stock);
    expect(await db().selectFrom('order_payments').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ amount_paise: 35_424 }),
    );
  });

  it('is recorded once when the outbox sends it again (the same client id)', async () => {
    const shop = await newShop('Replay Stores');
    const body = {
      _id: '0190a5f0-0000-7000-8000-00000000a5f1',
      payments: [
        { method: 'cash', amount: 500 },
        { method: 'upi', amount: 69.5 },
      ],
    };
    const first = created(await splitSale(shop, 2, body.payments, { _id: body._id }));
    const again = await splitSale(shop, 2, body.payments, { _id: body._id });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { order: OrderDto }).order).toEqual(first);
    expect(await db().selectFrom('order_payments').select('method').where('order_id', '=', body._id).execute()).toHaveLength(2);
  });
});

describe('a return of a sale paid in parts', () => {
  it('refunds in parts: the method chosen first, the rest by the other parts, each up to what it paid', async () => {
    const shop = await newShop('Return Stores');
    // ₹854.25: ₹500 cash, ₹354.25 UPI
    const sold = created(
      await splitSale(shop, 3, [
        { method: 'cash', amount: 500 },
        { method: 'upi', amount: 354.25 },
      ]),
    );
    // not paid by card: refused, and nothing was written
    const byCard = await returnOf(shop, sold._id, 1, 'card');
    expect(byCard.statusCode).toBe(400);
    expect(byCard.json()).toEqual(
      codedBody({ code: 'refundNotPaidBy', params: { method: 'card', methods: 'cash,upi' } }, { field: 'refundMethod' }),
    );
    // a walk-in's sale has no account to refund to
    expect((await returnOf(shop, sold._id, 1, 'credit')).json()).toMatchObject({ code: 'returnCreditNeedsCustomer' });
    expect(await db().selectFrom('credit_notes').select('id').where('order_id', '=', sold._id).execute()).toEqual([]);

    // two pieces (₹569.50) by cash: the cash part whole, ₹69.50 by UPI
    const two = await returnOf(shop, sold._id, 2, 'cash');
    expect(two.statusCode, two.body).toBe(201);
    expect(two.json()).toMatchObject({
      refundMethod: 'cash',
      refunds: [
        { method: 'cash', amount: 500 },
        { method: 'upi', amount: 69.5 },
      ],
    });
    // the cash part is spent: the last piece by what the UPI part has left
    const last = await returnOf(shop, sold._id, 1, 'cash');
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json()).toMatchObject({ refunds: [{ method: 'upi', amount: 284.75 }] });
    const close = await dayClose(shop);
    expect(close.refunds.byMethod).toEqual({ cash: 500, upi: 354.25, card: 0, credit: 0 });
    expect(close.refunds.amount).toBe(854.25);
  });

  it("refunds a credit part to the customer's account", async () => {
    const shop = await newShop('Account Return Stores');
    const customer = await shopCustomer(shop.token, { name: 'Murugan' });
    // ₹569.50: ₹69.50 cash, ₹500 on the account
    const sold = created(
      await splitSale(
        shop,
        2,
        [
          { method: 'cash', amount: 69.5 },
          { method: 'credit', amount: 500 },
        ],
        { customerId: customer._id },
      ),
    );
    const balance = async () => ((await ok('GET', `/api/customers/${customer._id}`, shop.token)) as CustomerDto).balance;
    expect(await balance()).toBe(500);
    // not paid by UPI
    expect((await returnOf(shop, sold._id, 1, 'upi')).json()).toMatchObject({
      code: 'refundNotPaidBy',
      params: { methods: 'cash,credit' },
    });
    const back = await returnOf(shop, sold._id, 1, 'credit');
    expect(back.statusCode, back.body).toBe(201);
    expect(await balance()).toBe(215.25);
    // the cash part is ₹69.50: a piece by cash takes it, and the rest (₹215.25) off the account
    const byCash = await returnOf(shop, sold._id, 1, 'cash');
    expect(byCash.statusCode, byCash.body).toBe(201);
    expect(byCash.json()).toMatchObject({
      refunds: [
        { method: 'cash', amount: 69.5 },
        { method: 'credit', amount: 215.25 },
      ],
    });
    expect(await balance()).toBe(0);
  });
});

describe('a split sale with a UPI part at a shop with a payment provider', () => {
  it('waits for the UPI part: the QR asks for that part, the webhook marks it Paid, the reconciliation lists the part', async () => {
    const shop = await newShop('Provider Split Stores', true);
    const sold = created(
      await splitSale(shop, 3, [
        { method: 'cash', amount: 500 },
        { method: 'upi', amount: 354.25 },
      ]),
    );
    expect(sold).toMatchObject({ paymentStatus: 'Pending', paymentMethod: 'split', status: 'Delivered', payment: null });
    // waiting: the cash is in, the UPI part not yet
    let close = await dayClose(shop);
    expect(close.payments).toMatchObject({ cash: 500, upi: 0, unpaid: 354.25 });

    const res = await upiQr(shop.token, sold._id);
    expect(res.statusCode, res.body).toBe(200);
    const qr = res.json() as UpiQrResponse;
    expect(qr).toMatchObject({ amount: 354.25, paid: false });
    expect(sim.qrs.get(qr.qrId)!.request).toMatchObject({ payment_amount: 35_425, fixed_amount: true });

    // a payment of the whole sale's amount to that QR is not the part: kept as mismatched
    const wrong = await sim.pay(qr.qrId, { amount: 854.25, deliver: false, utr: '500000000001' });
    expect((await razorpayWebhook(wrong)).json()).toEqual({ status: 'mismatched' });
    expect((await ok('GET', `/api/Orders/${sold._id}`, shop.token)).paymentStatus).toBe('Pending');
    const paid = await sim.pay(qr.qrId, { deliver: false, utr: '500000000002' });
    expect((await razorpayWebhook(paid)).json()).toEqual({ status: 'matched' });
    const order = (await ok('GET', `/api/Orders/${sold._id}`, shop.token)) as OrderDto;
    expect(order).toMatchObject({
      paymentStatus: 'Paid',
      paymentMethod: 'split',
      payments: [
        { method: 'cash', amount: 500 },
        { method: 'upi', amount: 354.25 },
      ],
      payment: { provider: 'razorpay', utr: '500000000002', amount: 354.25, confirmedBy: 'provider' },
    });

    close = await dayClose(shop);
    expect(close.payments).toMatchObject({ cash: 500, upi: 354.25, unpaid: 0 });
    expect(close.upiConfirmed).toEqual({ provider: 354.25, byHand: 0 });
    const rec = (await ok('GET', `/api/payments/reconciliation?date=${today}`, shop.token)) as ReconciliationResponse;
    expect(rec.entries.filter((e) => e.orderId === sold._id && e.status !== 'mismatched')).toEqual([
      expect.objectContaining({ amount: 354.25, status: 'provider', utr: '500000000002' }),
    ]);
    expect(rec.totals).toMatchObject({ provider: 354.25, pending: 0, mismatched: 854.25 });
  });

  it('a split without a UPI part is paid at once; one with a UPI part can be confirmed by hand for that part', async () => {
    const shop = await newShop('Provider Hand Stores', true);
    const cashCard = created(
      await splitSale(shop, 1, [
        { method: 'cash', amount: 84.75 },
        { method: 'card', amount: 200 },
      ]),
    );
    expect(cashCard).toMatchObject({ paymentStatus: 'Paid', paymentMethod: 'split' });
    expect((await upiQr(shop.token, cashCard._id)).json()).toMatchObject({ code: 'upiNotPending' });

    const waiting = created(
      await splitSale(shop, 1, [
        { method: 'card', amount: 184.75 },
        { method: 'upi', amount: 100 },
      ]),
    );
    expect(waiting.paymentStatus).toBe('Pending');
    const confirmed = await ok('POST', `/api/Orders/${waiting._id}/confirm-payment`, shop.token, { reason: 'Network down' });
    expect(confirmed.order).toMatchObject({
      paymentStatus: 'Paid',
      payment: { provider: null, amount: 100, confirmedBy: { _id: shop.id } },
    });
    const close = await dayClose(shop);
    expect(close.payments).toMatchObject({ cash: 84.75, card: 384.75, upi: 100, unpaid: 0 });
    expect(close.upiConfirmed).toEqual({ provider: 0, byHand: 100 });
  });
});

describe('a split sale to deliver later', () => {
  it('keeps its parts at delivery: its credit part joins the account then, its UPI part still waits for the provider', async () => {
    const shop = await newShop('Later Stores', true);
    const customer = await shopCustomer(shop.token, { name: 'Kannan' });
    const balance = async () => ((await ok('GET', `/api/customers/${customer._id}`, shop.token)) as CustomerDto).balance;
    const sold = created(
      await splitSale(
        shop,
        1,
        [
          { method: 'cash', amount: 100 },
          { method: 'upi', amount: 100 },
          { method: 'credit', amount: 84.75 },
        ],
        { customerId: customer._id, handedOver: false },
      ),
    );
    expect(sold).toMatchObject({ status: 'Pending', paymentStatus: 'Pending', paymentMethod: 'split' });
    expect(await balance()).toBe(0);

    // the rider is not asked for the UPI part in cash
    const cashAtDoor = await call('PUT', '/api/Orders/mark-delivered', shop.token, { orderId: sold._id, cashCollected: true });
    expect(cashAtDoor.statusCode).toBe(409);
    expect(cashAtDoor.json()).toEqual(codedBody('splitSaleCashCollected', { field: 'cashCollected' }));
    const delivered = await deliver(shop.token, sold._id, false);
    expect(delivered).toMatchObject({ status: 'Delivered', paymentStatus: 'Pending', paymentMethod: 'split' });
    expect(await balance()).toBe(84.75);

    // the customer settles the credit part: the sale still waits for its UPI part
    expect((await call('POST', `/api/customers/${customer._id}/payments`, shop.token, { amount: 84.75, method: 'cash' })).statusCode).toBe(
      201,
    );
    expect(await balance()).toBe(0);
    expect((await ok('GET', `/api/Orders/${sold._id}`, shop.token)).paymentStatus).toBe('Pending');
    await ok('POST', `/api/Orders/${sold._id}/confirm-payment`, shop.token, { reason: 'Seen in the bank app' });
    expect((await ok('GET', `/api/Orders/${sold._id}`, shop.token)).paymentStatus).toBe('Paid');
  });
});

describe("the day close's upiConfirmed", () => {
  it('splits the day’s UPI into confirmed by the provider and by hand; a payment still awaited is in neither', async () => {
    const shop = await newShop('Confirmed Stores', true);
    const upiSale = async (quantity: number) =>
      created(await shopSale(shop.token, [{ productId: shop.productId, quantity }], { paymentMethod: 'upi', handedOver: true }));
    const qrOf = async (orderId: string) => (await upiQr(shop.token, orderId)).json() as UpiQrResponse;

    // ₹284.75 confirmed by the provider
    const byProvider = await upiSale(1);
    expect((await razorpayWebhook(await sim.pay((await qrOf(byProvider._id)).qrId, { deliver: false }))).json()).toEqual({
      status: 'matched',
    });
    // ₹569.50 confirmed by hand
    const byHand = await upiSale(2);
    await ok('POST', `/api/Orders/${byHand._id}/confirm-payment`, shop.token, { reason: 'QR closed' });
    // ₹854.25 still waiting
    await upiSale(3);
    // a split's UPI part of ₹84.75, confirmed by the provider
    const split = created(
      await splitSale(shop, 1, [
        { method: 'cash', amount: 200 },
        { method: 'upi', amount: 84.75 },
      ]),
    );
    expect((await razorpayWebhook(await sim.pay((await qrOf(split._id)).qrId, { deliver: false }))).json()).toEqual({ status: 'matched' });

    const close = await dayClose(shop);
    expect(close.payments).toMatchObject({ cash: 200, upi: 939, unpaid: 854.25 });
    expect(close.upiConfirmed).toEqual({ provider: 369.5, byHand: 569.5 });
  });
});
