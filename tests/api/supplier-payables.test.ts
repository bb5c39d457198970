import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWithOffset } from '../../core/act-time';
import { coded } from '../../core/coded';
import { istDayOf } from '../../core/sale-void';
import type { ProductDto } from '../../core/schemas/product';
import type { PurchaseDto } from '../../core/schemas/purchase';
import type { PayablesResponse, SupplierAccountDto, SupplierLedgerResponse, SupplierPaymentDto } from '../../core/schemas/supplier';
import { productBody } from '../support/api-builders';
import { codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';

/** What the shop owes its suppliers: /api/suppliers, payments oldest bill first, the ledger and the ageing. */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, addPurchase, paySupplier } = tokenRequests(() => ctx.app);
let productId: string;
let seq = 0;

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => istDayOf(new Date(Date.now() - n * DAY_MS));
const today = () => istDayOf(new Date());
const supplierName = () => `Payables Supplier ${Date.now()}-${++seq}`;
const bill = (supplier: string, billDate: string, unitCost: number, extra: { quantity?: number; gstRate?: number } = {}) =>
  addPurchase(tok.vendor, { supplier, productId, billDate, unitCost, ...extra });
const paid = async (supplierId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const res = await paySupplier(tok.vendor, supplierId, body, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SupplierPaymentDto;
};
const purchase = (id: string) => ok('GET', `/api/purchases/${id}`, tok.vendor) as Promise<PurchaseDto>;
const ledger = (id: string) => ok('GET', `/api/suppliers/${id}/ledger`, tok.vendor) as Promise<SupplierLedgerResponse>;
const payablesOf = async (id: string) =>
  ((await ok('GET', '/api/suppliers/payables', tok.vendor)) as PayablesResponse).suppliers.find((s) => s._id === id);

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  const gst = ((await ok('GET', '/api/gsts?active=true', tok.admin)) as Array<{ _id: string }>)[0]._id;
  const shelf = await listedShelf(ctx.app, tok.admin);
  const made = (await ok(
    'POST',
    '/api/products',
    tok.vendor,
    productBody(shelf, gst, 'Payables item', { countInStock: 50 }),
    201,
  )) as ProductDto;
  productId = made._id;
});
afterAll(async () => ctx?.close());

