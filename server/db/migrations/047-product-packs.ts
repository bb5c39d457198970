import { type Kysely, sql } from 'kysely';

const UNITS_BEFORE = "'pcs', 'kg', 'g', 'l', 'ml', 'dozen', 'bunch', 'metre'";
const UNITS_AFTER = `${UNITS_BEFORE}, 'strip'`;

/**
 * Packs: a product traded by the bag, carton or strip besides its base unit (core/packs.ts).
 *
 * 1. Unit 'strip' (of tablets) for products and order lines (GSTR-1 UQC PAC: the list has no strip).
 * 2. product_packs: a product's packs, each holding `factor` base units (up to 3 decimals), with an
 *    optional barcode (unique in the shop among packs; the service checks product barcodes too) and
 *    an optional own price in paise (null: factor × the product's price), in the vendor's order.
 * 3. order_lines / purchase_lines.pack_name and pack_factor: the pack a line was sold or bought in,
 *    its quantity then counted in packs; null for base-unit lines. The base quantity is
 *    quantity × coalesce(pack_factor, 1) (server/services/sales/order-queries.ts). Existing lines are base lines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products DROP CONSTRAINT IF EXISTS products_unit_check`.execute(db);
  await sql`ALTER TABLE products ADD CONSTRAINT products_unit_check CHECK (unit IN (${sql.raw(UNITS_AFTER)}))`.execute(db);
  await sql`ALTER TABLE order_lines DROP CONSTRAINT IF EXISTS order_lines_unit_check`.execute(db);
  await sql`ALTER TABLE order_lines ADD CONSTRAINT order_lines_unit_check CHECK (unit IN (${sql.raw(UNITS_AFTER)}))`.execute(db);
  await sql`
    CREATE TABLE product_packs (
      id uuid PRIMARY KEY,
      product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      vendor_id uuid NOT NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
      factor numeric(12,3) NOT NULL CHECK (factor > 0),
      barcode text CHECK (barcode IS NULL OR length(barcode) BETWEEN 1 AND 32),
      price_paise bigint CHECK (price_paise IS NULL OR price_paise >= 0),
      position integer NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX product_packs_name ON product_packs (product_id, lower(name))`.execute(db);
  await sql`CREATE UNIQUE INDEX product_packs_vendor_barcode ON product_packs (vendor_id, barcode) WHERE barcode IS NOT NULL`.execute(db);
  await sql`
    ALTER TABLE order_lines
      ADD COLUMN pack_name text,
      ADD COLUMN pack_factor numeric(12,3) CHECK (pack_factor IS NULL OR pack_factor > 0)`.execute(db);
  await sql`
    ALTER TABLE purchase_lines
      ADD COLUMN pack_name text,
      ADD COLUMN pack_factor numeric(12,3) CHECK (pack_factor IS NULL OR pack_factor > 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE purchase_lines DROP COLUMN IF EXISTS pack_factor, DROP COLUMN IF EXISTS pack_name`.execute(db);
  await sql`ALTER TABLE order_lines DROP COLUMN IF EXISTS pack_factor, DROP COLUMN IF EXISTS pack_name`.execute(db);
  await sql`DROP TABLE IF EXISTS product_packs`.execute(db);
  await sql`ALTER TABLE order_lines DROP CONSTRAINT IF EXISTS order_lines_unit_check`.execute(db);
  await sql`ALTER TABLE order_lines ADD CONSTRAINT order_lines_unit_check CHECK (unit IN (${sql.raw(UNITS_BEFORE)}))`.execute(db);
  await sql`ALTER TABLE products DROP CONSTRAINT IF EXISTS products_unit_check`.execute(db);
  await sql`ALTER TABLE products ADD CONSTRAINT products_unit_check CHECK (unit IN (${sql.raw(UNITS_BEFORE)}))`.execute(db);
}
