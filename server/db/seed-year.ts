import { sql } from 'kysely';
import type { Db } from '.';
import { generateProducts } from './seed-generate';
import { seededId, seedYearAccounts, YEAR_SHOPS, type YearShop } from './seed-year-accounts';
import { planLines, planOrders, writeInvoices, writeOrders } from './seed-year-sales';
import { secondaryIndexesOf } from './seed-year-sql';
import { type StockPlan, writeKhata, writeLedger, writePurchases, writeReturns } from './seed-year-stock';
import { IST_OFFSET } from '../../core/dates';

/**
 * A year of a busy marketplace for the back-office bench (`npm run db:seed -- --year`): three new shops, each
 * with 300 counter sales and 100 delivery orders a day (returns, voids, credit sales and khata payments),
 * 5,000 shop customers, 20,000 products and purchases twice a week, with the stock ledger of every movement.
 * `scale` multiplies the per-day counts, customers and products; the same seed (and last day) makes the same
 * data. Everything past the accounts and products is set-based SQL in one transaction, with the row triggers
 * that would run per order or line off and the secondary indexes rebuilt after a big load.
 */
export interface YearOptions {
  seed?: number;
  /** Days of data (default 365), ending with `end`. */
  days?: number;
  /** Multiplies the per-day counts, customers and products (default 1). */
  scale?: number;
  /** The last day, India time, YYYY-MM-DD (default yesterday). */
  end?: string;
  /** Told each step as it ends. */
  log?: (line: string) => void;
}

export interface YearReport {
  shops: Array<{ phone: string; name: string }>;
  steps: Array<{ step: string; ms: number }>;
  rows: Record<string, number>;
  databaseBytes: number | null;
  from: string;
  to: string;
}

/** The tables the year writes, for the report. */
const TABLES = [
  'users',
  'shop_customers',
  'suppliers',
  'products',
  'orders',
  'order_lines',
  'order_line_names',
  'order_payments',
  'invoices',
  'credit_notes',
  'credit_note_lines',
  'customer_payments',
  'purchases',
  'purchase_lines',
  'stock_movements',
] as const;
/**
 * Tables whose secondary indexes a big load drops and rebuilds; products' always: setting each product's stock
 * from its ledger moves every row to a new page of the freshly filled table, and each then goes into every
 * index again (the search's GIN indexes, fastupdate off, above all): 2 ms a product, rebuilt in well under that.
 */
const REBUILT = ['orders', 'order_lines', 'invoices', 'stock_movements'] as const;
/**
 * Triggers a bulk load stands in for: live order events and area lists (bumped once at the end), batches, the ledger,
 * the shops' line names (written once from the plan), the lines' copies of their order's shop and time (written with them).
 */
const TRIGGERS = [
  ['orders', 'orders_area_list'],
  ['orders', 'orders_live'],
  ['order_lines', 'order_lines_area_list'],
  ['order_lines', 'order_lines_batches'],
  ['order_lines', 'order_line_names_add'],
  ['order_lines', 'order_lines_order_copy'],
  ['invoices', 'invoices_area_list'],
  ['products', 'products_stock_ledger_update'],
] as const;
/** From this many orders on the secondary indexes are dropped and rebuilt. */
const BULK_ORDERS = 20_000;

const DAY = 86_400_000;
const istDay = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);

/** The sizes of a run: the busy shop times `scale`, never below a few of each. */
function yearSizes(scale: number) {
  const n = (full: number, least: number) => Math.max(least, Math.round(full * scale));
  const products = n(20_000, 20);
  return {
    counter: n(300, 1),
    delivery: n(100, 1),
    customers: n(5_000, 5),
    buyers: n(2_000, 5),
    products,
    purchaseLines: Math.min(products - 1, n(300, 3)),
    suppliers: 5,
  };
}

