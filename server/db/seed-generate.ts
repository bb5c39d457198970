import { type Kysely, sql } from 'kysely';
import type { Db } from '.';
import { toPaise } from '../../core/money';
import { tamilSearchKey } from '../../core/transliterate';
import { newId } from '../lib/ids';
import { BRANDS, GENERIC_IMAGE, GENERIC_ITEMS, ITEM_WORDS, SIZES, subcategoryImage } from './seed-catalog';
import type { Database } from './types';

/**
 * Rows per statement: the search vocabulary's trigger (migration 023) runs once per statement and updates the
 * same thousand-odd words each time, and in one transaction each update leaves a row version the next one steps
 * over: 500,000 rows took 49 s of PostgreSQL CPU in statements of 1,000, 22 s in statements of 5,000.
 */
const BATCH = 5000;
/**
 * From this many rows on, a load is a bulk load: secondary indexes are dropped and rebuilt around it, and the
 * stock ledger's opening movements are written a batch at a time instead of by the row trigger. The database
 * ends as row-by-row inserts leave it (tests/api/seed.test.ts compares the two).
 */
const REBUILD_FROM = 5000;
/** The row trigger a bulk load stands in for (migration 018). */
const LEDGER_TRIGGER = 'products_stock_ledger_insert';

/** Small deterministic PRNG (mulberry32), so a given seed makes the same catalogue. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenerateOptions {
  /** PRNG seed; the default makes a different catalogue each run. */
  seed?: number;
  /** Rows per INSERT statement (default 5000). */
  batchSize?: number;
  /** From this many rows on, the load is a bulk load (default 5000): see REBUILD_FROM. */
  rebuildIndexesFrom?: number;
  /** Every product goes to this vendor (default: vendors picked by the PRNG). */
  vendorId?: string;
  /** The id of the i-th product (default: a random id), so a seed can make the same ids too. */
  makeId?: (i: number) => string;
  /** The instant the products' creation times count back from (default: now). */
  now?: number;
  /** Give each product a cost price, 70 to 82 % of its shop price to the 50 paise, as the demo shops have (default: none). */
  withCost?: boolean;
}

/**
 * Adds `count` generated products spread over the existing subcategories, vendors and GST records:
 * brand x item x size names in English and Tamil, realistic prices, stock and reorder levels.
 * A subcategory's products take the GST record its existing products use most.
 * Returns the number of rows inserted.
 */
