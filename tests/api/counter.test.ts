import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../core/schemas/order';
import type { ProductCreateBody, ProductDto } from '../../core/schemas/product';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext, codedBody } from './helpers';
import { productBody as makeBody } from '../support/api-builders';
import { countOrders } from '../support/db-builders';

/** The shop counter through the API: barcodes, how a sale was paid, the UPI ID, a sale handed over at once. */
let ctx: TestContext;
const tok: Record<string, string> = {};

const { call, ok, shopSale: sale } = tokenRequests(() => ctx.app);
const own = async (token: string, keyword: string) =>
  (await ok('GET', `/api/products/products?keyword=${encodeURIComponent(keyword)}`, token)) as ProductDto[];

let seq = 0;
/** A product body with a fresh name, 100 in stock, on a listed shelf with the first active GST (`extra` overrides). */
let productBody: (extra?: Partial<ProductCreateBody>) => ProductCreateBody;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2', 'customer'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  const gst = ((await ok('GET', '/api/gsts?active=true', tok.admin)) as Array<{ _id: string }>)[0]._id;
  const shelf = await listedShelf(ctx.app, tok.admin);
  productBody = (extra = {}) => makeBody(shelf, gst, `Counter item ${++seq}`, { countInStock: 100, ...extra });
});
afterAll(async () => ctx?.close());