describe("a supplier's ledger", () => {
  it('settles the oldest bills first through three bills and two part payments, to the paisa', async () => {
    const name = supplierName();
    // entered out of date order: the payments still go to the oldest bill date first
    const b = await bill(name, daysAgo(10), 45.5, { quantity: 3, gstRate: 12 });
    const a = await bill(name, daysAgo(20), 100, { quantity: 10, gstRate: 5 });
    const c = await bill(name, daysAgo(5), 12.35, { quantity: 7, gstRate: 18 });
    // 10 x ₹100 + 5 % = ₹1,050.00; 3 x ₹45.50 = ₹136.50 + 2 x ₹8.19 = ₹152.88; 7 x ₹12.35 = ₹86.45 + 2 x ₹7.78 = ₹102.01
    expect([a.total, b.total, c.total]).toEqual([1050, 152.88, 102.01]);
    expect([a.paymentState, a.paid]).toEqual(['unpaid', 0]);
    const supplierId = a.supplier._id;

    const first = await paid(supplierId, { amount: 1100, method: 'bank', note: 'NEFT' });
    expect(first.allocations).toEqual([
      { purchaseId: a._id, billNumber: a.billNumber, amount: 1050 },
      { purchaseId: b._id, billNumber: b.billNumber, amount: 50 },
    ]);
    expect(first.balance).toBe(204.89);
    expect(await purchase(a._id)).toMatchObject({ paid: 1050, paymentState: 'paid' });
    expect(await purchase(b._id)).toMatchObject({ paid: 50, paymentState: 'partlyPaid' });
    expect(await purchase(c._id)).toMatchObject({ paid: 0, paymentState: 'unpaid' });

    const second = await paid(supplierId, { amount: 200, method: 'cash' });
    // ₹102.88 finishes the second bill, ₹97.12 goes to the third
    expect(second.allocations.map((x) => [x.purchaseId, x.amount])).toEqual([
      [b._id, 102.88],
      [c._id, 97.12],
    ]);
    expect(second.balance).toBe(4.89);
    expect(await purchase(b._id)).toMatchObject({ paid: 152.88, paymentState: 'paid' });
    expect(await purchase(c._id)).toMatchObject({ paid: 97.12, paymentState: 'partlyPaid' });
    const listed = (await ok('GET', '/api/purchases', tok.vendor)) as Array<{ _id: string; paymentState: string }>;
    expect(listed.find((p) => p._id === c._id)?.paymentState).toBe('partlyPaid');

    const l = await ledger(supplierId);
    expect(l.entries.map((e) => [e.kind, e.ref, e.amount, e.balance])).toEqual([
      ['bill', a.billNumber, 1050, 1050],
      ['bill', b.billNumber, 152.88, 1202.88],
      ['bill', c.billNumber, 102.01, 1304.89],
      ['payment', 'bank', 1100, 204.89],
      ['payment', 'cash', 200, 4.89],
    ]);
    expect(l.entries[0].day).toBe(daysAgo(20));
    expect(l.balance).toBe(4.89);
    const listedSupplier = ((await ok('GET', '/api/suppliers', tok.vendor)) as SupplierAccountDto[]).find((s) => s._id === supplierId);
    expect(listedSupplier).toMatchObject({ name, creditDays: 0, balance: 4.89 });

    // more than is owed is refused and changes nothing; exactly what is owed clears it
    const over = await paySupplier(tok.vendor, supplierId, { amount: 4.9, method: 'upi' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject(codedBody(coded('supplierPaymentAboveDue', { owed: '4.89' })));
    expect((await ledger(supplierId)).entries).toHaveLength(5);
    expect((await paid(supplierId, { amount: 4.89, method: 'upi' })).balance).toBe(0);
    expect(await purchase(c._id)).toMatchObject({ paid: 102.01, paymentState: 'paid' });

    // a bill paid in part or in full is not cancelled: its payments stay on it
    const cancel = await call('POST', `/api/purchases/${c._id}/cancel`, tok.vendor, { reason: 'Entered twice' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject(codedBody('purchaseCancelPaid'));
    expect((await purchase(c._id)).cancelledAt).toBeNull();
  });
});

describe('payables', () => {
  it('ages open bills by days since the bill date, and credit days move the due dates and what is overdue', async () => {
    const name = supplierName();
    const bills = [];
    for (const [days, cost] of [
      [10, 100],
      [45, 200],
      [75, 300],
      [120, 400],
    ]) {
      bills.push(await bill(name, daysAgo(days), cost));
    }
    const supplierId = bills[0].supplier._id;
    let row = (await payablesOf(supplierId))!;
    expect(row.buckets).toEqual({ '0-30': 100, '31-60': 200, '61-90': 300, '90+': 400 });
    expect(row.balance).toBe(1000);
    // no credit days: each bill falls due on its bill date, so all are past due
    expect(row.bills.map((x) => [x.billDate, x.dueDate, x.overdue, x.ageDays])).toEqual([
      [daysAgo(120), daysAgo(120), true, 120],
      [daysAgo(75), daysAgo(75), true, 75],
      [daysAgo(45), daysAgo(45), true, 45],
      [daysAgo(10), daysAgo(10), true, 10],
    ]);
    expect(row.overdue).toBe(1000);

    const updated = (await ok('PUT', `/api/suppliers/${supplierId}`, tok.vendor, { creditDays: 60 })) as SupplierAccountDto;
    expect(updated.creditDays).toBe(60);
    row = (await payablesOf(supplierId))!;
    expect(row.creditDays).toBe(60);
    expect(row.bills.map((x) => [x.dueDate, x.overdue])).toEqual([
      [daysAgo(60), true],
      [daysAgo(15), true],
      [daysAgo(-15), false],
      [daysAgo(-50), false],
    ]);
    expect(row.overdue).toBe(700);
    // the ageing itself stays by bill date
    expect(row.buckets).toEqual({ '0-30': 100, '31-60': 200, '61-90': 300, '90+': 400 });

    // a part payment takes the oldest bill's money first: the 90+ bucket goes down
    await paid(supplierId, { amount: 450, method: 'cash' });
    row = (await payablesOf(supplierId))!;
    expect(row.buckets).toEqual({ '0-30': 100, '31-60': 200, '61-90': 250, '90+': 0 });
    expect(row.overdue).toBe(250);
    expect(row.bills).toHaveLength(3);

    expect((await call('PUT', `/api/suppliers/${supplierId}`, tok.vendor, { creditDays: 366 })).json()).toMatchObject(
      codedBody('creditDaysInvalid'),
    );
  });
});

describe('payments', () => {
  it('a payment replayed with the same Idempotency-Key is stored once', async () => {
    const name = supplierName();
    const p = await bill(name, daysAgo(3), 500);
    const supplierId = p.supplier._id;
    const key = { 'idempotency-key': `supplier-pay-${Date.now()}` };
    const first = await paid(supplierId, { amount: 120, method: 'upi' }, key);
    const again = await paySupplier(tok.vendor, supplierId, { amount: 120, method: 'upi' }, key);
    expect(again.statusCode).toBe(201);
    expect((again.json() as SupplierPaymentDto)._id).toBe(first._id);
    const rows = await ctx.handle.db.selectFrom('supplier_payments').select('id').where('supplier_id', '=', supplierId).execute();
    expect(rows).toHaveLength(1);
    expect((await ledger(supplierId)).balance).toBe(380);
    // the client's own id, sent again without the key, answers that payment again
    const id = crypto.randomUUID();
    await paid(supplierId, { _id: id, amount: 80, method: 'cash' });
    expect((await paid(supplierId, { _id: id, amount: 80, method: 'cash' }))._id).toBe(id);
    expect((await ledger(supplierId)).balance).toBe(300);
  });

  it('an offline payment keeps the time it was made', async () => {
    const p = await bill(supplierName(), daysAgo(2), 300);
    const at = isoWithOffset(Date.now() - 3 * 3_600_000, 330);
    const made = await paid(p.supplier._id, { amount: 100, method: 'cash', at });
    expect(made.paidAt).toBe(new Date(at).toISOString());
    const l = await ledger(p.supplier._id);
    expect(l.entries[1]).toMatchObject({ kind: 'payment', at: new Date(at).toISOString(), balance: 200 });
    // a time from weeks ago is refused
    const old = await paySupplier(tok.vendor, p.supplier._id, {
      amount: 1,
      method: 'cash',
      at: isoWithOffset(Date.now() - 30 * 86_400_000, 330),
    });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject(codedBody('actTimeTooOld'));
  });

  it('refuses an unknown method, and another shop reaches none of it', async () => {
    const p = await bill(supplierName(), today(), 50);
    const supplierId = p.supplier._id;
    const bad = await paySupplier(tok.vendor, supplierId, { amount: 10, method: 'cheque' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'supplierPaymentMethodInvalid' });

    for (const [method, url, body] of [
      ['GET', `/api/suppliers/${supplierId}/ledger`, undefined],
      ['PUT', `/api/suppliers/${supplierId}`, { creditDays: 10 }],
      ['POST', `/api/suppliers/${supplierId}/payments`, { amount: 10, method: 'cash' }],
    ] as const) {
      const res = await call(method, url, tok.vendor2, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject(codedBody('supplierNotFound'));
    }
    const theirs = (await ok('GET', '/api/suppliers', tok.vendor2)) as SupplierAccountDto[];
    expect(theirs.some((s) => s._id === supplierId)).toBe(false);
    const theirPayables = (await ok('GET', '/api/suppliers/payables', tok.vendor2)) as PayablesResponse;
    expect(theirPayables.suppliers.some((s) => s._id === supplierId)).toBe(false);
    expect((await ledger(supplierId)).balance).toBe(50);
  });
});
