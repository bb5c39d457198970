import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDayOf } from '../../core/sale-void';
import type { AuditEntryDto } from '../../core/schemas/staff';
import type { CreditNoteDto } from '../../core/schemas/returns';
import type { LedgerResponse } from '../../core/schemas/customer';
import type { StockLedgerPage } from '../../core/schemas/stock';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';

/**
 * Who did it: every payment, return, purchase, adjustment, count and stock movement names the person
 * who made it; the day close and the dashboard read one person's figures; prices and stock changed by
 * hand are in the shop's audit.
 */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, sale, creditSale, shopCustomer, addStaff, importProducts } = tokenRequests(() => ctx.app);
let vendorId: string;
let gst: string;
let shelf: { name: string; subcategories: string[] };
let seq = 0;
const today = istDayOf(new Date());

/** A product of the vendor: ₹50 MRP, ₹45 selling price, 500 in stock, ₹40 cost. */
const product = async (name = `Who item ${++seq}`) =>
  (await ok('POST', '/api/products', tok.vendor, productBody(shelf, gst, name, { countInStock: 500, costPrice: 40 }), 201)) as {
    _id: string;
    name: string;
  };

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  vendorId = (await ok('GET', '/api/users/profile', tok.vendor))._id;
  gst = ((await ok('GET', '/api/gsts?active=true', tok.admin)) as Array<{ _id: string }>)[0]._id;
  shelf = await listedShelf(ctx.app, tok.admin);
});
afterAll(async () => {
  await ctx?.close();
});

describe('by: who made each record', () => {
  it("answers a cashier's payment and return with the cashier, and the ledger and the credit notes name them", async () => {
    const p = await product();
    const { staff, token } = await addStaff(tok.vendor, 'cashier', { name: 'Arun Kumar' });
    const arun = { _id: staff._id, name: 'Arun Kumar' };
    const customer = await shopCustomer(tok.vendor);
    const order = await creditSale(token, customer._id, [{ productId: p._id, quantity: 2 }]);
    expect(order.by).toEqual(arun);

    const paid = await ok('POST', `/api/customers/${customer._id}/payments`, token, { amount: 20, method: 'cash' }, 201);
    expect(paid.by).toEqual(arun);
    const note = (await ok(
      'POST',
      `/api/Orders/${order._id}/returns`,
      token,
      { lines: [{ productId: p._id, quantity: 1 }], refundMethod: 'credit', restock: true },
      201,
    )) as CreditNoteDto;
    expect(note.by).toEqual(arun);

    const notes = (await ok('GET', `/api/credit-notes?from=${today}&to=${today}`, tok.vendor)) as CreditNoteDto[];
    expect(notes.find((n) => n._id === note._id)?.by).toEqual(arun);
    const ledger = (await ok('GET', `/api/customers/${customer._id}/ledger`, tok.vendor)) as LedgerResponse;
    expect(ledger.entries.map((e) => [e.kind, e.by])).toEqual([
      ['sale', arun],
      ['payment', arun],
      ['refund', arun],
    ]);
  });

  it("answers a stock person's purchase, adjustment and count with them, and each movement of the ledger names them", async () => {
    const p = await product();
    const { staff, token } = await addStaff(tok.vendor, 'stock', { name: 'Selvam' });
    const selvam = { _id: staff._id, name: 'Selvam' };
    const purchase = await ok(
      'POST',
      '/api/purchases',
      token,
      {
        supplier: { name: 'Who Traders' },
        billNumber: `W-${++seq}`,
        billDate: today,
        lines: [{ productId: p._id, quantity: 10, unitCost: 30, gstRate: 5 }],
      },
      201,
    );
    expect(purchase.by).toEqual(selvam);
    expect((await ok('GET', `/api/purchases/${purchase._id}`, tok.vendor)).by).toEqual(selvam);

    const adjusted = await ok('POST', '/api/stock/adjustments', token, { productId: p._id, quantity: -2, reason: 'damaged' }, 201);
    expect(adjusted.by).toEqual(selvam);
    expect(adjusted.movement.by).toEqual(selvam);
    const counted = await ok('POST', '/api/stock/counts', token, { lines: [{ productId: p._id, counted: 500 }] });
    expect(counted.by).toEqual(selvam);

    const ledger = ((await ok('GET', `/api/stock/ledger?productId=${p._id}`, tok.vendor)) as StockLedgerPage).movements;
    expect(ledger.map((m) => [m.kind, m.reason, m.by])).toEqual([
      ['opening', null, { _id: vendorId, name: expect.any(String) }],
      ['purchase', null, selvam],
      ['adjustment', 'damaged', selvam],
      ['adjustment', 'count', selvam],
    ]);
  });
});

