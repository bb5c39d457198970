import { type Kysely, sql } from 'kysely';

/**
 * A shop's orders on its customers' accounts (server/services/khata/customer-balances.ts ON_ACCOUNT), by shop,
 * with what the dues list adds up and ages (server/services/khata/open-dues.ts): the list reads the shop's
 * credit sales as one range of this index, from the index alone, instead of looking up each of its 5,000
 * customers in orders_on_account (migration 055), which the customer ledger keeps using.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX orders_dues ON orders (vendor_id, shop_customer_id)
    INCLUDE (id, payment_method, items_paise, delivery_discount_paise, delivered_at, created_at)
    WHERE status = 'Delivered' AND voided_at IS NULL AND payment_method IN ('credit', 'split') AND shop_customer_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS orders_dues`.execute(db);
}
