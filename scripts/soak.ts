// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- autocannon ships no types; bench/ declares them
/// <reference path="../bench/lib/autocannon.d.ts" />
/**
 * npm run soak: starts the real server (the API bundle `npm start` runs) on a fresh temporary PGlite data folder (or on
 * DATABASE_URL when set), holds SOAK_CONNECTIONS (200) connections of mixed customer, vendor and
 * delivery traffic for SOAK_SECONDS (60) s, and prints p50/p99 latency, errors and the server's memory
 * (RSS) over time. Exits 1 on any error or non-2xx answer, or when memory keeps growing.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './start-server.mjs';
import { DEMO } from '../tests/support/demo-accounts';

const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-'));
// what `npm start` runs: the API bundle (rebuilt when a server or core source is newer), on a free port
const { child, url: base } = await startServer({
  build: true,
  logFile: path.join(dataDir, 'server.log'),
  timeoutMs: 120_000,
  env: {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN: '1000',
    // the customer mix checks out as one buyer for the whole run
    RATE_LIMIT_ORDERS: '100000000',
    SEED_DEMO: '1',
  },
});
const cleanup = () => {
  if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('exit', cleanup);

/** RSS of the server: its process and, with WORKERS=N, its cluster workers. */
function rssMb(): number {
  const kb = (pid: number) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  const children = (pid: number): number[] => {
    try {
      return fs
        .readdirSync(`/proc/${pid}/task`)
        .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      return [];
    }
  };
  const pids = [child.pid!, ...children(child.pid!)];
  return Math.round(pids.reduce((n, p) => n + kb(p), 0) / 1024);
}

