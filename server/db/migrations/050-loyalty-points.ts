import { type Kysely, sql } from 'kysely';

/**
 * Loyalty points (core/schemas/loyalty.ts, server/services/khata/loyalty.service.ts):
 * - loyalty_settings: one row per shop, written the first time the owner saves them. points_per_100: points
 *   earned per ₹100 paid; point_value_paise: what one point takes off a bill. Null (or no row): that half is off.
 * - loyalty_points: the ledger of each shop customer's points, signed: earned at a sale (+), redeemed at a
 *   sale (-), returned with a credit note (the points the returned part earned back out, its share of the
 *   redeemed points back in), reversed by a void. The balance is the sum.
 * - order_lines.points_discount_paise: the line's share of the points redeemed on the bill, already taken off
 *   line_total_paise (so GST is on what was paid), kept for the bill.
 * - orders.points_redeemed / points_earned: the sale's points, for the bill (the ledger is the account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE loyalty_settings (
      shop_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      points_per_100 integer CHECK (points_per_100 > 0),
      point_value_paise integer CHECK (point_value_paise > 0),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE loyalty_points (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      customer_id uuid NOT NULL REFERENCES shop_customers(id) ON DELETE CASCADE,
      order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
      credit_note_id uuid REFERENCES credit_notes(id) ON DELETE SET NULL,
      points integer NOT NULL CHECK (points <> 0),
      kind text NOT NULL CHECK (kind IN ('earned', 'redeemed', 'returned', 'reversed')),
      at timestamptz NOT NULL DEFAULT now(),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE INDEX loyalty_points_customer ON loyalty_points (customer_id, at)`.execute(db);
  await sql`CREATE INDEX loyalty_points_order ON loyalty_points (order_id)`.execute(db);
  await sql`ALTER TABLE order_lines ADD COLUMN points_discount_paise bigint NOT NULL DEFAULT 0 CHECK (points_discount_paise >= 0)`.execute(
    db,
  );
  await sql`
    ALTER TABLE orders
      ADD COLUMN points_redeemed integer NOT NULL DEFAULT 0 CHECK (points_redeemed >= 0),
      ADD COLUMN points_earned integer NOT NULL DEFAULT 0 CHECK (points_earned >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS points_earned, DROP COLUMN IF EXISTS points_redeemed`.execute(db);
  await sql`ALTER TABLE order_lines DROP COLUMN IF EXISTS points_discount_paise`.execute(db);
  await sql`DROP TABLE IF EXISTS loyalty_points`.execute(db);
  await sql`DROP TABLE IF EXISTS loyalty_settings`.execute(db);
}
