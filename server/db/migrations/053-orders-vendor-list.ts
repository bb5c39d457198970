import { type Kysely, sql } from 'kysely';

/**
 * A shop's orders newest first with what Vendor Orders sums, in one index: every page of the list counts
 * the orders its filters match and adds up what they come to, then reads its page by OFFSET. On a year
 * of a busy shop (146,000 orders) both read the whole heap (18,000 pages: a parallel sequential scan for
 * the count, a sort spilling to disk for the last page); from this index both are index-only scans of
 * about 1,700 pages. It leads with the columns of orders_vendor_idx, which it replaces.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX orders_vendor_list ON orders (vendor_id, created_at DESC, order_number DESC)
    INCLUDE (id, items_paise, delivery_discount_paise, voided_at)`.execute(db);
  await sql`DROP INDEX orders_vendor_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX orders_vendor_idx ON orders (vendor_id, created_at DESC)`.execute(db);
  await sql`DROP INDEX orders_vendor_list`.execute(db);
}
