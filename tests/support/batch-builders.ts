import { sql } from 'kysely';
import type { Db } from '../../server/db';
import { makeProduct, type ProductSpec } from './db-builders';

/** A batch to give a product: its number, expiry day (YYYY-MM-DD) and quantity in the product's unit. */
export interface BatchSpec {
  number: string;
  expiry: string;
  quantity: number;
  /** Rupees per unit. */
  cost?: number;
}

/** The day `days` from today in India (negative: before), YYYY-MM-DD. */
export function dayFromToday(days: number): string {
  const d = new Date(Date.now() + 5.5 * 3600_000 + days * 86400_000);
  return d.toISOString().slice(0, 10);
}

/**
 * Adds a batch with stock to a product kept in batches, the way stock comes in: the product's stock
 * goes up under a context naming the batch, so the ledger's trigger fills it (an adjustment "other").
 * Any expiry, even a past one (a purchase refuses those). Answers the batch id.
 */
export async function addBatch(db: Db, productId: string, b: BatchSpec): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO product_batches (product_id, vendor_id, number, expiry, cost_paise)
      SELECT id, vendor_id, ${b.number}, ${b.expiry}::date, ${b.cost === undefined ? null : Math.round(b.cost * 100)}
      FROM products WHERE id = ${productId}
      RETURNING id`.execute(trx);
    const id = rows[0].id;
    await sql`SELECT set_config('app.stock_kind', 'adjustment', true), set_config('app.stock_reason', 'other', true),
      set_config('app.stock_batches', ${JSON.stringify({ [productId]: id })}, true)`.execute(trx);
    await sql`UPDATE products SET count_in_stock = count_in_stock + ${String(b.quantity)}::numeric WHERE id = ${productId}`.execute(trx);
    return id;
  });
}

/** A product kept in batches with no stock, then the batches given (in that order). */
export async function makeBatchedProduct(
  db: Db,
  spec: Omit<ProductSpec, 'stock'>,
  batches: readonly BatchSpec[] = [],
): Promise<{ productId: string; batchIds: string[] }> {
  const productId = await makeProduct(db, { ...spec, stock: 0 });
  await db.updateTable('products').set({ tracks_batches: true }).where('id', '=', productId).execute();
  const batchIds: string[] = [];
  for (const b of batches) batchIds.push(await addBatch(db, productId, b));
  return { productId, batchIds };
}

/** A product's batches by number: quantity in its unit. */
export async function batchQuantities(db: Db, productId: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom('product_batches').select(['number', 'quantity']).where('product_id', '=', productId).execute();
  return Object.fromEntries(rows.map((r) => [r.number, Number(r.quantity)]));
}

/** The product's stock and the sum of its batches (they must be equal). */
export async function stockAndBatchSum(db: Db, productId: string): Promise<{ stock: number; batches: number }> {
  const { rows } = await sql<{ stock: string; batches: string }>`
    SELECT p.count_in_stock AS stock, coalesce((SELECT sum(quantity) FROM product_batches WHERE product_id = p.id), 0) AS batches
    FROM products p WHERE p.id = ${productId}`.execute(db);
  return { stock: Number(rows[0].stock), batches: Number(rows[0].batches) };
}
