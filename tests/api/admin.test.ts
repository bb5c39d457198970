import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type Method, type TestContext, codedBody } from './helpers';
import { registerCustomer } from '../support/db-builders';

let ctx: TestContext;
const tok: Record<string, string> = {};
const KAVERI = '9876500006';

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'customer', 'delivery'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  tok.kaveri = await login(ctx.app, KAVERI);
});
afterAll(async () => ctx?.close());

const { call, checkout, placeOrder, shopSale } = tokenRequests(() => ctx.app);

async function userId(phone: string): Promise<string> {
  const list = (await call('GET', '/api/users', tok.admin)).json() as Array<{ _id: string; phone: string }>;
  return list.find((u) => u.phone === phone)!._id;
}

async function newProduct(token: string, name: string) {
  const cat = await listedShelf(ctx.app, token);
  const gst = ((await call('GET', '/api/gsts?active=true', token)).json() as Array<{ _id: string; rate: number }>).find(
    (g) => g.rate === 5,
  )!;
  const res = await call('POST', '/api/products', token, {
    name,
    Tamil: 'சோதனை',
    description: 'test',
    price: 120,
    shopPrice: 100,
    countInStock: 50,
    reOrderLevel: 5,
    category: cat.name,
    subcategory: cat.subcategories[0],
    gst: gst._id,
    images: ['/images/placeholder.svg'],
  });
  expect(res.statusCode, res.body).toBe(201);
  const p = res.json();
  return (p.product ?? p) as { _id: string };
}

const searchNames = async (keyword: string) =>
  (
    (await call('GET', `/api/products/search?keyword=${encodeURIComponent(keyword)}`, tok.customer)).json().products as Array<{
      name: string;
    }>
  ).map((p) => p.name);

