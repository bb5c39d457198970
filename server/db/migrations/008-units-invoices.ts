import { type Kysely, sql } from 'kysely';

const UNITS = "'pcs', 'kg', 'g', 'l', 'ml', 'dozen', 'bunch', 'metre'";

/**
 * Loose goods, a per-vendor invoice series, GST on what was charged, and how a sale was paid.
 *
 * 1. Units: products and order lines get `unit` (default 'pcs'). Stock and line quantities become
 *    numeric(12,3), so 1.25 kg is held exactly and sums in SQL stay exact (read as text, turned into
 *    numbers at the edge). Whole quantities are unchanged. The triggers that name count_in_stock (the
 *    catalogue version's) are read back with pg_get_triggerdef, dropped for the type change and made
 *    again exactly as they were.
 * 2. order_lines.delivery_discount_paise: the line's share of its order's delivery discount (tax is
 *    on the line total minus it). Existing lines get 0: their tax stays as it was recorded.
 * 3. orders.payment_method: cash, upi or card for a Paid order; null for the existing ones (a Paid
 *    order without a method counts as cash).
 * 4. users.invoice_prefix: the vendor's prefix; null means the shop name's initials.
 * 5. invoice_counters: the last number of each vendor and financial year (row-locked while an order
 *    takes the next one, in the order's transaction, so numbers have no gaps). invoices: every number
 *    given, its order while the order exists, and `cancelled` once a pending order is deleted.
 *    Existing orders keep their numbers: each gets an entry whose number is its order number (series '').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: triggers } = await sql<{ name: string; def: string }>`
    SELECT tgname AS name, pg_get_triggerdef(oid) AS def FROM pg_trigger
    WHERE tgrelid = 'products'::regclass AND NOT tgisinternal AND pg_get_triggerdef(oid) LIKE '%count_in_stock%'`.execute(db);
  for (const t of triggers) await sql`DROP TRIGGER ${sql.id(t.name)} ON products`.execute(db);
  await sql`
    ALTER TABLE products
      ADD COLUMN unit text NOT NULL DEFAULT 'pcs' CHECK (unit IN (${sql.raw(UNITS)})),
      ALTER COLUMN count_in_stock TYPE numeric(12,3)`.execute(db);
  for (const t of triggers) await sql.raw(t.def).execute(db);

  await sql`
    ALTER TABLE order_lines
      ADD COLUMN unit text NOT NULL DEFAULT 'pcs' CHECK (unit IN (${sql.raw(UNITS)})),
      ADD COLUMN delivery_discount_paise bigint NOT NULL DEFAULT 0 CHECK (delivery_discount_paise >= 0),
      ALTER COLUMN quantity TYPE numeric(12,3)`.execute(db);

  await sql`ALTER TABLE orders ADD COLUMN payment_method text CHECK (payment_method IN ('cash', 'upi', 'card'))`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN invoice_prefix text`.execute(db);

  await sql`
    CREATE TABLE invoice_counters (
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      fy text NOT NULL,
      last_seq integer NOT NULL CHECK (last_seq > 0),
      PRIMARY KEY (vendor_id, fy)
    )`.execute(db);
  await sql`
    CREATE TABLE invoices (
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      fy text NOT NULL,
      series text NOT NULL,
      seq integer NOT NULL CHECK (seq > 0),
      number text NOT NULL,
      order_id uuid UNIQUE REFERENCES orders(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'cancelled')),
      issued_at timestamptz NOT NULL,
      cancelled_at timestamptz,
      PRIMARY KEY (vendor_id, series, seq)
    )`.execute(db);
  // one number per vendor, financial year and sequence in the new series, whatever the prefix
  await sql`CREATE UNIQUE INDEX invoices_series_seq ON invoices (vendor_id, fy, seq) WHERE series <> ''`.execute(db);
  await sql`CREATE INDEX invoices_vendor_issued ON invoices (vendor_id, issued_at)`.execute(db);

  await sql`
    INSERT INTO invoices (vendor_id, fy, series, seq, number, order_id, status, issued_at)
    SELECT o.vendor_id, y.start || '-' || lpad(((y.start + 1) % 100)::text, 2, '0'), '', o.order_number, o.order_number::text, o.id, 'issued', o.created_at
    FROM orders o
    CROSS JOIN LATERAL (
      SELECT (extract(year FROM o.created_at AT TIME ZONE 'Asia/Kolkata')
        - CASE WHEN extract(month FROM o.created_at AT TIME ZONE 'Asia/Kolkata') < 4 THEN 1 ELSE 0 END)::int AS start
    ) y`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS invoices`.execute(db);
  await sql`DROP TABLE IF EXISTS invoice_counters`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS invoice_prefix`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS payment_method`.execute(db);
  await sql`
    ALTER TABLE order_lines
      DROP COLUMN IF EXISTS unit,
      DROP COLUMN IF EXISTS delivery_discount_paise,
      ALTER COLUMN quantity TYPE integer USING ceil(quantity)::integer`.execute(db);
  const { rows: triggers } = await sql<{ name: string; def: string }>`
    SELECT tgname AS name, pg_get_triggerdef(oid) AS def FROM pg_trigger
    WHERE tgrelid = 'products'::regclass AND NOT tgisinternal AND pg_get_triggerdef(oid) LIKE '%count_in_stock%'`.execute(db);
  for (const t of triggers) await sql`DROP TRIGGER ${sql.id(t.name)} ON products`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS unit, ALTER COLUMN count_in_stock TYPE integer USING floor(count_in_stock)::integer`.execute(
    db,
  );
  for (const t of triggers) await sql.raw(t.def).execute(db);
}
