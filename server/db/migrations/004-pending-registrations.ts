import { type Kysely, sql } from 'kysely';

/**
 * Registrations waiting for their SMS code (POST /api/users, then POST /api/users/verify-registration).
 * One row per phone: a new submit replaces it with a fresh code. Only a hash of the code is kept;
 * the row is void after 10 minutes or 5 wrong codes, and deleted when the account is created.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE pending_registrations (
      phone text PRIMARY KEY,
      name text NOT NULL,
      password_hash text NOT NULL,
      address jsonb NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX pending_registrations_expires_idx ON pending_registrations(expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS pending_registrations`.execute(db);
}
