import { type Kysely, sql } from 'kysely';

/**
 * A shop's settlement statements (POST /api/payments/statements): each line of the provider's or bank's
 * statement that matched one of the shop's UPI sales, kept once per shop and UTR, so a statement uploaded
 * again changes nothing and the day's reconciliation shows the sale as matched by the statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE upi_statement_lines (
      shop_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      utr text NOT NULL,
      amount_paise bigint NOT NULL CHECK (amount_paise > 0),
      paid_at timestamptz NOT NULL,
      payer text,
      order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
      uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
      uploaded_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (shop_id, utr)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX upi_statement_lines_order ON upi_statement_lines (order_id) WHERE order_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS upi_statement_lines`.execute(db);
}
