import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRef } from '../../core/order-ref';
import type { OrderDto } from '../../core/schemas/order';
import type { UserDto } from '../../core/schemas/user';
import { bearer, createTestApp, DEMO, login, registerUser, type TestContext, tokenRequests } from './helpers';

type H = Record<string, string>;
let ctx: TestContext;
let admin: H, vendor: H, vendor2: H, customer: H, customer2: H, delivery: H;
/** A pending customer order (no invoice yet) and a paid counter sale (invoiced at once), both of the demo vendor. */
let pending: OrderDto, paid: OrderDto;

const { placeOrder, sale } = tokenRequests(() => ctx.app);
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: object) =>
  ctx.app.inject({ method, url, headers, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  const tokens = await Promise.all([DEMO.admin, DEMO.vendor, DEMO.vendor2, DEMO.customer, DEMO.delivery].map((p) => login(ctx.app, p)));
  [admin, vendor, vendor2, customer, delivery] = tokens.map(bearer);
  const [, vendorToken, , customerToken] = tokens;
  const reg = await registerUser(ctx.app, {
    name: 'Second Customer',
    phone: '9000022222',
    password: 'Second@1234',
    address: { address: '2 Bill Street', city: 'Chennai', pincode: '600020', phoneNumber: '', area: 'Adyar' },
  });
  expect(reg.statusCode).toBe(201);
  customer2 = bearer(reg.json().token);

  const products = (await inject('GET', '/api/products/products', vendor)).json();
  const list = (Array.isArray(products) ? products : products.products) as Array<{
    _id: string;
    shopPrice: number;
    discount: number;
    countInStock: number;
    isActive: boolean;
    unit?: string;
  }>;
  const p = list.find((x) => x.isActive && x.countInStock > 5 && x.unit === 'pcs')!;
  [pending] = await placeOrder(customerToken, [{ productId: p._id }]);
  paid = await sale(vendorToken, [{ productId: p._id, quantity: 1 }], { handedOver: false });
});
afterAll(async () => ctx?.close());

describe('the order reference', () => {
  it('is the invoice number where there is one, else #<order number>, from the fields every order answer has', () => {
    expect(pending.invoiceNumber).toBeNull();
    expect(orderRef(pending)).toBe(`#${pending.orderNumber}`);
    expect(paid.invoiceNumber).toMatch(/\/\d{2}\/\d{6}$/);
    expect(orderRef(paid)).toBe(paid.invoiceNumber);
  });

  it("Vendor Orders finds an order by its short number, its invoice number or the invoice's sequence", async () => {
    const find = async (ref: string) =>
      ((await inject('GET', `/api/Orders/vendor?limit=100&ref=${encodeURIComponent(ref)}`, vendor)).json().orders as OrderDto[]).map(
        (o) => o._id,
      );
    expect(await find(`#${pending.orderNumber}`)).toEqual([pending._id]);
    expect(await find(String(pending.orderNumber))).toContain(pending._id);
    expect(await find(paid.invoiceNumber!)).toEqual([paid._id]);
    expect(await find(paid.invoiceNumber!.toLowerCase())).toEqual([paid._id]);
    const seq = paid.invoiceNumber!.split('/').pop()!;
    expect(await find(seq)).toContain(paid._id);
    expect(await find('ZZ/1999-00/')).toEqual([]);
    // another vendor's search never reaches these orders
    const other = (await inject('GET', `/api/Orders/vendor?limit=100&ref=${encodeURIComponent(paid.invoiceNumber!)}`, vendor2)).json();
    expect(other.orders).toEqual([]);
  });

  it('refuses a reference search that is too long, with a code', async () => {
    const res = await inject('GET', `/api/Orders/vendor?ref=${'9'.repeat(61)}`, vendor);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), field: 'ref' });
  });
});

