import { type Kysely, sql } from 'kysely';

/**
 * Tills: a vendor's devices, each with an invoice series of its own (core/till.ts).
 *
 * - devices: a vendor's registered tills; till_no counts from 1 per vendor and prefix (the vendor's
 *   prefix and the till number, "MS1") is fixed at registration, so a renamed shop prefix never moves
 *   numbers a till already gave. A till is retired, never deleted: its numbers stay in the books.
 * - device_counters: per till and financial year, the last number reserved for it. The server only
 *   reserves (in blocks, row-locked); the till gives the numbers, and a sale may carry one up to here.
 * - invoices.device_id: the till whose series the number is of; null for the vendor's own series.
 *   The vendor series' unique index (vendor, year, sequence) now leaves till numbers out, and a till's
 *   numbers are unique per till, year and sequence (invoices_device_seq: a number is never taken twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE devices (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      till_no integer NOT NULL CHECK (till_no > 0),
      prefix text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      retired_at timestamptz,
      UNIQUE (vendor_id, till_no)
    )`.execute(db);
  await sql`
    CREATE TABLE device_counters (
      device_id uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
      fy text NOT NULL,
      reserved_to integer NOT NULL CHECK (reserved_to > 0),
      PRIMARY KEY (device_id, fy)
    )`.execute(db);
  await sql`ALTER TABLE invoices ADD COLUMN device_id uuid REFERENCES devices(id) ON DELETE SET NULL`.execute(db);
  await sql`DROP INDEX invoices_series_seq`.execute(db);
  await sql`CREATE UNIQUE INDEX invoices_series_seq ON invoices (vendor_id, fy, seq) WHERE series <> '' AND device_id IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX invoices_device_seq ON invoices (device_id, fy, seq) WHERE device_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS invoices_device_seq`.execute(db);
  await sql`DELETE FROM invoices WHERE device_id IS NOT NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS invoices_series_seq`.execute(db);
  await sql`CREATE UNIQUE INDEX invoices_series_seq ON invoices (vendor_id, fy, seq) WHERE series <> ''`.execute(db);
  await sql`ALTER TABLE invoices DROP COLUMN IF EXISTS device_id`.execute(db);
  await sql`DROP TABLE IF EXISTS device_counters`.execute(db);
  await sql`DROP TABLE IF EXISTS devices`.execute(db);
}
