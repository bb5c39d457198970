import { type Kysely, sql } from 'kysely';

/**
 * A till's shifts (core/shift.ts, server/services/shifts).
 *
 * - shifts: a cashier (opened_by) opens one on a shop's till with a float, and it is closed by counting
 *   the drawer (count: the notes and coins as entered; counted_paise their sum) against what it should
 *   hold (expected_paise, frozen at the close). At most one open shift per till: a partial unique index.
 * - shift_cash: cash put in (`in`) or taken out (`out`) of the drawer during a shift, with why.
 * - orders, customer_payments and credit_notes.shift_id: the shift open at the till the sale, the
 *   payment or the return was made at; null when not made at a till, or before shifts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE shifts (
      id uuid PRIMARY KEY,
      shop_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      device_id uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
      opened_by uuid REFERENCES users(id) ON DELETE SET NULL,
      opened_at timestamptz NOT NULL DEFAULT now(),
      float_paise bigint NOT NULL CHECK (float_paise >= 0),
      closed_at timestamptz,
      closed_by uuid REFERENCES users(id) ON DELETE SET NULL,
      expected_paise bigint,
      counted_paise bigint CHECK (counted_paise >= 0),
      count jsonb,
      note text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX shifts_one_open_per_till ON shifts (device_id) WHERE closed_at IS NULL`.execute(db);
  await sql`CREATE INDEX shifts_device_opened ON shifts (device_id, opened_at)`.execute(db);
  await sql`CREATE INDEX shifts_shop_opened ON shifts (shop_id, opened_at)`.execute(db);
  await sql`
    CREATE TABLE shift_cash (
      id uuid PRIMARY KEY,
      shift_id uuid NOT NULL REFERENCES shifts(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('in', 'out')),
      amount_paise bigint NOT NULL CHECK (amount_paise > 0),
      reason text NOT NULL,
      at timestamptz NOT NULL DEFAULT now(),
      by_user uuid REFERENCES users(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE INDEX shift_cash_shift ON shift_cash (shift_id, at)`.execute(db);
  for (const table of ['orders', 'customer_payments', 'credit_notes']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN shift_id uuid REFERENCES shifts(id) ON DELETE SET NULL`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${table}_shift`)} ON ${sql.table(table)} (shift_id) WHERE shift_id IS NOT NULL`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['credit_notes', 'customer_payments', 'orders']) {
    await sql`DROP INDEX IF EXISTS ${sql.id(`${table}_shift`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN IF EXISTS shift_id`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS shift_cash`.execute(db);
  await sql`DROP TABLE IF EXISTS shifts`.execute(db);
}