describe("the customer's bill", () => {
  it('a customer reads their own order, with everything the bill prints', async () => {
    const res = await inject('GET', `/api/Orders/${pending._id}`, customer);
    expect(res.statusCode).toBe(200);
    const o = res.json() as OrderDto;
    expect(o).toMatchObject({ _id: pending._id, orderNumber: pending.orderNumber, invoiceNumber: null });
    expect(o.vendorId).toMatchObject({ shopName: expect.any(String), gstNumber: expect.any(String), upiId: expect.any(String) });
    expect(o.products[0]).toMatchObject({ hsnCode: expect.any(String), gstRate: expect.any(Number), taxable: expect.any(Number) });
  });

  it("another customer's order is not found, the same answer as a missing one", async () => {
    const theirs = await inject('GET', `/api/Orders/${pending._id}`, customer2);
    expect(theirs.statusCode).toBe(404);
    const sale = await inject('GET', `/api/Orders/${paid._id}`, customer);
    expect(sale.statusCode).toBe(404);
    expect(sale.json().code).toBe(theirs.json().code);
    // the rider and the vendor still open it
    expect((await inject('GET', `/api/Orders/${pending._id}`, delivery)).statusCode).toBe(200);
    expect((await inject('GET', `/api/Orders/${pending._id}`, vendor)).statusCode).toBe(200);
  });
});

describe('switching a vendor off and on', () => {
  const vendorsList = async () => (await inject('GET', '/api/users/vendors', admin)).json() as UserDto[];

  it("the admin's vendor list says how many products each shop has and how many customers see", async () => {
    const list = await vendorsList();
    const murugan = list.find((v) => v.phone === DEMO.vendor)!;
    expect(murugan.activeProducts).toBeGreaterThan(0);
    expect(murugan.productCount).toBeGreaterThanOrEqual(murugan.activeProducts!);
    // a vendor's own list of vendors carries no counts
    const seen = (await inject('GET', '/api/users/vendors', vendor)).json() as Array<Record<string, unknown>>;
    expect(seen.every((v) => !('activeProducts' in v) && !('productCount' in v))).toBe(true);
  });

  it('off hides the shop from customers, on (the undo) brings it back as it was; only admins may', async () => {
    const murugan = (await vendorsList()).find((v) => v.phone === DEMO.vendor)!;
    const line = ((await inject('GET', `/api/Orders/${pending._id}`, customer)).json() as OrderDto).products[0];
    const productId = line.productId._id!;
    const seen = async () =>
      JSON.stringify((await inject('GET', `/api/products/search?keyword=${encodeURIComponent(line.name)}&pageSize=50`, customer)).json());
    expect(await seen()).toContain(productId);

    for (const h of [vendor, customer, delivery]) {
      expect((await inject('PUT', `/api/products/${murugan._id}/toggle-status`, h, { isActive: false })).statusCode).toBe(403);
    }
    const off = await inject('PUT', `/api/products/${murugan._id}/toggle-status`, admin, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false, code: 'vendorStatusUpdated' });
    expect((await vendorsList()).find((v) => v._id === murugan._id)!.vendorDetails!.isActive).toBe(false);
    expect(await seen()).not.toContain(productId);

    const on = await inject('PUT', `/api/products/${murugan._id}/toggle-status`, admin, { isActive: true });
    expect(on.statusCode).toBe(200);
    const after = (await vendorsList()).find((v) => v._id === murugan._id)!;
    expect(after.vendorDetails!.isActive).toBe(true);
    expect(after.activeProducts).toBe(murugan.activeProducts);
    expect(await seen()).toContain(productId);
  });

  it('refuses a bad body with a code and changes nothing', async () => {
    const murugan = (await vendorsList()).find((v) => v.phone === DEMO.vendor)!;
    const res = await inject('PUT', `/api/products/${murugan._id}/toggle-status`, admin, { isActive: 'no' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'mustBeTrueOrFalse', field: 'isActive' });
    expect((await vendorsList()).find((v) => v._id === murugan._id)!.vendorDetails!.isActive).toBe(true);
  });
});

describe("a new vendor's first-day checklist data", () => {
  it('the profile answer carries the product count, delivery areas and shop fields', async () => {
    const me = (await inject('GET', '/api/users/profile', vendor)).json() as UserDto;
    expect(me.productCount).toBeGreaterThan(0);
    expect(Array.isArray(me.deliveryAreas)).toBe(true);
    const fresh = (await inject('GET', '/api/users/profile', customer2)).json() as UserDto;
    expect(fresh.productCount).toBeUndefined();
  });
});
