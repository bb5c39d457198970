import { type Kysely, sql } from 'kysely';

/**
 * A product the vendor gives away is marked so (`is_free`): its shop price is then 0, and a shop price
 * of 0 without the mark is refused (core/product-rules.ts), so a typed ₹0 never gives goods away.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN is_free boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE products ADD CONSTRAINT products_free_price CHECK (NOT is_free OR shop_price_paise = 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products DROP CONSTRAINT IF EXISTS products_free_price`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS is_free`.execute(db);
}
