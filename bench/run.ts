/**
 * `npm run bench`: seeds a generated catalogue (50,000 products by default), starts the real
 * server, drives it with autocannon from this process, measures the web build and the browser,
 * and writes bench/results/latest.md and latest.json.
 *
 *   npm run bench                                   # PGlite (embedded) in a temporary folder
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench   # PostgreSQL (the budgets' setting)
 *
 * Options: --products N, --duration S (per scenario, default 10), --skip-web, --skip-browser,
 * --only-web (the web build, Lighthouse and the offline figures only: no load scenarios; the
 * vendor's 500+ pending orders for the replay are made through the checkout API first),
 * --out DIR (default bench/results). On PostgreSQL the database of DATABASE_URL is dropped and
 * recreated, so its name must start with "bench" (else a database "bench" on that server is used).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BUDGETS, routeBudget } from './budgets';
import { runLighthouse, runOffline, type LighthouseResult, type OfflineResult, type Session, withTimeout } from './lib/browser';
import { analyzeBundle, type BundleReport, buildWeb, ROOT } from './lib/bundle';
import { runPaced } from './lib/paced-load';
import { cycle, type LoadResult, type RequestSpec, runLoad } from './lib/load';
import { captureSearchSql, openRawDriver, type RawResult, replayRaw } from './lib/raw-search';
import { writeReport } from './lib/report';
import { searchMix, searchPath } from './lib/search-mix';
import { type RunningServer, startServer } from './lib/server';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    duration: { type: 'string', default: '10' },
    'skip-web': { type: 'boolean', default: false },
    'skip-browser': { type: 'boolean', default: false },
    'only-web': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(ROOT, 'bench/results') },
  },
});
const PRODUCTS = Number(args.products);
const DURATION = Number(args.duration);
const ONLY_WEB = args['only-web']!;
if (ONLY_WEB && (args['skip-web'] || args['skip-browser'])) throw new Error('--only-web measures the web: it cannot be combined with --skip-web or --skip-browser');
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const started = Date.now();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
/** The server of the moment, stopped on failure too. */
let active: RunningServer | null = null;
const log = (msg: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${msg}`);

// ---------- database
function benchDatabaseUrl(): string | undefined {
  const raw = process.env.DATABASE_URL;
  if (!raw) return undefined;
  const u = new URL(raw);
  if (!u.pathname.replace('/', '').startsWith('bench')) u.pathname = '/bench';
  return u.toString();
}
const databaseUrl = benchDatabaseUrl();
const dataDir = path.join(work, 'data');
const kind = databaseUrl ? 'postgres' : 'pglite';

async function recreateDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
}

function seed() {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/db/seed-cli.ts', '--products', String(PRODUCTS), '--seed', '7'], { cwd: ROOT, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('Seeding failed');
}

/** One SQL connection for set-up and checks (PostgreSQL only; PGlite is held by the server). */
async function sqlClient() {
  if (!databaseUrl) return null;
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  return c;
}

// ---------- HTTP helpers
async function api<T>(base: string, method: string, p: string, token?: string, body?: unknown): Promise<T> {
  const r = await fetch(base + p, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}
const login = (base: string, phone: string) => api<Session['userInfo']>(base, 'POST', '/api/users/auth', undefined, { phone, password: 'Demo@1234' });

interface Product {
  _id: string;
  shopPrice: number;
  discount: number;
  vendorId: string;
  countInStock: number;
}

// ---------- the run
interface Results {
  meta: Record<string, unknown>;
  search: { fixedRate?: LoadResult; fixedRateCold?: LoadResult; max?: LoadResult; raw?: RawResult; rawFixed?: RawResult; queries: number };
  endpoints: LoadResult[];
  memory: { startMb: number; peakMb: number; byScenario: Record<string, number> };
  scaleUp?: { workers1?: LoadResult[]; workers2?: LoadResult[]; note?: string };
  bundle?: BundleReport & { budgets: Record<string, number> };
  lighthouse?: LighthouseResult[];
  offline?: OfflineResult;
  notes: string[];
}

async function main() {
  const results: Results = {
    meta: {
      date: new Date().toISOString(),
      database: kind,
      products: PRODUCTS,
      durationPerScenarioS: DURATION,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 10) / 10),
    },
    search: { queries: 0 },
    endpoints: [],
    memory: { startMb: 0, peakMb: 0, byScenario: {} },
    notes: [],
  };

  // 1. web build (needed by the server and by the browser figures)
  const webDir = path.join(ROOT, '.tmp/bench-web');
  if (!args['skip-web']) {
    log('building the PWA');
    buildWeb(webDir, { cache: true, quiet: true });
    const b = analyzeBundle(webDir);
    results.bundle = { ...b, budgets: Object.fromEntries(b.routes.map((r) => [r.path, routeBudget(r.path)])) };
  }

  // 2. database with the generated catalogue
  log(`seeding ${PRODUCTS} products into ${kind}${databaseUrl ? ` (${new URL(databaseUrl).pathname.slice(1)})` : ''}`);
  if (databaseUrl) await recreateDatabase(databaseUrl);
  const t0 = Date.now();
  seed();
  results.meta.seedSeconds = Math.round((Date.now() - t0) / 100) / 10;
  // Vacuum and planner statistics, as PostgreSQL's autovacuum would do minutes after a bulk load
  // (left to itself, it starts during the run and takes CPU from the scenarios).
  // (PGlite has no autovacuum: there the server's own start-up decides, so nothing is done here.)
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('VACUUM ANALYZE');
    await c.end();
  }

  // 3. the search mix as raw SQL: the limit
  const mix = searchMix();
  results.search.queries = mix.length;
  log(`capturing the SQL of ${mix.length} searches`);
  const rawConn = { databaseUrl, pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pglite') };
  const statements = ONLY_WEB ? [] : await captureSearchSql(rawConn, mix);
  const measureRaw = async () => {
    const driver = await openRawDriver({ ...rawConn, poolSize: 10 });
    try {
      await replayRaw(driver, statements, 2, driver.parallel); // warm-up
      return await replayRaw(driver, statements, DURATION, databaseUrl ? 50 : 1);
    } finally {
      await driver.close();
    }
  };
  if (!databaseUrl && !ONLY_WEB) {
    // PGlite is one process: measure it before the server opens the data folder
    log('raw SQL search (PGlite, before the server starts)');
    results.search.raw = await measureRaw();
  }

  // 4. the server
  const sqlc = await sqlClient();
  let server: RunningServer = (active = await startServer({ port: PORT, databaseUrl, dataDir, webDir, logFile: path.join(work, 'server.log') }));
  const main = server;
  results.memory.startMb = Math.round(server.rss() / 2 ** 20);
  const base = server.url;
  log(`server up (pid ${server.pid}, RSS ${results.memory.startMb} MB)`);

  const customer = await login(base, '9876500003');
  const vendor = await login(base, '9876500002');
  const delivery = await login(base, '9876500004');
  const auth = (u: Session['userInfo']) => ({ authorization: `Bearer ${u.token}` });
  const { areas } = await api<{ areas: string[] }>(base, 'GET', '/api/users/misc/areas');
  const cats = await api<{ categorySubcategoryList: Record<string, string[]> }>(base, 'GET', '/api/products/categories-subcategories', customer.token);
  const subcategories = Object.values(cats.categorySubcategoryList).flat();
  // products for detail pages: a spread over the catalogue, found through the API itself
  const detailIds: string[] = [];
  for (const sub of subcategories) {
    const r = await api<{ products: Product[] }>(base, 'GET', `/api/products/subcategory/${encodeURIComponent(sub)}?page=3&limit=10`, customer.token);
    detailIds.push(...r.products.map((p) => p._id));
  }
  // checkout products: the vendor's own (one order per checkout), stock raised so a run never sells out
  const checkoutProducts: Product[] = [];
  for (let page = 1; page <= 20 && checkoutProducts.length < 20; page++) {
    const r = await api<{ products: Product[] }>(base, 'GET', `/api/products/search?pageNumber=${page}&pageSize=50&sort=highToLow`, customer.token);
    checkoutProducts.push(...r.products.filter((p) => p.vendorId === vendor._id && p.countInStock > 100).slice(0, 20 - checkoutProducts.length));
  }
  if (checkoutProducts.length < 2) throw new Error(`Found ${checkoutProducts.length} products of the vendor for the checkout scenario`);
  if (sqlc) await sqlc.query('UPDATE products SET count_in_stock = 10000000 WHERE id = ANY($1)', [checkoutProducts.map((p) => p._id)]);
  else results.notes.push('PGlite: checkout products keep their generated stock (the server holds the database).');

  /** One request through fetch first: a scenario that cannot succeed once is reported, not measured as fast failures. */
  const probe = async (name: string, spec: RequestSpec, headers: Record<string, string> = {}) => {
    const r = await fetch(base + spec.path, {
      method: spec.method ?? 'GET',
      headers: { ...headers, ...(spec.body ? { 'content-type': 'application/json' } : {}), ...spec.headers },
      body: spec.body,
    });
    if (!r.ok) throw new Error(`${name}: ${spec.method ?? 'GET'} ${spec.path} answered ${r.status} ${(await r.text()).slice(0, 300)}`);
  };
  const W = async (name: string, next: Parameters<typeof runLoad>[0]['next'], extra: Partial<Parameters<typeof runLoad>[0]> = {}) => {
    await probe(name, next(), extra.headers);
    server.takeWindowPeak();
    const r = await runLoad({ name, url: base, connections: 50, durationS: DURATION, next, ...extra });
    if (server === main) results.memory.byScenario[name] = Math.round(server.takeWindowPeak() / 2 ** 20);
    return r;
  };
  const warm = (next: Parameters<typeof runLoad>[0]['next'], headers?: Record<string, string>) =>
    runLoad({ name: 'warm-up', url: base, connections: 10, durationS: 2, next, headers });

  const searchPaths = mix.map(searchPath);
  const cust = auth(customer);
  const vend = auth(vendor);

  const checkoutBody = (i: number) => {
    const lines = [checkoutProducts[i % checkoutProducts.length], checkoutProducts[(i + 7) % checkoutProducts.length]];
    const area = areas[i % areas.length];
    return JSON.stringify({
      products: [...new Map(lines.map((p) => [p._id, p])).values()].map((p) => ({ productId: p._id, quantity: 1 + (i % 3), price: p.shopPrice, discount: p.discount, vendorId: p.vendorId })),
      shippingAddress: { address: `${1 + (i % 90)} Bench Street`, city: 'Chennai', pincode: '600020', phoneNumber: '9876500003', area },
    });
  };
  let n = 0;

  if (ONLY_WEB) {
    // the replay needs 500 pending orders of the vendor: made through the checkout API, 8 at a time,
    // one unit each over all the vendor's products found (on PGlite their generated stock stays as it is)
    const oneItemBody = (i: number) => {
      const p = checkoutProducts[i % checkoutProducts.length];
      return JSON.stringify({
        products: [{ productId: p._id, quantity: 1, price: p.shopPrice, discount: p.discount, vendorId: p.vendorId }],
        shippingAddress: { address: `${1 + (i % 90)} Bench Street`, city: 'Chennai', pincode: '600020', phoneNumber: '9876500003', area: areas[i % areas.length] },
      });
    };
    log('--only-web: placing 520 orders for the replay');
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < 520) {
        const i = next++;
        const r = await fetch(`${base}/api/Orders`, { method: 'POST', headers: { ...cust, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: oneItemBody(i) });
        if (!r.ok) throw new Error(`placing order ${i}: ${r.status} ${await r.text()}`);
      }
    }));
  } else {
  log('health (framework ceiling)');
  await warm(() => ({ path: '/api/health' }));
  results.endpoints.push(await W('health (no-op)', () => ({ path: '/api/health' })));

  log('search at a fixed 200 req/s');
  await warm(cycle(searchPaths.map((p) => ({ path: p }))), cust);
  await probe('search @200 req/s', { path: searchPaths[0] }, cust);
  results.search.fixedRate = await runPaced({ name: 'search @200 req/s', url: base, rate: BUDGETS.searchOfferedRate, durationS: DURATION, connections: 50, headers: cust, next: cycle(searchPaths.map((p) => ({ path: p }))) });
  if (sqlc) {
    // The same load right after a catalogue change: every cached answer is stale, so the first pass
    // of the mix goes to the database while the paced requests keep coming.
    log('search at a fixed 200 req/s, right after a catalogue change');
    await sqlc.query('UPDATE catalog_version SET version = version + 1 WHERE id = 1');
    results.search.fixedRateCold = await runPaced({ name: 'search @200 req/s, cold', url: base, rate: BUDGETS.searchOfferedRate, durationS: DURATION, connections: 50, headers: cust, next: cycle(searchPaths.map((p) => ({ path: p }))) });
  }
  log('search, 50 connections');
  results.search.max = await W('search (max)', cycle(searchPaths.map((p) => ({ path: p }))), { headers: cust });
  if (databaseUrl) {
    log('raw SQL search (same mix, driver only)');
    results.search.raw = await measureRaw();
  }

  log('product detail');
  const details = cycle(detailIds.map((id) => ({ path: `/api/products/${id}` })));
  await warm(details, cust);
  results.endpoints.push(await W('product detail', details, { headers: cust }));
  log('products by subcategory');
  results.endpoints.push(
    await W('products by subcategory', cycle(subcategories.flatMap((s) => [1, 2].map((pg) => ({ path: `/api/products/subcategory/${encodeURIComponent(s)}?page=${pg}&limit=10` })))), { headers: cust }),
  );

  log('checkout');
  results.endpoints.push(
    await W('checkout (POST /api/Orders)', () => ({ method: 'POST', path: '/api/Orders', body: checkoutBody(n++), headers: { 'idempotency-key': randomUUID() } }), { headers: cust }),
  );

  log('vendor orders page');
  results.endpoints.push(await W('vendor orders page', cycle([1, 2, 3].map((pg) => ({ path: `/api/Orders/vendor?page=${pg}&limit=10` }))), { headers: vend }));
  log('pending by area');
  results.endpoints.push(
    await W('pending by area', cycle(areas.map((a) => ({ method: 'POST' as const, path: '/api/Orders/pending-by-area', body: JSON.stringify({ area: a }) }))), { headers: auth(delivery) }),
  );
  if (sqlc) {
    const r = await sqlc.query(`SELECT lower(area) AS area, count(*)::int AS n FROM orders WHERE status = 'Pending' GROUP BY 1 ORDER BY 2 DESC`);
    results.meta.pendingOrdersPerArea = Object.fromEntries(r.rows.map((x) => [x.area, x.n]));
  }
  }
  results.memory.peakMb = Math.round(server.peakRss() / 2 ** 20);
  log(`peak RSS ${results.memory.peakMb} MB`);

  // 5. browser figures against the same server
  if (!args['skip-browser'] && !args['skip-web']) {
    const productId = detailIds[5];
    log('Lighthouse');
    results.lighthouse = await withTimeout(runLighthouse(base, [
      { name: 'Sign-in', path: '/' },
      { name: 'Home', path: '/Home', session: { userInfo: customer } },
      { name: 'Categories', path: '/user-categories', session: { userInfo: customer } },
      { name: 'Product page', path: `/product/${productId}`, session: { userInfo: customer } },
    ]), 240_000, 'Lighthouse').catch((err) => {
      results.notes.push(`Lighthouse not measured: ${(err as Error).message}`);
      return [];
    });
    log('offline');
    let pendingIds: string[] = [];
    if (sqlc) {
      const r = await sqlc.query(`SELECT id FROM orders WHERE vendor_id = $1 AND status = 'Pending' ORDER BY created_at LIMIT 500`, [vendor._id]);
      pendingIds = r.rows.map((x) => x.id);
    } else {
      const r = await api<Array<{ _id: string }>>(base, 'GET', '/api/Orders/vendor/pending', vendor.token);
      pendingIds = r.map((o) => o._id).slice(0, 500);
    }
    results.offline = await withTimeout(runOffline(base, {
      customer: { userInfo: customer },
      listPath: `/productlist/${encodeURIComponent(subcategories[0])}`,
      vendor: { userInfo: vendor },
      orderIds: pendingIds,
      countDelivered: async (ids) => {
        if (sqlc) return (await sqlc.query(`SELECT count(*)::int AS n FROM orders WHERE id = ANY($1) AND status = 'Delivered'`, [ids])).rows[0].n;
        let k = 0;
        for (const id of ids) if ((await api<{ status: string }>(base, 'GET', `/api/Orders/${id}`, vendor.token)).status === 'Delivered') k++;
        return k;
      },
    }), 150_000, 'offline figures').catch((err) => {
      results.notes.push(`Offline figures not measured: ${(err as Error).message}`);
      return { firstCardMs: null, replay500Ms: null, firstCardNote: (err as Error).message, replayNote: (err as Error).message };
    });
  }
  await server.stop();

  // 6. scale-up with node:cluster (PostgreSQL only)
  if (databaseUrl && !ONLY_WEB) {
    const scenarios = async (s: RunningServer) => {
      const out: LoadResult[] = [];
      out.push(await W('search (max)', cycle(searchPaths.map((p) => ({ path: p }))), { headers: cust }));
      out.push(await W('product detail', cycle(detailIds.map((id) => ({ path: `/api/products/${id}` }))), { headers: cust }));
      void s;
      return out;
    };
    results.scaleUp = {};
    for (const workers of [1, 2]) {
      log(`scale-up: WORKERS=${workers}`);
      server = active = await startServer({ port: PORT, databaseUrl, dataDir, webDir, workers, logFile: path.join(work, `server-w${workers}.log`) });
      await warm(cycle(searchPaths.map((p) => ({ path: p }))), cust);
      const r = await scenarios(server);
      if (workers === 1) results.scaleUp.workers1 = r;
      else results.scaleUp.workers2 = r;
      await server.stop();
    }
  } else if (!ONLY_WEB) {
    results.scaleUp = { note: 'PGlite is one process: WORKERS applies to PostgreSQL only (run with DATABASE_URL).' };
  }
  await sqlc?.end();

  results.meta.totalSeconds = Math.round((Date.now() - started) / 1000);
  const { md } = writeReport(results as never, args.out!);
  console.log(`\n${md}`);
  log(`wrote ${path.relative(ROOT, args.out!)}/latest.md and latest.json`);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(0); // a browser left behind by a timed-out phase must not keep the run alive
}

main().catch(async (err) => {
  console.error(err);
  await active?.stop().catch(() => {});
  console.error(`Server logs: ${work}`);
  process.exit(1);
});
