import { type Kysely, sql } from 'kysely';

/**
 * Search that stays fast uncached, and a catalogue version that checkouts do not move.
 *
 * 1. Search columns, kept by a BEFORE trigger from the matched fields (English name, Tamil name,
 *    description): search_text is them lower-cased in one string (substring checks and the trigram
 *    index for fragments), search_words their words as a 'simple' tsvector (word-prefix search through
 *    a GIN index; names weigh A, the description D, for ranking). products_search_fields() is the one
 *    place that names the fields: a further field (a transliteration, say) is added by redefining it,
 *    adding the column to the trigger's UPDATE OF list and touching search_text to backfill; the
 *    queries read only the two columns. Plain columns rather than generated ones, so a logical backup
 *    (SELECT * / INSERT) restores as it is; the trigger recomputes them on insert anyway.
 * 2. products_search_trgm moves from the expression of migration 001 to search_text (same text).
 * 3. The catalogue version (migration 003) moves for a product update only when something a cached
 *    list or search depends on changes: any column but stock and updated_at, or stock crossing zero
 *    (the in-stock filter). A checkout's stock change that leaves the product in stock no longer queues
 *    the bump, so checkouts neither take the version row's lock at commit nor throw cached answers
 *    away; pages read their rows fresh by primary key (server/services/catalog/catalog.service.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN search_text text NOT NULL DEFAULT '', ADD COLUMN search_words tsvector NOT NULL DEFAULT ''::tsvector`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION products_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_text := lower(NEW.name || ' ' || NEW.tamil || ' ' || NEW.description);
      NEW.search_words := setweight(to_tsvector('simple', NEW.name || ' ' || NEW.tamil), 'A')
        || setweight(to_tsvector('simple', NEW.description), 'D');
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER products_search_fields BEFORE INSERT OR UPDATE OF name, tamil, description, search_text, search_words
      ON products FOR EACH ROW EXECUTE FUNCTION products_search_fields()`.execute(db);
  await sql`UPDATE products SET search_text = ''`.execute(db);
  await sql`CREATE INDEX products_search_words ON products USING gin (search_words) WITH (fastupdate = off)`.execute(db);
  await sql`DROP INDEX IF EXISTS products_search_trgm`.execute(db);
  await sql`CREATE INDEX products_search_trgm ON products USING gin (search_text gin_trgm_ops) WITH (fastupdate = off)`.execute(db);

  await sql`DROP TRIGGER IF EXISTS products_catalog_version ON products`.execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER products_catalog_version AFTER INSERT OR DELETE ON products
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version()`.execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER products_catalog_version_update AFTER UPDATE ON products
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN ((to_jsonb(OLD) - 'count_in_stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'count_in_stock' - 'updated_at')
        OR (OLD.count_in_stock > 0) IS DISTINCT FROM (NEW.count_in_stock > 0))
      EXECUTE FUNCTION bump_catalog_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS products_catalog_version_update ON products`.execute(db);
  await sql`DROP TRIGGER IF EXISTS products_catalog_version ON products`.execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER products_catalog_version AFTER INSERT OR UPDATE OR DELETE ON products
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version()`.execute(db);
  await sql`DROP INDEX IF EXISTS products_search_trgm`.execute(db);
  await sql`CREATE INDEX products_search_trgm ON products USING gin ((lower(name || ' ' || tamil || ' ' || description)) gin_trgm_ops) WITH (fastupdate = off)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS products_search_words`.execute(db);
  await sql`DROP TRIGGER IF EXISTS products_search_fields ON products`.execute(db);
  await sql`DROP FUNCTION IF EXISTS products_search_fields()`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS search_words, DROP COLUMN IF EXISTS search_text`.execute(db);
}
