import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/roles';
import { newId } from '../../server/lib/ids';
import { createTestApp, DEMO, login, type TestContext, codedBody, tokenRequests } from './helpers';
import {
  registerCustomer,
  insertUser,
  sessionFor,
  userId,
  makeShelf,
  type Shelf,
  makeGst,
  makeProduct,
  countOrders,
  stockOf,
} from '../support/db-builders';

let ctx: TestContext;
let admin: string, vendor: string, customer: string;
let vendorId: string;
let shelf: Shelf;
let gst: string;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, vendor] = await Promise.all([DEMO.admin, DEMO.vendor].map((p) => login(ctx.app, p)));
  customer = (await registerCustomer(ctx.app)).token;
  vendorId = await userId(ctx.handle.db, DEMO.vendor);
  shelf = await makeShelf(ctx.handle.db);
  gst = await makeGst(ctx.handle.db, 18, '8471');
});
afterAll(async () => ctx?.close());

const { call, checkout, placeOrder, shopSale } = tokenRequests(() => ctx.app);

const orderRow = (id: string) =>
  ctx.handle.db.selectFrom('orders').select(['id', 'status', 'delivered_at']).where('id', '=', id).executeTakeFirst();

describe('order status transitions', () => {
  it('a delivered order never returns to Pending, so it is never deleted or restocked', async () => {
    const product = await makeProduct(ctx.handle.db, { vendorId, shelf, shopPrice: 120, stock: 10 });
    const [{ _id: id }] = await placeOrder(customer, [{ productId: product, quantity: 2 }]);
    expect(await stockOf(ctx.handle.db, product)).toBe(8);

    expect((await call('PUT', '/api/Orders/mark-delivered', vendor, { orderId: id })).statusCode).toBe(200);
    for (const staff of [vendor, admin]) {
      const back = await call('PUT', `/api/Orders/${id}/status`, staff, { status: 'Pending' });
      expect(back.statusCode).toBe(400);
      expect(back.json()).toEqual(codedBody('deliveredIsFinal'));
      const del = await call('DELETE', `/api/Orders/orders/${id}`, staff);
      expect(del.statusCode).toBe(400);
      expect(del.json()).toEqual(codedBody('onlyPendingDeletable'));
    }
    expect(await orderRow(id)).toMatchObject({ status: 'Delivered', delivered_at: expect.anything() });
    expect(await stockOf(ctx.handle.db, product)).toBe(8);
  });

  it('racing deliver, status and delete calls end either delivered (stock kept) or deleted (stock back), never both', async () => {
    const product = await makeProduct(ctx.handle.db, { vendorId, shelf, shopPrice: 55, stock: 1000 });
    for (let round = 0; round < 8; round++) {
      const [{ _id: id }] = await placeOrder(customer, [{ productId: product, quantity: 3 }]);
      const before = await stockOf(ctx.handle.db, product);
      const calls = [
        () => call('PUT', '/api/Orders/mark-delivered', vendor, { orderId: id }),
        () => call('PUT', `/api/Orders/${id}/status`, admin, { status: 'Pending' }),
        () => call('DELETE', `/api/Orders/orders/${id}`, admin),
        () => call('PUT', `/api/Orders/${id}/status`, vendor, { status: 'Delivered' }),
        () => call('DELETE', `/api/Orders/orders/${id}`, vendor),
      ];
      // a different call goes first each round
      const answers = await Promise.all([...calls.slice(round % calls.length), ...calls.slice(0, round % calls.length)].map((f) => f()));
      expect(
        answers.every((r) => [200, 400, 404].includes(r.statusCode)),
        answers.map((r) => r.body).join('\n'),
      ).toBe(true);
      const row = await orderRow(id);
      const stock = await stockOf(ctx.handle.db, product);
      if (row) {
        expect(row.status).toBe('Delivered');
        expect(stock).toBe(before);
      } else {
        expect(stock).toBe(before + 3);
      }
    }
  });
});

