import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDto, LedgerResponse } from '../../core/schemas/customer';
import type { VendorSummary } from '../../core/schemas/dashboard';
import type { DaySummary, OrderDto } from '../../core/schemas/order';
import type { CreditNoteDto, OrderReturns } from '../../core/schemas/returns';
import type { ShiftDto } from '../../core/schemas/shift';
import { istDayOf } from '../../core/sale-void';
import { createTestApp, tokenRequests, type TestContext } from './helpers';
import { insertUser, makeProduct, makeShelf, type Shelf, sessionFor } from '../support/db-builders';

/**
 * A return of a sale paid in parts refunds in parts (core/credit-note.ts splitRefundParts): the method chosen
 * first, then the sale's other parts (cash, UPI, card, credit), each at most what it paid less earlier refunds
 * by it. The parts are kept with the note and counted where refunds are summed by method: the day close, the
 * dashboard, a shift's drawer, the customer's account. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let ctx: TestContext;
let shelf: Shelf;
const db = () => ctx.handle.db;
const { ok, shopSale, shopCustomer, registerTill, openShift } = tokenRequests(() => ctx.app);
const today = istDayOf(new Date());

/** A shop of its own with one product at ₹800 a piece. */
async function newShop(name: string) {
  const id = await insertUser(db(), { name: `${name} owner`, role: 'vendor', shopName: name });
  const token = await sessionFor(db(), id);
  const productId = await makeProduct(db(), { vendorId: id, shelf, shopPrice: 800, stock: 100 });
  return { id, token, productId };
}
type Shop = Awaited<ReturnType<typeof newShop>>;