async function call(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

try {
  const token = async (phone: string) => (await call('POST', '/api/users/auth', { phone, password: DEMO.password })).token as string;
  const [customer, vendor, vendor2, admin, delivery] = await Promise.all([
    token(DEMO.customer),
    token(DEMO.vendor),
    token(DEMO.vendor2),
    token(DEMO.admin),
    token(DEMO.delivery),
  ]);
  // Writes go to a buyer and a vendor whose growing lists are not read, so the read mix keeps a steady data size.
  // Registration is two steps: the code comes from the SMS outbox the server writes in its DATA_DIR.
  // a new buyer each run (a DATABASE_URL database keeps the accounts of earlier runs)
  const buyerPhone = `6${String(Date.now()).slice(-9)}`;
  await call('POST', '/api/users', {
    name: 'Soak Buyer',
    phone: buyerPhone,
    password: 'Soak@1234',
    address: { address: '1 Road', city: 'Chennai', pincode: '600020', area: 'Adyar' },
  });
  const smsCode = (phone: string) =>
    fs
      .readFileSync(path.join(dataDir, 'sms-outbox.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { to: string; message: string })
      .filter((m) => m.to === phone)
      .map((m) => /\b(\d{6})\b/.exec(m.message)?.[1])
      .filter(Boolean)
      .at(-1);
  const buyer = (await call('POST', '/api/users/verify-registration', { phone: buyerPhone, code: smsCode(buyerPhone) })).token as string;
  const cats = (await call('GET', '/api/categories', undefined, vendor)) as Array<{ name: string; subcategories: string[] }>;
  const cat = cats.find((c) => c.subcategories.length)!;
  const gst = await call('POST', '/api/gsts', { name: `Soak ${randomUUID().slice(0, 6)}`, rate: 5 }, admin);
  const product = await call(
    'POST',
    '/api/products',
    {
      name: 'Soak rice',
      price: 60,
      shopPrice: 50,
      discount: 0,
      countInStock: 10_000_000,
      reOrderLevel: 1,
      category: cat.name,
      subcategory: cat.subcategories[0],
      gst: gst._id,
      images: ['/api/uploads/x.png'],
    },
    vendor2,
  );
  const address = { address: '5 Beach Road', city: 'Chennai', pincode: '600020', phoneNumber: '9000000001', area: 'Adyar' };
  const order = await call(
    'POST',
    '/api/Orders',
    { products: [{ productId: product._id, quantity: 1, price: 50, discount: 0 }], shippingAddress: address },
    buyer,
  );
  const orderId = order.orders[0]._id as string;

  type Spec = { method?: string; path: string; body?: string; token: string; kind: string };
  const mix: Spec[] = [
    // customer: browse, search, product, own orders, checkout
    { kind: 'customer', path: '/api/categories', token: customer },
    { kind: 'customer', path: `/api/products/subcategory/${encodeURIComponent(cat.subcategories[0])}?page=1&limit=10`, token: customer },
    { kind: 'customer', path: '/api/products/search?keyword=rice&pageNumber=1&pageSize=10', token: customer },
    { kind: 'customer', path: `/api/products/${product._id}`, token: customer },
    { kind: 'customer', path: '/api/Orders/my', token: customer },
    { kind: 'customer', path: '/api/informations', token: customer },
    {
      kind: 'customer',
      method: 'POST',
      path: '/api/Orders',
      token: buyer,
      body: JSON.stringify({ products: [{ productId: product._id, quantity: 1, price: 50, discount: 0 }], shippingAddress: address }),
    },
    // vendor: own products, orders, pending, a walk-in sale
    { kind: 'vendor', path: '/api/products/products?keyword=rice', token: vendor },
    { kind: 'vendor', path: '/api/gsts?active=true', token: vendor },
    { kind: 'vendor', path: '/api/Orders/vendor?page=1&limit=10', token: vendor },
    { kind: 'vendor', path: '/api/Orders/vendor/pending', token: vendor },
    {
      kind: 'vendor',
      method: 'POST',
      path: '/api/Orders',
      token: vendor2,
      body: JSON.stringify({
        isShop: true,
        products: [{ productId: product._id, quantity: 1, discount: 0 }],
        shippingAddress: { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: '9000000002' },
      }),
    },
    // delivery: area list, an order, mark delivered (idempotent)
    {
      kind: 'delivery',
      method: 'POST',
      path: '/api/Orders/pending-by-area',
      token: delivery,
      body: JSON.stringify({ area: 'Besant Nagar' }),
    },
    { kind: 'delivery', path: `/api/Orders/${orderId}`, token: delivery },
    { kind: 'delivery', method: 'PUT', path: '/api/Orders/mark-delivered', token: delivery, body: JSON.stringify({ orderId }) },
    { kind: 'delivery', path: '/api/users/profile', token: delivery },
  ];
  let i = 0;

  const rss: Array<{ t: number; mb: number }> = [{ t: 0, mb: rssMb() }];
  const started = Date.now();
  const sampler = setInterval(() => rss.push({ t: (Date.now() - started) / 1000, mb: rssMb() }), 5000);
  console.log(
    `soak: ${CONNECTIONS} connections for ${SECONDS} s against ${base} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}); server RSS at start ${rss[0].mb} MB`,
  );
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 30,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const s = mix[i++ % mix.length];
          return {
            ...req,
            method: s.method ?? 'GET',
            path: s.path,
            body: s.body,
            headers: { authorization: `Bearer ${s.token}`, ...(s.body ? { 'content-type': 'application/json' } : {}) },
          };
        },
      },
    ],
  } as autocannon.Options);
  clearInterval(sampler);
  rss.push({ t: (Date.now() - started) / 1000, mb: rssMb() });

  // Growth trend: least-squares slope of RSS over the second half of the run, MB per minute.
  const half = rss.filter((s) => s.t >= SECONDS / 2);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const mt = mean(half.map((s) => s.t));
  const mm = mean(half.map((s) => s.mb));
  const slope =
    half.length > 1 ? (half.reduce((a, s) => a + (s.t - mt) * (s.mb - mm), 0) / half.reduce((a, s) => a + (s.t - mt) ** 2, 0)) * 60 : 0;

  const non2xx = r.non2xx;
  const summary = {
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx,
    rssMb: {
      start: rss[0].mb,
      end: rss.at(-1)!.mb,
      max: Math.max(...rss.map((s) => s.mb)),
      secondHalfSlopeMbPerMin: Math.round(slope * 10) / 10,
    },
    rssSamples: rss.map((s) => `${Math.round(s.t)}s:${s.mb}`).join(' '),
  };
  console.log(JSON.stringify(summary, null, 2));
  // Memory: settled if the second half grows less than 5 % of the start figure per minute.
  const growing = slope > Math.max(10, rss[0].mb * 0.05);
  const failed = r.errors > 0 || r.timeouts > 0 || non2xx > 0 || growing;
  console.log(failed ? `soak FAILED${growing ? ' (memory keeps growing)' : ''}` : 'soak passed: no errors, no memory growth trend');
  cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
} catch (err) {
  console.error(err);
  cleanup();
  process.exit(1);
}
