import { type Kysely, sql } from 'kysely';

/**
 * What the shop owes its suppliers. Money in paise.
 *
 * - suppliers.credit_days: how many days after a bill's date it falls due (0: on the bill date).
 * - supplier_payments: money paid to a supplier; the id is the client's, so an offline payment sent twice
 *   is stored once. vendor_id is the shop.
 * - supplier_payment_allocations: which bills each payment settled, oldest bill first, and how much of
 *   each. A bill's paid amount is the sum of its allocations: unpaid, partly paid or paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE suppliers ADD COLUMN credit_days integer NOT NULL DEFAULT 0 CHECK (credit_days BETWEEN 0 AND 365)`.execute(db);
  await sql`
    CREATE TABLE supplier_payments (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      supplier_id uuid NOT NULL REFERENCES suppliers(id) ON DELETE CASCADE,
      amount_paise bigint NOT NULL CHECK (amount_paise > 0),
      method text NOT NULL CHECK (method IN ('cash', 'upi', 'card', 'bank')),
      note text,
      paid_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX supplier_payments_supplier ON supplier_payments (supplier_id, paid_at)`.execute(db);
  await sql`CREATE INDEX supplier_payments_vendor ON supplier_payments (vendor_id, paid_at)`.execute(db);
  await sql`
    CREATE TABLE supplier_payment_allocations (
      payment_id uuid NOT NULL REFERENCES supplier_payments(id) ON DELETE CASCADE,
      purchase_id uuid NOT NULL REFERENCES purchases(id) ON DELETE CASCADE,
      amount_paise bigint NOT NULL CHECK (amount_paise > 0),
      PRIMARY KEY (payment_id, purchase_id)
    )`.execute(db);
  await sql`CREATE INDEX supplier_payment_allocations_purchase ON supplier_payment_allocations (purchase_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS supplier_payment_allocations`.execute(db);
  await sql`DROP TABLE IF EXISTS supplier_payments`.execute(db);
  await sql`ALTER TABLE suppliers DROP COLUMN IF EXISTS credit_days`.execute(db);
}