export async function generateProducts(db: Db, count: number, opts: GenerateOptions = {}): Promise<number> {
  if (!Number.isInteger(count) || count <= 0) return 0;
  const rand = prng(opts.seed ?? Date.now());
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];

  // Everything the PRNG picks from is in an order of names, not of ids: the demo data's ids are random,
  // and a given seed must make the same catalogue on every database (the bench builds its search mix
  // from it). Sorted here by code unit, so the database's collation does not enter.
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const subs = (
    await db
      .selectFrom('subcategories as s')
      .innerJoin('categories as c', 'c.id', 's.category_id')
      .select(['s.id', 's.category_id', 's.name', 's.position', 'c.name as category'])
      .execute()
  ).sort((a, b) => byText(a.category, b.category) || a.position - b.position || byText(a.name, b.name));
  const vendors = (await db.selectFrom('users').select(['id', 'phone', 'created_at']).where('role', '=', 'vendor').execute()).sort(
    (a, b) => +new Date(a.created_at) - +new Date(b.created_at) || byText(a.phone, b.phone),
  );
  const gsts = (await db.selectFrom('gsts').select(['id', 'rate', 'name']).where('is_active', '=', true).execute()).sort(
    (a, b) => Number(a.rate) - Number(b.rate) || byText(a.name, b.name),
  );
  if (subs.length === 0 || vendors.length === 0 || gsts.length === 0) {
    throw new Error('Generating products needs at least one subcategory, one vendor and one GST record (seed the demo data first).');
  }
  const usual = (
    await db
      .selectFrom('products as p')
      .innerJoin('gsts as g', 'g.id', 'p.gst_id')
      .select(['p.subcategory_id', 'p.gst_id', 'g.name', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy(['p.subcategory_id', 'p.gst_id', 'g.name'])
      .execute()
  ).sort((a, b) => byText(a.name, b.name));
  // a subcategory's most used GST record; of equally used ones, the first by name
  const gstOfSub = new Map<string, { gst: string; n: number }>();
  for (const u of usual) {
    const best = gstOfSub.get(u.subcategory_id);
    if (u.gst_id && (!best || Number(u.n) > best.n)) gstOfSub.set(u.subcategory_id, { gst: u.gst_id, n: Number(u.n) });
  }

  const now = opts.now ?? Date.now();
  const batchSize = Math.max(1, Math.min(opts.batchSize ?? BATCH, 5000));
  const bulk = count >= (opts.rebuildIndexesFrom ?? REBUILD_FROM);

  /** The next `n` products: the PRNG is drawn in the same order whatever the batch size, so a seed makes the same catalogue. */
  const nextBatch = (from: number, n: number) => {
    const cols = {
      id: [] as string[],
      vendor: [] as string[],
      name: [] as string[],
      tamil: [] as string[],
      tamilKey: [] as string[],
      description: [] as string[],
      price: [] as number[],
      shop: [] as number[],
      cost: [] as Array<number | null>,
      discount: [] as number[],
      stock: [] as number[],
      reorder: [] as number[],
      category: [] as string[],
      subcategory: [] as string[],
      gst: [] as string[],
      images: [] as string[],
      created: [] as string[],
    };
    for (let k = 0; k < n; k++) {
      const i = from + k;
      const sub = subs[i % subs.length];
      const words = ITEM_WORDS[sub.name] ?? GENERIC_ITEMS;
      const [item, itemTa, base] = pick(words.items);
      const [brand, brandTa] = pick(BRANDS);
      const [size, sizeTa, factor] = pick(SIZES[words.size]);
      const mrp = Math.max(5, Math.round(base * factor * (0.85 + rand() * 0.35)));
      const shop = Math.max(5, Math.round(mrp * (0.85 + rand() * 0.15)));
      const discount = rand() < 0.3 ? Math.max(1, Math.round(shop * (0.02 + rand() * 0.08))) : 0;
      const reorder = 5 + Math.floor(rand() * 16);
      const stock = rand() < 0.06 ? Math.floor(rand() * (reorder + 1)) : reorder + Math.floor(rand() * 200);
      cols.id.push(opts.makeId ? opts.makeId(i) : newId());
      // the PRNG is drawn for a vendor all the same, so a given seed makes the same names either way
      const vendor = vendors[Math.floor(rand() * vendors.length)].id;
      cols.vendor.push(opts.vendorId ?? vendor);
      cols.name.push(`${brand} ${item} ${size}`);
      cols.tamil.push(`${brandTa} ${itemTa} ${sizeTa}`);
      cols.tamilKey.push(tamilSearchKey(`${brandTa} ${itemTa} ${sizeTa}`));
      cols.description.push(`${item} by ${brand}, ${size}. Packed in Tamil Nadu; sold under ${sub.name}.`);
      cols.price.push(toPaise(mrp));
      cols.shop.push(toPaise(shop));
      cols.cost.push(opts.withCost ? Math.max(50, Math.round((toPaise(shop) * (70 + (i % 5) * 3)) / 100 / 50) * 50) : null);
      cols.discount.push(toPaise(discount));
      cols.stock.push(stock);
      cols.reorder.push(reorder);
      cols.category.push(sub.category_id);
      cols.subcategory.push(sub.id);
      cols.gst.push(gstOfSub.get(sub.id)?.gst ?? pick(gsts).id);
      cols.images.push(JSON.stringify([ITEM_WORDS[sub.name] ? subcategoryImage(sub.name) : GENERIC_IMAGE]));
      cols.created.push(new Date(now - Math.floor(rand() * 90 * 86_400_000)).toISOString());
    }
    return cols;
  };

  const insertBatch = async (trx: Kysely<Database>, cols: ReturnType<typeof nextBatch>) => {
    // One statement per batch with one array parameter per column: far fewer parameters to bind
    // than a multi-row VALUES list.
    await sql`
      INSERT INTO products (id, vendor_id, name, tamil, tamil_key, description, price_paise, shop_price_paise, discount_paise,
        cost_price_paise, count_in_stock, reorder_level, category_id, subcategory_id, gst_id, images, created_at, updated_at)
      SELECT id, vendor_id, name, tamil, tamil_key, description, price, shop, discount, cost, stock, reorder, category_id, subcategory_id,
        gst_id, images::jsonb, created, created
      FROM unnest(${cols.id}::uuid[], ${cols.vendor}::uuid[], ${cols.name}::text[], ${cols.tamil}::text[],
        ${cols.tamilKey}::text[], ${cols.description}::text[], ${cols.price}::int[], ${cols.shop}::int[], ${cols.discount}::int[], ${cols.cost}::bigint[], ${cols.stock}::int[],
        ${cols.reorder}::int[], ${cols.category}::uuid[], ${cols.subcategory}::uuid[], ${cols.gst}::uuid[],
        ${cols.images}::text[], ${cols.created}::timestamptz[])
        AS u(id, vendor_id, name, tamil, tamil_key, description, price, shop, discount, cost, stock, reorder, category_id, subcategory_id,
          gst_id, images, created)`.execute(trx);
    // A bulk load writes the opening movements the ledger trigger would (migration 018: an insert made
    // without a stock context is an 'opening' of the whole stock, nothing else set), in the same order,
    // in one statement: the trigger's statement per row was the load's largest cost.
    if (bulk)
      await sql`
        INSERT INTO stock_movements (product_id, kind, quantity, balance)
        SELECT id, 'opening', stock, stock FROM unnest(${cols.id}::uuid[], ${cols.stock}::int[]) WITH ORDINALITY AS u(id, stock, n)
        ORDER BY n`.execute(trx);
  };

  let inserted = 0;
  await db.transaction().execute(async (trx) => {
    // A big load is much faster with the secondary indexes built once at the end (the trigram
    // search index above all). Their definitions are read back from the catalogue, so they are
    // recreated exactly as the migrations made them; the transaction keeps it all-or-nothing, and
    // no other session ever sees the indexes gone or the ledger trigger off.
    const rebuild = bulk ? await secondaryIndexes(trx) : [];
    for (const ix of rebuild) await sql`DROP INDEX ${sql.id(ix.name)}`.execute(trx);
    if (bulk) await sql`ALTER TABLE products DISABLE TRIGGER ${sql.id(LEDGER_TRIGGER)}`.execute(trx);
    // The next batch is made while the last one is written (PostgreSQL works in its own process).
    let writing: Promise<void> = Promise.resolve();
    while (inserted < count) {
      const n = Math.min(batchSize, count - inserted);
      const cols = nextBatch(inserted, n);
      await writing;
      writing = insertBatch(trx, cols);
      inserted += n;
    }
    await writing;
    if (bulk) {
      // fire the deferred catalogue-version triggers (migration 003): ALTER TABLE and CREATE INDEX refuse a table with pending trigger events
      await sql`SET CONSTRAINTS ALL IMMEDIATE`.execute(trx);
      await sql`ALTER TABLE products ENABLE TRIGGER ${sql.id(LEDGER_TRIGGER)}`.execute(trx);
    }
    for (const ix of rebuild) await sql.raw(ix.definition).execute(trx);
  });
  return inserted;
}

/** The products table's indexes other than its primary key and unique constraints. */
async function secondaryIndexes(db: Kysely<Database>): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await sql<{ name: string; definition: string }>`
    SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE t.relname = 'products' AND n.nspname = current_schema() AND NOT x.indisprimary AND NOT x.indisunique
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`.execute(db);
  return rows;
}
