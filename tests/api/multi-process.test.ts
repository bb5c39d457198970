import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/start-server.mjs';
import { DEMO, newServerDatabase } from './helpers';
import type { DisplayMessage } from '../../core/schemas/display';
import { displayMessage } from '../support/display-bodies';
import { openSse } from '../support/sse-stream';

/**
 * Two API processes (server/main.ts, each with its own DATA_DIR) on one PostgreSQL database, as
 * several machines would run: what one process writes, the other serves at once. PGlite is one
 * process, so this runs only with TEST_DATABASE_URL (CI runs the API suite on PostgreSQL).
 */

const SERVER_URL = process.env.TEST_DATABASE_URL;
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

/** Starts server/main.ts on the database; resolves with its base URL once it answers /api/ready. */
async function start(databaseUrl: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-process-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({
    args: ['--import', 'tsx', 'server/main.ts'],
    timeoutMs: 90_000,
    env: {
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      WEB_DIR: '/nonexistent',
      NODE_ENV: 'test',
      SMS_SENDER: 'log',
      LOG_LEVEL: 'warn',
      WORKERS: '1',
      RATE_LIMIT_LOGIN: '1000',
    },
  });
  children.push(server.child);
  return server.url;
}

let a: string;
let b: string;
let sql: pg.Client;

async function call(base: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: () => JSON.parse(text), text };
}
const signIn = (base: string, phone: string, password: string) => call(base, 'POST', '/api/users/auth', undefined, { phone, password });
const token = async (base: string, phone: string) => {
  const r = await signIn(base, phone, DEMO.password);
  expect(r.status, r.text).toBe(200);
  return r.json().token as string;
};

