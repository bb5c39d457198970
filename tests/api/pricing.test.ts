import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDay } from '../../core/dates';
import { lineTax } from '../../core/gst';
import { toPaise } from '../../core/money';
import { isoWithOffset } from '../../core/act-time';
import { priceBasket, type Scheme } from '../../core/pricing';
import type { OrderDto } from '../../core/schemas/order';
import { priceListOfDto, schemeOfDto } from '../../core/pricing-dto';
import type { PriceListDto, SchemeDto, TillDifferenceDto } from '../../core/schemas/pricing';
import { makeGst, makeProducts, makeShelf, registerCustomer, type Shelf } from '../support/db-builders';
import { createTestApp, DEMO, login, tokenRequests, type TestContext } from './helpers';

/**
 * Price lists, schemes and offline parity through the API (core/pricing.ts): the server reprices every counter
 * line with the engine, whatever the till sent; a scheme's discount is folded into the line so GST is on what was
 * paid; an offline sale keeps its till's total within a bound and the owner sees the difference.
 */
let ctx: TestContext;
let vendor: { id: string; token: string };
let shelf: Shelf;
let gst12: string;
const { call, ok, sale, shopSale, shopCustomer } = tokenRequests(() => ctx.app);

const DAY_MS = 86_400_000;
const today = istDay();
const yesterday = istDay(Date.now() - DAY_MS);
const tomorrow = istDay(Date.now() + DAY_MS);

/** Fresh products of the vendor at these shop prices (rupees), 12 % GST, on the test's shelf. */
const products = (...prices: number[]) =>
  makeProducts(
    ctx.handle.db,
    prices.map((shopPrice) => ({ vendorId: vendor.id, shelf, shopPrice, price: shopPrice, stock: 100_000, gstId: gst12 })),
  );

const lineTaxes = (o: OrderDto) => o.products.map((l) => toPaise(l.taxable + l.cgst + l.sgst + l.igst));

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await login(ctx.app, DEMO.admin);
  const u = await registerCustomer(ctx.app);
  await ok('PUT', `/api/users/${u.id}`, admin, { userId: u.id, role: 'vendor' });
  vendor = { id: u.id, token: u.token };
  shelf = await makeShelf(ctx.handle.db);
  gst12 = await makeGst(ctx.handle.db, 12);
});
afterAll(async () => ctx?.close());

