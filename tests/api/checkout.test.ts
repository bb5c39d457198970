import { coded } from '../../core/coded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, login, type TestContext, codedBody, tokenRequests } from './helpers';
import { COUNTER_ADDRESS, type SaleLine } from '../support/order-bodies';
import { address } from '../support/api-builders';
import {
  countOrders,
  insertUser,
  makeGst,
  makeProduct,
  makeShelf,
  registerCustomer,
  type Shelf,
  stockOf,
  userId,
} from '../support/db-builders';

let ctx: TestContext;
let customer: string, vendor: string, vendor2: string, admin: string, delivery: string;
let vendorId: string;
let vendor2Id: string;
let customerId: string;
let shelf: Shelf;
let gst18: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  [customer, vendor, vendor2, admin, delivery] = await Promise.all(
    [DEMO.customer, DEMO.vendor, DEMO.kaveri, DEMO.admin, DEMO.delivery].map((p) => login(ctx.app, p)),
  );
  vendorId = await userId(db, DEMO.vendor);
  vendor2Id = await userId(db, DEMO.kaveri); // a second shop delivering in Chennai
  customerId = await userId(db, DEMO.customer);
  shelf = await makeShelf(db);
  gst18 = await makeGst(db, 18, '3401');
});
afterAll(async () => ctx?.close());

const { call, checkout, shopSale } = tokenRequests(() => ctx.app);

