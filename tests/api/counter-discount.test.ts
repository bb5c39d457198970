import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineGrossPaise, lineTotalPaise } from '../../core/cart';
import { toPaise } from '../../core/money';
import { shopUnitDiscountPaise } from '../../core/order-rules';
import type { DaySummary, OrderDto } from '../../core/schemas/order';
import { toShopOrderPayload } from '../../core/shop-order';
import { counterLine } from '../support/counter-lines';
import type { ShopSaleBody } from '../support/order-bodies';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { registerCustomer } from '../support/db-builders';

/**
 * The counter's per-unit discount on loose goods through the API, on a real database: the amount
 * typed per kg is what the order line keeps, its line total is the core rule's (lineTotalPaise), and
 * the day's close adds those totals up, to the paisa.
 */
let ctx: TestContext;
let admin: string;
let vendor: { id: string; token: string };
let gst: string;
let shelf: { name: string; subcategories: string[] };

const { call, ok, sale } = tokenRequests(() => ctx.app);
const counter = { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: '9000000000' };

// every sale at noon two days ago, India time: a day that holds only this file's sales of its vendor
const day = new Date(Date.now() - 2 * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);
const saleTime = `${day}T12:00:00+05:30`;

interface Typed {
  /** Rupees per kg. */
  price: number;
  /** Rupees off per kg, as typed. */
  discount: number;
  /** Kg, up to 3 decimals. */
  quantity: number;
}

/** Typed lines: the headline case, edge cases, and a seeded random sample (discount at most the price). */
const fixed: Typed[] = [
  { price: 99.99, discount: 1, quantity: 0.333 },
  { price: 68, discount: 1, quantity: 0.333 },
  { price: 45.5, discount: 0.75, quantity: 1.255 },
  { price: 120, discount: 3.33, quantity: 2.005 },
  { price: 10.1, discount: 10.1, quantity: 0.007 },
  { price: 250, discount: 0.01, quantity: 0.999 },
  { price: 1, discount: 0.99, quantity: 0.001 },
];
const sampled: Typed[] = fc.sample(
  fc.integer({ min: 1, max: 500_000 }).chain((price) =>
    fc.record({
      price: fc.constant(price / 100),
      discount: fc.integer({ min: 0, max: price }).map((d) => d / 100),
      quantity: fc.integer({ min: 1, max: 50_000 }).map((m) => m / 1000),
    }),
  ),
  { numRuns: 12, seed: 20260601 },
);

/** Creates a loose product sold by the kg at `price` per kg through the API. */
async function looseProduct(price: number, n: number): Promise<string> {
  const p = await ok(
    'POST',
    '/api/products',
    vendor.token,
    {
      name: `Loose dal ${n}`,
      price,
      shopPrice: price,
      discount: 0,
      countInStock: 1000,
      reOrderLevel: 1,
      category: shelf.name,
      subcategory: shelf.subcategories[0],
      gst,
      unit: 'kg',
      images: ['/images/x.svg'],
    },
    201,
  );
  return p._id as string;
}

/** What the counter sends for these typed lines, handed over and paid: its form's lines with the discount typed per kg. */
function counterPayload(lines: Array<Typed & { productId: string }>, paymentMethod: 'cash' | 'upi' | 'card') {
  const form = lines.map((t, i) =>
    counterLine(`l${i}`, { _id: t.productId, shopPrice: t.price, vendorId: vendor.id, unit: 'kg' }, String(t.quantity), String(t.discount)),
  );
  const { products, ...body } = toShopOrderPayload(form, counter, 'Paid', paymentMethod, true);
  return [products, { ...body, createdAt: saleTime } as ShopSaleBody] as const;
}

const storedLines = (orderId: string) =>
  ctx.handle.db
    .selectFrom('order_lines')
    .select(['unit_discount_paise', 'line_total_paise'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app, DEMO.admin);
  const u = await registerCustomer(ctx.app);
  await ok('PUT', `/api/users/${u.id}`, admin, { userId: u.id, role: 'vendor' });
  vendor = { id: u.id, token: u.token };
  gst = ((await ok('GET', '/api/gsts?active=true', admin)) as Array<{ _id: string }>)[0]._id;
  shelf = await listedShelf(ctx.app, admin);
});
afterAll(async () => ctx?.close());

