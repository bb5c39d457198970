import { type Kysely, sql } from 'kysely';

/** The product search indexes (migrations 007 and 009): each row's words and trigrams. */
export const SEARCH_GIN_INDEXES = ['products_search_trgm', 'products_search_words', 'products_name_words'] as const;

/** The transaction setting under which the vocabulary's row trigger leaves the counting to the writer. */
export const VOCABULARY_COUNTED_BY_WRITER = 'app.vocabulary_counted_by_writer';

/**
 * The product search indexes with GIN's pending list (fastupdate) again. Without it every changed row
 * inserts each of its words and trigrams into the three trees one by one: an import of a shop's 20,000
 * products with new descriptions took minutes. With it the rows go to the pending list and are merged
 * into the trees in sorted bulk. What migration 002 feared is bounded: the list is merged by the write
 * that fills it past gin_pending_list_limit (so it never grows past that, autovacuum or not; kept short), and the
 * import merges it at once when it has saved (gin_clean_pending_list), so searches after an import
 * read no list. A single product's edit leaves a few entries in it, which searches read cheaply.
 * Also a bulk writer may count the search vocabulary's changes itself, once (below).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // a short list (256 kB, not the 4 MB default): the writes that fill it merge it often, so a search
  // never reads much of it, even after thousands of single edits or a seed that inserts in bulk
  for (const index of SEARCH_GIN_INDEXES)
    await sql`ALTER INDEX ${sql.id(index)} SET (fastupdate = on, gin_pending_list_limit = 256)`.execute(db);
  // the vocabulary's update trigger (migration 023) counts row by row: an import that gives 20,000 products the
  // same new word updated that word's row 20,000 times in one transaction, each update walking the row's ever
  // longer chain of versions. A writer that counts its rows itself (the import: countVocabularyChanges) turns
  // the row trigger off for its transaction; every other write (a checkout's stock, one edit) is as before.
  await sql
    .raw(
      `
    CREATE OR REPLACE FUNCTION search_vocabulary_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('${VOCABULARY_COUNTED_BY_WRITER}', true) = 'on' THEN RETURN NULL; END IF;
      INSERT INTO search_vocabulary AS v (kind, word, products)
        SELECT kind, word, n FROM (SELECT kind, word, sum(n)::int AS n FROM (
          SELECT kind, word, 1 AS n FROM search_vocabulary_words(NEW.search_words)
          UNION ALL SELECT kind, word, -1 FROM search_vocabulary_words(OLD.search_words)) d GROUP BY 1, 2) c
        WHERE n <> 0 ORDER BY kind, word
      ON CONFLICT (kind, word) DO UPDATE SET products = GREATEST(v.products + EXCLUDED.products, 0), changed_xid = pg_current_xact_id();
      RETURN NULL;
    END $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION search_vocabulary_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_vocabulary AS v (kind, word, products)
        SELECT kind, word, n FROM (SELECT kind, word, sum(n)::int AS n FROM (
          SELECT kind, word, 1 AS n FROM search_vocabulary_words(NEW.search_words)
          UNION ALL SELECT kind, word, -1 FROM search_vocabulary_words(OLD.search_words)) d GROUP BY 1, 2) c
        WHERE n <> 0 ORDER BY kind, word
      ON CONFLICT (kind, word) DO UPDATE SET products = GREATEST(v.products + EXCLUDED.products, 0), changed_xid = pg_current_xact_id();
      RETURN NULL;
    END $$`.execute(db);
  for (const index of SEARCH_GIN_INDEXES) {
    await sql`ALTER INDEX ${sql.id(index)} SET (fastupdate = off)`.execute(db);
    await sql`ALTER INDEX ${sql.id(index)} RESET (gin_pending_list_limit)`.execute(db);
    await sql`SELECT gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}
