import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { orderDto } from '../../core/schemas/order';
import { newId } from '../../server/lib/ids';
import { loadOrders } from '../../server/services/sales/order-dto';
import { bearer, createTestApp, DEMO, login, type TestContext } from './helpers';
import { insertOrder, insertUser, makeProduct, makeShelf, numberedLines, orderWriter, userId } from '../support/db-builders';

/**
 * The spec's whole orders of an area (POST /api/Orders/pending-by-area), sent as built: the same
 * bytes as the JSON of the orders, and many requests for one area at once cost few builds, each
 * seeing every write committed before its request came.
 */

type H = Record<string, string>;
let ctx: TestContext;
let delivery: H;
let vendorId: string, buyerId: string, productId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  delivery = bearer(await login(ctx.app, DEMO.delivery));
  const db = ctx.handle.db;
  vendorId = await userId(db, DEMO.vendor);
  buyerId = await insertUser(db, { name: 'Whole Buyer', email: 'whole@example.in', phone: '9000033333', role: 'user' });
  const shelf = await makeShelf(db, { category: 'AO Cat', subcategory: 'AO Sub' });
  productId = await makeProduct(db, { vendorId, shelf, name: 'AO Rice', shopPrice: 90 });
});
afterAll(async () => ctx?.close());
afterEach(() => vi.restoreAllMocks());

/** An area of its own for each test, so its list holds only that test's orders. */
const newArea = () => `Whole Nagar ${newId().slice(0, 8)}`;

let minute = 0;
/** A pending order of this file's buyer with two lines of its rice, each order a minute after the last (the list is oldest first). */
const order = orderWriter(
  () => ctx.handle.db,
  () => ({
    vendorId,
    customerId: buyerId,
    createdAt: new Date(Date.now() - 3_600_000 + ++minute * 60_000),
    lines: numberedLines({ _id: productId, name: 'AO Rice' }, 2),
  }),
);

const list = (area: string, encoding = 'identity') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/Orders/pending-by-area',
    headers: { ...delivery, 'accept-encoding': encoding },
    payload: { area },
  });
const ids = (body: string) => (JSON.parse(body) as Array<{ _id: string }>).map((o) => o._id);

describe('the whole orders of an area (POST /api/Orders/pending-by-area)', () => {
  it('answers the JSON of the whole orders, byte for byte, compressed as the client accepts it', async () => {
    const area = newArea();
    const first = await order({ area, lines: numberedLines({ _id: productId, name: 'AO Rice' }, 3) });
    const second = await order({ area: area.toUpperCase() });
    await insertOrder(ctx.handle.db, {
      vendorId,
      customerId: buyerId,
      area,
      status: 'Delivered',
      lines: [{ productId, name: 'AO Rice', price: 90 }],
    });

    const plain = await list(`  ${area.toLowerCase()} `);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // what the route answered when its serializer wrote the orders: JSON.stringify of the whole orders
    expect(plain.body).toBe(JSON.stringify(await loadOrders(ctx.handle.db, [first, second])));
    // sent as built, past the response serializer: the contract is checked here
    expect(z.array(orderDto).safeParse(plain.json()).success).toBe(true);

    const br = await list(area, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await list(area, 'gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers['cache-control']).toBe('no-store');
    expect((await list('Nowhere at all')).json()).toEqual([]);
  });

  it('requests made while the builds are busy share one build; a request after a build started has its own, with the writes before it', async () => {
    const area = newArea();
    const svc = ctx.app.services.vendorOrders;
    const read = svc.pendingByArea.bind(svc);
    // each build's database read; while `holding`, a build is held after its read until the test lets it go on
    const builds: Array<{ ids: string[]; release: () => void }> = [];
    let holding = true;
    vi.spyOn(svc, 'pendingByArea').mockImplementation(async (a) => {
      const orders = await read(a);
      const ids = orders.map((o) => o._id);
      if (holding) await new Promise<void>((release) => builds.push({ ids, release }));
      else builds.push({ ids, release: () => {} });
      return orders;
    });
    const asked = vi.spyOn(svc, 'pendingByAreaAnswer');
    const built = (n: number) => vi.waitFor(() => expect(builds).toHaveLength(n), { timeout: 20_000, interval: 5 });

    const o1 = await order({ area });
    const r1 = list(area);
    await built(1);
    // written after the first build read, before the second request: the second request sees it
    const o2 = await order({ area });
    const r2 = list(area.toUpperCase());
    await built(2);
    const o3 = await order({ area });
    // both builds busy: these wait, sharing one build (whatever their encoding or the area's case)
    const later = Array.from({ length: 8 }, (_, i) => list(i % 2 ? area : area.toLowerCase(), i % 3 ? 'br' : 'identity'));
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(10), { timeout: 20_000, interval: 5 });
    expect(builds).toHaveLength(2);

    holding = false;
    for (const b of builds) b.release();
    const [a1, a2, ...rest] = await Promise.all([r1, r2, ...later]);
    expect(builds.map((b) => b.ids)).toEqual([[o1], [o1, o2], [o1, o2, o3]]);
    expect(ids(a1.body)).toEqual([o1]);
    expect(ids(a2.body)).toEqual([o1, o2]);

    vi.restoreAllMocks();
    const whole = JSON.stringify(await loadOrders(ctx.handle.db, [o1, o2, o3]));
    for (const res of rest) {
      expect(res.statusCode).toBe(200);
      const body = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.body;
      expect(body).toBe(whole);
    }
    // one build's answer, compressed once: the same bytes to every request that took Brotli
    const brs = rest.filter((res) => res.headers['content-encoding'] === 'br');
    expect(brs.length).toBeGreaterThan(1);
    for (const res of brs) expect(res.rawPayload.equals(brs[0].rawPayload)).toBe(true);
  });

  it('a failed build answers its requests with an error, and the next request builds again', async () => {
    const area = newArea();
    const o1 = await order({ area });
    const svc = ctx.app.services.vendorOrders;
    vi.spyOn(svc, 'pendingByArea').mockRejectedValueOnce(new Error('database gone'));
    expect((await list(area)).statusCode).toBe(500);
    expect(ids((await list(area)).body)).toEqual([o1]);
  });
});