describe('vendors that stop selling', () => {
  /** A vendor made for one test (with a session), and one product of it. */
  async function sellerWithProduct(word: string) {
    const id = await insertUser(ctx.handle.db, { name: `Seller ${word}`, role: 'vendor', shopName: `Shop ${word}` });
    const token = await sessionFor(ctx.handle.db, id);
    const product = await makeProduct(ctx.handle.db, {
      vendorId: id,
      shelf,
      name: `Zq ${word} Lamp`,
      shopPrice: 300,
      stock: 50,
      gstId: gst,
    });
    return { id, token, product };
  }

  /** Where a customer can find a product: search, its subcategory list, its page. */
  async function seenByCustomer(word: string, product: string) {
    const search = (await call('GET', `/api/products/search?keyword=${encodeURIComponent(word)}`, customer))
      .json()
      .products.map((p: { _id: string }) => p._id);
    const list = (await call('GET', `/api/products/subcategory/${encodeURIComponent(shelf.subcategory)}?limit=50`, customer))
      .json()
      .products.map((p: { _id: string }) => p._id);
    const page = (await call('GET', `/api/products/${product}`, customer)).statusCode;
    return { search: search.includes(product), list: list.includes(product), page };
  }

  const setRole = (id: string, role: Role) => call('PUT', `/api/users/${id}`, admin, { userId: id, role });

  for (const role of ['user', 'delivery', 'admin'] as const) {
    it(`a vendor changed to ${role} has its products hidden at once (cached answers too) and refused at checkout`, async () => {
      const word = `Demoted${role}${Date.now().toString(36)}`;
      const seller = await sellerWithProduct(word);
      expect(await seenByCustomer(word, seller.product)).toEqual({ search: true, list: true, page: 200 });

      expect((await setRole(seller.id, role)).statusCode).toBe(200);
      expect(await seenByCustomer(word, seller.product)).toEqual({ search: false, list: false, page: 404 });
      const before = await countOrders(ctx.handle.db);
      const refused = await checkout(customer, [{ productId: seller.product, quantity: 1, price: 300 }]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: `Zq ${word} Lamp is no longer available. Please remove it from your cart.`,
        code: 'productUnavailable',
        params: { name: `Zq ${word} Lamp` },
        unavailable: [seller.product],
      });
      expect(await countOrders(ctx.handle.db)).toBe(before);
      expect(await stockOf(ctx.handle.db, seller.product)).toBe(50);
      // an admin still sees it
      expect((await call('GET', `/api/products/${seller.product}`, admin)).statusCode).toBe(200);

      expect((await setRole(seller.id, 'vendor')).statusCode).toBe(200);
      expect(await seenByCustomer(word, seller.product)).toEqual({ search: true, list: true, page: 200 });
      await placeOrder(customer, [{ productId: seller.product }]);
    });
  }

  it("a product whose owner is not a listed vendor is hidden from the start (an admin's own, an inactive vendor's)", async () => {
    const word = `Unlisted${Date.now().toString(36)}`;
    const seller = await sellerWithProduct(word);
    await ctx.handle.db.updateTable('users').set({ vendor_active: false }).where('id', '=', seller.id).execute();
    const late = await makeProduct(ctx.handle.db, { vendorId: seller.id, shelf, name: `Zq ${word} Late Lamp`, shopPrice: 10 });
    const own = await call('POST', '/api/products', admin, {
      name: `Zq ${word} Admin Lamp`,
      price: 10,
      shopPrice: 10,
      countInStock: 5,
      reOrderLevel: 0,
      category: shelf.category,
      subcategory: shelf.subcategory,
      gst,
      images: ['https://cdn.example.in/a.jpg'],
    });
    expect(own.statusCode).toBe(201);
    for (const id of [late, own.json()._id]) expect(await seenByCustomer(word, id)).toEqual({ search: false, list: false, page: 404 });
    expect((await checkout(customer, [{ productId: own.json()._id, quantity: 1, price: 10 }])).statusCode).toBe(409);
  });

  it('a deactivated vendor has its products hidden and refused at checkout', async () => {
    const word = `Inactive${Date.now().toString(36)}`;
    const seller = await sellerWithProduct(word);
    expect(await seenByCustomer(word, seller.product)).toEqual({ search: true, list: true, page: 200 });
    expect((await call('PUT', `/api/products/${seller.id}/toggle-status`, admin, { isActive: false })).statusCode).toBe(200);
    expect(await seenByCustomer(word, seller.product)).toEqual({ search: false, list: false, page: 404 });
    expect((await checkout(customer, [{ productId: seller.product, quantity: 1, price: 300 }])).statusCode).toBe(409);
    // the vendor itself still manages (and sees) its product
    expect((await call('GET', `/api/products/${seller.product}`, seller.token)).statusCode).toBe(200);
  });
});

