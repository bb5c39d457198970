import { type Kysely, sql } from 'kysely';

/**
 * A sale's lines with what the owner's dashboard sums, by order: the best sellers and the margin of a quarter
 * read the lines of the range's orders (110,000 lines of a busy shop, scattered over 37,000 heap pages); from
 * order_lines_order_report they are an index-only scan. It leads with the column of order_lines_order_idx,
 * which it replaces, so a sale still writes one entry per line in it. The names stay out of it (they would
 * more than double it): the best sellers are summed by product, and only the lines whose product was deleted
 * are summed by name, from order_lines_unlinked, which holds those alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX order_lines_order_report ON order_lines (order_id)
    INCLUDE (product_id, quantity, pack_factor, line_total_paise, delivery_discount_paise, cost_paise)`.execute(db);
  await sql`CREATE INDEX order_lines_unlinked ON order_lines (order_id)
    INCLUDE (name, name_ta, unit, quantity, pack_factor, line_total_paise, delivery_discount_paise, cost_paise)
    WHERE product_id IS NULL`.execute(db);
  await sql`DROP INDEX order_lines_order_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX order_lines_order_idx ON order_lines (order_id)`.execute(db);
  await sql`DROP INDEX order_lines_unlinked`.execute(db);
  await sql`DROP INDEX order_lines_order_report`.execute(db);
}
