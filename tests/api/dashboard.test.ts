import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDayEnd, istDayStart } from '../../core/dates';
import { computeDayClose } from '../../core/day-close';
import { istDayOf } from '../../core/sale-void';
import type { AdminSummary, VendorSummary } from '../../core/schemas/dashboard';
import type { DaySummary } from '../../core/schemas/order';
import type { ProductDto } from '../../core/schemas/product';
import { codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody as makeBody } from '../support/api-builders';
import { makeGst, userId } from '../support/db-builders';

/** The dashboards' figures: GET /api/reports/vendor/summary and /api/reports/admin/summary. */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, creditSale, ok, placeOrder, sale, shopCustomer } = tokenRequests(() => ctx.app);
const db = () => ctx.handle.db;
const DAY_MS = 86_400_000;
const paise = (rupees: number) => Math.round(rupees * 100);
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

let gst5: string;
let shelf: { name: string; subcategories: string[] };
let vendorId: string;
let seq = 0;

// the range: the two days before today and today (India time)
const now = Date.now();
const today = istDayOf(new Date(now));
const dayBefore = (n: number) => istDayOf(new Date(now - n * DAY_MS));
const from = dayBefore(2);

const summary = async (token = tok.vendor, query = `from=${from}&to=${today}`) =>
  (await ok('GET', `/api/reports/vendor/summary?${query}`, token)) as VendorSummary;
const adminSummary = async () => (await ok('GET', `/api/reports/admin/summary?from=${from}&to=${today}`, tok.admin)) as AdminSummary;
const dayClose = async (date: string) => (await ok('GET', `/api/Orders/vendor/day-summary?date=${date}`, tok.vendor)) as DaySummary;

const product = async (shopPrice: number, extra: object = {}) =>
  (await ok(
    'POST',
    '/api/products',
    tok.vendor,
    makeBody(shelf, gst5, `Dashboard item ${++seq}`, { price: shopPrice, shopPrice, countInStock: 50, ...extra }),
    201,
  )) as ProductDto;

/** Moves an order's sale time `days` whole days back (an India-time day back per day). */
const backdate = (orderId: string, days: number) =>
  db()
    .updateTable('orders')
    .set({ created_at: sql`created_at - (${days} * interval '1 day')` })
    .where('id', '=', orderId)
    .execute();

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2', 'customer', 'delivery'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  gst5 = await makeGst(db(), 5, '1006');
  shelf = await listedShelf(ctx.app, tok.admin);
  vendorId = await userId(db(), DEMO.vendor);
});
afterAll(async () => ctx?.close());