describe('price lists', () => {
  it('prices a customer on the list by the best quantity break, and the line names the list', async () => {
    const [rice] = await products(55);
    const list = (await ok(
      'POST',
      '/api/price-lists',
      vendor.token,
      {
        name: 'Wholesale',
        rules: [
          { productId: rice, price: 50 },
          { productId: rice, price: 48, minQuantity: 10 },
          { productId: rice, price: 45, minQuantity: 25 },
        ],
      },
      201,
    )) as PriceListDto;
    expect(list.rules).toHaveLength(3);
    const hotel = await shopCustomer(vendor.token, { name: 'Hotel Saravana', priceListId: list._id });
    expect(hotel.priceListId).toBe(list._id);

    const at12 = await sale(vendor.token, [{ productId: rice, quantity: 12 }], { customerId: hotel._id });
    expect(at12.products[0]).toMatchObject({ price: 48, lineTotal: 576, priceListName: 'Wholesale' });
    const at30 = await sale(vendor.token, [{ productId: rice, quantity: 30 }], { customerId: hotel._id });
    expect(at30.products[0]).toMatchObject({ price: 45, lineTotal: 1350 });
    // a walk-in pays the selling price
    const walkIn = await sale(vendor.token, [{ productId: rice, quantity: 12 }]);
    expect(walkIn.products[0].price).toBe(55);
    expect(walkIn.products[0].priceListName).toBeUndefined();
  });

  it("refuses a rule for another shop's product and a customer on another shop's list", async () => {
    const other = await registerCustomer(ctx.app);
    const res = await call('POST', '/api/price-lists', vendor.token, {
      name: 'X',
      rules: [{ categoryId: shelf.categoryId, percentOff: 120 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('percentOffInvalid');
    const both = await call('POST', '/api/price-lists', vendor.token, {
      name: 'X',
      rules: [{ productId: other.id, categoryId: shelf.categoryId, price: 1 }],
    });
    expect(both.json().code).toBe('priceRuleTarget');
    const foreign = await call('POST', '/api/price-lists', vendor.token, { name: 'X', rules: [{ productId: other.id, price: 1 }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('priceRuleProductUnknown');
  });
});

describe('schemes at the counter', () => {
  it('buy 2 get 1: the free one is off the line, GST on the part paid', async () => {
    const [soap] = await products(100);
    await ok(
      'POST',
      '/api/schemes',
      vendor.token,
      {
        kind: 'buyXgetY',
        name: 'Buy 2 get 1',
        from: yesterday,
        to: tomorrow,
        buy: { productId: soap, quantity: 2 },
        get: { productId: soap, quantity: 1 },
      },
      201,
    );
    const o = await sale(vendor.token, [{ productId: soap, quantity: 3 }]);
    expect(o.products[0]).toMatchObject({ price: 100, lineTotal: 200, schemeName: 'Buy 2 get 1', schemeDiscount: 100 });
    expect(o.totalPayable).toBe(200);
    // GST is worked out of the ₹200 paid (core/gst lineTax), not of the ₹300 before the scheme
    expect(toPaise(o.products[0].taxable)).toBe(lineTax(20_000, 12, false).taxablePaise);
    expect(lineTaxes(o)).toEqual([20_000]);
  });

  it("ignores the client's price and applies no scheme outside its days", async () => {
    const [tea] = await products(80);
    await ok(
      'POST',
      '/api/schemes',
      vendor.token,
      {
        kind: 'buyXgetY',
        name: 'Next month',
        from: istDay(Date.now() + 30 * DAY_MS),
        to: istDay(Date.now() + 40 * DAY_MS),
        buy: { productId: tea, quantity: 1 },
        get: { productId: tea, quantity: 1 },
      },
      201,
    );
    const res = await shopSale(vendor.token, [{ productId: tea, quantity: 2, price: 1 } as never], {
      paymentMethod: 'cash',
      handedOver: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const o = (res.json() as { order: OrderDto }).order;
    expect(o.products[0]).toMatchObject({ price: 80, lineTotal: 160 });
    expect(o.products[0].schemeName).toBeUndefined();
  });

  it('an ended scheme no longer applies, and the list shows when it ended', async () => {
    const [jam] = await products(60);
    const s = (await ok(
      'POST',
      '/api/schemes',
      vendor.token,
      {
        kind: 'categoryPercent',
        name: 'Ended',
        from: yesterday,
        to: tomorrow,
        categoryId: (await makeShelf(ctx.handle.db)).categoryId,
        percentOff: 10,
      },
      201,
    )) as SchemeDto;
    const ended = (await ok('DELETE', `/api/schemes/${s._id}`, vendor.token)) as SchemeDto;
    expect(ended.endedAt).not.toBeNull();
    expect(
      (
        await call('PUT', `/api/schemes/${s._id}`, vendor.token, {
          kind: 'categoryPercent',
          name: 'x',
          from: today,
          to: today,
          categoryId: shelf.categoryId,
          percentOff: 5,
        })
      ).statusCode,
    ).toBe(400);
    const o = await sale(vendor.token, [{ productId: jam, quantity: 1 }]);
    expect(o.products[0].lineTotal).toBe(60);
  });
});

describe("offline parity: the till's total", () => {
  it('an offline sale keeps a different till total, spread over its lines, and the owner sees it', async () => {
    const [a, b] = await products(30, 70);
    const at = isoWithOffset(Date.now() - 10 * 60_000);
    // the server makes it ₹30 × 2 + ₹70 = ₹130; the till (with last week's prices) charged ₹125
    const o = await sale(
      vendor.token,
      [
        { productId: a, quantity: 2 },
        { productId: b, quantity: 1 },
      ],
      { at, tillTotal: 125 },
    );
    expect(o.totalPayable).toBe(125);
    expect(o.products.reduce((s, l) => s + toPaise(l.lineTotal), 0)).toBe(12_500);
    expect(lineTaxes(o).reduce((s, t) => s + t, 0)).toBe(12_500);
    const diffs = (await ok('GET', '/api/sales/till-differences', vendor.token)) as TillDifferenceDto[];
    expect(diffs.find((d) => d.orderId === o._id)).toMatchObject({
      tillTotal: 125,
      serverTotal: 130,
      difference: -5,
      invoiceNumber: o.invoiceNumber,
      kept: 'till',
    });
  });

  it('an online sale with another till total is priced by the server; one too far off offline keeps the server total, listed', async () => {
    const [a] = await products(100);
    const online = await sale(vendor.token, [{ productId: a, quantity: 1 }], { tillTotal: 90 });
    expect(online.totalPayable).toBe(100);
    const at = isoWithOffset(Date.now() - 10 * 60_000);
    const far = await sale(vendor.token, [{ productId: a, quantity: 1 }], { at, tillTotal: 1 });
    expect(far.totalPayable).toBe(100);
    expect(far.products.reduce((s, l) => s + toPaise(l.lineTotal), 0)).toBe(10_000);
    const diffs = (await ok('GET', '/api/sales/till-differences', vendor.token)) as TillDifferenceDto[];
    expect(diffs.find((d) => d.orderId === online._id)).toBeUndefined();
    expect(diffs.find((d) => d.orderId === far._id)).toMatchObject({ tillTotal: 1, serverTotal: 100, difference: -99, kept: 'server' });
    // the same total as the server's is simply the sale
    const same = await sale(vendor.token, [{ productId: a, quantity: 1 }], { tillTotal: 100 });
    expect(same.totalPayable).toBe(100);
  });
});

describe('the server records what the engine computes', () => {
  it('over 1,000 generated baskets (seeded)', async () => {
    let seed = 20_261_129;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const prices = Array.from({ length: 12 }, () => (100 + rand(99_900)) / 100);
    const ids = await products(...prices);
    const list = (await ok(
      'POST',
      '/api/price-lists',
      vendor.token,
      {
        name: 'Generated',
        rules: [
          { productId: ids[0], price: prices[0] - 0.5, minQuantity: 3 },
          { productId: ids[1], percentOff: 7.5 },
          { categoryId: shelf.categoryId, percentOff: 2.25, minQuantity: 5 },
        ],
      },
      201,
    )) as PriceListDto;
    const customer = await shopCustomer(vendor.token, { name: 'Generated', priceListId: list._id });
    const bodies = [
      {
        kind: 'buyXgetY',
        name: 'G b2g1',
        from: yesterday,
        to: tomorrow,
        buy: { productId: ids[2], quantity: 2 },
        get: { productId: ids[2], quantity: 1 },
      },
      {
        kind: 'buyXgetY',
        name: 'G x+y',
        from: yesterday,
        to: tomorrow,
        buy: { productId: ids[3], quantity: 3 },
        get: { productId: ids[4], quantity: 1 },
      },
      {
        kind: 'combo',
        name: 'G combo',
        from: yesterday,
        to: tomorrow,
        items: [
          { productId: ids[5], quantity: 1 },
          { productId: ids[6], quantity: 2 },
        ],
        price: 50,
      },
      { kind: 'categoryPercent', name: 'G cat', from: yesterday, to: tomorrow, categoryId: shelf.categoryId, percentOff: 3 },
    ];
    for (const b of bodies) await ok('POST', '/api/schemes', vendor.token, b, 201);
    // the counter's inputs, as it caches them
    const schemes: Scheme[] = ((await ok('GET', '/api/schemes', vendor.token)) as SchemeDto[]).map(schemeOfDto);
    const priceList = priceListOfDto(list);

    const BASKETS = 1000;
    for (let start = 0; start < BASKETS; start += 50) {
      const batch = Array.from({ length: 50 }, () => {
        const picked = [...new Set(Array.from({ length: 1 + rand(5) }, () => rand(ids.length)))];
        return {
          withList: rand(2) === 0,
          lines: picked.map((i) => ({ i, quantity: 1 + rand(8), unitDiscount: rand(4) === 0 ? rand(300) / 100 : 0 })),
        };
      });
      const sales = await Promise.all(
        batch.map((b) =>
          sale(
            vendor.token,
            b.lines.map((l) => ({ productId: ids[l.i], quantity: l.quantity, unitDiscount: l.unitDiscount })),
            b.withList ? { customerId: customer._id } : {},
          ),
        ),
      );
      sales.forEach((o, k) => {
        const b = batch[k];
        const engine = priceBasket({
          at: new Date(o.createdAt).getTime(),
          priceList: b.withList ? priceList : null,
          schemes,
          lines: b.lines.map((l) => ({
            productId: ids[l.i],
            categoryId: shelf.categoryId,
            quantityMilli: l.quantity * 1000,
            sellingPricePaise: toPaise(prices[l.i]),
            unitDiscountPaise: toPaise(l.unitDiscount),
          })),
        });
        expect(o.products.map((l) => toPaise(l.lineTotal))).toEqual(engine.lines.map((l) => l.totalPaise));
        expect(toPaise(o.totalPayable)).toBe(engine.totalPaise);
      });
    }
  }, 120_000);
});
