import { type Kysely, sql } from 'kysely';

/**
 * A catalogue version for result caches (server/services/search/search-cache.ts): one counter row bumped
 * by triggers whenever anything a product answer shows can change — products (stock, price,
 * visibility, rating), reviews, a vendor's visibility or name, category/subcategory/GST names.
 * Readers key cached answers by the version, so a change is visible at once in every API process.
 *
 * The row triggers are DEFERRABLE INITIALLY DEFERRED constraint triggers: the counter row is locked
 * only at commit, after every other lock the transaction takes, so it can never take part in a
 * deadlock, and it is held only for the commit itself. bumped_xid makes a transaction bump once
 * however many rows it writes (the later firings find nothing to update). The counter commits
 * atomically with the data, so an answer read at version v is never older than v.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE catalog_version (
      id smallint PRIMARY KEY CHECK (id = 1),
      version bigint NOT NULL DEFAULT 1,
      bumped_xid bigint
    )`.execute(db);
  await sql`INSERT INTO catalog_version (id, version) VALUES (1, 1)`.execute(db);
  await sql`
    CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE catalog_version SET version = version + 1, bumped_xid = txid_current()
        WHERE id = 1 AND bumped_xid IS DISTINCT FROM txid_current();
      RETURN NULL;
    END
    $$`.execute(db);

  for (const table of ['products', 'reviews', 'categories', 'subcategories', 'gsts']) {
    await sql`
      CREATE CONSTRAINT TRIGGER ${sql.raw(`${table}_catalog_version`)}
        AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_catalog_version_truncate`)}
        AFTER TRUNCATE ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version()`.execute(db);
  }
  // A vendor's visibility and displayed name (a deleted vendor's products cascade, firing above).
  await sql`
    CREATE CONSTRAINT TRIGGER users_catalog_version
      AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (OLD.vendor_active IS DISTINCT FROM NEW.vendor_active OR OLD.name IS DISTINCT FROM NEW.name OR OLD.shop_name IS DISTINCT FROM NEW.shop_name)
      EXECUTE FUNCTION bump_catalog_version()`.execute(db);

  // Indexes behind the catalogue orders, so a page of a broad match is read in order and stops early.
  await sql`CREATE INDEX products_name_order_idx ON products (lower(name), id)`.execute(db);
  await sql`CREATE INDEX products_price_asc_idx ON products ((shop_price_paise - LEAST(discount_paise, shop_price_paise)), name, id)`.execute(
    db,
  );
  await sql`CREATE INDEX products_price_desc_idx ON products ((shop_price_paise - LEAST(discount_paise, shop_price_paise)) DESC, name, id)`.execute(
    db,
  );
  await sql`CREATE INDEX products_newest_idx ON products (created_at DESC, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of ['products_name_order_idx', 'products_price_asc_idx', 'products_price_desc_idx', 'products_newest_idx']) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(i)}`.execute(db);
  }
  await sql`DROP TRIGGER IF EXISTS users_catalog_version ON users`.execute(db);
  for (const table of ['products', 'reviews', 'categories', 'subcategories', 'gsts']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_catalog_version`)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_catalog_version_truncate`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS bump_catalog_version()`.execute(db);
  await sql`DROP TABLE IF EXISTS catalog_version`.execute(db);
}
