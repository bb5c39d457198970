import { sql } from 'kysely';
import type { Db } from '../../../db';
import { SEARCH_GIN_INDEXES, VOCABULARY_COUNTED_BY_WRITER } from '../../../db/migrations/056-search-index-pending-list';
import { newId } from '../../../lib/ids';
import type { ProductValues } from './validate';

/** Rows per statement: 500 rows of ~20 values stay far below PostgreSQL's 65,535 parameters. */
const BATCH = 500;

function* batches<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

/** New products of the seller, in multi-row INSERTs. An imported product has no picture yet and is listed. */
export async function insertProducts(trx: Db, vendorId: string, rows: ProductValues[]): Promise<void> {
  const now = new Date();
  for (const batch of batches(rows)) {
    await trx
      .insertInto('products')
      .values(
        batch.map((v) => ({
          id: newId(),
          vendor_id: vendorId,
          ...v,
          barcode: v.barcode ?? null,
          sku: v.sku ?? null,
          cost_price_paise: v.cost_price_paise ?? null,
          images: JSON.stringify([]),
          is_active: true,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

/**
 * Changed products in `UPDATE ... FROM (VALUES ...)` statements. Barcode, SKU and cost price a row
 * left empty keep their stored value (a CASE over a flag, since null is also a value to keep). Stock
 * is written only where `setStock` says so: otherwise the stored figure stays, whatever sales or
 * receipts moved it since the file was read.
 */
export async function updateProducts(trx: Db, rows: { id: string; values: ProductValues; setStock: boolean }[]): Promise<void> {
  // every row locked first in id order, the order checkout locks products in (lockProducts): an
  // UPDATE ... FROM locks in its plan's order, which deadlocks with a checkout of two of the products
  if (!rows.length) return;
  const ids = rows.map((r) => r.id);
  await sql`SELECT id FROM products WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE`.execute(trx);
  // the search vocabulary counted once for the whole file, not row by row (migration 056): the words before
  await sql`CREATE TEMP TABLE import_old_words ON COMMIT DROP AS SELECT id, search_words FROM products WHERE id = ANY(${ids}::uuid[])`.execute(
    trx,
  );
  await sql`SELECT set_config(${VOCABULARY_COUNTED_BY_WRITER}, 'on', true)`.execute(trx);
  for (const batch of batches(rows)) {
    const values = batch.map(
      ({ id, values: v, setStock }) => sql`(${id}::uuid, ${v.name}::text, ${v.tamil}::text, ${v.tamil_key}::text, ${v.description}::text,
        ${v.price_paise}::bigint, ${v.shop_price_paise}::bigint, ${v.is_free}::boolean, ${v.discount_paise}::bigint,
        ${setStock}::boolean, ${v.count_in_stock}::numeric, ${v.unit}::text, ${v.reorder_level}::integer, ${v.category_id}::uuid,
        ${v.subcategory_id}::uuid, ${v.gst_id}::uuid,
        ${v.barcode !== undefined}::boolean, ${v.barcode ?? null}::text,
        ${v.sku !== undefined}::boolean, ${v.sku ?? null}::text,
        ${v.cost_price_paise !== undefined}::boolean, ${v.cost_price_paise ?? null}::bigint)`,
    );
    await sql`UPDATE products AS p SET
        name = v.name, tamil = v.tamil, tamil_key = v.tamil_key, description = v.description,
        price_paise = v.price_paise, shop_price_paise = v.shop_price_paise, is_free = v.is_free,
        discount_paise = v.discount_paise,
        count_in_stock = CASE WHEN v.set_stock THEN v.count_in_stock ELSE p.count_in_stock END, unit = v.unit,
        reorder_level = v.reorder_level, category_id = v.category_id, subcategory_id = v.subcategory_id,
        gst_id = v.gst_id,
        barcode = CASE WHEN v.set_barcode THEN v.barcode ELSE p.barcode END,
        sku = CASE WHEN v.set_sku THEN v.sku ELSE p.sku END,
        cost_price_paise = CASE WHEN v.set_cost THEN v.cost_price_paise ELSE p.cost_price_paise END,
        updated_at = now()
      FROM (VALUES ${sql.join(values)}) AS v(id, name, tamil, tamil_key, description, price_paise, shop_price_paise,
        is_free, discount_paise, set_stock, count_in_stock, unit, reorder_level, category_id, subcategory_id, gst_id,
        set_barcode, barcode, set_sku, sku, set_cost, cost_price_paise)
      WHERE p.id = v.id`.execute(trx);
  }
  // each word's products: +1 where a row gained it, -1 where it lost it (as the row trigger of migration 023 counts)
  await sql`
    INSERT INTO search_vocabulary AS v (kind, word, products)
      SELECT kind, word, n FROM (
        SELECT x.kind, x.word, sum(d.n)::int AS n
        FROM (
          SELECT p.search_words AS words, 1 AS n FROM products p JOIN import_old_words o ON o.id = p.id WHERE o.search_words IS DISTINCT FROM p.search_words
          UNION ALL
          SELECT o.search_words, -1 FROM products p JOIN import_old_words o ON o.id = p.id WHERE o.search_words IS DISTINCT FROM p.search_words
        ) d, search_vocabulary_words(d.words) x
        GROUP BY 1, 2) c
      WHERE n <> 0 ORDER BY kind, word
    ON CONFLICT (kind, word) DO UPDATE SET products = GREATEST(v.products + EXCLUDED.products, 0), changed_xid = pg_current_xact_id()`.execute(
    trx,
  );
  await sql`SELECT set_config(${VOCABULARY_COUNTED_BY_WRITER}, 'off', true)`.execute(trx);
  await sql`DROP TABLE import_old_words`.execute(trx);
}

/**
 * Merges what an import left in the search indexes' pending lists (fastupdate, migration 056) into
 * their trees in one sorted pass, so searches after it read no long list. A failure changes no answer:
 * the list is merged anyway by the next write that fills it, or by autovacuum.
 */
export async function mergeSearchPending(db: Db): Promise<void> {
  for (const index of SEARCH_GIN_INDEXES) await sql`SELECT gin_clean_pending_list(${index}::regclass)`.execute(db).catch(() => undefined);
}
