/**
 * `npm run bench:year`: the back office on a year of three busy shops (server/db/seed-year.ts), on PostgreSQL.
 * Starts the production API server (bench/lib/server.ts) on the year, signs in as shop 9445000101 and, with
 * five checkouts a second going on, times each back-office call (one warm-up, then `--calls` calls one after
 * the other: median and p99, and the CPU per call), the product export and the import of that export with
 * every row changed (dry run and real, with the server's RSS growth), then a backup of the year and its
 * restore into a second database, with every table's row count compared. Writes bench/results/year.json
 * and year.md, each figure beside its budget (YEAR_BUDGETS in bench/budgets.ts).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/year_bench npm run bench:year [-- --runs 3]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/empty_db npm run bench:year -- --seed-first [--days 30 --scale 0.05]
 *
 * The seeded database is never written: the bench works on a copy (`<name>_work`, CREATE DATABASE ... TEMPLATE,
 * dropped at the end), since checkouts and the import change it. With `--seed-first` the year is seeded into
 * DATABASE_URL (which must be empty) and the bench works on it directly.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { BACKUP_TABLES } from '../server/db/backup';
import { toCsv } from '../server/services/catalog/product-import/write-files';
import { YEAR_BUDGETS } from './budgets';
import { ROOT } from './lib/bundle';
import { startServer } from './lib/server';
import { median, type Spread } from './lib/stats';
import { type CallContext, type CallFigure, type CallSpec, send, timeCalls } from './lib/year-calls';
import { pickYear, tableCounts, type YearPicks } from './lib/year-data';
import { renderYear, type YearFigure, type YearResults } from './lib/year-report';
import { backgroundCheckouts, type CheckoutSpec } from './lib/writes';

const { values: args } = parseArgs({
  options: {
    'seed-first': { type: 'boolean' },
    runs: { type: 'string', default: '1' },
    calls: { type: 'string', default: '30' },
    'heavy-calls': { type: 'string' },
    phone: { type: 'string', default: '9445000101' },
    'skip-backup': { type: 'boolean' },
    'in-place': { type: 'boolean' },
    only: { type: 'string' },
    keep: { type: 'boolean' },
    days: { type: 'string' },
    scale: { type: 'string' },
    seed: { type: 'string' },
    end: { type: 'string' },
  },
  strict: true,
});
const RUNS = Math.max(1, Number(args.runs));
const CALLS = Math.max(1, Number(args.calls));
/** Exports and imports: 30 of each take minutes at full scale; `--heavy-calls` shortens them. */
const HEAVY_CALLS = Math.max(1, Number(args['heavy-calls'] ?? CALLS));
/** `--only dues,vendorOrders` times only the calls whose key starts with one of these (a re-check of a few). */
const ONLY = args.only?.split(',').filter(Boolean);
const chosen = (key: string) => !ONLY || ONLY.some((o) => key.startsWith(o));
const PASSWORD = 'Demo@1234';
const ADMIN_PHONE = '9876500001';
const CUSTOMER_PHONE = '9876500003';
const sourceUrl = process.env.DATABASE_URL;
if (!sourceUrl?.startsWith('postgres')) throw new Error('Set DATABASE_URL to the PostgreSQL database of the year (postgres://...)');

