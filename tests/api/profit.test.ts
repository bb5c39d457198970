import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDay } from '../../core/dates';
import type { OrderDto } from '../../core/schemas/order';
import type { ProfitResponse } from '../../core/schemas/profit';
import { createTestApp, tokenRequests, type TestContext } from './helpers';
import { insertUser, makeGst, makeProduct, makeShelf, sessionFor, type Shelf } from '../support/db-builders';

/**
 * The profit report (GET /api/reports/profit): net sales before GST less the cost of goods sold at the
 * weighted average cost recorded on each line at the sale, less expenses. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */

let ctx: TestContext;
let shelf: Shelf;
let gst18: string;
const db = () => ctx.handle.db;
const { ok, call, sale, addPurchase, addExpense } = tokenRequests(() => ctx.app);
const today = istDay();
const monthStart = `${today.slice(0, 7)}-01`;
/** The last day of this month: day 0 of the next month. */
const monthEnd = (() => {
  const [y, m] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
})();

const profitOf = (token: string, from = monthStart, to = monthEnd, extra = '') =>
  ok('GET', `/api/reports/profit?from=${from}&to=${to}${extra}`, token) as Promise<ProfitResponse>;
const lineOf = (order: OrderDto, productId: string) => order.products.find((l) => l.productId._id === productId)!;

/** A return of `quantity` of one line of a sale, refunded in cash; the goods back in stock or not. */
async function returnLine(token: string, order: OrderDto, productId: string, quantity: number, restock: boolean) {
  return ok('POST', `/api/Orders/${order._id}/returns`, token, { lines: [{ productId, quantity }], refundMethod: 'cash', restock }, 201);
}

beforeAll(async () => {
  ctx = await createTestApp();
  shelf = await makeShelf(db());
  gst18 = await makeGst(db(), 18);
});
afterAll(async () => {
  await ctx?.close();
});