export async function seedYear(db: Db, opts: YearOptions = {}): Promise<YearReport> {
  const seed = Math.trunc(opts.seed ?? 1);
  const days = Math.trunc(opts.days ?? 365);
  const scale = opts.scale ?? 1;
  if (days < 2 || days > 800) throw new Error('--days needs a whole number between 2 and 800');
  if (!(scale > 0 && scale <= 4)) throw new Error('--scale needs a number above 0 and at most 4');
  const end = opts.end ?? istDay(Date.now() - DAY);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(end) || Number.isNaN(Date.parse(`${end}T00:00:00${IST_OFFSET}`)))
    throw new Error('--end needs a day as YYYY-MM-DD');
  const startMs = Date.parse(`${end}T00:00:00${IST_OFFSET}`) - (days - 1) * DAY;
  const sizes = yearSizes(scale);
  const plan: StockPlan = { seed, days, startSec: startMs / 1000, ...sizes };
  const log = opts.log ?? (() => {});
  const steps: YearReport['steps'] = [];
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t0 = Date.now();
    const out = await work();
    steps.push({ step: name, ms: Date.now() - t0 });
    log(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return out;
  };

  const shops = await step('accounts', () => seedYearAccounts(db, seed, sizes, new Date(startMs - 120 * DAY)));
  await step('products', async () => {
    for (const shop of shops)
      await generateProducts(db, sizes.products, {
        seed: seed * 10 + shop.s,
        vendorId: shop.id,
        makeId: (i) => seededId(seed, 'product', shop.s, i),
        now: startMs - DAY,
        withCost: true,
      });
  });

  const bulk = sizes.counter * days * shops.length >= BULK_ORDERS;
  await db.transaction().execute(async (trx) => {
    // the plan's window functions, the ledger's running balances and the index rebuilds sort millions of rows:
    // in memory, not in temporary files at the server's default 4 MB (this transaction only)
    await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
    await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(trx);
    const present = await presentTriggers(trx);
    for (const [table, name] of present) await sql`ALTER TABLE ${sql.id(table)} DISABLE TRIGGER ${sql.id(name)}`.execute(trx);
    const tables = bulk ? ['products', ...REBUILT] : ['products'];
    const rebuild = (await Promise.all(tables.map((t) => secondaryIndexesOf(trx as never, t)))).flat();
    for (const ix of rebuild) await sql`DROP INDEX ${sql.id(ix.name)}`.execute(trx);
    await step('plan', async () => {
      await shopsTable(trx, shops);
      await productsTable(trx);
      await planOrders(trx, plan);
      await planLines(trx, plan);
    });
    await step('orders', () => writeOrders(trx, plan));
    await step('invoices', () => writeInvoices(trx));
    await step('returns', () => writeReturns(trx));
    await step('khata', () => writeKhata(trx, plan));
    await step('purchases', () => writePurchases(trx, plan));
    await step('ledger', () => writeLedger(trx));
    await step('indexes', async () => {
      await sql`SET CONSTRAINTS ALL IMMEDIATE`.execute(trx);
      for (const ix of rebuild) await sql.raw(ix.definition).execute(trx);
    });
    for (const [table, name] of present) await sql`ALTER TABLE ${sql.id(table)} ENABLE TRIGGER ${sql.id(name)}`.execute(trx);
    // the delivery areas' order lists changed: one bump stands in for the triggers' (migration 025)
    await sql`UPDATE area_list_versions SET version = version + 1, bumped_xid = txid_current()`.execute(trx);
  });
  // vacuumed as well as analyzed: a database a year into use has been through autovacuum many times (its
  // visibility map set, so index-only scans stay in the index), and a server may run with autovacuum off
  await step('vacuum', async () => {
    for (const t of TABLES) await sql`VACUUM (ANALYZE) ${sql.id(t)}`.execute(db);
  });

  const rows: Record<string, number> = {};
  for (const t of TABLES) {
    const { rows: r } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.id(t)}`.execute(db);
    rows[t] = Number(r[0].n);
  }
  let databaseBytes: number | null = null;
  try {
    const { rows: r } = await sql<{ size: string }>`SELECT pg_database_size(current_database()) AS size`.execute(db);
    databaseBytes = Number(r[0].size);
  } catch {
    databaseBytes = null; // an embedded database may not tell
  }
  return {
    shops: YEAR_SHOPS.map((s) => ({ phone: s.phone, name: s.name })),
    steps,
    rows,
    databaseBytes,
    from: istDay(startMs),
    to: end,
  };
}

/** The bulk load's triggers that this database has (a trigger of a later migration may be missing on an older one). */
async function presentTriggers(db: Db): Promise<Array<readonly [string, string]>> {
  const { rows } = await sql<{ t: string; name: string }>`
    SELECT c.relname AS t, g.tgname AS name FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND NOT g.tgisinternal`.execute(db);
  const have = new Set(rows.map((r) => `${r.t}.${r.name}`));
  return TRIGGERS.filter(([t, name]) => have.has(`${t}.${name}`));
}

/** yr_shops: the shops with their invoice prefix, credit note head and address. */
async function shopsTable(db: Db, shops: readonly YearShop[]): Promise<void> {
  await sql`CREATE TEMP TABLE yr_shops (s int PRIMARY KEY, vendor_id uuid NOT NULL, prefix text NOT NULL, cn_head text NOT NULL, address jsonb NOT NULL)
    ON COMMIT DROP`.execute(db);
  for (const shop of shops)
    await sql`INSERT INTO yr_shops SELECT ${shop.s}, id, ${shop.prefix}, ${shop.cnHead}, addresses->0 FROM users WHERE id = ${shop.id}`.execute(
      db,
    );
}

/** yr_products: each shop's products numbered 0… in id order (ids come from the seed), with what a sale line copies. */
async function productsTable(db: Db): Promise<void> {
  await sql`
    CREATE TEMP TABLE yr_products ON COMMIT DROP AS
    SELECT sh.s, (row_number() OVER (PARTITION BY sh.s ORDER BY p.id) - 1)::int AS idx, p.id, p.name, p.tamil AS name_ta, p.unit,
      p.shop_price_paise::bigint AS price, least(greatest(p.discount_paise, 0), greatest(p.shop_price_paise, 0))::bigint AS disc,
      p.cost_price_paise::bigint AS cost, g.rate, round(g.rate * 100)::int AS rate_bp, g.hsn_code AS hsn, p.images->>0 AS image,
      p.count_in_stock AS opening
    FROM products p JOIN yr_shops sh ON sh.vendor_id = p.vendor_id JOIN gsts g ON g.id = p.gst_id`.execute(db);
  await sql`CREATE UNIQUE INDEX ON yr_products (s, idx)`.execute(db);
  await sql`ANALYZE yr_products`.execute(db);
}