describe('barcodes', () => {
  it('a product keeps its EAN-13 and the vendor product search finds it by the exact code', async () => {
    const p = (await ok('POST', '/api/products', tok.vendor, productBody({ barcode: ' 4006381333931 ' }), 201)) as ProductDto;
    expect(p.barcode).toBe('4006381333931');
    const found = await own(tok.vendor, '4006381333931');
    expect(found.map((x) => x._id)).toEqual([p._id]);
    // a part of the code is not a match (a scan is exact), and another vendor does not see it
    expect(await own(tok.vendor, '400638133393')).toEqual([]);
    expect(await own(tok.vendor2, '4006381333931')).toEqual([]);
    // the admin's search covers every vendor
    expect((await own(tok.admin, '4006381333931')).map((x) => x._id)).toEqual([p._id]);
  });

  it('is unique per vendor: a second product of the same vendor is refused (409), another vendor may use it', async () => {
    await ok('POST', '/api/products', tok.vendor, productBody({ barcode: '96385074' }), 201);
    const before = (await own(tok.vendor, '')).length;
    const dup = await call('POST', '/api/products', tok.vendor, productBody({ barcode: '96385074' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual(codedBody('barcodeTaken', { field: 'barcode' }));
    expect((await own(tok.vendor, '')).length).toBe(before);
    await ok('POST', '/api/products', tok.vendor2, productBody({ barcode: '96385074' }), 201);
  });

  it('an update may not take a barcode another product of the vendor has; keeping its own is fine; left out keeps it; null removes it', async () => {
    const a = (await ok('POST', '/api/products', tok.vendor, productBody({ barcode: 'SHOP-001' }), 201)) as ProductDto;
    const b = (await ok('POST', '/api/products', tok.vendor, productBody({ barcode: 'SHOP-002' }), 201)) as ProductDto;
    const { name, ...rest } = productBody();
    const taken = await call('PUT', `/api/products/${b._id}`, tok.vendor, { ...rest, name: b.name, barcode: 'SHOP-001' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(codedBody('barcodeTaken', { field: 'barcode' }));
    expect((await own(tok.vendor, 'SHOP-002'))[0]._id).toBe(b._id);
    expect((await ok('PUT', `/api/products/${a._id}`, tok.vendor, { ...rest, name, barcode: 'SHOP-001' })).barcode).toBe('SHOP-001');
    expect((await ok('PUT', `/api/products/${a._id}`, tok.vendor, { ...rest, name })).barcode).toBe('SHOP-001');
    expect((await ok('PUT', `/api/products/${a._id}`, tok.vendor, { ...rest, name, barcode: null })).barcode).toBe('');
    expect(await own(tok.vendor, 'SHOP-001')).toEqual([]);
  });

  it('refuses a wrong check digit and codes with spaces, and saves nothing', async () => {
    const before = (await own(tok.vendor, '')).length;
    for (const [barcode, code] of [
      ['4006381333932', 'barcodeCheckDigit'],
      ['036000291453', 'barcodeCheckDigit'],
      ['RICE 5KG', 'barcodeFormat'],
      ['X'.repeat(33), 'barcodeFormat'],
    ] as const) {
      const res = await call('POST', '/api/products', tok.vendor, productBody({ barcode }));
      expect(res.statusCode, barcode).toBe(400);
      expect(res.json()).toEqual(codedBody(code, { field: 'barcode' }));
    }
    expect((await own(tok.vendor, '')).length).toBe(before);
  });
});

describe('paying at the counter', () => {
  let item: ProductDto;
  beforeAll(async () => {
    item = (await ok('POST', '/api/products', tok.vendor, productBody({ barcode: '036000291452' }), 201)) as ProductDto;
  });

  it('records the payment method and refuses one that is not cash, upi or card', async () => {
    for (const m of ['cash', 'upi', 'card'] as const) {
      const res = await sale(tok.vendor, [{ productId: item._id, quantity: 1 }], { paymentMethod: m });
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json().order as OrderDto).paymentMethod).toBe(m);
    }
    const n = await countOrders(ctx.handle.db);
    const bad = await sale(tok.vendor, [{ productId: item._id, quantity: 1 }], { paymentMethod: 'cheque' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(codedBody('paymentMethodInvalid', { field: 'paymentMethod' }));
    expect(await countOrders(ctx.handle.db)).toBe(n);
  });

  it('a sale handed over at the counter is Paid and Delivered at once and is not among the pending orders', async () => {
    const res = await sale(tok.vendor, [{ productId: item._id, quantity: 2 }], { paymentMethod: 'upi', handedOver: true });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as OrderDto;
    expect(order).toMatchObject({ status: 'Delivered', paymentStatus: 'Paid', paymentMethod: 'upi', isShop: true });
    expect(order.deliveredAt).not.toBeNull();
    const pending = (await ok('GET', '/api/Orders/vendor/pending', tok.vendor)) as OrderDto[];
    expect(pending.map((o) => o._id)).not.toContain(order._id);
  });

  it('a sale to deliver later stays Pending as the spec says (handedOver left out or false)', async () => {
    for (const extra of [{}, { handedOver: false }]) {
      const res = await sale(tok.vendor, [{ productId: item._id, quantity: 1 }], extra);
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().order as OrderDto;
      expect(order.status).toBe('Pending');
      expect(order.deliveredAt).toBeNull();
      const pending = (await ok('GET', '/api/Orders/vendor/pending', tok.vendor)) as OrderDto[];
      expect(pending.map((o) => o._id)).toContain(order._id);
    }
  });

  it('refuses a handed-over sale that is not paid, and a handedOver that is not true or false', async () => {
    const n = await countOrders(ctx.handle.db);
    const unpaid = await sale(tok.vendor, [{ productId: item._id, quantity: 1 }], { paymentStatus: 'Pending', handedOver: true });
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json()).toEqual(codedBody('handedOverUnpaid', { field: 'paymentStatus' }));
    const odd = await sale(tok.vendor, [{ productId: item._id, quantity: 1 }], { handedOver: 'yes' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual(codedBody('mustBeTrueOrFalse', { field: 'handedOver' }));
    expect(await countOrders(ctx.handle.db)).toBe(n);
  });

  it("the order carries the shop's address, GSTIN and UPI ID for the bill", async () => {
    await ok('PUT', '/api/users/profile', tok.vendor, { name: 'Murugan', upiId: 'murugan.stores@okaxis', currentPassword: DEMO.password });
    const me = await ok('GET', '/api/users/profile', tok.vendor);
    const res = await sale(tok.vendor, [{ productId: item._id, quantity: 1 }], { handedOver: true });
    const order = res.json().order as OrderDto;
    expect(order.vendorId.upiId).toBe('murugan.stores@okaxis');
    expect(order.vendorId.gstNumber).toBe(me.gstNumber);
    expect(order.vendorId.address).toContain(me.addresses[0].city);
    expect(order.products[0].hsnCode).not.toBe('');
  });
});

describe('UPI ID in the profile', () => {
  it('is saved when it is name@handle, removed with an empty value', async () => {
    const me = await ok('PUT', '/api/users/profile', tok.vendor2, {
      name: 'Lakshmi',
      upiId: ' lakshmi-stores@ybl ',
      currentPassword: DEMO.password,
    });
    expect(me.upiId).toBe('lakshmi-stores@ybl');
    expect((await ok('GET', '/api/users/profile', tok.vendor2)).upiId).toBe('lakshmi-stores@ybl');
    // left out: kept
    expect((await ok('PUT', '/api/users/profile', tok.vendor2, { name: 'Lakshmi' })).upiId).toBe('lakshmi-stores@ybl');
    expect((await ok('PUT', '/api/users/profile', tok.vendor2, { name: 'Lakshmi', upiId: '', currentPassword: DEMO.password })).upiId).toBe(
      '',
    );
  });

  it('refuses anything else and changes nothing', async () => {
    await ok('PUT', '/api/users/profile', tok.vendor2, { name: 'Lakshmi', upiId: 'lakshmi@ybl', currentPassword: DEMO.password });
    for (const upiId of ['lakshmi', 'lakshmi@', '@ybl', 'lak shmi@ybl', 'a@b@c', 'lakshmi@1bank']) {
      const res = await call('PUT', '/api/users/profile', tok.vendor2, { name: 'Changed', upiId, currentPassword: DEMO.password });
      expect(res.statusCode, upiId).toBe(400);
      expect(res.json()).toEqual(codedBody('upiInvalid', { field: 'upiId' }));
    }
    const me = await ok('GET', '/api/users/profile', tok.vendor2);
    expect(me).toMatchObject({ name: 'Lakshmi', upiId: 'lakshmi@ybl' });
  });

  it('a customer cannot set one (it is ignored)', async () => {
    const me = await ok('PUT', '/api/users/profile', tok.customer, { name: 'Customer', upiId: 'someone@okaxis' });
    expect(me.upiId).toBe('');
  });
});

describe('camera for the scanner', () => {
  it('the Permissions-Policy lets this origin (and nothing else) use the camera', async () => {
    const res = await call('GET', '/api/health', null);
    const policy = String(res.headers['permissions-policy']);
    expect(policy).toContain('camera=(self)');
    expect(policy).toContain('microphone=()');
  });
});
