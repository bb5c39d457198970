import { type Kysely, sql } from 'kysely';

/**
 * The customers' search finds a product by its barcode or a pack's (server/services/search/barcode-match.ts),
 * across shops: indexes on the barcode alone (the unique ones lead with the vendor).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX products_barcode ON products (barcode) WHERE barcode IS NOT NULL`.execute(db);
  await sql`CREATE INDEX product_packs_barcode ON product_packs (barcode) WHERE barcode IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS product_packs_barcode`.execute(db);
  await sql`DROP INDEX IF EXISTS products_barcode`.execute(db);
}
