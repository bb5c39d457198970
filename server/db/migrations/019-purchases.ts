import { type Kysely, sql } from 'kysely';

/**
 * Receiving goods: a vendor's suppliers (one per name, any case), the bills received from them
 * (purchases) and their lines. A bill is never deleted: cancelling marks it (time, who, why) and its
 * stock goes back out. The same bill number of the same supplier is entered once while not cancelled.
 * Money in paise; quantities in the product's unit; a line keeps the product's name and unit, and
 * loses only the link when the product is deleted. GST is CGST + SGST, or IGST from a supplier of
 * another state (its GSTIN's state code).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE suppliers (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      phone text,
      gstin text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX suppliers_vendor_name ON suppliers (vendor_id, lower(name))`.execute(db);

  await sql`
    CREATE TABLE purchases (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      supplier_id uuid NOT NULL REFERENCES suppliers(id),
      bill_number text NOT NULL,
      bill_date date NOT NULL,
      inter_state boolean NOT NULL DEFAULT false,
      taxable_paise bigint NOT NULL,
      cgst_paise bigint NOT NULL,
      sgst_paise bigint NOT NULL,
      igst_paise bigint NOT NULL,
      total_paise bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      cancelled_at timestamptz,
      cancelled_by uuid REFERENCES users(id) ON DELETE SET NULL,
      cancel_reason text
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX purchases_supplier_bill ON purchases (supplier_id, lower(bill_number)) WHERE cancelled_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX purchases_vendor_date ON purchases (vendor_id, bill_date DESC)`.execute(db);

  await sql`
    CREATE TABLE purchase_lines (
      purchase_id uuid NOT NULL REFERENCES purchases(id) ON DELETE CASCADE,
      position integer NOT NULL,
      product_id uuid REFERENCES products(id) ON DELETE SET NULL,
      name text NOT NULL,
      unit text NOT NULL,
      quantity numeric(12,3) NOT NULL CHECK (quantity > 0),
      unit_cost_paise bigint NOT NULL CHECK (unit_cost_paise >= 0),
      gst_rate numeric(5,2) NOT NULL,
      taxable_paise bigint NOT NULL,
      cgst_paise bigint NOT NULL,
      sgst_paise bigint NOT NULL,
      igst_paise bigint NOT NULL,
      line_total_paise bigint NOT NULL,
      PRIMARY KEY (purchase_id, position)
    )`.execute(db);
  await sql`CREATE INDEX purchase_lines_product ON purchase_lines (product_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS purchase_lines`.execute(db);
  await sql`DROP TABLE IF EXISTS purchases`.execute(db);
  await sql`DROP TABLE IF EXISTS suppliers`.execute(db);
}
