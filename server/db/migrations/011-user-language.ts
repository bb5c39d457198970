import { type Kysely, sql } from 'kysely';

/**
 * The interface language of an account ('en' or 'ta'), saved so it follows the user to any device;
 * a registration waiting for its code keeps the language it was made in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ta'))`.execute(db);
  await sql`ALTER TABLE pending_registrations ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ta'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pending_registrations DROP COLUMN IF EXISTS language`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS language`.execute(db);
}
