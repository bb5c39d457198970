import { type Kysely, sql } from 'kysely';

/**
 * Sales paid in parts (core/split-payment.ts): ₹500 in cash and the rest by UPI, or cash, card and credit.
 *
 * - order_payments: a split sale's parts, one per method, each above 0, adding up to the sale's total (the
 *   server checks it when it records the sale). Only split sales have rows here: every other order's
 *   payment is its orders.payment_method alone, so a join on this table never repeats an ordinary sale.
 * - orders.payment_method takes 'split' for such a sale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE order_payments (
      order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      method text NOT NULL CHECK (method IN ('cash', 'upi', 'card', 'credit')),
      amount_paise bigint NOT NULL CHECK (amount_paise > 0),
      PRIMARY KEY (order_id, method)
    )`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_payment_method_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check
    CHECK (payment_method IN ('cash', 'upi', 'card', 'credit', 'split'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // a split sale keeps the method of its largest part
  await sql`UPDATE orders o SET payment_method = (SELECT p.method FROM order_payments p WHERE p.order_id = o.id
    ORDER BY p.amount_paise DESC, p.method LIMIT 1) WHERE o.payment_method = 'split'`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_payment_method_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('cash', 'upi', 'card', 'credit'))`.execute(
    db,
  );
  await sql`DROP TABLE IF EXISTS order_payments`.execute(db);
}