describe('the counter discount per kg', () => {
  it('is stored as typed, each line totals by the core rule, and the day closes on their sum', async () => {
    const typed = [...fixed, ...sampled];
    const products = await Promise.all(typed.map((t, i) => looseProduct(t.price, i)));
    const lines = typed.map((t, i) => ({ ...t, productId: products[i] }));
    let grossPaise = 0;
    let netPaise = 0;
    const byMethod = { cash: 0, upi: 0, card: 0 };

    // one line a sale, then the same lines three to a sale
    const sales = [
      ...lines.map((l) => [l]),
      ...Array.from({ length: Math.ceil(lines.length / 3) }, (_, i) => lines.slice(3 * i, 3 * i + 3)),
    ];
    for (const [n, sold] of sales.entries()) {
      const method = (['cash', 'upi', 'card'] as const)[n % 3];
      const order = await sale(vendor.token, ...counterPayload(sold, method));
      const stored = await storedLines(order._id);
      const expected = sold.map((t) => {
        const price = toPaise(t.price);
        const discount = toPaise(t.discount);
        return { discount, total: lineTotalPaise(price, discount, t.quantity), gross: lineGrossPaise(price, t.quantity) };
      });
      expect(stored.map((l) => l.unit_discount_paise)).toEqual(expected.map((e) => e.discount));
      expect(stored.map((l) => Number(l.line_total_paise))).toEqual(expected.map((e) => e.total));
      expect(order.products.map((l) => toPaise(l.discount))).toEqual(expected.map((e) => e.discount));
      expect(order.products.map((l) => toPaise(l.lineTotal))).toEqual(expected.map((e) => e.total));
      const items = expected.reduce((s, e) => s + e.total, 0);
      const gross = expected.reduce((s, e) => s + e.gross, 0);
      expect(toPaise(order.totalAmount)).toBe(items);
      expect(toPaise(order.totalDiscount)).toBe(gross - items);
      expect(toPaise(order.totalPayable)).toBe(items);
      grossPaise += gross;
      netPaise += items;
      byMethod[method] += items;
    }

    // ₹1.00 / kg off at 0.333 kg of ₹99.99 / kg: kept as ₹1.00 / kg (not ₹0.99), the line ₹32.96
    const [headline] = await storedLines((await sale(vendor.token, ...counterPayload([lines[0]], 'cash')))._id);
    expect(headline).toMatchObject({ unit_discount_paise: 100, line_total_paise: 3296 });
    grossPaise += lineGrossPaise(9999, 0.333);
    netPaise += 3296;
    byMethod.cash += 3296;

    const close = (await ok('GET', `/api/Orders/vendor/day-summary?date=${day}`, vendor.token)) as DaySummary;
    expect(close.sales).toBe(sales.length + 1);
    expect(toPaise(close.gross)).toBe(grossPaise);
    expect(toPaise(close.lineDiscounts)).toBe(grossPaise - netPaise);
    expect(toPaise(close.discounts)).toBe(grossPaise - netPaise);
    expect(toPaise(close.net)).toBe(netPaise);
    expect({ cash: toPaise(close.payments.cash), upi: toPaise(close.payments.upi), card: toPaise(close.payments.card) }).toEqual(byMethod);
    expect(close.taxByRate.reduce((s, t) => s + toPaise(t.charged), 0)).toBe(netPaise);
    // some thirty sales, one after another
  }, 180_000);

  it('is bounded to the price: a discount typed above it makes the line free, never negative', async () => {
    const productId = await looseProduct(50, 100);
    const order = await sale(vendor.token, [{ productId, quantity: 1.5, unitDiscount: 80 }], { handedOver: false });
    expect(order.products[0]).toMatchObject({ discount: 50, lineTotal: 0 });
    expect(await storedLines(order._id)).toEqual([expect.objectContaining({ unit_discount_paise: 5000 })]);
  });

  it('a sale queued by an older client, with the discount for the line, is recorded as such sales always were', async () => {
    const productId = await looseProduct(99.99, 101);
    // ₹1.00 / kg at 0.333 kg, sent as 33 paise for the line: 99 paise a kg
    const res = await call('POST', '/api/Orders', vendor.token, {
      isShop: true,
      products: [{ productId, vendorId: vendor.id, price: 99.99, quantity: 0.333, discount: 0.33 }],
      shippingAddress: counter,
      paymentStatus: 'Paid',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as OrderDto;
    expect(shopUnitDiscountPaise(33, 0.333, 9999)).toBe(99);
    expect(await storedLines(order._id)).toEqual([
      expect.objectContaining({ unit_discount_paise: 99, line_total_paise: lineTotalPaise(9999, 99, 0.333) }),
    ]);
    expect(toPaise(order.products[0].lineTotal)).toBe(lineTotalPaise(9999, 99, 0.333));
  });
});
