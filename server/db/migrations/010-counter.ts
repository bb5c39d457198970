import { type Kysely, sql } from 'kysely';

/**
 * The shop counter.
 *
 * 1. products.barcode: an EAN-13, EAN-8, UPC-A or the shop's own code (core/barcode.ts); null when
 *    the product has none. Unique among one vendor's products (two vendors may stock the same EAN),
 *    by a partial unique index, which is also the index the sale screen's and the product search's
 *    exact look-up use.
 * 2. users.upi_id: the UPI ID (name@handle) a vendor is paid to; null when none is set. The sale
 *    screen and the bill draw a UPI QR code from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN barcode text CHECK (barcode IS NULL OR length(barcode) BETWEEN 1 AND 32)`.execute(db);
  await sql`CREATE UNIQUE INDEX products_vendor_barcode ON products (vendor_id, barcode) WHERE barcode IS NOT NULL`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN upi_id text CHECK (upi_id IS NULL OR length(upi_id) <= 320)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS products_vendor_barcode`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS barcode`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS upi_id`.execute(db);
}