describe('customer checkout', () => {
  it('refuses tampered prices with 409 and the current prices, writing nothing', async () => {
    const db = ctx.handle.db;
    const p = await makeProduct(db, { vendorId, shelf, shopPrice: 250, discount: 20, stock: 10 });
    const before = await countOrders(db);

    const cheap = await checkout(customer, [{ productId: p, quantity: 2, price: 1, discount: 0, vendorId }]);
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json()).toEqual(codedBody('pricesChanged', { prices: [{ productId: p, price: 250, discount: 20 }] }));
    const bigDiscount = await checkout(customer, [{ productId: p, quantity: 2, price: 250, discount: 200 }]);
    expect(bigDiscount.statusCode).toBe(409);

    expect(await countOrders(db)).toBe(before);
    expect(await stockOf(db, p)).toBe(10);

    // With the current prices it goes through.
    const ok = await checkout(customer, [{ productId: p, quantity: 2, price: 250, discount: 20 }]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().orders[0]).toMatchObject({ totalAmount: 460, totalDiscount: 40, totalDeliveryDiscount: 0, totalPayable: 460 });
    expect(await stockOf(db, p)).toBe(8);
  });

  it('splits a two-vendor cart into two orders whose totals and delivery discounts add up', async () => {
    const db = ctx.handle.db;
    const a = await makeProduct(db, { vendorId, shelf, name: 'Vendor One Rice', shopPrice: 650, discount: 50, stock: 10, gstId: gst18 });
    const b = await makeProduct(db, { vendorId: vendor2Id, shelf, name: 'Vendor Two Oil', shopPrice: 450, stock: 10 });
    // items: 600 x 2 = 1,200 (vendor 1) + 450 x 2 = 900 (vendor 2) = 2,100 -> delivery discount 50, shared
    // 28.57 / 21.43; each order's total is then rounded down to the rupee: 1,171.43 -> 1,171, 878.57 -> 878
    const res = await checkout(customer, [
      { productId: a, quantity: 2, price: 650, discount: 50, vendorId },
      { productId: b, quantity: 2, price: 450, discount: 0, vendorId: vendor2Id },
    ]);
    expect(res.statusCode).toBe(201);
    const orders = res.json().orders as Array<Record<string, any>>;
    expect(orders).toHaveLength(2);
    const o1 = orders.find((o) => o.vendorId._id === vendorId)!;
    const o2 = orders.find((o) => o.vendorId._id === vendor2Id)!;
    expect(o1).toMatchObject({
      totalAmount: 1200,
      totalDiscount: 100,
      totalDeliveryDiscount: 29,
      totalPayable: 1171,
      status: 'Pending',
      paymentStatus: 'Pending',
      isShop: false,
      area: 'Adyar',
    });
    expect(o2).toMatchObject({ totalAmount: 900, totalDiscount: 0, totalDeliveryDiscount: 22, totalPayable: 878 });
    expect(o1.totalAmount + o2.totalAmount).toBe(2100);
    // the slab's ₹50 plus the two round-offs (0.43 + 0.57), in the customer's favour
    expect(Math.round((o1.totalDeliveryDiscount + o2.totalDeliveryDiscount) * 100)).toBe(5100);
    expect(o1.customerId).toEqual({ _id: customerId, name: 'Lakshmi Priya', email: 'lakshmi@example.in', phone: DEMO.customer });
    expect(o1.vendorId).toMatchObject({ _id: vendorId, name: 'Murugan Stores', shopName: 'Murugan Stores', gstNumber: '33AABCM1234F1Z4' });
    // the shop's address for the bill
    expect(o1.vendorId.address).toContain('Chennai');
    expect(o1.shippingAddress).toEqual(address('Adyar'));
    expect(o1.products).toEqual([
      expect.objectContaining({
        productId: expect.objectContaining({ _id: a, name: 'Vendor One Rice' }),
        name: 'Vendor One Rice',
        quantity: 2,
        price: 650,
        discount: 50,
        lineTotal: 1200,
        unit: 'pcs',
        // GST on what was charged: 1,200 - the line's delivery discount 29 = 1,171; CGST = SGST = 9 % of 992.38
        deliveryDiscount: 29,
        gstRate: 18,
        hsnCode: '3401',
        taxable: 992.38,
        cgst: 89.31,
        sgst: 89.31,
      }),
    ]);
    expect(o1.productDetails).toEqual(['Vendor One Rice']);
    expect(o2.products[0]).toMatchObject({ gstRate: 0, hsnCode: '', deliveryDiscount: 22, taxable: 878, cgst: 0 });
    expect(await stockOf(db, a)).toBe(8);
    expect(await stockOf(db, b)).toBe(8);
  });

  it('refuses duplicates, unknown areas, out-of-stock lines (rolling back) and non-customers', async () => {
    const db = ctx.handle.db;
    const a = await makeProduct(db, { vendorId, shelf, shopPrice: 100, stock: 5 });
    const b = await makeProduct(db, { vendorId: vendor2Id, shelf, name: 'Scarce Honey', shopPrice: 300, stock: 1 });
    /** A line of `a` at its price. */
    const lineA = (quantity = 1) => ({ productId: a, quantity, price: 100, discount: 0 });
    const before = await countOrders(db);

    const dup = await checkout(customer, [lineA(), lineA(2)]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual(codedBody('duplicateProducts', { field: 'products' }));

    const badArea = await checkout(customer, [lineA()], { area: 'Atlantis' });
    expect(badArea.statusCode).toBe(400);
    expect(badArea.json()).toEqual(codedBody('chooseDeliveryArea', { field: 'shippingAddress.area' }));

    const noArea = await checkout(customer, [lineA()], { shippingAddress: { ...address(), area: '' } });
    expect(noArea.statusCode).toBe(400);
    expect(noArea.json()).toEqual(codedBody('shippingAllFields', { field: 'shippingAddress.area' }));

    const short = await checkout(customer, [lineA(2), { productId: b, quantity: 2, price: 300, discount: 0 }]);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual(codedBody(coded('notEnoughStock', { name: 'Scarce Honey' })));
    expect(await stockOf(db, a)).toBe(5); // the first line's decrement rolled back
    expect(await countOrders(db)).toBe(before);

    const unknown = await checkout(customer, [{ productId: '6f1c1b1e-1111-4111-8111-111111111111', quantity: 1, price: 1, discount: 0 }]);
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toEqual(codedBody('cartProductGone', { unavailable: ['6f1c1b1e-1111-4111-8111-111111111111'] }));

    for (const staff of [vendor, admin]) {
      const res = await checkout(staff, [lineA()]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(codedBody('customersOnly'));
    }
    const byDelivery = await checkout(delivery, [lineA()]);
    expect(byDelivery.statusCode).toBe(403);
    const anonymous = await checkout(null, [lineA()]);
    expect(anonymous.statusCode).toBe(401);
    const empty = await checkout(customer, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(codedBody('cartEmpty', { field: 'products' }));
    expect(await countOrders(db)).toBe(before);
  });

  it("refuses inactive products and inactive vendors' products", async () => {
    const db = ctx.handle.db;
    const off = await makeProduct(db, { vendorId, shelf, name: 'Retired Soap', shopPrice: 40, isActive: false });
    const res = await checkout(customer, [{ productId: off, quantity: 1, price: 40, discount: 0 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(codedBody(coded('productUnavailable', { name: 'Retired Soap' }), { unavailable: [off] }));

    const v = await insertUser(db, { name: 'Paused Vendor', phone: '9111100002', role: 'vendor', shopName: 'Paused' });
    const p = await makeProduct(db, { vendorId: v, shelf, name: 'Paused Jaggery', shopPrice: 80, stock: 5 });
    await db.updateTable('users').set({ vendor_active: false }).where('id', '=', v).execute();
    const res2 = await checkout(customer, [{ productId: p, quantity: 1, price: 80, discount: 0 }]);
    expect(res2.statusCode).toBe(409);
    expect(res2.json()).toEqual(codedBody(coded('productUnavailable', { name: 'Paused Jaggery' }), { unavailable: [p] }));
    expect(await stockOf(db, p)).toBe(5);
  });

  it('sells the last 5 units to exactly 5 of 20 concurrent customers', async () => {
    const db = ctx.handle.db;
    const p = await makeProduct(db, { vendorId, shelf, name: 'Festival Sweets Box', shopPrice: 500, stock: 5 });
    const buyers = [];
    for (let i = 0; i < 20; i++) buyers.push(await registerCustomer(ctx.app, 'Mylapore'));
    const before = await countOrders(db);
    const results = await Promise.all(
      buyers.map((b) => checkout(b.token, [{ productId: p, quantity: 1, price: 500, discount: 0 }], { area: 'Mylapore' })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toEqual(codedBody(coded('notEnoughStock', { name: 'Festival Sweets Box' })));
    expect(await stockOf(db, p)).toBe(0);
    expect(await countOrders(db)).toBe(before + 5);
  });
});

describe('reading orders', () => {
  it("lists my orders newest first and hides other customers' orders (404)", async () => {
    const db = ctx.handle.db;
    const p = await makeProduct(db, { vendorId, shelf, shopPrice: 10, stock: 100 });
    const other = await registerCustomer(ctx.app);
    const mine1 = (await checkout(customer, [{ productId: p, quantity: 1, price: 10, discount: 0 }])).json().orders[0];
    const mine2 = (await checkout(customer, [{ productId: p, quantity: 3, price: 10, discount: 0 }])).json().orders[0];
    const theirs = (await checkout(other.token, [{ productId: p, quantity: 1, price: 10, discount: 0 }])).json().orders[0];

    const my = await call('GET', '/api/Orders/my', customer);
    expect(my.statusCode).toBe(200);
    const list = my.json() as Array<{ _id: string; customerId: { _id: string } }>;
    expect(list.every((o) => o.customerId._id === customerId)).toBe(true);
    expect(list.findIndex((o) => o._id === mine2._id)).toBeLessThan(list.findIndex((o) => o._id === mine1._id));
    expect(list.some((o) => o._id === theirs._id)).toBe(false);

    const read = (id: string, token: string) => call('GET', `/api/Orders/${id}`, token);
    expect((await read(mine1._id, customer)).json()).toMatchObject({ _id: mine1._id, totalAmount: 10 });
    const denied = await read(theirs._id, customer);
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual(codedBody('orderNotFound'));
    expect((await read(theirs._id, vendor)).statusCode).toBe(200); // the order's vendor
    expect((await read(theirs._id, vendor2)).statusCode).toBe(404); // another vendor
    expect((await read(theirs._id, delivery)).statusCode).toBe(200);
    expect((await read(theirs._id, admin)).statusCode).toBe(200);
    expect((await read('nonsense', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/Orders/my', vendor)).statusCode).toBe(403);
  });
});

describe('shop sales', () => {
  it('prices from the database, takes the counter discount and lets stock go below zero', async () => {
    const db = ctx.handle.db;
    const p = await makeProduct(db, { vendorId, shelf, name: 'Counter Ghee', shopPrice: 300, discount: 0, stock: 1, gstId: gst18 });
    // a price sent with the line is not taken; 30 off the line is 10 off per unit
    const res = await shopSale(vendor, [{ vendorId, productId: p, price: 1, quantity: 3, discount: 30 } as SaleLine], {
      paymentStatus: 'Paid',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.orders).toHaveLength(1);
    expect(body.order).toMatchObject({
      isShop: true,
      customerId: null,
      status: 'Pending',
      paymentStatus: 'Paid',
      totalAmount: 870,
      totalDiscount: 30,
      totalDeliveryDiscount: 0,
      products: [expect.objectContaining({ price: 300, discount: 10, quantity: 3, lineTotal: 870, gstRate: 18 })],
    });
    expect(await stockOf(db, p)).toBe(-2);

    // A discount larger than the line is bounded to the line value.
    const free = await shopSale(vendor, [{ productId: p, quantity: 2, discount: 5000 }]);
    expect(free.statusCode).toBe(201);
    expect(free.json().order).toMatchObject({ totalAmount: 0, totalDiscount: 600, paymentStatus: 'Paid' });
  });

  it("does not let a vendor sell another vendor's product; an admin sale is split per vendor", async () => {
    const db = ctx.handle.db;
    const mine = await makeProduct(db, { vendorId, shelf, shopPrice: 20, stock: 10 });
    const theirs = await makeProduct(db, { vendorId: vendor2Id, shelf, shopPrice: 30, stock: 10 });
    const before = await countOrders(db);
    const res = await shopSale(vendor, [
      { productId: mine, quantity: 1 },
      { productId: theirs, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(codedBody('productNotFound'));
    expect(await countOrders(db)).toBe(before);
    expect(await stockOf(db, mine)).toBe(10);

    const byAdmin = await shopSale(
      admin,
      [
        { productId: mine, quantity: 1 },
        { productId: theirs, quantity: 2 },
      ],
      { paymentStatus: 'Pending' },
    );
    expect(byAdmin.statusCode).toBe(201);
    const orders = byAdmin.json().orders as Array<{ vendorId: { _id: string }; totalAmount: number; paymentStatus: string }>;
    expect(orders.map((o) => [o.vendorId._id, o.totalAmount]).sort()).toEqual(
      [
        [vendorId, 20],
        [vendor2Id, 60],
      ].sort(),
    );
    expect(byAdmin.json().order).toBeUndefined();
    expect(orders.every((o) => o.paymentStatus === 'Pending')).toBe(true);
  });

  it('validates the address, duplicates, role and sale time; keeps the client id (replay-safe)', async () => {
    const db = ctx.handle.db;
    const p = await makeProduct(db, { vendorId, shelf, shopPrice: 50, stock: 10 });
    const line = [{ productId: p, quantity: 1 }];

    const noCity = await shopSale(vendor, line, { shippingAddress: { ...COUNTER_ADDRESS, city: ' ' } });
    expect(noCity.statusCode).toBe(400);
    expect(noCity.json()).toEqual(codedBody('incompleteShipping', { field: 'shippingAddress.city' }));

    const dup = await shopSale(vendor, [...line, ...line]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual(codedBody('duplicateProducts', { field: 'products' }));

    const zero = await shopSale(vendor, [{ productId: p, quantity: 0 }]);
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual(codedBody('invalidShopLines', { field: 'products.0.quantity' }));

    const byCustomer = await shopSale(customer, line);
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json()).toEqual(codedBody('staffOnly'));
    expect((await shopSale(delivery, line)).statusCode).toBe(403);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    const late = await shopSale(vendor, line, { createdAt: future });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(codedBody('saleTimeFuture', { field: 'createdAt' }));
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const early = await shopSale(vendor, line, { createdAt: old });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual(codedBody('saleTimeTooOld', { field: 'createdAt' }));

    const id = crypto.randomUUID();
    const saleTime = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const first = await shopSale(vendor, line, { _id: id, createdAt: saleTime });
    expect(first.statusCode).toBe(201);
    expect(first.json().order).toMatchObject({ _id: id, createdAt: saleTime });
    const replay = await shopSale(vendor, line, { _id: id, createdAt: saleTime });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().order._id).toBe(id);
    expect(await stockOf(db, p)).toBe(9); // taken once
    const stolen = await shopSale(vendor2, line, { _id: id });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toEqual(codedBody('orderIdTaken', { field: '_id' }));
  });
});
