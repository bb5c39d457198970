import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { startServer as startProcess } from '../../scripts/start-server.mjs';
import { DEMO, freePort } from './helpers';

/**
 * Faults against the real server (server/main.ts in a child process, PGlite in a temp data dir):
 * kill -9 during a stream of checkouts and shop sales, SIGTERM with requests in flight, and a
 * scan of everything the server logged for tokens, passwords and one-time codes.
 */

const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  base: string;
  logFile: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startServer(dataDir: string, port: number): Promise<Server> {
  const logFile = path.join(dataDir, 'server.log');
  const server = await startProcess({
    args: ['--import', 'tsx', 'server/main.ts'],
    port,
    logFile,
    timeoutMs: 120_000,
    env: {
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIR: '/nonexistent',
      SMS_SENDER: 'log',
      LOG_LEVEL: 'info',
      RATE_LIMIT_LOGIN: '10000',
      RATE_LIMIT_REGISTER: '10000',
      RATE_LIMIT_REGISTER_PHONE: '10000',
      RATE_LIMIT_VERIFY: '10000',
      RATE_LIMIT_FORGOT: '10000',
      RATE_LIMIT_RESET: '10000',
      // one customer checks out in a stream until the plug is pulled, then retries what was not acknowledged
      RATE_LIMIT_ORDERS: '10000',
    },
  });
  children.push(server.child);
  return { child: server.child, base: server.url, logFile, exited: server.exited };
}

async function api(base: string, method: string, url: string, body?: unknown, token?: string, extra: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...extra,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const login = async (base: string, phone: string, password: string = DEMO.password) => {
  const r = await api(base, 'POST', '/api/users/auth', { phone, password });
  if (r.status !== 200) throw new Error(`login ${phone}: ${r.status}`);
  return r.json.token as string;
};

function tempDir(prefix: string) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
}

/** A product of the demo vendor with plenty of stock, made through the API. */
async function makeProduct(base: string, vendorToken: string, adminToken: string, stock: number) {
  const cats = (await api(base, 'GET', '/api/categories', undefined, vendorToken)).json as Array<{ name: string; subcategories: string[] }>;
  const cat = cats.find((c) => c.subcategories.length)!;
  const gst = await api(base, 'POST', '/api/gsts', { name: `Faults ${randomUUID().slice(0, 8)}`, rate: 5 }, adminToken);
  const p = await api(
    base,
    'POST',
    '/api/products',
    {
      name: `Faults rice ${randomUUID().slice(0, 8)}`,
      price: 60,
      shopPrice: 50,
      discount: 0,
      countInStock: stock,
      reOrderLevel: 1,
      category: cat.name,
      subcategory: cat.subcategories[0],
      gst: gst.json._id,
      images: ['/api/uploads/x.png'],
    },
    vendorToken,
  );
  if (p.status !== 201) throw new Error(`product: ${p.status} ${JSON.stringify(p.json)}`);
  return p.json._id as string;
}

const address = { address: '5 Beach Road', city: 'Chennai', pincode: '600020', phoneNumber: '9000000001', area: 'Adyar' };
const shopAddress = { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: '9000000002' };

