/**
 * `npm run bench`: seeds a generated catalogue (50,000 products by default), starts the real
 * server, drives it with autocannon from this process, measures the web build and the browser,
 * and writes bench/results/latest.md and latest.json (another catalogue size than 50,000: products-N.md and
 * products-N.json, so the default report stays; from 500,000 products on they are judged by SCALE_BUDGETS).
 *
 *   npm run bench                                   # PGlite (embedded) in a temporary folder
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench   # PostgreSQL (the budgets' setting)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench -- --products 500000 --skip-web   # the scale budgets
 *
 * Options: --products N, --duration S (per scenario, default 10), --skip-web, --skip-browser,
 * --only-web (the web build, Lighthouse and the offline figures only: no load scenarios; the
 * vendor's 500+ pending orders for the replay are made through the checkout API first),
 * --out DIR (default bench/results), --only LIST (some of search,detail,checkout,orders,scaleup,till: only
 * those scenarios run, and their figures replace the same ones in the report already in --out; the
 * rest of it, the web figures included, is kept and says when it was measured), --runs N (default 3: each figure is
 * the median of N runs, with their min-max; --runs 1 for a quick look), --wait-load S (default 300: how long to wait
 * for the 1-minute load average to drop to 1.0 before measuring; above it the report judges no timing budget).
 * On PostgreSQL the database of DATABASE_URL is dropped and
 * recreated, so its name must start with "bench" (else a database "bench" on that server is used).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { AREA_PENDING, DEFAULT_PRODUCTS, isScaleRun, QUIET_LOAD, routeBudget, SCALE_BUDGETS, searchOfferedRate } from './budgets';
import { runLighthouse, runOffline, type Session, withTimeout } from './lib/browser';
import { analyzeBundle, buildWeb, ROOT } from './lib/bundle';
import { type RiderAreas, riderAreas, trimPending } from './lib/evening';
import { firstSessionMedians, runFirstSession } from './lib/first-session';
import { runOfflineTill, TILL_PRODUCTS, topUpShop } from './lib/offline-till';
import { answerBytes } from './lib/bytes';
import { medianOfRuns } from './lib/stats';
import { runPaced } from './lib/paced-load';
import { cycle, type LoadResult, type RequestSpec, runLoad } from './lib/load';
import { captureSearchSql, openRawDriver, replayRaw, type Statement } from './lib/raw-search';
import { profileSearch } from './lib/search-profile';
import { type BenchResults, writeReport } from './lib/report';
import { type SearchQuery, searchMix, searchPath } from './lib/search-mix';
import { type RunningServer, startServer } from './lib/server';
import { measureUsage, type Usage } from './lib/usage';
import { mixShares, wideMix } from './lib/wide-mix';
import { backgroundCheckouts, type CheckoutSpec, checkoutLoop, type WriteResult } from './lib/writes';
import { DEMO } from '../tests/support/demo-accounts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: String(DEFAULT_PRODUCTS) },
    duration: { type: 'string', default: '10' },
    'skip-web': { type: 'boolean', default: false },
    'skip-browser': { type: 'boolean', default: false },
    'only-web': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(ROOT, 'bench/results') },
    only: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'wait-load': { type: 'string', default: '300' },
  },
});
const SCENARIOS = ['search', 'detail', 'checkout', 'orders', 'scaleup', 'till'] as const;
const ONLY = args.only ? args.only.split(',').map((x) => x.trim()) : null;
for (const x of ONLY ?? []) if (!(SCENARIOS as readonly string[]).includes(x)) throw new Error(`--only: unknown scenario ${x}`);
/** Whether a scenario group runs (all of them without --only). */
const want = (x: (typeof SCENARIOS)[number]) => !ONLY || ONLY.includes(x);
const PRODUCTS = Number(args.products);
if (!Number.isInteger(PRODUCTS) || PRODUCTS < 1) throw new Error('--products: a whole number from 1');
/** The report's files in --out: latest.* for the default catalogue, products-N.* for any other size. */
const REPORT = PRODUCTS === DEFAULT_PRODUCTS ? 'latest' : `products-${PRODUCTS}`;
/** The paced rate of the search mixes: lower for a big catalogue (SCALE_BUDGETS). */
const PACED_RATE = searchOfferedRate(PRODUCTS);
const DURATION = Number(args.duration);
/** Each figure is the median of this many runs (with their spread). */
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs: a whole number from 1');
const WAIT_LOAD_S = Number(args['wait-load']);
if (!(WAIT_LOAD_S >= 0)) throw new Error('--wait-load: seconds, 0 or more');
const ONLY_WEB = args['only-web']!;
if (ONLY && ONLY_WEB) throw new Error('--only and --only-web cannot be combined');
if (ONLY) {
  args['skip-web'] = true;
  args['skip-browser'] = true;
}
if (ONLY_WEB && (args['skip-web'] || args['skip-browser']))
  throw new Error('--only-web measures the web: it cannot be combined with --skip-web or --skip-browser');
const PORT = Number(process.env.BENCH_PORT ?? 3900);
/** Distinct searches in the wide mix, and the checkouts a second that run beside it. */
const WIDE_QUERIES = 2400;
const WRITES_PER_SECOND = 5;
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
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/db/seed-cli.ts', '--products', String(PRODUCTS), '--seed', '7'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('Seeding failed');
}

/** The bytes of the files under a folder (PGlite's data folder: its database size). */
function folderBytes(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) n += fs.statSync(path.join(e.parentPath, e.name)).size;
  return n;
}

