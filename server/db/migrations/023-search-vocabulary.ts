import { type Kysely, sql } from 'kysely';

/**
 * The search vocabulary behind typo tolerance (server/services/search/search-typos.ts): every distinct word
 * the word index can match, with the number of products holding it. Kind 'w' is a word of a name, a
 * Tamil name or a description (weights A and D of search_words, migration 009), kind 'k' a word of the
 * Tamil name's phonetic key (weight B). A few thousand rows where products are hundreds of thousands.
 *
 * Kept by triggers in the writing transaction, so it is never out of step with the products: a
 * statement's inserted or deleted rows are counted together (transition tables: an import or a seed
 * of 50,000 products makes one upsert per distinct word, not one per product), an update that changes
 * the words counts the difference. The upserts take the rows in (kind, word) order, so two writers
 * wait for each other rather than deadlock. A word no product holds any more stays with 0 products,
 * so the API processes learn that it went.
 *
 * changed_xid is the writing transaction: a process holding the vocabulary in memory reads only the
 * rows changed by transactions at or after the oldest one still running when it last read (the
 * snapshot's xmin), which catches every change once and never misses one still in progress.
 */
const upsert = (source: string) => `
  INSERT INTO search_vocabulary AS v (kind, word, products)
    SELECT kind, word, n FROM (${source}) c WHERE n <> 0 ORDER BY kind, word
  ON CONFLICT (kind, word) DO UPDATE SET products = GREATEST(v.products + EXCLUDED.products, 0), changed_xid = pg_current_xact_id()`;

const counted = (rows: string, sign: string) =>
  `SELECT x.kind, x.word, ${sign}count(*)::int AS n FROM ${rows} r, search_vocabulary_words(r.search_words) x GROUP BY 1, 2`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE search_vocabulary (
      kind text NOT NULL CHECK (kind IN ('w', 'k')),
      word text NOT NULL,
      products integer NOT NULL,
      changed_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      PRIMARY KEY (kind, word)
    )`.execute(db);
  await sql`CREATE INDEX search_vocabulary_changed ON search_vocabulary (changed_xid)`.execute(db);
  await sql`
    CREATE FUNCTION search_vocabulary_words(words tsvector) RETURNS TABLE (kind text, word text) LANGUAGE sql IMMUTABLE AS $$
      SELECT 'w', lexeme FROM unnest(words) WHERE weights && ARRAY['A', 'C', 'D']
      UNION ALL
      SELECT 'k', lexeme FROM unnest(words) WHERE 'B' = ANY(weights)
    $$`.execute(db);
  await sql
    .raw(
      `CREATE FUNCTION search_vocabulary_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${upsert(counted('added', ''))}; RETURN NULL; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION search_vocabulary_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${upsert(counted('removed', '-'))}; RETURN NULL; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION search_vocabulary_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${upsert(`SELECT kind, word, sum(n)::int AS n FROM (
          SELECT kind, word, 1 AS n FROM search_vocabulary_words(NEW.search_words)
          UNION ALL SELECT kind, word, -1 FROM search_vocabulary_words(OLD.search_words)) d GROUP BY 1, 2`)}; RETURN NULL; END $$`,
    )
    .execute(db);
  await sql`
    CREATE FUNCTION search_vocabulary_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE search_vocabulary SET products = 0, changed_xid = pg_current_xact_id() WHERE products <> 0;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER products_vocabulary_insert AFTER INSERT ON products REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_inserted()`.execute(db);
  await sql`
    CREATE TRIGGER products_vocabulary_delete AFTER DELETE ON products REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_deleted()`.execute(db);
  // row by row (a trigger with transition tables cannot name columns, and would run for every stock change)
  await sql`
    CREATE TRIGGER products_vocabulary_update AFTER UPDATE OF name, tamil, description, tamil_key, search_text, search_words, name_words ON products
      FOR EACH ROW WHEN (OLD.search_words IS DISTINCT FROM NEW.search_words) EXECUTE FUNCTION search_vocabulary_updated()`.execute(db);
  await sql`
    CREATE TRIGGER products_vocabulary_truncate AFTER TRUNCATE ON products
      FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_truncated()`.execute(db);
  await sql.raw(upsert(counted('products', ''))).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['insert', 'delete', 'update', 'truncate'])
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`products_vocabulary_${t}`)} ON products`.execute(db);
  for (const f of ['inserted', 'deleted', 'updated', 'truncated'])
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(`search_vocabulary_${f}`)}()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_vocabulary_words(tsvector)`.execute(db);
  await sql`DROP TABLE IF EXISTS search_vocabulary`.execute(db);
}