describe('money columns hold any order the API accepts', () => {
  it('a ₹90,00,000 product ordered three times by checkout and by shop sale is stored and shown exactly', async () => {
    const product = await makeProduct(ctx.handle.db, { vendorId, shelf, price: 9_000_000, shopPrice: 9_000_000, stock: 10, gstId: gst });
    const [order] = await placeOrder(customer, [{ productId: product, quantity: 3 }]);
    expect(order).toMatchObject({ totalAmount: 27_000_000, totalDeliveryDiscount: 200, totalPayable: 26_999_800 });
    expect(order.products[0]).toMatchObject({ quantity: 3, price: 9_000_000, lineTotal: 27_000_000, deliveryDiscount: 200 });
    // GST is on what the line was charged: its total less its share of the delivery discount
    const { taxable, cgst, sgst } = order.products[0];
    expect(Math.round(taxable * 100) + Math.round(cgst * 100) + Math.round(sgst * 100)).toBe(2_699_980_000);
    expect(cgst).toBe(sgst);
    expect((await call('GET', `/api/Orders/${order._id}`, customer)).json()).toMatchObject({
      totalAmount: 27_000_000,
      totalPayable: 26_999_800,
    });

    const sale = await shopSale(vendor, [{ productId: product, quantity: 3 }]);
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().order).toMatchObject({ totalAmount: 27_000_000, totalDeliveryDiscount: 0, totalPayable: 27_000_000 });

    const list = (await call('GET', `/api/Orders/vendor?limit=100&product=${product}`, vendor)).json();
    expect(list.orders.map((o: { totalAmount: number }) => o.totalAmount)).toEqual([27_000_000, 27_000_000]);
  });

  it('the largest shop sale the API accepts (100 lines of 1000 x ₹1 crore) is stored, listed and reported', async () => {
    const db = ctx.handle.db;
    const seller = (await registerCustomer(ctx.app)).id; // made a vendor: its report holds only this sale
    await db.updateTable('users').set({ role: 'vendor', shop_name: 'Big Shop' }).where('id', '=', seller).execute();
    const products: string[] = [];
    for (let i = 0; i < 100; i++)
      products.push(await makeProduct(db, { vendorId: seller, shelf, price: 10_000_000, shopPrice: 10_000_000, stock: 0, gstId: gst }));
    const sale = await shopSale(
      admin,
      products.map((productId) => ({ productId, quantity: 1000 })),
    );
    expect(sale.statusCode, sale.body.slice(0, 300)).toBe(201);
    const total = 100 * 1000 * 10_000_000; // ₹10^12
    expect(sale.json().order.totalAmount).toBe(total);
    expect(typeof sale.json().order.products[0].lineTotal).toBe('number');

    const ist = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const report = await call('GET', `/api/Orders/gstr1/report?startDate=${ist}&endDate=${ist}&vendorId=${seller}`, admin);
    expect(report.statusCode, report.body.slice(0, 300)).toBe(200);
    expect(report.json().totals).toMatchObject({ sales: total, totalValue: total, quantity: 100_000 });
    expect(report.json().warnings.map((w: { code: string }) => w.code)).not.toContain('gstr1TaxSplit');
  });

  it('prices above ₹1 crore and quantities above 1000 are refused with 400 before anything is written', async () => {
    const product = await makeProduct(ctx.handle.db, { vendorId, shelf, shopPrice: 100, stock: 10 });
    const before = await countOrders(ctx.handle.db);
    const tooDear = await call('POST', '/api/products', vendor, {
      name: 'Too dear',
      price: 10_000_001,
      shopPrice: 10_000_001,
      countInStock: 1,
      reOrderLevel: 0,
      category: shelf.category,
      subcategory: shelf.subcategory,
      gst,
      images: ['https://cdn.example.in/x.jpg'],
    });
    expect(tooDear.statusCode).toBe(400);
    expect(tooDear.json()).toEqual(codedBody('mrpTooHigh', { field: 'price' }));
    const tooMany = await shopSale(vendor, [{ productId: product, quantity: 1001 }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual(codedBody('invalidShopLines', { field: 'products.0.quantity' }));
    expect(await countOrders(ctx.handle.db)).toBe(before);
  });
});

describe('dates outside 2000..2100 or not real days', () => {
  const BAD_DAYS = [
    '0001-01-01',
    '0000-01-01',
    '99999-01-01',
    '275760-09-13',
    '+275760-09-13',
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-1-5',
    '1999-12-31',
    '2101-01-01',
    'yesterday',
  ];

  it('vendor order filters answer 400 with a clear message', async () => {
    for (const bad of BAD_DAYS) {
      for (const field of ['startDate', 'endDate']) {
        const res = await call('GET', `/api/Orders/vendor?${field}=${encodeURIComponent(bad)}`, vendor);
        expect(res.statusCode, `${field}=${bad}`).toBe(400);
        expect(res.json()).toEqual(codedBody('dayInvalid', { field }));
      }
    }
    expect((await call('GET', '/api/Orders/vendor?startDate=2000-01-01&endDate=2100-12-31', vendor)).statusCode).toBe(200);
    expect((await call('GET', '/api/Orders/vendor?startDate=2024-02-29&endDate=2024-02-29', vendor)).statusCode).toBe(200);
  });

  it('the GSTR-1 report answers 400 with a clear message', async () => {
    for (const bad of BAD_DAYS) {
      const start = await call('GET', `/api/Orders/gstr1/report?startDate=${encodeURIComponent(bad)}&endDate=2026-01-31`, vendor);
      expect(start.statusCode, bad).toBe(400);
      expect(start.json(), bad).toEqual(codedBody('dayInvalid', { field: 'startDate' }));
      const end = await call('GET', `/api/Orders/gstr1/report?startDate=2026-01-01&endDate=${encodeURIComponent(bad)}`, vendor);
      expect(end.statusCode, bad).toBe(400);
      expect(end.json(), bad).toEqual(codedBody('dayInvalid', { field: 'endDate' }));
    }
    expect((await call('GET', '/api/Orders/gstr1/report?startDate=2026-01-01&endDate=2026-01-31', vendor)).statusCode).toBe(200);
  });

  it('a shop sale time from the offline outbox outside the range answers 400 and writes nothing', async () => {
    const product = await makeProduct(ctx.handle.db, { vendorId, shelf, shopPrice: 40, stock: 10 });
    const before = await countOrders(ctx.handle.db);
    for (const bad of [
      '0001-01-01T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '1999-12-31T23:59:59Z',
      '2101-01-01T00:00:00Z',
      '2026-02-30T10:00:00Z',
      '+275760-09-13T00:00:00Z',
      '275760-09-13T00:00:00.000Z',
      'now',
    ]) {
      const res = await shopSale(vendor, [{ productId: product, quantity: 1 }], { _id: newId(), createdAt: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toEqual(codedBody('dateTimeInvalid', { field: 'createdAt' }));
    }
    expect(await countOrders(ctx.handle.db)).toBe(before);
    expect(await stockOf(ctx.handle.db, product)).toBe(10);
    const ok = await shopSale(vendor, [{ productId: product, quantity: 1 }], {
      _id: newId(),
      createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(ok.statusCode).toBe(201);
  });
});