const log = (s: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${s}`);
const dbUrl = (name: string) => {
  const u = new URL(sourceUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
const sourceName = new URL(sourceUrl).pathname.slice(1);
const maintenance = new pg.Client({ connectionString: dbUrl('postgres') });
await maintenance.connect();
const dropDb = (name: string) => maintenance.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
const secs = (ms: number) => Math.round(ms / 100) / 10;

const results: YearResults = {
  meta: {
    date: new Date().toISOString(),
    database: sourceName,
    runs: RUNS,
    calls: CALLS,
    heavyCalls: HEAVY_CALLS,
    loadBefore: Math.round(os.loadavg()[0] * 100) / 100,
    cores: os.cpus().length,
    phone: args.phone!,
    workOn: '',
  },
  figures: [],
  notes: [],
};

// ---------- the database: seeded here, or a copy of the seeded one
let workName = sourceName;
const t0 = performance.now();
if (args['seed-first']) {
  const seedArgs = ['tsx', 'server/db/seed-cli.ts', '--year'];
  for (const k of ['days', 'scale', 'seed', 'end'] as const) if (args[k] !== undefined) seedArgs.push(`--${k}`, args[k]!);
  log(`seeding the year into ${sourceName}: npx ${seedArgs.join(' ')}`);
  const r = spawnSync('npx', seedArgs, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DATABASE_URL: sourceUrl } });
  if (r.status !== 0) throw new Error(`the seed failed (exit ${r.status})`);
  results.meta.seedSeconds = secs(performance.now() - t0);
  results.meta.workOn = `${sourceName} itself (seeded by the bench, --seed-first)`;
} else if (args['in-place']) {
  results.meta.workOn = `${sourceName} itself (--in-place: the checkouts and imports stay in it)`;
} else {
  workName = `${sourceName}_work`;
  log(`copying ${sourceName} to ${workName} (the bench's checkouts and imports change it)`);
  await dropDb(workName);
  await maintenance.query(`CREATE DATABASE "${workName}" TEMPLATE "${sourceName}"`);
  results.meta.copySeconds = secs(performance.now() - t0);
  results.meta.workOn = `${workName}, a copy of ${sourceName} (CREATE DATABASE ... TEMPLATE, ${results.meta.copySeconds} s), dropped at the end`;
}
const workUrl = dbUrl(workName);
// a failed run leaves no copy behind (nor a server: its process is the bench's child)
let stopServer: () => Promise<void> = async () => {};
process.on('uncaughtException', async (e) => {
  console.error(e);
  await stopServer().catch(() => {});
  if (workName !== sourceName && !args.keep) await dropDb(workName).catch(() => {});
  await dropDb(`${sourceName}_restore`).catch(() => {});
  process.exit(1);
});
const sql = new pg.Client({ connectionString: workUrl });
await sql.connect();
const picks: YearPicks = await pickYear(sql, args.phone!);
results.picks = picks;
log(
  `shop ${args.phone}: ${picks.counts.orders} orders, ${picks.counts.products} products, ${picks.counts.customers} customers, ${picks.firstDay} to ${picks.lastDay}`,
);

// ---------- the server
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-year-'));
const webDir = path.join(work, 'web');
fs.mkdirSync(webDir);
const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 3901),
  databaseUrl: workUrl,
  dataDir: path.join(work, 'data'),
  webDir,
  logFile: path.join(work, 'server.log'),
});
stopServer = server.stop;
const base = server.url;
results.meta.startRssMb = Math.round(server.rss() / 2 ** 20);
log(`server up (pid ${server.pid}, RSS ${results.meta.startRssMb} MB); log in ${work}/server.log`);

