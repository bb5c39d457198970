import { type Kysely, sql } from 'kysely';

/**
 * What Vendor Orders' text filters match, by trigram (pg_trgm, created by migration 001; PGlite loads it
 * too): a customer's name or phone, an app customer's name or phone, and a line's name. A piece of a name
 * ('%text%') is then found by the index instead of by reading every row; the customer filters find their
 * few customers first and read the orders by customer (server/services/sales/vendor-orders.service.ts).
 * Left with the default fastupdate: a checkout adds its lines to the pending list, not to the index tree.
 *
 * And the orders on customers' accounts (server/services/khata/customer-balances.ts ON_ACCOUNT), with what
 * the dues add up: the dues list reads each customer's credit sales from this index alone, not from the
 * heap (5,000 customers: 38,000 pages before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX shop_customers_name_trgm ON shop_customers USING gin (lower(name) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX shop_customers_phone_trgm ON shop_customers USING gin (phone gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX users_name_trgm ON users USING gin (lower(name) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX users_phone_trgm ON users USING gin (phone gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX order_lines_name_trgm ON order_lines USING gin (lower(name) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX orders_on_account ON orders (shop_customer_id)
    INCLUDE (id, payment_method, items_paise, delivery_discount_paise, delivered_at, created_at)
    WHERE status = 'Delivered' AND voided_at IS NULL AND payment_method IN ('credit', 'split')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS orders_on_account`.execute(db);
  await sql`DROP INDEX IF EXISTS order_lines_name_trgm`.execute(db);
  await sql`DROP INDEX IF EXISTS users_phone_trgm`.execute(db);
  await sql`DROP INDEX IF EXISTS users_name_trgm`.execute(db);
  await sql`DROP INDEX IF EXISTS shop_customers_phone_trgm`.execute(db);
  await sql`DROP INDEX IF EXISTS shop_customers_name_trgm`.execute(db);
}