describe('the vendor summary and the admin summary', () => {
  it('count a few days of sales as the day close does, to the paisa', async () => {
    const before = await summary();
    const adminBefore = await adminSummary();

    // a product with a known cost (₹600 a piece), one without, and one run out
    const dear = await product(1000);
    await db().updateTable('products').set({ cost_price_paise: 60_000 }).where('id', '=', dear._id).execute();
    const cheap = await product(50);
    const empty = await product(10, { name: 'Aaa dashboard empty', countInStock: 0, reOrderLevel: 5 });

    // two days ago: ₹2,000 cash; yesterday: ₹50 by UPI
    const cash = await sale(tok.vendor, [{ productId: dear._id, quantity: 2 }]);
    await backdate(cash._id, 2);
    const upi = await sale(tok.vendor, [{ productId: cheap._id, quantity: 1 }], { paymentMethod: 'upi' });
    await backdate(upi._id, 1);
    // today: ₹1,000 on credit, ₹100 voided, a delivery order paid in cash at the door, ₹1,000 refunded
    const customer = await shopCustomer(tok.vendor, { name: 'Dashboard regular' });
    await creditSale(tok.vendor, customer._id, [{ productId: dear._id, quantity: 1 }]);
    const voided = await sale(tok.vendor, [{ productId: cheap._id, quantity: 2 }]);
    await ok('POST', `/api/Orders/${voided._id}/void`, tok.vendor, { reason: 'Entered twice' });
    const [delivery] = await placeOrder(tok.customer, [{ productId: dear._id }]);
    await ok('PUT', '/api/Orders/mark-delivered', tok.vendor, { orderId: delivery._id, cashCollected: true });
    const deliveryNet = paise(delivery.totalPayable);
    expect(deliveryNet).toBeGreaterThan(0);
    await ok(
      'POST',
      `/api/Orders/${cash._id}/returns`,
      tok.vendor,
      { lines: [{ productId: dear._id, quantity: 1 }], refundMethod: 'cash', restock: true },
      201,
    );

    const after = await summary();
    expect(after).toMatchObject({ from, to: today, timezone: 'Asia/Kolkata', vendor: { _id: vendorId } });
    expect(after.byDay.map((d) => d.date)).toEqual([dayBefore(2), dayBefore(1), today]);

    // every day equals its close
    for (const d of after.byDay) {
      const close = await dayClose(d.date);
      expect(d.sales, d.date).toBe(close.sales);
      expect(paise(d.net), d.date).toBe(paise(close.net));
      expect(paise(d.refunds), d.date).toBe(paise(close.refunds.amount));
      expect(paise(d.counter) + paise(d.delivery), d.date).toBe(paise(close.net));
    }
    const closes = await Promise.all(after.byDay.map((d) => dayClose(d.date)));
    for (const k of ['cash', 'upi', 'card', 'credit', 'unpaid'] as const) {
      expect(paise(after.payments[k]), k).toBe(sum(closes.map((c) => paise(c.payments[k]))));
      expect(after.paymentCounts[k], k).toBe(sum(closes.map((c) => c.paymentCounts[k])));
    }
    expect(paise(after.totals.net)).toBe(sum(after.byDay.map((d) => paise(d.net))));
    expect(paise(after.totals.refunds)).toBe(sum(after.byDay.map((d) => paise(d.refunds))));
    expect(paise(after.totals.netAfterRefunds)).toBe(paise(after.totals.net) - paise(after.totals.refunds));

    // what this test added, day by day and in all
    const delta = (f: (s: VendorSummary) => number) => Math.round(f(after) * 100 - f(before) * 100);
    expect(delta((s) => s.byDay[0].net)).toBe(200_000);
    expect(delta((s) => s.byDay[1].net)).toBe(5_000);
    expect(delta((s) => s.byDay[2].net)).toBe(100_000 + deliveryNet);
    expect(delta((s) => s.byDay[2].refunds)).toBe(100_000);
    expect(delta((s) => s.totals.net)).toBe(305_000 + deliveryNet);
    expect(delta((s) => s.totals.sales) / 100).toBe(4);
    expect(delta((s) => s.totals.counter.count) / 100).toBe(3);
    expect(delta((s) => s.totals.counter.net)).toBe(305_000);
    expect(delta((s) => s.totals.delivery.count) / 100).toBe(1);
    expect(delta((s) => s.totals.delivery.net)).toBe(deliveryNet);
    expect(delta((s) => s.payments.cash)).toBe(200_000 + deliveryNet);
    expect(delta((s) => s.payments.upi)).toBe(5_000);
    expect(delta((s) => s.payments.credit)).toBe(100_000);

    // the hours of today add up to today
    expect(after.byHour.map((h) => h.hour)).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(sum(after.byHour.map((h) => paise(h.net)))).toBe(paise(after.byDay[2].net));
    expect(sum(after.byHour.map((h) => h.sales))).toBe(after.byDay[2].sales);

    // best sellers by net, the dear product first with its 4 pieces
    const nets = after.topProducts.map((p) => p.net);
    expect(nets).toEqual([...nets].sort((a, b) => b - a));
    expect(after.topProducts.length).toBeLessThanOrEqual(10);
    const top = after.topProducts.find((p) => p.productId === dear._id);
    expect(top).toMatchObject({ name: dear.name, quantity: '4', unit: 'pcs' });
    expect(paise(top!.net)).toBe(300_000 + deliveryNet);
    const cheapRow = after.topProducts.find((p) => p.productId === cheap._id);
    if (cheapRow) expect(after.topProducts.indexOf(cheapRow)).toBeGreaterThan(after.topProducts.indexOf(top!));

    // margin: the dear product's 4 pieces at ₹600 cost; the cheap one has none
    expect(delta((s) => s.margin.revenue)).toBe(300_000 + deliveryNet);
    expect(delta((s) => s.margin.cost)).toBe(240_000);
    expect(delta((s) => s.margin.linesWithCost) / 100).toBe(3);
    expect(delta((s) => s.margin.linesWithoutCost) / 100).toBe(1);
    expect(paise(after.margin.margin)).toBe(paise(after.margin.revenue) - paise(after.margin.cost));

    // dues: the credit sale is owed
    expect(after.dues).not.toBeNull();
    expect(paise(after.dues!.outstanding) - paise(before.dues?.outstanding ?? 0)).toBe(100_000);
    expect(after.dues!.customers - (before.dues?.customers ?? 0)).toBe(1);

    // low stock: the empty product, emptiest first
    expect(after.lowStock.length).toBeLessThanOrEqual(10);
    expect(after.lowStock.find((p) => p.productId === empty._id)).toMatchObject({
      inStock: '0',
      reorderLevel: '5',
      name: 'Aaa dashboard empty',
    });
    const stocks = after.lowStock.map((p) => Number(p.inStock));
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));

    // the admin's picture: the four sales (not the void), by vendor, by area, by hour
    const admin = await adminSummary();
    expect(admin.totals.orders - adminBefore.totals.orders).toBe(4);
    expect(paise(admin.totals.value) - paise(adminBefore.totals.value)).toBe(305_000 + deliveryNet);
    const row = (s: AdminSummary) => s.byVendor.find((v) => v.vendorId === vendorId) ?? { orders: 0, value: 0 };
    expect(row(admin).orders - row(adminBefore).orders).toBe(4);
    expect(row(admin).orders).toBe(after.totals.sales);
    expect(paise(row(admin).value)).toBe(paise(after.totals.net));
    const adyar = (s: AdminSummary) => s.byArea.find((a) => a.area === 'Adyar') ?? { orders: 0, value: 0 };
    expect(adyar(admin).orders - adyar(adminBefore).orders).toBe(1);
    expect(paise(adyar(admin).value) - paise(adyar(adminBefore).value)).toBe(deliveryNet);
    expect(sum(admin.byVendor.map((v) => v.orders))).toBe(admin.totals.orders);
    expect(admin.heatmap).toHaveLength(7);
    for (const r of admin.heatmap) expect(r).toHaveLength(24);
    expect(sum(admin.heatmap.flat())).toBe(admin.totals.orders);
    expect(sum(admin.heatmap.flat()) - sum(adminBefore.heatmap.flat())).toBe(4);
  });

  it('sum the sales in the database to what they come to one by one', async () => {
    // several sales of each payment today, and a split one, so that sales of the same day and payment are summed together
    const item = await product(120);
    for (const paymentMethod of ['cash', 'cash', 'upi', 'upi', 'card'] as const)
      await sale(tok.vendor, [{ productId: item._id, quantity: 1 }], { paymentMethod });
    await sale(tok.vendor, [{ productId: item._id, quantity: 2 }], {
      paymentMethod: undefined,
      payments: [
        { method: 'cash', amount: 100 },
        { method: 'upi', amount: 140 },
      ],
      handedOver: true,
    } as never);
    const [vendorSummary, admin] = await Promise.all([summary(), adminSummary()]);

    // the range's sales read one by one, each through the day close's rule
    const rows = await db()
      .selectFrom('orders as o')
      .select(['o.id', 'o.vendor_id', 'o.payment_status', 'o.payment_method', 'o.items_paise', 'o.discount_paise'])
      .select(['o.delivery_discount_paise', 'o.is_shop', 'o.area', 'o.created_at'])
      .where('o.created_at', '>=', istDayStart(from))
      .where('o.created_at', '<', istDayEnd(today))
      .where('o.voided_at', 'is', null)
      .execute();
    const parts = await db().selectFrom('order_payments').select(['order_id', 'method', 'amount_paise']).execute();
    const sales = rows.map((o) => ({
      ...o,
      at: new Date(o.created_at),
      net: Number(o.items_paise) - Number(o.delivery_discount_paise),
      close: {
        paymentStatus: o.payment_status,
        paymentMethod: o.payment_method,
        parts: parts.filter((p) => p.order_id === o.id).map((p) => ({ method: p.method, amountPaise: Number(p.amount_paise) })),
        itemsPaise: Number(o.items_paise),
        discountPaise: Number(o.discount_paise),
        deliveryDiscountPaise: Number(o.delivery_discount_paise),
        lines: [],
      },
    }));
    const mine = sales.filter((o) => o.vendor_id === vendorId);
    expect(mine.filter((o) => o.payment_method === 'split')).not.toHaveLength(0);
    const close = computeDayClose(
      mine.map((o) => o.close),
      [],
    );
    expect(vendorSummary.totals.sales).toBe(close.sales);
    expect(paise(vendorSummary.totals.net)).toBe(close.netPaise);
    for (const k of ['cash', 'upi', 'card', 'credit', 'unpaid'] as const) {
      expect(paise(vendorSummary.payments[k]), k).toBe(close.payments[k]);
      expect(vendorSummary.paymentCounts[k], k).toBe(close.paymentCounts[k]);
    }
    const counter = mine.filter((o) => o.is_shop);
    expect(vendorSummary.totals.counter.count).toBe(counter.length);
    expect(paise(vendorSummary.totals.counter.net)).toBe(sum(counter.map((o) => o.net)));
    for (const d of vendorSummary.byDay) {
      const ofDay = mine.filter((o) => istDayOf(o.at) === d.date);
      expect(d.sales, d.date).toBe(ofDay.length);
      expect(paise(d.net), d.date).toBe(sum(ofDay.map((o) => o.net)));
      expect(paise(d.counter), d.date).toBe(sum(ofDay.filter((o) => o.is_shop).map((o) => o.net)));
    }
    const istAt = (o: { at: Date }) => new Date(o.at.getTime() + 330 * 60_000);
    for (const h of vendorSummary.byHour) {
      const ofHour = mine.filter((o) => istDayOf(o.at) === today && istAt(o).getUTCHours() === h.hour);
      expect(h.sales, `${h.hour}h`).toBe(ofHour.length);
      expect(paise(h.net), `${h.hour}h`).toBe(sum(ofHour.map((o) => o.net)));
    }

    // the admin's: every vendor's, every delivery area's, every weekday's hour
    expect(admin.totals.orders).toBe(sales.length);
    expect(paise(admin.totals.value)).toBe(sum(sales.map((o) => o.net)));
    for (const v of admin.byVendor) {
      const of = sales.filter((o) => o.vendor_id === v.vendorId);
      expect({ orders: v.orders, value: paise(v.value) }).toEqual({ orders: of.length, value: sum(of.map((o) => o.net)) });
    }
    expect(new Set(admin.byVendor.map((v) => v.vendorId))).toEqual(new Set(sales.map((o) => o.vendor_id)));
    const delivered = sales.filter((o) => !o.is_shop && o.area);
    expect(new Set(admin.byArea.map((a) => a.area))).toEqual(new Set(delivered.map((o) => o.area)));
    for (const a of admin.byArea) {
      const of = delivered.filter((o) => o.area === a.area);
      expect({ orders: a.orders, value: paise(a.value) }).toEqual({ orders: of.length, value: sum(of.map((o) => o.net)) });
    }
    const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    for (const o of sales) heatmap[(istAt(o).getUTCDay() + 6) % 7][istAt(o).getUTCHours()] += 1;
    expect(admin.heatmap).toEqual(heatmap);
  });

  it('counts what is overdue oldest first, the lines of a deleted product by name, and a line without its cost at the cost now', async () => {
    const before = await summary();

    // dues: ₹1,000 on credit 20 days ago and ₹1,000 today, 7 credit days, ₹500 paid: the old sale's ₹500 left is overdue
    const owed = await product(1000);
    const regular = await shopCustomer(tok.vendor, { name: 'Dashboard late payer', creditDays: 7 });
    const old = await creditSale(tok.vendor, regular._id, [{ productId: owed._id, quantity: 1 }]);
    await db()
      .updateTable('orders')
      .set({ created_at: sql`created_at - interval '20 days'`, delivered_at: sql`delivered_at - interval '20 days'` })
      .where('id', '=', old._id)
      .execute();
    await creditSale(tok.vendor, regular._id, [{ productId: owed._id, quantity: 1 }]);
    await ok('POST', `/api/customers/${regular._id}/payments`, tok.vendor, { amount: 500, method: 'cash' }, 201);

    // a best seller deleted since: its line keeps its name, without a product
    const gone = await product(5000, { name: 'Aaa dashboard discontinued' });
    await sale(tok.vendor, [{ productId: gone._id, quantity: 1 }]);
    await ok('DELETE', `/api/products/${gone._id}`, tok.vendor);

    // a line sold before costs were recorded (none on the line): costed at the product's cost now, ₹250 a piece
    const costed = await product(400);
    await db().updateTable('products').set({ cost_price_paise: 20_000 }).where('id', '=', costed._id).execute();
    const early = await sale(tok.vendor, [{ productId: costed._id, quantity: 2 }]);
    await db().updateTable('order_lines').set({ cost_paise: null }).where('order_id', '=', early._id).execute();
    await db().updateTable('products').set({ cost_price_paise: 25_000 }).where('id', '=', costed._id).execute();

    const after = await summary();
    const delta = (f: (s: VendorSummary) => number) => Math.round(f(after) * 100 - f(before) * 100);
    expect(delta((s) => s.dues?.outstanding ?? 0)).toBe(150_000);
    expect(delta((s) => s.dues?.overdue ?? 0)).toBe(50_000);
    expect(delta((s) => s.dues?.customers ?? 0) / 100).toBe(1);

    expect(after.topProducts[0]).toEqual({
      productId: null,
      name: 'Aaa dashboard discontinued',
      nameTa: gone.Tamil,
      quantity: '1',
      unit: 'pcs',
      net: 5000,
    });
    expect(after.topProducts.find((p) => p.productId === costed._id)).toMatchObject({ name: costed.name, quantity: '2', net: 800 });

    // margin: the early line at ₹250 a piece; today's credit sale and the deleted product's line have no cost
    expect(delta((s) => s.margin.revenue)).toBe(80_000);
    expect(delta((s) => s.margin.cost)).toBe(50_000);
    expect(delta((s) => s.margin.linesWithCost) / 100).toBe(1);
    expect(delta((s) => s.margin.linesWithoutCost) / 100).toBe(2);
  });

  it('lets the admin read a named vendor, the same figures the vendor reads', async () => {
    const own = await summary();
    const asAdmin = await summary(tok.admin, `from=${from}&to=${today}&vendorId=${vendorId}`);
    expect({ ...asAdmin, generatedAt: '' }).toEqual({ ...own, generatedAt: '' });
  });

  it('refuses a bad range, another vendor, and callers who are not staff, changing nothing', async () => {
    const url = (q: string) => `/api/reports/vendor/summary?${q}`;
    const reversed = await call('GET', url(`from=${today}&to=${from}`), tok.vendor);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual(codedBody('endBeforeStart', { field: 'to' }));
    const long = await call('GET', url('from=2024-01-01&to=2024-04-02'), tok.vendor);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual(codedBody({ code: 'reportRangeTooLong', params: { days: 92 } }, { field: 'to' }));
    // 92 days is the most
    expect((await call('GET', url('from=2024-01-01&to=2024-04-01'), tok.vendor)).statusCode).toBe(200);
    const adminLong = await call('GET', '/api/reports/admin/summary?from=2024-01-01&to=2024-06-01', tok.admin);
    expect(adminLong.statusCode).toBe(400);
    expect(adminLong.json().code).toBe('reportRangeTooLong');
    expect((await call('GET', url(`from=2024-02-30&to=${today}`), tok.vendor)).statusCode).toBe(400);
    expect((await call('GET', url(`to=${today}`), tok.vendor)).statusCode).toBe(400);

    const other = await userId(db(), DEMO.vendor2);
    const foreign = await call('GET', url(`from=${from}&to=${today}&vendorId=${other}`), tok.vendor);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('ownSalesOnly');
    const unnamed = await call('GET', url(`from=${from}&to=${today}`), tok.admin);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual(codedBody('chooseVendor', { field: 'vendorId' }));

    for (const who of ['customer', 'delivery'] as const) {
      expect((await call('GET', url(`from=${from}&to=${today}`), tok[who])).statusCode, who).toBe(403);
      expect((await call('GET', `/api/reports/admin/summary?from=${from}&to=${today}`, tok[who])).statusCode, who).toBe(403);
    }
    expect((await call('GET', `/api/reports/admin/summary?from=${from}&to=${today}`, tok.vendor)).statusCode).toBe(403);
    expect((await call('GET', url(`from=${from}&to=${today}`), null)).statusCode).toBe(401);
    expect((await call('GET', `/api/reports/admin/summary?from=${from}&to=${today}`, null)).statusCode).toBe(401);
  });
});
