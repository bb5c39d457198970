import { type Kysely, sql } from 'kysely';

/**
 * A confirmed phone change can be undone from the old number for 7 days: the code texted there at the
 * change is kept as a hash bound to the old phone (5 tries, like every SMS code). While a row lives,
 * the old phone stays reserved for its account: nobody registers it or moves another account to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE phone_change_undos (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      old_phone text NOT NULL,
      new_phone text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX phone_change_undos_old_phone_idx ON phone_change_undos(old_phone)`.execute(db);
  await sql`CREATE INDEX phone_change_undos_user_idx ON phone_change_undos(user_id)`.execute(db);
  await sql`CREATE INDEX phone_change_undos_expires_idx ON phone_change_undos(expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS phone_change_undos`.execute(db);
}