// Several processes need a database server: PGlite is one process. CI runs this in its PostgreSQL pass.
describe.skipIf(!SERVER_URL)('two API processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    const { url, drop } = await newServerDatabase(SERVER_URL!);
    cleanups.push(drop);
    a = await start(url); // migrates and seeds the demo data
    b = await start(url);
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
    cleanups.push(() => sql.end());
  }, 180_000);

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    for (const c of cleanups.reverse()) await c();
  }, 60_000);

  it('serves an image uploaded through one process from the other, with the same headers', async () => {
    const vendor = await token(a, DEMO.vendor);
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d4944415478da6364f8cfc0f01f0005000201e2264a0d0000000049454e44ae426082',
      'hex',
    );
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'dot.png');
    const up = await fetch(`${a}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${vendor}` }, body: form });
    expect(up.status, await up.clone().text()).toBe(201);
    const { secure_url: url } = (await up.json()) as { secure_url: string };
    const fromA = await fetch(a + url);
    const fromB = await fetch(b + url);
    expect(fromB.status).toBe(200);
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(png);
    await fromA.arrayBuffer();
    for (const h of ['content-type', 'cache-control', 'content-security-policy', 'etag'])
      expect(fromB.headers.get(h), h).toBe(fromA.headers.get(h));
    expect(fromB.headers.get('cache-control')).toMatch(/immutable/);
  });

  it("shows a product edit through one process in the other one's search at once, and fresh stock after a checkout", async () => {
    const vendor = await token(a, DEMO.vendor);
    const customer = await token(b, DEMO.customer);
    const own = (await call(b, 'GET', '/api/products/products', vendor)).json() as Array<{
      _id: string;
      name: string;
      countInStock: number;
    }>;
    const product = own.find((p) => p.countInStock > 5)!;
    const detail = (await call(b, 'GET', `/api/products/${product._id}`, customer)).json();
    const byName = async (kw: string) => (await call(b, 'GET', `/api/products/search?keyword=${encodeURIComponent(kw)}`, customer)).json();
    // B ranks searches in its memory (its index built at start), and answers (and caches) both searches before the edit
    await expect.poll(async () => (await call(b, 'GET', '/api/ready')).json().search, { timeout: 30_000 }).toBe('memory');
    expect((await byName('Twoprocess')).total).toBe(0);
    expect((await byName(product.name)).products.map((p: { _id: string }) => p._id)).toContain(product._id);

    const edit = await call(a, 'PUT', `/api/products/${product._id}`, vendor, {
      name: `Twoprocess ${product.name}`,
      Tamil: detail.Tamil,
      description: detail.description,
      price: detail.price,
      shopPrice: detail.shopPrice,
      countInStock: detail.countInStock,
      reOrderLevel: detail.reOrderLevel,
      category: detail.category,
      subcategory: detail.subcategory,
      discount: detail.discount,
      gst: detail.gst,
      images: detail.images,
    });
    expect(edit.status, edit.text).toBe(200);
    const after = await byName('Twoprocess');
    expect(after.products.map((p: { _id: string; name: string }) => [p._id, p.name])).toEqual([
      [product._id, `Twoprocess ${product.name}`],
    ]);

    // a checkout through A: B's cached page shows the stock it left
    const order = await call(a, 'POST', '/api/Orders', customer, {
      products: [{ productId: product._id, quantity: 2, price: detail.shopPrice, discount: detail.discount, vendorId: detail.vendorId }],
      shippingAddress: { address: '1 Test Street', city: 'Chennai', pincode: '600020', phoneNumber: '9876500003', area: 'Adyar' },
    });
    expect(order.status, order.text).toBe(201);
    expect((await byName('Twoprocess')).products[0].countInStock).toBe(detail.countInStock - 2);
  });

  it('carries an order event made through one process to a stream opened on the other within 2 s (LISTEN/NOTIFY)', async () => {
    const vendor = await token(a, DEMO.vendor);
    const customer = await token(a, DEMO.customer);
    // the ticket comes from A and opens the stream on B: tickets live in the database
    const ticket = await call(a, 'POST', '/api/events/ticket', vendor);
    expect(ticket.status, ticket.text).toBe(200);
    const controller = new AbortController();
    const stream = await fetch(`${b}/api/events?ticket=${ticket.json().ticket}`, { signal: controller.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let text = '';
    await reader.read(); // the opening comment: B listens
    const own = (await call(a, 'GET', '/api/products/products', vendor)).json() as Array<{ _id: string; countInStock: number }>;
    const product = own.find((p) => p.countInStock > 5)!;
    const detail = (await call(a, 'GET', `/api/products/${product._id}`, customer)).json();
    const started = Date.now();
    const order = await call(a, 'POST', '/api/Orders', customer, {
      products: [{ productId: product._id, quantity: 1, price: detail.shopPrice, discount: detail.discount, vendorId: detail.vendorId }],
      shippingAddress: { address: '1 Test Street', city: 'Chennai', pincode: '600020', phoneNumber: '9876500003', area: 'Adyar' },
    });
    expect(order.status, order.text).toBe(201);
    const orderId = order.json().orders[0]._id as string;
    const timer = setTimeout(() => controller.abort(), 2000);
    try {
      while (!text.includes(orderId)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += Buffer.from(value).toString('utf8');
      }
    } catch {
      /* aborted after 2 s: the assertion below fails */
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
    expect(text).toContain(`"orderId":"${orderId}","kind":"created"`);
    expect(Date.now() - started).toBeLessThan(2000 + 500);
  });

  it("relays a till's bill sent through one process to a customer display whose stream is open on the other", async () => {
    const vendor = await token(a, DEMO.vendor);
    const made = await call(a, 'POST', '/api/displays');
    expect(made.status, made.text).toBe(201);
    const { code, token: displayToken } = made.json() as { code: string; token: string };
    // paired through B, its ticket from A, its stream on B, the bill through A: only the database joins them
    const paired = await call(b, 'POST', '/api/displays/pair', vendor, { code });
    expect(paired.status, paired.text).toBe(200);
    const ticket = await call(a, 'POST', '/api/displays/ticket', undefined, { token: displayToken });
    const stream = await openSse(`${b}/api/displays/stream?ticket=${ticket.json().ticket}`);
    try {
      await stream.next('display');
      const bill = displayMessage({ total: 77 });
      const sent = await call(a, 'PUT', '/api/displays/state', vendor, bill);
      expect(sent.json()).toEqual({ displays: 1 });
      expect(await stream.next<DisplayMessage>('state', (m) => m.seq === bill.seq, 2000)).toEqual(bill);
    } finally {
      stream.close();
      await call(a, 'DELETE', `/api/displays/${paired.json()._id}`, vendor);
    }
  });

  it('counts failed sign-ins through both processes together (lock-out and rate limit)', async () => {
    const phone = '9876500007';
    const wrong = 'Wrong@12345';
    for (const [base, n] of [
      [a, 3],
      [b, 2],
    ] as const) {
      for (let i = 0; i < n; i++) expect((await signIn(base, phone, wrong)).status).toBe(401);
    }
    const { rows } = await sql.query('SELECT failures FROM login_failures WHERE phone = $1', [phone]);
    expect(rows).toEqual([{ failures: 5 }]);
    // five failures in all: the next attempt waits, even with the right password, through either process
    for (const base of [a, b]) {
      const r = await signIn(base, phone, DEMO.password);
      expect(r.status).toBe(429);
      expect(r.json()).toMatchObject({ code: 'loginDelayed' });
    }
    // every attempt above, through either process, counted in one set of rate counters for the phone
    const counted = await sql.query(`SELECT sum(count)::int AS n FROM rate_counters WHERE key LIKE '%' || $1`, [`phone:${phone}`]);
    expect(counted.rows[0].n).toBe(7);
  });
});
