import { type Kysely, sql } from 'kysely';

/**
 * The credit a shop gave on a day (the day close's credit given, the khata's sales on account): its
 * customers' orders by when their goods left, coalesce(delivered_at, created_at) (ON_ACCOUNT_AT in
 * server/services/khata/customer-balances.ts). Without it the day close read every order of the shop
 * with a customer (58,000 on a year of a busy shop, 8,000 heap pages) to find a day's few dozen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX orders_on_account_at ON orders (vendor_id, (coalesce(delivered_at, created_at)))
    WHERE shop_customer_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_on_account_at`.execute(db);
}
