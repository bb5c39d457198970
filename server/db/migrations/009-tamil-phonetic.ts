import { type Kysely, sql } from 'kysely';
import { tamilSearchKey } from '../../../core/transliterate';

/**
 * Tamil typed in English letters ("arisi", "thakkali"): products.tamil_key holds the phonetic key of
 * the Tamil name (core/transliterate.ts, "tuvaram parup" for துவரம் பருப்பு 1 கிலோ). The database cannot
 * run the TypeScript transliteration, so the key is computed where products are written (the
 * products service and the seeds call tamilSearchKey) and here for the rows that exist.
 *
 * The search columns of migration 007 take it in: search_words gets its words with weight B (names
 * A, description D), so a keyword's key can be matched against them alone ('parup':*B), and
 * search_text ends with it. The trigger also fires on a change of tamil_key.
 *
 * name_words holds the names' words alone (A) and the key's (B), with its own index: search ranks
 * whole-word matches in the names first, and the planner's estimate of such a match must not count
 * the descriptions (it ignores weights: "tamil nadu", in every generated description, was estimated
 * at every product and read by a full scan).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN tamil_key text NOT NULL DEFAULT '', ADD COLUMN name_words tsvector NOT NULL DEFAULT ''::tsvector`.execute(
    db,
  );
  await sql`
    CREATE OR REPLACE FUNCTION products_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_text := lower(NEW.name || ' ' || NEW.tamil || ' ' || NEW.description || ' ' || NEW.tamil_key);
      NEW.name_words := setweight(to_tsvector('simple', NEW.name || ' ' || NEW.tamil), 'A')
        || setweight(to_tsvector('simple', NEW.tamil_key), 'B');
      NEW.search_words := NEW.name_words || setweight(to_tsvector('simple', NEW.description), 'D');
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`DROP TRIGGER products_search_fields ON products`.execute(db);
  await sql`
    CREATE TRIGGER products_search_fields BEFORE INSERT OR UPDATE OF name, tamil, description, tamil_key, search_text, search_words, name_words
      ON products FOR EACH ROW EXECUTE FUNCTION products_search_fields()`.execute(db);
  // the index before the updates: their deferred catalogue-version triggers would refuse a CREATE INDEX after
  await sql`CREATE INDEX products_name_words ON products USING gin (name_words) WITH (fastupdate = off)`.execute(db);
  await backfillTamilKeys(db);
  await sql`UPDATE products SET name_words = ''::tsvector WHERE name_words = ''::tsvector`.execute(db); // the trigger fills it
  // fire the catalogue-version triggers these updates deferred (migration 003) now: the migrations run in one
  // transaction, and a later ALTER TABLE or CREATE INDEX on products refuses pending trigger events
  await sql`SET CONSTRAINTS ALL IMMEDIATE`.execute(db);
}

/** Sets tamil_key of every product whose key is not what its Tamil name gives, in batches by id. */
export async function backfillTamilKeys(db: Kysely<any>, batch = 2000): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let changed = 0;
  for (;;) {
    const { rows } = await sql<{ id: string; tamil: string; tamil_key: string }>`
      SELECT id, tamil, tamil_key FROM products WHERE id > ${after}::uuid ORDER BY id LIMIT ${batch}`.execute(db);
    if (!rows.length) return changed;
    after = rows[rows.length - 1].id;
    const stale = rows.map((r) => ({ id: r.id, key: tamilSearchKey(r.tamil), old: r.tamil_key })).filter((r) => r.key !== r.old);
    if (stale.length) {
      await sql`
        UPDATE products p SET tamil_key = u.key
        FROM unnest(${stale.map((r) => r.id)}::uuid[], ${stale.map((r) => r.key)}::text[]) AS u(id, key)
        WHERE p.id = u.id`.execute(db);
      changed += stale.length;
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION products_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_text := lower(NEW.name || ' ' || NEW.tamil || ' ' || NEW.description);
      NEW.search_words := setweight(to_tsvector('simple', NEW.name || ' ' || NEW.tamil), 'A')
        || setweight(to_tsvector('simple', NEW.description), 'D');
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`DROP TRIGGER products_search_fields ON products`.execute(db);
  await sql`
    CREATE TRIGGER products_search_fields BEFORE INSERT OR UPDATE OF name, tamil, description, search_text, search_words
      ON products FOR EACH ROW EXECUTE FUNCTION products_search_fields()`.execute(db);
  await sql`DROP INDEX IF EXISTS products_name_words`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN tamil_key, DROP COLUMN name_words`.execute(db);
  await sql`UPDATE products SET search_text = ''`.execute(db);
}