describe('profit', () => {
  it('profit for a month with a purchase at a new cost after some sales', async () => {
    // a shop with its own GSTIN: it claims the input GST on its expenses
    const shopId = await insertUser(db(), {
      name: 'Profit owner',
      role: 'vendor',
      shopName: 'Lakshmi Stores',
      gstNumber: '33ABCDE1234F1Z7',
    });
    const token = await sessionFor(db(), shopId);
    // soap: ₹118 a piece with 18 % GST in it (taxable ₹100.00); rice: ₹50 a kg, no GST; nothing in stock, no cost yet
    const soap = await makeProduct(db(), { vendorId: shopId, shelf, shopPrice: 118, gstId: gst18, stock: 0 });
    const rice = await makeProduct(db(), { vendorId: shopId, shelf, shopPrice: 50, unit: 'kg', stock: 0 });

    // 1. a soap sold before any purchase: its cost is not known (counted in linesWithoutCost, cost 0)
    const first = await sale(token, [{ productId: soap, quantity: 1 }]);
    // 2. bought: 10 soaps at ₹60.00 (cost 60.00), 10 kg rice at ₹33.33 (cost 33.33 a kg)
    await addPurchase(token, { supplier: 'Hindustan Agencies', productId: soap, billDate: today, unitCost: 60, quantity: 10 });
    await addPurchase(token, { supplier: 'Ponni Mills', productId: rice, billDate: today, unitCost: 33.33, quantity: 10 });
    // 3. 2 soaps (cost 2 x 60.00 = 120.00) and 1.25 kg rice (1.25 x 33.33 = 41.6625, rounded 41.66)
    const second = await sale(token, [
      { productId: soap, quantity: 2 },
      { productId: rice, quantity: 1.25 },
    ]);
    // 4. 10 more soaps at ₹75.00 with 7 in stock at 60.00: (7 x 6000 + 10 x 7500) / 17 = 6882.35, cost 68.82
    await addPurchase(token, { supplier: 'Hindustan Agencies', productId: soap, billDate: today, unitCost: 75, quantity: 10 });
    // 5. 3 soaps at the new cost: 3 x 68.82 = 206.46
    const third = await sale(token, [{ productId: soap, quantity: 3 }]);
    // the cost at the sale is kept on each line: the earlier sale's soap stays at 60.00
    const costs = await db()
      .selectFrom('order_lines')
      .select(['order_id', 'product_id', 'cost_paise'])
      .where('order_id', 'in', [first._id, second._id, third._id])
      .execute();
    const costOf = (orderId: string, productId: string) =>
      costs.find((c) => c.order_id === orderId && c.product_id === productId)?.cost_paise;
    expect(
      [costOf(first._id, soap), costOf(second._id, soap), costOf(second._id, rice), costOf(third._id, soap)].map((c) => c ?? null),
    ).toEqual([null, 6000, 3333, 6882]);
    expect(lineOf(second, rice).quantity).toBe(1.25);

    // 6. a soap of the second sale comes back to the shelf (its cost 60.00 leaves the cost of goods sold);
    //    a soap of the third comes back damaged (its cost 68.82 stays a cost); each note is ₹118, taxable ₹100.00
    await returnLine(token, second, soap, 1, true);
    await returnLine(token, third, soap, 1, false);
    // 7. a sale voided is no sale
    const voided = await sale(token, [{ productId: soap, quantity: 4 }]);
    await ok('POST', `/api/Orders/${voided._id}/void`, token, { reason: 'Rung up twice' });
    // 8. expenses: rent ₹5,000 (no GSTIN: all of it); electricity ₹2,360 at 18 % from a GSTIN, input GST
    //    claimed: ₹2,360 - CGST 180 - SGST 180 = ₹2,000
    await addExpense(token, { category: 'rent', amount: 5000 });
    await addExpense(token, { category: 'electricity', amount: 2360, method: 'bank', supplierGstin: '33ABCDE1234F1Z7', gstRate: 18 });

    const report = await profitOf(token);
    // sales 100.00 + 200.00 + 62.50 + 300.00 = 662.50; returns 100.00 + 100.00 = 200.00; net 462.50
    // cost of sales 0 + 120.00 + 41.66 + 206.46 = 368.12; returned 60.00; COGS 308.12
    // gross 462.50 - 308.12 = 154.38; expenses 5,000.00 + 2,000.00 = 7,000.00; net 154.38 - 7,000.00 = -6,845.62
    const month = {
      sales: 662.5,
      returns: 200,
      netSales: 462.5,
      costOfSales: 368.12,
      costReturned: 60,
      cogs: 308.12,
      grossProfit: 154.38,
      expenses: 7000,
      netProfit: -6845.62,
    };
    expect(report).toMatchObject({
      vendor: { _id: shopId, shopName: 'Lakshmi Stores' },
      from: monthStart,
      to: monthEnd,
      totals: month,
      linesWithoutCost: 1,
      inputGstClaimed: true,
    });
    expect(report.expensesByCategory.map((c) => [c.category.code, c.amount, c.count])).toEqual([
      ['rent', 5000, 1],
      ['electricity', 2000, 1],
    ]);
    // one period a day of the month, today's holding everything
    expect(report.breakdown.by).toBe('day');
    expect(report.breakdown.periods.map((p) => p.period)).toEqual(
      Array.from({ length: Number(monthEnd.slice(8)) }, (_, i) => `${today.slice(0, 7)}-${String(i + 1).padStart(2, '0')}`),
    );
    expect(report.breakdown.periods.find((p) => p.period === today)).toEqual({ period: today, ...month });

    // a later purchase at another cost changes the product's cost, not the month's profit
    await addPurchase(token, { supplier: 'Hindustan Agencies', productId: soap, billDate: today, unitCost: 100, quantity: 10 });
    expect(await profitOf(token)).toEqual(report);

    // twelve months go by month; the months without sales are there, at 0
    const [y, m] = today.split('-').map(Number);
    const yearStart = new Date(Date.UTC(y, m - 12, 1)).toISOString().slice(0, 10);
    const year = await profitOf(token, yearStart, today);
    expect(year.breakdown.by).toBe('month');
    expect(year.breakdown.periods).toHaveLength(12);
    expect(year.breakdown.periods.slice(0, -1).every((p) => p.netProfit === 0)).toBe(true);
    expect(year.breakdown.periods.at(-1)).toEqual({ period: today.slice(0, 7), ...month });
    expect(year.totals).toEqual(month);
  });

  it('counts expenses with their GST for a shop without a GSTIN, and refuses a reversed or too long period', async () => {
    const shopId = await insertUser(db(), { name: 'Small owner', role: 'vendor', shopName: 'Small Kadai' });
    const token = await sessionFor(db(), shopId);
    await addExpense(token, { category: 'electricity', amount: 2360, method: 'bank', supplierGstin: '33ABCDE1234F1Z7', gstRate: 18 });
    const report = await profitOf(token, today, today);
    // no GSTIN: it cannot take the input GST back, so the whole ₹2,360 is a cost
    expect(report).toMatchObject({ inputGstClaimed: false, linesWithoutCost: 0 });
    expect(report.totals).toMatchObject({ netSales: 0, cogs: 0, expenses: 2360, netProfit: -2360 });

    const reversed = await call('GET', `/api/reports/profit?from=${monthEnd}&to=${monthStart}`, token);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'endBeforeStart' });
    const tooLong = await call('GET', `/api/reports/profit?from=2024-01-01&to=2025-06-30`, token);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'periodTooLong' });
  });
});
