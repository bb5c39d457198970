import { type Kysely, sql } from 'kysely';

/**
 * Goods returned to a supplier (docs/decisions/debit-notes.md). Money in paise; quantities in the
 * product's unit.
 *
 * - debit_notes: one return against a bill (purchase), numbered in the shop's own gap-free debit note
 *   series per financial year (HEAD-DN/YY/NNNNNN, at most 16 characters; UNIQUE per shop). note_date is
 *   the India-time day of the return: the input GST it reverses falls in that month. inter_state is the
 *   bill's (IGST, else CGST + SGST). What is owed on the bill is its total less payments less its notes.
 * - debit_note_lines: the returned quantity of a bill line, its unit cost and rate as on the bill, and
 *   the taxable value and GST it takes back.
 * - stock_movements: the kind 'purchase_return' (goods sent back to the supplier; ref the purchase id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE debit_notes (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purchase_id uuid NOT NULL REFERENCES purchases(id),
      supplier_id uuid NOT NULL REFERENCES suppliers(id),
      number text NOT NULL CHECK (length(number) <= 16),
      note_date date NOT NULL,
      inter_state boolean NOT NULL,
      reason text,
      taxable_paise bigint NOT NULL,
      cgst_paise bigint NOT NULL,
      sgst_paise bigint NOT NULL,
      igst_paise bigint NOT NULL,
      total_paise bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      UNIQUE (vendor_id, number)
    )`.execute(db);
  await sql`CREATE INDEX debit_notes_purchase ON debit_notes (purchase_id)`.execute(db);
  await sql`CREATE INDEX debit_notes_supplier ON debit_notes (supplier_id, note_date)`.execute(db);
  await sql`CREATE INDEX debit_notes_vendor_date ON debit_notes (vendor_id, note_date)`.execute(db);
  await sql`
    CREATE TABLE debit_note_lines (
      debit_note_id uuid NOT NULL REFERENCES debit_notes(id) ON DELETE CASCADE,
      position integer NOT NULL,
      product_id uuid REFERENCES products(id) ON DELETE SET NULL,
      name text NOT NULL,
      unit text NOT NULL,
      quantity numeric(12,3) NOT NULL CHECK (quantity > 0),
      unit_cost_paise bigint NOT NULL,
      gst_rate numeric(5,2) NOT NULL,
      taxable_paise bigint NOT NULL,
      cgst_paise bigint NOT NULL,
      sgst_paise bigint NOT NULL,
      igst_paise bigint NOT NULL,
      line_total_paise bigint NOT NULL,
      PRIMARY KEY (debit_note_id, position)
    )`.execute(db);
  await sql`CREATE INDEX debit_note_lines_product ON debit_note_lines (product_id)`.execute(db);

  await sql`ALTER TABLE stock_movements DROP CONSTRAINT IF EXISTS stock_movements_kind_check`.execute(db);
  await sql`
    ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_kind_check CHECK (kind IN ('opening', 'sale', 'order',
      'order_deleted', 'sale_voided', 'purchase', 'purchase_cancelled', 'adjustment', 'import', 'product_edit', 'return',
      'purchase_return'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM stock_movements WHERE kind = 'purchase_return'`.execute(db);
  await sql`ALTER TABLE stock_movements DROP CONSTRAINT IF EXISTS stock_movements_kind_check`.execute(db);
  await sql`
    ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_kind_check CHECK (kind IN ('opening', 'sale', 'order',
      'order_deleted', 'sale_voided', 'purchase', 'purchase_cancelled', 'adjustment', 'import', 'product_edit', 'return'))`.execute(db);
  await sql`DROP TABLE IF EXISTS debit_note_lines`.execute(db);
  await sql`DROP TABLE IF EXISTS debit_notes`.execute(db);
}