const json = async <T>(p: string, init?: RequestInit): Promise<T> => {
  const r = await fetch(base + p, init);
  if (!r.ok) throw new Error(`${init?.method ?? 'GET'} ${p}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
};
const signIn = (phone: string) =>
  json<{ token: string; _id: string }>('/api/users/auth', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password: PASSWORD }),
  });
// the in-memory search index builds at start: measured once it is, as a server that has been up a while
while ((await json<{ search: string }>('/api/ready')).search !== 'memory') await new Promise((r) => setTimeout(r, 200));
const vendor = await signIn(args.phone!);
const customer = await signIn(CUSTOMER_PHONE);
const admin = await signIn(ADMIN_PHONE).catch((e: Error) => {
  results.notes.push(`The admin ${ADMIN_PHONE} could not sign in (${e.message.slice(0, 120)}): the admin dashboard is not measured.`);
  return null;
});
const bearer = (t: { token: string }) => ({ authorization: `Bearer ${t.token}` });

// ---------- five checkouts a second, by the demo customer, of the shop's best-stocked products
interface Product {
  _id: string;
  shopPrice: number;
  discount: number;
  vendorId: string;
}
const products = await Promise.all(picks.checkoutProducts.map((id) => json<Product>(`/api/products/${id}`, { headers: bearer(customer) })));
const profile = await json<{ deliveryAreas?: string[] }>('/api/users/profile', { headers: bearer(vendor) });
const { areas } = await json<{ areas: string[] }>('/api/users/misc/areas');
const served = profile.deliveryAreas?.length ? profile.deliveryAreas : areas;
const checkoutSpec = (i: number): CheckoutSpec => {
  const lines = [products[i % products.length], products[(i + 7) % products.length]];
  return {
    body: JSON.stringify({
      products: lines.map((p) => ({ productId: p._id, quantity: 1, price: p.shopPrice, discount: p.discount, vendorId: p.vendorId })),
      shippingAddress: {
        address: `${1 + (i % 90)} Bench Street`,
        city: 'Chennai',
        pincode: '600020',
        phoneNumber: CUSTOMER_PHONE,
        area: served[i % served.length],
      },
    }),
    lines: new Map(lines.map((p) => [p._id, 1])),
  };
};
let n = 0;
const writer = backgroundCheckouts({
  url: base,
  headers: bearer(customer),
  rate: YEAR_BUDGETS.checkoutsPerSecond,
  next: () => checkoutSpec(n++),
  key: () => crypto.randomUUID(),
});

// ---------- the calls
const ctx: CallContext = { base, serverPids: server.pids, db: sql, database: workName };
const v = bearer(vendor);
const addDays = (day: string, d: number) => new Date(Date.parse(`${day}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
const dashFrom = addDays(picks.lastDay, 1 - YEAR_BUDGETS.dashboardDays);
const q = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, x]) => [k, String(x)])).toString();
const ordersPage = (o: Record<string, string | number>) => `/api/Orders/vendor?${q({ limit: 10, ...o })}`;
const firstWord = (s: string) => s.split(/\s+/)[0];
const pages = (await json<{ totalPages: number }>(ordersPage({ page: 1 }), { headers: v })).totalPages;