describe('kill -9 during checkouts and shop sales', () => {
  it('keeps every acknowledged order exactly once, and stock agrees with the orders', async () => {
    const dataDir = tempDir('faults-kill-');
    const port = await freePort();
    let server = await startServer(dataDir, port);
    const customer = await login(server.base, DEMO.customer);
    const vendor = await login(server.base, DEMO.vendor);
    const admin = await login(server.base, DEMO.admin);
    const STOCK = 100_000;
    const productId = await makeProduct(server.base, vendor, admin, STOCK);

    interface Attempt {
      kind: 'checkout' | 'shop';
      key: string;
      qty: number;
      body: object;
      token: string;
      acked?: string[];
    }
    const attempts: Attempt[] = [];
    let stop = false;
    const worker = async (i: number) => {
      for (let n = 0; !stop; n++) {
        const qty = 1 + ((i + n) % 3);
        const key = randomUUID();
        const a: Attempt =
          (i + n) % 2 === 0
            ? {
                kind: 'checkout',
                key,
                qty,
                token: customer,
                body: { products: [{ productId, quantity: qty, price: 50, discount: 0 }], shippingAddress: address },
              }
            : {
                kind: 'shop',
                key,
                qty,
                token: vendor,
                body: { isShop: true, _id: key, products: [{ productId, quantity: qty, discount: 0 }], shippingAddress: shopAddress },
              };
        attempts.push(a);
        try {
          const r = await api(server.base, 'POST', '/api/Orders', a.body, a.token, { 'idempotency-key': key });
          if (r.status === 201 || r.status === 200) a.acked = (r.json.orders as Array<{ _id: string }>).map((o) => o._id);
          else if (r.status >= 500) throw new Error(`${r.status}`);
        } catch {
          return; // the server went away: this request is unacknowledged
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, i) => worker(i));
    // let a stream of orders get acknowledged, then pull the plug
    const deadline = Date.now() + 60_000;
    while (attempts.filter((a) => a.acked).length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    server.child.kill('SIGKILL');
    const ended = await server.exited;
    stop = true;
    await Promise.all(workers);
    expect(ended.signal).toBe('SIGKILL');
    const acked = attempts.filter((a) => a.acked);
    expect(acked.length).toBeGreaterThanOrEqual(40);

    server = await startServer(dataDir, port);
    // Every acknowledged order is there after the restart.
    const vendorAfter = await login(server.base, DEMO.vendor);
    for (const a of acked) {
      for (const id of a.acked!)
        expect((await api(server.base, 'GET', `/api/Orders/${id}`, undefined, vendorAfter)).status, `order ${id}`).toBe(200);
    }
    // The client retries what was never acknowledged (as the offline outbox does), same key and body.
    const customerAfter = await login(server.base, DEMO.customer);
    for (const a of attempts.filter((x) => !x.acked)) {
      let r = await api(server.base, 'POST', '/api/Orders', a.body, a.kind === 'shop' ? vendorAfter : customerAfter, {
        'idempotency-key': a.key,
      });
      // 409: the dead process's claim on the key is still within its lease; retry after it, as the outbox does
      for (let i = 0; r.status === 409 && i < 40; i++) {
        await new Promise((res) => setTimeout(res, 2000));
        r = await api(server.base, 'POST', '/api/Orders', a.body, a.kind === 'shop' ? vendorAfter : customerAfter, {
          'idempotency-key': a.key,
        });
      }
      expect([200, 201], JSON.stringify(r.json)).toContain(r.status);
      a.acked = (r.json.orders as Array<{ _id: string }>).map((o) => o._id);
    }
    // A retry of an acknowledged one gives the same order back, not a new one.
    const sample = acked[0];
    const again = await api(server.base, 'POST', '/api/Orders', sample.body, sample.kind === 'shop' ? vendorAfter : customerAfter, {
      'idempotency-key': sample.key,
    });
    expect((again.json.orders as Array<{ _id: string }>).map((o) => o._id)).toEqual(sample.acked);

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);

    // Straight from the database files: each attempt is exactly one order, and stock agrees.
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const rows = await sql<{ id: string; qty: number }>`
        SELECT o.id, sum(l.quantity)::int AS qty FROM orders o JOIN order_lines l ON l.order_id = o.id
        WHERE l.product_id = ${productId} GROUP BY o.id`.execute(handle.db);
      const byId = new Map(rows.rows.map((r) => [r.id, r.qty]));
      const expectedIds = attempts.flatMap((a) => a.acked!);
      expect(new Set(expectedIds).size).toBe(expectedIds.length);
      expect([...byId.keys()].sort()).toEqual([...expectedIds].sort());
      for (const a of attempts) expect(byId.get(a.acked![0])).toBe(a.qty);
      const sold = attempts.reduce((s, a) => s + a.qty, 0);
      const stock = await handle.db.selectFrom('products').select('count_in_stock').where('id', '=', productId).executeTakeFirstOrThrow();
      expect(Number(stock.count_in_stock)).toBe(STOCK - sold);
      console.log(
        `kill -9: ${attempts.length} orders attempted, ${acked.length} acknowledged before the kill, ${attempts.length - acked.length} retried after restart; ${sold} units sold, stock ${stock.count_in_stock}`,
      );
    } finally {
      await handle.close();
    }
  }, 300_000);
});