describe('admin-only calls', () => {
  it('user, category-write, announcement-write and vendor-status calls: 403 for other roles, 401 anonymous', async () => {
    const someone = await userId(DEMO.vendor2);
    const kaveri = await userId(KAVERI);
    const cats = (await call('GET', '/api/categories', tok.admin)).json() as Array<{ _id: string }>;
    const info = (await call('POST', '/api/informations', tok.admin, { information: 'guard test' })).json().information._id;
    const calls: Array<[Method, string, unknown?]> = [
      ['GET', '/api/users'],
      ['GET', `/api/users/${someone}`],
      ['PUT', `/api/users/${someone}`, { userId: someone, role: 'admin' }],
      ['DELETE', `/api/users/${someone}`],
      ['POST', '/api/categories', { name: 'Guarded', subcategories: ['a'] }],
      ['PUT', `/api/categories/${cats[0]._id}`, { name: 'Renamed', subcategories: ['a'] }],
      ['DELETE', `/api/categories/${cats[0]._id}`],
      ['POST', '/api/informations', { information: 'hack' }],
      ['DELETE', `/api/informations/${info}`],
      ['PUT', `/api/products/${kaveri}/toggle-status`, { isActive: false }],
    ];
    for (const [method, url, body] of calls) {
      for (const role of ['customer', 'vendor', 'delivery']) {
        const res = await call(method, url, tok[role], body);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual(codedBody('forbidden'));
      }
      expect((await call(method, url, null, body)).statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    // nothing changed
    expect((await call('GET', `/api/users/${someone}`, tok.admin)).json().role).toBe('vendor');
    expect((await call('GET', '/api/categories', tok.admin)).json().length).toBe(cats.length);
    expect(
      (await call('GET', '/api/users/vendors', tok.admin)).json().find((v: { _id: string }) => v._id === kaveri).vendorDetails.isActive,
    ).toBe(true);
  });

  it('an admin reaches them', async () => {
    expect((await call('GET', '/api/users', tok.admin)).statusCode).toBe(200);
    const c = await call('POST', '/api/categories', tok.admin, { name: 'Admin Test Category', subcategories: ['One', 'Two'] });
    expect(c.statusCode).toBe(201);
    expect((await call('DELETE', `/api/categories/${c.json()._id}`, tok.admin)).statusCode).toBe(200);
  });

  it('delivery staff cannot create orders or edit products', async () => {
    const cat = (await call('GET', '/api/categories', tok.admin)).json()[0];
    const p = await newProduct(tok.vendor, 'Delivery Guard Dal');
    const order = await checkout(tok.delivery, [{ productId: p._id, quantity: 1, price: 100 }]);
    expect(order.statusCode).toBe(403);
    const shop = await shopSale(tok.delivery, [{ productId: p._id, quantity: 1 }]);
    expect(shop.statusCode).toBe(403);
    const edit = await call('PUT', `/api/products/${p._id}`, tok.delivery, {
      name: 'Hacked',
      price: 1,
      shopPrice: 1,
      countInStock: 1,
      reOrderLevel: 1,
      category: cat.name,
      subcategory: cat.subcategories[0],
      gst: 'x',
    });
    expect(edit.statusCode).toBe(403);
    expect((await call('DELETE', `/api/products/${p._id}`, tok.delivery)).statusCode).toBe(403);
    expect((await call('POST', '/api/products', tok.delivery, {})).statusCode).toBe(403);
    expect((await call('GET', `/api/products/${p._id}`, tok.customer)).json().name).toBe('Delivery Guard Dal');
  });
});

describe('users', () => {
  it('the last admin cannot be removed or demoted', async () => {
    const admin = await userId(DEMO.admin);
    const del = await call('DELETE', `/api/users/${admin}`, tok.admin);
    expect(del.statusCode).toBe(400);
    expect(del.json()).toEqual(codedBody('lastAdmin'));
    const demote = await call('PUT', `/api/users/${admin}`, tok.admin, { userId: admin, role: 'user' });
    expect(demote.statusCode).toBe(400);
    expect((await call('GET', `/api/users/${admin}`, tok.admin)).json().role).toBe('admin');
  });

  it('role change and delete answer with the spec texts', async () => {
    const { id } = await registerCustomer(ctx.app);
    const role = await call('PUT', `/api/users/${id}`, tok.admin, { userId: id, role: 'delivery' });
    expect(role.statusCode).toBe(200);
    expect(role.json()).toMatchObject(codedBody('userRoleUpdated'));
    const bad = await call('PUT', `/api/users/${id}`, tok.admin, { userId: id, role: 'superuser' });
    expect(bad.statusCode).toBe(400);
    const del = await call('DELETE', `/api/users/${id}`, tok.admin);
    expect(del.json()).toEqual(codedBody('userDeleted'));
    expect((await call('GET', `/api/users/${id}`, tok.admin)).statusCode).toBe(404);
  });
});

describe('vendor status', () => {
  it('validates the body and the vendor id', async () => {
    const kaveri = await userId(KAVERI);
    expect((await call('PUT', `/api/products/${kaveri}/toggle-status`, tok.admin, { isActive: 'no' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/products/${kaveri}/toggle-status`, tok.admin, {})).statusCode).toBe(400);
    const customer = await userId(DEMO.customer);
    expect((await call('PUT', `/api/products/${customer}/toggle-status`, tok.admin, { isActive: false })).statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/products/00000000-0000-4000-8000-000000000000/toggle-status', tok.admin, { isActive: false })).statusCode,
    ).toBe(404);
  });

  it('deactivating a vendor hides its products and blocks orders; existing orders stay; reactivating restores', async () => {
    const kaveri = await userId(KAVERI);
    const p = await newProduct(tok.kaveri, 'Toggle Test Kambu');
    expect(await searchNames('Toggle Test Kambu')).toEqual(['Toggle Test Kambu']);
    const [{ _id: orderId }] = await placeOrder(tok.customer, [{ productId: p._id }]);

    const off = await call('PUT', `/api/products/${kaveri}/toggle-status`, tok.admin, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ...codedBody('vendorStatusUpdated'), isActive: false });
    expect(
      (await call('GET', '/api/users/vendors', tok.admin)).json().find((v: { _id: string }) => v._id === kaveri).vendorDetails.isActive,
    ).toBe(false);

    expect(await searchNames('Toggle Test Kambu')).toEqual([]);
    const blocked = await checkout(tok.customer, [{ productId: p._id, quantity: 1, price: 100 }]);
    expect(blocked.statusCode).toBeGreaterThanOrEqual(400);
    expect(blocked.statusCode).toBeLessThan(500);
    expect((await call('GET', `/api/Orders/${orderId}`, tok.admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/Orders/${orderId}`, tok.customer)).json()._id).toBe(orderId);
    const { count } = await ctx.handle.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('vendor_id', '=', kaveri)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBeGreaterThanOrEqual(1);

    const on = await call('PUT', `/api/products/${kaveri}/toggle-status`, tok.admin, { isActive: true });
    expect(on.json()).toEqual({ ...codedBody('vendorStatusUpdated'), isActive: true });
    expect(await searchNames('Toggle Test Kambu')).toEqual(['Toggle Test Kambu']);
    await placeOrder(tok.customer, [{ productId: p._id }]);
  });
});