interface Plan {
  key: string;
  label: string;
  budgetMs: number;
  spec: CallSpec;
  calls?: number;
}
const B = YEAR_BUDGETS;
const plans: Plan[] = [
  {
    key: 'dayClose',
    label: `day close of the busiest day (${picks.busyDay.date}, ${picks.busyDay.orders} orders)`,
    budgetMs: B.dayCloseMs,
    spec: { path: `/api/Orders/vendor/day-summary?date=${picks.busyDay.date}`, headers: v },
  },
  {
    key: 'gstr1',
    label: `GSTR-1 of ${picks.month.start.slice(0, 7)} (${picks.month.invoices} invoices), JSON with its CSV`,
    budgetMs: B.gstr1MonthMs,
    spec: { path: `/api/Orders/gstr1/report?${q({ startDate: picks.month.start, endDate: picks.month.end })}`, headers: v },
  },
  {
    key: 'vendorDashboard',
    label: `vendor dashboard, ${B.dashboardDays} days (${dashFrom} to ${picks.lastDay})`,
    budgetMs: B.vendorDashboardMs,
    spec: { path: `/api/reports/vendor/summary?${q({ from: dashFrom, to: picks.lastDay })}`, headers: v },
  },
  ...(admin
    ? [
        {
          key: 'adminDashboard',
          label: `admin dashboard, ${B.dashboardDays} days`,
          budgetMs: B.adminDashboardMs,
          spec: { path: `/api/reports/admin/summary?${q({ from: dashFrom, to: picks.lastDay })}`, headers: bearer(admin) },
        },
      ]
    : []),
  {
    key: 'customerLedger',
    label: `customer ledger, the customer with the most entries (${picks.customer.entries})`,
    budgetMs: B.customerLedgerMs,
    spec: { path: `/api/customers/${picks.customer.id}/ledger`, headers: v },
  },
  {
    key: 'dues',
    label: `dues list with ageing (${picks.counts.customers} customers)`,
    budgetMs: B.duesMs,
    spec: { path: '/api/customers/dues', headers: v },
  },
  {
    key: 'stockLedger',
    label: `stock ledger page, the product with the most movements (${picks.product.movements})`,
    budgetMs: B.stockLedgerMs,
    spec: { path: `/api/stock/ledger?productId=${picks.product.id}`, headers: v },
  },
  {
    key: 'reorder',
    label: `reorder list (${picks.counts.products} products)`,
    budgetMs: B.reorderMs,
    spec: { path: '/api/stock/reorder', headers: v },
  },
  ...(
    [
      ['first', 'first page', { page: 1 }],
      ['middle', `page ${Math.ceil(pages / 2)} of ${pages}`, { page: Math.ceil(pages / 2) }],
      ['last', `last page (${pages})`, { page: pages }],
      ['day', `one day (${picks.busyDay.date})`, { startDate: picks.busyDay.date, endDate: picks.busyDay.date }],
      ['customer', `customer "${firstWord(picks.customer.name)}"`, { customer: firstWord(picks.customer.name) }],
      ['search', `search "${firstWord(picks.customer.name)}"`, { search: firstWord(picks.customer.name) }],
      ['product', `product "${firstWord(picks.product.name)}"`, { product: firstWord(picks.product.name) }],
      ['ref', `reference "${picks.invoiceRef}"`, { ref: picks.invoiceRef }],
      ['staff', "the owner's sales", { staffId: picks.vendorId }],
    ] as const
  ).map(([k, what, o]) => ({
    key: `vendorOrders.${k}`,
    label: `Vendor Orders, ${what}`,
    budgetMs: B.vendorOrdersMs,
    spec: { path: ordersPage(o), headers: v },
  })),
  {
    key: 'exportCsv',
    label: `export of ${picks.counts.products} products, CSV`,
    budgetMs: B.exportCsvMs,
    spec: { path: '/api/products/export?format=csv', headers: v },
    calls: HEAVY_CALLS,
  },
  {
    key: 'exportXlsx',
    label: `export of ${picks.counts.products} products, XLSX`,
    budgetMs: B.exportXlsxMs,
    spec: { path: '/api/products/export?format=xlsx', headers: v },
    calls: HEAVY_CALLS,
  },
];

// the import's file: the shop's own export, each row's description changed differently for every call
const exported = await send({ ...ctx }, { path: '/api/products/export?format=csv', headers: v }, 0);
const table = parse(exported.toString('utf8').replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
const [header, ...rows] = table;
const descCol = header.indexOf('Description');
if (descCol < 0) throw new Error(`the export has no Description column: ${header.join(',')}`);
const importFile = (tag: string): BodyInit => {
  const changed = rows.map((r) => r.map((c, j) => (j === descCol ? `${c.replace(/ ·bench\S*$/, '')} ·bench${tag}` : c === '' ? null : c)));
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(toCsv(header, changed))], { type: 'text/csv' }), 'products.csv');
  return form;
};
const importNotes = new Map<string, string>();
const importPlans = (run: number): Plan[] =>
  (['dry', 'real'] as const).map((kind) => ({
    key: `import.${kind}`,
    label: `import of the ${rows.length} rows of the shop's export, each row changed, ${kind === 'dry' ? 'dry run' : 'saved'}`,
    budgetMs: B.importMs,
    spec: {
      method: 'POST',
      path: `/api/products/import?skipInvalid=true${kind === 'dry' ? '&dryRun=true' : ''}`,
      headers: v,
      body: (i: number) => importFile(`${run}${kind[0]}${i}`),
      // every row of every file is a change: the answer must say so
      onAnswer: (answer: Buffer) => {
        const a = JSON.parse(answer.toString()) as {
          updated: number;
          invalid: number;
          saved: boolean;
          errors: Array<Record<string, unknown>>;
        };
        if (a.updated + a.invalid !== rows.length || a.saved !== (kind === 'real'))
          throw new Error(
            `import answered updated ${a.updated} of ${rows.length}, invalid ${a.invalid}, saved ${a.saved}: ${JSON.stringify(a.errors.slice(0, 3))}`,
          );
        // rows the import refuses are skipped (skipInvalid) so the rest is still saved and timed, and said
        if (a.invalid) {
          const e = a.errors[0];
          importNotes.set(
            `import.${kind}`,
            `${a.invalid} of ${rows.length} exported rows refused by the import, e.g. row ${e.row}, column ${e.column}: ${e.code}`,
          );
        }
      },
    },
    calls: HEAVY_CALLS,
  }));

