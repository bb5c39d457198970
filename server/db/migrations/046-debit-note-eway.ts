import { type Kysely, sql } from 'kysely';

/**
 * The e-way bill of goods returned to a supplier (a debit note over the threshold, core/eway-bill.ts):
 * the number the portal gave (12 digits), entered back by hand, and when. Null: none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE debit_notes
      ADD COLUMN eway_bill_no text CHECK (eway_bill_no ~ '^[0-9]{12}$'),
      ADD COLUMN eway_bill_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE debit_notes DROP COLUMN IF EXISTS eway_bill_at, DROP COLUMN IF EXISTS eway_bill_no`.execute(db);
}
