import { type Kysely, sql } from 'kysely';

/**
 * An act recorded offline is dated by the device's time of the tap (core/act-time.ts); the server also
 * keeps when the request reached it, so the order can say "recorded offline at 23:39, sent 23:40":
 * `received_at` for a counter sale that carried its own time, `delivered_received_at` for a delivery.
 * Null: the act came with no time of its own (online), so its time is when it was received.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN received_at timestamptz`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN delivered_received_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS delivered_received_at`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS received_at`.execute(db);
}
