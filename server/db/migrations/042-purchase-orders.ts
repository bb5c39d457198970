import { type Kysely, sql } from 'kysely';

/**
 * Purchase orders (docs/decisions/purchase-orders.md): what a shop asks one of its suppliers for.
 *
 * - purchase_order_counters: the last sequence of each shop's purchase order series per financial year
 *   (HEAD-PO/YY/NNNNNN), taken with an upsert inside the order's transaction, so the series has no gaps.
 * - purchase_orders: one order to one supplier of the shop, numbered once (UNIQUE per shop and number).
 *   closed_at: ended by hand, the rest will not come (with who and an optional reason); an order is never
 *   deleted. Its other states (open, partly received, received) follow from its receipts.
 * - purchase_order_lines: a product and the quantity ordered, in the product's unit; the name and unit
 *   stay when the product is deleted.
 * - purchases.purchase_order_id: the order a bill received goods against (a receipt); null for any other bill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE purchase_order_counters (
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      fy text NOT NULL,
      last_seq integer NOT NULL,
      PRIMARY KEY (vendor_id, fy)
    )`.execute(db);
  await sql`
    CREATE TABLE purchase_orders (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      supplier_id uuid NOT NULL REFERENCES suppliers(id),
      fy text NOT NULL,
      seq integer NOT NULL,
      number text NOT NULL CHECK (length(number) <= 16),
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      closed_at timestamptz,
      closed_by uuid REFERENCES users(id) ON DELETE SET NULL,
      close_reason text
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX purchase_orders_number ON purchase_orders (vendor_id, number)`.execute(db);
  await sql`CREATE UNIQUE INDEX purchase_orders_seq ON purchase_orders (vendor_id, fy, seq)`.execute(db);
  await sql`CREATE INDEX purchase_orders_vendor_created ON purchase_orders (vendor_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX purchase_orders_supplier ON purchase_orders (supplier_id)`.execute(db);
  await sql`
    CREATE TABLE purchase_order_lines (
      purchase_order_id uuid NOT NULL REFERENCES purchase_orders(id) ON DELETE CASCADE,
      position integer NOT NULL,
      product_id uuid REFERENCES products(id) ON DELETE SET NULL,
      name text NOT NULL,
      unit text NOT NULL,
      quantity numeric(12,3) NOT NULL CHECK (quantity > 0),
      PRIMARY KEY (purchase_order_id, position)
    )`.execute(db);
  await sql`ALTER TABLE purchases ADD COLUMN purchase_order_id uuid REFERENCES purchase_orders(id)`.execute(db);
  await sql`CREATE INDEX purchases_purchase_order ON purchases (purchase_order_id) WHERE purchase_order_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE purchases DROP COLUMN IF EXISTS purchase_order_id`.execute(db);
  await sql`DROP TABLE IF EXISTS purchase_order_lines`.execute(db);
  await sql`DROP TABLE IF EXISTS purchase_orders`.execute(db);
  await sql`DROP TABLE IF EXISTS purchase_order_counters`.execute(db);
}
