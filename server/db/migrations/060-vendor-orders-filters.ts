import { type Kysely, sql } from 'kysely';

/**
 * Vendor Orders' filters on a year of a busy shop (146,000 orders, 430,000 lines), each within one index:
 *
 * - Product text: each shop's distinct line names (order_line_names, kept by a statement trigger on
 *   order_lines) are matched by trigram (a few thousand rows a shop), then the shop's lines of those names read
 *   from (order_vendor_id, name, order_id) alone (the line's shop, migration 059). The trigram index of every
 *   line's name (migration 055), which this replaces, found the lines of all three shops (109,000 for
 *   "Madhuram", where this shop has 36,000) and read each from the heap. The shops share most names, so the
 *   names alone would not keep the lines to the shop.
 * - An invoice reference: a shop's invoice numbers by (vendor_id, lower(number)), so a typed number or the
 *   start of one is a range of this index instead of a test of every invoice of the shop (235 ms of the
 *   database's CPU for a whole number before); other text is tested on the shop's entries of it alone.
 * - Who made the sale: a shop's orders by maker, newest first, with what the list sums (as orders_vendor_list
 *   has them), so "the owner's sales" reads its own range instead of every order of the shop from the heap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS order_lines_name_trgm`.execute(db);
  await sql`CREATE INDEX order_lines_shop_name ON order_lines (order_vendor_id, name, order_id)`.execute(db);
  await sql`
    CREATE TABLE order_line_names (
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      PRIMARY KEY (vendor_id, name)
    )`.execute(db);
  await sql`INSERT INTO order_line_names (vendor_id, name) SELECT DISTINCT order_vendor_id, name FROM order_lines`.execute(db);
  await sql`CREATE INDEX order_line_names_trgm ON order_line_names USING gin (lower(name) gin_trgm_ops)`.execute(db);
  // a line's name and shop are written with the line (the shop by migration 059's row trigger, before this one
  // reads it); the names of deleted orders stay (they find nothing)
  await sql`
    CREATE FUNCTION order_line_names_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO order_line_names (vendor_id, name)
        SELECT DISTINCT order_vendor_id, name FROM new_lines ORDER BY 1, 2
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER order_line_names_add AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_lines
      FOR EACH STATEMENT EXECUTE FUNCTION order_line_names_add()`.execute(db);

  // with the number and its order: text matched anywhere in the number is tested on the index alone
  await sql`CREATE INDEX invoices_vendor_number ON invoices (vendor_id, lower(number) text_pattern_ops) INCLUDE (number, order_id)`.execute(
    db,
  );
  await sql`CREATE INDEX orders_vendor_maker ON orders (vendor_id, created_by, created_at DESC, order_number DESC)
    INCLUDE (id, items_paise, delivery_discount_paise, voided_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS orders_vendor_maker`.execute(db);
  await sql`DROP INDEX IF EXISTS invoices_vendor_number`.execute(db);
  await sql`DROP TRIGGER IF EXISTS order_line_names_add ON order_lines`.execute(db);
  await sql`DROP FUNCTION IF EXISTS order_line_names_add()`.execute(db);
  await sql`DROP TABLE IF EXISTS order_line_names`.execute(db);
  await sql`DROP INDEX IF EXISTS order_lines_shop_name`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS order_lines_name_trgm ON order_lines USING gin (lower(name) gin_trgm_ops)`.execute(db);
}