type RunFigures = Record<string, CallFigure & { rssGrowthMb?: number; peakRssMb?: number; error?: string }>;
async function runOnce(run: number): Promise<RunFigures> {
  const out: RunFigures = {};
  for (const p of [...plans, ...importPlans(run)].filter((x) => chosen(x.key))) {
    const calls = p.calls ?? CALLS;
    log(`run ${run + 1}/${RUNS}: ${p.label} (${calls} calls)`);
    // every call's growth over the RSS before it, and the highest RSS while it ran: which call makes the run's peak
    let growth = 0;
    let peak = 0;
    let before = 0;
    const around = {
      before: () => {
        before = server.rss();
        server.takeWindowPeak();
      },
      after: () => {
        const top = server.takeWindowPeak();
        peak = Math.max(peak, top);
        growth = Math.max(growth, top - before);
      },
    };
    try {
      const f = await timeCalls(ctx, p.spec, calls, around);
      const mb = (b: number) => Math.round(b / 2 ** 20);
      out[p.key] = { ...f, rssGrowthMb: mb(growth), peakRssMb: mb(peak) };
      log(
        `  median ${f.p50} ms, p99 ${f.p99} ms (budget ${p.budgetMs} ms); server ${f.serverCpuMs} ms, PostgreSQL ${f.dbCpuMs} ms CPU a call; RSS up to ${mb(peak)} MB (+${mb(growth)} MB)`,
      );
    } catch (e) {
      out[p.key] = { calls, p50: NaN, p99: NaN, serverCpuMs: NaN, bytes: 0, error: (e as Error).message.slice(0, 300) };
      log(`  failed: ${(e as Error).message.slice(0, 300)}`);
    }
  }
  return out;
}

const runs: RunFigures[] = [];
for (let r = 0; r < RUNS; r++) runs.push(await runOnce(r));
const checkouts = await writer.stop();
results.checkouts = {
  rate: YEAR_BUDGETS.checkoutsPerSecond,
  sent: checkouts.sent,
  placed: checkouts.placed,
  conflicts: checkouts.conflicts,
  failed: checkouts.failed + checkouts.errors,
  p50: checkouts.p50,
  p99: checkouts.p99,
  samples: checkouts.samples,
};
results.meta.peakRssMb = Math.round(server.peakRss() / 2 ** 20);
await server.stop();
log(
  `server stopped; peak RSS ${results.meta.peakRssMb} MB; checkouts ${checkouts.placed} placed, ${checkouts.conflicts} conflicts, ${checkouts.failed + checkouts.errors} failed`,
);

// each figure: the median of the runs, with their spread
const spreadOf = (xs: number[]): Spread => ({ min: Math.min(...xs), max: Math.max(...xs) });
for (const p of [...plans, ...importPlans(0)].filter((x) => chosen(x.key))) {
  const all = runs.map((r) => r[p.key]);
  const ok = all.filter((f) => !f.error);
  const fig: YearFigure = { key: p.key, label: p.label, budgetMs: p.budgetMs, calls: all[0].calls };
  if (!ok.length) fig.error = all[0].error;
  else {
    const m = (k: 'p50' | 'p99' | 'serverCpuMs' | 'dbCpuMs' | 'rssGrowthMb' | 'peakRssMb') => median(ok.map((f) => f[k] ?? 0));
    Object.assign(fig, {
      p50: m('p50'),
      p99: m('p99'),
      serverCpuMs: m('serverCpuMs'),
      dbCpuMs: m('dbCpuMs'),
      bytes: ok[0].bytes,
      peakRssMb: Math.max(...ok.map((f) => f.peakRssMb ?? 0)),
    });
    if (ok.length > 1) fig.spread = { p50: spreadOf(ok.map((f) => f.p50)), p99: spreadOf(ok.map((f) => f.p99)) };
    if (p.key.startsWith('import.')) {
      fig.rssGrowthMb = m('rssGrowthMb');
      fig.rssBudgetMb = B.importRssGrowthMb;
    }
    if (importNotes.has(p.key)) fig.note = importNotes.get(p.key);
    if (ok.length < all.length) fig.error = `${all.length - ok.length} of ${all.length} runs failed: ${all.find((f) => f.error)!.error}`;
  }
  results.figures.push(fig);
}