describe('one person’s figures: ?staffId=', () => {
  it("counts only a cashier's sales, payments and returns in the day close and the dashboard", async () => {
    const p = await product();
    const { staff, token } = await addStaff(tok.vendor, 'cashier', { name: 'Meena' });
    const meena = { _id: staff._id, name: 'Meena' };
    // the owner's sale and another cashier's are not hers
    await sale(tok.vendor, [{ productId: p._id, quantity: 1 }]);
    const other = await addStaff(tok.vendor, 'cashier');
    await sale(other.token, [{ productId: p._id, quantity: 5 }]);
    const mine = [await sale(token, [{ productId: p._id, quantity: 1 }]), await sale(token, [{ productId: p._id, quantity: 3 }])];
    const net = mine.reduce((s, o) => s + o.totalPayable, 0);
    await ok(
      'POST',
      `/api/Orders/${mine[1]._id}/returns`,
      token,
      { lines: [{ productId: p._id, quantity: 1 }], refundMethod: 'cash', restock: true },
      201,
    );
    const customer = await shopCustomer(tok.vendor);
    await ok('POST', `/api/customers/${customer._id}/payments`, token, { amount: 15, method: 'upi' }, 201);
    await ok('POST', `/api/customers/${customer._id}/payments`, other.token, { amount: 99, method: 'upi' }, 201);

    const close = await ok('GET', `/api/Orders/vendor/day-summary?date=${today}&staffId=${staff._id}`, tok.vendor);
    expect(close).toMatchObject({ staff: meena, sales: 2, net, refunds: { count: 1, amount: 45 }, creditCollected: { upi: 15, count: 1 } });
    const everyone = await ok('GET', `/api/Orders/vendor/day-summary?date=${today}`, tok.vendor);
    expect(everyone.staff).toBeNull();
    expect(everyone.sales).toBeGreaterThanOrEqual(4);

    const dashboard = await ok('GET', `/api/reports/vendor/summary?from=${today}&to=${today}&staffId=${staff._id}`, tok.vendor);
    expect(dashboard).toMatchObject({ staff: meena, totals: { sales: 2, net, refunds: 45 } });
    expect(dashboard.topProducts).toEqual([expect.objectContaining({ productId: p._id, quantity: '4' })]);
  });

  it("lets a manager pick a person from the shop's staff, and refuses a person of another shop", async () => {
    const manager = await addStaff(tok.vendor, 'manager');
    const { staff } = await addStaff(tok.vendor, 'cashier', { name: 'Ravi' });
    const people = (await ok('GET', '/api/shop/staff', manager.token)) as Array<{ _id: string; name: string }>;
    expect(people).toContainEqual(expect.objectContaining({ _id: staff._id, name: 'Ravi' }));
    const owner = await ok('GET', `/api/reports/vendor/summary?from=${today}&to=${today}&staffId=${vendorId}`, manager.token);
    expect(owner.staff).toEqual({ _id: vendorId, name: expect.any(String) });

    const vendor2Id = (await ok('GET', '/api/users/profile', tok.vendor2))._id;
    for (const url of [
      `/api/Orders/vendor/day-summary?date=${today}&staffId=${vendor2Id}`,
      `/api/reports/vendor/summary?from=${today}&to=${today}&staffId=${vendor2Id}`,
    ]) {
      const res = await call('GET', url, tok.vendor);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'staffNotFound', field: 'staffId' });
    }
  });
});

describe('changes made by hand in the audit', () => {
  it("records a manager's price and stock change of a product with who asked", async () => {
    const p = await product();
    const { staff, token } = await addStaff(tok.vendor, 'manager', { name: 'Kala' });
    await ok('PUT', `/api/products/${p._id}`, token, productBody(shelf, gst, p.name, { shopPrice: 42, countInStock: 510, costPrice: 40 }));

    const { entries } = (await ok('GET', `/api/shop/audit?staffId=${staff._id}`, tok.vendor)) as { entries: AuditEntryDto[] };
    const kala = { _id: staff._id, name: 'Kala' };
    // one save writes both at the same instant: in any order
    const rows = entries.map(({ kind, askedBy, approvedBy, details }) => ({ kind, askedBy, approvedBy, details }));
    expect(rows.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      {
        kind: 'priceChange',
        askedBy: kala,
        approvedBy: null,
        details: { productId: p._id, name: p.name, field: 'shopPrice', from: 45, to: 42 },
      },
      {
        kind: 'stockChange',
        askedBy: kala,
        approvedBy: null,
        details: { productId: p._id, name: p.name, field: 'countInStock', from: 500, to: 510 },
      },
    ]);
  });

  it('records the prices an import changed in one row, and nothing for an unchanged save', async () => {
    const p = await product();
    const { staff, token } = await addStaff(tok.vendor, 'stock');
    // the product's own row of the export, with a new selling price
    const exported = (await call('GET', '/api/products/export?format=csv', tok.vendor)).body.replace(/^\uFEFF/, '').split(/\r?\n/);
    const header = exported[0].split(',');
    const row = exported.find((l) => l.startsWith(p._id))!.split(',');
    row[header.indexOf('Selling price')] = '40';
    const res = await importProducts(token, `${exported[0]}\n${row.join(',')}\n`, 'prices-june.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ updated: 1, saved: true });
    // the same save again changes no price
    await ok(
      'PUT',
      `/api/products/${p._id}`,
      tok.vendor,
      productBody(shelf, gst, p.name, { shopPrice: 40, countInStock: 500, costPrice: 40 }),
    );

    const { entries } = (await ok('GET', `/api/shop/audit?staffId=${staff._id}`, tok.vendor)) as { entries: AuditEntryDto[] };
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'priceChange', ref: 'prices-june.csv', details: { file: 'prices-june.csv', count: 1, prices: 1 } }),
    ]);
    const owners = (await ok('GET', `/api/shop/audit?staffId=${vendorId}`, tok.vendor)) as { entries: AuditEntryDto[] };
    expect(owners.entries.filter((e) => (e.details as { productId?: string }).productId === p._id)).toEqual([]);
  });
});
