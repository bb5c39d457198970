import { type Kysely, sql } from 'kysely';

/**
 * The hidden products (inactive), indexed by vendor: a broad search word proves it has more matches
 * than the count cap from the vocabulary's counts minus the products customers cannot see
 * (server/services/catalog/catalog.service.ts), and counting the hidden ones this way reads only them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX products_hidden ON products (vendor_id) WHERE NOT is_active`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS products_hidden`.execute(db);
}
