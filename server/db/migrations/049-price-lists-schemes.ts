import { type Kysely, sql } from 'kysely';

/**
 * Price lists, schemes and the till's total (core/pricing.ts, server/services/pricing, server/services/sales/sale-pricing.ts):
 * - price_lists / price_list_rules: a shop's named lists ("Wholesale", "Hotel") and their rules, each for a
 *   product or a category, a fixed price per base unit or a percentage off, from a quantity on (a break).
 *   A list is soft-deleted (deleted_at): sales already made keep its name on their lines.
 * - shop_customers.price_list_id: the list a customer is priced by at the counter (null: selling prices).
 * - schemes: buyXgetY, combo or categoryPercent, their India days from..to (both included), their terms in
 *   `details` (as the API takes them, quantities in sold units, money in paise); ended_at: ended (DELETE).
 * - order_lines: the list and scheme that priced the line and the scheme's share, already off
 *   line_total_paise (GST is on what was paid), and the till's adjustment (below), also folded in.
 * - orders.till_total_paise / server_total_paise: an offline sale whose till total differed from the
 *   server's: the sale keeps the till's total (spread over the lines) and both are kept for the owner's list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE price_lists (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX price_lists_vendor ON price_lists (vendor_id)`.execute(db);
  await sql`
    CREATE TABLE price_list_rules (
      id uuid PRIMARY KEY,
      price_list_id uuid NOT NULL REFERENCES price_lists(id) ON DELETE CASCADE,
      position integer NOT NULL,
      product_id uuid REFERENCES products(id) ON DELETE CASCADE,
      category_id uuid REFERENCES categories(id) ON DELETE CASCADE,
      price_paise bigint CHECK (price_paise >= 0),
      percent_off numeric(5, 2) CHECK (percent_off > 0 AND percent_off <= 100),
      min_quantity numeric(12, 3) CHECK (min_quantity > 0),
      CHECK ((product_id IS NULL) <> (category_id IS NULL)),
      CHECK ((price_paise IS NULL) <> (percent_off IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX price_list_rules_list ON price_list_rules (price_list_id, position)`.execute(db);
  await sql`ALTER TABLE shop_customers ADD COLUMN price_list_id uuid REFERENCES price_lists(id) ON DELETE SET NULL`.execute(db);
  await sql`
    CREATE TABLE schemes (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('buyXgetY', 'combo', 'categoryPercent')),
      name text NOT NULL,
      from_day date NOT NULL,
      to_day date NOT NULL,
      details jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz,
      CHECK (from_day <= to_day)
    )`.execute(db);
  await sql`CREATE INDEX schemes_vendor ON schemes (vendor_id, to_day)`.execute(db);
  await sql`
    ALTER TABLE order_lines
      ADD COLUMN price_list_name text,
      ADD COLUMN scheme_name text,
      ADD COLUMN scheme_discount_paise bigint NOT NULL DEFAULT 0 CHECK (scheme_discount_paise >= 0),
      ADD COLUMN till_adjustment_paise bigint NOT NULL DEFAULT 0`.execute(db);
  await sql`
    ALTER TABLE orders
      ADD COLUMN till_total_paise bigint CHECK (till_total_paise >= 0),
      ADD COLUMN server_total_paise bigint`.execute(db);
  await sql`CREATE INDEX orders_till_differences ON orders (vendor_id, created_at) WHERE till_total_paise IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS orders_till_differences`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS server_total_paise, DROP COLUMN IF EXISTS till_total_paise`.execute(db);
  await sql`
    ALTER TABLE order_lines
      DROP COLUMN IF EXISTS till_adjustment_paise,
      DROP COLUMN IF EXISTS scheme_discount_paise,
      DROP COLUMN IF EXISTS scheme_name,
      DROP COLUMN IF EXISTS price_list_name`.execute(db);
  await sql`DROP TABLE IF EXISTS schemes`.execute(db);
  await sql`ALTER TABLE shop_customers DROP COLUMN IF EXISTS price_list_id`.execute(db);
  await sql`DROP TABLE IF EXISTS price_list_rules`.execute(db);
  await sql`DROP TABLE IF EXISTS price_lists`.execute(db);
}
