import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { App } from '../../server/app-type';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import type { Db } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed-demo';
import { IdempotencyService, IDEMPOTENCY_LEASE_MS } from '../../server/services/platform/idempotency.service';
import { createOrderSchema } from '../../core/schemas/order';
import { bearer, createTestApp, DEMO, login, newServerDatabase, type TestContext, codedBody } from './helpers';

/** A product of the demo vendor, made here so the test does not depend on seed contents. */
async function makeProduct(db: Db, vendorPhone: string = DEMO.vendor, stock = 1000) {
  const vendor = await db.selectFrom('users').select('id').where('phone', '=', vendorPhone).executeTakeFirstOrThrow();
  const categoryId = randomUUID();
  const subcategoryId = randomUUID();
  const productId = randomUUID();
  await db
    .insertInto('categories')
    .values({ id: categoryId, name: `Idem ${categoryId.slice(0, 8)}`, created_at: new Date() })
    .execute();
  await db
    .insertInto('subcategories')
    .values({ id: subcategoryId, category_id: categoryId, name: `Sub ${subcategoryId.slice(0, 8)}`, position: 0 })
    .execute();
  await db
    .insertInto('products')
    .values({
      id: productId,
      vendor_id: vendor.id,
      name: 'Idempotency Rice',
      tamil: 'அரிசி',
      description: 'test',
      price_paise: 12000,
      shop_price_paise: 10000,
      count_in_stock: stock,
      reorder_level: 1,
      category_id: categoryId,
      subcategory_id: subcategoryId,
      gst_id: null,
      images: JSON.stringify([]) as never,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
  return { productId, vendorId: vendor.id };
}

const shopSale = (p: { productId: string; vendorId: string }, quantity = 2, extra: Record<string, unknown> = {}) => ({
  isShop: true,
  products: [{ productId: p.productId, vendorId: p.vendorId, price: 100, quantity, discount: 0 }],
  shippingAddress: { address: '1 Bazaar St', city: 'Madurai', pincode: '625001', phoneNumber: '9876543210' },
  paymentStatus: 'Paid',
  ...extra,
});

const countOrders = async (db: Db, id?: string) => {
  let q = db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n'));
  if (id) q = q.where('id', '=', id);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

describe('Idempotency-Key on the outbox writes', () => {
  let ctx: TestContext;
  let app: App;
  let vendorToken: string;
  let product: { productId: string; vendorId: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    app = ctx.app;
    vendorToken = await login(app, DEMO.vendor);
    product = await makeProduct(ctx.handle.db);
  });
  afterAll(async () => ctx?.close());

  it('the same key sent 50 times concurrently creates one order', async () => {
    const key = randomUUID();
    // No client _id here: the Idempotency-Key alone must keep it to one order.
    const body = shopSale(product, 1, { createdAt: new Date(Date.now() - 3_600_000).toISOString() });
    const before = await countOrders(ctx.handle.db);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.inject({ method: 'POST', url: '/api/Orders', headers: { ...bearer(vendorToken), 'idempotency-key': key }, payload: body }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.every((c) => c === 201 || c === 409)).toBe(true);
    expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(1);
    for (const r of responses.filter((r) => r.statusCode === 409)) expect(r.json()).toEqual(codedBody('idempotencyKeyRunning'));
    expect(await countOrders(ctx.handle.db)).toBe(before + 1);
    // Every 201 carries the same order; the stock moved once.
    const ids = new Set(responses.filter((r) => r.statusCode === 201).map((r) => JSON.stringify(r.json())));
    expect(ids.size).toBe(1);
    const stock = await ctx.handle.db
      .selectFrom('products')
      .select('count_in_stock')
      .where('id', '=', product.productId)
      .executeTakeFirstOrThrow();
    expect(Number(stock.count_in_stock)).toBe(999);
  });

  it('a repeat of a finished request returns the stored status and body', async () => {
    const key = randomUUID();
    const body = shopSale(product, 2);
    const first = await app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { ...bearer(vendorToken), 'idempotency-key': key },
      payload: body,
    });
    expect(first.statusCode).toBe(201);
    const before = await countOrders(ctx.handle.db);
    const again = await app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { ...bearer(vendorToken), 'idempotency-key': key },
      payload: body,
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await countOrders(ctx.handle.db)).toBe(before);
  });

  it('a used key with a different body is 422 and changes nothing', async () => {
    const key = randomUUID();
    const first = await app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { ...bearer(vendorToken), 'idempotency-key': key },
      payload: shopSale(product, 1),
    });
    expect(first.statusCode).toBe(201);
    const before = await countOrders(ctx.handle.db);
    const other = await app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { ...bearer(vendorToken), 'idempotency-key': key },
      payload: shopSale(product, 3),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual(codedBody('idempotencyKeyReused'));
    expect(await countOrders(ctx.handle.db)).toBe(before);
    // The same key on another endpoint is a different request too.
    const elsewhere = await app.inject({
      method: 'PUT',
      url: '/api/Orders/mark-delivered',
      headers: { ...bearer(vendorToken), 'idempotency-key': key },
      payload: { orderId: first.json().order?._id ?? first.json().orders[0]._id },
    });
    expect(elsewhere.statusCode).toBe(422);
  });

  it('keys are per user: the same key from another user is a separate request', async () => {
    const key = randomUUID();
    const adminToken = await login(app, DEMO.admin);
    const a = await app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { ...bearer(vendorToken), 'idempotency-key': key },
      payload: shopSale(product, 1),
    });
    const b = await app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { ...bearer(adminToken), 'idempotency-key': key },
      payload: shopSale(product, 1),
    });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body).not.toBe(a.body);
  });

  it('a request whose first try is still running is 409 with Retry-After', async () => {
    const key = randomUUID();
    const body = shopSale(product, 1);
    const user = await ctx.handle.db.selectFrom('users').select('id').where('phone', '=', DEMO.vendor).executeTakeFirstOrThrow();
    const svc = new IdempotencyService(ctx.handle.db);
    const { hashBody } = await import('../../server/services/platform/idempotency.service');
    // Another process holds the key (claimed, not finished). The body hash is over the parsed body.
    const parsed = createOrderSchema.parse(body);
    expect(await svc.claim({ userId: user.id, key, method: 'POST', path: '/api/Orders', bodyHash: hashBody(parsed) })).toEqual({
      kind: 'claimed',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { ...bearer(vendorToken), 'idempotency-key': key },
      payload: body,
    });
    expect(res.statusCode).toBe(409);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // A process that died mid-request: after the lease, a retry runs.
    const later = new Date(Date.now() + IDEMPOTENCY_LEASE_MS + 1000);
    expect(await svc.claim({ userId: user.id, key, method: 'POST', path: '/api/Orders', bodyHash: hashBody(parsed) }, later)).toEqual({
      kind: 'claimed',
    });
  });

  it('a 4xx answer is stored too (it would not change), a bad key is 400, no key works as before', async () => {
    const key = randomUUID();
    const missing = { orderId: randomUUID() };
    const first = await app.inject({
      method: 'PUT',
      url: '/api/Orders/mark-delivered',
      headers: { ...bearer(vendorToken), 'idempotency-key': key },
      payload: missing,
    });
    expect(first.statusCode).toBe(404);
    expect(first.json()).toEqual(codedBody('orderNotFound'));
    const again = await app.inject({
      method: 'PUT',
      url: '/api/Orders/mark-delivered',
      headers: { ...bearer(vendorToken), 'idempotency-key': key },
      payload: missing,
    });
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/Orders/mark-delivered',
      headers: { ...bearer(vendorToken), 'idempotency-key': 'x'.repeat(300) },
      payload: missing,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(codedBody('idempotencyKeyInvalid'));
    const none = await app.inject({ method: 'POST', url: '/api/Orders', headers: bearer(vendorToken), payload: shopSale(product, 1) });
    expect(none.statusCode).toBe(201);
    // Unauthenticated: 401 from the guard, and the key is not used up.
    const anon = await app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: shopSale(product, 1),
    });
    expect(anon.statusCode).toBe(401);
  });

  it('Mark Delivered twice with the same key and on an already Delivered order succeeds without change', async () => {
    const sale = await app.inject({ method: 'POST', url: '/api/Orders', headers: bearer(vendorToken), payload: shopSale(product, 1) });
    const orderId: string = sale.json().order?._id ?? sale.json().orders[0]._id;
    const key = randomUUID();
    const a = await app.inject({
      method: 'PUT',
      url: '/api/Orders/mark-delivered',
      headers: { ...bearer(vendorToken), 'idempotency-key': key },
      payload: { orderId },
    });
    expect(a.statusCode).toBe(200);
    const row1 = await ctx.handle.db
      .selectFrom('orders')
      .select(['status', 'delivered_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row1.status).toBe('Delivered');
    const b = await app.inject({
      method: 'PUT',
      url: '/api/Orders/mark-delivered',
      headers: { ...bearer(vendorToken), 'idempotency-key': key },
      payload: { orderId },
    });
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    // A new key on an already delivered order: succeeds, delivered_at unchanged.
    const c = await app.inject({
      method: 'PUT',
      url: '/api/Orders/mark-delivered',
      headers: { ...bearer(vendorToken), 'idempotency-key': randomUUID() },
      payload: { orderId },
    });
    expect(c.statusCode).toBe(200);
    const row2 = await ctx.handle.db
      .selectFrom('orders')
      .select(['status', 'delivered_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(new Date(row2.delivered_at!).getTime()).toBe(new Date(row1.delivered_at!).getTime());
  });

  it('records are kept at least 30 days and purged after they expire', async () => {
    const key = randomUUID();
    await app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { ...bearer(vendorToken), 'idempotency-key': key },
      payload: shopSale(product, 1),
    });
    const user = await ctx.handle.db.selectFrom('users').select('id').where('phone', '=', DEMO.vendor).executeTakeFirstOrThrow();
    const svc = new IdempotencyService(ctx.handle.db);
    const rec = await svc.find(user.id, key);
    expect(rec?.state).toBe('done');
    expect(new Date(rec!.expires_at).getTime() - Date.now()).toBeGreaterThan(30 * 86_400_000);
    await svc.purgeExpired(new Date(Date.now() + 29 * 86_400_000));
    expect(await svc.find(user.id, key)).toBeDefined();
    await svc.purgeExpired(new Date(Date.now() + 32 * 86_400_000));
    expect(await svc.find(user.id, key)).toBeUndefined();
  });

  it('a 5xx answer releases the key, so the retry runs again', async () => {
    const key = randomUUID();
    // Break the orders table for one request: the handler answers 5xx.
    await ctx.handle.db.schema.alterTable('orders').renameTo('orders_away').execute();
    let broken;
    try {
      broken = await app.inject({
        method: 'POST',
        url: '/api/Orders',
        headers: { ...bearer(vendorToken), 'idempotency-key': key },
        payload: shopSale(product, 1),
      });
    } finally {
      await ctx.handle.db.schema.alterTable('orders_away').renameTo('orders').execute();
    }
    expect(broken.statusCode).toBeGreaterThanOrEqual(500);
    const retry = await app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { ...bearer(vendorToken), 'idempotency-key': key },
      payload: shopSale(product, 1),
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a second API process on the same database honours the same keys', async () => {
    const second = await buildApp({ db: ctx.handle.db, config: ctx.config });
    await second.ready();
    try {
      const key = randomUUID();
      const body = shopSale(product, 1, { _id: key });
      const before = await countOrders(ctx.handle.db);
      const [r1, r2] = await Promise.all([
        app.inject({ method: 'POST', url: '/api/Orders', headers: { ...bearer(vendorToken), 'idempotency-key': key }, payload: body }),
        second.inject({ method: 'POST', url: '/api/Orders', headers: { ...bearer(vendorToken), 'idempotency-key': key }, payload: body }),
      ]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual(expect.arrayContaining([201]));
      const r3 = await second.inject({
        method: 'POST',
        url: '/api/Orders',
        headers: { ...bearer(vendorToken), 'idempotency-key': key },
        payload: body,
      });
      expect(r3.statusCode).toBe(201);
      expect(await countOrders(ctx.handle.db)).toBe(before + 1);
    } finally {
      await second.close();
    }
  });
});

describe('a key survives a server restart', () => {
  it('replays the stored answer from a new process on the same data', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idem-restart-'));
    const serverDb = serverUrl ? await newServerDatabase(serverUrl) : undefined;
    const config = { ...loadConfig({ ...process.env, DATABASE_URL: '' }), webDir: '/nonexistent' };
    const start = async (first: boolean) => {
      const handle = await openDatabase(serverDb ? { databaseUrl: serverDb.url } : { dataDir: path.join(dataDir, 'pglite') });
      if (first) {
        await migrateToLatest(handle.db);
        await seedDemo(handle.db);
      }
      const app = await buildApp({ db: handle.db, config });
      await app.ready();
      return { app, handle };
    };
    try {
      const one = await start(true);
      const token = await login(one.app, DEMO.vendor);
      const product = await makeProduct(one.handle.db);
      const key = randomUUID();
      const body = shopSale(product, 2, { _id: key });
      const first = await one.app.inject({
        method: 'POST',
        url: '/api/Orders',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: body,
      });
      expect(first.statusCode).toBe(201);
      await one.app.close();
      await one.handle.close();

      const two = await start(false);
      try {
        const again = await two.app.inject({
          method: 'POST',
          url: '/api/Orders',
          headers: { ...bearer(token), 'idempotency-key': key },
          payload: body,
        });
        expect(again.statusCode).toBe(201);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.body).toBe(first.body);
        const other = await two.app.inject({
          method: 'POST',
          url: '/api/Orders',
          headers: { ...bearer(token), 'idempotency-key': key },
          payload: shopSale(product, 5, { _id: key }),
        });
        expect(other.statusCode).toBe(422);
        expect(await countOrders(two.handle.db, key)).toBe(1);
      } finally {
        await two.app.close();
        await two.handle.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await serverDb?.drop();
    }
  });
});
