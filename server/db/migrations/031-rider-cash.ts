import { type Kysely, sql } from 'kysely';

/**
 * The cash a rider collects on delivery and hands over to the shop (server/services/delivery/rider-cash.service.ts).
 *
 * - orders.delivered_by: who marked the order delivered; null for orders delivered before, or by an
 *   account since deleted.
 * - orders.cod_collected_paise: the cash taken at the door, set when "cash collected" made an unpaid
 *   order Paid in cash on delivery; 0 otherwise. Held by the one who delivered it when that is a rider.
 * - rider_handovers: cash a rider handed over to a shop, recorded by the shop (received_by) after counting.
 *
 * What a rider holds for a shop is what he collected for it less what he handed over to it; the
 * partial indexes keep those sums to the orders that carry cash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN delivered_by uuid REFERENCES users(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN cod_collected_paise bigint NOT NULL DEFAULT 0 CHECK (cod_collected_paise >= 0)`.execute(db);
  await sql`CREATE INDEX orders_cod_rider ON orders (delivered_by, vendor_id) WHERE cod_collected_paise > 0`.execute(db);
  await sql`CREATE INDEX orders_cod_vendor ON orders (vendor_id, delivered_at) WHERE cod_collected_paise > 0`.execute(db);
  await sql`
    CREATE TABLE rider_handovers (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      rider_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      amount_paise bigint NOT NULL CHECK (amount_paise > 0),
      note text,
      at timestamptz NOT NULL DEFAULT now(),
      received_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX rider_handovers_vendor_rider_at ON rider_handovers (vendor_id, rider_id, at)`.execute(db);
  // the rider's own view spans every shop
  await sql`CREATE INDEX rider_handovers_rider_at ON rider_handovers (rider_id, at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rider_handovers`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_cod_vendor`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_cod_rider`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS cod_collected_paise`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS delivered_by`.execute(db);
}
