import { type Kysely, sql } from 'kysely';

/**
 * A counter sale can be voided on its day (core/sale-void): the order stays, marked voided with the
 * time, who did it and why, and no longer counts in sales; its invoice stays in the series as cancelled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN voided_at timestamptz`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN voided_by uuid REFERENCES users(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN void_reason text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS void_reason`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS voided_by`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS voided_at`.execute(db);
}