/** The catalogue's names, in a stable order (the wide search mix is built from them). */
async function catalogueNames(conn: { databaseUrl?: string; pgliteDir?: string }): Promise<Array<{ name: string; tamil: string }>> {
  const driver = await openRawDriver(conn);
  try {
    const r = (await driver.query('SELECT DISTINCT name, tamil FROM products ORDER BY name, tamil', [])) as {
      rows: Array<{ name: string; tamil: string }>;
    };
    return r.rows;
  } finally {
    await driver.close();
  }
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
const login = (base: string, phone: string) =>
  api<Session['userInfo']>(base, 'POST', '/api/users/auth', undefined, { phone, password: DEMO.password });

interface Product {
  _id: string;
  shopPrice: number;
  discount: number;
  vendorId: string;
  countInStock: number;
}

/** The product fields a vendor's edit (PUT /api/products/:id) sends back. */
interface ProductDetail extends Product {
  name: string;
  Tamil: string;
  description: string;
  price: number;
  reOrderLevel: number;
  category: string;
  subcategory: string;
  gst: string;
  images: string[];
}

/** A checkout scenario: orders placed, and what the stock and the database say afterwards. */
type CheckoutFigures = Measured<Omit<WriteResult, 'sold'>> & {
  name: string;
  connections: number;
  durationS: number;
  deadlocks: number | null;
  stock: { products: number; conserved: boolean; negative: number; soldOut: number; note: string };
};

/** The figures of a load run that are medians over the runs. */
const LOAD_FIGURES = ['rps', 'p50', 'p90', 'p99', 'max'] as const;
const RAW_FIGURES = ['rps', 'p50', 'p99'] as const;

/** A line of the report with the limit its figures show. */
type Measured<T> = T & { usage?: Usage };

/**
 * Waits, up to WAIT_LOAD_S, for the machine's 1-minute load average to drop to QUIET_LOAD (other
 * work on the machine, or the bench's own seeding and build), saying what it waits for. Returns the
 * load average it starts measuring at: above QUIET_LOAD the report judges no timing budget.
 */
async function settle(what: string): Promise<{ load: number; waitedS: number }> {
  const t0 = Date.now();
  const load = () => Math.round(os.loadavg()[0] * 100) / 100;
  if (load() > QUIET_LOAD)
    log(`${what}: waiting up to ${WAIT_LOAD_S} s for the 1-minute load average (${load()}) to drop to ${QUIET_LOAD}`);
  let said = Date.now();
  while (load() > QUIET_LOAD && Date.now() - t0 < WAIT_LOAD_S * 1000) {
    await new Promise((r) => setTimeout(r, 2000));
    if (Date.now() - said >= 30_000) {
      log(`  load average ${load()}, waited ${Math.round((Date.now() - t0) / 1000)} s`);
      said = Date.now();
    }
  }
  const waitedS = Math.round((Date.now() - t0) / 1000);
  if (load() > QUIET_LOAD) log(`${what}: load average still ${load()} after ${waitedS} s: the figures are reported, not judged`);
  else if (waitedS > 0) log(`${what}: load average ${load()} after ${waitedS} s`);
  return { load: load(), waitedS };
}

// ---------- the run
/** What a run measures: the report's input (bench/lib/report.ts). */
type Results = BenchResults;

async function main() {
  /** Peak RSS of each scenario, in MB. */
  const byScenario: Record<string, number> = {};
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
      runs: RUNS,
    },
    search: { queries: 0 },
    endpoints: [],
    memory: { startMb: 0, peakMb: 0, byScenario },
    notes: [],
  };

  // 1. web build (needed by the server and by the browser figures)
  const webDir = path.join(ROOT, '.tmp/bench-web');
  // the counter's catalogue offline (`--only till`) needs the build too
  const TILL = (!args['skip-browser'] && !args['skip-web']) || ONLY?.includes('till') === true;
  if (!args['skip-web'] || TILL) {
    log('building the PWA');
    buildWeb(webDir, { cache: true, quiet: true });
    const b = analyzeBundle(webDir);
    results.bundle = { ...b, budgets: Object.fromEntries(b.routes.map((r) => [r.path, routeBudget(r.path)])) };
  }

  // 2. database with the generated catalogue (a big one's seed time is a budget: measured on a quiet machine)
  if (isScaleRun(PRODUCTS)) {
    const quiet = await settle('before seeding');
    results.meta.loadBeforeSeed = quiet.load;
  } else results.meta.loadBeforeSeed = Math.round(os.loadavg()[0] * 100) / 100;
  log(`seeding ${PRODUCTS} products into ${kind}${databaseUrl ? ` (${new URL(databaseUrl).pathname.slice(1)})` : ''}`);
  if (databaseUrl) await recreateDatabase(databaseUrl);
  const t0 = Date.now();
  seed();
  results.meta.seedSeconds = Math.round((Date.now() - t0) / 100) / 10;
  log(`seeded in ${results.meta.seedSeconds} s`);
  // Vacuum and planner statistics, as PostgreSQL's autovacuum would do minutes after a bulk load
  // (left to itself, it starts during the run and takes CPU from the scenarios).
  // (PGlite has no autovacuum: there the server's own start-up decides, so nothing is done here.)
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('VACUUM ANALYZE');
    const size = await c.query(
      `SELECT pg_database_size(current_database()) AS db, pg_total_relation_size('products') AS products, pg_total_relation_size('stock_movements') AS ledger`,
    );
    await c.end();
    results.meta.databaseMb = Math.round(Number(size.rows[0].db) / 2 ** 20);
    results.meta.productsMb = Math.round(Number(size.rows[0].products) / 2 ** 20);
    results.meta.ledgerMb = Math.round(Number(size.rows[0].ledger) / 2 ** 20);
  } else results.meta.databaseMb = Math.round(folderBytes(path.join(dataDir, 'pglite')) / 2 ** 20);

  // 3. the search mixes: the fixed one of earlier reports, and the wide one built from the catalogue's names
  const mix = searchMix();
  results.search.queries = mix.length;
  const rawConn = { databaseUrl, pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pglite') };
  const wide = ONLY_WEB ? [] : wideMix(await catalogueNames(rawConn), WIDE_QUERIES);
  // Raw SQL of the wide mix: captured from CatalogService (no cache), replayed through the driver. On
  // PGlite (one process, measured before the server opens its folder) a slice of the mix, for time.
  const rawMix = databaseUrl ? wide : wide.slice(0, 400);
  let statements: Statement[][] = [];
  if (!ONLY_WEB && want('search')) {
    log(`capturing the SQL of ${rawMix.length} wide-mix searches`);
    // the SQL of the PostgreSQL path (the server answers from its in-memory index): what ranking in the database alone costs
    statements = await captureSearchSql({ ...rawConn, parallel: 4, service: { searchIndex: false } }, rawMix);
  }
  const measureRaw = async () => {
    const driver = await openRawDriver({ ...rawConn, poolSize: 10 });
    try {
      await replayRaw(driver, statements, 2, driver.parallel); // warm-up
      return await replayRaw(driver, statements, DURATION, databaseUrl ? 50 : 1);
    } finally {
      await driver.close();
    }
  };
  if (!databaseUrl && !ONLY_WEB && want('search')) {
    log('raw SQL search (PGlite, before the server starts)');
    results.wide = {
      queries: wide.length,
      kinds: mixShares(wide),
      writesPerSecond: WRITES_PER_SECOND,
      raw: { ...(await medianOfRuns(RUNS, measureRaw, RAW_FIGURES)), queries: rawMix.length },
    };
  }

  // 4. the server
  const sqlc = await sqlClient();
  let server: RunningServer = (active = await startServer({
    port: PORT,
    databaseUrl,
    dataDir,
    webDir,
    logFile: path.join(work, 'server.log'),
  }));
  const main = server;
  results.memory.startMb = Math.round(server.rss() / 2 ** 20);
  const base = server.url;
  log(`server up (pid ${server.pid}, RSS ${results.memory.startMb} MB)`);
  // searches are ranked by PostgreSQL until the in-memory index is built: measured once it is, as a server that has been up a while
  const indexStart = performance.now();
  while ((await api<{ search: string }>(base, 'GET', '/api/ready')).search !== 'memory') await new Promise((r) => setTimeout(r, 200));
  results.search.indexReadyMs = Math.round(performance.now() - indexStart);
  log(`search index built in memory (${results.search.indexReadyMs} ms after the server was up)`);

  const customer = await login(base, DEMO.customer);
  const vendor = await login(base, DEMO.vendor);
  const delivery = await login(base, DEMO.delivery);
  const admin = await login(base, DEMO.admin);
  const auth = (u: Session['userInfo']) => ({ authorization: `Bearer ${u.token}` });
  const { areas } = await api<{ areas: string[] }>(base, 'GET', '/api/users/misc/areas');
  const cats = await api<{ categorySubcategoryList: Record<string, string[]> }>(
    base,
    'GET',
    '/api/products/categories-subcategories',
    customer.token,
  );
  const subcategories = Object.values(cats.categorySubcategoryList).flat();
  // products for detail pages: a spread over the catalogue, found through the API itself
  const detailIds: string[] = [];
  for (const sub of subcategories) {
    const r = await api<{ products: Product[] }>(
      base,
      'GET',
      `/api/products/subcategory/${encodeURIComponent(sub)}?page=3&limit=10`,
      customer.token,
    );
    detailIds.push(...r.products.map((p) => p._id));
  }
  // checkout products, by vendor: each cart is one vendor's (one order per checkout), and carts go to
  // every vendor in turn, as an evening's orders do (the generated catalogue has the demo's vendors)
  const byVendor = new Map<string, Product[]>();
  for (let page = 1; page <= 40; page++) {
    const r = await api<{ products: Product[] }>(
      base,
      'GET',
      `/api/products/search?pageNumber=${page}&pageSize=50&sort=highToLow`,
      customer.token,
    );
    for (const p of r.products.filter((x) => x.countInStock > 100)) {
      const list = byVendor.get(p.vendorId) ?? [];
      if (list.length < 67) list.push(p);
      byVendor.set(p.vendorId, list);
    }
    if (byVendor.size >= 3 && [...byVendor.values()].every((l) => l.length >= 67)) break;
  }
  const vendorGroups = [...byVendor.values()].filter((l) => l.length >= 7);
  // each cart ships to an area its shop delivers to (the shop's profile; none chosen: every area)
  const deliversTo = new Map<string, string[]>();
  for (const phone of [DEMO.vendor, DEMO.vendor2, DEMO.kaveri]) {
    const p = await api<{ _id: string; deliveryAreas?: string[] }>(base, 'GET', '/api/users/profile', (await login(base, phone)).token);
    deliversTo.set(p._id, p.deliveryAreas?.length ? p.deliveryAreas : areas);
  }
  const areaFor = (vendorId: string, i: number) => {
    const served = deliversTo.get(vendorId) ?? areas;
    return served[i % served.length];
  };
  /** The hot set: 7 products of each vendor (every cart shares its rows with others); then up to 67 of each. */
  const hotGroups = vendorGroups.map((l) => l.slice(0, 7));
  const checkoutProducts = hotGroups.flat();
  const shopProducts = vendorGroups.flat();
  /** The demo vendor's own products (its pending orders for the offline replay). */
  const vendorOwn = byVendor.get(vendor._id) ?? [];
  if (hotGroups.length < 2 || vendorOwn.length < 8)
    throw new Error(`Found products of ${hotGroups.length} vendors (${vendorOwn.length} of the demo vendor) for the checkout scenarios`);

  /** An edit through the API (an admin's: any vendor's product; works on both databases): only the given fields change. */
  const editProduct = async (id: string, change: Partial<ProductDetail>) => {
    const d = await api<ProductDetail>(base, 'GET', `/api/products/${id}`, admin.token);
    const next = { ...d, ...change };
    await api(base, 'PUT', `/api/products/${id}`, admin.token, {
      name: next.name,
      Tamil: next.Tamil,
      description: next.description,
      price: next.price,
      shopPrice: next.shopPrice,
      countInStock: next.countInStock,
      reOrderLevel: next.reOrderLevel,
      category: next.category,
      subcategory: next.subcategory,
      discount: next.discount,
      gst: next.gst,
      images: next.images,
    });
  };
  const stockOf = async (id: string) => (await api<ProductDetail>(base, 'GET', `/api/products/${id}`, customer.token)).countInStock;
  // plenty of stock for the writes that run beside the searches (a stock change leaves the catalogue version alone)
  if (!ONLY_WEB) for (const p of checkoutProducts) await editProduct(p._id, { countInStock: 1_000_000 });

  /** One request through fetch first: a scenario that cannot succeed once is reported, not measured as fast failures. */
  const probe = async (name: string, spec: RequestSpec, headers: Record<string, string> = {}) => {
    const r = await fetch(base + spec.path, {
      method: spec.method ?? 'GET',
      headers: { ...headers, ...(spec.body ? { 'content-type': 'application/json' } : {}), ...spec.headers },
      body: spec.body,
    });
    if (!r.ok) throw new Error(`${name}: ${spec.method ?? 'GET'} ${spec.path} answered ${r.status} ${(await r.text()).slice(0, 300)}`);
  };
  /** Measures where the time of `run` goes (CPU of each process, lock waits). */
  const usage = async <T extends object>(run: () => Promise<T>): Promise<Measured<T>> => {
    const probeUsage = await measureUsage({
      serverPids: () => server.pids(),
      db: sqlc ?? undefined,
      database: databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined,
      cores: os.cpus().length,
    });
    const r = await run();
    return { ...r, usage: await probeUsage.stop() };
  };
  /** A load scenario at 50 connections, RUNS times (`before` runs before each, e.g. to make the cache cold again): medians and spread. */
  const W = async (
    name: string,
    next: Parameters<typeof runLoad>[0]['next'],
    extra: Partial<Parameters<typeof runLoad>[0]> = {},
    before?: () => Promise<void>,
  ) => {
    await probe(name, next(), extra.headers);
    server.takeWindowPeak();
    const r = await medianOfRuns(
      RUNS,
      async () => {
        await before?.();
        return usage(() => runLoad({ name, url: base, connections: 50, durationS: DURATION, next, ...extra }));
      },
      LOAD_FIGURES,
    );
    if (server === main) byScenario[name] = Math.round(server.takeWindowPeak() / 2 ** 20);
    return r;
  };
  const warm = (next: Parameters<typeof runLoad>[0]['next'], headers?: Record<string, string>) =>
    runLoad({ name: 'warm-up', url: base, connections: 10, durationS: 2, next, headers });

  // two searches in three come from signed-in customers, whose app sends their address's area
  const inAreas = (q: SearchQuery, i: number) => searchPath(i % 3 ? { ...q, area: areas[i % areas.length] } : q);
  const searchPaths = mix.map(inAreas);
  const widePaths = wide.map(inAreas);
  // API clients as a phone's browser sends them: compressed answers accepted
  const phone = { 'accept-encoding': 'gzip, deflate, br' };
  const cust = { ...auth(customer), ...phone };
  const vend = { ...auth(vendor), ...phone };

  /** Checkout i: two products of one vendor (one order), the vendors in turn, 1 to 3 of each. */
  const checkoutSpec = (i: number, groups: Product[][]): CheckoutSpec => {
    const products = groups[i % groups.length];
    const k = Math.floor(i / groups.length);
    const lines = [...new Map([products[k % products.length], products[(k + 3) % products.length]].map((p) => [p._id, p])).values()];
    const quantity = 1 + (i % 3);
    return {
      body: JSON.stringify({
        products: lines.map((p) => ({ productId: p._id, quantity, price: p.shopPrice, discount: p.discount, vendorId: p.vendorId })),
        shippingAddress: {
          address: `${1 + (i % 90)} Bench Street`,
          city: 'Chennai',
          pincode: '600020',
          phoneNumber: DEMO.customer,
          area: areaFor(lines[0].vendorId, i),
        },
      }),
      lines: new Map(lines.map((p) => [p._id, quantity])),
    };
  };
  let n = 0;

  // nothing is measured on a busy machine without saying so
  const quiet = await settle(ONLY_WEB ? 'before the web figures' : 'before the scenarios');
  results.meta.loadBeforeRun = quiet.load;
  results.meta.loadWaitedS = quiet.waitedS;

  if (ONLY_WEB) {
    // the replay needs 500 pending orders of the vendor: made through the checkout API, 8 at a time,
    // one unit each over all the vendor's products found (their generated stock stays as it is)
    const oneItemBody = (i: number) => {
      const p = vendorOwn[i % vendorOwn.length];
      return JSON.stringify({
        products: [{ productId: p._id, quantity: 1, price: p.shopPrice, discount: p.discount, vendorId: p.vendorId }],
        shippingAddress: {
          address: `${1 + (i % 90)} Bench Street`,
          city: 'Chennai',
          pincode: '600020',
          phoneNumber: DEMO.customer,
          area: areaFor(p.vendorId, i),
        },
      });
    };
    log('--only-web: placing 520 orders for the replay');
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 520) {
          const i = next++;
          const r = await fetch(`${base}/api/Orders`, {
            method: 'POST',
            headers: { ...cust, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: oneItemBody(i),
          });
          if (!r.ok) throw new Error(`placing order ${i}: ${r.status} ${await r.text()}`);
        }
      }),
    );
  } else {
    log('health (framework ceiling)');
    await warm(() => ({ path: '/api/health' }));
    results.endpoints.push(await W('health (no-op)', () => ({ path: '/api/health' })));

    // ---- search, wide mix, with checkouts going on
    if (want('search')) {
      results.wide ??= { queries: wide.length, kinds: mixShares(wide), writesPerSecond: WRITES_PER_SECOND };
      const w: NonNullable<Results['wide']> = results.wide;
      const writer = backgroundCheckouts({
        url: base,
        headers: auth(customer),
        rate: WRITES_PER_SECOND,
        next: () => checkoutSpec(n++, hotGroups),
        key: randomUUID,
      });
      const rate = PACED_RATE;
      // a vendor's edit moves the catalogue version: every cached page of every process is stale
      const touched = checkoutProducts[checkoutProducts.length - 1]._id;
      const touchCatalogue = async () => {
        const was = (await api<ProductDetail>(base, 'GET', `/api/products/${touched}`, admin.token)).description;
        await editProduct(touched, { description: was.endsWith('.') ? was.slice(0, -1) : `${was}.` }); // (the API trims white space)
      };
      await probe('search, wide mix', { path: widePaths[0] }, cust);
      log(`search, wide mix (${wide.length} queries), cold: each query's first run at ${rate} req/s, ${WRITES_PER_SECOND} checkouts/s`);
      server.takeWindowPeak();
      // each run cold: after the first, a catalogue edit first
      w.cold = await medianOfRuns<Measured<LoadResult>>(
        RUNS,
        async (i) => {
          if (i > 0) await touchCatalogue();
          return usage(() =>
            runPaced({
              name: 'search, wide mix, cold',
              url: base,
              rate,
              durationS: wide.length / rate,
              connections: 50,
              headers: cust,
              next: cycle(widePaths.map((p) => ({ path: p }))),
            }),
          );
        },
        LOAD_FIGURES,
      );
      log('search, wide mix, warm: the same queries again');
      w.warm = await medianOfRuns(
        RUNS,
        () =>
          usage(() =>
            runPaced({
              name: 'search, wide mix, warm',
              url: base,
              rate,
              durationS: DURATION,
              connections: 50,
              headers: cust,
              next: cycle(widePaths.map((p) => ({ path: p }))),
            }),
          ),
        LOAD_FIGURES,
      );
      byScenario['search, wide mix (paced)'] = Math.round(server.takeWindowPeak() / 2 ** 20);
      log('search, wide mix, 50 connections, warm');
      w.maxWarm = await W('search, wide mix (max, warm)', cycle(widePaths.map((p) => ({ path: p }))), { headers: cust });
      log('search, wide mix, 50 connections, cold (each query once, right after a catalogue edit)');
      w.maxCold = await W(
        'search, wide mix (max, cold)',
        cycle(widePaths.map((p) => ({ path: p }))),
        { headers: cust, amount: wide.length },
        touchCatalogue,
      );
      const writes = await writer.stop();
      const { sold: _sold, ...writeFigures } = writes;
      w.writes = writeFigures;
      if (databaseUrl) {
        log(`raw SQL search (the wide mix, ${rawMix.length} queries, driver only, no writes)`);
        w.raw = await medianOfRuns(RUNS, () => usage(async () => ({ ...(await measureRaw()), queries: rawMix.length })), RAW_FIGURES);
        log('where PostgreSQL spends a cold search (EXPLAIN ANALYZE of each query once)');
        w.profile = await profileSearch(
          databaseUrl,
          rawMix.map((q) => q.kind),
          statements,
        );
      }

      // ---- the fixed mix of earlier reports: warm cache, no writes
      log(`search, fixed mix, at a fixed ${rate} req/s (warm)`);
      await warm(cycle(searchPaths.map((p) => ({ path: p }))), cust);
      results.search.fixedRate = await medianOfRuns(
        RUNS,
        () =>
          runPaced({
            name: `search, fixed mix @${rate} req/s`,
            url: base,
            rate,
            durationS: DURATION,
            connections: 50,
            headers: cust,
            next: cycle(searchPaths.map((p) => ({ path: p }))),
          }),
        LOAD_FIGURES,
      );
      log('search, fixed mix, 50 connections');
      results.search.max = await W('search, fixed mix (max)', cycle(searchPaths.map((p) => ({ path: p }))), { headers: cust });
    }

    if (want('detail')) {
      log('product detail');
      const details = cycle(detailIds.map((id) => ({ path: `/api/products/${id}` })));
      await warm(details, cust);
      results.endpoints.push(await W('product detail', details, { headers: cust }));
      log('products by subcategory');
      results.endpoints.push(
        await W(
          'products by subcategory',
          cycle(
            subcategories.flatMap((s) =>
              [1, 2].map((pg) => ({ path: `/api/products/subcategory/${encodeURIComponent(s)}?page=${pg}&limit=10` })),
            ),
          ),
          { headers: cust },
        ),
      );
    }

    if (want('checkout')) {
      // ---- checkout at 50 connections: one product scarce (it sells out during the run), the rest plenty.
      // The 20 products of earlier reports (every cart shares rows with others: row locks queue), then 200.
      const deadlocks = async () =>
        sqlc
          ? Number((await sqlc.query('SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()')).rows[0].deadlocks)
          : null;
      const runCheckout = async (name: string, groups: Product[][]): Promise<CheckoutFigures> => {
        const products = groups.flat();
        log(`${name}, 50 connections (one product sells out)`);
        const SCARCE = 30;
        const stock = new Map(products.map((p, i) => [p._id, i === 0 ? SCARCE : 1_000_000]));
        for (const [id, s] of stock) await editProduct(id, { countInStock: s });
        const before = await deadlocks();
        server.takeWindowPeak();
        const placed = await usage(() =>
          checkoutLoop({
            url: base,
            headers: auth(customer),
            connections: 50,
            durationS: DURATION,
            next: () => checkoutSpec(n++, groups),
            key: randomUUID,
          }),
        );
        byScenario[name] = Math.round(server.takeWindowPeak() / 2 ** 20);
        await new Promise((r) => setTimeout(r, 1000)); // statistics reach pg_stat_database
        const after = await deadlocks();
        const left = new Map<string, number>();
        for (const id of stock.keys()) left.set(id, await stockOf(id));
        const mismatched = [...stock].filter(([id, s]) => left.get(id) !== s - (placed.sold.get(id) ?? 0));
        const { sold, ...figures } = placed;
        const scarce = products[0]._id;
        return {
          ...figures,
          name,
          connections: 50,
          durationS: DURATION,
          deadlocks: before === null || after === null ? null : after - before,
          stock: {
            products: stock.size,
            conserved: mismatched.length === 0,
            negative: [...left.values()].filter((v) => v < 0).length,
            soldOut: [...left.values()].filter((v) => v === 0).length,
            note: mismatched.length
              ? `stock left differs from stock minus units sold for ${mismatched.length} products`
              : `for each product, stock left = stock before - units in the orders placed (the scarce one: ${SCARCE} - ${sold.get(scarce) ?? 0} = ${left.get(scarce)})`,
          },
        };
      };
      // each run starts from the same stock (runCheckout sets it); rates are medians, and what must never
      // happen (failures, deadlocks, stock not conserved) is the worst of the runs
      const repeatCheckout = async (name: string, groups: Product[][]) => {
        const all: CheckoutFigures[] = [];
        const r = await medianOfRuns(RUNS, async () => {
          const one = await runCheckout(name, groups);
          all.push(one);
          return one;
        }, ['rps', 'p50', 'p99', 'placed']);
        const unsound = all.find((c) => !c.stock.conserved || c.stock.negative > 0);
        return {
          ...r,
          failed: Math.max(...all.map((c) => c.failed)),
          errors: Math.max(...all.map((c) => c.errors)),
          deadlocks: all.some((c) => c.deadlocks === null) ? null : Math.max(...all.map((c) => c.deadlocks!)),
          stock: unsound?.stock ?? r.stock,
          samples: [...new Set(all.flatMap((c) => c.samples))].slice(0, 5),
        };
      };
      results.checkouts = [
        await repeatCheckout(`checkout, ${checkoutProducts.length} products of ${hotGroups.length} vendors`, hotGroups),
        await repeatCheckout(`checkout, ${shopProducts.length} products of ${vendorGroups.length} vendors`, vendorGroups),
      ];
    }

    if (want('orders')) {
      log('vendor orders page');
      results.endpoints.push(
        await W('vendor orders page', cycle([1, 2, 3].map((pg) => ({ path: `/api/Orders/vendor?page=${pg}&limit=10` }))), {
          headers: vend,
        }),
      );
      // ---- the rider's area list: an area with AREA_PENDING pending orders, through the app's cards route
      const deliveryHeaders = { ...auth(delivery), ...phone };
      const pendingIn = async (a: string) =>
        (await api<unknown[]>(base, 'POST', '/api/Orders/pending-by-area/cards', delivery.token, { area: a })).length;
      // the busiest area the demo vendor delivers to, topped up with checkouts of its products (made with plenty of stock)
      const own = vendorOwn.slice(0, 8);
      for (const p of own) await editProduct(p._id, { countInStock: 1_000_000 });
      const sizes = await Promise.all((deliversTo.get(vendor._id) ?? areas).map(async (a) => ({ a, n: await pendingIn(a) })));
      const busiest = sizes.reduce((x, y) => (y.n > x.n ? y : x));
      const toPlace = Math.max(0, AREA_PENDING - busiest.n);
      log(`area list: ${busiest.a} has ${busiest.n} pending orders; placing ${toPlace} more`);
      let placed = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (placed < toPlace) {
            const i = placed++;
            const p = own[i % own.length];
            const r = await fetch(`${base}/api/Orders`, {
              method: 'POST',
              headers: { ...cust, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
              body: JSON.stringify({
                products: [{ productId: p._id, quantity: 1 + (i % 3), price: p.shopPrice, discount: p.discount, vendorId: p.vendorId }],
                shippingAddress: {
                  address: `${1 + (i % 90)} Bench Street`,
                  city: 'Chennai',
                  pincode: '600020',
                  phoneNumber: DEMO.customer,
                  area: busiest.a,
                },
              }),
            });
            if (!r.ok) throw new Error(`placing order ${i} in ${busiest.a}: ${r.status} ${await r.text()}`);
          }
        }),
      );
      const listed = await pendingIn(busiest.a);
      const areaBody = JSON.stringify({ area: busiest.a });
      log(`area list of ${busiest.a} (${listed} pending orders): the app's cards, then the spec's whole orders`);
      results.endpoints.push(
        await W(
          `area list, app's cards (${listed} pending orders)`,
          () => ({ method: 'POST' as const, path: '/api/Orders/pending-by-area/cards', body: areaBody }),
          { headers: deliveryHeaders },
        ),
      );
      results.endpoints.push(
        await W(
          `pending by area, spec's whole orders (${listed} pending orders)`,
          () => ({ method: 'POST' as const, path: '/api/Orders/pending-by-area', body: areaBody }),
          { headers: deliveryHeaders },
        ),
      );
      if (sqlc) {
        const r = await sqlc.query(
          `SELECT lower(area) AS area, count(*)::int AS n FROM orders WHERE status = 'Pending' GROUP BY 1 ORDER BY 2 DESC`,
        );
        results.meta.pendingOrdersPerArea = Object.fromEntries(r.rows.map((x) => [x.area, x.n]));
      }

      // ---- bytes on the wire, plain and compressed
      results.compression = [
        await answerBytes('search page (keyword "rice", 10 products)', `${base}/api/products/search?keyword=rice&pageNumber=1`, {
          headers: auth(customer),
        }),
        await answerBytes('search page of 50 (keyword "oil")', `${base}/api/products/search?keyword=oil&pageNumber=1&pageSize=50`, {
          headers: auth(customer),
        }),
        await answerBytes(`area list, app's cards (${busiest.a}, ${listed} orders)`, `${base}/api/Orders/pending-by-area/cards`, {
          method: 'POST',
          headers: auth(delivery),
          body: areaBody,
        }),
        await answerBytes(`pending by area, spec's whole orders (${busiest.a}, ${listed} orders)`, `${base}/api/Orders/pending-by-area`, {
          method: 'POST',
          headers: auth(delivery),
          body: areaBody,
        }),
      ];
    }
  }
  results.memory.peakMb = Math.round(server.peakRss() / 2 ** 20);
  log(`peak RSS ${results.memory.peakMb} MB`);

  // 5. browser figures against the same server
  if (!args['skip-browser'] && !args['skip-web']) {
    const productId = detailIds[5];
    log('Lighthouse');
    const pages = [
      { name: 'Sign-in', path: '/' },
      { name: 'Home', path: '/Home', session: { userInfo: customer } },
      { name: 'Categories', path: '/user-categories', session: { userInfo: customer } },
      { name: 'Product page', path: `/product/${productId}`, session: { userInfo: customer } },
    ];
    // each page's figures: medians of RUNS runs (a page that failed in a run counts in the others)
    results.lighthouse = await withTimeout(
      (async () => {
        const runs: Awaited<ReturnType<typeof runLighthouse>>[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(base, pages));
        return Promise.all(
          pages.map((pg) => {
            const of = runs.map((r) => r.find((x) => x.page === pg.name)!).filter((x) => x && !x.error);
            const all = runs.map((r) => r.find((x) => x.page === pg.name)!);
            return of.length ? medianOfRuns(of.length, async (i) => of[i], ['score', 'lcpMs', 'tbtMs', 'cls', 'fcpMs']) : all[0];
          }),
        );
      })(),
      240_000 * RUNS,
      'Lighthouse',
    ).catch((err) => {
      results.notes.push(`Lighthouse not measured: ${(err as Error).message}`);
      return [];
    });
    log('offline');
    let pendingIds: string[] = [];
    if (sqlc) {
      const r = await sqlc.query(`SELECT id FROM orders WHERE vendor_id = $1 AND status = 'Pending' ORDER BY created_at LIMIT 500`, [
        vendor._id,
      ]);
      pendingIds = r.rows.map((x) => x.id);
    } else {
      const r = await api<Array<{ _id: string }>>(base, 'GET', '/api/Orders/vendor/pending', vendor.token);
      pendingIds = r.map((o) => o._id).slice(0, 500);
    }
    results.offline = await withTimeout(
      runOffline(base, {
        customer: { userInfo: customer },
        listPath: `/productlist/${encodeURIComponent(subcategories[0])}`,
        vendor: { userInfo: vendor },
        orderIds: pendingIds,
        countDelivered: async (ids) => {
          if (sqlc)
            return (await sqlc.query(`SELECT count(*)::int AS n FROM orders WHERE id = ANY($1) AND status = 'Delivered'`, [ids])).rows[0].n;
          let k = 0;
          for (const id of ids)
            if ((await api<{ status: string }>(base, 'GET', `/api/Orders/${id}`, vendor.token)).status === 'Delivered') k++;
          return k;
        },
      }),
      150_000,
      'offline figures',
    ).catch((err) => {
      results.notes.push(`Offline figures not measured: ${(err as Error).message}`);
      return { firstCardMs: null, replay500Ms: null, firstCardNote: (err as Error).message, replayNote: (err as Error).message };
    });
    // a realistic evening for the rider's first session: at most AREA_PENDING pending orders an area (bench/lib/evening.ts)
    let markedDelivered: number | null = null;
    let eveningNote: string | undefined;
    if (sqlc) {
      markedDelivered = await trimPending(sqlc, areas, AREA_PENDING);
      log(`rider's evening: ${markedDelivered} older pending orders marked Delivered, at most ${AREA_PENDING} left an area`);
    } else {
      eveningNote = `PGlite: the server holds the database, so the pending orders were not cut to ${AREA_PENDING} an area`;
      log(`rider's evening: ${eveningNote} (the API marks one order at a time: too slow for thousands)`);
    }
    const evening: RiderAreas = {
      ...(await riderAreas(base, delivery.token)),
      markedDelivered,
      keep: AREA_PENDING,
      ...(eveningNote ? { note: eveningNote } : {}),
    };
    log(`rider's areas: ${evening.pending} pending orders in ${evening.areas} areas (at most ${evening.mostInOneArea} in one)`);
    log("first session (sign-in to offline-ready) and the installed app's pages");
    const area = areas.find((a) => a) ?? '';
    results.firstSession = await withTimeout(
      firstSessionMedians(RUNS, () =>
        runFirstSession(base, {
          riderPhone: DEMO.delivery,
          password: DEMO.password,
          distDir: path.join(ROOT, 'dist'),
          pages: [
            { name: 'Home', path: '/Home', ready: '[data-testid="home-role"]', phone: DEMO.customer },
            { name: 'Categories', path: '/user-categories', ready: 'main a[href^="/subcategory/"]', phone: DEMO.customer },
            {
              name: 'Product list',
              path: `/productlist/${encodeURIComponent(subcategories[0])}`,
              ready: '[data-testid="product-card"]',
              phone: DEMO.customer,
            },
            {
              name: 'Area list',
              path: `/orders-by-area/${encodeURIComponent(area)}`,
              ready: '[data-testid="pending-count"]',
              phone: DEMO.delivery,
            },
            { name: 'Sale screen', path: '/order', ready: '[data-testid="product-finder"]', phone: DEMO.vendor },
          ],
        }),
      ),
      600_000 * RUNS,
      'first session',
    )
      .then((r) => ({ ...r, riderAreas: evening }))
      .catch((err) => {
        results.notes.push(`First-session figures not measured: ${(err as Error).message}`);
        return undefined;
      });
  }
  await server.stop();

  // 5b. the counter's catalogue offline: the demo vendor's shop topped up to 20,000 products after the other
  // figures (they keep their catalogue), on a server started again (PGlite: the folder is free meanwhile)
  if (TILL && want('till')) {
    log(`the counter offline: the demo vendor's shop topped up to ${TILL_PRODUCTS} products`);
    const top = await topUpShop(rawConn, DEMO.vendor);
    log(`the counter offline: ${top.before} products, ${top.added} added`);
    server = active = await startServer({ port: PORT, databaseUrl, dataDir, webDir, logFile: path.join(work, 'server-till.log') });
    results.offlineTill = await withTimeout(
      runOfflineTill(server.url, { vendor: { userInfo: await login(server.url, DEMO.vendor) } }),
      600_000,
      "the counter's catalogue offline",
    ).catch((err) => {
      results.notes.push(`The counter's catalogue offline not measured: ${(err as Error).message}`);
      return undefined;
    });
    await server.stop();
  }

  // 6. scale-up with node:cluster (PostgreSQL only)
  if (databaseUrl && !ONLY_WEB && want('scaleup')) {
    const scenarios = async (s: RunningServer) => {
      const out: LoadResult[] = [];
      out.push(await W('search, fixed mix (max)', cycle(searchPaths.map((p) => ({ path: p }))), { headers: cust }));
      out.push(await W('product detail', cycle(detailIds.map((id) => ({ path: `/api/products/${id}` }))), { headers: cust }));
      void s;
      return out;
    };
    results.scaleUp = {};
    for (const workers of [1, 2]) {
      log(`scale-up: WORKERS=${workers}`);
      server = active = await startServer({
        port: PORT,
        databaseUrl,
        dataDir,
        webDir,
        workers,
        logFile: path.join(work, `server-w${workers}.log`),
      });
      await warm(cycle(searchPaths.map((p) => ({ path: p }))), cust);
      const r = await scenarios(server);
      if (workers === 1) results.scaleUp.workers1 = r;
      else results.scaleUp.workers2 = r;
      await server.stop();
    }
  } else if (!ONLY_WEB && want('scaleup')) {
    results.scaleUp = { note: 'PGlite is one process: WORKERS applies to PostgreSQL only (run with DATABASE_URL).' };
  }
  await sqlc?.end();

  results.meta.totalSeconds = Math.round((Date.now() - started) / 1000);
  const { md } = writeReport(
    (ONLY ? mergeInto(path.join(args.out!, `${REPORT}.json`), results, ONLY) : results) as never,
    args.out!,
    REPORT,
  );
  console.log(`\n${md}`);
  log(`wrote ${path.relative(ROOT, args.out!)}/${REPORT}.md and ${REPORT}.json`);
  // the default catalogue's report compares itself with the big one's: its section follows the new figures
  if (PRODUCTS === SCALE_BUDGETS.fromProducts && fs.existsSync(path.join(args.out!, 'latest.json'))) {
    writeReport(JSON.parse(fs.readFileSync(path.join(args.out!, 'latest.json'), 'utf8')) as never, args.out!, 'latest');
    log(`rewrote ${path.relative(ROOT, args.out!)}/latest.md (its comparison with ${PRODUCTS} products)`);
  }
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(0); // a browser left behind by a timed-out phase must not keep the run alive
}

