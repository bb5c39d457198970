import { type Kysely, sql } from 'kysely';

/**
 * What an API process's in-memory search index (server/services/search/search-index) needs to stay current:
 * 1. products.search_xid, the transaction that last changed anything a search matches or sorts by
 *    (names, description, Tamil key, price, discount, active, owner, rating, reviews, creation time),
 *    stamped by a BEFORE trigger. A checkout's stock update sets none of those columns, so it stamps
 *    nothing (and stays a HOT update: the index below is not touched).
 * 2. products_removed: the ids of deleted products with the deleting transaction; a TRUNCATE (a
 *    restore) logs the nil id, which tells the processes to read everything again. Rows are purged
 *    after a week (server/services/platform/purge.service.ts): a process reads them within a request of the edit.
 * A process reads only the rows stamped at or after the oldest transaction still running when it last
 * read (the snapshot's xmin, as the vocabulary of migration 023 does): every change once, none missed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN search_xid xid8`.execute(db);
  await sql`
    CREATE FUNCTION products_search_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN NEW.search_xid := pg_current_xact_id(); RETURN NEW; END $$`.execute(db);
  await sql`
    CREATE TRIGGER products_search_stamp BEFORE INSERT OR UPDATE OF
      name, tamil, description, tamil_key, shop_price_paise, discount_paise, is_active, vendor_id, rating, num_reviews, created_at
    ON products FOR EACH ROW EXECUTE FUNCTION products_search_stamp()`.execute(db);
  await sql`CREATE INDEX products_search_xid ON products (search_xid)`.execute(db);
  await sql`
    CREATE TABLE products_removed (
      id uuid PRIMARY KEY,
      removed_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      removed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX products_removed_xid ON products_removed (removed_xid)`.execute(db);
  await sql`
    CREATE FUNCTION products_removed_log() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO products_removed (id) SELECT id FROM removed
        ON CONFLICT (id) DO UPDATE SET removed_xid = pg_current_xact_id(), removed_at = now();
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER products_removed_log AFTER DELETE ON products
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION products_removed_log()`.execute(db);
  await sql`
    CREATE FUNCTION products_truncated_log() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO products_removed (id) VALUES ('00000000-0000-0000-0000-000000000000')
        ON CONFLICT (id) DO UPDATE SET removed_xid = pg_current_xact_id(), removed_at = now();
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER products_truncated_log AFTER TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION products_truncated_log()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS products_truncated_log ON products`.execute(db);
  await sql`DROP FUNCTION IF EXISTS products_truncated_log()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS products_removed_log ON products`.execute(db);
  await sql`DROP FUNCTION IF EXISTS products_removed_log()`.execute(db);
  await sql`DROP TABLE IF EXISTS products_removed`.execute(db);
  await sql`DROP TRIGGER IF EXISTS products_search_stamp ON products`.execute(db);
  await sql`DROP FUNCTION IF EXISTS products_search_stamp()`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS search_xid`.execute(db);
}