const sold = async (res: Awaited<ReturnType<typeof shopSale>>) => {
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { order: OrderDto }).order;
};
/** A return of `quantity` pieces refunded by `refundMethod` (at a till, with `till`): the response. */
const returnOf = (shop: Shop, orderId: string, quantity: number, refundMethod: string, till?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/Orders/${orderId}/returns`,
    headers: { authorization: `Bearer ${shop.token}`, ...(till ? { 'x-till': till } : {}) },
    payload: { lines: [{ productId: shop.productId, quantity }], refundMethod, restock: true },
  });
const dayClose = (shop: Shop) => ok('GET', `/api/Orders/vendor/day-summary?date=${today}`, shop.token) as Promise<DaySummary>;

beforeAll(async () => {
  ctx = await createTestApp();
  shelf = await makeShelf(db());
});
afterAll(async () => {
  await ctx?.close();
});

describe('a return of a split sale refunds in parts', () => {
  it('the last ₹800 item of a sale paid ₹500 cash + ₹300 UPI: ₹500 cash and ₹300 UPI, in the day close and the shift', async () => {
    const shop = await newShop('Parts Stores');
    const till = await registerTill(shop.token, 'Front counter');
    const shift = await openShift(shop.token, till._id, 1000);
    const sale = await sold(
      await shopSale(
        shop.token,
        [{ productId: shop.productId, quantity: 1 }],
        {
          payments: [
            { method: 'cash', amount: 500 },
            { method: 'upi', amount: 300 },
          ],
          handedOver: true,
        } as never,
        { 'x-till': till._id },
      ),
    );

    // cash chosen: the cash part whole, the rest by UPI
    const res = await returnOf(shop, sale._id, 1, 'cash', till._id);
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json() as CreditNoteDto;
    expect(note).toMatchObject({
      refundMethod: 'cash',
      totals: { amount: 800 },
      refunds: [
        { method: 'cash', amount: 500 },
        { method: 'upi', amount: 300 },
      ],
    });
    expect(await ok('GET', `/api/credit-notes/${note._id}`, shop.token)).toEqual(note);
    expect(((await ok('GET', `/api/Orders/${sale._id}/returns`, shop.token)) as OrderReturns).creditNotes).toEqual([note]);
    const rows = await db()
      .selectFrom('credit_note_refunds')
      .select(['method', 'amount_paise'])
      .where('credit_note_id', '=', note._id)
      .execute();
    expect(rows.map((r) => [r.method, Number(r.amount_paise)]).sort()).toEqual([
      ['cash', 50_000],
      ['upi', 30_000],
    ]);

    // the day close: each part in its method, the note once in each; the net after them
    const close = await dayClose(shop);
    expect(close.refunds).toMatchObject({
      count: 1,
      amount: 800,
      byMethod: { cash: 500, upi: 300, card: 0, credit: 0 },
      counts: { cash: 1, upi: 1, card: 0, credit: 0 },
      netAfterRefunds: 0,
    });
    // the drawer: the float, the ₹500 cash part in, the ₹500 cash part back out
    const { shifts } = (await ok('GET', `/api/shifts?date=${today}&deviceId=${till._id}`, shop.token)) as { shifts: ShiftDto[] };
    expect(shifts).toEqual([expect.objectContaining({ _id: shift._id, cashSales: 500, cashRefunds: 500, expected: 1000 })]);
    // the dashboard counts the note once, its whole amount
    const week = (await ok('GET', `/api/reports/vendor/summary?from=${today}&to=${today}`, shop.token)) as VendorSummary;
    expect(week.totals).toMatchObject({ net: 800, refunds: 800, netAfterRefunds: 0 });

    // everything refunded: a second return is refused by the over-return rule, and writes nothing
    const again = await returnOf(shop, sale._id, 1, 'upi', till._id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'returnTooMuch' });
    expect(await db().selectFrom('credit_notes').select('id').where('order_id', '=', sale._id).execute()).toHaveLength(1);
  });

  it("a credit part comes back on the customer's account, in the balance and the ledger", async () => {
    const shop = await newShop('Account Parts Stores');
    const customer = await shopCustomer(shop.token, { name: 'Selvi' });
    // 2 pieces, ₹1,600: ₹200 cash, ₹1,400 on the account
    const sale = await sold(
      await shopSale(shop.token, [{ productId: shop.productId, quantity: 2 }], {
        payments: [
          { method: 'cash', amount: 200 },
          { method: 'credit', amount: 1400 },
        ],
        customerId: customer._id,
        handedOver: true,
      } as never),
    );
    const balance = async () => ((await ok('GET', `/api/customers/${customer._id}`, shop.token)) as CustomerDto).balance;
    expect(await balance()).toBe(1400);

    // one piece, cash chosen: ₹200 cash, ₹600 back on the account
    const first = await returnOf(shop, sale._id, 1, 'cash');
    expect(first.statusCode, first.body).toBe(201);
    const note = first.json() as CreditNoteDto;
    expect(note).toMatchObject({
      refundMethod: 'cash',
      shopCustomerId: customer._id,
      refunds: [
        { method: 'cash', amount: 200 },
        { method: 'credit', amount: 600 },
      ],
    });
    expect(await balance()).toBe(800);
    const ledger = (await ok('GET', `/api/customers/${customer._id}/ledger`, shop.token)) as LedgerResponse;
    expect(ledger.entries.filter((e) => e.kind === 'refund')).toEqual([expect.objectContaining({ refId: note._id, amount: -600 })]);

    // the other piece: the cash part is spent, all ₹800 by the credit part
    const second = await returnOf(shop, sale._id, 1, 'cash');
    expect(second.statusCode, second.body).toBe(201);
    expect((second.json() as CreditNoteDto).refunds).toEqual([{ method: 'credit', amount: 800 }]);
    expect(await balance()).toBe(0);

    const close = await dayClose(shop);
    expect(close.refunds.byMethod).toEqual({ cash: 200, upi: 0, card: 0, credit: 1400 });
    expect(close.refunds.counts).toEqual({ cash: 1, upi: 0, card: 0, credit: 2 });
  });

  it('an ordinary sale’s return is refunded whole by its method, with no parts', async () => {
    const shop = await newShop('Whole Stores');
    const sale = await sold(
      await shopSale(shop.token, [{ productId: shop.productId, quantity: 1 }], { paymentMethod: 'upi', handedOver: true }),
    );
    const res = await returnOf(shop, sale._id, 1, 'cash');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ refundMethod: 'cash', refunds: null });
    expect((await dayClose(shop)).refunds.byMethod).toEqual({ cash: 800, upi: 0, card: 0, credit: 0 });
  });
});
