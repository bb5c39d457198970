import { sql } from 'kysely';
import type { Db } from '../../../db';
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
  if (rows.length) await sql`SELECT id FROM products WHERE id = ANY(${rows.map((r) => r.id)}::uuid[]) ORDER BY id FOR UPDATE`.execute(trx);
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
}
