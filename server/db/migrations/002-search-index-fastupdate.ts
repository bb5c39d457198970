import { type Kysely, sql } from 'kysely';

/**
 * The product search index without GIN's pending list (fastupdate). With the pending list, new
 * products sit unindexed until VACUUM flushes them, and the planner prices the list so high that it
 * picks a sequential scan; embedded PGlite has no autovacuum, so the list would only grow. Catalogue
 * writes are rare, so indexing each row at insert time costs little.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER INDEX products_search_trgm SET (fastupdate = off)`.execute(db);
  await sql`SELECT gin_clean_pending_list('products_search_trgm'::regclass)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER INDEX products_search_trgm RESET (fastupdate)`.execute(db);
}