describe('SIGTERM', () => {
  it('answers the requests in flight, then exits 0', async () => {
    const dataDir = tempDir('faults-term-');
    const port = await freePort();
    const server = await startServer(dataDir, port);
    const vendor = await login(server.base, DEMO.vendor);
    const admin = await login(server.base, DEMO.admin);
    const productId = await makeProduct(server.base, vendor, admin, 10_000);
    const agent = new http.Agent({ keepAlive: false });
    const inFlight: Array<Promise<{ status: number; id?: string } | { error: string }>> = [];
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const id = randomUUID();
      ids.push(id);
      const body = JSON.stringify({
        isShop: true,
        _id: id,
        products: [{ productId, quantity: 1, discount: 0 }],
        shippingAddress: shopAddress,
      });
      inFlight.push(
        new Promise((resolve) => {
          const req = http.request(
            `${server.base}/api/Orders`,
            {
              method: 'POST',
              agent,
              headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${vendor}` },
            },
            (res) => {
              let text = '';
              res.on('data', (c) => (text += c));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, id: text ? JSON.parse(text).orders?.[0]?._id : undefined }));
            },
          );
          req.on('error', (e) => resolve({ error: e.message }));
          req.end(body);
        }),
      );
    }
    // Wait until the server has received all 30 (so they are in flight, not still in the kernel's
    // backlog, where a closing listener resets them), then stop it while it is handling them.
    const received = () =>
      fs
        .readFileSync(server.logFile, 'utf8')
        .split('\n')
        .filter((l) => l.includes('incoming request') && l.includes('"POST"') && l.includes('/api/Orders')).length;
    for (let t = Date.now(); received() < 30 && Date.now() - t < 30_000;) await new Promise((r) => setTimeout(r, 5));
    expect(received()).toBe(30);
    server.child.kill('SIGTERM');
    const results = await Promise.all(inFlight);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    const answered = results.filter((r): r is { status: number; id?: string } => 'status' in r);
    const failed = results.filter((r) => 'error' in r);
    // Every request the server had received got its full answer; none was cut off mid-way.
    expect(failed, JSON.stringify(failed)).toEqual([]);
    expect(answered.length).toBe(30);
    expect(answered.every((r) => r.status === 201)).toBe(true);
    expect(fs.readFileSync(server.logFile, 'utf8')).toContain('draining requests and shutting down');

    // What was answered 201 is stored.
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const stored = await handle.db.selectFrom('orders').select('id').where('id', 'in', ids).execute();
      expect(stored.map((r) => r.id).sort()).toEqual(answered.map((r) => r.id!).sort());
      console.log(`SIGTERM: ${answered.length} requests in flight answered 201 and stored, ${failed.length} refused after close`);
    } finally {
      await handle.close();
    }
  }, 300_000);
});

describe('log scan', () => {
  it('a full run logs no token, password, one-time code or Authorization header', async () => {
    const dataDir = tempDir('faults-logs-');
    const port = await freePort();
    const server = await startServer(dataDir, port);
    const secrets: string[] = [];
    const phone = `6${String(Date.now()).slice(-9)}`;
    const password = `Pw-${randomUUID().slice(0, 12)}`;
    const outbox = path.join(dataDir, 'sms-outbox.log');
    /** The newest 6-digit code the server wrote to the SMS outbox for the phone. */
    const latestCode = () =>
      fs
        .readFileSync(outbox, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { to: string; message: string })
        .filter((m) => m.to === phone)
        .map((m) => /\b(\d{6})\b/.exec(m.message)?.[1])
        .filter(Boolean)
        .at(-1)!;
    // registration in two steps: the code goes to the SMS outbox, not the log
    const submitted = await api(server.base, 'POST', '/api/users', {
      name: 'Log Scan',
      phone,
      password,
      address: { address: '1 Road', city: 'Chennai', pincode: '600020', area: 'Adyar' },
    });
    expect(submitted.status).toBe(202);
    const regCode = latestCode();
    secrets.push(`is ${regCode}`, `"${regCode}"`);
    const reg = await api(server.base, 'POST', '/api/users/verify-registration', { phone, code: regCode });
    expect(reg.status).toBe(201);
    secrets.push(password, reg.json.token);
    const t2 = await login(server.base, phone, password);
    secrets.push(t2);
    const bad = await api(server.base, 'POST', '/api/users/auth', { phone, password: `${password}-wrong` });
    expect(bad.status).toBe(401);
    secrets.push(`${password}-wrong`);
    // forgot + reset: the code goes to the SMS outbox, not the log
    expect((await api(server.base, 'POST', '/api/users/forgot-password', { phone })).status).toBe(200);
    const code = latestCode();
    expect(code).not.toBe(undefined);
    secrets.push(`is ${code}`, `"${code}"`);
    const newPassword = `New-${randomUUID().slice(0, 12)}`;
    expect((await api(server.base, 'POST', '/api/users/reset-password', { phone, otp: code, password: newPassword })).status).toBe(200);
    secrets.push(newPassword);
    const t3 = await login(server.base, phone, newPassword);
    secrets.push(t3);
    const profilePassword = `Prof-${randomUUID().slice(0, 12)}`;
    expect(
      (
        await api(
          server.base,
          'PUT',
          '/api/users/profile',
          { name: 'Log Scan', password: profilePassword, currentPassword: newPassword },
          t3,
        )
      ).status,
    ).toBe(200);
    secrets.push(profilePassword);
    // errors are logged too: a bad token, a failing request
    expect((await api(server.base, 'GET', '/api/users/profile', undefined, 'not-a-real-token-but-secret-looking')).status).toBe(401);
    secrets.push('not-a-real-token-but-secret-looking');
    expect((await api(server.base, 'POST', '/api/users/logout', {}, t3)).status).toBe(200);
    const admin = await login(server.base, DEMO.admin);
    secrets.push(admin, DEMO.password);
    expect((await api(server.base, 'GET', '/api/users', undefined, admin)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    const log = fs.readFileSync(server.logFile, 'utf8');
    expect(log).toContain('"url":"/api/users/reset-password"'); // the requests were logged
    expect(log).toContain('"url":"/api/users/verify-registration"');
    expect(log).toContain('SMS written to the outbox file');
    for (const s of secrets) expect(log.includes(s), `the log holds a secret (${s.slice(0, 6)}…)`).toBe(false);
    expect(log).not.toMatch(/authorization|bearer/i);
    expect(log).not.toMatch(/password_hash|\$argon2/);
    // the code did reach its channel
    expect(fs.readFileSync(outbox, 'utf8')).toContain(code);
    if (process.platform !== 'win32') expect(fs.statSync(outbox).mode & 0o077).toBe(0);
  }, 300_000);
});
