import { type Kysely, sql } from 'kysely';

/**
 * Account security state kept in the database, so several API processes on one PostgreSQL share it:
 * - rate_counters: fixed-window counters (rate limits, SMS caps, wrong one-time codes per phone);
 * - login_failures: consecutive failed sign-ins per phone (delays, then a lock until a password reset);
 * - pending_registrations: one row per registration request (its own code), no longer one per phone;
 * - phone_changes: a code sent to the new number before a profile's phone changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_counters (
      key text NOT NULL,
      window_start timestamptz NOT NULL,
      count integer NOT NULL,
      PRIMARY KEY (key, window_start)
    )`.execute(db);
  await sql`CREATE INDEX rate_counters_window_idx ON rate_counters(window_start)`.execute(db);

  await sql`
    CREATE TABLE login_failures (
      phone text PRIMARY KEY,
      failures integer NOT NULL,
      last_failed_at timestamptz NOT NULL
    )`.execute(db);

  // Existing pending rows keep working: each gets an id; a default lets older backups restore.
  await sql`ALTER TABLE pending_registrations ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid()`.execute(db);
  await sql`ALTER TABLE pending_registrations DROP CONSTRAINT pending_registrations_pkey`.execute(db);
  await sql`ALTER TABLE pending_registrations ADD PRIMARY KEY (id)`.execute(db);
  await sql`CREATE INDEX pending_registrations_phone_idx ON pending_registrations(phone)`.execute(db);

  await sql`
    CREATE TABLE phone_changes (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      phone text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX phone_changes_user_idx ON phone_changes(user_id)`.execute(db);
  await sql`CREATE INDEX phone_changes_expires_idx ON phone_changes(expires_at)`.execute(db);

  // The purge deletes by expiry.
  await sql`CREATE INDEX sessions_expires_idx ON sessions(expires_at)`.execute(db);
  await sql`CREATE INDEX password_resets_expires_idx ON password_resets(expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS password_resets_expires_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS sessions_expires_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS phone_changes`.execute(db);
  await sql`DROP INDEX IF EXISTS pending_registrations_phone_idx`.execute(db);
  // Back to one row per phone: keep the newest request of each.
  await sql`DELETE FROM pending_registrations p USING pending_registrations q WHERE p.phone = q.phone AND (p.created_at, p.id) < (q.created_at, q.id)`.execute(
    db,
  );
  await sql`ALTER TABLE pending_registrations DROP CONSTRAINT pending_registrations_pkey`.execute(db);
  await sql`ALTER TABLE pending_registrations DROP COLUMN id`.execute(db);
  await sql`ALTER TABLE pending_registrations ADD PRIMARY KEY (phone)`.execute(db);
  await sql`DROP TABLE IF EXISTS login_failures`.execute(db);
  await sql`DROP TABLE IF EXISTS rate_counters`.execute(db);
}