/** How the scenarios of a group are named (the start of their names). */
const GROUP_PREFIX: Record<string, string[]> = {
  search: ['search'],
  detail: ['product'],
  checkout: ['checkout'],
  orders: ['vendor orders', 'pending by area', 'area list'],
  scaleup: [],
  till: [],
};

/**
 * A partial run (--only) over the report already written: the scenarios run replace their figures,
 * everything else is kept as it was measured; meta says which figures are from when.
 */
function mergeInto(file: string, r: Results, only: string[]): Results {
  if (!fs.existsSync(file)) return r;
  const old = JSON.parse(fs.readFileSync(file, 'utf8')) as Results & { budgets?: unknown };
  delete old.budgets;
  // a re-run group's old scenarios go (their names may have changed), the others stay
  const rerun = (name: string) => only.some((g) => (GROUP_PREFIX[g] ?? []).some((x) => name.startsWith(x)));
  const byName = new Map(old.endpoints.filter((e) => !rerun(e.name)).map((e) => [e.name, e]));
  for (const e of r.endpoints) byName.set(e.name, e);
  // when each group's figures were measured (a full run measures all of them)
  const before = (old.meta.partial as { measuredAt?: Record<string, string> } | undefined)?.measuredAt ?? {};
  const measuredAt = Object.fromEntries(
    SCENARIOS.map((g) => [g, only.includes(g) ? String(r.meta.date) : (before[g] ?? String(old.meta.date))]),
  );
  const byDate = new Map<string, string[]>();
  for (const [g, d] of Object.entries(measuredAt)) byDate.set(d.slice(0, 16), [...(byDate.get(d.slice(0, 16)) ?? []), g]);
  const when = [...byDate].map(([d, gs]) => `${gs.join(', ')} on ${d.replace('T', ' ')}`).join('; ');
  // and at which load: the report is judged by the highest of them, so a busy run's figures kept beside a
  // quiet run's are never judged as if measured quiet
  const loadOf = (m: Results['meta']) =>
    typeof m.loadBeforeRun === 'number' ? m.loadBeforeRun : (m.loadAverageAtStart as number[] | undefined)?.[0];
  const loadsBefore = (old.meta.partial as { loadAt?: Record<string, number | undefined> } | undefined)?.loadAt ?? {};
  const loadAt = Object.fromEntries(
    [...SCENARIOS, 'web'].map((g) => [g, only.includes(g) ? loadOf(r.meta) : g in loadsBefore ? loadsBefore[g] : loadOf(old.meta)]),
  );
  const loads = Object.values(loadAt).filter((x): x is number => typeof x === 'number');
  return {
    ...old,
    meta: {
      ...old.meta,
      ...r.meta,
      loadBeforeRun: loads.length ? Math.max(...loads) : undefined,
      partial: {
        scenarios: only,
        measuredAt,
        loadAt,
        note: `measured ${when} (the web figures with the earliest); the load average before each: ${Object.entries(loadAt)
          .map(([g, l]) => `${g} ${l ?? 'not recorded'}`)
          .join(', ')}, the highest of them judges the report`,
      },
    },
    search: only.includes('search') ? r.search : old.search,
    wide: only.includes('search') ? r.wide : old.wide,
    checkouts: only.includes('checkout') ? r.checkouts : old.checkouts,
    compression: only.includes('orders') ? r.compression : old.compression,
    scaleUp: only.includes('scaleup') ? r.scaleUp : old.scaleUp,
    offlineTill: only.includes('till') ? r.offlineTill : old.offlineTill,
    endpoints: [...byName.values()],
    memory: {
      startMb: r.memory.startMb,
      peakMb: Math.max(r.memory.peakMb, old.memory.peakMb),
      // a re-run group's old scenarios go (their names may have changed), the others stay
      byScenario: {
        ...Object.fromEntries(Object.entries(old.memory.byScenario ?? {}).filter(([k]) => !rerun(k))),
        ...r.memory.byScenario,
      },
    },
    notes: [...new Set([...old.notes, ...r.notes])],
  };
}

main().catch(async (err) => {
  console.error(err);
  await active?.stop().catch(() => {});
  console.error(`Server logs: ${work}`);
  process.exit(1);
});