// ---------- backup and restore (the server stopped: the counts compared are the backup's snapshot)
if (!args['skip-backup']) {
  const file = path.join(work, 'year-backup.ndjson.gz');
  const restoreName = `${sourceName}_restore`;
  const npm = (script: string, url: string, ...rest: string[]) => {
    const t = performance.now();
    const r = spawnSync('npm', ['run', '--silent', script, '--', ...rest], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: path.join(work, 'data') },
      maxBuffer: 64 * 2 ** 20,
    });
    // a crash's own line (Node's "FATAL ERROR: ...", a thrown error), not the native stack after it
    const text = `${r.stdout}${r.stderr}`.trim();
    const cause = text.split('\n').find((l) => /FATAL ERROR|Error\b/.test(l));
    return { ok: r.status === 0, seconds: secs(performance.now() - t), output: (cause ?? text.slice(-600)).trim().slice(0, 600) };
  };
  log('backup of the year (npm run backup)');
  const backup = npm('backup', workUrl, file);
  results.backup = { seconds: backup.seconds, ok: backup.ok, bytes: backup.ok ? fs.statSync(file).size : 0 };
  if (!backup.ok) results.backup.error = backup.output;
  if (backup.ok) {
    log(`backup: ${backup.seconds} s, ${Math.round(results.backup.bytes / 2 ** 20)} MB; restore into ${restoreName}`);
    await dropDb(restoreName);
    await maintenance.query(`CREATE DATABASE "${restoreName}"`);
    const restore = npm('restore', dbUrl(restoreName), file);
    results.restore = { seconds: restore.seconds, ok: restore.ok };
    if (!restore.ok) results.restore.error = restore.output;
    else {
      const restored = new pg.Client({ connectionString: dbUrl(restoreName) });
      await restored.connect();
      const [a, b] = [await tableCounts(sql), await tableCounts(restored)];
      await restored.end();
      const differ = Object.keys({ ...a, ...b })
        .filter((t) => t !== 'kysely_migration' && t !== 'kysely_migration_lock' && a[t] !== b[t])
        .map((t) => ({
          table: t,
          source: a[t] ?? null,
          restored: b[t] ?? null,
          inBackup: (BACKUP_TABLES as readonly string[]).includes(t),
        }));
      results.restore.tables = Object.keys(a).length;
      results.restore.rows = Object.values(a).reduce((x, y) => x + y, 0);
      results.restore.differ = differ;
      log(`restore: ${restore.seconds} s; ${differ.length ? `${differ.length} tables differ` : 'every table has its rows'}`);
    }
    if (!args.keep) await dropDb(restoreName);
  } else log(`backup failed: ${backup.output}`);
  fs.rmSync(file, { force: true });
}

await sql.end();
if (workName !== sourceName && !args.keep) await dropDb(workName);
await maintenance.end();
fs.rmSync(path.join(work, 'data'), { recursive: true, force: true });

const dir = path.join(ROOT, 'bench/results');
// a run of a few calls (--only) does not replace the whole year's figures
const name = ONLY ? 'year-only' : 'year';
if (ONLY) results.notes.unshift(`Only the calls whose key starts with ${ONLY.join(', ')} (--only).`);
fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(results, null, 2) + '\n');
fs.writeFileSync(path.join(dir, `${name}.md`), renderYear(results));
log(`wrote bench/results/${name}.json and ${name}.md (${secs(performance.now() - t0)} s in all)`);
